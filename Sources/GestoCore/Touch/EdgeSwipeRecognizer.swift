// `edge-swipe:EDGE[:F]` from a touchscreen's samples and their positions: a stroke that starts within the edge margin and
// moves inward, GNOME's `EdgeDragAction` (js/ui/edgeDragAction.js), lisgd's and hyprgrass's
// edge swipes. Composed `exclusively(before:)` the touch swipe: a stroke from an edge that
// moves inward is an edge swipe, not also a swipe.
//
//   idle ─first finger lands in an edge margin→ tracking(possible) ─inward ≥ lock→ began
//        ─other direction at lock→ failed;  ─lands elsewhere→ (not in progress: the swipe goes)
//   began ─frame→ changed ─last finger up→ ended | failed;  ─TOUCH_CANCEL→ cancelled

/// Recognizes swipes from a screen edge inward.
public struct EdgeSwipeRecognizer: Recognizer {
    public typealias Value = GestureValue

    /// The swipe thresholds.
    public let settings: SwipeSettings
    /// How close to an edge the stroke must start (``TouchSettings/edgeMargin``).
    public let margin: ContactDistance

    struct Track: Sendable {
        var edge: ScreenEdge
        var stage: TrackingStage
        var unit: ContactUnit
    }

    enum State: Sendable {
        case idle
        case tracking(Track)
        /// Not an edge swipe; nothing until the last finger lifts.
        case spent
    }

    private var state: State = .idle
    private var tracker = VelocityTracker()
    private var lastTranslation = Vector2.zero
    private var fingers = 1

    /// Makes a recognizer with the given thresholds.
    public init(settings: SwipeSettings = .touchscreen, margin: ContactDistance = TouchSettings().edgeMargin) {
        self.settings = settings
        self.margin = margin
    }

    public var nextDeadline: Timestamp? { nil }

    public var isActive: Bool {
        switch state {
        case .idle, .spent: false
        case .tracking: true
        }
    }

    /// The state as a trace names it (``RecognizerTransition``).
    var traceState: RecognizerTraceState {
        switch state {
        case .idle: .idle
        case .tracking(let track): RecognizerTraceState(name: "\(track.stage.name) from \(track.edge.rawValue)", fingers: fingers)
        case .spent: RecognizerTraceState(name: "spent", fingers: fingers)
        }
    }

    /// The edge whose margin `point` is in (the nearest, in a corner), or nil.
    public static func edge(of point: Vector2, extent: Vector2, margin: Double) -> ScreenEdge? {
        let distances: [(ScreenEdge, Double)] = [
            (.left, point.x), (.right, extent.x - point.x), (.top, point.y), (.bottom, extent.y - point.y),
        ]
        guard let nearest = distances.min(by: { $0.1 < $1.1 }), nearest.1 <= margin else { return nil }
        return nearest.0
    }

    public mutating func handle(_ input: RecognizerInput, emit: (RecognizedGesture) -> Void,
                                diagnose: (RecognizerDiagnostic) -> Void) {
        switch input {
        case .deadline:
            return
        case .sample(let sample):
            // Edge swipes read positions: a touchpad's samples have none.
            guard let positions = sample.positions else { return }
            handle(sample, positions, emit: emit)
        case .endOfInput(let time):
            if case .tracking(let track) = state {
                emit(.report(track.stage == .began ? .cancelled(.endOfInput) : .failed, value(track, at: time)))
            }
            state = .idle
        }
    }

    private mutating func handle(_ sample: ContactSample, _ positions: ContactPositions, emit: (RecognizedGesture) -> Void) {
        let isStrokeEnd = sample.fingersDown == 0, isCancelled = sample.phase == .cancel
        lastTranslation = positions.translation
        fingers = max(1, sample.fingerCount)
        switch state {
        case .idle:
            guard !isStrokeEnd, !isCancelled else { return }
            guard let edge = Self.edge(of: positions.origin, extent: positions.extent,
                                       margin: margin.value(in: sample.unit)) else {
                state = .spent
                return
            }
            tracker.reset()
            tracker.add(position: positions.translation, at: sample.time)
            state = .tracking(Track(edge: edge, stage: .possible, unit: sample.unit))
        case .tracking(var track):
            if isCancelled {
                state = .idle
                emit(.report(track.stage == .began ? .cancelled(.cancelledByLibinput) : .failed, value(track, at: sample.time)))
                return
            }
            tracker.add(position: positions.translation, at: sample.time)
            let current = value(track, at: sample.time)
            if isStrokeEnd {
                state = .idle
                // The swipe's own verdict, along the edge's inward direction.
                let counts = SwipeRecognizer.meets(settings, translation: current.translation, velocity: current.velocity,
                                                   direction: track.edge.inward, unit: track.unit)
                let inward = SwipeDirection(of: current.translation, diagonals: false) == track.edge.inward
                emit(.report(counts && inward && track.stage == .began ? .ended : .failed, current))
                return
            }
            switch track.stage {
            case .possible:
                guard positions.translation.length >= settings.lockDistance.value(in: track.unit) else { return }
                guard SwipeDirection(of: positions.translation, diagonals: false) == track.edge.inward else {
                    state = .spent
                    emit(.report(.failed, current))
                    return
                }
                track.stage = .began
                state = .tracking(track)
                emit(.report(.began, current))
            case .began:
                emit(.report(.changed, current))
            }
        case .spent:
            if isStrokeEnd || isCancelled { state = .idle }
        }
    }

    private func value(_ track: Track, at time: Timestamp) -> GestureValue {
        let velocity = tracker.velocity(at: time)
        let inward = track.edge.inward.unitVector
        let distance = max(0, lastTranslation.dot(inward))
        let threshold = settings.threshold.value(in: track.unit)
        return GestureValue(name: .touchscreen(.edgeSwipe(track.edge), fingers: fingers), time: time,
                            translation: lastTranslation, velocity: velocity,
                            predictedEndTranslation: lastTranslation + RecognizerSettings.projection(of: velocity),
                            progress: threshold > 0 ? distance / threshold : 0)
    }
}
