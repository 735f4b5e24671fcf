// How the distances of a gesture report map to points on the screen, for the overlays that
// draw where the fingers are. A touchpad's deltas have no place on the screen: its overlays use
// a fixed scale. A touchscreen's positions are in percent of the screen or in millimetres
// (TouchFrameAssembler), so there an overlay can follow the finger 1:1.
import GestoCore

/// The unit of a report's translation, as the overlays convert it to surface points.
public enum ScreenUnits: Sendable, Equatable {
    /// A fixed number of points per unit, on both axes (a touchpad).
    case points(perUnit: Double)
    /// Percent of the screen on each axis (a touchscreen reporting no size).
    case screenPercent
    /// Millimetres (a touchscreen reporting its size), shown at the output's physical size
    /// (width, height in mm as the user sees the screen; nil when the compositor gives none,
    /// as headless and virtual outputs do: then 96 points per inch, the CSS reference pixel).
    case millimeters(outputSize: Vector2?)

    /// Points per inch when the output's physical size is unknown: the CSS reference pixel.
    public static let referencePointsPerInch = 96.0

    /// Points per unit on each axis of a screen of `width` × `height` points.
    public func pointsPerUnit(width: Double, height: Double) -> Vector2 {
        switch self {
        case .points(let perUnit):
            return Vector2(perUnit, perUnit)
        case .screenPercent:
            return Vector2(width / 100, height / 100)
        case .millimeters(let outputSize):
            let fallback = Self.referencePointsPerInch / 25.4
            guard let outputSize, outputSize.x > 0, outputSize.y > 0, width > 0, height > 0 else {
                return Vector2(fallback, fallback)
            }
            return Vector2(width / outputSize.x, height / outputSize.y)
        }
    }
}
