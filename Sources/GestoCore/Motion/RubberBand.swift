// Resistance past a bound: the displayed value moves less than the finger, ever less, and never
// beyond an asymptote (UIScrollView's rubber band, chpwn/squareb 2013; niri `src/rubber_band.rs`;
// libadwaita `adjust_for_overshoot`). One curve; the published forms map onto it (MOTION.md §5).

/// The rubber-band curve `b(e) = c·e·L/(c·e + L)` for an excess `e ≥ 0` past a bound.
///
/// Slope `c` at 0, asymptote `L`. The forms people publish:
/// - UIScrollView: `(1 − 1/(e·c/L + 1))·L` with `c = 0.55`, `L` = the view's dimension.
/// - niri `RubberBand { stiffness, limit }`: `c` = stiffness, `L` = limit (workspace gesture 0.5, 0.05).
/// - `limit + e·c/(1 + e·k)`: the same curve with `L = c/k` (``init(coefficient:falloff:)``).
/// - libadwaita `e/(1 + e·d)`, `d = 0.1·distance`: `c = 1`, `k = d`.
public struct RubberBand: Hashable, Sendable {
    /// UIScrollView's coefficient: 0.55 (squareb 2013, copied at gist.github.com/originell/6961057).
    public static let uiScrollViewCoefficient = 0.55

    /// The slope at the bound, c (dimensionless).
    public let coefficient: Double
    /// The asymptote L: the most the displayed value ever moves past the bound, in the value's unit.
    public let dimension: Double

    /// A band with slope `coefficient` at the bound and asymptote `dimension` (both > 0; a
    /// programmer error otherwise).
    public init(coefficient: Double = uiScrollViewCoefficient, dimension: Double) {
        precondition(coefficient > 0 && coefficient.isFinite, "RubberBand coefficient must be > 0")
        precondition(dimension > 0 && dimension.isFinite, "RubberBand dimension must be > 0")
        self.coefficient = coefficient
        self.dimension = dimension
    }

    /// The `limit + e·c/(1 + e·k)` form: the same curve with `L = c/k`.
    public init(coefficient: Double, falloff k: Double) {
        self.init(coefficient: coefficient, dimension: coefficient / k)
    }

    /// The displayed excess for a raw excess `excess ≥ 0` (negative excesses are mirrored).
    @inlinable public func band(excess: Double) -> Double {
        let e = abs(excess)
        let b = coefficient * e * dimension / (coefficient * e + dimension)
        return excess < 0 ? -b : b
    }

    /// The raw excess that displays as `banded` (inverse of ``band(excess:)``): `L·b/(c(L − b))`.
    /// `|banded| ≥ L` has no preimage and gives ±infinity.
    @inlinable public func excess(forBanded banded: Double) -> Double {
        let b = abs(banded)
        guard b < dimension else { return banded < 0 ? -.infinity : .infinity }
        let e = dimension * b / (coefficient * (dimension - b))
        return banded < 0 ? -e : e
    }

    /// The slope `b′(e) = cL²/(ce + L)²` (dimensionless) at raw excess `excess`.
    @inlinable public func slope(atExcess excess: Double) -> Double {
        let denominator = coefficient * abs(excess) + dimension
        return coefficient * dimension * dimension / (denominator * denominator)
    }

    // MARK: Applied to a value between bounds

    /// The displayed value for the raw (finger) value `raw`: identity inside `bounds`,
    /// `bound ± b(|raw − bound|)` outside.
    @inlinable public func displayed(raw: Double, within bounds: ClosedRange<Double>) -> Double {
        if raw > bounds.upperBound { return bounds.upperBound + band(excess: raw - bounds.upperBound) }
        if raw < bounds.lowerBound { return bounds.lowerBound - band(excess: bounds.lowerBound - raw) }
        return raw
    }

    /// The raw value that displays as `displayed` (to resume a gesture from a banded value).
    @inlinable public func raw(displayed: Double, within bounds: ClosedRange<Double>) -> Double {
        if displayed > bounds.upperBound { return bounds.upperBound + excess(forBanded: displayed - bounds.upperBound) }
        if displayed < bounds.lowerBound { return bounds.lowerBound - excess(forBanded: bounds.lowerBound - displayed) }
        return displayed
    }

    /// d(displayed)/d(raw): 1 inside `bounds` (bounds included), `b′(e)` outside.
    @inlinable public func slope(raw: Double, within bounds: ClosedRange<Double>) -> Double {
        if raw > bounds.upperBound { return slope(atExcess: raw - bounds.upperBound) }
        if raw < bounds.lowerBound { return slope(atExcess: bounds.lowerBound - raw) }
        return 1
    }

    /// The displayed value's velocity when the raw value moves at `rawVelocity`: scaled by the
    /// slope (chain rule, as niri does; libadwaita's `b(e)/e` secant overstates it).
    @inlinable public func releaseVelocity(_ rawVelocity: Double, raw: Double, within bounds: ClosedRange<Double>) -> Double {
        rawVelocity * slope(raw: raw, within: bounds)
    }
}
