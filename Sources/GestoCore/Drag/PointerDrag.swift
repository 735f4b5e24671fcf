// The three-finger drag (`drag: left` on a `swipe:3` binding): while the fingers of one swipe
// move, a pointer button is held and the pointer follows them, as macOS's three-finger drag
// and libinput 1.28's own do. Pure: it reads libinput's touchpad gesture events (their
// accelerated deltas, the motion the pointer makes under one finger, and their unaccelerated
// ones, for a pointer the compositor accelerates itself) and reports the drag's phases;
// gestod's virtual pointer, gesto-inputd's mouse or a compositor plugin presses, moves and releases.
//
//   idle ─swipe BEGIN (its fingers)→ dragging [began: press]
//   dragging ─UPDATE→ dragging [changed: motion]
//   dragging ─END→ lifted (deadline = lift + lift timeout)
//   lifted ─swipe BEGIN (same fingers) before the deadline→ dragging (the same drag goes on)
//   lifted ─hold BEGIN (same fingers)→ resting (fingers down again, no deadline)
//   resting ─hold END→ lifted (a new deadline) · resting ─swipe BEGIN→ dragging
//   lifted/resting ─deadline, or any other gesture begins→ idle [ended: release]
//   lifted ─end of input→ idle [ended: release at the deadline]
//   dragging/lifted/resting ─END cancelled, end of input, interrupted→ idle [cancelled: release]
//
// The button is down in every state but idle, so every way out of them reports the release.

/// The button a drag holds (`drag: left`), with its Linux input event code (`BTN_LEFT`…,
/// linux/input-event-codes.h), which both `wl_pointer.button` and the virtual pointer carry.
public enum DragButton: String, Sendable, Hashable, CaseIterable {
    case left
    case middle
    case right

    /// The `BTN_*` code: 0x110 left, 0x112 middle, 0x111 right.
    public var code: UInt32 {
        switch self {
        case .left: 0x110
        case .middle: 0x112
        case .right: 0x111
        }
    }
}

/// How long a drag waits, after its fingers lift, for them to come back and go on.
public struct DragSettings: Sendable, Hashable {
    /// Seconds after the fingers lift during which the same number of fingers swiping again
    /// continues the drag; past it the button is released. 0.7 s, libinput's own (1.28,
    /// `evdev-mt-touchpad-gestures.c`, `tp_gesture_set_3fg_drag_timer`: the release timer is
    /// set 700 ms after the lift): long enough to lift and reposition three fingers on a
    /// small touchpad (fusuma #285, mtrack's drag lock), short enough that a finished drag
    /// drops before the user reaches for the next thing.
    public var liftTimeout: Double = 0.7

    /// The longest lift timeout a config may give, in seconds: 5. Longer, and a finished drag
    /// would hold the button for as long as it takes to notice nothing dropped.
    public static let longestLiftTimeout: Double = 5

    public init(liftTimeout: Double = 0.7) {
        self.liftTimeout = liftTimeout
    }
}

/// One drag: the state machine above, for one finger count and button.
///
/// Its reports are ``RecognizedGesture``s of the undirected swipe it follows (`swipe:3`):
/// `began` when the button goes down, `changed` as the pointer moves, `ended` when the lift
/// timeout passes or another gesture begins, `cancelled` when libinput cancels the swipe,
/// the input ends or the host interrupts the drag (``interrupt(at:emit:)``). A report's
/// ``GestureValue/translation`` is the pointer's travel since the drag began, in libinput's
/// *accelerated* delta units (one unit is one pixel of pointer motion in wlroots): the
/// pointer moves by the change of translation from one report to the next. Its
/// ``GestureValue/unacceleratedTranslation`` is the same travel in libinput's unaccelerated
/// units, taken from each event: what a pointer device moves by whose motion the compositor
/// accelerates itself (gesto-inputd's uinput mouse), so that it is not accelerated twice.
public struct PointerDrag: Sendable {
    /// The fingers whose swipes drag.
    public let fingerCount: Int
    /// The lift timeout.
    public let settings: DragSettings

    enum State: Sendable, Hashable {
        /// No drag: the button is up.
        case idle
        /// The fingers move: the pointer follows.
        case dragging
        /// The fingers lifted at `liftTime`; the button stays down until `deadline`.
        case lifted(deadline: Timestamp)
        /// The same number of fingers rests on the touchpad again (a libinput hold): the drag
        /// waits for them to move.
        case resting
    }
    private(set) var state = State.idle
    /// The pointer's travel since the drag began (accelerated delta units).
    private var translation = Vector2.zero
    /// The same travel in unaccelerated delta units.
    private var unacceleratedTranslation = Vector2.zero
    /// The time the drag began.
    private var began = Timestamp(microseconds: 0)

