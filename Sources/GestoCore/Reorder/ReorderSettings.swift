// The tunables of a reorder: how drag distance becomes points, how far past a boundary the
// dragged item must go before the order changes, and the spring that moves everything else.
// Layer: GestoCore (pure values); the config loader builds one from `reorder: {…}`.

/// How a reorder turns a drag into slot changes and motion.
public struct ReorderSettings: Hashable, Sendable {
    /// Default hysteresis: 0.2 of the slot pitch past a boundary (24 units of a 120-unit touchpad
    /// slot). Several times a resting finger's jitter (a few units), small enough that the
    /// neighbour still moves out of the way as soon as the item visibly covers it.
    public static let defaultHysteresis = 0.2

    /// Default spring: niri's window movement (ζ 1, k 800, m 1), critically damped so displaced
    /// items glide into their slots without overshooting past a neighbour. niri's epsilon (1e-4)
    /// is for its own units; rest is tested in points (``RestTolerance/points``) instead.
    public static let defaultSpring: SpringParameters = {
        var parameters = SpringParameters.niriWindowMovement
        parameters.restTolerance = nil
        return parameters
    }()

    /// Points per libinput delta unit: the dragged item's offset is `translation × this` (> 0).
    /// 1 for a touchpad-only layout measured in delta units (``ReorderLayout/touchpad(slot:itemCount:arrangement:)``).
    public var pointsPerDeltaUnit: Double
    /// How far past a boundary the dragged item's centre must go before the destination changes,
    /// and back past it before it changes back, as a fraction of the slot pitch (0 ≤ h < 0.5).
    public var hysteresis: Double
    /// The spring that moves items into their slots.
    public var spring: SpringParameters
    /// When an item's spring counts as at rest, in points and points per second.
    public var tolerance: RestTolerance

    /// Makes settings. `pointsPerDeltaUnit` must be finite and > 0 and `hysteresis` in [0, 0.5)
    /// (a programmer error otherwise: the config loader validates user values first).
    public init(
        pointsPerDeltaUnit: Double = 1, hysteresis: Double = defaultHysteresis,
        spring: SpringParameters = defaultSpring, tolerance: RestTolerance = .points
    ) {
        precondition(pointsPerDeltaUnit.isFinite && pointsPerDeltaUnit > 0, "pointsPerDeltaUnit must be > 0")
        precondition(hysteresis >= 0 && hysteresis < 0.5, "hysteresis must be in [0, 0.5)")
        self.pointsPerDeltaUnit = pointsPerDeltaUnit
        self.hysteresis = hysteresis
        self.spring = spring
        self.tolerance = tolerance
    }
}
