// The indicator of a continuous pinch binding: a ring about the finger centroid whose diameter
// follows the pinch's scale (PinchFeedback), rubber-banded past its clamp, springing back on
// release. Drawn on an OverlaySurface only while it moves, like FeedbackOverlay's bar.
import CCairo
import GestoCore
import GestoSystem
import Glibc

/// Pinch feedback for `continuous` pinch bindings, drawn on a click-through overlay.
///
/// Frames as ``FeedbackOverlay``: a report draws at once unless a frame is pending, a release
/// animates per frame callback, and at rest the surface is unmapped. Each commit damages the
/// ring's old and new bounds only.
public final class PinchFeedbackOverlay: AnimatedOverlay {
    /// The ring's diameter at scale 1 (through the middle of its stroke), in points.
    public static let baseDiameter = 120.0
    /// The ring's stroke width, in points (not scaled).
    public static let strokeWidth = 8.0
    /// Ring colour, opaque: the same accent blue as the swipe bar.
    public static let color = FeedbackOverlay.color

    /// The value shown.
    public private(set) var feedback: PinchFeedback

    /// Makes an overlay on `session` for a pinch binding.
    ///
    /// - Parameters:
    ///   - session: A connected session (the surface maps on the first report).
    ///   - feedback: The model (clamp, band, committed scale, spring).
    ///   - units: How the centroid's translation maps to points (a touchpad's deltas 1:1 by
    ///     default; a touchscreen's so the ring moves with the fingers).
    ///   - clock: The animation clock.
    public init(session: WaylandSession, feedback: PinchFeedback = PinchFeedback(), units: ScreenUnits = .points(perUnit: 1),
                clock: @escaping () -> Timestamp = MonotonicClock.now) {
        self.units = units
        self.feedback = feedback
        super.init(pacer: OverlayFramePacer(surface: OverlaySurface(session: session), clock: clock))
        pacer.frameAt = { [unowned self] in self.frame(at: $0) }
        pacer.draw = { [unowned self] now, _ in self.draw(at: now) }
    }

    /// Feeds one report of the binding's stream and schedules the frame that shows it.
    ///
    /// - Throws: ``WaylandError`` when the surface cannot be mapped.
    public func handle(_ gesture: RecognizedGesture) throws(WaylandError) {
        feedback.handle(gesture)
        if feedback.presentation(at: gesture.time) == nil { return }
        try pacer.inputArrived()
    }

    /// How the centroid's translation maps to points.
    public let units: ScreenUnits

    /// The ring at `time`: its centre and diameter (through the stroke's middle) in surface
    /// points, or nil when nothing is shown. The centre is the output centre plus the anchor
    /// (the fingers' centroid's travel; reports carry no absolute position).
    public func ring(at time: Timestamp) -> (centreX: Double, centreY: Double, diameter: Double)? {
        guard let shown = feedback.presentation(at: time) else { return nil }
        var screenWidth = 0.0, screenHeight = 0.0
        if case .mapped(let width, let height) = surface.state { screenWidth = Double(width); screenHeight = Double(height) }
        let perUnit = units.pointsPerUnit(width: screenWidth, height: screenHeight)
        return (screenWidth / 2 + shown.anchor.x * perUnit.x, screenHeight / 2 + shown.anchor.y * perUnit.y,
                Self.baseDiameter * shown.scale)
    }

    /// The ring's bounds (x, y, width, height) at `time`, stroke included, in surface points.
    public func indicatorRect(at time: Timestamp) -> (x: Double, y: Double, width: Double, height: Double)? {
        guard let ring = ring(at: time) else { return nil }
        let outer = ring.diameter / 2 + Self.strokeWidth / 2
        return (ring.centreX - outer, ring.centreY - outer, 2 * outer, 2 * outer)
    }

    // MARK: Frames

    private func frame(at now: Timestamp) -> OverlayFrame {
        if feedback.settle(at: now) { return .atRest }
        if case .releasing = feedback.state { return .shown(animating: !feedback.isAtRest(at: now)) }
        return .shown(animating: false)
    }

    private func draw(at now: Timestamp) -> Bool {
        let scale = Double(surface.scale)
        var rects: [PixelRect] = []
        let ring = ring(at: now)
        if let rect = indicatorRect(at: now) {
            let pixels = PixelRect(points: rect.x, rect.y, rect.width, rect.height, scale: scale, clippedTo: surface.bufferBounds)
            if !pixels.isEmpty { rects.append(pixels) }
        }
        if feedback.isAtRest(at: now) { pacer.countFrameAtRest() }
        return surface.render(rects, requestingFrame: true) { cairo in
            guard let ring, !rects.isEmpty else { return }
            Self.drawRing(cairo, centreX: ring.centreX, centreY: ring.centreY, diameter: ring.diameter)
        }
    }

    /// Draws the ring: a circle of `diameter` stroked ``strokeWidth`` wide in ``color``.
    public static func drawRing(_ cairo: OpaquePointer, centreX: Double, centreY: Double, diameter: Double) {
        cairo_new_sub_path(cairo)
        cairo_arc(cairo, centreX, centreY, max(diameter / 2, 0), 0, 2 * Double.pi)
        cairo_close_path(cairo)
        cairo_set_line_width(cairo, strokeWidth)
        cairo_set_source_rgba(cairo, color.red, color.green, color.blue, 1)
        cairo_stroke(cairo)
    }
}
