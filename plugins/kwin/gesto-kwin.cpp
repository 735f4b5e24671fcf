// gesto-kwin: the KWin 6 plugin on libgesto. It is glue only (ARCHITECTURE.md, "A new host is
// one file"): an input filter placed before KWin's own gesture handling (the global shortcuts
// filter, which runs KWin's touchpad gestures) feeds libgesto the touchpad's swipes, pinches and
// holds, filters out every event of a sequence libgesto claims at its BEGIN (so that neither
// KWin's gestures nor a client see any of it), arms one timer for libgesto's deadlines, and
// carries out libgesto's effects with KWin's own objects: a keyboard and a pointer device of its
// own for keys and the drag, the active window for window operations, the virtual desktop
// manager for workspace switches. Bindings whose effects it does not carry out are disabled at
// load, each with a log line saying why, so that they consume nothing.
//
// The config is the user's gesto config, found as gestod finds it; the code that reads it, runs
// `exec:` commands and keeps the deadline timer is every host's (plugins/common), built in.
// KWin's plugin interface is not stable: the plugin loads only into the KWin whose headers it
// was built with (PluginFactory_iid names KWin's version; scripts/build-kwin-plugin).
#include <core/inputdevice.h>
#include <input.h>
#include <input_event.h>
#include <plugin.h>
#include <virtualdesktops.h>
#include <wayland/display.h>
#include <wayland_server.h>
#include <window.h>
#include <workspace.h>

#include <gesto/gesto.h>

#include "active-keymap.hpp"
#include "config.hpp"
#include "deadline-timer.hpp"
#include "exec.hpp"
#include "key-codes.hpp"

#include <QLoggingCategory>
#include <wayland-server-core.h>
#include <xkbcommon/xkbcommon.h>

#include <memory>
#include <string>
#include <vector>

Q_LOGGING_CATEGORY(GESTO_KWIN, "gesto.kwin", QtInfoMsg)

namespace gesto_kwin
{
using gesto_host::monotonic_usec;

/** A device of the plugin's own in KWin's input: what it emits goes through KWin's input
 *  pipeline as a real keyboard's or mouse's would (so KWin's own shortcuts see the keys). */
class device_t : public KWin::InputDevice
{
  public:
    device_t(QString name, bool keyboard) : device_name(std::move(name)), keyboard(keyboard)
    {}

    QString name() const override
    {
        return device_name;
    }

    bool isEnabled() const override
    {
        return true;
    }

    void setEnabled(bool) override
    {}

    bool isKeyboard() const override
    {
        return keyboard;
    }

    bool isPointer() const override
    {
        return !keyboard;
    }

    bool isTouchpad() const override
    {
        return false;
    }

    bool isTouch() const override
    {
        return false;
    }

    bool isTabletTool() const override
    {
        return false;
    }

    bool isTabletPad() const override
    {
        return false;
    }

    bool isTabletModeSwitch() const override
    {
        return false;
    }

    bool isLidSwitch() const override
    {
        return false;
    }

  private:
    QString device_name;
    bool keyboard;
};

class plugin_t : public KWin::Plugin, public KWin::InputEventFilter
{
  public:
    plugin_t() : KWin::InputEventFilter(KWin::InputFilterOrder::ScreenEdge)
    {
        const std::string error = load();
        if (!error.empty())
        {
            qCWarning(GESTO_KWIN, "gesto: %s", error.c_str());
            return;
        }

        qCInfo(GESTO_KWIN, "gesto: gesto-kwin loaded");
    }

    ~plugin_t() override
    {
        if (!engine)
        {
            return;
        }

        KWin::input()->uninstallInputEventFilter(this);
        // A drag whose fingers are still down ends now, with its release carried out while
        // the pointer device is still there.
        gesto_engine_interrupt_drags(engine, monotonic_usec());
        deadline_timer.reset();
        gesto_engine_destroy(engine);
        KWin::input()->removeInputDevice(&keyboard);
        KWin::input()->removeInputDevice(&pointer);
    }

