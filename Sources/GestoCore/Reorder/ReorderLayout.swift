// The geometry of a reorderable collection: a row, a column or a grid of slots, in points.
// Layer: GestoCore (pure). The reorder engine asks it where every item rests for a given order,
// so items of different sizes reflow as they move (a tall row pushes its neighbours further).

/// A width and a height, in points (or in libinput delta units for a touchpad-only layout).
public struct ReorderSize: Hashable, Sendable, CustomStringConvertible {
    /// Horizontal extent, in points.
    public var width: Double
    /// Vertical extent, in points.
    public var height: Double

    /// Makes a size in points.
    @inlinable public init(width: Double, height: Double) { self.width = width; self.height = height }

    /// A square of `side` points.
    @inlinable public init(square side: Double) { self.init(width: side, height: side) }

    /// The size as a vector (width along +x, height along +y), for centre arithmetic.
    @inlinable public var vector: Vector2 { Vector2(width, height) }

    /// "W×H", as config errors print it.
    public var description: String { "\(formatCompact(width, maxDecimals: 2))×\(formatCompact(height, maxDecimals: 2))" }
}

/// A layout that cannot hold a reorder (bad config values), naming what is wrong.
public enum ReorderLayoutError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A reorder needs at least one item.
    case noItems
    /// A grid needs at least one column.
    case invalidColumns(Int)
    /// An item size (index nil: the uniform size) is not finite and > 0 in both dimensions.
    case invalidSize(item: Int?, ReorderSize)
    /// The spacing is not finite and ≥ 0.
    case invalidSpacing(Double)

    /// One line, as the config loader prints it.
    public var description: String {
        switch self {
        case .noItems: "a reorder needs at least one item"
        case .invalidColumns(let columns): "a reorder grid needs at least one column, got \(columns)"
        case .invalidSize(nil, let size): "reorder slot size must be > 0 in both dimensions, got \(size)"
        case .invalidSize(let item?, let size): "reorder item \(item) size must be > 0 in both dimensions, got \(size)"
        case .invalidSpacing(let spacing): "reorder spacing must be a finite number ≥ 0, got \(spacing)"
        }
    }
}

/// Where the slots of a reorderable collection are, in points, with +x right and +y down.
///
/// - Row: slots left to right; slot `s` starts after the widths of the items before it, plus
///   ``spacing`` between neighbours. Column: the same, top to bottom, with heights.
/// - Grid: ``Arrangement/grid(columns:)`` cells in reading order (slot `s` is row `s / columns`,
///   column `s % columns`); every cell has the largest item's size (``cellSize``), so a grid
///   does not reflow when items of different sizes trade places.
///
/// Items are identified by their index in `0..<itemCount` (their position in the list given to
/// the initializer); an *order* lists item identities slot by slot.
public struct ReorderLayout: Hashable, Sendable {
    /// How the slots are arranged.
    public enum Arrangement: Hashable, Sendable {
        /// One line, left to right (the drag's x decides).
        case row
        /// One line, top to bottom (the drag's y decides).
        case column
        /// Rows of `columns` cells in reading order (both axes decide).
        case grid(columns: Int)
    }

    /// How the slots are arranged.
    public let arrangement: Arrangement
    /// Each item's size in points, indexed by item identity.
    public let itemSizes: [ReorderSize]
    /// Gap between neighbouring slots, in points (both axes in a grid).
    public let spacing: Double

    /// The number of items (≥ 1).
    @inlinable public var itemCount: Int { itemSizes.count }

    /// Items of individual sizes (points), indexed by item identity.
    /// - Throws: ``ReorderLayoutError`` for no items, columns < 1, a size that is not > 0, or a
    ///   negative spacing.
    public init(_ arrangement: Arrangement, itemSizes: [ReorderSize], spacing: Double = 0) throws(ReorderLayoutError) {
        guard !itemSizes.isEmpty else { throw .noItems }
        if case .grid(let columns) = arrangement, columns < 1 { throw .invalidColumns(columns) }
        for (item, size) in itemSizes.enumerated() where !Self.isValid(size) {
            throw .invalidSize(item: item, size)
        }
        guard spacing.isFinite, spacing >= 0 else { throw .invalidSpacing(spacing) }
        self.arrangement = arrangement
        self.itemSizes = itemSizes
        self.spacing = spacing
    }

    /// `itemCount` items of the same size (points).
    /// - Throws: ``ReorderLayoutError`` as ``init(_:itemSizes:spacing:)``.
    public init(_ arrangement: Arrangement, itemCount: Int, itemSize: ReorderSize, spacing: Double = 0) throws(ReorderLayoutError) {
        guard itemCount >= 1 else { throw .noItems }
        guard Self.isValid(itemSize) else { throw .invalidSize(item: nil, itemSize) }
        try self.init(arrangement, itemSizes: Array(repeating: itemSize, count: itemCount), spacing: spacing)
    }

    /// The touchpad-only layout of a binding without anything drawn (config `reorder: {slot: 120}`):
    /// a uniform row (or column) of `itemCount` slots of `slot` libinput delta units, no spacing.
    /// Use it with ``ReorderSettings/pointsPerDeltaUnit`` 1 so a point *is* a delta unit: then
    /// the destination changes every `slot` units of drag (the first change after half a slot
    /// plus the hysteresis margin, when the item's centre crosses into the next slot).
    public static func touchpad(slot: Double, itemCount: Int, arrangement: Arrangement = .row) throws(ReorderLayoutError) -> ReorderLayout {
        try ReorderLayout(arrangement, itemCount: itemCount, itemSize: ReorderSize(square: slot))
    }

    private static func isValid(_ size: ReorderSize) -> Bool {
        size.width.isFinite && size.height.isFinite && size.width > 0 && size.height > 0
    }

    // MARK: Geometry

    /// The size of every grid cell: the largest width and the largest height of any item (points).
    /// Rows and columns use the items' own sizes instead.
    public var cellSize: ReorderSize {
        ReorderSize(width: itemSizes.map(\.width).max()!, height: itemSizes.map(\.height).max()!)
    }

    /// The number of grid rows (1 for a row, `itemCount` for a column).
    public var rowCount: Int {
        switch arrangement {
        case .row: 1
        case .column: itemCount
        case .grid(let columns): (itemCount + columns - 1) / columns
        }
    }

    /// The top-left corner of every slot, in points, when the items stand in `order` (item
    /// identities slot by slot; a permutation of `0..<itemCount`). O(itemCount).
    public func slotOrigins(for order: [Int]) -> [Vector2] {
        switch arrangement {
        case .row:
            var x = 0.0
            return order.map { item in
                defer { x += itemSizes[item].width + spacing }
                return Vector2(x, 0)
            }
        case .column:
            var y = 0.0
            return order.map { item in
                defer { y += itemSizes[item].height + spacing }
                return Vector2(0, y)
            }
        case .grid(let columns):
            let cell = cellSize
            return order.indices.map { slot in
                Vector2(Double(slot % columns) * (cell.width + spacing), Double(slot / columns) * (cell.height + spacing))
            }
        }
    }

    /// The top-left corner at which every item rests, indexed by item identity, when the items
    /// stand in `order`. O(itemCount).
    public func itemOrigins(for order: [Int]) -> [Vector2] {
        var origins = Array(repeating: Vector2.zero, count: itemCount)
        for (slot, origin) in slotOrigins(for: order).enumerated() { origins[order[slot]] = origin }
        return origins
    }

    /// The slot origins in the initial order (item `i` in slot `i`).
    public var slotOrigins: [Vector2] { slotOrigins(for: Array(0..<itemCount)) }
}
