// `touch-long-press:F` and `touch-long-press-drag:F` from touch frames: UIKit's
// `UILongPressGestureRecognizer` and the seed's reorder gesture. Arming is reported as the
// fingers land (feedback may start at once); a timer, not a later frame, completes the press
// (a resting finger sends no motion). Once recognized, movement is free: it is a drag.
//
//   idle ─fingers land→ arming(F) [arming] ─more fingers land→ arming(F') [F failed, F' arming]
//   arming ─deadline, still→ pressed [long-press ended] ─travel > tolerance→ dragging [drag began]
//   arming ─travel > tolerance / a finger lifts→ spent [failed]
//   dragging ─frame→ [drag changed] ─last finger up→ [drag ended] ─→ idle
//   any ─TOUCH_CANCEL→ [cancelled] ─→ idle

/// Recognizes touch long presses and long-press-drags.
public struct TouchLongPressRecognizer: Recognizer {
    public typealias Value = GestureValue

    /// The thresholds.
    public let settings: LongPressSettings

    enum State: Sendable {
        case idle
        /// Fingers resting; the press completes at `deadline` if they stay within tolerance.
        case arming(fingers: Int, deadline: Timestamp, unit: ContactUnit)
        /// The press was recognized with the stroke's translation at `base`; no drag yet.
        case pressed(fingers: Int, base: Vector2, unit: ContactUnit)
        /// The drag after the press is in progress.
        case dragging(fingers: Int, base: Vector2)
        /// The press failed; nothing more until the last finger lifts.
        case spent
    }

    private var state: State = .idle
    private var tracker = VelocityTracker()

    /// Makes a recognizer with the given thresholds.
    public init(settings: LongPressSettings = .touchscreen) { self.settings = settings }

    public var nextDeadline: Timestamp? {
        if case .arming(_, let deadline, _) = state { return deadline }
        return nil
    }

    public var isActive: Bool {
        switch state {
        case .idle, .spent: false
        case .arming, .pressed, .dragging: true
        }
    }

    public mutating func handle(_ input: RecognizerInput, emit: (RecognizedGesture) -> Void,
                                diagnose: (RecognizerDiagnostic) -> Void) {
        switch input {
        case .event:
            return
        case .deadline(let time):
            guard case .arming(let fingers, let deadline, let unit) = state, time >= deadline else { return }
            state = .pressed(fingers: fingers, base: lastTranslation, unit: unit)
            emit(.report(.ended, GestureValue(name: .touchLongPress(fingers: fingers), time: time, progress: 1)))
        case .endOfInput(let time):
            switch state {
            case .arming(let fingers, _, _):
                emit(.report(.cancelled(.endOfInput), GestureValue(name: .touchLongPress(fingers: fingers), time: time)))
            case .dragging(let fingers, let base):
                emit(.report(.cancelled(.endOfInput), dragValue(fingers, base, at: time)))
            case .idle, .pressed, .spent:
                break
            }
            state = .idle
        case .touches(let frame):
            handle(frame, emit: emit)
        }
    }

    /// The stroke's translation at the latest frame.
    private var lastTranslation = Vector2.zero

    private mutating func handle(_ frame: TouchFrame, emit: (RecognizedGesture) -> Void) {
        lastTranslation = frame.stroke.translation
        let tolerance = settings.maximumDistance.value(in: frame.unit)
        if frame.isCancelled {
            switch state {
            case .arming(let fingers, _, _):
                emit(.report(.cancelled(.cancelledByLibinput), GestureValue(name: .touchLongPress(fingers: fingers), time: frame.time)))
            case .dragging(let fingers, let base):
                emit(.report(.cancelled(.cancelledByLibinput), dragValue(fingers, base, at: frame.time)))
            case .idle, .pressed, .spent:
                break
            }
            state = .idle
            return
        }
        switch state {
        case .idle:
            guard !frame.touches.isEmpty else { return }
            arm(frame, emit: emit)
        case .arming(let fingers, _, _):
            if frame.stroke.maximumTravel > tolerance || frame.touches.count < fingers {
                state = frame.isStrokeEnd ? .idle : .spent
                emit(.report(.failed, GestureValue(name: .touchLongPress(fingers: fingers), time: frame.time)))
            } else if frame.touches.count > fingers {
                // More fingers landed: the press is of all of them, timed from the last.
                emit(.report(.failed, GestureValue(name: .touchLongPress(fingers: fingers), time: frame.time)))
                arm(frame, emit: emit)
            }
        case .pressed(let fingers, let base, let unit):
            if frame.isStrokeEnd { state = .idle; return }
            guard settings.dragEnabled, unit == frame.unit,
                  (frame.stroke.translation - base).length > tolerance else { return }
            state = .dragging(fingers: fingers, base: base)
            tracker.reset()
            tracker.add(position: frame.stroke.translation - base, at: frame.time)
            emit(.report(.began, dragValue(fingers, base, at: frame.time)))
        case .dragging(let fingers, let base):
            tracker.add(position: frame.stroke.translation - base, at: frame.time)
            if frame.isStrokeEnd {
                state = .idle
                emit(.report(.ended, dragValue(fingers, base, at: frame.time)))
            } else {
                emit(.report(.changed, dragValue(fingers, base, at: frame.time)))
            }
        case .spent:
            if frame.isStrokeEnd { state = .idle }
        }
    }

    private mutating func arm(_ frame: TouchFrame, emit: (RecognizedGesture) -> Void) {
        let fingers = frame.touches.count
        state = .arming(fingers: fingers, deadline: frame.time.advanced(bySeconds: settings.minimumDuration), unit: frame.unit)
        emit(.report(.arming, GestureValue(name: .touchLongPress(fingers: fingers), time: frame.time)))
    }

    private func dragValue(_ fingers: Int, _ base: Vector2, at time: Timestamp) -> GestureValue {
        let translation = lastTranslation - base
        let velocity = tracker.velocity(at: time)
        return GestureValue(name: .touchLongPressDrag(fingers: fingers), time: time, translation: translation,
                            velocity: velocity,
                            predictedEndTranslation: translation + RecognizerSettings.projection(of: velocity),
                            progress: 1)
    }
}
