// The reorder engine's order logic: lists and grids in both directions, hysteresis at a boundary,
// one move per slot crossed, commit equal to the moves applied, exact restore on cancel, and
// inputs that do not fit the phase rejected without a change.
//
// Geometry in these tests: 100-point items, no spacing, 1 point per delta unit, hysteresis 0.2.
// Item 0's centre starts at 50; the boundary with slot 1 is at 100, passed by the margin at 120,
// i.e. a drag of +70 units. Back from slot 1 (centre 150) the threshold is 80: a drag of +30.

import Testing
@testable import GestoCore

@Suite struct ReorderSessionTests {
    @Test func liftingShowsTheItemWhereItIsAndMovesNothing() {
        var reorder = session(squares(.row, count: 4))
        #expect(reorder.lift(slot: 2, at: at(0)) == .lifted(slot: 2))
        #expect(reorder.phase(at: at(0)) == .lifted)
        #expect(reorder.draggedItem == 2 && reorder.destination == 2)
        #expect(reorder.positions(at: at(0)) == [Vector2(0, 0), Vector2(100, 0), Vector2(200, 0), Vector2(300, 0)])
        #expect(reorder.drag(to: along(10), at: at(0.01)) == .moved([]))
        #expect(reorder.phase(at: at(0.01)) == .dragging)
        #expect(reorder.positions(at: at(0.01))[2] == Vector2(210, 0))
    }

    @Test func draggingDownByOneLandsTheItemAfterItsNeighbour() {
        var reorder = session(squares(.row, count: 4))
        reorder.lift(slot: 0, at: at(0))
        #expect(reorder.drag(to: along(130), at: at(0.1)) == .moved([ReorderMove(from: 0, to: 1)]))
        #expect(reorder.liveOrder == [1, 0, 2, 3])
        guard case .committed(let commit) = reorder.commit(at: at(0.2)) else { Issue.record("not committed"); return }
        #expect(commit.order == [1, 0, 2, 3])
        #expect(commit.net == ReorderMove(from: 0, to: 1))
        var swiftUI = [0, 1, 2, 3]
        swiftUI.move(fromOffsets: [0], toOffset: 2)
        #expect(reorder.order == swiftUI)
    }

    @Test func draggingUpByOneLandsTheItemBeforeItsNeighbour() {
        var reorder = session(squares(.column, count: 4))
        reorder.lift(slot: 2, at: at(0))
        #expect(reorder.drag(to: Vector2(0, -130), at: at(0.1)) == .moved([ReorderMove(from: 2, to: 1)]))
        reorder.commit(at: at(0.2))
        #expect(reorder.order == [0, 2, 1, 3])
    }

    @Test func draggingPastEitherEndStopsAtTheEnd() {
        var down = session(squares(.row, count: 4))
        down.lift(slot: 0, at: at(0))
        #expect(down.drag(to: along(5000), at: at(0.1)).moves == [ReorderMove(from: 0, to: 1), ReorderMove(from: 1, to: 2), ReorderMove(from: 2, to: 3)])
        down.commit(at: at(0.2))
        #expect(down.order == [1, 2, 3, 0])

        var up = session(squares(.row, count: 4))
        up.lift(slot: 3, at: at(0))
        #expect(up.drag(to: along(-5000), at: at(0.1)).moves == [ReorderMove(from: 3, to: 2), ReorderMove(from: 2, to: 1), ReorderMove(from: 1, to: 0)])
        up.commit(at: at(0.2))
        #expect(up.order == [3, 0, 1, 2])
    }

    @Test func aFastDragAcrossSeveralSlotsGivesOneMovePerSlotInOrder() {
        var reorder = session(squares(.row, count: 6))
        reorder.lift(slot: 1, at: at(0))
        #expect(reorder.drag(to: along(350), at: at(0.01)).moves == [ReorderMove(from: 1, to: 2), ReorderMove(from: 2, to: 3), ReorderMove(from: 3, to: 4)])
        #expect(reorder.liveOrder == [0, 2, 3, 4, 1, 5])
        #expect(reorder.drag(to: along(-250), at: at(0.02)).moves == [ReorderMove(from: 4, to: 3), ReorderMove(from: 3, to: 2), ReorderMove(from: 2, to: 1), ReorderMove(from: 1, to: 0)])
        #expect(reorder.liveOrder == [1, 0, 2, 3, 4, 5])
    }

