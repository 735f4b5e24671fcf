// Where the dragged item is headed: the slot its centre points at, changed only once the centre
// is past a boundary by a margin (hysteresis), so a finger resting on a boundary does not flicker
// the order. Layer: GestoCore (pure geometry over ReorderLayout).
//
// The boundary between two neighbouring resting places is halfway between the dragged item's
// centre in one and in the other. To change, the centre must pass it by `margin × pitch` (pitch =
// the distance between those two centres); to change back, it must come back past the same
// boundary by the same margin: a dead band of 2 × margin × pitch around every boundary.

/// A grid cell: row and column, both from 0.
struct ReorderCell: Hashable, Sendable {
    var row: Int
    var column: Int
}

extension ReorderLayout {
    /// The new destination along a row or column, stepping one slot at a time from `current`.
    ///
    /// `order` is the live order, with the dragged item at `current`; `centre` is the dragged
    /// item's displayed centre (points) and `margin` the hysteresis as a fraction of the pitch.
    /// Each step swaps the dragged item with its neighbour, whose size sets the next pitch, so
    /// items of different sizes get their own boundaries. O(itemCount + slots crossed).
    func linearDestination(centre: Vector2, order: [Int], current: Int, margin: Double) -> Int {
        let alongX: Bool
        switch arrangement {
        case .row: alongX = true
        case .column: alongX = false
        case .grid: preconditionFailure("linearDestination is for rows and columns")
        }
        func extent(_ item: Int) -> Double { alongX ? itemSizes[item].width : itemSizes[item].height }
        let finger = alongX ? centre.x : centre.y
        let origin = slotOrigins(for: order)[current]
        var restingCentre = (alongX ? origin.x : origin.y) + extent(order[current]) / 2
        var order = order
        var slot = current
        while true {
            if slot + 1 < order.count {
                let pitch = extent(order[slot + 1]) + spacing
                if finger > restingCentre + pitch / 2 + margin * pitch {
                    order.swapAt(slot, slot + 1)
                    slot += 1
                    restingCentre += pitch
                    continue
                }
            }
            if slot > 0 {
                let pitch = extent(order[slot - 1]) + spacing
                if finger < restingCentre - pitch / 2 - margin * pitch {
                    order.swapAt(slot, slot - 1)
                    slot -= 1
                    restingCentre -= pitch
                    continue
                }
            }
            return slot
        }
    }

    /// The grid cell the dragged item's `centre` (points) hovers, starting from `current`.
    ///
    /// Each axis keeps its row (column) until the centre leaves it by `margin` of the cell pitch;
    /// then it takes the row (column) under the centre, clamped to the grid. Cells past the last
    /// item count as cells too (see ``slot(for:)``), so the boundary between an empty cell and a
    /// full one has the same dead band as any other.
    func hoveredCell(centre: Vector2, current: ReorderCell, margin: Double) -> ReorderCell {
        guard case .grid(let columns) = arrangement else { preconditionFailure("hoveredCell is for grids") }
        let cell = cellSize
        func axis(_ position: Double, current: Int, extent: Double, count: Int) -> Int {
            let pitch = extent + spacing
            let restingCentre = Double(current) * pitch + extent / 2
            let reach = pitch / 2 + margin * pitch
            if abs(position - restingCentre) <= reach { return current }
            let under = ((position - extent / 2) / pitch).rounded()
            return Int(min(max(under, 0), Double(count - 1)))
        }
        return ReorderCell(
            row: axis(centre.y, current: current.row, extent: cell.height, count: rowCount),
            column: axis(centre.x, current: current.column, extent: cell.width, count: columns))
    }

    /// The slot a grid cell stands for: its reading-order index, clamped to the last item (the
    /// empty cells after the last item all mean "to the end").
    func slot(for cell: ReorderCell) -> Int {
        guard case .grid(let columns) = arrangement else { preconditionFailure("slot(for:) is for grids") }
        return min(cell.row * columns + cell.column, itemCount - 1)
    }

    /// The cell of a grid slot.
    func cell(forSlot slot: Int) -> ReorderCell {
        guard case .grid(let columns) = arrangement else { preconditionFailure("cell(forSlot:) is for grids") }
        return ReorderCell(row: slot / columns, column: slot % columns)
    }
}
