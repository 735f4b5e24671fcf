// The three-finger drag (`drag: left` on a `swipe:3` binding): while the fingers of one swipe
// move, a pointer button is held and the pointer follows them, as macOS's three-finger drag
// and libinput 1.28's own do. Pure: it reads the touchpad's contact samples (their pointer
// motion, libinput's accelerated deltas: what the pointer makes under one finger; and their
// unaccelerated motion, for a pointer the compositor accelerates itself) and reports the drag's
// phases; gestod's virtual pointer, gesto-inputd's mouse or a compositor plugin presses, moves
// and releases.
//
// Beside swipe bindings of the same fingers, a stroke is first judged by its speed, as
// libinput 1.31 does (evdev-mt-touchpad-gestures.c, GESTURE_STATE_3FG_DRAG_OR_SWIPE: a swipe
// if the fingers moved 5 mm within 80 ms of touching, else the swipe is cancelled and the drag
// presses): a stroke that travels ``DragSettings/quickSwipeDistance`` within
// ``DragSettings/quickSwipeTime`` of its BEGIN is a quick swipe and is left to the swipe
// bindings; one that does not, or that follows a rest of the same fingers (a libinput hold),
// is the drag's, and the recognizers see that swipe cancelled (``DragClaim``).
//
//   idle ─swipe BEGIN (its fingers), no swipe bindings beside, or after a rest→ dragging [began: press]
//   idle ─swipe BEGIN (its fingers), swipe bindings beside→ deciding (deadline = BEGIN + quick-swipe time)
//   deciding ─UPDATE, travel reaches the quick-swipe distance, or a recognizer commits→ idle (a quick swipe)
//   deciding ─END, or another gesture begins→ idle (a quick swipe, or nothing)
//   deciding ─deadline→ dragging [began: press, changed: the motion so far] (the swipe is claimed)
//   dragging ─UPDATE→ dragging [changed: motion]
//   dragging ─END→ lifted (deadline = lift + lift timeout; none with the sticky lock)
//   lifted ─swipe BEGIN (same fingers) before the deadline→ dragging (the same drag goes on)
//   lifted ─hold BEGIN (same fingers)→ resting (fingers down again, no deadline)
//   resting ─hold END→ lifted (a new deadline) · resting ─swipe BEGIN→ dragging
//   resting ─hold END not cancelled (a tap of the same fingers), sticky lock→ idle [ended: release]
//   lifted/resting ─deadline, or any other gesture begins (a tap brings a hold)→ idle [ended: release]
//   lifted ─end of input→ idle [ended: release at the deadline, or at the end with the sticky lock]
//   dragging/lifted/resting ─END cancelled, end of input, interrupted→ idle [cancelled: release]
//
// The button is down in dragging, lifted and resting, so every way out of them reports the release.

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

/// What holds a drag's button after its fingers lift (libinput 1.27's drag lock,
/// `LIBINPUT_CONFIG_DRAG_LOCK_ENABLED_TIMEOUT` and `…_ENABLED_STICKY`).
public enum DragLock: String, Sendable, Hashable, CaseIterable {
    /// The button comes up ``DragSettings/liftTimeout`` after the lift unless the fingers come
    /// back (the default, as libinput's three-finger drag).
    case timeout
    /// The button stays down after the lift until the next tap (or any other gesture, or the
    /// drag's fingers resting and lifting without moving): libinput's "sticky" lock,
    /// recommended there for people with less-than-perfect dexterity, who need time to
    /// reposition their fingers.
    case sticky
}

/// How a drag tells its strokes from quick swipes, and how long it waits after its fingers lift.
public struct DragSettings: Sendable, Hashable {
    /// Seconds after the fingers lift during which the same number of fingers swiping again
    /// continues the drag; past it the button is released. 0.7 s, libinput's own (1.28,
    /// `evdev-mt-touchpad-gestures.c`, `tp_gesture_set_3fg_drag_timer`: the release timer is
    /// set 700 ms after the lift): long enough to lift and reposition three fingers on a
    /// small touchpad (fusuma #285, mtrack's drag lock), short enough that a finished drag
    /// drops before the user reaches for the next thing. Unused with the sticky lock.
    public var liftTimeout: Double = 0.7

    /// What holds the button after the lift: the lift timeout, or until the next tap.
    public var lock: DragLock = .timeout

