// gesto-wayfire: gesto inside Wayfire. Translates Wayfire's touchpad gesture signals into
// libgesto events and performs what libgesto decides: which sequences to consume (a grab taken
// in the BEGIN handler, so the client under the pointer sees none of the sequence; for a
// `drag:`, whose button and motion must reach the client, the swipe is hidden from clients
// instead: pointer-drag.hpp), which bindings fire, every rect of a window motion, and when a
// drag's button goes down and up. The thresholds, recognizers, bindings and springs are all
// libgesto's (the user's gesto config, read as gestod reads it).
//
// Wayfire 0.7.4 (Debian 12) emits pointer_swipe_* and pointer_pinch_* with wlroots' events:
// accelerated deltas only (fed as GESTO_DELTAS_ACCELERATED_ONLY: libgesto inverts libinput's
// acceleration), millisecond times, and no holds at all.

#include "config.hpp"
#include "exec.hpp"
#include "pointer-drag.hpp"
#include "window-motion.hpp"
#include "workspace-swipe.hpp"

#include <gesto/gesto.h>

#include <wayfire/core.hpp>
#include <wayfire/input-device.hpp>
#include <wayfire/output.hpp>
#include <wayfire/plugin.hpp>
#include <wayfire/render-manager.hpp>
#include <wayfire/signal-definitions.hpp>
#include <wayfire/util.hpp>
#include <wayfire/util/log.hpp>
#include <wayfire/view.hpp>
#include <wayfire/workspace-manager.hpp>

extern "C" {
#include <wlr/types/wlr_pointer.h>
}

#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <string>
#include <vector>

namespace gesto_wayfire
{
namespace
{
/** Microseconds on CLOCK_MONOTONIC, the clock of libinput's (and so wlroots') event times. */
uint64_t monotonic_usec()
{
    timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return uint64_t(now.tv_sec) * 1000000u + uint64_t(now.tv_nsec) / 1000u;
}

const char *phase_name(uint32_t phase)
{
    switch (phase)
    {
      case GESTO_PHASE_ARMING:
        return "arming";

      case GESTO_PHASE_BEGAN:
        return "began";

      case GESTO_PHASE_CHANGED:
        return "changed";

      case GESTO_PHASE_ENDED:
        return "ended";

      case GESTO_PHASE_FAILED:
        return "failed";

      case GESTO_PHASE_CANCELLED:
        return "cancelled";

      default:
        return "unknown";
    }
}

bool is_hold_gesture(const char *gesture)
{
    return (std::strncmp(gesture, "hold:", 5) == 0) || (std::strncmp(gesture, "long-press", 10) == 0);
}

/** Whether the plugin carries out actions of @p kind (an enum gesto_action_kind) itself. */
bool performs(uint32_t kind)
{
    switch (kind)
    {
      case GESTO_ACTION_EXEC:
      case GESTO_ACTION_WINDOW_MOTION:
      case GESTO_ACTION_WORKSPACE:
      case GESTO_ACTION_DRAG:
        return true;

      case GESTO_ACTION_NONE:
      case GESTO_ACTION_KEYS:
      case GESTO_ACTION_WINDOW:
      case GESTO_ACTION_SWAY:
      case GESTO_ACTION_REORDER:
        return false;

      default:
        // A kind added after this plugin was built.
        return false;
    }
}
}

class plugin_t : public wf::plugin_interface_t
{
  public:
    void init() override
    {
        grab_interface->name = "gesto";
        grab_interface->capabilities = wf::CAPABILITY_GRAB_INPUT;
        print_gestures = std::getenv("GESTO_WAYFIRE_PRINT_GESTURES") != nullptr;

        uint32_t abi = gesto_abi_version();
        if (((abi >> 16) != GESTO_ABI_VERSION_MAJOR) || ((abi & 0xffff) < GESTO_ABI_VERSION_MINOR))
        {
            LOGE("gesto: libgesto ABI ", abi >> 16, ".", abi & 0xffff, " is older than the ",
                GESTO_ABI_VERSION_MAJOR, ".", GESTO_ABI_VERSION_MINOR, " this plugin was built for; not loading");
            return;
        }

        load_config();
        if (!engine)
        {
            return;
        }

        deadline_timer = wl_event_loop_add_timer(wf::get_core().ev_loop, on_deadline_timer, this);
        refocus_timer = wl_event_loop_add_timer(wf::get_core().ev_loop, on_refocus_timer, this);
        wf::get_core().connect_signal("pointer_swipe_begin", &on_swipe_begin);
        wf::get_core().connect_signal("pointer_swipe_update", &on_swipe_update);
        wf::get_core().connect_signal("pointer_swipe_end", &on_swipe_end);
        wf::get_core().connect_signal("pointer_swipe_begin_post", &on_swipe_post);
        wf::get_core().connect_signal("pointer_swipe_update_post", &on_swipe_post);
        wf::get_core().connect_signal("pointer_swipe_end_post", &on_swipe_post);
        wf::get_core().connect_signal("pointer_pinch_begin", &on_pinch_begin);
        wf::get_core().connect_signal("pointer_pinch_update", &on_pinch_update);
        wf::get_core().connect_signal("pointer_pinch_end", &on_pinch_end);
        wf::get_core().connect_signal("input-device-removed", &on_device_removed);
    }