    // MARK: KWin's events to libgesto's

#if GESTO_KWIN_GESTURE_EVENTS
    // KWin 6.5 and later hand each gesture event over as a struct.
    bool swipeGestureBegin(KWin::PointerSwipeGestureBeginEvent *event) override
    {
        return begin(GESTO_EVENT_SWIPE, event->fingerCount, event->time);
    }

    bool swipeGestureUpdate(KWin::PointerSwipeGestureUpdateEvent *event) override
    {
        return update(GESTO_EVENT_SWIPE, event->time, event->delta, 1.0, 0.0);
    }

    bool swipeGestureEnd(KWin::PointerSwipeGestureEndEvent *event) override
    {
        return end(GESTO_EVENT_SWIPE, event->time, false);
    }

    bool swipeGestureCancelled(KWin::PointerSwipeGestureCancelEvent *event) override
    {
        return end(GESTO_EVENT_SWIPE, event->time, true);
    }

    bool pinchGestureBegin(KWin::PointerPinchGestureBeginEvent *event) override
    {
        return begin(GESTO_EVENT_PINCH, event->fingerCount, event->time);
    }

    bool pinchGestureUpdate(KWin::PointerPinchGestureUpdateEvent *event) override
    {
        // `angleDelta` is libinput's, degrees clockwise since the previous event.
        return update(GESTO_EVENT_PINCH, event->time, event->delta, event->scale, event->angleDelta);
    }

    bool pinchGestureEnd(KWin::PointerPinchGestureEndEvent *event) override
    {
        return end(GESTO_EVENT_PINCH, event->time, false);
    }

    bool pinchGestureCancelled(KWin::PointerPinchGestureCancelEvent *event) override
    {
        return end(GESTO_EVENT_PINCH, event->time, true);
    }

    bool holdGestureBegin(KWin::PointerHoldGestureBeginEvent *event) override
    {
        return begin(GESTO_EVENT_HOLD, event->fingerCount, event->time);
    }

    bool holdGestureEnd(KWin::PointerHoldGestureEndEvent *event) override
    {
        return end(GESTO_EVENT_HOLD, event->time, false);
    }

    bool holdGestureCancelled(KWin::PointerHoldGestureCancelEvent *event) override
    {
        return end(GESTO_EVENT_HOLD, event->time, true);
    }
#else
    bool swipeGestureBegin(int fingers, std::chrono::microseconds time) override
    {
        return begin(GESTO_EVENT_SWIPE, fingers, time);
    }

    bool swipeGestureUpdate(const QPointF& delta, std::chrono::microseconds time) override
    {
        return update(GESTO_EVENT_SWIPE, time, delta, 1.0, 0.0);
    }

    bool swipeGestureEnd(std::chrono::microseconds time) override
    {
        return end(GESTO_EVENT_SWIPE, time, false);
    }

    bool swipeGestureCancelled(std::chrono::microseconds time) override
    {
        return end(GESTO_EVENT_SWIPE, time, true);
    }

    bool pinchGestureBegin(int fingers, std::chrono::microseconds time) override
    {
        return begin(GESTO_EVENT_PINCH, fingers, time);
    }

    bool pinchGestureUpdate(qreal scale, qreal angle_delta, const QPointF& delta,
        std::chrono::microseconds time) override
    {
        // `angle_delta` is libinput's, degrees clockwise since the previous event.
        return update(GESTO_EVENT_PINCH, time, delta, scale, angle_delta);
    }

    bool pinchGestureEnd(std::chrono::microseconds time) override
    {
        return end(GESTO_EVENT_PINCH, time, false);
    }

    bool pinchGestureCancelled(std::chrono::microseconds time) override
    {
        return end(GESTO_EVENT_PINCH, time, true);
    }

    bool holdGestureBegin(int fingers, std::chrono::microseconds time) override
    {
        return begin(GESTO_EVENT_HOLD, fingers, time);
    }

