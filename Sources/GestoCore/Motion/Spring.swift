// A damped spring from one value to another, evaluated in closed form at an absolute elapsed
// time: no per-frame integration, so it is frame-rate independent and can be sampled anywhere.
// Ported in spirit from libadwaita `adw-spring-animation.c` and niri `src/animation/spring.rs`.

import Glibc

/// The value and velocity of an animation at one instant.
public struct MotionState<Value: Sendable>: Sendable {
    /// The value, in the animation's unit (pt, or progress).
    public var value: Value
    /// The velocity, d(value)/dt in units per second.
    public var velocity: Value

    /// Makes a state.
    @inlinable public init(value: Value, velocity: Value) { self.value = value; self.velocity = velocity }
}

extension MotionState: Equatable where Value: Equatable {}

/// A scalar spring: `m·ẍ + c·ẋ + k·(x − to) = 0` with `x(0) = from`, `ẋ(0) = initialVelocity`.
///
/// `Spring` is a plain value (niri's `Spring` is `Copy` too); time is the elapsed time since
/// the spring started, in seconds, always an argument. Velocity signs follow d(value)/dt,
/// not "toward the target" as in Core Animation.
public struct Spring: Hashable, Sendable {
    /// The samples ``settleTime(tolerance:)`` scans at the finest step (1/64 of the period, or
    /// 1/16 of the fastest time constant) back from its bracket before the step starts to
    /// double: 4096, far more than the last excursion needs (within about one period of the
    /// bracket), so that no argument makes the search long (issue 34: 13.9 s at ζ 1000).
    public static let settleScanFineSamples = 4096

    /// The spring's constants.
    public let parameters: SpringParameters
    /// The value at t = 0 (pt or progress).
    public let from: Double
    /// The target value (pt or progress).
    public let to: Double
    /// The velocity at t = 0, in units per second (sign = d(value)/dt).
    public let initialVelocity: Double
    /// The precomputed regime solution.
    public let basis: SpringBasis

    /// Makes a spring from `from` to `to`, leaving `from` at `initialVelocity` units per second.
    public init(parameters: SpringParameters, from: Double, to: Double, initialVelocity: Double = 0) {
        self.parameters = parameters
        self.from = from
        self.to = to
        self.initialVelocity = initialVelocity
        self.basis = SpringBasis(parameters)
    }

    /// The regime (under-, critically or over-damped).
    @inlinable public var regime: SpringRegime { basis.regime }

    /// The value `elapsed` seconds after the start (times before 0 give `from`).
    @inlinable public func value(at elapsed: Double) -> Double {
        let k = basis.coefficients(at: max(elapsed, 0))
        return to + k.dd * (from - to) + k.dv * initialVelocity
    }

    /// The velocity in units per second `elapsed` seconds after the start.
    @inlinable public func velocity(at elapsed: Double) -> Double {
        let k = basis.coefficients(at: max(elapsed, 0))
        return k.vd * (from - to) + k.vv * initialVelocity
    }

    /// Value and velocity `elapsed` seconds after the start, from one evaluation.
    @inlinable public func state(at elapsed: Double) -> MotionState<Double> {
        let k = basis.coefficients(at: max(elapsed, 0))
        let d0 = from - to
        return MotionState(value: to + k.dd * d0 + k.dv * initialVelocity, velocity: k.vd * d0 + k.vv * initialVelocity)
    }

    /// Whether the spring is at rest `elapsed` seconds after the start: within `tolerance` of
    /// `to` in position *and* velocity. At rest, show `to` with velocity 0 (snap).
    ///
    /// The distance to `to` is computed from the solution itself, not as `value − to`, which
    /// cannot be smaller than a rounding step of `to` (2e-16 of it): a tolerance below that
    /// would otherwise be met only when the value rounds to `to` exactly.
    @inlinable public func isAtRest(at elapsed: Double, tolerance: RestTolerance) -> Bool {
        let k = basis.coefficients(at: max(elapsed, 0))
        let d0 = from - to
        return tolerance.isAtRest(displacement: k.dd * d0 + k.dv * initialVelocity, velocity: k.vd * d0 + k.vv * initialVelocity)
    }

