// A value coasting after a flick with exponentially decaying velocity: UIScrollView's
// deceleration rate and Compose's `exponentialDecay` friction are the same curve (MOTION.md §4).
// Used for free scrolling; snapping instead uses a spring carrying the velocity.

import Glibc

/// Why a decay could not be built.
public enum DecayError: Error, Equatable, Sendable {
    /// The rate per millisecond is not in (0, 1), or not finite.
    case invalidRate(Double)
    /// The friction is not > 0, or not finite.
    case invalidFriction(Double)
}

/// Exponential decay: `v(t) = v₀·e^{−λt}`, `x(t) = x₀ + v₀(1 − e^{−λt})/λ`, resting at `x₀ + v₀/λ`.
public struct Decay: Hashable, Sendable {
    /// Compose's friction per unit multiplier: 4.2 /s (`FloatExponentialDecaySpec`, `ExponentialDecay.kt`).
    public static let composeFrictionPerMultiplier = 4.2
    /// Compose's default `absVelocityThreshold`: 0.1 units/s.
    public static let composeVelocityThreshold = 0.1

    /// The value at t = 0.
    public let from: Double
    /// The velocity at t = 0, in units per second.
    public let initialVelocity: Double
    /// λ, in 1/s.
    public let decayPerSecond: Double

    /// A decay at UIScrollView-style `rate` (λ = −1000·ln r).
    public init(from: Double, initialVelocity: Double, rate: DecelerationRate = .touchpad) throws(DecayError) {
        let r = rate.perMillisecond
        guard r.isFinite, r > 0, r < 1 else { throw .invalidRate(r) }
        self.init(from: from, initialVelocity: initialVelocity, unchecked: rate.decayPerSecond)
    }

    /// Compose `exponentialDecay(frictionMultiplier:)`: λ = 4.2 × `frictionMultiplier` /s (Compose default 1).
    public init(from: Double, initialVelocity: Double, frictionMultiplier: Double) throws(DecayError) {
        let f = Self.composeFrictionPerMultiplier * frictionMultiplier
        guard f.isFinite, f > 0 else { throw .invalidFriction(frictionMultiplier) }
        self.init(from: from, initialVelocity: initialVelocity, unchecked: f)
    }

    @usableFromInline init(from: Double, initialVelocity: Double, unchecked decay: Double) {
        self.from = from; self.initialVelocity = initialVelocity; self.decayPerSecond = decay
    }

    /// The value `elapsed` seconds after the start (before 0: `from`).
    @inlinable public func value(at elapsed: Double) -> Double {
        from + initialVelocity * -expm1(-decayPerSecond * max(elapsed, 0)) / decayPerSecond
    }

    /// The velocity in units/s `elapsed` seconds after the start.
    @inlinable public func velocity(at elapsed: Double) -> Double {
        initialVelocity * exp(-decayPerSecond * max(elapsed, 0))
    }

    /// Where the value comes to rest: `from + v₀/λ`.
    @inlinable public var restValue: Double { from + initialVelocity / decayPerSecond }

    /// Seconds until the speed drops to `speed` units/s: `ln(speed/|v₀|)/(−λ)`; 0 if already slower.
    @inlinable public func duration(untilSpeedBelow speed: Double) -> Double {
        let v = abs(initialVelocity)
        return v <= speed ? 0 : log(speed / v) / -decayPerSecond
    }

    /// The distance travelled until the speed drops to `speed` (Compose `getTargetValue` with
    /// `absVelocityThreshold`): `(v₀ − sign(v₀)·speed)/λ`.
    @inlinable public func distance(untilSpeedBelow speed: Double) -> Double {
        let v = abs(initialVelocity)
        guard v > speed else { return 0 }
        return (v - speed) / decayPerSecond * (initialVelocity < 0 ? -1 : 1)
    }
}
