// The closed-form solution of the damped spring, split into its response to a unit initial
// displacement and to a unit initial velocity. The ODE is linear, so any value type (a number,
// a 2-D translation) is animated by combining its own d₀ and v₀ with these four scalars.

import Glibc

/// How a spring returns to rest, from its damping ratio ζ (MOTION.md §1).
public enum SpringRegime: String, Hashable, Sendable {
    /// ζ < 1: oscillates around the target with an `e^{−βt}` envelope.
    case underdamped
    /// ζ = 1 (within ``SpringBasis/criticalTolerance``): the fastest return without oscillating
    /// from rest; a release velocity toward the target larger than β|d₀| still overshoots once.
    case critical
    /// ζ > 1: returns without oscillating, slowed by the larger damping.
    case overdamped
}

/// The solution of `m·ẍ + c·ẋ + k·x = 0` as `d(t) = dd·d₀ + dv·v₀`, `v(t) = vd·d₀ + vv·v₀`.
///
/// Regimes (MOTION.md §1; derivations as in libadwaita `adw-spring-animation.c` after commit
/// 39411fd0, with the `r₁, r₂` form for ζ > 1 instead of cosh/sinh, which multiplies huge and
/// tiny numbers):
/// - ζ < 1, `ω_d = √(ω₀² − β²)`: `d = e^{−βt}(d₀ cos ω_d t + (v₀ + βd₀)/ω_d · sin ω_d t)`.
/// - ζ = 1: `d = e^{−βt}(d₀ + (v₀ + βd₀)t)`.
/// - ζ > 1, `r₂ = −β − √(β² − ω₀²)`, `r₁ = ω₀²/r₂` (the product form avoids the cancellation of
///   `−β + √(β² − ω₀²)` for large ζ): `d = C₁e^{r₁t} + C₂e^{r₂t}`.
public struct SpringBasis: Hashable, Sendable {
    /// |ζ − 1| below which the spring is solved as critically damped: 1e-6 (relative; MOTION.md
    /// recommends it over libadwaita/niri's absolute `|β − ω₀| ≤ FLT_EPSILON`). The solution is
    /// continuous across regimes, so the error this introduces is of order 1e-6 · |d₀|.
    public static let criticalTolerance = 1e-6

    @usableFromInline enum Form: Hashable, Sendable {
        case underdamped(beta: Double, omega: Double, omega0Squared: Double)
        case critical(beta: Double)
        case overdamped(r1: Double, r2: Double)
    }

    @usableFromInline let form: Form

    /// The regime the parameters fall in.
    public var regime: SpringRegime {
        switch form {
        case .underdamped: return .underdamped
        case .critical: return .critical
        case .overdamped: return .overdamped
        }
    }

    /// Precomputes the regime and its constants from validated parameters.
    public init(_ parameters: SpringParameters) {
        let beta = parameters.decayRate
        let omega0Squared = parameters.stiffness / parameters.mass
        let zeta = parameters.dampingRatio
        if abs(zeta - 1) < Self.criticalTolerance {
            form = .critical(beta: beta)
        } else if zeta < 1 {
            form = .underdamped(beta: beta, omega: (omega0Squared - beta * beta).squareRoot(), omega0Squared: omega0Squared)
        } else {
            let r2 = -beta - (beta * beta - omega0Squared).squareRoot()
            form = .overdamped(r1: omega0Squared / r2, r2: r2)
        }
    }

    /// The four response coefficients at `t` seconds (t ≥ 0): displacement from unit d₀ (`dd`)
    /// and unit v₀ (`dv`), velocity from unit d₀ (`vd`) and unit v₀ (`vv`).
    @inlinable
    public func coefficients(at t: Double) -> (dd: Double, dv: Double, vd: Double, vv: Double) {
        switch form {
        case .underdamped(let beta, let omega, let omega0Squared):
            let envelope = exp(-beta * t)
            let s = sin(omega * t), c = cos(omega * t)
            let sinOverOmega = s / omega
            return (envelope * (c + beta * sinOverOmega),
                    envelope * sinOverOmega,
                    -envelope * omega0Squared * sinOverOmega,
                    envelope * (c - beta * sinOverOmega))
        case .critical(let beta):
            let envelope = exp(-beta * t)
            return (envelope * (1 + beta * t),
                    envelope * t,
                    -envelope * beta * beta * t,
                    envelope * (1 - beta * t))
        case .overdamped(let r1, let r2):
            let e1 = exp(r1 * t), e2 = exp(r2 * t)
            let inverse = 1 / (r1 - r2)
            return ((r1 * e2 - r2 * e1) * inverse,
                    (e1 - e2) * inverse,
                    r1 * r2 * (e2 - e1) * inverse,
                    (r1 * e1 - r2 * e2) * inverse)
        }
    }

