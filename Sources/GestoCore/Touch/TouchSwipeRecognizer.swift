// `touch-swipe:F:DIR` from touch frames, with the touchpad swipe's semantics: the direction is
// first decided after a short lock distance (`began`), follows the net translation while the
// fingers move (`changed`), and the lift decides: ended if the distance passed the threshold or
// the release velocity (a least-squares fit, VelocityTracker) passed the flick velocity.
//
//   idle ─fingers land→ tracking(possible) ─settled, travel ≥ lock→ tracking(began) [began] ─frame→ [changed]
//   tracking ─last finger up→ [ended | failed] ─→ idle;  ─more fingers→ [cancelled] restart
//   tracking ─TOUCH_CANCEL→ [cancelled] ─→ idle

/// The verdict shared by touch swipes and edge swipes: whether a stroke that moved
/// `translation` and was released at `velocity` counts, and its progress.
struct TouchSwipeVerdict {
    var counts: Bool
    var progress: Double

    init(translation: Vector2, velocity: Vector2, unit: TouchUnit, settings: TouchSwipeSettings) {
        let distance = translation.length
        let threshold = settings.threshold.value(in: unit)
        progress = threshold > 0 ? distance / threshold : 0
        let isFlick = velocity.length >= settings.velocity.value(in: unit)
            && velocity.dot(translation) > 0
            && distance >= settings.flickMinimumDistance.value(in: unit)
        counts = distance >= threshold || isFlick
    }
}

/// Recognizes swipes of F fingers on a touchscreen (F = the most fingers down at once).
public struct TouchSwipeRecognizer: Recognizer {
    public typealias Value = GestureValue

    /// The thresholds.
    public let settings: TouchSwipeSettings

    struct Track: Sendable {
        var fingers: Int
        /// The stroke's translation when this track started (a restart after fingers landed).
        var base: Vector2
        var stage: TrackingStage
        var unit: TouchUnit
    }

    enum State: Sendable {
        case idle
        case tracking(Track)
    }

    private var state: State = .idle
    private var tracker = VelocityTracker()
    private var lastTranslation = Vector2.zero

    /// Makes a recognizer with the given thresholds.
    public init(settings: TouchSwipeSettings = TouchSwipeSettings()) { self.settings = settings }

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
            guard case .tracking(let track) = state else { return }
            state = .idle
            if track.stage == .began { emit(.report(.cancelled(.endOfInput), value(track, at: time))) }
        case .touches(let frame):
            handle(frame, emit: emit)
        }
    }

    private mutating func handle(_ frame: TouchFrame, emit: (RecognizedGesture) -> Void) {
        lastTranslation = frame.stroke.translation
        switch state {
        case .idle:
            guard !frame.touches.isEmpty, !frame.isCancelled else { return }
            start(frame)
        case .tracking(var track):
            if frame.isCancelled {
                state = .idle
                if track.stage == .began { emit(.report(.cancelled(.cancelledByLibinput), value(track, at: frame.time))) }
                return
            }
            if frame.stroke.fingerCount != track.fingers {
                // More fingers landed: before the swipe began they are part of it (it restarts
                // unreported); after, it is a different gesture from here.
                if track.stage == .began { emit(.report(.cancelled(.fingerCountChanged), value(track, at: frame.time))) }
                start(frame)
                return
            }
            tracker.add(position: frame.stroke.translation - track.base, at: frame.time)
            if frame.isStrokeEnd {
                state = .idle
                let final = value(track, at: frame.time)
                let verdict = TouchSwipeVerdict(translation: final.translation, velocity: final.velocity,
                                                unit: track.unit, settings: settings)
                emit(.report(verdict.counts ? .ended : .failed, final))
                return
            }
            switch track.stage {
            case .possible:
                guard frame.stroke.isSettled(at: frame.time),
                      (frame.stroke.translation - track.base).length >= settings.lockDistance.value(in: track.unit) else { return }
                track.stage = .began
                state = .tracking(track)
                emit(.report(.began, value(track, at: frame.time)))
            case .began:
                emit(.report(.changed, value(track, at: frame.time)))
            }
        }
    }

    private mutating func start(_ frame: TouchFrame) {
        tracker.reset()
        let track = Track(fingers: frame.stroke.fingerCount, base: frame.stroke.translation, stage: .possible, unit: frame.unit)
        tracker.add(position: .zero, at: frame.time)
        state = frame.isStrokeEnd ? .idle : .tracking(track)
    }

    private func value(_ track: Track, at time: Timestamp) -> GestureValue {
        let translation = lastTranslation - track.base
        let velocity = tracker.velocity(at: time)
        let direction = SwipeDirection(of: translation, diagonals: settings.diagonals)
        let verdict = TouchSwipeVerdict(translation: translation, velocity: velocity, unit: track.unit, settings: settings)
        return GestureValue(name: .touchSwipe(fingers: track.fingers, direction: direction), time: time,
                            translation: translation, velocity: velocity,
                            predictedEndTranslation: translation + RecognizerSettings.projection(of: velocity),
                            progress: verdict.progress)
    }
}
