// How items move while a reorder runs: displaced items spring from where they are shown to their
// new slots (critically damped, no overshoot), retarget without a jump in position or velocity,
// the dropped item leaves the finger at its release velocity, and cancel brings everything home.

import Testing
@testable import GestoCore

@Suite struct ReorderSpringTests {
    /// Item 0 of a 100-point row lifted at 0 s and dragged past slot 1 at `t0`: item 1 is displaced
    /// from x = 100 to x = 0.
    func displaced(at t0: Double, pointsPerDeltaUnit: Double = 1) -> ReorderSession {
        var reorder = session(squares(.row, count: 4), pointsPerDeltaUnit: pointsPerDeltaUnit)
        reorder.lift(slot: 0, at: at(0))
        #expect(reorder.drag(to: along(130 / pointsPerDeltaUnit), at: at(t0)).moves == [ReorderMove(from: 0, to: 1)])
        return reorder
    }

    @Test func theDefaultSpringIsNiriWindowMovementRestingInPoints() {
        let spring = ReorderSettings.defaultSpring
        #expect(spring.stiffness == 800 && spring.mass == 1)
        #expect(abs(spring.dampingRatio - 1) < 1e-12)
        #expect(spring.restTolerance == nil)
        #expect(ReorderSettings().tolerance == .points)
    }

    @Test func aDisplacedItemStartsAtItsOldSlotAndApproachesTheNewOneMonotonically() {
        let t0 = 0.1
        let reorder = displaced(at: t0)
        #expect(reorder.state(ofItem: 1, at: at(t0)).value == Vector2(100, 0))
        #expect(reorder.state(ofItem: 1, at: at(t0)).velocity == .zero)
        var previous = 100.0
        for ms in 1...1000 {
            let x = reorder.state(ofItem: 1, at: at(t0 + Double(ms) / 1000)).value.x
            #expect(x <= previous && x >= 0, "t0 + \(ms) ms: x = \(x)")
            previous = x
        }
        #expect(reorder.positions(at: at(t0 + 1))[1] == Vector2(0, 0))
        #expect(reorder.state(ofItem: 1, at: at(t0 + 1)).velocity == .zero)
        // Items the move did not touch never moved.
        #expect(reorder.drivers[2].isAtRest(at: at(t0)) && reorder.positions(at: at(t0 + 0.05))[2] == Vector2(200, 0))
    }

    @Test func aRetargetMidFlightKeepsPositionAndVelocityContinuous() {
        let t0 = 0.1, t1 = 0.15
        var reorder = displaced(at: t0)
        let before = reorder.state(ofItem: 1, at: at(t1))
        let justBefore = reorder.state(ofItem: 1, at: Timestamp(microseconds: at(t1).microseconds - 1))
        #expect(before.value.x > 0 && before.value.x < 100 && before.velocity.x < -100)
        // Back over the boundary: item 1 turns around toward x = 100 from wherever it is.
        #expect(reorder.drag(to: along(20), at: at(t1)).moves == [ReorderMove(from: 1, to: 0)])
        let after = reorder.state(ofItem: 1, at: at(t1))
        let justAfter = reorder.state(ofItem: 1, at: Timestamp(microseconds: at(t1).microseconds + 1))
        #expect((after.value - before.value).length < 1e-9)
        #expect((after.velocity - before.velocity).length < 1e-9)
        // One microsecond either side: the position moves by about 2 µs × the speed, the
        // velocity by at most 2 µs × the largest acceleration (k·d ≈ 800 × 100 pt/s²).
        #expect((justAfter.value - justBefore.value).length < 2e-6 * abs(before.velocity.x) + 1e-6)
        #expect((justAfter.velocity - justBefore.velocity).length < 2e-6 * 800 * 100 * 2)
        #expect(reorder.positions(at: at(t1 + 2))[1] == Vector2(100, 0))
    }

    @Test func theDroppedItemLeavesTheFingerAtItsReleaseVelocity() {
        // 2 points per delta unit: 65 units of drag are 130 points; 300 units/s are 600 pt/s.
        var reorder = displaced(at: 0.1, pointsPerDeltaUnit: 2)
        #expect(reorder.positions(at: at(0.1))[0] == Vector2(130, 0))
        reorder.commit(velocity: along(300), at: at(0.2))
        let release = reorder.state(ofItem: 0, at: at(0.2))
        #expect(release.value == Vector2(130, 0))
        #expect(release.velocity == Vector2(600, 0))
        #expect(!reorder.isSettled(at: at(0.2)))
        #expect(reorder.isSettled(at: at(1.5)))
        #expect(reorder.positions(at: at(1.5)) == [Vector2(100, 0), Vector2(0, 0), Vector2(200, 0), Vector2(300, 0)])
    }

    @Test func cancelSpringsEveryItemHome() {
        var reorder = session(squares(.column, count: 5))
        reorder.lift(slot: 0, at: at(0))
        reorder.drag(to: Vector2(15, 280), velocity: Vector2(0, 900), at: at(0.05))
        #expect(reorder.liveOrder == [1, 2, 3, 0, 4])
        reorder.cancel(velocity: Vector2(0, 900), at: at(0.08))
        // Items 1–3 turn around mid-flight; the dropped item leaves the finger moving down.
        #expect(reorder.state(ofItem: 0, at: at(0.08)).value == Vector2(15, 280))
        #expect(reorder.state(ofItem: 0, at: at(0.08)).velocity == Vector2(0, 900))
        #expect(!reorder.isSettled(at: at(0.1)))
        let settled = at(2)
        #expect(reorder.isSettled(at: settled))
        #expect(reorder.positions(at: settled) == squares(.column, count: 5).slotOrigins)
        #expect(reorder.order == [0, 1, 2, 3, 4])
    }

    @Test func liftingDuringSettleTakesTheItemFromWhereItIsShown() {
        var reorder = displaced(at: 0.1)
        reorder.commit(velocity: along(500), at: at(0.2))
        let shown = reorder.state(ofItem: 0, at: at(0.25)).value
        #expect(shown != Vector2(100, 0))
        reorder.lift(slot: 1, at: at(0.25))
        #expect(reorder.positions(at: at(0.25))[0] == shown)
        reorder.drag(to: along(-5), at: at(0.3))
        #expect(reorder.positions(at: at(0.3))[0] == shown + along(-5))
    }
}
