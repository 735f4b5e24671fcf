// The reorder strip: while a `long-press-drag` drives a `reorder:` binding, the session's windows
// show as a row of tiles (app id and title, drawn by Pango: see TextLine). Arming presses the held tile down, began lifts it
// with a shadow, it follows the finger while the others spring into their new slots, the drop
// settles it, and the strip unmaps once everything rests. It only draws: the binding's step
// commands apply the order. Frames as FeedbackOverlay: per report, per frame callback while a
// spring runs, none at rest; the clock is injectable.
import CCairo
import GestoCore
import GestoSystem
import Glibc

/// The tiles of a reorder binding, drawn on a click-through overlay.
public final class ReorderStripOverlay: AnimatedOverlay {
    /// What a tile shows.
    public struct Label: Hashable, Sendable {
        /// The application id (bold, first line).
        public var appID: String
        /// The window title (second line, cut to the tile's width with an ellipsis).
        public var title: String

        /// A label showing `appID` over `title`.
        public init(appID: String, title: String) {
            self.appID = appID
            self.title = title
        }
    }

    /// Tile colours by item (opaque, red, green, blue in 0…255): GNOME palette hues, distinct
    /// from each other and from the feedback bar, so a screenshot can tell tiles apart.
    public static let palette: [(red: UInt8, green: UInt8, blue: UInt8)] = [
        (0xe6, 0x61, 0x00), (0x26, 0xa2, 0x69), (0x91, 0x41, 0xac), (0xc0, 0x1c, 0x28), (0x98, 0x6a, 0x44), (0x1a, 0x5f, 0xb4),
    ]
    /// How far the lifted tile's shadow is offset down, in points.
    public static let shadowDrop = 8.0
    /// How far the shadow's outermost layer spreads past the tile on every side, in points.
    public static let shadowSpread = 6.0
    /// How many fading layers the shadow has.
    static let shadowLayers = 4

    /// The tiles' labels, by item.
    public let labels: [Label]
    /// Tile sizes and gap.
    public let geometry: ReorderStripGeometry
    /// The reorder engine fed by the binding's reports (its session's springs place the tiles).
    public private(set) var adapter: ReorderGestureAdapter
    /// The held tile's scale.
    public private(set) var press = ReorderStripPress()
    /// The item pressed or lifted (kept through the drop until the strip hides), or nil.
    public private(set) var heldItem: Int?
    /// Whether a press is in progress (arming to its final report).
    private var isHolding = false

    /// Makes a strip on `session` of one tile per label.
    ///
    /// - Parameters:
    ///   - labels: The tiles, in their committed order (≥ 1).
    ///   - slot: The binding's slot (one slot of drag moves one tile): libinput delta units, or
    ///     for a touchscreen mm or percent of the screen, as its reports are.
    ///   - fingers: The binding's finger count, or nil for any.
    ///   - device: The device whose long-press-drag the strip follows (`touch-long-press-drag`
    ///     reports for a touchscreen, the touchpad's `long-press-drag` by default).
    ///   - draggedSlot: The slot a long press lifts (the binding's `start`).
    ///   - geometry: Tile sizes.
    ///   - clock: The animation clock.
    /// - Throws: ``ReorderLayoutError`` without labels.
    public init(session: WaylandSession, labels: [Label], slot: Double, fingers: Int? = nil, draggedSlot: Int = 0,
                device: ContactDevice = .touchpad, geometry: ReorderStripGeometry = ReorderStripGeometry(),
                clock: @escaping () -> Timestamp = MonotonicClock.now) throws(ReorderLayoutError) {
        let layout = try geometry.layout(itemCount: labels.count)
        adapter = ReorderGestureAdapter(session: ReorderSession(layout: layout, settings: geometry.settings(slot: slot)),
                                        fingers: fingers, draggedSlot: min(max(draggedSlot, 0), labels.count - 1))
        adapter.device = device
        self.labels = labels
        self.geometry = geometry
        super.init(pacer: OverlayFramePacer(surface: OverlaySurface(session: session), clock: clock))
        pacer.frameAt = { [unowned self] in self.frame(at: $0) }
        pacer.draw = { [unowned self] now, animating in self.draw(at: now, animating: animating) }
    }

    /// The reorder session (live order, dragged item, positions).
    public var session: ReorderSession { adapter.session }

    /// Whether nothing is shown or moving at `time`: no press in progress, every spring at rest.
    public func isAtRest(at time: Timestamp) -> Bool {
        !isHolding && session.isSettled(at: time) && press.isAtRest(at: time)
    }