    /// Beside swipe bindings of the drag's fingers: the travel, in unaccelerated delta units
    /// (about 10 per millimetre on real touchpads), that makes a stroke a quick swipe when it
    /// is reached within ``quickSwipeTime`` of libinput's SWIPE_BEGIN. 120 units (≈12 mm),
    /// between the corpus's three-finger strokes and its quick swipes 60 ms after their BEGIN
    /// (Tests/Fixtures, libinput 1.22 and the users' debug-events): the T480's Z has moved 92
    /// units, its b 53, its circle 62, while the quick three-finger swipes have moved 159
    /// (016), 189 (002) and 130 within 30 ms (004), the four-finger ones 280 to 740; about
    /// 1.3 times away on both sides. libinput 1.31's own rule is 5 mm within 80 ms of the
    /// fingers touching; gesto sees only libinput's gesture events, whose SWIPE_BEGIN comes
    /// after the fingers have started moving (81 ms after the touch in the T480's Z, which
    /// has moved 3 mm by then), so its window starts later and its distance is longer.
    public var quickSwipeDistance: Double = 120

    /// Seconds after libinput's SWIPE_BEGIN by which a quick swipe has travelled
    /// ``quickSwipeDistance``: 0.06. Also the longest a drag beside swipe bindings waits before
    /// it presses (the press then catches up with the motion so far); a drag after a rest of
    /// its fingers, or with no swipe binding beside it, presses at the BEGIN.
    public var quickSwipeTime: Double = 0.06

    /// The longest lift timeout a config may give, in seconds: 5. Longer, and a finished drag
    /// would hold the button for as long as it takes to notice nothing dropped.
    public static let longestLiftTimeout: Double = 5

    /// The longest quick-swipe time a config may give, in seconds: 0.3. Longer, and every drag
    /// beside swipe bindings would press late enough to feel (a long press is 0.18 s).
    public static let longestQuickSwipeTime: Double = 0.3

    public init(liftTimeout: Double = 0.7, lock: DragLock = .timeout, quickSwipeDistance: Double = 120, quickSwipeTime: Double = 0.06) {
        self.liftTimeout = liftTimeout
        self.lock = lock
        self.quickSwipeDistance = quickSwipeDistance
        self.quickSwipeTime = quickSwipeTime
    }
}

/// What a drag takes from the recognizers for one input (``PointerDrag/handle(_:emit:)``): a
/// stroke the drag presses for is its own, and the swipe recognizers must not act on it, as
/// libinput 1.31 cancels the swipe of a stroke it makes a drag.
public struct DragClaim: Sendable, Hashable {
    /// The input is part of the drag's stroke: the recognizers must not see it.
    public var withholdsInput = false
    /// The drag took, at this time, a stroke whose BEGIN the recognizers saw: they must see it
    /// cancelled then (before the input, if that is not withheld), and nothing more of it.
    public var cancelsSwipe: Timestamp? = nil

    /// Nothing taken.
    public static let none = DragClaim()
}

/// One drag: the state machine above, for one finger count and button.
///
/// Its reports are ``RecognizedGesture``s of the undirected swipe it follows (`swipe:3`):
/// `began` when the button goes down, `changed` as the pointer moves, `ended` when the lift
/// timeout passes or another gesture begins, `cancelled` when libinput cancels the swipe,
/// the input ends or the host interrupts the drag (``interrupt(at:reason:emit:)``). A report's
/// ``GestureValue/translation`` is the pointer's travel since the drag began, in libinput's
/// *accelerated* delta units (one unit is one pixel of pointer motion in wlroots): the
/// pointer moves by the change of translation from one report to the next. Its
/// ``GestureValue/unacceleratedTranslation`` is the same travel in libinput's unaccelerated
/// units, taken from each sample: what a pointer device moves by whose motion the compositor
/// accelerates itself (gesto-inputd's uinput mouse), so that it is not accelerated twice.
public struct PointerDrag: Sendable {
    /// The fingers whose swipes drag.
    public let fingerCount: Int
    /// The lift timeout, the lock and the quick-swipe rule.
    public let settings: DragSettings
    /// Whether swipe bindings of the same fingers share its strokes: then each stroke is first
    /// judged by its speed (a quick swipe is theirs), else every stroke presses at its BEGIN.
    public let sharesFingersWithSwipes: Bool

    enum State: Sendable, Hashable {
        /// No drag: the button is up.
        case idle
        /// A stroke of its fingers began at `deadline` minus the quick-swipe time: a quick swipe
        /// or a drag, decided once `deadline` has passed. `travel` is its unaccelerated motion so far,
        /// `translation` its accelerated one (the press catches up with it).
        case deciding(deadline: Timestamp, travel: Vector2, translation: Vector2)
        /// The fingers move: the pointer follows.
        case dragging
        /// The fingers lifted; the button stays down until `deadline` (nil: the sticky lock,
        /// until the next tap).
        case lifted(deadline: Timestamp?)
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
    /// While idle: when a rest of its fingers ended because they moved (libinput's HOLD_END
    /// cancelled), which makes the swipe that follows a drag at once.
    private var restMoved: Timestamp? = nil

