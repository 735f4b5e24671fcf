// Slot geometry: rows and columns flow with each item's own size plus spacing and reflow when
// the order changes; grids use uniform cells in reading order; bad config values are typed errors.

import Testing
@testable import GestoCore

@Suite struct ReorderLayoutTests {
    @Test func aRowPlacesSlotsLeftToRightWithSpacing() throws {
        let layout = try ReorderLayout(.row, itemCount: 3, itemSize: ReorderSize(width: 80, height: 40), spacing: 10)
        #expect(layout.slotOrigins == [Vector2(0, 0), Vector2(90, 0), Vector2(180, 0)])
    }

    @Test func aColumnOfDifferentHeightsReflowsWithTheOrder() throws {
        let sizes = [ReorderSize(width: 200, height: 40), ReorderSize(width: 200, height: 100), ReorderSize(width: 200, height: 40)]
        let layout = try ReorderLayout(.column, itemSizes: sizes, spacing: 10)
        #expect(layout.slotOrigins == [Vector2(0, 0), Vector2(0, 50), Vector2(0, 160)])
        // The tall item first: the short one after it starts lower.
        #expect(layout.itemOrigins(for: [1, 0, 2]) == [Vector2(0, 110), Vector2(0, 0), Vector2(0, 160)])
    }

    @Test func aGridFillsRowsInReadingOrderWithUniformCells() throws {
        let sizes = [ReorderSize(square: 50), ReorderSize(width: 120, height: 60), ReorderSize(square: 50),
                     ReorderSize(square: 50), ReorderSize(square: 50)]
        let layout = try ReorderLayout(.grid(columns: 2), itemSizes: sizes, spacing: 4)
        #expect(layout.cellSize == ReorderSize(width: 120, height: 60))
        #expect(layout.rowCount == 3)
        #expect(layout.slotOrigins == [Vector2(0, 0), Vector2(124, 0), Vector2(0, 64), Vector2(124, 64), Vector2(0, 128)])
        // Trading places does not move the cells.
        #expect(layout.slotOrigins(for: [4, 3, 2, 1, 0]) == layout.slotOrigins)
    }

    @Test func badConfigValuesAreTypedErrors() {
        #expect(throws: ReorderLayoutError.noItems) { try ReorderLayout(.row, itemSizes: []) }
        #expect(throws: ReorderLayoutError.noItems) { try ReorderLayout(.row, itemCount: 0, itemSize: ReorderSize(square: 1)) }
        #expect(throws: ReorderLayoutError.invalidColumns(0)) { try ReorderLayout(.grid(columns: 0), itemCount: 2, itemSize: ReorderSize(square: 1)) }
        #expect(throws: ReorderLayoutError.invalidSize(item: 1, ReorderSize(width: 1, height: 0))) {
            try ReorderLayout(.row, itemSizes: [ReorderSize(square: 1), ReorderSize(width: 1, height: 0)])
        }
        #expect(throws: ReorderLayoutError.invalidSpacing(-1)) { try ReorderLayout(.row, itemCount: 2, itemSize: ReorderSize(square: 1), spacing: -1) }
        #expect(throws: ReorderLayoutError.invalidSize(item: nil, ReorderSize(square: 0))) { try ReorderLayout.touchpad(slot: 0, itemCount: 3) }
        #expect(ReorderLayoutError.invalidColumns(0).description == "a reorder grid needs at least one column, got 0")
    }

    @Test func aTouchpadLayoutIsARowOfSlotsInDeltaUnits() throws {
        let layout = try ReorderLayout.touchpad(slot: 120, itemCount: 4)
        #expect(layout.slotOrigins.map(\.x) == [0, 120, 240, 360])
    }
}
