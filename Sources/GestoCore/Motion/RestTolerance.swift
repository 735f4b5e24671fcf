// When an animation counts as finished: both its distance to the target and its speed are
// small (MOTION.md §1 "Rest / settle detection"). A position-only test would call an in-place
// bounce (from == to, v₀ ≠ 0) settled at t = 0, so velocity is always part of the test.

/// The thresholds under which a moving value is at rest: `|value − target| ≤ position`
/// *and* `|velocity| ≤ velocity`.
///
/// The velocity threshold defaults to 62.5 × the position threshold per second: a value
/// moving slower than that changes by less than `position` in a 16 ms frame (Android
/// DynamicAnimation `SpringForce`: `v_thr = 62.5 × x_thr`).
public struct RestTolerance: Hashable, Sendable {
    /// Frames per second implied by Android's velocity threshold: 62.5 /s, i.e. one 16 ms frame.
    public static let velocityPerPosition: Double = 62.5

    /// The largest distance to the target at rest, in the value's unit (pt, or progress).
    public var position: Double
    /// The largest speed at rest, in the value's unit per second.
    public var velocity: Double

    /// Makes a tolerance; `velocity` defaults to 62.5 × `position` per second.
    @inlinable public init(position: Double, velocity: Double? = nil) {
        self.position = position
        self.velocity = velocity ?? position * Self.velocityPerPosition
    }

    /// For values in points: 0.1 pt and 6.25 pt/s (MOTION.md, recommended defaults).
    public static let points = RestTolerance(position: 0.1, velocity: 6.25)
    /// For dimensionless progress: 1e-4 and 6.25e-3 /s (MOTION.md; niri's workspace-switch epsilon).
    public static let progress = RestTolerance(position: 1e-4, velocity: 6.25e-3)

    /// Whether a value `displacement` away from its target, moving at `velocity`, is at rest.
    @inlinable public func isAtRest(displacement: Double, velocity speed: Double) -> Bool {
        abs(displacement) <= position && abs(speed) <= velocity
    }
}
