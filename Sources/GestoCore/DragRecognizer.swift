// The drag stage of long-press-drag: after the press completes, libinput reports
// HOLD_END (cancelled) and then SWIPE_BEGIN/UPDATE/END with the same fingers. Follows the
// finger with no threshold, as SwiftUI's `DragGesture(minimumDistance: 0)` after a long press.
//
// State diagram:
//   waiting ─HOLD_END cancelled→ waiting(moved, deadline = now + start timeout)
//   waiting ─SWIPE_BEGIN/UPDATE, same fingers→ dragging ─SWIPE_END→ ended; cancelled END→ cancelled
//   waiting ─HOLD_END (lifted)→ failed;  ─timeout / pinch / other fingers→ cancelled

/// Follows a swipe that continues a hold; `fingers` is set by the press that armed it.
public struct DragRecognizer: Recognizer {
    public typealias Value = GestureValue

    /// How long after libinput cancels the hold a swipe may take to begin, in seconds: 0.25.
    /// libinput begins the swipe in the same or the next frame; a cancelled hold that is
    /// followed by no swipe is a scroll (which sends no gesture events).
    public static let startTimeout = 0.25

    /// The finger count the drag must keep (nil: whatever the first event has).
    public var fingers: Int?

    private struct Drag: Sendable {
        var fingers: Int
        var translation: Vector2 = .zero
    }

    private enum State: Sendable {
        case waiting(deadline: Timestamp?)
        case dragging(Drag)
    }

    private var state: State = .waiting(deadline: nil)
    private var hasStarted = false
    /// The drag's velocity (beside the state: not copied with it on every event).
    private var tracker = VelocityTracker()

    public init(fingers: Int? = nil) { self.fingers = fingers }

    public var nextDeadline: Timestamp? {
        switch state {
        case .waiting(let deadline): deadline
        case .dragging: nil
        }
    }

    /// The state as a trace names it (``RecognizerTransition``).
    var traceState: RecognizerTraceState {
        switch state {
        case .waiting: RecognizerTraceState(name: "waiting", fingers: fingers)
        case .dragging(let drag): RecognizerTraceState(name: "dragging", fingers: drag.fingers)
        }
    }

    /// A drag is in progress from the moment the press hands over to it until it finishes.
    public var isActive: Bool { hasStarted }

    public mutating func handle(_ input: RecognizerInput, emit: (RecognizedGesture) -> Void) {
        hasStarted = true
        switch (state, input) {
        case (_, .touches):
            return  // Touchscreen frames are the touch recognizers' (GestoCore/Touch).
        case (.waiting(let deadline), .deadline(let time)):
            guard let deadline, time >= deadline else { return }
            finish(.cancelled(.timeout), Drag(fingers: fingers ?? 0), at: time, emit: emit)
        case (.waiting, .endOfInput(let time)):
            finish(.cancelled(.endOfInput), Drag(fingers: fingers ?? 0), at: time, emit: emit)
        case (.dragging(let drag), .endOfInput(let time)):
            finish(.cancelled(.endOfInput), drag, at: time, emit: emit)
        case (.dragging, .deadline):
            return
        case (.waiting, .event(let event)):
            switch (event.kind, event.phase) {
            case (.hold, .end) where event.isCancelled:
                state = .waiting(deadline: event.time.advanced(bySeconds: Self.startTimeout))
            case (.hold, .end), (.hold, .begin), (.hold, .update):
                // Lifted without dragging, or a new hold: the drag never happened.
                finish(.failed, Drag(fingers: fingers ?? event.fingerCount), at: event.time, emit: emit)
            case (.swipe, .begin), (.swipe, .update):
                guard fingers == nil || fingers == event.fingerCount else {
                    finish(.cancelled(.fingerCountChanged), Drag(fingers: fingers ?? 0), at: event.time, emit: emit)
                    return
                }
                var drag = Drag(fingers: event.fingerCount)
                tracker.reset()
                tracker.add(position: .zero, at: event.time)
                drag.translation = event.unacceleratedDelta
                if event.phase == .update { tracker.add(position: drag.translation, at: event.time) }
                state = .dragging(drag)
                emit(.report(.began, report(drag, at: event.time)))
            case (.swipe, .end):
                finish(event.isCancelled ? .cancelled(.cancelledByLibinput) : .failed,
                       Drag(fingers: fingers ?? event.fingerCount), at: event.time, emit: emit)
            case (.pinch, _):
                finish(.cancelled(.preempted), Drag(fingers: fingers ?? event.fingerCount), at: event.time, emit: emit)
            }
        case (.dragging(var drag), .event(let event)):
            switch (event.kind, event.phase) {
            case (.swipe, .update) where event.fingerCount == drag.fingers:
                drag.translation += event.unacceleratedDelta
                tracker.add(position: drag.translation, at: event.time)
                state = .dragging(drag)
                emit(.report(.changed, report(drag, at: event.time)))
            case (.swipe, .end):
                finish(event.isCancelled ? .cancelled(.cancelledByLibinput) : .ended, drag, at: event.time, emit: emit)
            case (.swipe, .update), (.swipe, .begin):
                finish(.cancelled(.fingerCountChanged), drag, at: event.time, emit: emit)
            case (.hold, _), (.pinch, _):
                finish(.cancelled(.preempted), drag, at: event.time, emit: emit)
            }
        }
    }

