// gesto-hyprland: the Hyprland 0.57 plugin on libgesto. It is glue only (ARCHITECTURE.md, "A new
// host is one file"): it feeds libgesto the touchpad swipes and pinches Hyprland's event bus
// hands plugins before Hyprland acts on them (and the holds, below), cancels every event of a
// sequence libgesto claims
// at its BEGIN (so that neither Hyprland's own gestures nor a client see any of it), arms one
// timer for libgesto's deadlines on Hyprland's event loop, and carries out libgesto's effects
// with Hyprland's own calls. Bindings whose effects it does not carry out are disabled at load,
// each with a log line saying why, so that they consume nothing.
//
// The config is the user's gesto config, found as gestod finds it
// ($XDG_CONFIG_HOME/gesto/config.yaml, else ~/.config/gesto/config.yaml); the code that reads it
// and runs `exec:` commands is every host's (plugins/common/config.cpp, exec.cpp), built in.
//
// `keys:` bindings type on a keyboard of the plugin's own, through Hyprland's binds
// (gesto_keyboard_t says why).
//
// Hyprland 0.57's event bus has no touchpad holds: Hyprland hands each pointer's hold begin
// and end straight to the pointer-gestures protocol (CPointerGesturesProtocol::holdBegin and
// holdEnd, from CPointerManager's listeners). The plugin hooks those two functions
// (HyprlandAPI::createFunctionHook): it feeds libgesto the hold, and calls Hyprland's own only
// for a hold libgesto does not claim. Where the hooks cannot be made, hold:, long-press: and
// long-press-drag: bindings are disabled, with the reason logged.
#include <hyprland/src/plugins/PluginAPI.hpp>
#include <hyprland/src/Compositor.hpp>
#include <hyprland/src/event/EventBus.hpp>
#include <hyprland/src/debug/log/Logger.hpp>
#include <hyprland/src/config/shared/actions/ConfigActions.hpp>
#include <hyprland/src/managers/fullscreen/FullscreenTypes.hpp>
#include <hyprland/src/devices/IKeyboard.hpp>
#include <hyprland/src/managers/SeatManager.hpp>
#include <hyprland/src/managers/input/InputManager.hpp>
#include <hyprland/src/protocols/PointerGestures.hpp>
#include <hyprland/src/devices/IPointer.hpp>
#include <hyprland/src/config/ConfigValue.hpp>
#include <hyprland/src/desktop/state/FocusState.hpp>
#include <hyprland/src/desktop/view/window/Window.hpp>
#include <hyprland/src/output/Monitor.hpp>
#include <hyprland/src/render/Renderer.hpp>

#include <xkbcommon/xkbcommon.h>

#include <gesto/gesto.h>