    void fini() override
    {
        // Unloaded, or its output gone: no drag may keep its button down. libgesto releases
        // them (CANCELLED, interrupted), which perform() carries out.
        if (engine)
        {
            gesto_engine_interrupt_drags(engine, monotonic_usec());
        }

        drag.release_all(monotonic_usec());
        update_drag_owner();
        hidden_swipes.restore();
        seat_pointer.destroy();
        release_grab();
        output->render->rem_effect(&on_frame);
        motion.drop();
        workspaces.drop();
        if (deadline_timer)
        {
            wl_event_source_remove(deadline_timer);
        }

        if (refocus_timer)
        {
            wl_event_source_remove(refocus_timer);
        }

        gesto_engine_destroy(engine);
        engine = nullptr;
    }

  private:
    gesto_engine *engine = nullptr;
    wl_event_source *deadline_timer = nullptr;
    bool print_gestures = false;
    /** The sequence in progress is ours: it began while this plugin's output was active. */
    bool in_sequence = false;
    /** ...and a binding claimed it: the grab keeps it from clients and other bindings, or
     *  (a drag's swipe) it is hidden from clients while the pointer keeps its focus. */
    bool consumed = false;
    bool grabbed  = false;
    bool drag_sequence = false;
    /** Bit F set: a `drag:` binding follows every F-finger swipe (libgesto's PointerDrag
     *  follows each swipe of its finger count, whatever else is bound to it). */
    uint32_t drag_fingers = 0;
    /** The touchpad of the latest swipe: its removal releases a drag it left held. */
    wlr_input_device *swipe_device = nullptr;
    seat_pointer_t seat_pointer;
    pointer_drag_t drag{seat_pointer};
    hidden_swipes_t hidden_swipes;
    /** The instance (one per output) whose drag holds a button: it takes every sequence
     *  until the button is up, wherever the pointer took the active output meanwhile. */
    static inline plugin_t *drag_owner = nullptr;
    uint32_t sequence_kind = 0;
    uint32_t sequence_fingers = 0;
    window_motion_t motion;
    workspace_swipe_t workspaces;
    bool frames_running = false;

    // MARK: Config

