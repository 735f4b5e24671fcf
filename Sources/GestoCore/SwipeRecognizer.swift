// Recognizes libinput swipes: direction, distance threshold, flick velocity, direction lock.
// State diagram: idle ─BEGIN/UPDATE→ tracking(possible) ─lock distance→ tracking(began)
//                tracking ─END→ ended | failed,  ─END cancelled→ cancelled,  ─other fingers→ cancelled.

/// Recognizes a swipe from libinput swipe events (and, for three or more fingers, from pinch
/// events whose scale stays near 1 when ``acceptsPinchEvents`` is set).
///
/// Reports `began` once the centroid has travelled ``SwipeSettings/lockDistance`` (the
/// direction is first known), `changed` on each later update, and at the END `ended` when the
/// swipe travelled ``SwipeSettings/threshold`` or was flicked faster than
/// ``SwipeSettings/velocity`` over at least ``SwipeSettings/flickMinimumDistance``, else
/// `failed`. Progress is travel along the direction divided by the threshold.
public struct SwipeRecognizer: Recognizer {
    public typealias Value = GestureValue

    /// The thresholds in force.
    public var settings: SwipeSettings
    /// Treat pinch events with three or more fingers as swipe motion (see ``PinchSwipeRecognizer``).
    public var acceptsPinchEvents = false

    private enum State: Sendable {
        case idle
        case tracking(Track)
    }

    private struct Track: Sendable {
        var fingers: Int
        var translation: Vector2 = .zero
        var stage = TrackingStage.possible
        var lockedDirection: SwipeDirection?
        var lastTime: Timestamp
    }

    private var state: State = .idle
    /// The finger velocity of the swipe in progress (beside the state: its samples are not
    /// copied with the state on every event).
    private var tracker = VelocityTracker()

    /// Makes a swipe recognizer with the given thresholds.
    public init(settings: SwipeSettings = SwipeSettings()) { self.settings = settings }

    public var nextDeadline: Timestamp? { nil }

    /// The state as a trace names it (``RecognizerTransition``).
    var traceState: RecognizerTraceState {
        switch state {
        case .idle: .idle
        case .tracking(let track): RecognizerTraceState(name: track.stage.name, fingers: track.fingers)
        }
    }

    public var isActive: Bool {
        switch state {
        case .idle: false
        case .tracking: true
        }
    }

    public mutating func handle(_ input: RecognizerInput, emit: (RecognizedGesture) -> Void,
                                diagnose: (RecognizerDiagnostic) -> Void) {
        switch input {
        case .deadline, .touches:
            return
        case .endOfInput(let time):
            guard case .tracking(let track) = state else { return }
            state = .idle
            emit(.report(.cancelled(.endOfInput), report(track, at: time, final: true)))
        case .event(let event):
            handle(event, emit: emit, diagnose: diagnose)
        }
    }

    private func accepts(_ event: GestureEvent) -> Bool {
        switch event.kind {
        case .swipe: true
        case .pinch: acceptsPinchEvents && event.fingerCount >= 3
        case .hold: false
        }
    }