    bool holdGestureEnd(std::chrono::microseconds time) override
    {
        return end(GESTO_EVENT_HOLD, time, false);
    }

    bool holdGestureCancelled(std::chrono::microseconds time) override
    {
        return end(GESTO_EVENT_HOLD, time, true);
    }
#endif

  private:
    gesto_engine *engine = nullptr;
    std::unique_ptr<gesto_host::deadline_timer_t> deadline_timer;
    device_t keyboard{QStringLiteral("gesto keyboard"), true};
    device_t pointer{QStringLiteral("gesto pointer"), false};
    /** A sequence is in progress... */
    bool in_sequence = false;
    /** ...and a binding claimed it at its BEGIN: each of its events is filtered out. */
    bool consumed = false;
    uint32_t sequence_kind    = 0;
    uint32_t sequence_fingers = 0;

    /** Returns "" when loaded, else why not (the plugin then stays out of KWin's input). */
    std::string load()
    {
        std::string path;
        std::string error;
        engine = gesto_host::load_user_engine(path, error);
        if (!engine)
        {
            return error;
        }

        gesto_engine_set_effect_callback(engine, on_effect, this);
        gesto_engine_set_delivery(engine, GESTO_DELIVER_FIRINGS);
        const int count = gesto_engine_binding_count(engine);
        qCInfo(GESTO_KWIN, "gesto: %d bindings from %s", count, path.c_str());
        for (int i = 0; i < count; i++)
        {
            gesto_binding_info info = {};
            info.size = sizeof(info);
            if (gesto_engine_binding_info(engine, i, &info) != GESTO_OK)
            {
                continue;
            }

            const char *why = why_inactive(info);
            if (why)
            {
                gesto_engine_set_binding_enabled(engine, i, 0);
                qCWarning(GESTO_KWIN, "gesto: binding %d (%s, %s) is inactive: %s", i + 1, info.gesture,
                    info.action ? info.action : "no action", why);
            }
        }

        // KWin dispatches its Wayland display's event loop, so a timer on it fires on KWin's
        // main thread, beside every input event.
        wl_display *display = *KWin::waylandServer()->display();
        wl_event_loop *loop = wl_display_get_event_loop(display);
        deadline_timer = std::make_unique<gesto_host::deadline_timer_t>(loop, engine);
        KWin::input()->addInputDevice(&keyboard);
        KWin::input()->addInputDevice(&pointer);
        KWin::input()->installInputEventFilter(this);
        return "";
    }

    /** Why binding @p info cannot run in this plugin, or nullptr when it can. */
    static const char *why_inactive(const gesto_binding_info& info)
    {
        switch (info.gesture_kind)
        {
          case GESTO_GESTURE_SWIPE:
          case GESTO_GESTURE_PINCH:
          case GESTO_GESTURE_ROTATE:
          case GESTO_GESTURE_HOLD:
          case GESTO_GESTURE_LONG_PRESS:
          case GESTO_GESTURE_LONG_PRESS_DRAG:
            break;

          default:
            return "the plugin sees the touchpad's gestures only (gestod --touchscreens sees touchscreens)";
        }

        switch (info.action_kind)
        {
          case GESTO_ACTION_EXEC:
          case GESTO_ACTION_KEYS:
          case GESTO_ACTION_WINDOW:
          case GESTO_ACTION_DRAG:
            return nullptr;

          case GESTO_ACTION_WORKSPACE:
            if (info.mode == GESTO_MODE_CONTINUOUS)
            {
                return "desktops that follow the fingers (mode: continuous) are not carried out yet; "
                       "another mode switches when the binding fires";
            }

            return nullptr;

          case GESTO_ACTION_SWAY:
            return "a sway: command is sway's";

          case GESTO_ACTION_WINDOW_MOTION:
            return "windows that follow the fingers are not carried out yet";

          case GESTO_ACTION_REORDER:
            return "reorder is a touchscreen action";

          default:
            return "a binding without an action";
        }
    }

