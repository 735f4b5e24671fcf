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
    /// The frame reached an owned finger count: withhold it, and write a clean lift to the clone
    /// (every touch ended, every button up, one frame) at `time`, not earlier, and nothing else
    /// to it until then: ``FrameWithholding/tapSafeHold`` after the last finger the clone saw
    /// land, or the frame's own time when that has passed.
    case liftAndWithhold(at: Timestamp)
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

    /// How long every finger on the clone must have been down before the clean lift, in seconds:
    /// 0.3. Fingers land a few frames apart, so the clone sees one or two fingers before the
    /// owned count is reached; lifted at once they would be a tap to libinput (two fingers: a
    /// right click, three: a middle click that pastes). libinput 1.22 turns a touch held past
    /// its tap timeout, 180 ms (`DEFAULT_TAP_TIMEOUT_PERIOD`, evdev-mt-touchpad-tap.c), into a
    /// hold that lifts without a click; 0.3 s leaves room for a late frame.
    public static let tapSafeHold = 0.3

    /// The finger counts owned now (1 to 5; 5: five or more); set with
    /// ``setOwnedFingerCounts(_:fingers:at:)``. Changing it does not end a withheld stretch: the
    /// stretch ends when the fingers lift, so the clone never sees a touch begin in the middle
    /// of a gesture.
    public private(set) var ownedFingerCounts: Set<Int>
    public private(set) var state: State = .forwarding
    /// The fingers after the last frame, while they are followed (``isFollowingFingers``).
    public private(set) var fingers: TouchpadFingers
    /// When a finger last landed on the clone (a frame forwarded to it raised its count).
    public private(set) var cloneTouchDown: Timestamp?

    public init(ownedFingerCounts: Set<Int> = [], fingers: TouchpadFingers = TouchpadFingers()) {
        self.ownedFingerCounts = ownedFingerCounts
        self.fingers = fingers
    }

    /// Whether frames are read for their fingers: not while nothing is owned and no stretch is
    /// in progress, when every frame is forwarded whatever it holds (``fingers`` is then
    /// stale, and the counts' owner gives the fingers again when it owns something).
    public var isFollowingFingers: Bool { !ownedFingerCounts.isEmpty || state != .forwarding }

    /// Owns `counts` from now. When the fingers were not followed until now, `fingers` gives the
    /// device's fingers as they are (called only then), and fingers already down count as
    /// landed on the clone at `time`, so that their lift waits the whole ``tapSafeHold``.
    public mutating func setOwnedFingerCounts(_ counts: Set<Int>, fingers: () -> TouchpadFingers, at time: Timestamp) {
        if !isFollowingFingers && !counts.isEmpty {
            self.fingers = fingers()
            cloneTouchDown = self.fingers.count > 0 ? time : nil
        }
        ownedFingerCounts = counts
    }

    /// The device's fingers as they are now, after the reader lost events (SYN_DROPPED) and
    /// caught up, or when the proxy takes the touchpad: a stretch in progress goes on.
    public mutating func resynchronize(_ fingers: TouchpadFingers) {
        self.fingers = fingers
    }

    /// Follows one frame's events (without its `SYN_REPORT`), read at `time`, and says what
    /// the clone gets.
    public mutating func verdict(forFrame events: some Sequence<EvdevEvent>, at time: Timestamp) -> FrameVerdict {
        guard isFollowingFingers else { return .forward }
        let before = fingers.count
        for event in events { fingers.apply(event) }
        let after = fingers.count
        switch state {
        case .forwarding, .resuming:
            if after != before, ownedFingerCounts.contains(after) {
                // The clone has what the device had before this frame (all lifted after a stretch).
                let cloneHadFingers = state == .forwarding && before > 0
                state = .withholding
                guard cloneHadFingers, let down = cloneTouchDown else { return .liftAndWithhold(at: time) }
                return .liftAndWithhold(at: max(time, down.advanced(bySeconds: Self.tapSafeHold)))
            }
            let cloneBefore = state == .resuming ? 0 : before
            if after > cloneBefore { cloneTouchDown = time }
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