    void load_config()
    {
        const std::string path = config_path();
        std::string error;
        engine = load_engine(path, error);
        if (!engine)
        {
            LOGE("gesto: ", error);
            LOGE("gesto: the config is not loaded; every gesture passes through");
            return;
        }

        gesto_engine_set_callback(engine, on_gesture, this);
        gesto_engine_set_delivery(engine,
            print_gestures ? (GESTO_DELIVER_REPORTS | GESTO_DELIVER_FIRINGS) : GESTO_DELIVER_FIRINGS);
        int count = gesto_engine_binding_count(engine);
        LOGI("gesto: ", count, " bindings from ", path);
        LOGI("gesto: this Wayfire delivers touchpad swipes and pinches; it delivers no holds ",
            "(hold:, long-press:, long-press-drag: cannot be recognized)");
        for (int i = 0; i < count; i++)
        {
            gesto_binding_info info = {};
            info.size = sizeof(info);
            if (gesto_engine_binding_info(engine, i, &info) != GESTO_OK)
            {
                continue;
            }

            const char *action = info.action ? info.action : "?";
            std::string why;
            if (is_hold_gesture(info.gesture))
            {
                why = "Wayfire delivers no hold gestures";
            } else if (!performs(info.action_kind))
            {
                why = std::string("the plugin performs exec, window-motion and workspace, not ") + action;
            } else if ((info.action_kind == GESTO_ACTION_WINDOW_MOTION) && (std::strncmp(info.gesture, "swipe:", 6) != 0))
            {
                why = "window-motion follows swipes";
            } else if (info.action_kind == GESTO_ACTION_DRAG)
            {
                why = prepare_drag(info);
            }

            if (!why.empty())
            {
                gesto_engine_set_binding_enabled(engine, i, 0);
                LOGW("gesto: binding ", i + 1, " (", info.gesture, ", ", action, ") is inactive: ", why);
            }
        }

        if (drag_fingers)
        {
            LOGI("gesto: drag: the button and the pointer's motion go through the seat as a mouse's ",
                "(a pointer device of the plugin's own); the drag's swipes reach no client");
        }

        LOGI("gesto: deltas are libinput's accelerated ones (wlroots passes no others): libgesto ",
            "inverts libinput's touchpad acceleration (adaptive profile, default speed), so thresholds ",
            "compare with unaccelerated distances as in gestod");
    }

    /** Readies binding @p info (a `drag:`): its fingers, and the seat pointer it presses.
     *  Returns why it cannot run, or "" when it can. */
    std::string prepare_drag(const gesto_binding_info& info)
    {
        unsigned fingers = 0;
        if ((std::sscanf(info.gesture, "swipe:%u", &fingers) != 1) || (fingers < 1) || (fingers > 10))
        {
            return "a drag follows swipes";
        }

        std::string error;
        if (!seat_pointer.create(error))
        {
            return "the plugin cannot drive the seat's pointer (" + error + "); gestod's virtual-pointer "
                   "route works inside Wayfire too (gesto.yaml(5), drag)";
        }

        drag_fingers |= 1u << fingers;
        return "";
    }

    /** Keeps drag_owner on the instance whose drag holds a button. */
    void update_drag_owner()
    {
        if (drag.holding())
        {
            drag_owner = this;
        } else if (drag_owner == this)
        {
            drag_owner = nullptr;
        }
    }

    // MARK: Signals to libgesto events

    /** Whether this instance (one per output) takes the sequence that begins now. */
    bool begin_sequence(uint32_t kind, uint32_t fingers)
    {
        // A sequence whose END never came (its device went mid-gesture) ends here.
        abandon_sequence();
        const bool ours = drag_owner ? (drag_owner == this) : (wf::get_core().get_active_output() == output);
        if (!ours)
        {
            return false;
        }

        in_sequence = true;
        sequence_kind = kind;
        sequence_fingers = fingers;
        auto view = output->get_active_view();
        gesto_engine_set_focused_app(engine, view ? view->get_app_id().c_str() : nullptr);
        consumed = gesto_engine_claims(engine, kind, fingers) == 1;
        drag_sequence = consumed && (kind == GESTO_EVENT_SWIPE) && (fingers < 32) && (drag_fingers & (1u << fingers));
        if (drag_sequence)
        {
            // A drag's button and motion must reach the client under the pointer, which a
            // grab would take the pointer focus from: its swipe events are hidden instead,
            // each while Wayfire forwards it (on_swipe_post puts them back).
            hidden_swipes.hide();
        } else if (consumed)
        {
            // Grabbed inside the BEGIN handler: the seat sends the client no gesture begin,
            // so it never sees a sequence it could not finish.
            if (!output->activate_plugin(grab_interface) || !grab_interface->grab())
            {
                LOGW("gesto: another plugin holds the input; the gesture also reaches the client");
                output->deactivate_plugin(grab_interface);
                consumed = false;
            } else
            {
                grabbed = true;
            }
        }

        return true;
    }

    void end_sequence()
    {
        in_sequence   = false;
        drag_sequence = false;
        release_grab();
    }

    /** Ends the sequence in progress without its END: libgesto cancels it (end of input). */
    void abandon_sequence()
    {
        if (in_sequence)
        {
            if (gesto_engine_end_input(engine, monotonic_usec()) != GESTO_OK)
            {
                LOGE("gesto: ", gesto_last_error_message());
            }

            end_sequence();
        }
    }

