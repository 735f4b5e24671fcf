// The pure part of the reorder strip: where each window tile is drawn and how big. Tiles rest in
// the slots of a ReorderLayout row whose pitch is one tile plus the gap; the ReorderSession's
// springs move them, and the held tile's scale springs per phase (pressed, lifted, dropped).
import GestoCore

/// The held tile's scale: pressed down while the long press arms, lifted while dragged, back to
/// 1 on the drop, each change a spring from where the last one is (no jump in value or speed).
public struct ReorderStripPress: Sendable {
    /// Scale while the long press arms (the finger pushes the tile down).
    public static let pressedScale = 0.93
    /// Scale while the tile is lifted and dragged.
    public static let liftedScale = 1.05
    /// Scale at rest.
    public static let restingScale = 1.0
    /// The scale spring: quick, barely overshooting, so the press reads as a tap on glass.
    public static let spring = SpringParameters.snappy

    /// The scale animation, or nil before the first report (scale 1).
    public private(set) var animation: SpringAnimation<Double>?

    /// A press at rest at scale 1.
    public init() {}

    /// The scale a phase heads for: pressed on `arming`, lifted on `began`/`changed`, 1 on a
    /// final phase.
    public static func targetScale(for phase: RecognizerPhase) -> Double {
        switch phase {
        case .arming: pressedScale
        case .began, .changed: liftedScale
        case .ended, .failed, .cancelled: restingScale
        }
    }

    /// Springs toward the scale of `phase` from the scale shown at `time`.
    public mutating func handle(_ phase: RecognizerPhase, at time: Timestamp) {
        let target = Self.targetScale(for: phase)
        if let animation {
            guard animation.to != target else { return }
            self.animation = animation.retargeted(to: target, at: time)
        } else {
            animation = SpringAnimation(parameters: Self.spring, from: Self.restingScale, to: target,
                                        startTime: time, tolerance: .progress)
        }
    }

    /// The scale shown at `time`.
    public func scale(at time: Timestamp) -> Double {
        animation?.presentedState(at: time).value ?? Self.restingScale
    }

    /// Whether the scale no longer moves at `time`.
    public func isAtRest(at time: Timestamp) -> Bool { animation?.isAtRest(at: time) ?? true }
}

/// One tile as drawn, in surface points.
public struct ReorderStripTile: Hashable, Sendable {
    /// The item (window) it shows: its index in the strip's tiles.
    public var item: Int
    /// Left edge, after scaling about the tile's centre.
    public var x: Double
    /// Top edge, after scaling.
    public var y: Double
    /// Width, after scaling.
    public var width: Double
    /// Height, after scaling.
    public var height: Double
    /// The scale applied (1 for tiles not held).
    public var scale: Double
    /// How strong its drop shadow is, 0…1 (grows with the lift above scale 1).
    public var shadow: Double
}

/// Where the strip's tiles are: a row of slots one ``pitch`` apart, each tile inset by half the
/// gap, the strip centred on the screen.
public struct ReorderStripGeometry: Hashable, Sendable {
    /// Tile width, in points.
    public var tileWidth: Double
    /// Tile height, in points.
    public var tileHeight: Double
    /// Gap between tiles, in points.
    public var gap: Double

    /// A geometry of `tileWidth` × `tileHeight` tiles `gap` points apart.
    public init(tileWidth: Double = 200, tileHeight: Double = 120, gap: Double = 24) {
        self.tileWidth = tileWidth
        self.tileHeight = tileHeight
        self.gap = gap
    }

    /// Distance between neighbouring slots, in points.
    public var pitch: Double { tileWidth + gap }

    /// The reorder layout: `itemCount` slots of one pitch (the gap is inside each slot, so the
    /// session's boundaries and hysteresis match those of the binding's touchpad layout).
    /// - Throws: ``ReorderLayoutError`` when `itemCount` < 1.
    public func layout(itemCount: Int) throws(ReorderLayoutError) -> ReorderLayout {
        try ReorderLayout(.row, itemCount: itemCount, itemSize: ReorderSize(width: pitch, height: tileHeight))
    }

    /// Settings making `slot` libinput delta units of drag one pitch, as the binding's slot.
    public func settings(slot: Double, hysteresis: Double = ReorderSettings.defaultHysteresis) -> ReorderSettings {
        ReorderSettings(pointsPerDeltaUnit: pitch / slot, hysteresis: hysteresis)
    }

    /// The top-left corner of slot 0 on a `width` × `height` screen (points): the strip centred.
    public func origin(itemCount: Int, screenWidth: Double, screenHeight: Double) -> Vector2 {
        Vector2((screenWidth - Double(itemCount) * pitch) / 2, (screenHeight - tileHeight) / 2)
    }

    /// The tiles as drawn, in drawing order (the held tile last, on top).
    ///
    /// - Parameters:
    ///   - positions: Each item's slot corner from the session (`positions(at:)`), in layout points.
    ///   - origin: Where layout point (0, 0) is on the surface.
    ///   - held: The held item, scaled by `scale`, or nil.
    public func tiles(positions: [Vector2], origin: Vector2, held: Int?, scale: Double) -> [ReorderStripTile] {
        var tiles = positions.enumerated().map { item, position in
            let tileScale = item == held ? scale : 1
            let width = tileWidth * tileScale, height = tileHeight * tileScale
            let centre = origin + position + Vector2(pitch / 2, tileHeight / 2)
            let lift = (tileScale - ReorderStripPress.restingScale) / (ReorderStripPress.liftedScale - ReorderStripPress.restingScale)
            return ReorderStripTile(item: item, x: centre.x - width / 2, y: centre.y - height / 2, width: width, height: height,
                                    scale: tileScale, shadow: min(max(lift, 0), 1))
        }
        if let held, let index = tiles.firstIndex(where: { $0.item == held }) { tiles.append(tiles.remove(at: index)) }
        return tiles
    }
}
