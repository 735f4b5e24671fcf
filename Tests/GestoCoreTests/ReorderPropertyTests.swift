// Random op sequences (lift, drag, commit, cancel) over random layouts, from seeded SplitMix64
// generators, with the engine's invariants checked after every op (niri's layout tests do the
// same with `verify_invariants`). A failing seed replays exactly.

import Testing
@testable import GestoCore

@Suite struct ReorderPropertyTests {
    /// A random layout: a row, a column or a grid of 1–8 items, uniform or per-item sizes.
    func randomLayout(_ random: inout SplitMix64) -> ReorderLayout {
        let count = Int.random(in: 1...8, using: &random)
        let arrangement: ReorderLayout.Arrangement
        switch Int.random(in: 0..<3, using: &random) {
        case 0: arrangement = .row
        case 1: arrangement = .column
        default: arrangement = .grid(columns: Int.random(in: 1...4, using: &random))
        }
        let uniform = Bool.random(using: &random)
        let first = ReorderSize(width: .random(in: 20...150, using: &random), height: .random(in: 20...150, using: &random))
        let sizes = (0..<count).map { _ in
            uniform ? first : ReorderSize(width: .random(in: 20...150, using: &random), height: .random(in: 20...150, using: &random))
        }
        return try! ReorderLayout(arrangement, itemSizes: sizes, spacing: .random(in: 0...12, using: &random))
    }

    /// A random input, mostly one that fits (`holding`: an item is lifted), sometimes one that
    /// must be rejected; lifts sometimes name a slot out of range; drags reach past both ends.
    func randomInput(_ random: inout SplitMix64, holding: Bool, count: Int, reach: Double) -> ReorderInput {
        let velocity = Vector2(.random(in: -2000...2000, using: &random), .random(in: -2000...2000, using: &random))
        let roll = Int.random(in: 0..<100, using: &random)
        let liftShare = holding ? 5 : 70
        switch roll {
        case 0..<liftShare: return .lift(slot: Int.random(in: -1...count, using: &random))
        case liftShare..<80: return .drag(translation: Vector2(.random(in: -reach...reach, using: &random), .random(in: -reach...reach, using: &random)), velocity: velocity)
        case 80..<90: return .commit(velocity: velocity)
        default: return .cancel(velocity: velocity)
        }
    }

    @Test(arguments: 1...40)
    func randomOpSequencesKeepTheInvariants(seed: Int) {
        var random = SplitMix64(seed: UInt64(seed))
        let layout = randomLayout(&random)
        let settings = ReorderSettings(pointsPerDeltaUnit: .random(in: 0.5...3, using: &random),
                                       hysteresis: .random(in: 0...0.45, using: &random))
        var reorder = ReorderSession(layout: layout, settings: settings)
        let identity = Array(0..<layout.itemCount)
        let reach = 1.5 * Double(layout.itemCount) * 150 / settings.pointsPerDeltaUnit
        var time = 0.0
        for step in 0..<200 {
            time += .random(in: 0...0.04, using: &random)
            let input = randomInput(&random, holding: reorder.draggedItem != nil, count: layout.itemCount, reach: reach)
            let before = reorder
            let outcome = reorder.handle(input, at: at(time))
            let context = "seed \(seed) step \(step) \(input.name)"

            // The live and committed orders are permutations of the items.
            #expect(reorder.liveOrder.sorted() == identity, "\(context)")
            #expect(reorder.order.sorted() == identity, "\(context)")
            // While an item is held it stands at the destination, and the moves, one slot each,
            // lead from the original order to the live one.
            if let item = reorder.draggedItem, let destination = reorder.destination {
                #expect(reorder.liveOrder[destination] == item, "\(context)")
                #expect(reorder.originalOrder.applying(reorder.moves) == reorder.liveOrder, "\(context)")
                #expect(reorder.moves.allSatisfy { abs($0.from - $0.to) == 1 }, "\(context)")
                #expect(reorder.drivers[item].isFollowing, "\(context)")
                // Feeding the same translation again moves nothing (the destination is stable).
                if case .drag = input {
                    var again = reorder
                    #expect(again.handle(input, at: at(time)).moves.isEmpty, "\(context)")
                }
            }
            switch outcome {
            case .lifted(let slot):
                #expect(reorder.draggedItem == before.order[slot], "\(context)")
            case .moved(let moves):
                #expect(before.liveOrder.applying(moves) == reorder.liveOrder, "\(context)")
            case .committed(let commit):
                #expect(commit.order == before.originalOrder.applying(commit.moves), "\(context)")
                #expect(commit.moves == before.moves && reorder.order == commit.order, "\(context)")
            case .cancelled(let undo):
                #expect(reorder.order == before.originalOrder, "\(context)")
                #expect(before.liveOrder.applying(undo) == before.originalOrder, "\(context)")
            case .rejected:
                #expect(reorder.liveOrder == before.liveOrder && reorder.order == before.order, "\(context)")
                #expect(reorder.phase(at: at(time)) == before.phase(at: at(time)), "\(context)")
            }
            #expect(reorder.positions(at: at(time)).allSatisfy { $0.x.isFinite && $0.y.isFinite }, "\(context)")
        }
        // Whatever happened, once the last drag ends and the springs settle, every item rests in
        // its slot of the committed order.
        if reorder.draggedItem != nil { reorder.cancel(at: at(time)) }
        let later = at(time + 10)
        #expect(reorder.isSettled(at: later), "seed \(seed)")
        #expect(reorder.phase(at: later) == .idle, "seed \(seed)")
        #expect(reorder.positions(at: later) == layout.itemOrigins(for: reorder.order), "seed \(seed)")
    }
}