    /// Feeds one `long-press-drag` (or `touch-long-press-drag`) report of the binding (others
    /// are ignored) and schedules the frame that shows it.
    ///
    /// - Throws: ``WaylandError`` when the surface cannot be mapped.
    public func handle(_ gesture: RecognizedGesture) throws(WaylandError) {
        guard adapter.follows(gesture) else { return }
        if gesture.phase == .arming || heldItem == nil {
            heldItem = session.draggedItem ?? session.order[adapter.draggedSlot]
        }
        _ = adapter.handle(gesture)
        if let dragged = session.draggedItem { heldItem = dragged }
        press.handle(gesture.phase, at: gesture.time)
        isHolding = !gesture.phase.isFinal
        try pacer.inputArrived()
    }

    /// The tiles at `time` in surface points, in drawing order (empty while not mapped).
    public func tiles(at time: Timestamp) -> [ReorderStripTile] {
        guard case .mapped(let width, let height) = surface.state else { return [] }
        let origin = geometry.origin(itemCount: labels.count, screenWidth: Double(width), screenHeight: Double(height))
        return geometry.tiles(positions: session.positions(at: time), origin: origin, held: heldItem, scale: press.scale(at: time))
    }

    // MARK: Frames

    private func frame(at now: Timestamp) -> OverlayFrame {
        if isAtRest(at: now) {
            heldItem = nil
            return .atRest
        }
        return .shown(animating: !session.isSettled(at: now) || !press.isAtRest(at: now))
    }

    private func draw(at now: Timestamp, animating: Bool) -> Bool {
        let tiles = tiles(at: now)
        let scale = Double(surface.scale), bounds = surface.bufferBounds
        let rects = tiles.map { tile in
            // A shadowed tile damages (and later clears) its shadow too.
            let spread = tile.shadow > 0 ? Self.shadowSpread : 0, drop = tile.shadow > 0 ? Self.shadowDrop : 0
            return PixelRect(points: tile.x - spread, tile.y, tile.width + 2 * spread, tile.height + drop + spread,
                             scale: scale, margin: 2, clippedTo: bounds)
        }.filter { !$0.isEmpty }
        if !animating && !isHolding { pacer.countFrameAtRest() }
        return surface.render(rects, requestingFrame: animating) { cairo in
            for tile in tiles { Self.draw(tile, label: self.labels[tile.item], cairo) }
        }
    }

    /// Draws one tile showing `label` (tests draw into an image surface).
    static func draw(_ tile: ReorderStripTile, label: Label, _ cairo: OpaquePointer) {
        let radius = 12 * tile.scale
        if tile.shadow > 0 {
            // A soft shadow: a few widening, fading copies of the tile shape, offset down.
            for step in 0..<Self.shadowLayers {
                let grow = Self.shadowSpread * Double(step) / Double(Self.shadowLayers - 1), drop = Self.shadowDrop
                Self.roundedRect(cairo, x: tile.x - grow, y: tile.y + drop - grow, width: tile.width + 2 * grow,
                                 height: tile.height + 2 * grow, radius: radius + grow)
                cairo_set_source_rgba(cairo, 0, 0, 0, 0.12 * tile.shadow)
                cairo_fill(cairo)
            }
        }
        let colour = Self.palette[tile.item % Self.palette.count]
        Self.roundedRect(cairo, x: tile.x, y: tile.y, width: tile.width, height: tile.height, radius: radius)
        cairo_set_source_rgba(cairo, Double(colour.red) / 255, Double(colour.green) / 255, Double(colour.blue) / 255, 1)
        cairo_fill_preserve(cairo)
        cairo_save(cairo)
        cairo_clip(cairo)
        let inset = 14 * tile.scale
        cairo_set_source_rgba(cairo, 1, 1, 1, 1)
        for line in Self.textLines(of: label, in: tile) {
            line.text.draw(in: cairo, x: tile.x + inset, baseline: tile.y + line.baseline)
        }
        cairo_restore(cairo)
    }

    /// A tile's two lines, the app id (bold) over the title, each cut to the tile's inner width
    /// in pixels, with their baselines below the tile's top.
    static func textLines(of label: Label, in tile: ReorderStripTile) -> [(text: TextLine, baseline: Double)] {
        let inset = 14 * tile.scale, width = tile.width - 2 * inset
        return [
            (TextLine(label.appID.isEmpty ? "?" : label.appID, weight: .bold, size: 18 * tile.scale, maximumWidth: width),
             inset + 18 * tile.scale),
            (TextLine(label.title, size: 14 * tile.scale, maximumWidth: width), inset + 46 * tile.scale),
        ]
    }

    static func roundedRect(_ cairo: OpaquePointer, x: Double, y: Double, width: Double, height: Double, radius: Double) {
        let r = min(radius, width / 2, height / 2)
        cairo_new_sub_path(cairo)
        cairo_arc(cairo, x + width - r, y + r, r, -Double.pi / 2, 0)
        cairo_arc(cairo, x + width - r, y + height - r, r, 0, Double.pi / 2)
        cairo_arc(cairo, x + r, y + height - r, r, Double.pi / 2, Double.pi)
        cairo_arc(cairo, x + r, y + r, r, Double.pi, 3 * Double.pi / 2)
        cairo_close_path(cairo)
    }
}