    /** wlroots sends no END for a gesture whose touchpad goes mid-gesture; a drag whose
     *  fingers lifted waits for no touchpad that is gone. */
    wf::signal_connection_t on_device_removed = [=] (wf::signal_data_t *data)
    {
        auto dev = static_cast<wf::input_device_signal*>(data)->device->get_wlr_handle();
        if (seat_pointer.owns(dev))
        {
            return;
        }

        abandon_sequence();
        if (dev == swipe_device)
        {
            swipe_device = nullptr;
            if (drag.holding())
            {
                gesto_engine_interrupt_drags(engine, monotonic_usec());
                arm_deadline();
            }
        }
    };

    /** After Wayfire forwarded a swipe event (to no client, for a drag's). */
    wf::signal_connection_t on_swipe_post = [=] (wf::signal_data_t*)
    {
        hidden_swipes.restore();
    };

    void release_grab()
    {
        consumed = false;
        if (!grabbed)
        {
            return;
        }

        grabbed = false;
        grab_interface->ungrab();
        output->deactivate_plugin(grab_interface);
        // The grab took the pointer focus from the client. ungrab() queues an idle callback
        // that lets the pointer focus again and picks the surface under the cursor; if the
        // moved window has not come back under the cursor by then, only a later re-pick gives
        // the client its focus back.
        refocus_pointer();
    }

    /** Has Wayfire pick the pointer focus again from what is under the cursor now: after a
     *  grab, and when a moved window comes to rest (it may have left the cursor at release
     *  and come back). Wayfire 0.7.4 re-picks it on a stack-order change, a signal that may be
     *  a false positive (signal-definitions.hpp), as its scale and switcher plugins announce
     *  once their transformers are gone; a warp moves the cursor without re-picking. */
    void refocus_pointer()
    {
        refocus.run_once([this] () { announce_stack_order(); });
        // The idle call can run before Wayfire's own idle callback of ungrab() when another
        // was still queued, while the focus is still off: announce once more a few loop turns
        // later.
        if (refocus_timer)
        {
            wl_event_source_timer_update(refocus_timer, refocus_retry_ms);
        }
    }

    void announce_stack_order()
    {
        wf::stack_order_changed_signal data;
        data.output = output;
        wf::get_core().emit_signal("output-stack-order-changed", &data);
    }

    wf::wl_idle_call refocus;
    wl_event_source *refocus_timer = nullptr;
    static constexpr int refocus_retry_ms = 50;

    static int on_refocus_timer(void *data)
    {
        static_cast<plugin_t*>(data)->announce_stack_order();
        return 0;
    }

    void feed(gesto_gesture_event event)
    {
        event.size = sizeof(event);
        if (gesto_engine_handle_event(engine, &event) != GESTO_OK)
        {
            LOGE("gesto: ", gesto_last_error_message());
        }

        arm_deadline();
    }

    static gesto_gesture_event event_of(uint32_t kind, uint32_t phase, uint32_t fingers, uint32_t time_msec)
    {
        gesto_gesture_event event = {};
        event.kind  = kind;
        event.phase = phase;
        event.fingers   = fingers;
        event.time_usec = uint64_t(time_msec) * 1000u;
        event.scale = 1.0;
        // wlroots keeps only libinput's accelerated deltas: libgesto recovers the
        // unaccelerated ones its thresholds are written in.
        event.delta_source = GESTO_DELTAS_ACCELERATED_ONLY;
        return event;
    }

    wf::signal_connection_t on_swipe_begin = [=] (wf::signal_data_t *data)
    {
        auto ev = static_cast<wf::input_event_signal<wlr_event_pointer_swipe_begin>*>(data)->event;
        if (begin_sequence(GESTO_EVENT_SWIPE, ev->fingers))
        {
            swipe_device = ev->device;
            feed(event_of(GESTO_EVENT_SWIPE, GESTO_EVENT_BEGIN, ev->fingers, ev->time_msec));
        }
    };

    wf::signal_connection_t on_swipe_update = [=] (wf::signal_data_t *data)
    {
        auto ev = static_cast<wf::input_event_signal<wlr_event_pointer_swipe_update>*>(data)->event;
        if (!in_sequence)
        {
            return;
        }

        if (drag_sequence)
        {
            hidden_swipes.hide();
        }

        auto event = event_of(GESTO_EVENT_SWIPE, GESTO_EVENT_UPDATE, ev->fingers, ev->time_msec);
        event.dx = ev->dx;
        event.dy = ev->dy;
        feed(event);
    };

