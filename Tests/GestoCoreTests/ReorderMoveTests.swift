// What a ReorderMove means: slots before and after, SwiftUI's destination offset (moving item 0
// down by one is toOffset 2), inverses, and SwiftUI's move(fromOffsets:toOffset:) on several items.

import Testing
@testable import GestoCore

@Suite struct ReorderMoveTests {
    @Test func movingDownByOneLandsAfterTheNeighbour() {
        var items = ["a", "b", "c"]
        items.apply(ReorderMove(from: 0, to: 1))
        #expect(items == ["b", "a", "c"])
        var swiftUI = ["a", "b", "c"]
        swiftUI.move(fromOffsets: [0], toOffset: 2)
        #expect(swiftUI == ["b", "a", "c"])
        #expect(ReorderMove(from: 0, to: 1).destinationOffset == 2)
    }

    @Test func toOffsetOfTheNextIndexMovesNothing() {
        var items = ["a", "b", "c"]
        items.move(fromOffsets: [0], toOffset: 1)
        #expect(items == ["a", "b", "c"])
        #expect(ReorderMove(fromOffset: 0, toOffset: 1).isIdentity)
        #expect(ReorderMove(fromOffset: 0, toOffset: 0).isIdentity)
    }

    @Test func movingUpByOneLandsBeforeTheNeighbour() {
        var items = ["a", "b", "c"]
        items.apply(ReorderMove(from: 2, to: 1))
        #expect(items == ["a", "c", "b"])
        var swiftUI = ["a", "b", "c"]
        swiftUI.move(fromOffsets: [2], toOffset: 1)
        #expect(swiftUI == ["a", "c", "b"])
        #expect(ReorderMove(from: 2, to: 1).destinationOffset == 1)
    }

    @Test func movingToEitherEnd() {
        #expect(["a", "b", "c", "d"].applying([ReorderMove(from: 0, to: 3)]) == ["b", "c", "d", "a"])
        #expect(["a", "b", "c", "d"].applying([ReorderMove(from: 3, to: 0)]) == ["d", "a", "b", "c"])
        var end = ["a", "b", "c", "d"]
        end.move(fromOffsets: [0], toOffset: 4)
        #expect(end == ["b", "c", "d", "a"])
    }

    @Test func slotMovesAndSwiftUIOffsetsAgreeForEveryPair() {
        let items = Array(0..<5)
        for from in items.indices {
            for to in items.indices {
                let move = ReorderMove(from: from, to: to)
                var swiftUI = items
                swiftUI.move(fromOffsets: [from], toOffset: move.destinationOffset)
                #expect(items.applying([move]) == swiftUI, "\(from) → \(to)")
                #expect(ReorderMove(fromOffset: from, toOffset: move.destinationOffset) == move)
                #expect(items.applying([move, move.inverse]) == items)
            }
        }
    }

    @Test func aStepByStepDragEqualsOneNetMove() {
        let steps = [ReorderMove(from: 1, to: 2), ReorderMove(from: 2, to: 3), ReorderMove(from: 3, to: 4)]
        #expect(Array(0..<6).applying(steps) == Array(0..<6).applying([ReorderMove(from: 1, to: 4)]))
        let undo = steps.reversed().map(\.inverse)
        #expect(Array(0..<6).applying(steps).applying(undo) == Array(0..<6))
    }

    @Test func severalOffsetsKeepTheirOrderAndLandBeforeTheDestination() {
        var items = ["a", "b", "c", "d", "e"]
        items.move(fromOffsets: [3, 0], toOffset: 2)  // in front of "c"
        #expect(items == ["b", "a", "d", "c", "e"])
        var toEnd = ["a", "b", "c", "d", "e"]
        toEnd.move(fromOffsets: [1, 2, 1], toOffset: 5)
        #expect(toEnd == ["a", "d", "e", "b", "c"])
    }
}
