// The lifecycle every stream recognizer shares (swipe, pinch, rotate): a recognizer is idle or
// tracks one contact stream, from the sample that starts it to the one that ends it; what an
// input that is no sample means is the same for each (a deadline nothing, the end of input the
// cancellation of the stream in progress), and so is how its state reads in a trace. A
// recognizer fills in only what its gesture decides: which samples it judges, what each sample
// does to its track, and the report the end of input makes. Flutter's
// OneSequenceGestureRecognizer is the model (STYLE.md §6).

/// What a stream recognizer keeps of the stream it tracks.
protocol StreamTrack: Sendable {
    /// The stream's finger count.
    var fingers: Int { get }
    /// How far the gesture is decided.
    var stage: TrackingStage { get }
}

/// Where a stream recognizer stands.
enum StreamState<Track: StreamTrack>: Sendable {
    /// No stream: waiting for a sample that starts one.
    case idle
    /// A stream in progress.
    case tracking(Track)

    /// Whether a stream is in progress.
    var isTracking: Bool {
        switch self {
        case .idle: false
        case .tracking: true
        }
    }

    /// The state as a trace names it (``RecognizerTransition``).
    var traceState: RecognizerTraceState {
        switch self {
        case .idle: .idle
        case .tracking(let track): RecognizerTraceState(name: track.stage.name, fingers: track.fingers)
        }
    }
}

/// A recognizer of one contact stream at a time (``StreamState``).
protocol StreamRecognizer: Recognizer where Value == GestureValue {
    associatedtype Track: StreamTrack
    /// Idle, or the stream tracked.
    var state: StreamState<Track> { get set }
    /// Whether `sample` belongs to a stream this recognizer judges (its device's, its kind's).
    func judges(_ sample: ContactSample) -> Bool
    /// What a sample it judges does to its state; `emit` receives its reports.
    mutating func handle(_ sample: ContactSample, emit: (RecognizedGesture) -> Void,
                         diagnose: (RecognizerDiagnostic) -> Void)
    /// The report of `track`, cancelled because the input ended at `time`, or nil where the
    /// stream's end is no outcome.
    func reportAtEndOfInput(_ track: Track, at time: Timestamp) -> GestureValue?
}

extension StreamRecognizer {
    /// Feeds one input: a sample it judges to ``handle(_:emit:diagnose:)``; the end of input
    /// ends the stream in progress, cancelled; a deadline does nothing (no stream waits for one).
    mutating func handleStream(_ input: RecognizerInput, emit: (RecognizedGesture) -> Void,
                               diagnose: (RecognizerDiagnostic) -> Void) {
        switch input {
        case .deadline:
            return
        case .endOfInput(let time):
            guard case .tracking(let track) = state else { return }
            state = .idle
            if let report = reportAtEndOfInput(track, at: time) { emit(.report(.cancelled(.endOfInput), report)) }
        case .sample(let sample):
            guard judges(sample) else { return }
            handle(sample, emit: emit, diagnose: diagnose)
        }
    }
}