    bool feed(uint32_t kind, uint32_t phase, uint32_t fingers, std::chrono::microseconds time,
        QPointF delta, double scale, double angle_delta, bool cancelled)
    {
        gesto_gesture_event event = {};
        event.size    = sizeof(event);
        event.kind    = kind;
        event.phase   = phase;
        event.fingers = fingers;
        // KWin's event times are libinput's, CLOCK_MONOTONIC microseconds, as libgesto's.
        event.time_usec   = uint64_t(time.count());
        event.dx          = delta.x();
        event.dy          = delta.y();
        event.scale       = scale;
        event.angle_delta = angle_delta;
        event.cancelled   = cancelled ? 1 : 0;
        // KWin passes on libinput's accelerated gesture deltas only: libgesto recovers the
        // unaccelerated ones its thresholds are written in.
        event.delta_source = GESTO_DELTAS_ACCELERATED_ONLY;
        if (gesto_engine_handle_event(engine, &event) != GESTO_OK)
        {
            qCWarning(GESTO_KWIN, "gesto: %s", gesto_last_error_message());
        }

        deadline_timer->arm();
        return consumed;
    }

    bool begin(uint32_t kind, int fingers, std::chrono::microseconds time)
    {
        if (in_sequence)
        {
            // A sequence whose END never came (its device went mid-gesture) ends here.
            gesto_engine_end_input(engine, monotonic_usec());
        }

        in_sequence      = true;
        sequence_kind    = kind;
        sequence_fingers = uint32_t(std::max(fingers, 0));
        consumed = gesto_engine_claims(engine, kind, sequence_fingers) == 1;
        return feed(kind, GESTO_EVENT_BEGIN, sequence_fingers, time, {}, 1.0, 0, false);
    }

    bool update(uint32_t kind, std::chrono::microseconds time, QPointF delta, double scale, double angle_delta)
    {
        if (!in_sequence || (kind != sequence_kind))
        {
            return false;
        }

        return feed(kind, GESTO_EVENT_UPDATE, sequence_fingers, time, delta, scale, angle_delta, false);
    }

    bool end(uint32_t kind, std::chrono::microseconds time, bool cancelled)
    {
        if (!in_sequence || (kind != sequence_kind))
        {
            return false;
        }

        in_sequence = false;
        const bool filtered = feed(kind, GESTO_EVENT_END, sequence_fingers, time, {}, 1.0, 0, cancelled);
        consumed = false;
        return filtered;
    }

    // MARK: What libgesto decided

    static void on_effect(const gesto_effect *effect, void *data)
    {
        static_cast<plugin_t*>(data)->carry_out(*effect);
    }

    void carry_out(const gesto_effect& effect)
    {
        const auto now = std::chrono::microseconds(monotonic_usec());
        switch (effect.kind)
        {
          case GESTO_EFFECT_RUN:
          {
              std::string error;
              if (!gesto_host::run_command(effect.command, *effect.gesture, error))
              {
                  qCWarning(GESTO_KWIN, "gesto: exec: %s failed: %s", effect.command, error.c_str());
              }

              break;
          }

          case GESTO_EFFECT_KEYS:
              type_keys(effect.keysyms, effect.keysym_count, now);
              break;

          case GESTO_EFFECT_WINDOW:
              window_operation(effect.window_operation);
              break;

          case GESTO_EFFECT_SWITCH_WORKSPACE:
              switch_desktop(effect.workspace_dx, effect.workspace_dy);
              break;

          case GESTO_EFFECT_PRESS:
          case GESTO_EFFECT_RELEASE:
          {
              const bool pressed = effect.kind == GESTO_EFFECT_PRESS;
              Q_EMIT pointer.pointerButtonChanged(effect.button,
                  pressed ? KWin::PointerButtonState::Pressed : KWin::PointerButtonState::Released, now, &pointer);
              Q_EMIT pointer.pointerFrame(&pointer);
              qCInfo(GESTO_KWIN, "gesto: drag: button %u %s", effect.button, pressed ? "down" : "up");
              break;
          }

          case GESTO_EFFECT_MOVE:
              // KWin's pointer takes libinput's accelerated motion, as from a mouse.
              Q_EMIT pointer.pointerMotion(QPointF(effect.dx, effect.dy),
                  QPointF(effect.unaccelerated_dx, effect.unaccelerated_dy), now, &pointer);
              Q_EMIT pointer.pointerFrame(&pointer);
              break;

          default:
              // Their bindings are disabled at load (why_inactive()): they never come here.
              break;
        }
    }

