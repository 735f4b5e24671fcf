// Reports libinput holds as they are: `hold:F` began at HOLD_BEGIN, ended at HOLD_END, or
// cancelled when libinput cancels it (fingers moved: the hold became a swipe, pinch or scroll).
// State diagram: idle ─HOLD_BEGIN→ holding ─HOLD_END→ ended | cancelled; other gesture → cancelled.

/// Reports libinput holds (fingers resting; libinput 1.19 and later).
///
/// A hold that libinput cancels is reported `cancelled` with reason "cancelled by libinput":
/// libinput cancels the hold that precedes nearly every pinch and scroll, so bindings must
/// never fire on it.
public struct HoldRecognizer: Recognizer {
    public typealias Value = RecognizedGesture

    private enum State: Sendable {
        case idle
        case holding(fingers: Int, since: Timestamp)
    }

    private var state: State = .idle

    public init() {}

    public var nextDeadline: Timestamp? { nil }

    public var isActive: Bool {
        switch state {
        case .idle: false
        case .holding: true
        }
    }

    public mutating func handle(_ input: RecognizerInput, emit: (RecognizerUpdate<RecognizedGesture>) -> Void) {
        switch input {
        case .deadline:
            return
        case .endOfInput(let time):
            guard case .holding(let fingers, let since) = state else { return }
            state = .idle
            emit(.report(.cancelled(.endOfInput), report(fingers, since, at: time)))
        case .event(let event):
            switch (state, event.kind, event.phase) {
            case (.idle, .hold, .begin):
                state = .holding(fingers: event.fingerCount, since: event.time)
                emit(.report(.began, report(event.fingerCount, event.time, at: event.time)))
            case (.idle, _, _):
                return  // A HOLD_END with no hold in progress, or other gestures: not ours.
            case (.holding(let fingers, let since), .hold, .begin):
                emit(.report(.cancelled(.fingerCountChanged), report(fingers, since, at: event.time)))
                state = .holding(fingers: event.fingerCount, since: event.time)
                emit(.report(.began, report(event.fingerCount, event.time, at: event.time)))
            case (.holding, .hold, .update):
                return  // libinput sends none; nothing changes if a source does.
            case (.holding(let fingers, let since), .hold, .end):
                state = .idle
                let phase: RecognizerPhase = event.isCancelled ? .cancelled(.cancelledByLibinput) : .ended
                emit(.report(phase, report(fingers, since, at: event.time)))
            case (.holding(let fingers, let since), .swipe, _), (.holding(let fingers, let since), .pinch, _):
                // libinput always ends a hold before another gesture; a source that lost the
                // HOLD_END still must not leave the hold open.
                state = .idle
                emit(.report(.cancelled(.preempted), report(fingers, since, at: event.time)))
            }
        }
    }

    private func report(_ fingers: Int, _ since: Timestamp, at time: Timestamp) -> RecognizedGesture {
        RecognizedGesture(name: .hold(fingers: fingers), phase: .began, time: time, progress: 1)
    }
}