    @Test func oscillatingAroundTheThresholdMovesExactlyOnce() {
        var reorder = session(squares(.row, count: 4))
        reorder.lift(slot: 0, at: at(0))
        var moves: [ReorderMove] = []
        for (step, dx) in [72.0, 68, 72, 68, 72, 68, 72, 68].enumerated() {
            moves += reorder.drag(to: along(dx), at: at(0.01 * Double(step + 1))).moves
        }
        #expect(moves == [ReorderMove(from: 0, to: 1)])
        // Coming back takes passing the same boundary by the same margin (a drag of +30), once.
        for (step, dx) in [32.0, 28, 32, 28, 32].enumerated() {
            moves += reorder.drag(to: along(dx), at: at(0.1 + 0.01 * Double(step))).moves
        }
        #expect(moves == [ReorderMove(from: 0, to: 1), ReorderMove(from: 1, to: 0)])
    }

    @Test func restingOnTheBoundaryItselfMovesNothing() {
        var reorder = session(squares(.row, count: 4))
        reorder.lift(slot: 0, at: at(0))
        var moves: [ReorderMove] = []
        for step in 0..<20 { moves += reorder.drag(to: along(step % 2 == 0 ? 52 : 48), at: at(0.01 * Double(step))).moves }
        #expect(moves.isEmpty)
    }

    @Test func withoutHysteresisTheBoundaryFlickers() {
        var reorder = session(squares(.row, count: 4), hysteresis: 0)
        reorder.lift(slot: 0, at: at(0))
        var moves: [ReorderMove] = []
        for step in 0..<6 { moves += reorder.drag(to: along(step % 2 == 0 ? 52 : 48), at: at(0.01 * Double(step))).moves }
        #expect(moves.count == 6)
    }

    @Test func itemsOfDifferentSizesUseTheirNeighboursPitch() throws {
        // Heights 40, 100, 40 with 10 spacing: item 0's centre is at 20; swapping with the tall
        // item moves that centre by 110, so the boundary is at 75 and the threshold at 97.
        let sizes = [ReorderSize(width: 200, height: 40), ReorderSize(width: 200, height: 100), ReorderSize(width: 200, height: 40)]
        var reorder = session(try ReorderLayout(.column, itemSizes: sizes, spacing: 10))
        reorder.lift(slot: 0, at: at(0))
        #expect(reorder.drag(to: Vector2(0, 76), at: at(0.1)).moves.isEmpty)
        #expect(reorder.drag(to: Vector2(0, 78), at: at(0.2)).moves == [ReorderMove(from: 0, to: 1)])
        #expect(reorder.targetPositions == [Vector2(0, 110), Vector2(0, 0), Vector2(0, 160)])
    }

    @Test func aGridMovesInReadingOrderAcrossRows() {
        // 3 columns, 7 items: rows [0 1 2] [3 4 5] [6].
        var reorder = session(squares(.grid(columns: 3), count: 7))
        reorder.lift(slot: 0, at: at(0))
        #expect(reorder.drag(to: Vector2(0, 130), at: at(0.1)).moves == [ReorderMove(from: 0, to: 1), ReorderMove(from: 1, to: 2), ReorderMove(from: 2, to: 3)])
        #expect(reorder.liveOrder == [1, 2, 3, 0, 4, 5, 6])
        #expect(reorder.drag(to: Vector2(130, 130), at: at(0.2)).moves == [ReorderMove(from: 3, to: 4)])
        #expect(reorder.drag(to: Vector2(130, 0), at: at(0.3)).moves == [ReorderMove(from: 4, to: 3), ReorderMove(from: 3, to: 2), ReorderMove(from: 2, to: 1)])
        reorder.commit(at: at(0.4))
        #expect(reorder.order == [1, 0, 2, 3, 4, 5, 6])
    }

    @Test func theEmptyCellsOfAGridMeanTheEndWithoutFlicker() {
        var reorder = session(squares(.grid(columns: 3), count: 7))
        reorder.lift(slot: 0, at: at(0))
        #expect(reorder.drag(to: Vector2(200, 100), at: at(0.1)).moves.count == 5)
        #expect(reorder.destination == 5)
        // Rest on the threshold between the cell of slot 5 and the empty cell below it.
        var moves: [ReorderMove] = []
        for step in 0..<10 { moves += reorder.drag(to: Vector2(200, step % 2 == 0 ? 172 : 168), at: at(0.2 + 0.01 * Double(step))).moves }
        #expect(moves == [ReorderMove(from: 5, to: 6)])
        #expect(reorder.drag(to: Vector2(300, 300), at: at(0.5)).moves.isEmpty)
        #expect(reorder.liveOrder == [1, 2, 3, 4, 5, 6, 0])
    }

