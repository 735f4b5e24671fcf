// How a touchscreen's own frame maps to the screen the user sees: a tablet turned on its side
// shows its output rotated, and an edge swipe must start from the edge the user sees. The
// names and senses are wl_output's `transform` (the output's content rotated counter-clockwise
// by 90, 180 or 270 degrees), so the value a compositor reports can be used as it is.

/// A rotation of the touchscreen's frame to the displayed output's (wl_output.transform 0–3).
public enum TouchTransform: Int, Sendable, Hashable, CaseIterable {
    /// WL_OUTPUT_TRANSFORM_NORMAL: the device's frame is the screen's.
    case normal = 0
    /// WL_OUTPUT_TRANSFORM_90: the content is rotated 90° counter-clockwise on the panel, so the
    /// content's top is the panel's left edge: (x, y) → (h − y, x) in a (h × w) frame.
    case rotated90 = 90
    /// WL_OUTPUT_TRANSFORM_180: upside down: (x, y) → (w − x, h − y).
    case rotated180 = 180
    /// WL_OUTPUT_TRANSFORM_270: the content's top is the panel's right edge: (x, y) → (y, w − x).
    case rotated270 = 270

    /// The screen's extent for a device of `extent`.
    @inlinable public func extent(of extent: Vector2) -> Vector2 {
        switch self {
        case .normal, .rotated180: extent
        case .rotated90, .rotated270: Vector2(extent.y, extent.x)
        }
    }

    /// Where the device point `p` (in a frame of `extent`) is on the screen.
    @inlinable public func apply(_ p: Vector2, extent: Vector2) -> Vector2 {
        switch self {
        case .normal: p
        case .rotated90: Vector2(extent.y - p.y, p.x)
        case .rotated180: Vector2(extent.x - p.x, extent.y - p.y)
        case .rotated270: Vector2(p.y, extent.x - p.x)
        }
    }
}
