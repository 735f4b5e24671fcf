// Recognizes pinches on every device, from contact samples (ContactSample.swift): a touchpad's
// libinput pinches (`pinch:F:in|out`) and a touchscreen's strokes of two or more fingers
// (`touch-pinch:F:in|out`, SwiftUI's MagnifyGesture about the fingers' centroid). `in` when the
// fingers close, `out` when they spread, by the scale relative to the stream's start.
//
//   idle ─begin/update→ tracking(possible) ─settled, scale leaves the deadband→ tracking(began) [began] ─→ [changed]
//   tracking ─end→ [ended | failed] ─→ idle;  ─cancel→ [cancelled];  ─end of input→ [cancelled]
//   (a touchscreen stroke that never began a pinch ends unreported, unless its lift is one)
//   tracking ─another finger count, fingers settled (libinput lost an END and BEGIN)→ [cancelled] restart
//   tracking ─more fingers land (a touchscreen)→ ([cancelled] if began) tracking(possible), measures kept
#if canImport(Glibc)
import Glibc
#endif

/// Recognizes a pinch of F fingers on one kind of device.
///
/// Reports `began` once the scale leaves 1 ± ``PinchSettings/directionDeadband`` with the fingers
/// settled (the direction is known), `changed` after, and at the lift `ended` if the scale
/// passed ``PinchSettings/inScale`` or ``PinchSettings/outScale`` in the reported direction,
/// else `failed`. Progress is `ln(scale) / ln(threshold)`, so 1 at either threshold. The
/// translation is the centroid's motion (the pinch anchor moves with it), its velocity a
/// least-squares fit (``VelocityTracker``).
public struct PinchRecognizer: StreamRecognizer {
    public typealias Value = GestureValue

    /// The thresholds in force.
    public var settings: PinchSettings {
        didSet { thresholdLogarithms = Self.logarithms(of: settings) }
    }
    /// The device whose streams it judges (the other's samples pass it by).
    public let device: ContactDevice
    /// `ln(inScale)` and `ln(outScale)`, the denominators of the progress, computed when the
    /// settings are set.
    private var thresholdLogarithms: (in: Double, out: Double)

    private static func logarithms(of settings: PinchSettings) -> (in: Double, out: Double) {
        (log(settings.inScale), log(settings.outScale))
    }

    struct Track: StreamTrack {
        var fingers: Int
        /// libinput said this stream is a pinch; a touchscreen's stroke is only possibly one.
        var isClassified: Bool
        var scale: Double = 1
        var angle: Double = 0
        var translation: Vector2 = .zero
        var stage = TrackingStage.possible

        /// Whether the pinch's end is an outcome: once it began, or where libinput classified
        /// the stream as a pinch.
        var hasOutcome: Bool { stage == .began || isClassified }
    }

    var state = StreamState<Track>.idle
    /// The centroid velocity of the pinch in progress (beside the state: not copied with it).
    private var tracker = VelocityTracker()

    /// Makes a pinch recognizer for `device` with the given thresholds.
    public init(settings: PinchSettings = PinchSettings(), device: ContactDevice = .touchpad) {
        self.settings = settings
        self.device = device
        thresholdLogarithms = Self.logarithms(of: settings)
    }

    public var nextDeadline: Timestamp? { nil }

    /// The recognizer's kind as diagnostics and traces name it: `pinch` on a touchpad, `touch-pinch` on a touchscreen.
    var kindName: String { GestureName.keyword(.pinch, on: device) }

    /// The state as a trace names it (``RecognizerTransition``).
    var traceState: RecognizerTraceState { state.traceState }

    public var isActive: Bool { state.isTracking }

    /// Whether `sample` belongs to a stream this recognizer judges: libinput's pinches on a
    /// touchpad, every stroke on a touchscreen.
    func judges(_ sample: ContactSample) -> Bool {
        sample.isPinchStream(on: device)
    }

    public mutating func handle(_ input: RecognizerInput, emit: (RecognizedGesture) -> Void,
                                diagnose: (RecognizerDiagnostic) -> Void) {
        handleStream(input, emit: emit, diagnose: diagnose)
    }

    func reportAtEndOfInput(_ track: Track, at time: Timestamp) -> GestureValue? {
        track.hasOutcome ? report(track, at: time) : nil
    }