    /// Feeds one libinput event (see ``handle(_:emit:diagnose:)``).
    private mutating func handle(_ event: GestureEvent, emit: (RecognizedGesture) -> Void,
                                 diagnose: (RecognizerDiagnostic) -> Void) {
        guard accepts(event) else { return }
        switch (state, event.phase) {
        case (.idle, .begin):
            start(event)
        case (.idle, .update):
            // libinput sends UPDATEs without BEGIN (a hold turning into motion, or a log that
            // starts mid-gesture): the first UPDATE begins the swipe.
            start(event)
            update(with: event, emit: emit)
        case (.idle, .end):
            // An END with nothing in progress: libinput's or the log's, ignore it.
            diagnose(RecognizerDiagnostic("swipe", fingers: event.fingerCount, state: "idle", event, outcome: "ignored: no swipe in progress"))
        case (.tracking(let track), .begin):
            // A BEGIN while tracking means the END was lost: the old swipe cannot complete.
            diagnose(RecognizerDiagnostic("swipe", fingers: track.fingers, state: track.stage.name, event,
                                          outcome: "the swipe in progress is cancelled: its END was lost"))
            emit(.report(.cancelled(.fingerCountChanged), report(track, at: event.time, final: true)))
            start(event)
        case (.tracking(let track), .update):
            if track.fingers != event.fingerCount {
                diagnose(RecognizerDiagnostic("swipe", fingers: track.fingers, state: track.stage.name, event,
                                              outcome: "cancelled: an UPDATE with \(event.fingerCount) fingers without an END and BEGIN"))
                emit(.report(.cancelled(.fingerCountChanged), report(track, at: event.time, final: true)))
                start(event)
            }
            update(with: event, emit: emit)
        case (.tracking(var track), .end):
            state = .idle
            track.lastTime = max(track.lastTime, event.time)
            if event.isCancelled {
                emit(.report(.cancelled(.cancelledByLibinput), report(track, at: event.time, final: true)))
            } else {
                let result = report(track, at: event.time, final: true)
                emit(.report(Self.meets(settings, translation: result.translation, velocity: result.velocity, direction: result.name)
                             ? .ended : .failed, result))
            }
        }
    }

    /// Starts tracking a swipe at `event` (its position there is the origin).
    private mutating func start(_ event: GestureEvent) {
        state = .tracking(Track(fingers: event.fingerCount, lastTime: event.time))
        tracker.reset()
        tracker.add(position: .zero, at: event.time)
    }

    private mutating func update(with event: GestureEvent, emit: (RecognizedGesture) -> Void) {
        guard case .tracking(var track) = state else { return }
        track.translation += event.unacceleratedDelta
        tracker.add(position: track.translation, at: event.time)
        track.lastTime = event.time
        var phase: RecognizerPhase? = nil
        switch track.stage {
        case .began:
            phase = .changed
        case .possible where track.translation.length >= settings.lockDistance:
            track.stage = .began
            if settings.directionLock {
                track.lockedDirection = SwipeDirection(of: track.translation, diagonals: settings.diagonals)
            }
            phase = .began
        case .possible:
            break  // Not yet the lock distance: no direction to report.
        }
        state = .tracking(track)
        if let phase { emit(.report(phase, report(track, at: event.time, final: false))) }
    }

    /// Whether a final report meets the thresholds: far enough, or a flick.
    public func isRecognized(_ gesture: RecognizedGesture) -> Bool {
        Self.meets(settings, translation: gesture.translation, velocity: gesture.velocity, direction: gesture.name)
    }

    /// Whether a swipe with `translation` and release `velocity` counts under `settings`:
    /// its travel along its direction reaches the threshold, or it travelled at least the
    /// flick distance and its velocity along the direction reaches the velocity threshold.
    public static func meets(_ settings: SwipeSettings, translation: Vector2, velocity: Vector2, direction name: GestureName) -> Bool {
        guard case .swipe(_, let direction?) = name else { return false }
        let axis = direction.unitVector
        let travel = translation.dot(axis)
        if travel >= settings.threshold { return true }
        return travel >= settings.flickMinimumDistance && velocity.dot(axis) >= settings.velocity
    }

    private func report(_ track: Track, at time: Timestamp, final: Bool) -> GestureValue {
        let velocity = tracker.velocity(at: time)
        let direction = track.lockedDirection
            ?? (track.stage == .began || final ? SwipeDirection(of: track.translation, diagonals: settings.diagonals) : nil)
        let travel = direction.map { track.translation.dot($0.unitVector) } ?? track.translation.length
        return GestureValue(
            name: .swipe(fingers: track.fingers, direction: direction),
            time: time,
            translation: track.translation,
            velocity: velocity,
            predictedEndTranslation: track.translation + RecognizerSettings.projection(of: velocity),
            progress: max(0, travel) / settings.threshold
        )
    }
}
