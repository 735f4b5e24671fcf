// libinput sometimes reports three or more fingers moving together as a pinch whose scale
// stays near 1 while the centre travels. That is a swipe, and this recognizer claims it
// (exclusively before the pinch recognizer) so it is reported as one.

/// Recognizes a swipe inside a libinput pinch of three or more fingers.
///
/// Silent while undecided. It reports `began` (then passes the swipe's reports) once the
/// centre has travelled the swipe threshold while the scale stayed within
/// 1 ± ``PinchSettings/swipeScaleTolerance``; it reports `failed` as soon as the scale leaves
/// that band first, or when the pinch ends without qualifying.
public struct PinchSwipeRecognizer: Recognizer {
    public typealias Value = GestureValue

    private var swipe: SwipeRecognizer
    private let tolerance: Double

    private enum State: Sendable {
        case idle
        /// Not yet a swipe nor rejected; the swipe's latest report is ``latest``.
        case undecided
        case swipe
        case rejected
    }

    private var state: State = .idle
    /// The inner swipe's latest report while undecided (nil before it reports).
    private var latest: GestureValue?

    /// Makes the recognizer from the swipe thresholds and the pinch scale tolerance.
    public init(swipe: SwipeSettings = SwipeSettings(), pinch: PinchSettings = PinchSettings()) {
        var recognizer = SwipeRecognizer(settings: swipe)
        recognizer.acceptsPinchEvents = true
        self.swipe = recognizer
        self.tolerance = pinch.swipeScaleTolerance
    }

    public var nextDeadline: Timestamp? { nil }

    /// The state as a trace names it (``RecognizerTransition``): the claim's stage, with the
    /// fingers of the inner swipe.
    var traceState: RecognizerTraceState {
        let fingers = swipe.traceState.fingers
        switch state {
        case .idle: return .idle
        case .undecided: return RecognizerTraceState(name: "undecided", fingers: fingers)
        case .swipe: return RecognizerTraceState(name: "swipe", fingers: fingers)
        case .rejected: return RecognizerTraceState(name: "rejected", fingers: fingers)
        }
    }

    public var isActive: Bool {
        switch state {
        case .idle: false
        case .undecided, .swipe, .rejected: true
        }
    }

    public mutating func handle(_ input: RecognizerInput, emit: (RecognizedGesture) -> Void) {
        if case .sample(let sample) = input, let kind = sample.touchpadGesture {
            guard kind == .pinch, sample.fingerCount >= 3 else {
                if kind == .pinch, isActive { abandon(at: sample.time, emit: emit) }
                return
            }
            if case .idle = state { state = .undecided; latest = nil }
            if sample.phase == .update, abs(sample.scale - 1) > tolerance, case .undecided = state {
                state = .rejected
                emit(.report(.failed, latest ?? GestureValue(name: .touchpad(.swipe(nil), fingers: sample.fingerCount), time: sample.time)))
            }
        }
        // The closure touches only locals: `self` is mutating through `swipe` meanwhile.
        var next = state, nextLatest = latest
        swipe.handle(input) { update in
            switch next {
            case .idle, .rejected:
                return
            case .swipe:
                emit(update)
            case .undecided:
                if update.phase.isFinal {
                    if update.phase == .ended {
                        emit(.report(.began, update.value))
                        emit(update)
                    } else {
                        emit(.report(.failed, update.value))
                    }
                } else if update.value.progress >= 1 {
                    next = .swipe
                    emit(.report(.began, update.value))
                } else {
                    nextLatest = update.value
                }
            }
        }
        state = swipe.isActive ? next : .idle
        latest = nextLatest
    }

    /// A pinch with fewer fingers took over: finish the inner swipe without a swipe outcome
    /// unless it had already been claimed.
    private mutating func abandon(at time: Timestamp, emit: (RecognizedGesture) -> Void) {
        var last: GestureValue? = nil
        swipe.handle(.endOfInput(time)) { last = $0.value }
        switch state {
        case .swipe:
            if let last { emit(.report(.cancelled(.fingerCountChanged), last)) }
        case .undecided:
            if let gesture = last ?? latest { emit(.report(.failed, gesture)) }
        case .idle, .rejected:
            break
        }
        state = .idle
    }
}