    private mutating func finish(_ phase: RecognizerPhase, _ drag: Drag, at time: Timestamp,
                                 emit: (RecognizedGesture) -> Void) {
        state = .waiting(deadline: nil)
        hasStarted = false
        emit(.report(phase, report(drag, at: time)))
    }

    private func report(_ drag: Drag, at time: Timestamp) -> GestureValue {
        let velocity = tracker.velocity(at: time)
        return GestureValue(name: .longPressDrag(fingers: drag.fingers), time: time,
            translation: drag.translation, velocity: velocity,
            predictedEndTranslation: drag.translation + RecognizerSettings.projection(of: velocity),
            progress: 1)
    }
}

/// `long-press-drag:F`: a long press sequenced before a drag with the same fingers.
///
/// Phases (issue stream of iOS drag-to-reorder): `arming` at HOLD_BEGIN, `began` when the
/// press completes (timer), `changed` while dragging, then `ended` at SWIPE_END, `failed` if
/// the press fails or the fingers lift without dragging, `cancelled` for a cancelled swipe, a
/// finger-count change or a drag that never starts. Disabled, it never arms.
public struct LongPressDragRecognizer: Recognizer {
    public typealias Value = GestureValue

    /// Whether it recognizes at all (``LongPressSettings/dragEnabled``).
    public var isEnabled: Bool
    private var sequence: SequencedRecognizer<LongPressRecognizer, DragRecognizer>

    /// Makes the recognizer with the long-press thresholds.
    public init(settings: LongPressSettings = LongPressSettings()) {
        isEnabled = settings.dragEnabled
        sequence = LongPressRecognizer(settings: settings, continuous: false).sequenced(before: DragRecognizer())
    }

    public var nextDeadline: Timestamp? { isEnabled ? sequence.nextDeadline : nil }
    public var isActive: Bool { isEnabled && sequence.isActive }

    /// The state as a trace names it (``RecognizerTransition``): the press's while it arms,
    /// then the drag's.
    var traceState: RecognizerTraceState {
        guard isActive else { return .idle }
        return sequence.isInSecondStage ? sequence.second.traceState : sequence.first.traceState
    }

    public mutating func handle(_ input: RecognizerInput, emit: (RecognizedGesture) -> Void) {
        guard isEnabled else { return }
        // Idle, only a HOLD_BEGIN can start the press (LongPressRecognizer): any other event
        // would pass through the sequence and change nothing. Most events are swipe motion.
        if !sequence.isActive, case .event(let event) = input, event.kind != .hold || event.phase != .begin { return }
        if case .event(let event) = input, event.kind == .hold, event.phase == .begin, !sequence.isActive {
            sequence.second.fingers = event.fingerCount
        }
        let fingers = sequence.second.fingers ?? 0
        sequence.handle(input) { update in
            var gesture: GestureValue
            switch update.value {
            case .first(let press):
                gesture = press
                gesture.translation = .zero
            case .second(let press, let drag?):
                gesture = drag
                gesture.progress = press.progress
            case .second(let press, nil):
                gesture = press
                gesture.translation = .zero
            }
            gesture.name = .longPressDrag(fingers: fingers)
            emit(.report(update.phase, gesture))
        }
    }
}
