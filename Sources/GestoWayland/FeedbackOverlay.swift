// The indicator of a continuous binding: a rounded bar that enters from the screen edge the swipe
// starts from, follows the finger 1:1 (ContinuousFeedback), and on release flies across or springs
// back. Drawn on an OverlaySurface only while it moves; the clock is injectable so tests render chosen instants.
import CCairo
import GestoCore
import GestoSystem
import Glibc

/// Feedback for `continuous` bindings, drawn on a click-through overlay.
///
/// Frames are paced by ``OverlayFramePacer``, as the other overlays' are.
public final class FeedbackOverlay: AnimatedOverlay {
    /// Thickness of the bar across its motion, in points.
    public static let barThickness = 14.0
    /// Length of the bar along the screen edge, in points.
    public static let barLength = 160.0
    /// Points travelled per unit of progress (progress 1 = the binding's threshold) for a
    /// touchpad's swipe, whose deltas have no place on the screen.
    public static let travelPerProgress = 220.0

    /// Bar colour, opaque (red, green, blue in 0…1): GNOME's accent blue, easy to find in a screenshot.
    public static let color = (red: 0x35 / 255.0, green: 0x84 / 255.0, blue: 0xe4 / 255.0)

    /// How the reports' translation maps to points (progress 1 is the threshold's distance).
    public let units: ScreenUnits
    /// The binding's threshold in the reports' unit (progress 1).
    public let threshold: Double

    /// Points per unit of progress along `direction` on a screen of `width` × `height` points.
    func pointsPerProgress(along direction: SwipeDirection, width: Double, height: Double) -> Double {
        let perUnit = units.pointsPerUnit(width: width, height: height)
        switch direction {
        case .left, .right, .upLeft, .upRight, .downLeft, .downRight: return threshold * perUnit.x
        case .up, .down: return threshold * perUnit.y
        }
    }

    /// The value shown.
    public private(set) var feedback: ContinuousFeedback
    /// Delays from an input report to the commit of the frame showing it, in µs of real time
    /// (the last ``delayHistoryLimit``).
    public private(set) var inputToCommitDelays: [Int64] = []
    /// How many delays are kept.
    public static let delayHistoryLimit = 1024
    private var pendingInputTime: Timestamp?

    /// Makes an overlay on `session` for a binding whose threshold is `threshold` in its
    /// reports' unit.
    ///
    /// - Parameters:
    ///   - session: A connected session (the surface maps on the first report).
    ///   - threshold: The binding's swipe threshold (progress 1): libinput delta units for a
    ///     touchpad swipe, mm or percent for a touchscreen's.
    ///   - units: How the reports' translation maps to points; by default (a touchpad) so that
    ///     progress 1 is ``travelPerProgress`` points. A touchscreen's follows the finger 1:1.
    ///   - parameters: The release spring (default niri's: ζ 1, k 800).
    ///   - clock: The animation clock.
    public init(session: WaylandSession, threshold: Double, units: ScreenUnits? = nil,
                parameters: SpringParameters = .niriWindowMovement,
                clock: @escaping () -> Timestamp = MonotonicClock.now) {
        self.threshold = max(threshold, .leastNormalMagnitude)
        self.units = units ?? .points(perUnit: Self.travelPerProgress / max(threshold, .leastNormalMagnitude))
        feedback = ContinuousFeedback(threshold: threshold, parameters: parameters)
        super.init(pacer: OverlayFramePacer(surface: OverlaySurface(session: session), clock: clock))
        pacer.frameAt = { [unowned self] in self.frame(at: $0) }
        pacer.draw = { [unowned self] now, _ in self.draw(at: now) }
        pacer.onInputCommitted = { [unowned self] in self.committed() }
    }

    /// Feeds one report of the binding's stream (the firing's gesture and phase) and schedules
    /// the frame that shows it.
    ///
    /// - Throws: ``WaylandError`` when the surface cannot be mapped.
    public func handle(_ gesture: RecognizedGesture) throws(WaylandError) {
        feedback.handle(gesture)
        if pendingInputTime == nil { pendingInputTime = MonotonicClock.now() }
        if feedback.presentation(at: gesture.time) == nil { return }
        try pacer.inputArrived()
    }

