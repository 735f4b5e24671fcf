// Recognizes swipes on every device, from contact samples (ContactSample.swift): a touchpad's
// libinput swipes (`swipe:F:DIR`, and libinput pinches of three or more fingers that are swipes,
// PinchSwipeRecognizer) and a touchscreen's strokes (`touch-swipe:F:DIR`): direction, distance
// threshold, flick velocity, direction lock.
//
//   idle ─begin/update→ tracking(possible) ─settled, travel ≥ lock distance→ tracking(began) [began] ─→ [changed]
//   tracking ─end→ [ended | failed] ─→ idle;  ─cancel→ [cancelled] ─→ idle;  ─end of input→ [cancelled]
//   (a touchscreen stroke that never began a swipe ends unreported, unless its lift is one)
//   tracking ─another finger count, fingers settled (libinput lost an END and BEGIN)→ [cancelled] restart
//   tracking ─another finger count while fingers land (a touchscreen)→ ([cancelled] if began) restart

/// Recognizes a swipe of F fingers on one kind of device.
///
/// Reports `began` once the centroid has travelled ``SwipeSettings/lockDistance`` with the
/// fingers settled (the direction is first known), `changed` on each later motion, and at the
/// lift `ended` when the swipe travelled ``SwipeSettings/threshold`` along its direction or was
/// flicked along it faster than ``SwipeSettings/velocity`` over at least
/// ``SwipeSettings/flickMinimumDistance``, else `failed`. Progress is the travel along the
/// direction divided by the threshold. Distances are the settings' values in the device's unit.
public struct SwipeRecognizer: StreamRecognizer {
    public typealias Value = GestureValue

    /// The thresholds in force.
    public var settings: SwipeSettings
    /// The device whose streams it judges (the other's samples pass it by).
    public let device: ContactDevice
    /// On a touchpad, also treat libinput pinches of three or more fingers as swipe motion
    /// (see ``PinchSwipeRecognizer``).
    public var acceptsPinchEvents = false

    struct Track: StreamTrack {
        var fingers: Int
        var unit: ContactUnit
        /// The device said this stream is a swipe (libinput's swipe, or pinch of three or more
        /// fingers on a touchpad); a touchscreen's stroke is only possibly one.
        var isClassified: Bool
        var translation: Vector2 = .zero
        var stage = TrackingStage.possible
        var lockedDirection: SwipeDirection?

        /// Whether the swipe's end is an outcome: once it began, or where the device classified
        /// the stream as a swipe. A touchscreen stroke that never began a swipe ends unreported
        /// unless its lift is a swipe (a flick over before the fingers settled).
        var hasOutcome: Bool { stage == .began || isClassified }
    }

    var state = StreamState<Track>.idle
    /// The finger velocity of the swipe in progress (beside the state: its samples are not
    /// copied with the state on every event).
    private var tracker = VelocityTracker()

    /// Makes a swipe recognizer for `device` with the given thresholds.
    public init(settings: SwipeSettings = SwipeSettings(), device: ContactDevice = .touchpad) {
        self.settings = settings
        self.device = device
    }

    public var nextDeadline: Timestamp? { nil }

    /// The recognizer's kind as diagnostics and traces name it: `swipe` on a touchpad, `touch-swipe` on a touchscreen.
    var kindName: String { GestureName.keyword(.swipe, on: device) }

    /// The state as a trace names it (``RecognizerTransition``).
    var traceState: RecognizerTraceState { state.traceState }

    public var isActive: Bool { state.isTracking }

    /// The gesture's name on this device.
    private func name(_ fingers: Int, _ direction: SwipeDirection?) -> GestureName {
        GestureName(.swipe(direction), fingers: fingers, on: device)
    }

    /// Whether `sample` belongs to a stream this recognizer judges: libinput's swipes on a
    /// touchpad (and its pinches of three or more fingers where ``acceptsPinchEvents``), every
    /// stroke on a touchscreen.
    func judges(_ sample: ContactSample) -> Bool {
        guard sample.device == device else { return false }
        switch sample.touchpadGesture {
        case nil, .swipe?: return true
        case .pinch?: return acceptsPinchEvents && sample.fingerCount >= 3
        case .hold?: return false
        }
    }

    public mutating func handle(_ input: RecognizerInput, emit: (RecognizedGesture) -> Void,
                                diagnose: (RecognizerDiagnostic) -> Void) {
        handleStream(input, emit: emit, diagnose: diagnose)
    }

    func reportAtEndOfInput(_ track: Track, at time: Timestamp) -> GestureValue? {
        track.hasOutcome ? report(track, at: time, final: true) : nil
    }

