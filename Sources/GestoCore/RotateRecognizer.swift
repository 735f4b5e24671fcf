// Recognizes rotation within libinput pinches by the accumulated angle deltas.
// State diagram: idle ─pinch BEGIN/UPDATE→ tracking(possible) ─|angle| ≥ begin angle→ tracking(began)
//                tracking ─END→ ended | failed,  ─END cancelled→ cancelled.

/// Recognizes a rotation from the angle deltas of libinput pinch events (clockwise positive).
///
/// A rotation is reported only once its accumulated angle reaches
/// ``RotateSettings/beginAngle`` (`began`): the few degrees that every pinch and scroll
/// jitters by never show. At the END it is `ended` if the accumulated angle reached
/// ``RotateSettings/threshold`` in the reported direction, else `failed`. Progress is
/// `|angle| / threshold`.
public struct RotateRecognizer: Recognizer {
    public typealias Value = GestureValue

    /// The thresholds in force.
    public var settings: RotateSettings

    private enum State: Sendable {
        case idle
        case tracking(fingers: Int, angle: Double, scale: Double, translation: Vector2, stage: TrackingStage)
    }

    private var state: State = .idle

    /// Makes a rotation recognizer with the given thresholds.
    public init(settings: RotateSettings = RotateSettings()) { self.settings = settings }

    public var nextDeadline: Timestamp? { nil }

    /// The state as a trace names it (``RecognizerTransition``).
    var traceState: RecognizerTraceState {
        switch state {
        case .idle: .idle
        case .tracking(let fingers, _, _, _, let stage): RecognizerTraceState(name: stage.name, fingers: fingers)
        }
    }

    public var isActive: Bool {
        switch state {
        case .idle: false
        case .tracking: true
        }
    }

    public mutating func handle(_ input: RecognizerInput, emit: (RecognizedGesture) -> Void) {
        switch input {
        case .deadline, .touches:
            return
        case .endOfInput(let time):
            guard case .tracking(let fingers, let angle, let scale, let translation, let stage) = state else { return }
            state = .idle
            if stage == .began {
                emit(.report(.cancelled(.endOfInput), report(fingers, angle, scale, translation, at: time)))
            }
        case .event(let event):
            handle(event, emit: emit)
        }
    }

    /// Feeds one libinput event (see ``handle(_:emit:)``).
    private mutating func handle(_ event: GestureEvent, emit: (RecognizedGesture) -> Void) {
        guard event.kind == .pinch else { return }
        switch (state, event.phase) {
        case (.idle, .begin):
            state = .tracking(fingers: event.fingerCount, angle: 0, scale: 1, translation: .zero, stage: .possible)
        case (.idle, .update):
            state = .tracking(fingers: event.fingerCount, angle: 0, scale: 1, translation: .zero, stage: .possible)
            update(with: event, emit: emit)
        case (.idle, .end):
            return
        case (.tracking(let fingers, let angle, let scale, let translation, let stage), .begin):
            if stage == .began {
                emit(.report(.cancelled(.fingerCountChanged), report(fingers, angle, scale, translation, at: event.time)))
            }
            state = .tracking(fingers: event.fingerCount, angle: 0, scale: 1, translation: .zero, stage: .possible)
        case (.tracking(let fingers, let angle, let scale, let translation, let stage), .update):
            if fingers != event.fingerCount {
                if stage == .began {
                    emit(.report(.cancelled(.fingerCountChanged), report(fingers, angle, scale, translation, at: event.time)))
                }
                state = .tracking(fingers: event.fingerCount, angle: 0, scale: 1, translation: .zero, stage: .possible)
            }
            update(with: event, emit: emit)
        case (.tracking(let fingers, let angle, let scale, let translation, let stage), .end):
            state = .idle
            guard stage == .began else { return }
            let result = report(fingers, angle, scale, translation, at: event.time)
            if event.isCancelled {
                emit(.report(.cancelled(.cancelledByLibinput), result))
            } else {
                emit(.report(abs(angle) >= settings.threshold ? .ended : .failed, result))
            }
        }
    }

    private mutating func update(with event: GestureEvent, emit: (RecognizedGesture) -> Void) {
        guard case .tracking(let fingers, var angle, var scale, var translation, var stage) = state else { return }
        if event.angleDelta.isFinite { angle += event.angleDelta }
        if event.scale > 0 && event.scale.isFinite { scale = event.scale }
        translation += event.unacceleratedDelta
        var phase: RecognizerPhase? = nil
        switch stage {
        case .began:
            phase = .changed
        case .possible where abs(angle) >= settings.beginAngle:
            stage = .began
            phase = .began
        case .possible:
            break  // Below the begin angle: pinches and scrolls jitter this much.
        }
        state = .tracking(fingers: fingers, angle: angle, scale: scale, translation: translation, stage: stage)
        if let phase { emit(.report(phase, report(fingers, angle, scale, translation, at: event.time))) }
    }

    private func report(_ fingers: Int, _ angle: Double, _ scale: Double, _ translation: Vector2, at time: Timestamp) -> GestureValue {
        let direction: RotationDirection? = angle > 0 ? .clockwise : (angle < 0 ? .counterclockwise : nil)
        return GestureValue(
            name: .rotate(fingers: fingers, direction: direction),
            time: time,
            translation: translation,
            scale: scale,
            angle: angle,
            progress: abs(angle) / settings.threshold
        )
    }
}
