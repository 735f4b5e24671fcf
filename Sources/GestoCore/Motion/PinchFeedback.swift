// The value behind the pinch indicator of a `continuous` pinch binding: a scale that follows the
// pinch 1:1 inside a clamp, rubber-banded past it in log-scale space, anchored at the finger
// centroid; on release a spring takes it back inside the clamp, to 1, or to the committed end.
// Pure: time is an argument, as in ContinuousFeedback.
import Glibc

/// Feedback scale and anchor for one `continuous` pinch binding.
///
/// The scale is handled in log space (`ln s`): a pinch to 2× and one to 0.5× are the same
/// distance from 1, and the rubber band resists both alike. Inside `[minimum, maximum]` the
/// displayed scale is the reported one (relative to the start) times the scale the gesture
/// started from; past it the excess `ln s − ln bound` goes through ``rubberBand``.
///
/// The anchor is an offset in points from the output centre: 0 at the start of the first
/// gesture, then the pinch's translation (the finger centroid's motion) 1:1.
///
/// Phases of the ``RecognizedGesture`` fed to ``handle(_:)``:
/// - `began`, `changed`: the finger drives scale and anchor. A `began` during a release
///   continues from the spring's current scale and the current anchor, without a jump.
/// - `ended`: a spring carries the displayed scale and its velocity to ``committedScale``.
/// - `failed`, `cancelled`: a spring carries them back to 1.
/// - `arming`: ignored.
public struct PinchFeedback: Sendable {
    /// How a release ends.
    public enum Outcome: Sendable, Hashable {
        /// The pinch ended recognized: the indicator goes to the committed scale.
        case committed
        /// The pinch failed or was cancelled: the indicator springs back to 1.
        case cancelled
    }

    /// Who drives the value.
    public enum State: Sendable {
        /// Nothing to show.
        case idle
        /// The finger drives the value.
        /// - `originLog`: ln of the raw scale the gesture started from;
        /// - `rawLog`: ln of the raw (unbanded) scale now; `logVelocity`: its rate, per second;
        /// - `anchorOrigin`: the anchor when the gesture started; `anchor`: the anchor now;
        /// - `lastTime`: the time of the last report.
        case tracking(originLog: Double, rawLog: Double, logVelocity: Double, anchorOrigin: Vector2,
                      anchor: Vector2, lastTime: Timestamp)
        /// A spring drives ln of the displayed scale; the anchor stays where it was released.
        case releasing(animation: SpringAnimation<Double>, anchor: Vector2, outcome: Outcome)
    }

    /// What to show at one instant.
    public struct Presentation: Sendable, Equatable {
        /// The displayed scale (1 = the indicator's base size).
        public var scale: Double
        /// The anchor (the indicator's centre), in points from the output centre.
        public var anchor: Vector2
    }

    /// The default clamp: 0.5…2.
    public static let defaultRange: ClosedRange<Double> = 0.5...2
    /// The default band: UIScrollView's slope, at most ln 1.25 past the clamp (a 25 % overshoot).
    public static let defaultRubberBand = RubberBand(coefficient: RubberBand.uiScrollViewCoefficient, dimension: log(1.25))

    /// Who drives the value now.
    public private(set) var state: State = .idle
    /// Where the scale moves without resistance, as a scale (not its log).
    public let range: ClosedRange<Double>
    /// The resistance past ``range``, in log-scale units.
    public var rubberBand: RubberBand
    /// The scale a committed release springs to (clamped into ``range``).
    public var committedScale: Double
    /// The release spring.
    public var parameters: SpringParameters

    /// Makes idle feedback.
    ///
    /// - Parameters:
    ///   - range: The clamp of the displayed scale (both bounds > 0; 1 inside).
    ///   - committedScale: Where a committed release goes; nil: the clamp bound on the side
    ///     of `direction` (`out`: ``range``'s upper bound, `in`: its lower bound).
    ///   - direction: The binding's pinch direction (for the default committed scale).
    ///   - rubberBand: The band past the clamp, in log-scale units.
    ///   - parameters: The release spring (default niri's window movement: ζ 1, k 800).
    public init(range: ClosedRange<Double> = defaultRange, committedScale: Double? = nil,
                direction: PinchDirection = .out, rubberBand: RubberBand = defaultRubberBand,
                parameters: SpringParameters = .niriWindowMovement) {
        precondition(range.lowerBound > 0 && range.contains(1), "PinchFeedback range must be > 0 and contain 1")
        self.range = range
        self.rubberBand = rubberBand
        self.committedScale = committedScale ?? (direction == .out ? range.upperBound : range.lowerBound)
        self.parameters = parameters
    }

