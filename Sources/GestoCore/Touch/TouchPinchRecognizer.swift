// `touch-pinch:F:in|out` and `touch-rotate:F:DIR` from touch frames: SwiftUI's MagnifyGesture
// and RotateGesture about the fingers' centroid, composed `simultaneously(with:)` as on the
// touchpad. Scale and angle are the stroke's, computed by TouchFrameAssembler from the raw
// points (spread ratio and mean turn about the centroid), never from someone else's deltas.
//
//   idle ─2+ fingers→ tracking(possible) ─|scale−1| > deadband (|angle| ≥ begin)→ began ─→ changed
//   tracking ─last finger up→ ended (past in/out, or the angle threshold) | failed
//   tracking ─TOUCH_CANCEL→ cancelled;  ─end of input→ cancelled (end of input)

/// What a touch pinch or rotation measures.
public enum TouchPinchMeasure: Sendable, Hashable {
    /// The spread ratio: `touch-pinch`.
    case scale
    /// The rotation: `touch-rotate`.
    case angle
}

/// Recognizes a touch pinch or a touch rotation (two instances, composed simultaneously).
public struct TouchPinchRecognizer: Recognizer {
    public typealias Value = GestureValue

    /// The thresholds.
    public let settings: TouchPinchSettings
    /// Which of the two it recognizes.
    public let measure: TouchPinchMeasure

    enum State: Sendable {
        case idle
        case tracking(fingers: Int, stage: TrackingStage)
    }

    private var state: State = .idle
    private var scale = 1.0
    private var angle = 0.0
    private var translation = Vector2.zero

    /// Makes a pinch (`.scale`) or rotation (`.angle`) recognizer.
    public init(_ measure: TouchPinchMeasure, settings: TouchPinchSettings = TouchPinchSettings()) {
        self.measure = measure
        self.settings = settings
    }

    public var nextDeadline: Timestamp? { nil }

    public var isActive: Bool {
        switch state {
        case .idle: false
        case .tracking: true
        }
    }

    public mutating func handle(_ input: RecognizerInput, emit: (RecognizedGesture) -> Void,
                                diagnose: (RecognizerDiagnostic) -> Void) {
        switch input {
        case .event, .deadline:
            return
        case .endOfInput(let time):
            if case .tracking(let fingers, .began) = state { emit(.report(.cancelled(.endOfInput), value(fingers, at: time))) }
            state = .idle
        case .touches(let frame):
            handle(frame, emit: emit)
        }
    }

    private mutating func handle(_ frame: TouchFrame, emit: (RecognizedGesture) -> Void) {
        scale = frame.stroke.scale
        angle = frame.stroke.angle
        translation = frame.stroke.translation
        let fingers = frame.stroke.fingerCount
        switch state {
        case .idle:
            guard frame.touches.count >= 2, !frame.isCancelled else { return }
            state = .tracking(fingers: fingers, stage: .possible)
            if hasBegun && frame.stroke.isSettled(at: frame.time) { begin(fingers, frame.time, emit: emit) }
        case .tracking(let tracked, let stage):
            if frame.isCancelled {
                state = .idle
                if stage == .began { emit(.report(.cancelled(.cancelledByLibinput), value(tracked, at: frame.time))) }
                return
            }
            if frame.isStrokeEnd {
                state = .idle
                if stage == .began || isRecognized { emit(.report(isRecognized ? .ended : .failed, value(tracked, at: frame.time))) }
                return
            }
            if fingers != tracked {
                if stage == .began { emit(.report(.cancelled(.fingerCountChanged), value(tracked, at: frame.time))) }
                state = .tracking(fingers: fingers, stage: .possible)
                return
            }
            switch stage {
            case .possible: if hasBegun && frame.stroke.isSettled(at: frame.time) { begin(fingers, frame.time, emit: emit) }
            case .began: emit(.report(.changed, value(fingers, at: frame.time)))
            }
        }
    }

    private mutating func begin(_ fingers: Int, _ time: Timestamp, emit: (RecognizedGesture) -> Void) {
        state = .tracking(fingers: fingers, stage: .began)
        emit(.report(.began, value(fingers, at: time)))
    }

    private var hasBegun: Bool {
        switch measure {
        case .scale: abs(scale - 1) > settings.directionDeadband
        case .angle: abs(angle) >= settings.rotateBeginAngle
        }
    }

    private var isRecognized: Bool {
        switch measure {
        case .scale: scale <= settings.inScale || scale >= settings.outScale
        case .angle: abs(angle) >= settings.rotateThreshold
        }
    }

    private func value(_ fingers: Int, at time: Timestamp) -> GestureValue {
        switch measure {
        case .scale:
            let direction: PinchDirection? = abs(scale - 1) <= settings.directionDeadband ? nil : (scale > 1 ? .out : .in)
            let target = direction == .in ? settings.inScale : settings.outScale
            let progress = abs(target - 1) > 0 ? abs(scale - 1) / abs(target - 1) : 0
            // Both reports carry the scale and the angle, as libinput's pinch events do, so the
            // commitment can weigh one against the other (CommitmentTracker's dominance).
            return GestureValue(name: .touchPinch(fingers: fingers, direction: direction), time: time,
                                translation: translation, scale: scale, angle: angle, progress: progress)
        case .angle:
            let direction: RotationDirection? = angle == 0 ? nil : (angle > 0 ? .clockwise : .counterclockwise)
            return GestureValue(name: .touchRotate(fingers: fingers, direction: direction), time: time,
                                translation: translation, scale: scale, angle: angle,
                                progress: settings.rotateThreshold > 0 ? abs(angle) / settings.rotateThreshold : 0)
        }
    }
}