    /** Presses the keys in order through the plugin's keyboard device (Shift first where a
     *  keysym is on a Shift level), then releases them in reverse, as a user's chord would. */
    void type_keys(const char *const *keysyms, uint32_t count, std::chrono::microseconds time)
    {
        std::string missing;
        const auto codes = gesto_host::key_codes(active_keymap(), active_layout(), keysyms, count, missing);
        if (!codes)
        {
            qCWarning(GESTO_KWIN, "gesto: keys: no key of the active keymap types %s; nothing is typed",
                missing.c_str());
            return;
        }

        for (uint32_t code : *codes)
        {
            Q_EMIT keyboard.keyChanged(code, KWin::KeyboardKeyState::Pressed, time, &keyboard);
        }

        for (auto code = codes->rbegin(); code != codes->rend(); ++code)
        {
            Q_EMIT keyboard.keyChanged(*code, KWin::KeyboardKeyState::Released, time, &keyboard);
        }
    }

    static void window_operation(uint32_t operation)
    {
        KWin::Window *window = KWin::workspace()->activeWindow();
        if (!window)
        {
            qCInfo(GESTO_KWIN, "gesto: window: no window is active");
            return;
        }

        switch (operation)
        {
          case GESTO_WINDOW_CLOSE:
            window->closeWindow();
            break;

          case GESTO_WINDOW_MINIMIZE:
            window->setMinimized(true);
            break;

          case GESTO_WINDOW_MAXIMIZE:
            // gesto's maximize toggles, as KWin's own "Maximize Window" shortcut.
            window->maximize(window->maximizeMode() == KWin::MaximizeFull ? KWin::MaximizeRestore
                                                                          : KWin::MaximizeFull);
            break;

          case GESTO_WINDOW_FULLSCREEN:
            window->setFullScreen(!window->isFullScreen());
            break;

          case GESTO_WINDOW_ACTIVATE:
          default:
            // The active window is active already.
            return;
        }

        qCInfo(GESTO_KWIN, "gesto: window: operation %u on %s", operation,
            qPrintable(window->resourceClass()));
    }

    /** KWin's virtual desktops are a grid: a step right, left, up or down is KWin's own move
     *  in that direction (wrapping as KWin's setting says). */
    static void switch_desktop(int dx, int dy)
    {
        using direction_t = KWin::VirtualDesktopManager::Direction;
        auto *desktops = KWin::VirtualDesktopManager::self();
        const direction_t direction = dx > 0 ? direction_t::Right : dx < 0 ? direction_t::Left
                                    : dy > 0 ? direction_t::Down : direction_t::Up;
        if ((dx == 0) && (dy == 0))
        {
            return;
        }

        desktops->moveTo(direction, desktops->isNavigationWrappingAround());
        qCInfo(GESTO_KWIN, "gesto: workspace: desktop %u", desktops->current());
    }
};

class factory_t : public KWin::PluginFactory
{
    Q_OBJECT
    Q_PLUGIN_METADATA(IID PluginFactory_iid FILE "metadata.json")
    Q_INTERFACES(KWin::PluginFactory)

  public:
    std::unique_ptr<KWin::Plugin> create() const override
    {
        return std::make_unique<plugin_t>();
    }
};
}

#include "gesto-kwin.moc"
