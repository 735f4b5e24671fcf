// Which libinput gesture sequences a set of bindings claims: what a compositor plugin asks
// at a sequence's BEGIN, before any recognizer has decided anything, to choose between
// consuming the whole sequence (the client and the compositor's other bindings never see it)
// and passing it through untouched. A sequence cannot be handed back once consumed, so a
// claim is a "may fire": any binding whose gesture libinput's kind and finger count can
// become.

extension GestureName {
    /// Whether a libinput sequence of `kind` with `fingers` fingers can be reported as this
    /// gesture: a swipe sequence as `swipe:F` or the drag of `long-press-drag:F`, a pinch
    /// sequence as `pinch:F` or `rotate:F`, a hold sequence as `hold:F`, `long-press:F` or the
    /// press of `long-press-drag:F`.
    public func canArise(from kind: GestureKind, fingers: Int) -> Bool {
        guard fingerCount == fingers else { return false }
        return libinputKinds.contains(kind)
    }

    /// The libinput gesture kinds this gesture is made of (a long-press-drag: a hold, then a
    /// swipe).
    public var libinputKinds: [GestureKind] {
        // Touchscreen gestures come from touch events, never from a touchpad gesture sequence.
        guard device == .touchpad else { return [] }
        return switch gesture {
        case .swipe: [.swipe]
        case .pinch, .rotate: [.pinch]
        case .hold, .longPress: [.hold]
        case .longPressDrag: [.hold, .swipe]
        case .tap, .doubleTap, .edgeSwipe: []
        }
    }
}

extension BindingRule {
    /// Whether this binding may fire on a libinput sequence of `kind` with `fingers` fingers
    /// while `focusedApp` is focused.
    public func claims(_ kind: GestureKind, fingers: Int, focusedApp: String?) -> Bool {
        gesture.canArise(from: kind, fingers: fingers) && applies(to: focusedApp)
    }
}
