// The workspace swipe: its decision (the release's projected end against half a workspace, and
// the gesture's verdict), its 1:1 following, its spring, and a grab mid-flight.
import GestoCore
import Testing

@Suite struct WorkspaceSwipeTests {
    let t0 = Timestamp(seconds: 10)

    @Test func axesFollowTheContent() {
        #expect(WorkspaceDirection.right.fingerAxis == Vector2(-1, 0))  // fingers left bring the right one in
        #expect(WorkspaceDirection.next.fingerAxis == Vector2(-1, 0))
        #expect(WorkspaceDirection.previous.fingerAxis == Vector2(1, 0))
        #expect(WorkspaceDirection.down.fingerAxis == Vector2(0, -1))
        #expect(WorkspaceDirection.up.gridStep.x == 0 && WorkspaceDirection.up.gridStep.y == -1)
    }

    @Test func decisionProjectsTheReleaseAgainstHalfAWorkspace() {
        let axis = WorkspaceDirection.right.fingerAxis
        func decide(_ dx: Double, _ vx: Double, recognized: Bool = true, neighbour: Bool = true) -> WorkspaceSwipeTarget {
            WorkspaceSwipe.decision(translation: Vector2(dx, 3), velocity: Vector2(vx, 0), isRecognized: recognized,
                                    axis: axis, distance: 300, hasNeighbour: neighbour)
        }
        #expect(decide(-160, 0) == .neighbour)   // past half of 300 units
        #expect(decide(-140, 0) == .back)
        // A short fast flick: 60 units at 600 units/s projects 200 more (0.997 per ms).
        #expect(decide(-60, -600) == .neighbour)
        #expect(decide(-200, 600) == .back)      // thrown back the other way
        #expect(decide(160, 0) == .back)         // the wrong way
        #expect(decide(-290, 0, recognized: false) == .back)  // failed or cancelled: never a switch
        #expect(decide(-290, 0, neighbour: false) == .back)   // the grid's edge
    }

    @Test func followsTheFingersThenSpringsOn() {
        var swipe = WorkspaceSwipe(direction: .right)
        swipe.grab(at: t0)
        #expect(swipe.progress(dragging: Vector2(-150, 0)) == 0.5)
        #expect(swipe.progress(dragging: Vector2(60, 0)) < 0)          // rubber band before 0
        #expect(swipe.progress(dragging: Vector2(60, 0)) > -0.05)
        #expect(swipe.release(translation: Vector2(-200, 0), velocity: Vector2(-300, 0), isRecognized: true, at: t0) == .neighbour)
        var last = swipe.frame(at: t0)
        #expect(abs(last.progress - 200.0 / 300) < 1e-9)               // from where the fingers were
        var time = t0
        for _ in 0..<200 where !last.atRest {
            time = Timestamp(microseconds: time.microseconds + 16_667)
            last = swipe.frame(at: time)
        }
        #expect(last.atRest && last.progress == 1)
        #expect(swipe.target == .neighbour)
    }

    @Test func aGrabMidFlightContinuesFromTheSpring() {
        var swipe = WorkspaceSwipe(direction: .left)
        swipe.grab(at: t0)
        swipe.release(translation: Vector2(100, 0), velocity: .zero, isRecognized: true, at: t0)
        #expect(swipe.target == .back)
        let later = Timestamp(microseconds: t0.microseconds + 50_000)
        var copy = swipe
        let shown = copy.frame(at: later).progress
        swipe.grab(at: later)
        #expect(abs(swipe.progress(dragging: .zero) - shown) < 1e-9)   // no jump
        #expect(shown > 0 && shown < 100.0 / 300)
    }
}
