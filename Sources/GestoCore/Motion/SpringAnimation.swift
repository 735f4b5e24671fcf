// A spring animation of any Animatable value (progress, a 2-D translation, a scale, an angle)
// started at a point on libinput's clock. This is what the daemon runs on each frame, and what a
// gesture hands its release state to (MOTION.md §6).

/// A spring animation started at ``startTime``, evaluated at absolute timestamps.
///
/// Every component follows `m·ẍ + c·ẋ + k·(x − to) = 0` with the same constants (the equation
/// is linear, so a vector spring is a spring per component). Rest is tested on the Euclidean
/// distance and speed against ``tolerance``.
public struct SpringAnimation<Value: Animatable>: Sendable {
    /// The spring's constants.
    public let parameters: SpringParameters
    /// The value at ``startTime``.
    public let from: Value
    /// The target.
    public let to: Value
    /// The velocity at ``startTime``, in units per second.
    public let initialVelocity: Value
    /// When the animation started, on libinput's clock.
    public let startTime: Timestamp
    /// The rest thresholds: the parameters' own (libadwaita/niri epsilon) if set, else the
    /// initializer's `tolerance`.
    public let tolerance: RestTolerance
    /// The precomputed regime solution.
    public let basis: SpringBasis

    /// Starts a spring animation at `startTime` from `from` (moving at `initialVelocity` per
    /// second) to `to`. `tolerance` applies unless `parameters.restTolerance` is set; choose
    /// ``RestTolerance/points`` for points and ``RestTolerance/progress`` for progress values.
    public init(
        parameters: SpringParameters, from: Value, to: Value, initialVelocity: Value = .zero,
        startTime: Timestamp, tolerance: RestTolerance = .points
    ) {
        self.parameters = parameters
        self.from = from
        self.to = to
        self.initialVelocity = initialVelocity
        self.startTime = startTime
        self.tolerance = parameters.restTolerance ?? tolerance
        self.basis = SpringBasis(parameters)
    }

    /// Seconds since ``startTime`` (negative before it).
    @inlinable public func elapsed(at time: Timestamp) -> Double { time.seconds(since: startTime) }

    /// Value and velocity at `time` (before ``startTime``: the starting state).
    @inlinable public func state(at time: Timestamp) -> MotionState<Value> {
        let k = basis.coefficients(at: max(elapsed(at: time), 0))
        let d0 = from - to
        return MotionState(value: to + d0 * k.dd + initialVelocity * k.dv, velocity: d0 * k.vd + initialVelocity * k.vv)
    }

    /// The value at `time`, not snapped (see ``presentedValue(at:)``).
    @inlinable public func value(at time: Timestamp) -> Value { state(at: time).value }

    /// The velocity at `time`, in units per second.
    @inlinable public func velocity(at time: Timestamp) -> Value { state(at: time).velocity }

    /// Whether the animation is at rest at `time`: distance to `to` ≤ `tolerance.position` and
    /// speed ≤ `tolerance.velocity`. The daemon stops its frame timer then.
    @inlinable public func isAtRest(at time: Timestamp) -> Bool {
        let s = state(at: time)
        return tolerance.isAtRest(displacement: (s.value - to).restMagnitude, velocity: s.velocity.restMagnitude)
    }

    /// What to show at `time`: the spring's value, or exactly `to` (velocity 0) once at rest.
    @inlinable public func presentedState(at time: Timestamp) -> MotionState<Value> {
        let s = state(at: time)
        if tolerance.isAtRest(displacement: (s.value - to).restMagnitude, velocity: s.velocity.restMagnitude) {
            return MotionState(value: to, velocity: .zero)
        }
        return s
    }

    /// A new animation toward `newTarget` starting at `time` from this one's value and
    /// velocity there: no jump in position or velocity (MOTION.md §6.3; vector `retarget_midflight`).
    public func retargeted(to newTarget: Value, at time: Timestamp, parameters newParameters: SpringParameters? = nil) -> SpringAnimation {
        let s = state(at: time)
        return SpringAnimation(parameters: newParameters ?? parameters, from: s.value, to: newTarget,
                               initialVelocity: s.velocity, startTime: time, tolerance: tolerance)
    }
}

extension SpringAnimation where Value == Double {
    /// The scalar ``Spring`` with the same motion (time measured from ``startTime``).
    public var spring: Spring { Spring(parameters: parameters, from: from, to: to, initialVelocity: initialVelocity) }

    /// The time at which the animation settles for good (see ``Spring/settleTime(tolerance:)``),
    /// or nil if it never does.
    public var settleTime: Timestamp? {
        let t = spring.settleTime(tolerance: tolerance)
        return t.isFinite ? startTime.advanced(bySeconds: t) : nil
    }
}

extension SpringAnimation {
    /// When the animation will have settled, for any value: the later settle time of the scalar
    /// springs with the displacement's magnitude and the velocity's, toward and away from the
    /// target (a vector spring is the same spring per component, so its distance to the target
    /// is one of those motions when start and velocity are aligned, and close to them
    /// otherwise). nil if it never settles. A deadline to stop waiting at, not a frame's time.
    public var settleTimeEstimate: Timestamp? {
        let distance = (from - to).restMagnitude, speed = initialVelocity.restMagnitude
        let times = [speed, -speed].map {
            Spring(parameters: parameters, from: distance, to: 0, initialVelocity: $0).settleTime(tolerance: tolerance)
        }
        guard let latest = times.max(), latest.isFinite else { return nil }
        return startTime.advanced(bySeconds: latest)
    }
}
