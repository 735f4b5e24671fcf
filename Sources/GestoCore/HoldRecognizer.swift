// Reports libinput holds that last: `hold:F` began once the fingers have rested for
// ``HoldSettings/minimumDuration`` (a timer: libinput sends nothing during a hold), ended at
// HOLD_END, cancelled when libinput cancels it (the fingers moved on into a swipe, pinch or scroll).
// A hold that ends or is cancelled before the minimum duration was a tap: it fails, saying why
// (``FailureReason``), so that a `hold:F` binding that did not fire can be explained.
// State diagram: idle ─HOLD_BEGIN→ pending ─deadline→ holding(began) ─HOLD_END→ ended
//                pending ─HOLD_END / other gesture / end of input→ failed
//                holding ─HOLD_END cancelled / other gesture / end of input→ cancelled

/// Reports libinput holds (fingers resting; libinput 1.19 and later).
///
/// A hold that libinput cancels after it began is reported `cancelled` with reason "cancelled
/// by libinput": libinput cancels the hold that precedes nearly every pinch and scroll, so
/// bindings must never fire on it. Progress is the time held over the minimum duration.
public struct HoldRecognizer: Recognizer {
    public typealias Value = GestureValue

    /// The thresholds in force.
    public var settings: HoldSettings

    private struct Rest: Sendable {
        var fingers: Int
        var since: Timestamp
        var deadline: Timestamp
    }

    private enum State: Sendable {
        case idle
        /// HOLD_BEGIN seen; not yet long enough to be a hold rather than a tap.
        case pending(Rest)
        /// Began: the fingers rested for the minimum duration.
        case holding(Rest)
    }

    private var state: State = .idle

    /// Makes a hold recognizer with the given thresholds.
    public init(settings: HoldSettings = HoldSettings()) { self.settings = settings }

    /// The state as a trace names it (``RecognizerTransition``).
    var traceState: RecognizerTraceState {
        switch state {
        case .idle: .idle
        case .pending(let rest): RecognizerTraceState(name: "pending", fingers: rest.fingers)
        case .holding(let rest): RecognizerTraceState(name: "holding", fingers: rest.fingers)
        }
    }

    public var nextDeadline: Timestamp? {
        switch state {
        case .idle, .holding: nil
        case .pending(let rest): rest.deadline
        }
    }

    public var isActive: Bool {
        switch state {
        case .idle: false
        case .pending, .holding: true
        }
    }

    public mutating func handle(_ input: RecognizerInput, emit: (RecognizedGesture) -> Void,
                                diagnose: (RecognizerDiagnostic) -> Void) {
        switch (state, input) {
        case (_, .sample(let sample)) where sample.touchpadGesture == nil:
            return  // libinput's holds are a touchpad's; a touchscreen's rest is a long press.
        case (.idle, .sample(let sample)):
            switch (sample.touchpadGesture, sample.phase) {
            case (.hold?, .begin):
                start(sample)
            case (.hold?, _):
                diagnose(RecognizerDiagnostic("hold", fingers: sample.fingerCount, state: "idle", sample, outcome: "ignored: no hold in progress"))
            case (_, _):
                return  // Not ours.
            }
        case (.idle, .deadline), (.idle, .endOfInput):
            return
        case (.pending(let rest), .deadline(let time)):
            // Every recognizer is fed every deadline that falls due: one before ours is normal.
            guard time >= rest.deadline else { return }
            state = .holding(rest)
            emit(.report(.began, report(rest, at: rest.deadline)))
        case (.pending(let rest), .endOfInput(let time)):
            state = .idle
            emit(.report(.failed, report(rest, at: time, failing: .endOfInput(beforeSeconds: settings.minimumDuration))))
        case (.pending(let rest), .sample(let sample)):
            switch (sample.touchpadGesture, sample.phase) {
            case (.hold?, .update), (.hold?, .beginAndEnd):
                // libinput sends none; nothing changes if a source does.
                diagnose(RecognizerDiagnostic("hold", fingers: rest.fingers, state: "pending", sample, outcome: "ignored: libinput sends no HOLD_UPDATE"))
            case (.hold?, .begin):
                diagnose(RecognizerDiagnostic("hold", fingers: rest.fingers, state: "pending", sample, outcome: "the hold in progress fails: its END was lost"))
                emit(.report(.failed, report(rest, at: sample.time, failing: .lostEnd(beforeSeconds: settings.minimumDuration))))
                start(sample)
            case (.hold?, .end), (.hold?, .cancel):
                // Lifted (a tap) or moved on before the minimum duration: never a hold.
                state = .idle
                let reason: FailureReason = sample.phase == .cancel ? .cancelledByLibinput(beforeSeconds: settings.minimumDuration)
                    : .shorterThan(seconds: settings.minimumDuration)
                emit(.report(.failed, report(rest, at: sample.time, failing: reason)))
            case (_, _):
                diagnose(RecognizerDiagnostic("hold", fingers: rest.fingers, state: "pending", sample,
                                              outcome: "the hold fails: libinput ends a hold before another gesture, this END was lost"))
                state = .idle
                emit(.report(.failed, report(rest, at: sample.time, failing: .lostEnd(beforeSeconds: settings.minimumDuration))))
            }
        case (.holding, .deadline):
            return
        case (.holding(let rest), .endOfInput(let time)):
            state = .idle
            emit(.report(.cancelled(.endOfInput), report(rest, at: time)))
        case (.holding(let rest), .sample(let sample)):
            switch (sample.touchpadGesture, sample.phase) {
            case (.hold?, .update), (.hold?, .beginAndEnd):
                diagnose(RecognizerDiagnostic("hold", fingers: rest.fingers, state: "holding", sample, outcome: "ignored: libinput sends no HOLD_UPDATE"))
            case (.hold?, .begin):
                diagnose(RecognizerDiagnostic("hold", fingers: rest.fingers, state: "holding", sample, outcome: "the hold in progress is cancelled: its END was lost"))
                emit(.report(.cancelled(.fingerCountChanged), report(rest, at: sample.time)))
                start(sample)
            case (.hold?, .end):
                state = .idle
                emit(.report(.ended, report(rest, at: sample.time)))
            case (.hold?, .cancel):
                state = .idle
                emit(.report(.cancelled(.cancelledByLibinput), report(rest, at: sample.time)))
            case (_, _):
                // libinput always ends a hold before another gesture; a source that lost the
                // HOLD_END still must not leave the hold open.
                diagnose(RecognizerDiagnostic("hold", fingers: rest.fingers, state: "holding", sample,
                                              outcome: "the hold is cancelled: libinput ends a hold before another gesture, this END was lost"))
                state = .idle
                emit(.report(.cancelled(.preempted), report(rest, at: sample.time)))
            }
        }
    }

    private mutating func start(_ sample: ContactSample) {
        state = .pending(Rest(fingers: sample.fingerCount, since: sample.time,
                              deadline: sample.time.advanced(bySeconds: settings.minimumDuration)))
    }

    /// The hold's value at `time`; `failing` is the reason of a failed report.
    private func report(_ rest: Rest, at time: Timestamp, failing reason: FailureReason? = nil) -> GestureValue {
        let held = max(0, time.seconds(since: rest.since)) / settings.minimumDuration
        // At least 1 from the deadline on: the timer, not float division, recognizes the hold.
        return GestureValue(name: .touchpad(.hold, fingers: rest.fingers), time: time,
                          progress: time >= rest.deadline ? max(1, held) : held, failureReason: reason)
    }
}