    mutating func handle(_ sample: ContactSample, emit: (RecognizedGesture) -> Void,
                                 diagnose: (RecognizerDiagnostic) -> Void) {
        switch (state, sample.phase) {
        case (.idle, .begin):
            start(sample)
        case (.idle, .update):
            // libinput sends PINCH_UPDATE without BEGIN after a hold turns into a scroll.
            start(sample)
            update(with: sample, emit: emit)
        case (_, .beginAndEnd):
            return  // A stream of one sample moved nothing: taps judge it.
        case (.idle, .end), (.idle, .cancel):
            diagnose(RecognizerDiagnostic(kindName, fingers: sample.fingerCount, state: "idle", sample, outcome: "ignored: no pinch in progress"))
        case (.tracking(let track), .begin):
            diagnose(RecognizerDiagnostic(kindName, fingers: track.fingers, state: track.stage.name, sample,
                                          outcome: "the pinch in progress is cancelled: its END was lost"))
            emit(.report(.cancelled(.fingerCountChanged), report(track, at: sample.time)))
            start(sample)
        case (.tracking(var track), .update):
            if track.fingers != sample.fingerCount {
                guard sample.isSettled else {
                    // More fingers landed: their spread and turn are measured over the fingers
                    // present in consecutive frames, so the stroke's measures carry on.
                    if track.stage == .began { emit(.report(.cancelled(.fingerCountChanged), report(track, at: sample.time))) }
                    track.fingers = sample.fingerCount
                    track.stage = .possible
                    state = .tracking(track)
                    update(with: sample, emit: emit)
                    return
                }
                diagnose(RecognizerDiagnostic(kindName, fingers: track.fingers, state: track.stage.name, sample,
                                              outcome: "cancelled: an UPDATE with \(sample.fingerCount) fingers without an END and BEGIN"))
                emit(.report(.cancelled(.fingerCountChanged), report(track, at: sample.time)))
                start(sample)
            }
            update(with: sample, emit: emit)
        case (.tracking(var track), .end):
            state = .idle
            // A touchscreen's last frame is a measure too; libinput's END carries none.
            if sample.motion != nil {
                track = measured(track, sample)
                tracker.add(position: track.translation, at: sample.time)
            }
            let result = report(track, at: sample.time)
            let isRecognized = Self.meets(settings, scale: result.scale, direction: result.name.pinchDirection)
            if track.hasOutcome || isRecognized { emit(.report(isRecognized ? .ended : .failed, result)) }
        case (.tracking(let track), .cancel):
            state = .idle
            if track.hasOutcome { emit(.report(.cancelled(.cancelledByLibinput), report(track, at: sample.time))) }
        }
    }

    /// Starts tracking a pinch at `sample`.
    private mutating func start(_ sample: ContactSample) {
        state = .tracking(Track(fingers: sample.fingerCount, isClassified: sample.touchpadGesture != nil))
        tracker.reset()
        tracker.add(position: .zero, at: sample.time)
    }

    /// `track` with `sample`'s measures: its scale (a scale of 0 or less, or not finite, is not
    /// a real reading: the last one is kept), its turn and its motion.
    private func measured(_ track: Track, _ sample: ContactSample) -> Track {
        var track = track
        if sample.scale > 0 && sample.scale.isFinite { track.scale = sample.scale }
        if sample.angleDelta.isFinite { track.angle += sample.angleDelta }
        track.translation += sample.motion ?? .zero
        return track
    }

    private mutating func update(with sample: ContactSample, emit: (RecognizedGesture) -> Void) {
        guard case .tracking(let tracked) = state else { return }
        var track = measured(tracked, sample)
        tracker.add(position: track.translation, at: sample.time)
        var phase: RecognizerPhase? = nil
        switch track.stage {
        case .began:
            phase = .changed
        case .possible where sample.isSettled && abs(track.scale - 1) >= settings.directionDeadband:
            track.stage = .began
            phase = .began
        case .possible:
            break  // Inside the deadband, or fingers still landing: no direction yet.
        }
        state = .tracking(track)
        if let phase { emit(.report(phase, report(track, at: sample.time))) }
    }

    /// The direction of a pinch at `scale`, or nil inside the deadband.
    public static func direction(of scale: Double, settings: PinchSettings) -> PinchDirection? {
        if scale >= 1 + settings.directionDeadband { return .out }
        if scale <= 1 - settings.directionDeadband { return .in }
        return nil
    }

    /// Whether a pinch ending at `scale` counts in `direction` (never without one).
    public static func meets(_ settings: PinchSettings, scale: Double, direction: PinchDirection?) -> Bool {
        switch direction {
        case .in?: scale <= settings.inScale
        case .out?: scale >= settings.outScale
        case nil: false
        }
    }

    // Inlined: called, it is handed a copy of the whole recognizer, velocity tracker included.
    @inline(__always)
    private func report(_ track: Track, at time: Timestamp) -> GestureValue {
        let direction = Self.direction(of: track.scale, settings: settings)
        let logThreshold: Double = switch direction {
        case .in?: thresholdLogarithms.in
        case .out?, nil: thresholdLogarithms.out
        }
        let velocity = tracker.velocity(at: time)
        return GestureValue(
            name: GestureName(.pinch(direction), fingers: track.fingers, on: device),
            time: time,
            translation: track.translation,
            velocity: velocity,
            predictedEndTranslation: track.translation + RecognizerSettings.projection(of: velocity),
            scale: track.scale,
            angle: track.angle,
            progress: max(0, log(track.scale) / logThreshold)
        )
    }
}