    /// A spring toward `newTarget` that starts from this one's value and velocity at `elapsed`
    /// seconds: position and velocity stay continuous (MOTION.md §6.3). Its own time starts at 0.
    public func retargeted(to newTarget: Double, at elapsed: Double, parameters newParameters: SpringParameters? = nil) -> Spring {
        let s = state(at: elapsed)
        return Spring(parameters: newParameters ?? parameters, from: s.value, to: newTarget, initialVelocity: s.velocity)
    }

    /// The settle time in seconds: the last time the spring is outside `tolerance` (after it,
    /// `|value − to| ≤ position` and `|velocity| ≤ velocity` forever). What it returns:
    /// - 0 if the spring starts at rest (`from == to` and no velocity, or already within the
    ///   tolerance and never leaving it);
    /// - `.infinity` if it never settles: zero damping (ζ = 0) with motion, a tolerance not
    ///   above 0 with motion, or a damping so weak that the time exceeds a Double (1.8e308 s);
    /// - otherwise a finite time, found exactly (to about 1e-12 of it), however extreme the
    ///   tolerance or the velocity.
    ///
    /// A closed-form envelope bound (``SpringBasis``) brackets the time and bisection on the
    /// bound tightens it; a scan backwards from it at 1/64 of the period finds the last
    /// excursion (after ``settleScanFineSamples`` samples its step doubles, so the scan ends
    /// within a few thousand evaluations whatever the arguments), and bisection refines it.
    public func settleTime(tolerance: RestTolerance) -> Double {
        let d0 = from - to, v0 = initialVelocity
        if d0 == 0 && v0 == 0 { return 0 }
        if !(tolerance.position > 0 && tolerance.velocity > 0) { return .infinity }
        func outside(_ t: Double) -> Bool { !isAtRest(at: t, tolerance: tolerance) }
        func boundInside(_ t: Double) -> Bool {
            let b = basis.bounds(at: t, d0: d0, v0: v0)
            return b.position <= tolerance.position && b.velocity <= tolerance.velocity
        }
        // 1. Bracket: the closed-form bound, tightened by bisection on the (eventually
        // decreasing) bound between the time it starts decreasing and the closed form.
        let closedForm = basis.settleTimeBound(d0: d0, v0: v0, tolerance: tolerance)
        guard closedForm.isFinite else { return .infinity }
        var low = basis.boundsDecreaseAfter
        if boundInside(low) {
            if low == 0 { return 0 }
        } else if low < closedForm {
            var high = closedForm
            for _ in 0..<80 where high - low > 1e-12 * high {
                let mid = (low + high) / 2
                if boundInside(mid) { high = mid } else { low = mid }
            }
            low = high
        }
        let upper = low
        // 2. Scan backwards for the last sample outside the tolerance: finely near the bracket,
        // where the last excursion is, then with a doubling step (never below the spacing of
        // Doubles at `upper`, so every step moves).
        var step = max(min(basis.resolution, upper / 256), upper.ulp)
        var t = upper, lastInside = upper, samples = 0
        while t > 0 && !outside(t) {
            lastInside = t
            t -= step
            samples += 1
            if samples >= Self.settleScanFineSamples { step *= 2 }
        }
        if t <= 0 {
            if !outside(0) { return 0 }
            t = 0
        }
        // 3. Bisect between the last outside sample and the inside one after it.
        var outsideTime = t, insideTime = lastInside
        for _ in 0..<100 where insideTime - outsideTime > 1e-13 * max(insideTime, 1e-9) {
            let mid = (outsideTime + insideTime) / 2
            if outside(mid) { outsideTime = mid } else { insideTime = mid }
        }
        return insideTime
    }

    /// libadwaita's and niri's estimated duration for ζ ≤ 1: `−ln(ε)/β` (envelope of amplitude 1,
    /// `adw-spring-animation.c` `calculate_duration`); for ζ > 1 this returns `−ln(ε)/|r₁|`
    /// (libadwaita instead refines with Newton's method). It ignores d₀ and v₀ and can end early
    /// (vector `niri_workspace_switch`): prefer ``settleTime(tolerance:)``. Infinite when ζ = 0.
    public func estimatedDuration(epsilon: Double) -> Double {
        let rate = basis.slowestRate
        return rate > 0 ? -log(epsilon) / rate : .infinity
    }
}
