// Recognizes rotations on every device, from contact samples (ContactSample.swift): within a
// touchpad's libinput pinches (`rotate:F:DIR`) and a touchscreen's strokes of two or more fingers
// (`touch-rotate:F:DIR`, SwiftUI's RotateGesture about the fingers' centroid), by the angle the
// fingers turned since the stream's start.
//
//   idle ─begin/update→ tracking(possible) ─settled, |angle| ≥ begin angle→ tracking(began) [began] ─→ [changed]
//   tracking ─end→ [ended | failed] if it began, or turned past its begin angle and threshold ─→ idle
//   tracking ─cancel / end of input→ [cancelled] if it began ─→ idle
//   tracking ─another finger count, fingers settled→ ([cancelled] if began) restart
//   tracking ─more fingers land (a touchscreen)→ ([cancelled] if began) tracking(possible), measures kept

/// Recognizes a rotation of F fingers on one kind of device (clockwise positive).
///
/// A rotation is reported only once its accumulated angle reaches
/// ``RotateSettings/beginAngle`` with the fingers settled (`began`): the few degrees that every
/// pinch and scroll jitters by never show. At the lift it is `ended` if the accumulated angle
/// reached ``RotateSettings/threshold`` in the reported direction, else `failed`. Progress is
/// `|angle| / threshold`.
public struct RotateRecognizer: StreamRecognizer {
    public typealias Value = GestureValue

    /// The thresholds in force.
    public var settings: RotateSettings
    /// The device whose streams it judges (the other's samples pass it by).
    public let device: ContactDevice

    struct Track: StreamTrack {
        var fingers: Int
        var angle: Double = 0
        var scale: Double = 1
        var translation: Vector2 = .zero
        var stage = TrackingStage.possible
    }

    var state = StreamState<Track>.idle

    /// Makes a rotation recognizer for `device` with the given thresholds.
    public init(settings: RotateSettings = RotateSettings(), device: ContactDevice = .touchpad) {
        self.settings = settings
        self.device = device
    }

    public var nextDeadline: Timestamp? { nil }

    /// The state as a trace names it (``RecognizerTransition``).
    var traceState: RecognizerTraceState { state.traceState }

    public var isActive: Bool { state.isTracking }

    /// Whether `sample` belongs to a stream this recognizer judges: libinput's pinches on a
    /// touchpad (it reports the rotation with them), every stroke on a touchscreen.
    func judges(_ sample: ContactSample) -> Bool {
        sample.isPinchStream(on: device)
    }

    public mutating func handle(_ input: RecognizerInput, emit: (RecognizedGesture) -> Void,
                                diagnose: (RecognizerDiagnostic) -> Void) {
        handleStream(input, emit: emit, diagnose: diagnose)
    }

    func reportAtEndOfInput(_ track: Track, at time: Timestamp) -> GestureValue? {
        track.stage == .began ? report(track, at: time) : nil
    }

    /// A sample's transitions; the pinch recognizer diagnoses the stream's anomalies.
    mutating func handle(_ sample: ContactSample, emit: (RecognizedGesture) -> Void,
                         diagnose _: (RecognizerDiagnostic) -> Void) {
        switch (state, sample.phase) {
        case (.idle, .begin):
            state = .tracking(Track(fingers: sample.fingerCount))
        case (.idle, .update):
            state = .tracking(Track(fingers: sample.fingerCount))
            update(with: sample, emit: emit)
        case (_, .beginAndEnd):
            return  // A stream of one sample moved nothing: taps judge it.
        case (.idle, .end), (.idle, .cancel):
            return  // The pinch recognizer reports a lost BEGIN.
        case (.tracking(let track), .begin):
            if track.stage == .began { emit(.report(.cancelled(.fingerCountChanged), report(track, at: sample.time))) }
            state = .tracking(Track(fingers: sample.fingerCount))
        case (.tracking(var track), .update):
            if track.fingers != sample.fingerCount {
                if track.stage == .began { emit(.report(.cancelled(.fingerCountChanged), report(track, at: sample.time))) }
                if sample.isSettled {
                    // libinput lost an END and BEGIN: a new rotation starts here.
                    track = Track(fingers: sample.fingerCount)
                } else {
                    // More fingers landed on a touchscreen: the stroke's turn carries on.
                    track.fingers = sample.fingerCount
                    track.stage = .possible
                }
                state = .tracking(track)
            }
            update(with: sample, emit: emit)
        case (.tracking(var track), .end):
            state = .idle
            // A touchscreen's last frame is a measure too; libinput's END carries none.
            if sample.motion != nil { track = measured(track, sample) }
            let isRecognized = abs(track.angle) >= settings.threshold
            // A rotation that turned past its begin angle and threshold while a touchscreen's
            // fingers were still landing (so it could not begin) is one all the same.
            let hasTurnedEnough = isRecognized && abs(track.angle) >= settings.beginAngle
            guard track.stage == .began || hasTurnedEnough else { return }
            emit(.report(isRecognized ? .ended : .failed, report(track, at: sample.time)))
        case (.tracking(let track), .cancel):
            state = .idle
            if track.stage == .began { emit(.report(.cancelled(.cancelledByLibinput), report(track, at: sample.time))) }
        }
    }

    /// `track` with `sample`'s measures: its turn, its scale (a scale of 0 or less, or not
    /// finite, is not a real reading: the last one is kept) and its motion.
    private func measured(_ track: Track, _ sample: ContactSample) -> Track {
        var track = track
        if sample.angleDelta.isFinite { track.angle += sample.angleDelta }
        if sample.scale > 0 && sample.scale.isFinite { track.scale = sample.scale }
        track.translation += sample.motion ?? .zero
        return track
    }

    private mutating func update(with sample: ContactSample, emit: (RecognizedGesture) -> Void) {
        guard case .tracking(let tracked) = state else { return }
        var track = measured(tracked, sample)
        var phase: RecognizerPhase? = nil
        switch track.stage {
        case .began:
            phase = .changed
        case .possible where sample.isSettled && abs(track.angle) >= settings.beginAngle:
            track.stage = .began
            phase = .began
        case .possible:
            break  // Below the begin angle (pinches and scrolls jitter this much), or fingers still landing.
        }
        state = .tracking(track)
        if let phase { emit(.report(phase, report(track, at: sample.time))) }
    }

    private func report(_ track: Track, at time: Timestamp) -> GestureValue {
        let direction: RotationDirection? = track.angle > 0 ? .clockwise : (track.angle < 0 ? .counterclockwise : nil)
        return GestureValue(
            name: GestureName(.rotate(direction), fingers: track.fingers, on: device),
            time: time,
            translation: track.translation,
            scale: track.scale,
            angle: track.angle,
            progress: abs(track.angle) / settings.threshold
        )
    }
}