    mutating func handle(_ sample: ContactSample, emit: (RecognizedGesture) -> Void,
                                 diagnose: (RecognizerDiagnostic) -> Void) {
        switch (state, sample.phase) {
        case (.idle, .begin):
            start(sample)
        case (.idle, .update):
            // libinput sends UPDATEs without BEGIN (a hold turning into motion, or a log that
            // starts mid-gesture): the first UPDATE begins the swipe.
            start(sample)
            update(with: sample, emit: emit)
        case (_, .beginAndEnd):
            return  // A stream of one sample moved nothing: taps judge it.
        case (.idle, .end), (.idle, .cancel):
            // An END with nothing in progress: libinput's or the log's, ignore it.
            diagnose(RecognizerDiagnostic(kindName, fingers: sample.fingerCount, state: "idle", sample, outcome: "ignored: no swipe in progress"))
        case (.tracking(let track), .begin):
            // A BEGIN while tracking means the END was lost: the old swipe cannot complete.
            diagnose(RecognizerDiagnostic(kindName, fingers: track.fingers, state: track.stage.name, sample,
                                          outcome: "the swipe in progress is cancelled: its END was lost"))
            emit(.report(.cancelled(.fingerCountChanged), report(track, at: sample.time, final: true)))
            start(sample)
        case (.tracking(let track), .update):
            guard track.fingers == sample.fingerCount else {
                restart(track, at: sample, emit: emit, diagnose: diagnose)
                return
            }
            update(with: sample, emit: emit)
        case (.tracking(var track), .end):
            state = .idle
            // A touchscreen's last frame is a position too; libinput's END carries none.
            if let motion = sample.motion {
                track.translation += motion
                tracker.add(position: track.translation, at: sample.time)
            }
            let result = report(track, at: sample.time, final: true)
            let isRecognized = isRecognized(result, unit: track.unit)
            if track.hasOutcome || isRecognized { emit(.report(isRecognized ? .ended : .failed, result)) }
        case (.tracking(let track), .cancel):
            state = .idle
            if track.hasOutcome { emit(.report(.cancelled(.cancelledByLibinput), report(track, at: sample.time, final: true))) }
        }
    }

    /// Another finger count in the middle of a swipe. While a touchscreen's fingers land, that is
    /// the same stroke gaining fingers: before the swipe began they are part of it (it restarts
    /// here, unreported), after, it is another gesture from here. Once the fingers have settled
    /// (always, on a touchpad) it means libinput's END and BEGIN were lost: the swipe in progress
    /// is cancelled and the new one starts with this sample's motion.
    private mutating func restart(_ track: Track, at sample: ContactSample, emit: (RecognizedGesture) -> Void,
                                  diagnose: (RecognizerDiagnostic) -> Void) {
        guard sample.isSettled else {
            if track.stage == .began {
                // The frame's motion is the old fingers' (over the touches in both frames): it
                // ends the old swipe, and the new one starts after it.
                var last = track
                last.translation += sample.motion ?? .zero
                emit(.report(.cancelled(.fingerCountChanged), report(last, at: sample.time, final: true)))
            }
            start(sample)
            return
        }
        diagnose(RecognizerDiagnostic(kindName, fingers: track.fingers, state: track.stage.name, sample,
                                      outcome: "cancelled: an UPDATE with \(sample.fingerCount) fingers without an END and BEGIN"))
        emit(.report(.cancelled(.fingerCountChanged), report(track, at: sample.time, final: true)))
        start(sample)
        update(with: sample, emit: emit)
    }

    /// Starts tracking a swipe at `sample` (its position there is the origin).
    private mutating func start(_ sample: ContactSample) {
        state = .tracking(Track(fingers: sample.fingerCount, unit: sample.unit, isClassified: sample.touchpadGesture != nil))
        tracker.reset()
        tracker.add(position: .zero, at: sample.time)
    }

    private mutating func update(with sample: ContactSample, emit: (RecognizedGesture) -> Void) {
        guard case .tracking(var track) = state else { return }
        track.translation += sample.motion ?? .zero
        tracker.add(position: track.translation, at: sample.time)
        var phase: RecognizerPhase? = nil
        switch track.stage {
        case .began:
            phase = .changed
        case .possible where sample.isSettled && track.translation.length >= settings.lockDistance.value(in: track.unit):
            track.stage = .began
            if settings.directionLock {
                track.lockedDirection = SwipeDirection(of: track.translation, diagonals: settings.diagonals)
            }
            phase = .began
        case .possible:
            break  // Not yet the lock distance, or fingers still landing: no direction to report.
        }
        state = .tracking(track)
        if let phase { emit(.report(phase, report(track, at: sample.time, final: false))) }
    }

    /// Whether a final report measured in `unit` meets the thresholds: far enough, or a flick.
    private func isRecognized(_ gesture: GestureValue, unit: ContactUnit) -> Bool {
        guard let direction = gesture.name.swipeDirection else { return false }
        return Self.meets(settings, translation: gesture.translation, velocity: gesture.velocity, direction: direction, unit: unit)
    }

    /// Whether a swipe in `direction` with `translation` and release `velocity`, measured in
    /// `unit`, counts under `settings`: its travel along the direction reaches the threshold, or
    /// it travelled at least the flick distance and its velocity along the direction reaches the
    /// velocity threshold. (Edge swipes are judged by the same rule along their inward direction.)
    public static func meets(_ settings: SwipeSettings, translation: Vector2, velocity: Vector2,
                             direction: SwipeDirection, unit: ContactUnit) -> Bool {
        let axis = direction.unitVector
        let travel = translation.dot(axis)
        if travel >= settings.threshold.value(in: unit) { return true }
        return travel >= settings.flickMinimumDistance.value(in: unit) && velocity.dot(axis) >= settings.velocity.value(in: unit)
    }

    // Inlined: called, it is handed a copy of the whole recognizer, velocity tracker included.
    @inline(__always)
    private func report(_ track: Track, at time: Timestamp, final: Bool) -> GestureValue {
        let velocity = tracker.velocity(at: time)
        let direction = track.lockedDirection
            ?? (track.stage == .began || final ? SwipeDirection(of: track.translation, diagonals: settings.diagonals) : nil)
        let travel = direction.map { track.translation.dot($0.unitVector) } ?? track.translation.length
        return GestureValue(
            name: name(track.fingers, direction),
            time: time,
            translation: track.translation,
            velocity: velocity,
            predictedEndTranslation: track.translation + RecognizerSettings.projection(of: velocity),
            progress: max(0, travel) / settings.threshold.value(in: track.unit)
        )
    }
}