    public init(fingerCount: Int, settings: DragSettings = DragSettings(), sharesFingersWithSwipes: Bool = false) {
        self.fingerCount = fingerCount
        self.settings = settings
        self.sharesFingersWithSwipes = sharesFingersWithSwipes
    }

    /// Whether the button is down.
    public var isHoldingButton: Bool {
        switch state {
        case .idle, .deciding: false
        case .dragging, .lifted, .resting: true
        }
    }

    /// The time the quick-swipe decision is due (just after its window closes: an update
    /// stamped at the window's last microsecond still counts, as in recordings whose times
    /// have two decimals), or the lift timeout ends.
    public var nextDeadline: Timestamp? {
        switch state {
        case .deciding(let deadline, _, _): deadline.advanced(byMicroseconds: 1)
        case .lifted(let deadline): deadline
        case .idle, .dragging, .resting: nil
        }
    }

    /// The swipe this drag follows, as bindings name it.
    public var name: GestureName { .touchpad(.swipe(nil), fingers: fingerCount) }

    /// Feeds one contact sample; `emit` receives the drag's reports. Returns what the
    /// recognizers must not see of the stroke. A drag moves the pointer by libinput's touchpad
    /// gestures: other devices' samples pass it by.
    @discardableResult
    public mutating func handle(_ sample: ContactSample, emit: (RecognizedGesture) -> Void) -> DragClaim {
        guard let kind = sample.touchpadGesture else { return .none }
        let isOurs = kind == .swipe && sample.fingerCount == fingerCount
        // libinput's END, cancelled or not, is one phase to the states below; `isCancelled`
        // tells them apart where it matters.
        let isCancelled = sample.phase == .cancel
        let phase: GestureEventPhase = switch sample.phase {
        case .begin: .begin
        case .update: .update
        case .end, .cancel, .beginAndEnd: .end
        }
        switch (state, phase) {
        case (.idle, .begin) where isOurs:
            let rested = restMoved.map { sample.time.seconds(since: $0) <= DragRecognizer.startTimeout } ?? false
            restMoved = nil
            if sharesFingersWithSwipes && !rested {
                state = .deciding(deadline: sample.time.advanced(bySeconds: settings.quickSwipeTime), travel: .zero, translation: .zero)
                return .none
            }
            press(at: sample.time, catchingUp: .zero, emit: emit)
            return DragClaim(withholdsInput: sharesFingersWithSwipes)
        case (.idle, .end):
            restMoved = kind == .hold && sample.fingerCount == fingerCount && isCancelled ? sample.time : nil
            return .none
        case (.idle, _):
            if phase == .begin { restMoved = nil }
            return .none
        case (.deciding(let deadline, let travel, let moved), _) where sample.time > deadline && isOurs:
            // The timer was late (a live one may not have fired yet): the stroke became the
            // drag's at its deadline, and this event is part of it.
            var claim = decideDrag(at: deadline, translation: moved, unaccelerated: travel, emit: emit)
            claim.withholdsInput = true
            handle(sample, emit: emit)
            return claim
        case (.deciding(let deadline, let travel, let moved), .update) where isOurs:
            let travelled = travel + (sample.motion ?? .zero)
            state = travelled.length >= settings.quickSwipeDistance
                ? .idle
                : .deciding(deadline: deadline, travel: travelled, translation: moved + (sample.pointerMotion ?? .zero))
            return .none
        case (.deciding, _):
            // Its END before the decision (the fingers lifted: a quick swipe), or another
            // gesture (the END was lost): nothing was pressed.
            state = .idle
            if phase == .begin { return handle(sample, emit: emit) }
            return .none
        case (.dragging, .update) where isOurs:
            guard let motion = sample.pointerMotion, motion != .zero else { return DragClaim(withholdsInput: sharesFingersWithSwipes) }
            translation += motion
            unacceleratedTranslation += sample.motion ?? .zero
            emit(report(.changed, at: sample.time))
            return DragClaim(withholdsInput: sharesFingersWithSwipes)
        case (.dragging, .end) where isOurs:
            if isCancelled {
                release(.cancelled(.cancelledByLibinput), at: sample.time, emit: emit)
            } else {
                state = .lifted(deadline: liftDeadline(after: sample.time))
            }
            return DragClaim(withholdsInput: sharesFingersWithSwipes)
        case (.dragging, _):
            // libinput reports one gesture at a time: another one means the swipe is over
            // without its END (a lost line); the drag does not outlive its fingers.
            if !isOurs, phase == .begin { release(.cancelled(.preempted), at: sample.time, emit: emit) }
            return .none
        case (.lifted(let deadline?), .begin) where sample.time >= deadline:
            // The timer was late (a replay feeds deadlines before events, a live one may not
            // have fired yet): the drag ended at its deadline, and this gesture is a new one.
            release(.ended, at: deadline, emit: emit)
            return handle(sample, emit: emit)
        case (.lifted, .begin), (.resting, .begin):
            if isOurs {
                state = .dragging
                return DragClaim(withholdsInput: sharesFingersWithSwipes)
            } else if kind == .hold && sample.fingerCount == fingerCount {
                state = .resting
            } else {
                // One or two fingers came back, or a pinch: the drag is over (libinput's
                // drag-3fg documentation: they end the drag and do what they would do).
                release(.ended, at: sample.time, emit: emit)
            }
            return .none
        case (.resting, .end):
            if settings.lock == .sticky && !isCancelled {
                // The drag's fingers rested and lifted without moving: a tap, which ends a
                // sticky drag.
                release(.ended, at: sample.time, emit: emit)
            } else {
                state = .lifted(deadline: liftDeadline(after: sample.time))
            }
            return .none
        case (.lifted, _), (.resting, _):
            return .none
        }
    }