    public init(fingerCount: Int, settings: DragSettings = DragSettings()) {
        self.fingerCount = fingerCount
        self.settings = settings
    }

    /// Whether the button is down.
    public var isHoldingButton: Bool { state != .idle }

    /// The time the lift timeout ends, while the fingers are lifted.
    public var nextDeadline: Timestamp? {
        if case .lifted(let deadline) = state { return deadline }
        return nil
    }

    /// The swipe this drag follows, as bindings name it.
    public var name: GestureName { .swipe(fingers: fingerCount, direction: nil) }

    /// Feeds one libinput gesture event; `emit` receives the drag's reports.
    public mutating func handle(_ event: GestureEvent, emit: (RecognizedGesture) -> Void) {
        let isOurs = event.kind == .swipe && event.fingerCount == fingerCount
        switch (state, event.phase) {
        case (.idle, .begin) where isOurs:
            state = .dragging
            translation = .zero
            unacceleratedTranslation = .zero
            began = event.time
            emit(report(.began, at: event.time))
        case (.idle, _):
            break
        case (.dragging, .update) where isOurs:
            guard event.delta != .zero else { return }
            translation += event.delta
            unacceleratedTranslation += event.unacceleratedDelta
            emit(report(.changed, at: event.time))
        case (.dragging, .end) where isOurs:
            if event.isCancelled {
                release(.cancelled(.cancelledByLibinput), at: event.time, emit: emit)
            } else {
                state = .lifted(deadline: event.time.advanced(bySeconds: settings.liftTimeout))
            }
        case (.dragging, _):
            // libinput reports one gesture at a time: another one means the swipe is over
            // without its END (a lost line); the drag does not outlive its fingers.
            if !isOurs, event.phase == .begin { release(.cancelled(.preempted), at: event.time, emit: emit) }
        case (.lifted(let deadline), .begin) where event.time >= deadline:
            // The timer was late (a replay feeds deadlines before events, a live one may not
            // have fired yet): the drag ended at its deadline, and this gesture is a new one.
            release(.ended, at: deadline, emit: emit)
            handle(event, emit: emit)
        case (.lifted, .begin), (.resting, .begin):
            if isOurs {
                state = .dragging
            } else if event.kind == .hold && event.fingerCount == fingerCount {
                state = .resting
            } else {
                // One or two fingers came back, or a pinch: the drag is over (libinput's
                // drag-3fg documentation: they end the drag and do what they would do).
                release(.ended, at: event.time, emit: emit)
            }
        case (.resting, .end):
            state = .lifted(deadline: event.time.advanced(bySeconds: settings.liftTimeout))
        case (.lifted, _), (.resting, _):
            break
        }
    }

    /// Feeds a deadline: the lift timeout may have passed.
    public mutating func handleDeadline(_ time: Timestamp, emit: (RecognizedGesture) -> Void) {
        guard case .lifted(let deadline) = state, time >= deadline else { return }
        release(.ended, at: deadline, emit: emit)
    }

    /// Ends the drag now, whatever its state, releasing the button: `reason` says why
    /// (``CancellationReason/endOfInput`` when the input ended, ``CancellationReason/interrupted``
    /// when the host stops following the fingers: paused, locked, reloaded, the device gone,
    /// stopping). Nothing happens when no drag is in progress.
    public mutating func interrupt(at time: Timestamp, reason: CancellationReason = .interrupted,
                                   emit: (RecognizedGesture) -> Void) {
        switch state {
        case .idle:
            return
        case .lifted(let deadline) where reason == .endOfInput:
            // The fingers had lifted: nothing more can continue the drag, which ends as its
            // timer would have ended it.
            release(.ended, at: max(deadline, began), emit: emit)
        case .dragging, .lifted, .resting:
            release(.cancelled(reason), at: max(time, began), emit: emit)
        }
    }

    private mutating func release(_ phase: RecognizerPhase, at time: Timestamp, emit: (RecognizedGesture) -> Void) {
        state = .idle
        emit(report(phase, at: time))
    }

    private func report(_ phase: RecognizerPhase, at time: Timestamp) -> RecognizedGesture {
        RecognizedGesture(name: name, phase: phase, time: time, translation: translation,
                          progress: phase == .began ? 0 : 1, unacceleratedTranslation: unacceleratedTranslation)
    }
}
