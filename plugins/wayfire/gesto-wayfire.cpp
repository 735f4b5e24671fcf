// gesto-wayfire: gesto inside Wayfire 0.9 and 0.10. Translates Wayfire's touchpad gesture
// signals into libgesto events and carries out libgesto's effects (gesto.h, "Effects"): which
// sequences to consume (their signals marked IGNORE from the BEGIN on, so Wayfire forwards
// none of the sequence to the client under the pointer, which keeps its pointer focus), the
// commands to run, every rect of a window motion, every progress of a workspace swipe, a
// workspace switch, and a drag's press, motion and release through the plugin's own pointer
// device. The thresholds, recognizers, bindings, springs and the drag's bookkeeping are all
// libgesto's (the user's gesto config, read as gestod reads it).
//
// Wayfire 0.9 and 0.10 emit wlroots' pointer swipe, pinch and hold events: accelerated deltas
// only (fed as GESTO_DELTAS_ACCELERATED_ONLY: libgesto inverts libinput's acceleration) and
// millisecond times. Gestures are the seat's, not an output's: the plugin is one instance for
// the whole compositor, and a window motion or workspace swipe happens on the output that was
// active when its sequence began.

#include "config.hpp"
#include "deadline-timer.hpp"
#include "exec.hpp"
#include "seat-pointer.hpp"
#include "window-motion.hpp"
#include "workspace-swipe.hpp"

#include <gesto/gesto.h>

#include <wayfire/core.hpp>
#include <wayfire/input-device.hpp>
#include <wayfire/output-layout.hpp>
#include <wayfire/output.hpp>
#include <wayfire/plugin.hpp>
#include <wayfire/render-manager.hpp>
#include <wayfire/scene-operations.hpp>
#include <wayfire/seat.hpp>
#include <wayfire/signal-definitions.hpp>
#include <wayfire/signal-provider.hpp>
#include <wayfire/toplevel-view.hpp>
#include <wayfire/util.hpp>
#include <wayfire/util/log.hpp>
#include <wayfire/workarea.hpp>

extern "C" {
#include <wlr/types/wlr_pointer.h>
}