    /// The clamp in log space.
    public var logBounds: ClosedRange<Double> { log(range.lowerBound)...log(range.upperBound) }

    /// The displayed scale for a raw (unbanded) scale.
    public func displayedScale(raw: Double) -> Double {
        exp(rubberBand.displayed(raw: log(max(raw, .leastNormalMagnitude)), within: logBounds))
    }

    /// Feeds one report of the binding's stream (see the type's summary for each phase).
    public mutating func handle(_ gesture: RecognizedGesture) {
        let time = gesture.time
        let reported = log(max(gesture.scale, .leastNormalMagnitude))
        switch gesture.phase {
        case .arming:
            return
        case .began, .changed:
            switch state {
            case .tracking(let originLog, let rawLog, let logVelocity, let anchorOrigin, _, let lastTime):
                let raw = originLog + reported
                let dt = time.seconds(since: lastTime)
                let velocity = Self.velocity(from: rawLog, to: raw, over: dt, previous: logVelocity)
                state = .tracking(originLog: originLog, rawLog: raw, logVelocity: velocity, anchorOrigin: anchorOrigin,
                                  anchor: anchorOrigin + gesture.translation, lastTime: time)
            case .releasing(let animation, let anchor, _):
                // Interrupted: continue from the spring's scale now, in raw (unbanded) log scale.
                let shown = animation.value(at: time)
                let originLog = rubberBand.raw(displayed: shown, within: logBounds)
                state = .tracking(originLog: originLog, rawLog: originLog + reported, logVelocity: 0, anchorOrigin: anchor,
                                  anchor: anchor + gesture.translation, lastTime: time)
            case .idle:
                state = .tracking(originLog: 0, rawLog: reported, logVelocity: 0, anchorOrigin: .zero,
                                  anchor: gesture.translation, lastTime: time)
            }
        case .ended, .failed, .cancelled:
            guard case .tracking(let originLog, let rawLog, let logVelocity, let anchorOrigin, _, let lastTime) = state else { return }
            // The release report carries the final scale; it updates the velocity if it moved.
            let raw = originLog + reported
            let dt = time.seconds(since: lastTime)
            let rawVelocity = Self.velocity(from: rawLog, to: raw, over: dt, previous: logVelocity)
            let from = rubberBand.displayed(raw: raw, within: logBounds)
            let velocity = rawVelocity * rubberBand.slope(raw: raw, within: logBounds)
            let outcome: Outcome = gesture.phase == .ended ? .committed : .cancelled
            let target = outcome == .committed ? min(max(committedScale, range.lowerBound), range.upperBound) : 1
            let animation = SpringAnimation(parameters: parameters, from: from, to: log(target), initialVelocity: velocity,
                                            startTime: time, tolerance: .progress)
            state = .releasing(animation: animation, anchor: anchorOrigin + gesture.translation, outcome: outcome)
        }
    }

    /// A report this long after the previous one with the same scale means the fingers held still.
    public static let stillnessInterval = 0.04

    /// The log-scale velocity between two reports `dt` seconds apart: their difference quotient
    /// when the scale changed; 0 when it did not for ``stillnessInterval``; else (a repeated
    /// scale right away, as a release report carries) the previous estimate.
    static func velocity(from old: Double, to new: Double, over dt: Double, previous: Double) -> Double {
        if dt > 0.0005 && new != old { return (new - old) / dt }
        if dt >= stillnessInterval { return 0 }
        return previous
    }

    /// What to show at `time`, or nil when idle.
    public func presentation(at time: Timestamp) -> Presentation? {
        switch state {
        case .idle:
            return nil
        case .tracking(_, let rawLog, _, _, let anchor, _):
            return Presentation(scale: exp(rubberBand.displayed(raw: rawLog, within: logBounds)), anchor: anchor)
        case .releasing(let animation, let anchor, _):
            return Presentation(scale: exp(animation.presentedState(at: time).value), anchor: anchor)
        }
    }

    /// Whether nothing moves at `time`: idle, or a release whose spring is at rest.
    public func isAtRest(at time: Timestamp) -> Bool {
        switch state {
        case .idle: return true
        case .tracking: return false
        case .releasing(let animation, _, _): return animation.isAtRest(at: time)
        }
    }

    /// Becomes idle if the release has come to rest at `time`; returns whether it is idle.
    @discardableResult
    public mutating func settle(at time: Timestamp) -> Bool {
        if case .releasing = state, isAtRest(at: time) { state = .idle }
        if case .idle = state { return true }
        return false
    }
}