    @Test func commitKeepsExactlyTheOrderTheMovesMake() {
        var reorder = session(squares(.row, count: 5))
        reorder.lift(slot: 3, at: at(0))
        for (step, dx) in [-90.0, -190, -290, -180, 120, 230].enumerated() { reorder.drag(to: along(dx), at: at(0.05 * Double(step + 1))) }
        let moves = reorder.moves
        guard case .committed(let commit) = reorder.commit(velocity: along(40), at: at(0.5)) else { Issue.record("not committed"); return }
        #expect(commit.moves == moves)
        #expect(commit.order == [0, 1, 2, 3, 4].applying(moves))
        #expect(reorder.order == commit.order)
        #expect(moves.allSatisfy { abs($0.from - $0.to) == 1 })
        #expect(commit.net == ReorderMove(from: 3, to: commit.order.firstIndex(of: 3)!))
    }

    @Test func cancelRestoresTheOrderAndListsTheUndoMoves() {
        var reorder = session(squares(.row, count: 5))
        reorder.lift(slot: 1, at: at(0))
        reorder.drag(to: along(250), at: at(0.1))
        let live = reorder.liveOrder
        #expect(live == [0, 2, 3, 1, 4])
        let outcome = reorder.cancel(at: at(0.2))
        #expect(outcome == .cancelled(undo: [ReorderMove(from: 3, to: 2), ReorderMove(from: 2, to: 1)]))
        #expect(live.applying(outcome.moves) == [0, 1, 2, 3, 4])
        #expect(reorder.order == [0, 1, 2, 3, 4] && reorder.liveOrder == [0, 1, 2, 3, 4])
        #expect(reorder.phase(at: at(0.2)) == .settling)
        #expect(reorder.isSettled(at: at(3)))
        #expect(reorder.phase(at: at(3)) == .idle)
        #expect(reorder.positions(at: at(3)) == squares(.row, count: 5).slotOrigins)
    }

    @Test func liftingWithoutDraggingCommitsTheSameOrder() {
        var reorder = session(squares(.row, count: 3))
        reorder.lift(at: at(0))
        #expect(reorder.commit(at: at(0.1)) == .committed(ReorderCommit(order: [0, 1, 2], moves: [], net: nil)))
    }

    @Test func inputsThatDoNotFitThePhaseAreRejectedAndChangeNothing() {
        var reorder = session(squares(.row, count: 3))
        #expect(reorder.drag(to: along(200), at: at(0)) == .rejected(.invalidInput(.drag(translation: along(200), velocity: .zero), in: .idle)))
        #expect(reorder.commit(at: at(0)) == .rejected(.invalidInput(.commit(velocity: .zero), in: .idle)))
        #expect(reorder.lift(slot: 3, at: at(0)) == .rejected(.slotOutOfRange(3, count: 3)))
        reorder.lift(slot: 1, at: at(0))
        #expect(reorder.lift(slot: 0, at: at(0.1)) == .rejected(.invalidInput(.lift(slot: 0), in: .lifted)))
        #expect(reorder.draggedItem == 1)
        #expect(reorder.drag(to: along(.infinity), at: at(0.12)) == .rejected(.notFinite(.drag(translation: along(.infinity), velocity: .zero))))
        #expect(reorder.liveOrder == [0, 1, 2] && reorder.phase(at: at(0.12)) == .lifted)
        reorder.drag(to: along(30), at: at(0.15))
        reorder.cancel(at: at(0.2))
        #expect(reorder.cancel(at: at(0.21)) == .rejected(.invalidInput(.cancel(velocity: .zero), in: .settling)))
        #expect(ReorderDiagnostic.invalidInput(.cancel(velocity: .zero), in: .settling).description == "reorder: cancel while settling")
        #expect(reorder.order == [0, 1, 2])
    }

    @Test func aSecondDragStartsFromTheCommittedOrder() {
        var reorder = session(squares(.row, count: 4))
        reorder.lift(slot: 0, at: at(0))
        reorder.drag(to: along(130), at: at(0.1))
        reorder.commit(at: at(0.2))
        // While the first drop still settles, lift the item now in slot 0 (item 1).
        #expect(reorder.lift(slot: 0, at: at(0.25)) == .lifted(slot: 0))
        #expect(reorder.draggedItem == 1)
        reorder.drag(to: along(230), at: at(0.3))
        reorder.commit(at: at(0.4))
        #expect(reorder.order == [0, 2, 1, 3])
    }
}
