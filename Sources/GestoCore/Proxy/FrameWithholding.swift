// gesto-inputd's one decision: which evdev frames of a touchpad reach the compositor's clone.
// The session's gestod owns some finger counts; a touch that reaches one of them is withheld
// from the frame it reaches it on until every finger has left, so nothing of an owned gesture
// reaches the compositor and libinput there never sees half of one (protocol/inputd.md).
//
// The decision is made per frame, on the finger count the frame leaves (TouchpadFingers), not
// on libinput's gesture: libinput needs several frames to tell a swipe from a pinch and
// reports it later still, and by then the compositor would have seen the start.

/// What to do with one frame of the touchpad, for its clone.
public enum FrameVerdict: Sendable, Hashable {
    /// Write the frame to the clone as it came.
    case forward
    /// The frame reached an owned finger count: write a clean lift to the clone instead (every
    /// touch ended, every button up, one frame), and withhold the frame.
    case liftAndWithhold
    /// Withhold the frame: a withheld stretch goes on.
    case withhold
    /// The first frame after a withheld stretch: write the device's whole state to the clone
    /// (the kernel passes on only what differs from the clone's), which brings the clone back
    /// to the touchpad, this frame's changes included.
    case forwardWholeState
}

/// The withholding state machine of one touchpad.
public struct FrameWithholding: Sendable {
    /// Where the touchpad is between frames.
    public enum State: Sendable, Hashable {
        /// Frames reach the clone.
        case forwarding
        /// A touch reached an owned finger count; frames are withheld until every finger lifts.
        case withholding
        /// Every finger lifted after a withheld stretch; the next frame brings the clone back
        /// to the device's state.
        case resuming
    }

    /// The finger counts owned now (1 to 5; 5: five or more). Changing it does not end a
    /// withheld stretch: the stretch ends when the fingers lift, so the clone never sees a
    /// touch begin in the middle of a gesture.
    public var ownedFingerCounts: Set<Int>
    public private(set) var state: State = .forwarding
    /// The fingers after the last frame.
    public private(set) var fingers: TouchpadFingers

    public init(ownedFingerCounts: Set<Int> = [], fingers: TouchpadFingers = TouchpadFingers()) {
        self.ownedFingerCounts = ownedFingerCounts
        self.fingers = fingers
    }

    /// Follows one frame's events (without its `SYN_REPORT`) and says what the clone gets.
    public mutating func verdict(forFrame events: some Sequence<EvdevEvent>) -> FrameVerdict {
        let before = fingers.count
        for event in events { fingers.apply(event) }
        let after = fingers.count
        switch state {
        case .forwarding, .resuming:
            if after != before, ownedFingerCounts.contains(after) {
                state = .withholding
                return .liftAndWithhold
            }
            if state == .resuming {
                state = .forwarding
                return .forwardWholeState
            }
            return .forward
        case .withholding:
            if after == 0 { state = .resuming }
            return .withhold
        }
    }
}