    /// Upper bounds on |d(t)| and |v(t)| for a spring with initial displacement `d0` and velocity
    /// `v0`, each non-increasing for t ≥ ``boundsDecreaseAfter``. Used to bracket settle times.
    func bounds(at t: Double, d0: Double, v0: Double) -> (position: Double, velocity: Double) {
        switch form {
        case .underdamped(let beta, let omega, let omega0Squared):
            let b = (v0 + beta * d0) / omega
            let envelope = exp(-beta * t)
            let velocitySine = (omega0Squared * d0 + beta * v0) / omega
            // hypot, not √(x² + y²): the squares of a huge release velocity overflow.
            return (envelope * hypot(d0, b), envelope * hypot(v0, velocitySine))
        case .critical(let beta):
            let b = abs(v0 + beta * d0)
            let envelope = exp(-beta * t)
            return (envelope * (abs(d0) + b * t), envelope * (abs(v0) + beta * b * t))
        case .overdamped(let r1, let r2):
            let c2 = (r1 * d0 - v0) / (r1 - r2), c1 = d0 - c2
            let e1 = exp(r1 * t), e2 = exp(r2 * t)
            return (abs(c1) * e1 + abs(c2) * e2, abs(c1 * r1) * e1 + abs(c2 * r2) * e2)
        }
    }

    /// A closed-form time after which ``bounds(at:d0:v0:)`` stays within `tolerance`, in
    /// seconds (MOTION.md §1: the amplitude-aware envelope), for a spring with initial
    /// displacement `d0` and velocity `v0`; +infinity if it is undamped (or the time exceeds a
    /// Double). Computed from logarithms of scaled amplitudes, so no argument overflows it.
    /// - ζ < 1: `ln(A/ε)/β` for the position amplitude `A = hypot(d₀, (v₀ + βd₀)/ω_d)` and the
    ///   velocity amplitude `hypot(v₀, (ω₀²d₀ + βv₀)/ω_d)`.
    /// - ζ = 1: `t·e^{−βt} ≤ 2/(eβ)·e^{−βt/2}` turns the bound into `e^{−βt/2}(|d₀| + 2b/(eβ))`
    ///   (position) and `e^{−βt/2}(|v₀| + 2b/e)` (velocity), `b = |v₀ + βd₀|`.
    /// - ζ > 1: `e^{r₂t} ≤ e^{r₁t}`, so `(|C₁| + |C₂|)e^{r₁t}` and `(|C₁r₁| + |C₂r₂|)e^{r₁t}`.
    func settleTimeBound(d0: Double, v0: Double, tolerance: RestTolerance) -> Double {
        // The motion is linear in (d₀, v₀): solve it for (d₀, v₀)/scale and add ln(scale).
        let scale = max(abs(d0), abs(v0))
        guard scale > 0 else { return 0 }
        let d = d0 / scale, v = v0 / scale
        let logScale = log(scale)
        /// The time at which `amplitude · scale · e^{−rate·t}` reaches `epsilon` (0 if already).
        func time(amplitude: Double, epsilon: Double, rate: Double) -> Double {
            guard amplitude > 0 else { return 0 }
            return max(0, (log(amplitude) + logScale - log(epsilon)) / rate)
        }
        switch form {
        case .underdamped(let beta, let omega, let omega0Squared):
            guard beta > 0 else { return .infinity }
            return max(time(amplitude: hypot(d, (v + beta * d) / omega), epsilon: tolerance.position, rate: beta),
                       time(amplitude: hypot(v, (omega0Squared * d + beta * v) / omega), epsilon: tolerance.velocity, rate: beta))
        case .critical(let beta):
            guard beta > 0 else { return .infinity }
            let b = abs(v + beta * d)
            let e = exp(1.0)
            return max(time(amplitude: abs(d) + 2 * b / (e * beta), epsilon: tolerance.position, rate: beta / 2),
                       time(amplitude: abs(v) + 2 * b / e, epsilon: tolerance.velocity, rate: beta / 2))
        case .overdamped(let r1, let r2):
            let c2 = (r1 * d - v) / (r1 - r2), c1 = d - c2
            return max(time(amplitude: abs(c1) + abs(c2), epsilon: tolerance.position, rate: -r1),
                       time(amplitude: abs(c1 * r1) + abs(c2 * r2), epsilon: tolerance.velocity, rate: -r1))
        }
    }

    /// The time after which ``bounds(at:d0:v0:)`` no longer increases: 1/β when critical, else 0.
    var boundsDecreaseAfter: Double {
        switch form {
        case .underdamped, .overdamped: return 0
        case .critical(let beta): return 1 / beta
        }
    }

    /// A time scale small enough to resolve every feature of the motion: 1/64 of the damped
    /// period, or 1/16 of the fastest exponential's time constant.
    var resolution: Double {
        switch form {
        case .underdamped(let beta, let omega, _): return min(2 * Double.pi / omega / 64, beta > 0 ? 1 / beta / 16 : .infinity)
        case .critical(let beta): return 1 / beta / 16
        case .overdamped(_, let r2): return 1 / abs(r2) / 16
        }
    }

    /// The envelope decay rate in 1/s: β for ζ ≤ 1, |r₁| (the slow root) for ζ > 1; 0 if undamped.
    var slowestRate: Double {
        switch form {
        case .underdamped(let beta, _, _): return beta
        case .critical(let beta): return beta
        case .overdamped(let r1, _): return -r1
        }
    }
}
