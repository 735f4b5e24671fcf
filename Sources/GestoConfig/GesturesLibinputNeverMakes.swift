// Bindings that load but that a touchpad can never fire: libinput reports two fingers moving
// together as scrolling (its `GESTURE_EVENT_SCROLL`, src/evdev-mt-touchpad-gestures.c: a
// 2-finger motion in one direction is a scroll, never a swipe), so its swipes have 3 or more
// fingers. They are warnings, not errors: `gestoctl trigger` still runs such a binding, and a
// config that loaded before still loads.

extension ConfigDecoder {
    /// Warns at each `swipe:2` binding (any direction, `drag:` ones are errors already) and
    /// each `long-press-drag:2` (its drag is a swipe after the press), naming what to bind.
    mutating func reportGesturesLibinputNeverMakes(_ bindings: [Binding]) {
        for binding in bindings where binding.gesture.device == .touchpad && binding.gesture.fingerCount == 2 {
            switch binding.gesture.gesture {
            case .swipe:
                warnings.append(ConfigWarning(
                    "\(binding.gesture) never fires from a touchpad: libinput reports two fingers moving together as scrolling, "
                    + "never as a swipe (its swipes have 3 or more fingers); bind swipe:3 or swipe:4, or for two fingers "
                    + "pinch:2, rotate:2 or hold:2, or touch-swipe:2 on a touchscreen (`gestoctl trigger` still runs it)",
                    at: binding.location))
            case .longPressDrag:
                warnings.append(ConfigWarning(
                    "\(binding.gesture)'s drag never begins on a touchpad: after the press libinput reports two fingers moving "
                    + "as scrolling, never as a swipe (its swipes have 3 or more fingers); bind long-press-drag:3, or "
                    + "touch-long-press-drag:2 on a touchscreen (`gestoctl trigger` still runs it)",
                    at: binding.location))
            case .pinch, .rotate, .hold, .longPress, .tap, .doubleTap, .edgeSwipe:
                break
            }
        }
    }
}