    /// Feeds a deadline: the quick-swipe decision may be due, or the lift timeout may have
    /// passed. Returns the stroke the drag takes when it presses.
    @discardableResult
    public mutating func handleDeadline(_ time: Timestamp, emit: (RecognizedGesture) -> Void) -> DragClaim {
        switch state {
        case .deciding(let deadline, let travel, let moved) where time > deadline:
            return decideDrag(at: deadline, translation: moved, unaccelerated: travel, emit: emit)
        case .lifted(let deadline?) where time >= deadline:
            release(.ended, at: deadline, emit: emit)
            return .none
        case .idle, .deciding, .dragging, .lifted, .resting:
            return .none
        }
    }

    /// A recognizer of the swipe bindings beside it committed to the stroke being decided
    /// (``CommitmentTracker``): its early bindings may have run, so it is a quick swipe.
    public mutating func swipeCommitted() {
        if case .deciding = state { state = .idle }
    }

    /// Ends the drag now, whatever its state, releasing the button: `reason` says why
    /// (``CancellationReason/endOfInput`` when the input ended, ``CancellationReason/interrupted``
    /// when the host stops following the fingers: paused, locked, reloaded, the device gone,
    /// stopping). Nothing happens when no drag is in progress; a stroke still being decided
    /// never pressed, and is forgotten.
    public mutating func interrupt(at time: Timestamp, reason: CancellationReason = .interrupted,
                                   emit: (RecognizedGesture) -> Void) {
        switch state {
        case .idle:
            return
        case .deciding:
            state = .idle
        case .lifted(let deadline) where reason == .endOfInput:
            // The fingers had lifted: nothing more can continue the drag, which ends as its
            // timer would have ended it (with the sticky lock, now).
            release(.ended, at: max(deadline ?? time, began), emit: emit)
        case .dragging, .lifted, .resting:
            release(.cancelled(reason), at: max(time, began), emit: emit)
        }
    }

    /// The stroke being decided became the drag's at `time`: the button goes down where the
    /// fingers started, and the pointer catches up with their motion so far (`moved`
    /// accelerated, `unaccelerated` as libinput measured it).
    private mutating func decideDrag(at time: Timestamp, translation moved: Vector2, unaccelerated: Vector2,
                                     emit: (RecognizedGesture) -> Void) -> DragClaim {
        press(at: time, catchingUp: moved, unaccelerated: unaccelerated, emit: emit)
        return DragClaim(withholdsInput: false, cancelsSwipe: time)
    }

    private mutating func press(at time: Timestamp, catchingUp moved: Vector2, unaccelerated: Vector2 = .zero,
                                emit: (RecognizedGesture) -> Void) {
        state = .dragging
        translation = .zero
        unacceleratedTranslation = .zero
        began = time
        emit(report(.began, at: time))
        if moved != .zero || unaccelerated != .zero {
            translation = moved
            unacceleratedTranslation = unaccelerated
            emit(report(.changed, at: time))
        }
    }

    /// When the button comes up after a lift at `time`: nil with the sticky lock.
    private func liftDeadline(after time: Timestamp) -> Timestamp? {
        switch settings.lock {
        case .timeout: time.advanced(bySeconds: settings.liftTimeout)
        case .sticky: nil
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
