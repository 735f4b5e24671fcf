// The three units a gesture's motion passes through: libinput delta units (what the touchpad
// reports), points (what is drawn) and progress (a fraction of a page or workspace). Every
// conversion is explicit here, because libadwaita's implicit one is a known trap (MOTION.md §6.1).

/// Conversions between libinput gesture delta units, points and progress.
///
/// - libinput delta units: `libinput_event_gesture_get_dx_unaccelerated` etc., normalised to a
///   1000-dpi device (wayland.freedesktop.org/libinput/doc/latest/api/group__event__gesture.html).
/// - points = delta units × ``pointsPerDeltaUnit``.
/// - progress = points / ``distance`` (one page, workspace or view width per 1.0 of progress).
/// Velocities convert the same way (all maps are linear): units/s → pt/s → progress/s.
public struct MotionUnits: Hashable, Sendable {
    /// GNOME/libadwaita touchpad distance per page, horizontal: 400 units (`adw-swipe-tracker.c`).
    public static let gnomeHorizontal = MotionUnits(distance: 400)
    /// GNOME/libadwaita touchpad distance per page, vertical: 300 units.
    public static let gnomeVertical = MotionUnits(distance: 300)
    /// niri's touchpad distance per workspace: 300 units (`src/layout/monitor.rs`).
    public static let niriWorkspace = MotionUnits(distance: 300)

    /// Points per libinput delta unit (1 by default: one unaccelerated unit is about one point).
    public var pointsPerDeltaUnit: Double
    /// Points per 1.0 of progress (> 0).
    public var distance: Double

    /// Makes a conversion; `distance` in points per unit of progress.
    public init(pointsPerDeltaUnit: Double = 1, distance: Double) {
        precondition(pointsPerDeltaUnit > 0 && distance > 0, "MotionUnits scales must be > 0")
        self.pointsPerDeltaUnit = pointsPerDeltaUnit
        self.distance = distance
    }

    /// Points for `deltaUnits` libinput delta units (or pt/s for units/s).
    @inlinable public func points(fromDeltaUnits deltaUnits: Double) -> Double { deltaUnits * pointsPerDeltaUnit }
    /// Progress for `points` points (or progress/s for pt/s): `points / distance`.
    @inlinable public func progress(fromPoints points: Double) -> Double { points / distance }
    /// Progress for `deltaUnits` libinput delta units (or progress/s for units/s).
    @inlinable public func progress(fromDeltaUnits deltaUnits: Double) -> Double { progress(fromPoints: points(fromDeltaUnits: deltaUnits)) }
    /// Points for `progress` (or pt/s for progress/s).
    @inlinable public func points(fromProgress progress: Double) -> Double { progress * distance }
}