    /// Where the bar is at `time`, in surface points (x, y, width, height), or nil when nothing
    /// is shown. The surface must be mapped to know the screen size (else a 0 × 0 screen).
    public func indicatorRect(at time: Timestamp) -> (x: Double, y: Double, width: Double, height: Double)? {
        guard let shown = feedback.presentation(at: time) else { return nil }
        var screenWidth = 0.0, screenHeight = 0.0
        if case .mapped(let width, let height) = surface.state { screenWidth = Double(width); screenHeight = Double(height) }
        let offset = shown.progress * pointsPerProgress(along: shown.direction, width: screenWidth, height: screenHeight)
        let thickness = Self.barThickness, length = Self.barLength
        switch shown.direction {
        case .right, .upRight, .downRight:
            return (-thickness + offset, (screenHeight - length) / 2, thickness, length)
        case .left, .upLeft, .downLeft:
            return (screenWidth - offset, (screenHeight - length) / 2, thickness, length)
        case .down:
            return ((screenWidth - length) / 2, -thickness + offset, length, thickness)
        case .up:
            return ((screenWidth - length) / 2, screenHeight - offset, length, thickness)
        }
    }

    // MARK: Frames

    private func frame(at now: Timestamp) -> OverlayFrame {
        if feedback.settle(at: now) {
            // At rest: nothing to show, nothing to request.
            pendingInputTime = nil
            return .atRest
        }
        if case .mapped(let width, let height) = surface.state, let shown = feedback.presentation(at: now) {
            let perProgress = pointsPerProgress(along: shown.direction, width: Double(width), height: Double(height))
            feedback.flyOutProgress = (Double(max(width, height)) + Self.barThickness) / max(perProgress, 1)
        }
        // While the finger drives the value a frame is drawn per report; only a running spring
        // needs the next frame callback to keep moving.
        if case .releasing = feedback.state { return .shown(animating: !feedback.isAtRest(at: now)) }
        return .shown(animating: false)
    }

    private func draw(at now: Timestamp) -> Bool {
        let scale = Double(surface.scale)
        var rects: [PixelRect] = []
        let rect = indicatorRect(at: now)
        if let rect {
            let pixels = PixelRect(points: rect.x, rect.y, rect.width, rect.height, scale: scale, clippedTo: surface.bufferBounds)
            if !pixels.isEmpty { rects.append(pixels) }
        }
        if feedback.isAtRest(at: now) { pacer.countFrameAtRest() }
        return surface.render(rects, requestingFrame: true) { cairo in
            guard let rect, !rects.isEmpty else { return }
            Self.drawBar(cairo, x: rect.x, y: rect.y, width: rect.width, height: rect.height)
        }
    }

    private func committed() {
        guard let start = pendingInputTime else { return }
        pendingInputTime = nil
        inputToCommitDelays.append(MonotonicClock.now().microseconds - start.microseconds)
        if inputToCommitDelays.count > Self.delayHistoryLimit { inputToCommitDelays.removeFirst() }
    }

    /// Draws the bar: a rounded rectangle (radius half the thickness) in ``color``.
    public static func drawBar(_ cairo: OpaquePointer, x: Double, y: Double, width: Double, height: Double) {
        let radius = min(width, height) / 2
        cairo_new_sub_path(cairo)
        cairo_arc(cairo, x + width - radius, y + radius, radius, -Double.pi / 2, 0)
        cairo_arc(cairo, x + width - radius, y + height - radius, radius, 0, Double.pi / 2)
        cairo_arc(cairo, x + radius, y + height - radius, radius, Double.pi / 2, Double.pi)
        cairo_arc(cairo, x + radius, y + radius, radius, Double.pi, 3 * Double.pi / 2)
        cairo_close_path(cairo)
        cairo_set_source_rgba(cairo, color.red, color.green, color.blue, 1)
        cairo_fill(cairo)
    }
}
