// Recognizes libinput pinches as `in` (fingers closing) or `out` (spreading) by scale.
// State diagram: idle ─BEGIN/UPDATE→ tracking(possible) ─scale leaves deadband→ tracking(began)
//                tracking ─END→ ended | failed,  ─END cancelled→ cancelled,  ─other fingers→ cancelled.
#if canImport(Glibc)
import Glibc
#endif

/// Recognizes a pinch from libinput pinch events.
///
/// Scale is libinput's, relative to the gesture start. Reports `began` once the scale leaves
/// 1 ± ``PinchSettings/directionDeadband`` (the direction is known), `changed` after, and at
/// the END `ended` if the scale passed ``PinchSettings/inScale`` or ``PinchSettings/outScale``
/// in the reported direction, else `failed`. Progress is `ln(scale) / ln(threshold)`, so 1 at
/// either threshold. The translation is the centroid's motion (the pinch anchor moves with it).
public struct PinchRecognizer: Recognizer {
    public typealias Value = GestureValue

    /// The thresholds in force.
    public var settings: PinchSettings {
        didSet { thresholdLogarithms = Self.logarithms(of: settings) }
    }
    /// `ln(inScale)` and `ln(outScale)`, the denominators of the progress, computed when the
    /// settings are set.
    private var thresholdLogarithms: (in: Double, out: Double)

    private static func logarithms(of settings: PinchSettings) -> (in: Double, out: Double) {
        (log(settings.inScale), log(settings.outScale))
    }

    private enum State: Sendable {
        case idle
        case tracking(Track)
    }

    private struct Track: Sendable {
        var fingers: Int
        var scale: Double = 1
        var angle: Double = 0
        var translation: Vector2 = .zero
        var stage = TrackingStage.possible
    }

    private var state: State = .idle
    /// The centroid velocity of the pinch in progress (beside the state: not copied with it).
    private var tracker = VelocityTracker()

    /// Makes a pinch recognizer with the given thresholds.
    public init(settings: PinchSettings = PinchSettings()) {
        self.settings = settings
        thresholdLogarithms = Self.logarithms(of: settings)
    }

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
            emit(.report(.cancelled(.endOfInput), report(track, at: time)))
        case .event(let event):
            handle(event, emit: emit, diagnose: diagnose)
        }
    }

    /// Feeds one libinput event (see ``handle(_:emit:diagnose:)``).
    private mutating func handle(_ event: GestureEvent, emit: (RecognizedGesture) -> Void,
                         diagnose: (RecognizerDiagnostic) -> Void) {
        guard event.kind == .pinch else { return }
        switch (state, event.phase) {
        case (.idle, .begin):
            start(event)
        case (.idle, .update):
            // libinput sends PINCH_UPDATE without BEGIN after a hold turns into a scroll.
            start(event)
            update(with: event, emit: emit)
        case (.idle, .end):
            diagnose(RecognizerDiagnostic("pinch", fingers: event.fingerCount, state: "idle", event, outcome: "ignored: no pinch in progress"))
        case (.tracking(let track), .begin):
            diagnose(RecognizerDiagnostic("pinch", fingers: track.fingers, state: track.stage.name, event,
                                          outcome: "the pinch in progress is cancelled: its END was lost"))
            emit(.report(.cancelled(.fingerCountChanged), report(track, at: event.time)))
            start(event)
        case (.tracking(let track), .update):
            if track.fingers != event.fingerCount {
                diagnose(RecognizerDiagnostic("pinch", fingers: track.fingers, state: track.stage.name, event,
                                              outcome: "cancelled: an UPDATE with \(event.fingerCount) fingers without an END and BEGIN"))
                emit(.report(.cancelled(.fingerCountChanged), report(track, at: event.time)))
                start(event)
            }
            update(with: event, emit: emit)
        case (.tracking(let track), .end):
            state = .idle
            let result = report(track, at: event.time)
            if event.isCancelled {
                emit(.report(.cancelled(.cancelledByLibinput), result))
            } else {
                emit(.report(Self.meets(settings, scale: result.scale, name: result.name) ? .ended : .failed, result))
            }
        }
    }

    /// Starts tracking a pinch at `event`.
    private mutating func start(_ event: GestureEvent) {
        state = .tracking(Track(fingers: event.fingerCount))
        tracker.reset()
        tracker.add(position: .zero, at: event.time)
    }

    private mutating func update(with event: GestureEvent, emit: (RecognizedGesture) -> Void) {
        guard case .tracking(var track) = state else { return }
        // A scale of 0 or less is not a real reading; keep the last one.
        if event.scale > 0 && event.scale.isFinite { track.scale = event.scale }
        if event.angleDelta.isFinite { track.angle += event.angleDelta }
        track.translation += event.unacceleratedDelta
        tracker.add(position: track.translation, at: event.time)
        var phase: RecognizerPhase? = nil
        switch track.stage {
        case .began:
            phase = .changed
        case .possible where abs(track.scale - 1) >= settings.directionDeadband:
            track.stage = .began
            phase = .began
        case .possible:
            break  // Inside the deadband: no direction yet.
        }
        state = .tracking(track)
        if let phase { emit(.report(phase, report(track, at: event.time))) }
    }

    /// The direction of a pinch at `scale`, or nil inside the deadband.
    public static func direction(of scale: Double, settings: PinchSettings) -> PinchDirection? {
        if scale >= 1 + settings.directionDeadband { return .out }
        if scale <= 1 - settings.directionDeadband { return .in }
        return nil
    }

    /// Whether a pinch ending at `scale` counts as the direction in `name`.
    public static func meets(_ settings: PinchSettings, scale: Double, name: GestureName) -> Bool {
        guard case .pinch(_, let direction?) = name else { return false }
        switch direction {
        case .in: return scale <= settings.inScale
        case .out: return scale >= settings.outScale
        }
    }

    private func report(_ track: Track, at time: Timestamp) -> GestureValue {
        let direction = Self.direction(of: track.scale, settings: settings)
        let logThreshold: Double = switch direction {
        case .in?: thresholdLogarithms.in
        case .out?, nil: thresholdLogarithms.out
        }
        let velocity = tracker.velocity(at: time)
        return GestureValue(
            name: .pinch(fingers: track.fingers, direction: direction),
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