    wf::signal_connection_t on_swipe_end = [=] (wf::signal_data_t *data)
    {
        auto ev = static_cast<wf::input_event_signal<wlr_event_pointer_swipe_end>*>(data)->event;
        if (!in_sequence)
        {
            return;
        }

        if (drag_sequence)
        {
            hidden_swipes.hide();
        }

        auto event = event_of(GESTO_EVENT_SWIPE, GESTO_EVENT_END, sequence_fingers, ev->time_msec);
        event.cancelled = ev->cancelled;
        feed(event);
        end_sequence();
    };

    wf::signal_connection_t on_pinch_begin = [=] (wf::signal_data_t *data)
    {
        auto ev = static_cast<wf::input_event_signal<wlr_event_pointer_pinch_begin>*>(data)->event;
        if (begin_sequence(GESTO_EVENT_PINCH, ev->fingers))
        {
            feed(event_of(GESTO_EVENT_PINCH, GESTO_EVENT_BEGIN, ev->fingers, ev->time_msec));
        }
    };

    wf::signal_connection_t on_pinch_update = [=] (wf::signal_data_t *data)
    {
        auto ev = static_cast<wf::input_event_signal<wlr_event_pointer_pinch_update>*>(data)->event;
        if (!in_sequence)
        {
            return;
        }

        auto event = event_of(GESTO_EVENT_PINCH, GESTO_EVENT_UPDATE, ev->fingers, ev->time_msec);
        event.dx = ev->dx;
        event.dy = ev->dy;
        event.scale = ev->scale;
        // wlroots' `rotation` is libinput's angle delta since the previous event, degrees.
        event.angle_delta = ev->rotation;
        feed(event);
    };

    wf::signal_connection_t on_pinch_end = [=] (wf::signal_data_t *data)
    {
        auto ev = static_cast<wf::input_event_signal<wlr_event_pointer_pinch_end>*>(data)->event;
        if (!in_sequence)
        {
            return;
        }

        auto event = event_of(GESTO_EVENT_PINCH, GESTO_EVENT_END, sequence_fingers, ev->time_msec);
        event.cancelled = ev->cancelled;
        feed(event);
        end_sequence();
    };

    // MARK: Deadlines

    void arm_deadline()
    {
        uint64_t deadline = 0;
        if (gesto_engine_next_deadline_usec(engine, &deadline) != GESTO_OK)
        {
            wl_event_source_timer_update(deadline_timer, 0);
            return;
        }

        uint64_t now = monotonic_usec();
        int ms = deadline > now ? int((deadline - now + 999) / 1000) : 1;
        wl_event_source_timer_update(deadline_timer, ms);
    }

    static int on_deadline_timer(void *data)
    {
        auto self = static_cast<plugin_t*>(data);
        gesto_engine_dispatch_deadline(self->engine, monotonic_usec());
        self->arm_deadline();
        return 0;
    }

    // MARK: What libgesto decided

    static void on_gesture(const gesto_recognized *gesture, void *data)
    {
        static_cast<plugin_t*>(data)->perform(*gesture);
    }

    void perform(const gesto_recognized& gesture)
    {
        if (gesture.binding_index < 0)
        {
            print(gesture);
            return;
        }

        gesto_binding_info info = {};
        info.size = sizeof(info);
        if (gesto_engine_binding_info(engine, gesture.binding_index, &info) != GESTO_OK)
        {
            return;
        }

        switch (info.action_kind)
        {
          case GESTO_ACTION_EXEC:
            if (gesture.exec)
            {
                std::string error;
                if (!run_command(gesture.exec, gesture, error))
                {
                    LOGE("gesto: exec: ", gesture.exec, " failed: ", error);
                }
            }

            break;

          case GESTO_ACTION_WINDOW_MOTION:
            drive_motion(gesture);
            break;

          case GESTO_ACTION_WORKSPACE:
            drive_workspace(gesture, info.mode);
            break;

          case GESTO_ACTION_DRAG:
            drag.handle(gesture, info.drag_button);
            update_drag_owner();
            break;

          default:
            // Disabled at load (performs()): they never fire here.
            break;
        }
    }

