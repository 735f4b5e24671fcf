// A rectangle in buffer pixels: what an overlay damages (wl_surface.damage_buffer) and clears.
// Points become pixels by the output scale, rounded outward so anti-aliased edges are covered.

/// An integer rectangle in buffer pixels (origin top-left).
public struct PixelRect: Hashable, Sendable {
    /// Left edge, in pixels.
    public var x: Int32
    /// Top edge, in pixels.
    public var y: Int32
    /// Width, in pixels (≥ 0).
    public var width: Int32
    /// Height, in pixels (≥ 0).
    public var height: Int32

    /// Makes a rectangle from its pixel edges and size.
    public init(x: Int32, y: Int32, width: Int32, height: Int32) {
        self.x = x
        self.y = y
        self.width = max(width, 0)
        self.height = max(height, 0)
    }

    /// The pixels covering a rectangle in points at `scale` pixels per point, grown by `margin`
    /// pixels on each side (anti-aliasing), clipped to `bounds`.
    public init(points x: Double, _ y: Double, _ width: Double, _ height: Double, scale: Double,
                margin: Int32 = 1, clippedTo bounds: PixelRect) {
        let left = Int32(clamping: Int64((x * scale).rounded(.down))) - margin
        let top = Int32(clamping: Int64((y * scale).rounded(.down))) - margin
        let right = Int32(clamping: Int64(((x + width) * scale).rounded(.up))) + margin
        let bottom = Int32(clamping: Int64(((y + height) * scale).rounded(.up))) + margin
        let clippedLeft = max(left, bounds.x), clippedTop = max(top, bounds.y)
        let clippedRight = min(right, bounds.x + bounds.width), clippedBottom = min(bottom, bounds.y + bounds.height)
        self.init(x: clippedLeft, y: clippedTop, width: clippedRight - clippedLeft, height: clippedBottom - clippedTop)
    }

    /// Whether the rectangle covers no pixel.
    public var isEmpty: Bool { width == 0 || height == 0 }

    /// Number of pixels covered.
    public var area: Int { Int(width) * Int(height) }
}