#include "config.hpp"
#include "deadline-timer.hpp"
#include "exec.hpp"
#include "key-codes.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace
{
HANDLE plugin_handle = nullptr;

/** Hyprland's CPointerGesturesProtocol::holdBegin and holdEnd, hooked while the plugin runs. */
CFunctionHook *hold_begin_hook = nullptr;
CFunctionHook *hold_end_hook   = nullptr;

using gesto_host::monotonic_usec;

/** Hyprland's events carry libinput's time in milliseconds, cut to 32 bits (it wraps after
 *  49.7 days): the full CLOCK_MONOTONIC time in microseconds, the clock libgesto's deadlines
 *  are dispatched on, is the latest one whose low 32 bits of milliseconds are @p time_ms. */
uint64_t event_usec(uint32_t time_ms)
{
    const uint64_t now_ms = monotonic_usec() / 1000u;
    const uint32_t behind = uint32_t(now_ms) - time_ms;
    return (now_ms >= behind ? now_ms - behind : time_ms) * 1000u;
}

/**
 * The plugin's own keyboard, which `keys:` bindings type on. It is one of Hyprland's keyboards
 * (`gesto-keyboard` in `hyprctl devices`), so its keys take Hyprland's keyboard path
 * (CInputManager::onKeyboardKey): Hyprland's binds see a combination as from a real keyboard
 * and act on it, and a key no bind takes goes to the focused window, with the modifiers the
 * combination holds. Hyprland's `sendshortcut` (Config::Actions::pass and sendKeyState) was
 * the other way, and is not taken: it hands keys to one window only, never to Hyprland's binds,
 * while a user who binds a gesture to `keys: super+2` expects what super+2 does in Hyprland.
 * Hyprland gives the keyboard the config's keymap (`input:kb_layout` and the rest) when it is
 * added; each keysym is looked up in that keymap.
 */
class gesto_keyboard_t : public IKeyboard
{
  public:
    /** Not a physical device: Hyprland sends it no LED state, and no input method owns it. */
    bool isVirtual() const override
    {
        return true;
    }

    SP<Aquamarine::IKeyboard> aq() override
    {
        return nullptr;
    }

    /** Presses or releases the key of evdev code @p code, as Hyprland's own keyboards do (the
     *  key, then the modifiers it changed), at @p time_ms. */
    void key(uint32_t code, bool pressed, uint32_t time_ms)
    {
        if (!updatePressed(code, pressed))
        {
            return;
        }

        m_keyboardEvents.key.emit(SKeyEvent{
            .timeMs  = time_ms,
            .keycode = code,
            .state   = pressed ? WL_KEYBOARD_KEY_STATE_PRESSED : WL_KEYBOARD_KEY_STATE_RELEASED,
        });
        updateXkbStateWithKey(code + evdev_offset, pressed);
    }

    /** The keymap Hyprland gave the keyboard, and its active layout, which `keys:` are looked
     *  up in (nullptr before Hyprland gave one). */
    xkb_keymap *keymap() const
    {
        return m_xkbState ? m_xkbKeymap : nullptr;
    }

    xkb_layout_index_t layout() const
    {
        return xkb_state_serialize_layout(m_xkbState, XKB_STATE_LAYOUT_EFFECTIVE);
    }

  private:
    /** xkbcommon's keycodes are the kernel's evdev codes plus 8 (the X11 offset). */
    static constexpr uint32_t evdev_offset = 8;
};

/** A pointer device of the plugin's own, which Hyprland takes as it takes a mouse: the
 *  InputManager attaches it to its cursor (CPointerManager listens to its motion, button and
 *  frame signals and hands them to CInputManager::onMouseMoved / onMouseButton, the path of a
 *  physical mouse: bindings, the interactive move and resize, the held button's implicit
 *  grab, the focused client). A `drag:` binding's button is that device's button held down.
 *  Its removal (the IHID destroy signal) is a device unplugged: Hyprland forgets it and
 *  releases any button it still holds. */
class drag_pointer_t : public IPointer
{
  public:
    static SP<drag_pointer_t> create()
    {
        auto pointer = SP<drag_pointer_t>(new drag_pointer_t());
        pointer->m_self = pointer;
        pointer->m_deviceName = "gesto-drag-pointer";
        return pointer;
    }

    bool isVirtual() const override
    {
        return true;
    }

    SP<Aquamarine::IPointer> aq() override
    {
        return nullptr;
    }

    /** @p button is an evdev BTN_* code, as wl_pointer.button carries it. */
    void button(uint32_t time_ms, uint32_t button, bool pressed)
    {
        m_pointerEvents.button.emit(SButtonEvent{
            .timeMs = time_ms,
            .button = button,
            .state  = pressed ? WL_POINTER_BUTTON_STATE_PRESSED : WL_POINTER_BUTTON_STATE_RELEASED,
            .mouse  = true,
        });
        m_pointerEvents.frame.emit();
    }

    /** Relative motion: @p dx, @p dy in libinput's accelerated units (the cursor's pixels),
     *  @p unaccel_dx, @p unaccel_dy the same travel unaccelerated (relative-pointer clients). */
    void motion(uint32_t time_ms, double dx, double dy, double unaccel_dx, double unaccel_dy)
    {
        m_pointerEvents.motion.emit(SMotionEvent{
            .timeMs  = time_ms,
            .delta   = {dx, dy},
            .unaccel = {unaccel_dx, unaccel_dy},
            .mouse   = true,
            .device  = m_self.lock(),
        });
        m_pointerEvents.frame.emit();
    }

  private:
    drag_pointer_t() = default;
};

class gesto_hyprland_t
{
  public:
    /** Returns "" when loaded, else why not (the plugin then stays inert). */
    std::string load()
    {
        std::string path;
        std::string error;
        engine = gesto_host::load_user_engine(path, error);
        if (!engine)
        {
            return error;
        }

        hook_holds();
        gesto_engine_set_effect_callback(engine, on_effect, this);
        gesto_engine_set_delivery(engine, GESTO_DELIVER_FIRINGS);
        const int count = gesto_engine_binding_count(engine);
        LOG(Log::INFO, "gesto: {} bindings from {}", count, path);
        for (int i = 0; i < count; i++)
        {
            gesto_binding_info info = {};
            info.size = sizeof(info);
            if (gesto_engine_binding_info(engine, i, &info) != GESTO_OK)
            {
                continue;
            }

            const std::string why = why_inactive(info);
            if (!why.empty())
            {
                gesto_engine_set_binding_enabled(engine, i, 0);
                LOG(Log::WARN, "gesto: binding {} ({}, {}) is inactive: {}", i + 1, info.gesture,
                    info.action ? info.action : "no action", why);
            } else if (info.action_kind == GESTO_ACTION_DRAG)
            {
                drag_fingers |= 1u << info.fingers;
            }
        }

        add_keyboard_if_bound();
        if (drag_fingers)
        {
            create_drag_pointer();
        }

        LOG(Log::INFO, "gesto: deltas are libinput's accelerated ones (Hyprland passes no others): libgesto "
                       "inverts libinput's touchpad acceleration, so thresholds compare with unaccelerated "
                       "distances as in gestod");

        deadline_timer = std::make_unique<gesto_host::deadline_timer_t>(g_pCompositor->m_wlEventLoop, engine);
        auto& gesture = Event::bus()->m_events.gesture;
        listeners.push_back(gesture.swipe.begin.listen(
            [this] (IPointer::SSwipeBeginEvent event, Event::SCallbackInfo& info)
        {
            begin(GESTO_EVENT_SWIPE, event.fingers, event.timeMs, info);
        }));
        listeners.push_back(gesture.swipe.update.listen(
            [this] (IPointer::SSwipeUpdateEvent event, Event::SCallbackInfo& info)
        {
            update(GESTO_EVENT_SWIPE, event.fingers, event.timeMs, event.delta.x, event.delta.y, 1.0, 0.0, info);
        }));
        listeners.push_back(gesture.swipe.end.listen(
            [this] (IPointer::SSwipeEndEvent event, Event::SCallbackInfo& info)
        {
            end(GESTO_EVENT_SWIPE, event.timeMs, event.cancelled, info);
        }));
        listeners.push_back(gesture.pinch.begin.listen(
            [this] (IPointer::SPinchBeginEvent event, Event::SCallbackInfo& info)
        {
            begin(GESTO_EVENT_PINCH, event.fingers, event.timeMs, info);
        }));
        listeners.push_back(gesture.pinch.update.listen(
            [this] (IPointer::SPinchUpdateEvent event, Event::SCallbackInfo& info)
        {
            // `rotation` is libinput's angle delta since the previous event, degrees clockwise.
            update(GESTO_EVENT_PINCH, event.fingers, event.timeMs, event.delta.x, event.delta.y, event.scale,
                event.rotation, info);
        }));
        listeners.push_back(gesture.pinch.end.listen(
            [this] (IPointer::SPinchEndEvent event, Event::SCallbackInfo& info)
        {
            end(GESTO_EVENT_PINCH, event.timeMs, event.cancelled, info);
        }));
        return "";
    }

    void unload()
    {
        unhook_holds();
        listeners.clear();
        if (engine)
        {
            // Unloaded: no drag may keep its button down. libgesto releases them (a
            // GESTO_EFFECT_RELEASE for each press), which carry_out() sends through the
            // drag pointer while it still exists; then the device goes.
            gesto_engine_interrupt_drags(engine, monotonic_usec());
        }

        destroy_drag_pointer();
        stop_motion(true);

        deadline_timer.reset();
        gesto_engine_destroy(engine);
        engine = nullptr;
        remove_keyboard();
    }

  private:
    gesto_engine *engine = nullptr;
    std::unique_ptr<gesto_host::deadline_timer_t> deadline_timer;
    std::vector<CHyprSignalListener> listeners;
    /** A sequence is in progress... */
    bool in_sequence = false;
    /** ...and a binding claimed it at its BEGIN: each of its events is cancelled. */
    bool consumed = false;
    uint32_t sequence_kind    = 0;
    uint32_t sequence_fingers = 0;
    /** The keyboard `keys:` bindings type on, while one is active. */
    SP<gesto_keyboard_t> keyboard;
    /** Bit F set: a `drag:` binding follows every F-finger swipe. */
    uint32_t drag_fingers = 0;
    /** The device a drag's button and motion go through (while a drag binding is active). */
    SP<drag_pointer_t> drag_pointer;
    /** A window following the fingers (a `window-motion:` binding), and its springs. */
    gesto_window_motion *motion = nullptr;
    PHLWINDOWREF motion_window;
    int motion_binding = -1;
    /** Where the layout put the window when the motion grabbed it. */
    CBox motion_start;
    /** The motion's frames: a timer on Hyprland's event loop, every frame_usec. */
    wl_event_source *motion_timer = nullptr;
    static constexpr int frame_msec = 8;

    /** Why binding @p info cannot run in this plugin, or "" when it can. */
    static std::string why_inactive(const gesto_binding_info& info)
    {
        switch (info.gesture_kind)
        {
          case GESTO_GESTURE_SWIPE:
          case GESTO_GESTURE_PINCH:
          case GESTO_GESTURE_ROTATE:
            break;

          case GESTO_GESTURE_HOLD:
          case GESTO_GESTURE_LONG_PRESS:
          case GESTO_GESTURE_LONG_PRESS_DRAG:
            if (!hold_begin_hook || !hold_end_hook)
            {
                // The binding's own name is in the line that logs this.
                return "Hyprland 0.57 gives plugins no touchpad holds, and its hold functions could not be hooked";
            }

            break;

          default:
            return "the plugin sees the touchpad's gestures only (gestod --touchscreens sees touchscreens)";
        }

        switch (info.action_kind)
        {
          case GESTO_ACTION_EXEC:
          case GESTO_ACTION_WINDOW:
            return "";

          case GESTO_ACTION_WORKSPACE:
            if (info.mode == GESTO_MODE_CONTINUOUS)
            {
                return "workspaces that follow the fingers (mode: continuous) are not carried out yet; "
                       "another mode switches when the binding fires";
            }

            return "";

          case GESTO_ACTION_KEYS:
            return "";

          case GESTO_ACTION_SWAY:
            return "a sway: command is sway's";

          case GESTO_ACTION_HYPRLAND:
            return "";

          case GESTO_ACTION_WINDOW_MOTION:
            return "";

          case GESTO_ACTION_DRAG:
            return info.gesture_kind == GESTO_GESTURE_SWIPE ? "" : "a drag follows swipes";

          case GESTO_ACTION_REORDER:
            return "reorder is a touchscreen action";

          default:
            return "a binding without an action";
        }
    }

    // MARK: The drag's pointer

    void create_drag_pointer()
    {
        drag_pointer = drag_pointer_t::create();
        g_pInputManager->newMouse(drag_pointer);
        LOG(Log::INFO, "gesto: drag: the button and the pointer's motion go through Hyprland's cursor as a "
                       "mouse's (a pointer device of the plugin's own); the drag's swipes reach no client");
        // Hyprland's input:touchpad:drag_3fg is libinput's own three- (1) or four-finger (2)
        // drag: libinput turns those fingers' motion into pointer motion with the button held
        // before any gesture is made of it, so no swipe of that many fingers reaches Hyprland's
        // event bus, the plugin or gesto's bindings. libinput's drag wins.
        const CConfigValue<Config::INTEGER> drag_3fg("input:touchpad:drag_3fg");
        if (drag_3fg.good() && (*drag_3fg == 1 || *drag_3fg == 2))
        {
            const uint32_t fingers = *drag_3fg == 1 ? 3 : 4;
            if (drag_fingers & (1u << fingers))
            {
                LOG(Log::WARN, "gesto: drag: input:touchpad:drag_3fg is {}: libinput drags with {} fingers itself and "
                               "makes no {}-finger swipe, so gesto's swipe:{} drag never fires (libinput's drag "
                               "wins); set drag_3fg = 0 for gesto's",
                    *drag_3fg, fingers, fingers, fingers);
            }
        }
    }

    void destroy_drag_pointer()
    {
        if (!drag_pointer)
        {
            return;
        }

        // As a mouse unplugged: the InputManager and the cursor let it go.
        drag_pointer->m_events.destroy.emit();
        drag_pointer.reset();
    }

    // MARK: Hyprland's events to libgesto's

    void feed(uint32_t kind, uint32_t phase, uint32_t fingers, uint32_t time_ms, double dx, double dy,
        double scale, double angle_delta, bool cancelled)
    {
        gesto_gesture_event event = {};
        event.size    = sizeof(event);
        event.kind    = kind;
        event.phase   = phase;
        event.fingers = fingers;
        event.time_usec = event_usec(time_ms);
        event.dx = dx;
        event.dy = dy;
        event.scale = scale;
        event.angle_delta = angle_delta;
        event.cancelled   = cancelled ? 1 : 0;
        // Hyprland (through aquamarine) keeps only libinput's accelerated deltas: libgesto
        // recovers the unaccelerated ones its thresholds are written in.
        event.delta_source = GESTO_DELTAS_ACCELERATED_ONLY;
        if (gesto_engine_handle_event(engine, &event) != GESTO_OK)
        {
            LOG(Log::ERR, "gesto: {}", gesto_last_error_message());
        }

        arm_deadline();
    }

    void begin(uint32_t kind, uint32_t fingers, uint32_t time_ms, Event::SCallbackInfo& info)
    {
        if (in_sequence)
        {
            // A sequence whose END never came (its device went mid-gesture) ends here.
            gesto_engine_end_input(engine, monotonic_usec());
        }

        in_sequence      = true;
        sequence_kind    = kind;
        sequence_fingers = fingers;
        consumed = gesto_engine_claims(engine, kind, fingers) == 1;
        info.cancelled = consumed;
        feed(kind, GESTO_EVENT_BEGIN, fingers, time_ms, 0, 0, 1.0, 0, false);
    }

    void update(uint32_t kind, uint32_t fingers, uint32_t time_ms, double dx, double dy, double scale,
        double angle_delta, Event::SCallbackInfo& info)
    {
        if (!in_sequence || (kind != sequence_kind))
        {
            return;
        }

        info.cancelled = consumed;
        feed(kind, GESTO_EVENT_UPDATE, fingers, time_ms, dx, dy, scale, angle_delta, false);
    }

    void end(uint32_t kind, uint32_t time_ms, bool cancelled, Event::SCallbackInfo& info)
    {
        if (!in_sequence || (kind != sequence_kind))
        {
            return;
        }

        info.cancelled = consumed;
        in_sequence = false;
        feed(kind, GESTO_EVENT_END, sequence_fingers, time_ms, 0, 0, 1.0, 0, cancelled);
        consumed = false;
    }

    // MARK: Deadlines

    void arm_deadline()
    {
        if (deadline_timer)
        {
            deadline_timer->arm();
        }
    }

    // MARK: What libgesto decided

    static void on_effect(const gesto_effect *effect, void *data)
    {
        static_cast<gesto_hyprland_t*>(data)->carry_out(*effect);
    }

    /** The firing's time as Hyprland's events carry it: milliseconds, cut to 32 bits. */
    static uint32_t msec(const gesto_effect& effect)
    {
        return uint32_t(effect.gesture->time_usec / 1000u);
    }

    void carry_out(const gesto_effect& effect)
    {
        switch (effect.kind)
        {
          case GESTO_EFFECT_RUN:
          {
              std::string error;
              if (!gesto_host::run_command(effect.command, *effect.gesture, error))
              {
                  LOG(Log::ERR, "gesto: exec: {} failed: {}", effect.command, error);
              }

              break;
          }

          case GESTO_EFFECT_SWITCH_WORKSPACE:
              switch_workspace(effect.workspace_dx, effect.workspace_dy);
              break;

          case GESTO_EFFECT_WINDOW:
              window_operation(effect.window_operation);
              break;

          case GESTO_EFFECT_KEYS:
              type_keys(effect);
              break;

          case GESTO_EFFECT_HYPRLAND_DISPATCH:
              dispatch(effect.command);
              break;

          case GESTO_EFFECT_PRESS:
              if (drag_pointer)
              {
                  drag_pointer->button(msec(effect), effect.button, true);
                  LOG(Log::INFO, "gesto: drag: button {} down", effect.button);
              }

              break;

          case GESTO_EFFECT_MOVE:
              if (drag_pointer)
              {
                  drag_pointer->motion(msec(effect), effect.dx, effect.dy, effect.unaccelerated_dx,
                      effect.unaccelerated_dy);
              }

              break;

          case GESTO_EFFECT_RELEASE:
              if (drag_pointer)
              {
                  drag_pointer->button(msec(effect), effect.button, false);
                  LOG(Log::INFO, "gesto: drag: button {} up ({})", effect.button,
                      effect.gesture->phase == GESTO_PHASE_ENDED ? "ended" : "cancelled");
              }

              break;

          case GESTO_EFFECT_WINDOW_MOTION:
              drive_motion(*effect.gesture);
              break;

          default:
              // Their bindings are disabled at load (why_inactive()): they never come here.
              break;
        }
    }

    // MARK: Windows that follow the fingers

    /** A `window-motion:` binding's firing: BEGAN grabs the focused window (libgesto's
     *  gesto_window_motion, started from the rect the layout gave it, in its monitor's area
     *  without the reserved edges), every firing drives the motion, and the frames show the
     *  rect it hands on Hyprland's window. */
    void drive_motion(const gesto_recognized& firing)
    {
        if (firing.phase == GESTO_PHASE_BEGAN)
        {
            const PHLWINDOW window = Desktop::focusState()->window();
            const PHLMONITOR monitor = window ? window->m_monitor.lock() : nullptr;
            if (!window || !window->mapped() || !monitor)
            {
                LOG(Log::INFO, "gesto: window-motion: no focused window to move");
                return;
            }

            if (!motion || (motion_window.lock() != window) || (motion_binding != firing.binding_index))
            {
                stop_motion(true);
                // The layout's rect: the animated variables' goals (the values may be mid-animation).
                const Vector2D position = window->positionAnimation()->goal();
                const Vector2D size     = window->sizeAnimation()->goal();
                motion_start = CBox(position.x, position.y, size.x, size.y);
                const CBox area = monitor->logicalBoxMinusReserved();
                const gesto_rect start_rect = {position.x, position.y, size.x, size.y};
                const gesto_rect area_rect  = {area.x, area.y, area.w, area.h};
                if (gesto_window_motion_new(engine, firing.binding_index, &start_rect, &area_rect, &motion) != GESTO_OK)
                {
                    LOG(Log::ERR, "gesto: window-motion: {}", gesto_last_error_message());
                    motion = nullptr;
                    return;
                }

                motion_window  = window;
                motion_binding = firing.binding_index;
                LOG(Log::INFO, "gesto: window-motion: moving {} from {},{} {}x{}", window->metadata().appID(),
                    position.x, position.y, size.x, size.y);
            } // else mid-flight: this BEGAN grabs it where its spring is.

            if (!motion_timer)
            {
                motion_timer = wl_event_loop_add_timer(g_pCompositor->m_wlEventLoop, on_motion_timer, this);
                wl_event_source_timer_update(motion_timer, frame_msec);
            }
        }

        if (!motion)
        {
            return;
        }

        if (gesto_window_motion_handle_recognized(motion, &firing) != GESTO_OK)
        {
            LOG(Log::ERR, "gesto: window-motion: {}", gesto_last_error_message());
        }

        if ((firing.phase == GESTO_PHASE_ENDED) || (firing.phase == GESTO_PHASE_CANCELLED) ||
            (firing.phase == GESTO_PHASE_FAILED))
        {
            LOG(Log::INFO, "gesto: window-motion: released {} at {},{} moving {},{} units/s",
                firing.phase == GESTO_PHASE_ENDED ? "ended" : "cancelled", firing.translation_x, firing.translation_y,
                firing.velocity_x, firing.velocity_y);
        }
    }

    static int on_motion_timer(void *data)
    {
        auto self = static_cast<gesto_hyprland_t*>(data);
        if (self->motion_frame() && self->motion_timer)
        {
            wl_event_source_timer_update(self->motion_timer, frame_msec);
        }

        return 0;
    }

    /** Shows the motion's rect for now on the window (its animated position and size, set and
     *  warped: Hyprland draws the window's buffer scaled to them, and the client is not asked
     *  to resize). Returns whether frames must go on. */
    bool motion_frame()
    {
        const PHLWINDOW window = motion_window.lock();
        if (!motion || !window || !window->mapped())
        {
            stop_motion(false); // The window went.
            return false;
        }

        gesto_rect shown;
        const int at_rest = gesto_window_motion_frame(motion, monotonic_usec(), &shown);
        if (at_rest < 0)
        {
            LOG(Log::ERR, "gesto: window-motion: {}", gesto_last_error_message());
            stop_motion(true);
            return false;
        }

        if (at_rest == 1)
        {
            const char *target = gesto_window_motion_target(motion);
            LOG(Log::INFO, "gesto: window-motion: at rest at {},{} {}x{} ({})", std::lround(shown.x), std::lround(shown.y),
                std::lround(shown.width), std::lround(shown.height), target ? target : "?");
            const bool maximize = target && (std::strcmp(target, "maximize") == 0);
            const bool side     = target && ((std::strcmp(target, "left") == 0) || (std::strcmp(target, "right") == 0));
            stop_motion(true);
            if (maximize)
            {
                // Hyprland's own maximized state: the layout then keeps it.
                auto result = Config::Actions::fullscreenWindow(Fullscreen::FSMODE_MAXIMIZED, false);
                if (!result)
                {
                    LOG(Log::ERR, "gesto: window-motion: maximize: {}", result.error().message);
                }
            } else if (side)
            {
                LOG(Log::WARN, "gesto: window-motion: Hyprland's layout places its windows; {} is shown as back", target);
            }

            return false;
        }

        show(window, CBox(shown.x, shown.y, shown.width, shown.height));
        return true;
    }

    static void show(const PHLWINDOW& window, const CBox& box)
    {
        const PHLMONITOR monitor = window->m_monitor.lock();
        window->positionAnimation()->setValueAndWarp({box.x, box.y});
        window->sizeAnimation()->setValueAndWarp({box.w, box.h});
        // The whole monitor: the window leaves what it covered in the frame before.
        if (monitor)
        {
            g_pHyprRenderer->damageMonitor(monitor);
        }
    }

    /** Ends the motion; @p restore puts the window back where the layout had it. */
    void stop_motion(bool restore)
    {
        if (motion_timer)
        {
            wl_event_source_remove(motion_timer);
            motion_timer = nullptr;
        }

        const PHLWINDOW window = motion_window.lock();
        if (restore && motion && window && window->mapped())
        {
            show(window, motion_start);
        }

        gesto_window_motion_destroy(motion);
        motion = nullptr;
        motion_window.reset();
        motion_binding = -1;
    }

    /** Hyprland's workspaces are a list of numbers per monitor: right (next) is the next
     *  number, left (previous) the one before, as Hyprland's own `workspace r+1` and `r-1`;
     *  up and down have no neighbour. */
    static void switch_workspace(int dx, int dy)
    {
        if ((dx == 0) || (dy != 0))
        {
            LOG(Log::WARN, "gesto: workspace: Hyprland's workspaces are a list; no workspace at {},{}", dx, dy);
            return;
        }

        const std::string target = dx > 0 ? "r+1" : "r-1";
        auto result = Config::Actions::changeWorkspace(target);
        if (!result)
        {
            LOG(Log::ERR, "gesto: workspace {}: {}", target, result.error().message);
            return;
        }

        LOG(Log::INFO, "gesto: workspace: {}", target);
    }

    static void window_operation(uint32_t operation)
    {
        Config::Actions::ActionResult result;
        switch (operation)
        {
          case GESTO_WINDOW_CLOSE:
            result = Config::Actions::closeWindow();
            break;

          case GESTO_WINDOW_FULLSCREEN:
            result = Config::Actions::fullscreenWindow(Fullscreen::FSMODE_FULLSCREEN, false);
            break;

          case GESTO_WINDOW_MAXIMIZE:
            result = Config::Actions::fullscreenWindow(Fullscreen::FSMODE_MAXIMIZED, false);
            break;

          case GESTO_WINDOW_ACTIVATE:
            // The focused window is active already.
            return;

          case GESTO_WINDOW_MINIMIZE:
          default:
            LOG(Log::WARN, "gesto: window: Hyprland has no minimized windows");
            return;
        }

        if (!result)
        {
            LOG(Log::ERR, "gesto: window: {}", result.error().message);
        }
    }

    /** A `hyprland:` binding's dispatch, handed to the handler of Hyprland's own `dispatch`
     *  request (what `hyprctl dispatch` and gestod over Hyprland's socket reach): with 0.57's
     *  Lua config it evaluates `hl.dispatch(DISPATCH)`. Its reply is "ok", else what failed. */
    static void dispatch(const char *command)
    {
        const std::string reply = HyprlandAPI::invokeHyprctlCommand("dispatch", command);
        if (!reply.starts_with("ok"))
        {
            LOG(Log::ERR, "gesto: hyprland: {} failed: {}", command, reply.substr(0, reply.find('\n')));
            return;
        }

        LOG(Log::INFO, "gesto: hyprland: {}", command);
    }

    // MARK: Holds

    /** The one function named @p name of Hyprland's, or nullptr. */
    static void *hyprland_function(const std::string& name, const std::string& demangled)
    {
        void *found = nullptr;
        for (const auto& match : HyprlandAPI::findFunctionsByName(plugin_handle, name))
        {
            if (match.demangled.starts_with(demangled + "("))
            {
                if (found)
                {
                    return nullptr;
                }

                found = match.address;
            }
        }

        return found;
    }

    void hook_holds()
    {
        void *begin = hyprland_function("holdBegin", "CPointerGesturesProtocol::holdBegin");
        void *end   = hyprland_function("holdEnd", "CPointerGesturesProtocol::holdEnd");
        if (!begin || !end)
        {
            LOG(Log::WARN, "gesto: holds: no single CPointerGesturesProtocol::holdBegin and holdEnd in this Hyprland");
            return;
        }

        hold_begin_hook = HyprlandAPI::createFunctionHook(plugin_handle, begin, reinterpret_cast<void*>(&on_hold_begin));
        hold_end_hook   = HyprlandAPI::createFunctionHook(plugin_handle, end, reinterpret_cast<void*>(&on_hold_end));
        if (!hold_begin_hook || !hold_end_hook || !hold_begin_hook->hook() || !hold_end_hook->hook())
        {
            LOG(Log::WARN, "gesto: holds: Hyprland's hold functions could not be hooked");
            unhook_holds();
            return;
        }

        LOG(Log::INFO, "gesto: holds: seen at Hyprland's pointer-gestures protocol (its holdBegin and holdEnd hooked)");
    }

    static void unhook_holds()
    {
        for (CFunctionHook **hook : {&hold_begin_hook, &hold_end_hook})
        {
            if (*hook)
            {
                HyprlandAPI::removeFunctionHook(plugin_handle, *hook);
                *hook = nullptr;
            }
        }
    }

    using hold_begin_fn = void (*)(CPointerGesturesProtocol*, uint32_t, uint32_t);
    using hold_end_fn   = void (*)(CPointerGesturesProtocol*, uint32_t, bool);

    /** A hold began: libgesto sees it, and clients only when no binding claims it. */
    static void on_hold_begin(CPointerGesturesProtocol *protocol, uint32_t time_ms, uint32_t fingers);
    /** A hold ended: as its begin went. */
    static void on_hold_end(CPointerGesturesProtocol *protocol, uint32_t time_ms, bool cancelled);

    // MARK: Keys

    /** Adds the plugin's keyboard to Hyprland's when an active binding types keys. Hyprland
     *  makes a new keyboard the seat's, whose keymap clients get; the seat's keyboard before
     *  it stays the seat's, until a key of this one is typed. */
    void add_keyboard_if_bound()
    {
        bool types = false;
        for (int i = 0, count = gesto_engine_binding_count(engine); i < count; i++)
        {
            gesto_binding_info info = {};
            info.size = sizeof(info);
            types = types || ((gesto_engine_binding_info(engine, i, &info) == GESTO_OK) &&
                              (info.action_kind == GESTO_ACTION_KEYS) && why_inactive(info).empty());
        }

        if (!types)
        {
            return;
        }

        keyboard = makeShared<gesto_keyboard_t>();
        keyboard->m_self = keyboard;
        keyboard->m_deviceName = "gesto-keyboard";
        const SP<IKeyboard> seat_keyboard = g_pSeatManager->m_keyboard.lock();
        g_pInputManager->newKeyboard(SP<IKeyboard>(keyboard));
        if (seat_keyboard)
        {
            g_pSeatManager->setKeyboard(seat_keyboard);
        }

        LOG(Log::INFO, "gesto: keys: typed on {}, a keyboard of the plugin's own, through Hyprland's binds",
            keyboard->m_hlName);
    }

    void remove_keyboard()
    {
        if (keyboard)
        {
            // Hyprland's own keyboards go this way (CInputManager::destroyKeyboard).
            keyboard->m_events.destroy.emit();
            keyboard.reset();
        }
    }

    /** Types the combination: each key pressed in order, then released in reverse (Shift
     *  first where a keysym needs it). A keysym on no key of the keymap types nothing. */
    void type_keys(const gesto_effect& effect)
    {
        if (!keyboard)
        {
            return;
        }

        std::string combination;
        for (uint32_t i = 0; i < effect.keysym_count; i++)
        {
            combination += (i ? "+" : "") + std::string(effect.keysyms[i]);
        }

        std::string missing;
        const auto found = keyboard->keymap()
            ? gesto_host::key_codes(keyboard->keymap(), keyboard->layout(), effect.keysyms, effect.keysym_count, missing)
            : std::nullopt;
        if (!found)
        {
            LOG(Log::ERR, "gesto: keys: {} is on no key of the keymap's layout {}: nothing typed",
                missing.empty() ? combination : missing, keyboard->getActiveLayout());
            return;
        }

        const std::vector<uint32_t>& codes = *found;
        const uint32_t time_ms = uint32_t(monotonic_usec() / 1000u);
        for (const uint32_t code : codes)
        {
            keyboard->key(code, true, time_ms);
        }

        for (auto code = codes.rbegin(); code != codes.rend(); code++)
        {
            keyboard->key(*code, false, time_ms);
        }

        LOG(Log::INFO, "gesto: keys: {}", combination);
    }
};

gesto_hyprland_t *plugin = nullptr;

void gesto_hyprland_t::on_hold_begin(CPointerGesturesProtocol *protocol, uint32_t time_ms, uint32_t fingers)
{
    Event::SCallbackInfo info;
    if (plugin && plugin->engine)
    {
        plugin->begin(GESTO_EVENT_HOLD, fingers, time_ms, info);
    }

    if (!info.cancelled && hold_begin_hook)
    {
        reinterpret_cast<hold_begin_fn>(hold_begin_hook->m_original)(protocol, time_ms, fingers);
    }
}

void gesto_hyprland_t::on_hold_end(CPointerGesturesProtocol *protocol, uint32_t time_ms, bool cancelled)
{
    Event::SCallbackInfo info;
    if (plugin && plugin->engine)
    {
        plugin->end(GESTO_EVENT_HOLD, time_ms, cancelled, info);
    }

    if (!info.cancelled && hold_end_hook)
    {
        reinterpret_cast<hold_end_fn>(hold_end_hook->m_original)(protocol, time_ms, cancelled);
    }
}
}

APICALL EXPORT std::string PLUGIN_API_VERSION()
{
    return HYPRLAND_API_VERSION;
}

APICALL EXPORT PLUGIN_DESCRIPTION_INFO PLUGIN_INIT(HANDLE handle)
{
    plugin_handle = handle;
    // Hyprland refuses a plugin built for another Hyprland; this one was built for the
    // headers' version and says so rather than load into another.
    const std::string server = __hyprland_api_get_hash();
    const std::string client = __hyprland_api_get_client_hash();
    if (server != client)
    {
        throw std::runtime_error("gesto-hyprland was built for Hyprland " + client + ", this is " + server);
    }

    plugin = new gesto_hyprland_t();
    const std::string error = plugin->load();
    if (!error.empty())
    {
        LOG(Log::ERR, "gesto: {}", error);
    } else
    {
        LOG(Log::INFO, "gesto: gesto-hyprland loaded");
    }

    return {"gesto-hyprland", "Touchpad gestures from the gesto config, carried out by libgesto", "gesto",
        "0.6"};
}

APICALL EXPORT void PLUGIN_EXIT()
{
    if (plugin)
    {
        plugin->unload();
        delete plugin;
        plugin = nullptr;
    }
}