    void drive_workspace(const gesto_recognized& firing, uint32_t mode)
    {
        if (mode != GESTO_MODE_CONTINUOUS)
        {
            switch_workspace(output, engine, firing.binding_index);
            return;
        }

        if ((firing.phase == GESTO_PHASE_BEGAN) && workspaces.grab(output, engine, firing.binding_index))
        {
            start_frames();
        }

        if (workspaces.active())
        {
            workspaces.handle(firing);
            if ((firing.phase == GESTO_PHASE_ENDED) || (firing.phase == GESTO_PHASE_FAILED) ||
                (firing.phase == GESTO_PHASE_CANCELLED))
            {
                LOGI("gesto: workspace: released ", phase_name(firing.phase), " at ", firing.translation_x, ",",
                    firing.translation_y, " moving ", firing.velocity_x, ",", firing.velocity_y, " units/s");
            }

            output->render->schedule_redraw();
        }
    }

    void drive_motion(const gesto_recognized& firing)
    {
        if (firing.phase == GESTO_PHASE_BEGAN)
        {
            auto view = output->get_active_view();
            if (!view || (view->role != wf::VIEW_ROLE_TOPLEVEL) || !view->is_mapped())
            {
                LOGI("gesto: window-motion: no focused window to move");
                return;
            }

            LOGI("gesto: window-motion: moving ", view->get_app_id(), " from ", view->get_wm_geometry());

            if (!motion.grab(view, engine, firing.binding_index, output->workspace->get_workarea()))
            {
                return;
            }

            start_frames();
        }

        if (motion.active())
        {
            motion.handle(firing);
            if ((firing.phase == GESTO_PHASE_ENDED) || (firing.phase == GESTO_PHASE_FAILED) ||
                (firing.phase == GESTO_PHASE_CANCELLED))
            {
                LOGI("gesto: window-motion: released ", phase_name(firing.phase), " at ",
                    firing.translation_x, ",", firing.translation_y, " moving ", firing.velocity_x, ",",
                    firing.velocity_y, " units/s");
            }

            output->render->schedule_redraw();
        }
    }

    void start_frames()
    {
        if (!frames_running)
        {
            output->render->add_effect(&on_frame, wf::OUTPUT_EFFECT_PRE);
            frames_running = true;
        }

        output->render->schedule_redraw();
    }

    /** One frame: the motion's rect and the workspaces' progress now; the next frame while a
     *  spring moves. */
    wf::effect_hook_t on_frame = [=] ()
    {
        const uint64_t now = monotonic_usec();
        const bool window_moves = motion.frame(now);
        const bool workspaces_move = workspaces.frame(now);
        if (window_moves || workspaces_move)
        {
            output->render->schedule_redraw();
        } else if (!motion.active() && !workspaces.active())
        {
            output->render->rem_effect(&on_frame);
            frames_running = false;
            // The window came to rest: the cursor is over it (or not) again, without a motion.
            refocus_pointer();
        }
    };

    // MARK: Printing (GESTO_WAYFIRE_PRINT_GESTURES)

    /** A final report as one JSON line on stdout, in `gestoctl replay --json`'s names. */
    void print(const gesto_recognized& r)
    {
        if (!print_gestures ||
            ((r.phase != GESTO_PHASE_ENDED) && (r.phase != GESTO_PHASE_FAILED) && (r.phase != GESTO_PHASE_CANCELLED)))
        {
            return;
        }

        std::printf("{\"time\": %.3f, \"gesture\": \"%s\", \"phase\": \"%s\", \"fingers\": %" PRIu32
                    ", \"translation\": [%.2f, %.2f], \"velocity\": [%.1f, %.1f], \"scale\": %.3f, \"angle\": %.1f"
                    ", \"progress\": %.3f, \"consumed\": %s}\n",
            double(r.time_usec) / 1e6, r.name, phase_name(r.phase), r.fingers, r.translation_x, r.translation_y,
            r.velocity_x, r.velocity_y, r.scale, r.angle, r.progress, consumed ? "true" : "false");
        std::fflush(stdout);
    }
};
}

DECLARE_WAYFIRE_PLUGIN(gesto_wayfire::plugin_t);
