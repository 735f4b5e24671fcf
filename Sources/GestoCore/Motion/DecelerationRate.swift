// How fast a flick slows down, as UIScrollView states it (a velocity multiplier per millisecond),
// and where it would stop: the projection that picks a snap target on release (WWDC18 session
// 803 `project()`; niri `SwipeTracker::projected_end_pos`). MOTION.md §4.

import Glibc

/// A deceleration rate: the factor the velocity keeps per millisecond (`v(t) = v₀·r^{1000t}`).
public struct DecelerationRate: Hashable, Sendable {
    /// UIScrollView `.normal`: 0.998 per ms (`uikit/uiscrollview/decelerationrate-swift.struct`).
    public static let normal = DecelerationRate(perMillisecond: 0.998)
    /// UIScrollView `.fast`: 0.99 per ms.
    public static let fast = DecelerationRate(perMillisecond: 0.99)
    /// Touchpad rate of GNOME, libadwaita (`adw-swipe-tracker.c`) and niri: 0.997 per ms.
    public static let touchpad = DecelerationRate(perMillisecond: 0.997)
    /// Touchscreen rate of libadwaita and niri: 0.998 per ms.
    public static let touchscreen = DecelerationRate(perMillisecond: 0.998)

    /// The fraction of the velocity kept after each millisecond, in (0, 1).
    public var perMillisecond: Double

    /// Makes a rate; `perMillisecond` must be in (0, 1) (checked by ``Decay``'s initializer).
    @inlinable public init(perMillisecond: Double) { self.perMillisecond = perMillisecond }

    /// The same rate as an exponential decay constant λ in 1/s (`v = v₀e^{−λt}`): `−1000·ln r`.
    @inlinable public var decayPerSecond: Double { -1000 * log(perMillisecond) }

    /// The distance a flick at `velocity` units/s travels until it stops, continuous form:
    /// `−v/(1000·ln r)` (the integral of `v·r^{1000t}`; niri `projected_end_pos`). Same unit as
    /// the velocity's numerator.
    @inlinable public func project(velocity: Double) -> Double {
        -velocity / (1000 * log(perMillisecond))
    }

    /// The discrete WWDC18 form `(v/1000)·r/(1 − r)` (a geometric series of 1 ms steps, as in
    /// "Designing Fluid Interfaces" `project()`): 0.1 % shorter than ``project(velocity:)`` at 0.998.
    @inlinable public func projectDiscrete(velocity: Double) -> Double {
        (velocity / 1000) * perMillisecond / (1 - perMillisecond)
    }
}