#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace gesto_wayfire
{
namespace
{
using gesto_host::monotonic_usec;

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

bool is_final(uint32_t phase)
{
    return (phase == GESTO_PHASE_ENDED) || (phase == GESTO_PHASE_FAILED) || (phase == GESTO_PHASE_CANCELLED);
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

template<class Event> using input_signal = wf::input_event_signal<Event>;
}

class plugin_t : public wf::plugin_interface_t
{
  public:
    void init() override
    {
        print_gestures = std::getenv("GESTO_WAYFIRE_PRINT_GESTURES") != nullptr;

        const std::string abi_mismatch = gesto_host::abi_mismatch();
        if (!abi_mismatch.empty())
        {
            LOGE("gesto: ", abi_mismatch, "; not loading");
            return;
        }

        load_config();
        if (!engine)
        {
            return;
        }

        auto& core = wf::get_core();
        deadline_timer = std::make_unique<gesto_host::deadline_timer_t>(core.ev_loop, engine);
        core.connect(&on_swipe_begin);
        core.connect(&on_swipe_update);
        core.connect(&on_swipe_end);
        core.connect(&on_pinch_begin);
        core.connect(&on_pinch_update);
        core.connect(&on_pinch_end);
        core.connect(&on_hold_begin);
        core.connect(&on_hold_end);
        core.connect(&on_device_removed);
        core.output_layout->connect(&on_output_removed);
    }

    void fini() override
    {
        // Unloaded: no drag may keep its button down. libgesto releases them (a
        // GESTO_EFFECT_RELEASE for each press), which carry_out() sends while the seat
        // pointer still exists.
        if (engine)
        {
            gesto_engine_interrupt_drags(engine, monotonic_usec());
        }

        seat_pointer.destroy();
        stop_motion();
        stop_workspaces();
        deadline_timer.reset();
        gesto_engine_destroy(engine);
        engine = nullptr;
    }

  private:
    gesto_engine *engine = nullptr;
    std::unique_ptr<gesto_host::deadline_timer_t> deadline_timer;
    bool print_gestures = false;
    /** A sequence is in progress... */
    bool in_sequence = false;
    /** ...and a binding claimed it: its events are marked IGNORE, so no client sees them. */
    bool consumed = false;
    uint32_t sequence_kind    = 0;
    uint32_t sequence_fingers = 0;
    /** The output that was active when the sequence began: where a motion or a swipe runs. */
    wf::output_t *sequence_output = nullptr;
    /** Bit F set: a `drag:` binding follows every F-finger swipe (libgesto's PointerDrag
     *  follows each swipe of its finger count, whatever else is bound to it). */
    uint32_t drag_fingers = 0;
    /** The touchpad of the latest swipe: its removal releases a drag it left held. */
    wlr_input_device *swipe_device = nullptr;
    seat_pointer_t seat_pointer;

    window_motion_t motion;
    /** The output the window in motion is on, where the motion's frames are drawn. */
    wf::output_t *motion_output = nullptr;
    wf::plugin_activation_data_t motion_activation = {
        .name = "gesto-window-motion",
        .capabilities = wf::CAPABILITY_MANAGE_DESKTOP,
        .cancel = [this] () { stop_motion(); },
    };

    workspace_swipe_t workspaces;
    wf::output_t *workspace_output = nullptr;
    wf::plugin_activation_data_t workspace_activation = {
        .name = "gesto-workspace",
        .capabilities = wf::CAPABILITY_MANAGE_COMPOSITOR,
        .cancel = [this] () { stop_workspaces(); },
    };

    // MARK: Config

    void load_config()
    {
        const std::string path = gesto_host::config_path();
        std::string error;
        engine = gesto_host::load_engine(path, error);
        if (!engine)
        {
            LOGE("gesto: ", error);
            LOGE("gesto: the config is not loaded; every gesture passes through");
            return;
        }

        gesto_engine_set_callback(engine, on_gesture, this);
        gesto_engine_set_effect_callback(engine, on_effect, this);
        gesto_engine_set_delivery(engine,
            print_gestures ? (GESTO_DELIVER_REPORTS | GESTO_DELIVER_FIRINGS) : GESTO_DELIVER_FIRINGS);
        int count = gesto_engine_binding_count(engine);
        LOGI("gesto: ", count, " bindings from ", path);
        LOGI("gesto: this Wayfire delivers touchpad swipes, pinches and holds ",
            "(hold:, long-press: and long-press-drag: are recognized)");
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
            if (!performs(info.action_kind))
            {
                why = std::string("the plugin performs exec, window-motion, workspace and drag, not ") + action;
            } else if ((info.action_kind == GESTO_ACTION_WINDOW_MOTION) && (info.gesture_kind != GESTO_GESTURE_SWIPE) &&
                       (info.gesture_kind != GESTO_GESTURE_PINCH))
            {
                why = "window-motion follows swipes and pinches";
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

    /** Readies binding @p info (a `drag:`): the seat pointer it presses. Returns why it
     *  cannot run, or "" when it can. */
    std::string prepare_drag(const gesto_binding_info& info)
    {
        if (info.gesture_kind != GESTO_GESTURE_SWIPE)
        {
            return "a drag follows swipes";
        }

        std::string error;
        if (!seat_pointer.create(error))
        {
            return "the plugin cannot drive the seat's pointer (" + error + "); gestod's virtual-pointer "
                   "route works inside Wayfire too (gesto.yaml(5), drag)";
        }

        drag_fingers |= 1u << info.fingers;
        return "";
    }

    // MARK: Signals to libgesto events

    /** Starts the sequence that begins now; returns whether a binding consumes it. */
    bool begin_sequence(uint32_t kind, uint32_t fingers)
    {
        // A sequence whose END never came (its device went mid-gesture) ends here.
        abandon_sequence();
        auto& seat = wf::get_core().seat;
        in_sequence      = true;
        sequence_kind    = kind;
        sequence_fingers = fingers;
        sequence_output  = seat->get_active_output();
        auto view = seat->get_active_view();
        gesto_engine_set_focused_app(engine, view ? view->get_app_id().c_str() : nullptr);
        consumed = gesto_engine_claims(engine, kind, fingers) == 1;
        return consumed;
    }

    void end_sequence()
    {
        in_sequence = false;
        consumed    = false;
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

    /** Marks an event of a consumed sequence: Wayfire forwards it to no client. */
    template<class Event>
    void consume(input_signal<Event> *signal)
    {
        if (consumed)
        {
            signal->mode = wf::input_event_processing_mode_t::IGNORE;
        }
    }

    /** wlroots sends no END for a gesture whose touchpad goes mid-gesture; a drag whose
     *  fingers lifted waits for no touchpad that is gone. */
    wf::signal::connection_t<wf::input_device_removed_signal> on_device_removed =
        [this] (wf::input_device_removed_signal *signal)
    {
        auto dev = signal->device->get_wlr_handle();
        if (seat_pointer.owns(dev))
        {
            return;
        }

        abandon_sequence();
        if (dev == swipe_device)
        {
            // A drag its fingers left held is released (libgesto does nothing when none is).
            swipe_device = nullptr;
            gesto_engine_interrupt_drags(engine, monotonic_usec());
            arm_deadline();
        }
    };

    /** An output that goes takes its motion or swipe with it. */
    wf::signal::connection_t<wf::output_pre_remove_signal> on_output_removed =
        [this] (wf::output_pre_remove_signal *signal)
    {
        if (signal->output == motion_output)
        {
            stop_motion();
        }

        if (signal->output == workspace_output)
        {
            stop_workspaces();
        }

        if (signal->output == sequence_output)
        {
            sequence_output = nullptr;
        }
    };

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

    wf::signal::connection_t<input_signal<wlr_pointer_swipe_begin_event>> on_swipe_begin =
        [this] (input_signal<wlr_pointer_swipe_begin_event> *signal)
    {
        auto ev = signal->event;
        begin_sequence(GESTO_EVENT_SWIPE, ev->fingers);
        consume(signal);
        swipe_device = signal->device;
        feed(event_of(GESTO_EVENT_SWIPE, GESTO_EVENT_BEGIN, ev->fingers, ev->time_msec));
    };

    wf::signal::connection_t<input_signal<wlr_pointer_swipe_update_event>> on_swipe_update =
        [this] (input_signal<wlr_pointer_swipe_update_event> *signal)
    {
        if (!in_sequence)
        {
            return;
        }

        consume(signal);
        auto ev    = signal->event;
        auto event = event_of(GESTO_EVENT_SWIPE, GESTO_EVENT_UPDATE, ev->fingers, ev->time_msec);
        event.dx = ev->dx;
        event.dy = ev->dy;
        feed(event);
    };

    wf::signal::connection_t<input_signal<wlr_pointer_swipe_end_event>> on_swipe_end =
        [this] (input_signal<wlr_pointer_swipe_end_event> *signal)
    {
        if (!in_sequence)
        {
            return;
        }

        consume(signal);
        auto event = event_of(GESTO_EVENT_SWIPE, GESTO_EVENT_END, sequence_fingers, signal->event->time_msec);
        event.cancelled = signal->event->cancelled;
        feed(event);
        end_sequence();
    };

    wf::signal::connection_t<input_signal<wlr_pointer_pinch_begin_event>> on_pinch_begin =
        [this] (input_signal<wlr_pointer_pinch_begin_event> *signal)
    {
        auto ev = signal->event;
        begin_sequence(GESTO_EVENT_PINCH, ev->fingers);
        consume(signal);
        feed(event_of(GESTO_EVENT_PINCH, GESTO_EVENT_BEGIN, ev->fingers, ev->time_msec));
    };

    wf::signal::connection_t<input_signal<wlr_pointer_pinch_update_event>> on_pinch_update =
        [this] (input_signal<wlr_pointer_pinch_update_event> *signal)
    {
        if (!in_sequence)
        {
            return;
        }

        consume(signal);
        auto ev    = signal->event;
        auto event = event_of(GESTO_EVENT_PINCH, GESTO_EVENT_UPDATE, ev->fingers, ev->time_msec);
        event.dx    = ev->dx;
        event.dy    = ev->dy;
        event.scale = ev->scale;
        // wlroots' `rotation` is libinput's angle delta since the previous event, degrees.
        event.angle_delta = ev->rotation;
        feed(event);
    };

    wf::signal::connection_t<input_signal<wlr_pointer_pinch_end_event>> on_pinch_end =
        [this] (input_signal<wlr_pointer_pinch_end_event> *signal)
    {
        if (!in_sequence)
        {
            return;
        }

        consume(signal);
        auto event = event_of(GESTO_EVENT_PINCH, GESTO_EVENT_END, sequence_fingers, signal->event->time_msec);
        event.cancelled = signal->event->cancelled;
        feed(event);
        end_sequence();
    };

    // Holds: libinput's fingers resting on the touchpad. A hold that turns into a swipe or a
    // pinch ends cancelled just before that gesture begins; libgesto's long press and
    // long-press-drag judge the pair.
    wf::signal::connection_t<input_signal<wlr_pointer_hold_begin_event>> on_hold_begin =
        [this] (input_signal<wlr_pointer_hold_begin_event> *signal)
    {
        auto ev = signal->event;
        begin_sequence(GESTO_EVENT_HOLD, ev->fingers);
        consume(signal);
        feed(event_of(GESTO_EVENT_HOLD, GESTO_EVENT_BEGIN, ev->fingers, ev->time_msec));
    };

    wf::signal::connection_t<input_signal<wlr_pointer_hold_end_event>> on_hold_end =
        [this] (input_signal<wlr_pointer_hold_end_event> *signal)
    {
        if (!in_sequence)
        {
            return;
        }

        consume(signal);
        auto event = event_of(GESTO_EVENT_HOLD, GESTO_EVENT_END, sequence_fingers, signal->event->time_msec);
        event.cancelled = signal->event->cancelled;
        feed(event);
        end_sequence();
    };

    // MARK: Deadlines

    void arm_deadline()
    {
        if (deadline_timer)
        {
            deadline_timer->arm();
        }
    }

    // MARK: What libgesto decided

    static void on_gesture(const gesto_recognized *gesture, void *data)
    {
        static_cast<plugin_t*>(data)->print(*gesture);
    }

    static void on_effect(const gesto_effect *effect, void *data)
    {
        static_cast<plugin_t*>(data)->carry_out(*effect);
    }

    /** wl_pointer times are milliseconds that wrap, as libinput's. */
    static uint32_t msec(const gesto_effect& effect)
    {
        return uint32_t(effect.gesture->time_usec / 1000u);
    }

    void carry_out(const gesto_effect& effect)
    {
        const gesto_recognized& firing = *effect.gesture;
        switch (effect.kind)
        {
          case GESTO_EFFECT_RUN:
          {
              std::string error;
              if (!gesto_host::run_command(effect.command, firing, error))
              {
                  LOGE("gesto: exec: ", effect.command, " failed: ", error);
              }

              break;
          }

          case GESTO_EFFECT_PRESS:
            seat_pointer.button(msec(effect), effect.button, true);
            LOGI("gesto: drag: button ", effect.button, " down");
            break;

          case GESTO_EFFECT_MOVE:
            seat_pointer.motion(msec(effect), effect.dx, effect.dy);
            break;

          case GESTO_EFFECT_RELEASE:
            seat_pointer.button(msec(effect), effect.button, false);
            LOGI("gesto: drag: button ", effect.button, " up (",
                firing.phase == GESTO_PHASE_ENDED ? "ended" : "cancelled", ")");
            break;

          case GESTO_EFFECT_WINDOW_MOTION:
            drive_motion(firing);
            break;

          case GESTO_EFFECT_WORKSPACE_MOTION:
            drive_workspace(firing);
            break;

          case GESTO_EFFECT_SWITCH_WORKSPACE:
            if (sequence_output)
            {
                switch_workspace(sequence_output, {effect.workspace_dx, effect.workspace_dy});
            }

            break;

          case GESTO_EFFECT_KEYS:
          case GESTO_EFFECT_WINDOW:
          case GESTO_EFFECT_SWAY_COMMAND:
          case GESTO_EFFECT_REORDER:
          default:
            // Their bindings are disabled at load (performs()): they never come here.
            break;
        }
    }

    void drive_workspace(const gesto_recognized& firing)
    {
        auto output = sequence_output;
        if (!output)
        {
            return;
        }

        if (firing.phase == GESTO_PHASE_BEGAN)
        {
            if (workspace_output && (workspace_output != output))
            {
                stop_workspaces();
            }

            if (!workspace_output && !output->activate_plugin(&workspace_activation))
            {
                LOGI("gesto: workspace: another plugin is active on ", output->to_string());
                return;
            }

            workspace_output = output;
            if (!workspaces.grab(output, engine, firing.binding_index))
            {
                stop_workspaces();
                return;
            }

            start_frames(output);
        }

        if (workspaces.active() && (workspace_output == output))
        {
            workspaces.handle(firing);
            if (is_final(firing.phase))
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
            auto view = wf::toplevel_cast(wf::get_core().seat->get_active_view());
            if (!view || (view->role != wf::VIEW_ROLE_TOPLEVEL) || !view->is_mapped() || !view->get_output())
            {
                LOGI("gesto: window-motion: no focused window to move");
                return;
            }

            auto output = view->get_output();
            if (motion_output && (motion_output != output))
            {
                stop_motion();
            }

            if (!motion_output && !output->activate_plugin(&motion_activation))
            {
                LOGI("gesto: window-motion: another plugin is active on ", output->to_string());
                return;
            }

            motion_output = output;
            LOGI("gesto: window-motion: moving ", view->get_app_id(), " from ", view->get_geometry());
            if (!motion.grab(view, engine, firing.binding_index, output->workarea->get_workarea()))
            {
                stop_motion();
                return;
            }

            start_frames(output);
        }

        if (motion.active())
        {
            motion.handle(firing);
            if (is_final(firing.phase))
            {
                LOGI("gesto: window-motion: released ", phase_name(firing.phase), " at ",
                    firing.translation_x, ",", firing.translation_y, " moving ", firing.velocity_x, ",",
                    firing.velocity_y, " units/s");
            }

            motion_output->render->schedule_redraw();
        }
    }

    void stop_motion()
    {
        motion.drop();
        if (motion_output)
        {
            motion_output->deactivate_plugin(&motion_activation);
            stop_frames(motion_output);
            motion_output = nullptr;
        }
    }

    void stop_workspaces()
    {
        workspaces.drop();
        if (workspace_output)
        {
            workspace_output->deactivate_plugin(&workspace_activation);
            stop_frames(workspace_output);
            workspace_output = nullptr;
        }
    }

    // MARK: Frames

    /** The outputs whose frames run on_frame (one hook per output: a motion and a swipe may
     *  run on two). */
    std::map<wf::output_t*, std::unique_ptr<wf::effect_hook_t>> frame_hooks;

    void start_frames(wf::output_t *output)
    {
        auto& hook = frame_hooks[output];
        if (!hook)
        {
            hook = std::make_unique<wf::effect_hook_t>([this, output] () { on_frame(output); });
            output->render->add_effect(hook.get(), wf::OUTPUT_EFFECT_PRE);
        }

        output->render->schedule_redraw();
    }

    void stop_frames(wf::output_t *output)
    {
        if ((output == motion_output) || (output == workspace_output))
        {
            return; // The other one still runs there.
        }

        auto it = frame_hooks.find(output);
        if (it != frame_hooks.end())
        {
            output->render->rem_effect(it->second.get());
            frame_hooks.erase(it);
        }
    }

    /** One frame of @p output: the motion's rect and the workspaces' progress now; the next
     *  frame while a spring moves. */
    void on_frame(wf::output_t *output)
    {
        const uint64_t now = monotonic_usec();
        bool more = false;
        if (output == motion_output)
        {
            more |= motion.frame(now);
            if (!motion.active())
            {
                // The window came to rest: the pointer focus is picked again from what is
                // under the cursor now, without a motion.
                motion_output->deactivate_plugin(&motion_activation);
                motion_output = nullptr;
                wf::scene::update(wf::get_core().scene(), wf::scene::update_flag::INPUT_STATE);
            }
        }

        if (output == workspace_output)
        {
            more |= workspaces.frame(now);
            if (!workspaces.active())
            {
                workspace_output->deactivate_plugin(&workspace_activation);
                workspace_output = nullptr;
            }
        }

        if (more)
        {
            output->render->schedule_redraw();
        } else if ((output != motion_output) && (output != workspace_output))
        {
            // Removed after this frame: a hook may not destroy itself while it runs.
            idle_prune.run_once([this] () { prune_frames(); });
        }
    }

    /** Removes the frame hooks of the outputs where nothing moves any more. */
    void prune_frames()
    {
        std::vector<wf::output_t*> idle;
        for (auto& [output, hook] : frame_hooks)
        {
            if ((output != motion_output) && (output != workspace_output))
            {
                idle.push_back(output);
            }
        }

        for (auto output : idle)
        {
            stop_frames(output);
        }
    }

    wf::wl_idle_call idle_prune;

    // MARK: Printing (GESTO_WAYFIRE_PRINT_GESTURES)

    /** A final report as one JSON line on stdout, in `gestoctl replay --json`'s names. */
    void print(const gesto_recognized& r)
    {
        if (!print_gestures || (r.binding_index >= 0) || !is_final(r.phase))
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
