// The glue between long-press-drag reports and the reorder engine: began lifts, changed drags,
// ended commits, failed and cancelled undo; the moves come back so each can annotate a report.
// The touchpad-only mode (`reorder: {slot: 120}`) crosses one slot per 120 units of drag.

import Testing
@testable import GestoCore

@Suite struct ReorderAdapterTests {
    func report(_ phase: RecognizerPhase, _ dx: Double, at seconds: Double, fingers: Int = 3, velocity: Double = 0) -> RecognizedGesture {
        RecognizedGesture(name: .touchpad(.longPressDrag, fingers: fingers), phase: phase, time: at(seconds),
                          translation: along(dx), velocity: along(velocity), progress: 1)
    }

    @Test func aTouchpadSlotOf120UnitsCrossesOneSlotPer120Units() throws {
        var adapter = try ReorderGestureAdapter(touchpadSlot: 120, itemCount: 5, fingers: 3)
        #expect(adapter.handle(report(.arming, 0, at: 0)).isEmpty)
        #expect(adapter.handle(report(.began, 0, at: 0.18)).isEmpty)
        var crossings: [(Double, ReorderMove)] = []
        for step in 1...40 {
            let dx = 10 * Double(step)
            for move in adapter.handle(report(.changed, dx, at: 0.2 + 0.008 * Double(step))) { crossings.append((dx, move)) }
        }
        // Half a slot plus the 24-unit margin for the first crossing (84), then every 120 units
        // (204, 324), each seen at the next 10-unit step.
        #expect(crossings.map(\.0) == [90, 210, 330])
        #expect(crossings.map(\.1) == [ReorderMove(from: 0, to: 1), ReorderMove(from: 1, to: 2), ReorderMove(from: 2, to: 3)])
        #expect(adapter.handle(report(.ended, 400, at: 0.6)).isEmpty)
        #expect(adapter.session.order == [1, 2, 3, 0, 4])
    }

    @Test func endedCommitsAfterTheLastStretchOfDrag() throws {
        var adapter = try ReorderGestureAdapter(touchpadSlot: 120, itemCount: 4)
        _ = adapter.handle(report(.began, 0, at: 0.18))
        #expect(adapter.handle(report(.changed, 50, at: 0.2)).isEmpty)
        #expect(adapter.handle(report(.ended, 100, at: 0.21, velocity: 800)) == [ReorderMove(from: 0, to: 1)])
        #expect(adapter.session.order == [1, 0, 2, 3])
        #expect(adapter.session.draggedItem == nil)
    }

    @Test func cancelledAndFailedReturnTheUndoMoves() throws {
        for phase in [RecognizerPhase.cancelled(.cancelledByLibinput), .failed] {
            var adapter = try ReorderGestureAdapter(touchpadSlot: 120, itemCount: 4)
            _ = adapter.handle(report(.began, 0, at: 0.18))
            #expect(adapter.handle(report(.changed, 250, at: 0.3)) == [ReorderMove(from: 0, to: 1), ReorderMove(from: 1, to: 2)])
            #expect(adapter.handle(report(phase, 250, at: 0.31)) == [ReorderMove(from: 2, to: 1), ReorderMove(from: 1, to: 0)])
            #expect(adapter.session.order == [0, 1, 2, 3])
        }
    }

    @Test func aFailedPressBeforeAnyLiftDoesNothing() throws {
        var adapter = try ReorderGestureAdapter(touchpadSlot: 120, itemCount: 4)
        #expect(adapter.handle(report(.arming, 0, at: 0)).isEmpty)
        #expect(adapter.handle(report(.failed, 0, at: 0.05)).isEmpty)
        #expect(adapter.lastDiagnostic == nil)
    }

    @Test func otherGesturesAndFingerCountsAreIgnored() throws {
        var adapter = try ReorderGestureAdapter(touchpadSlot: 120, itemCount: 4, fingers: 3)
        #expect(adapter.handle(report(.began, 0, at: 0.18, fingers: 4)).isEmpty)
        let swipe = RecognizedGesture(name: .touchpad(.swipe(.right), fingers: 3), phase: .changed, time: at(0.2), translation: along(500))
        #expect(adapter.handle(swipe).isEmpty)
        #expect(adapter.session.draggedItem == nil)
    }

    @Test func annotateEmitsOneReportPerMove() throws {
        var adapter = try ReorderGestureAdapter(touchpadSlot: 120, itemCount: 4, draggedSlot: 1)
        #expect(adapter.annotate(report(.began, 0, at: 0.18)) == [report(.began, 0, at: 0.18)])
        let reports = adapter.annotate(report(.changed, 300, at: 0.2))
        #expect(reports.map(\.reorder) == [ReorderMove(from: 1, to: 2), ReorderMove(from: 2, to: 3)])
        #expect(reports.allSatisfy { $0.phase == .changed && $0.translation == along(300) })
    }

    @Test func aFinalReportStillEndsTheGestureExactlyOnce() throws {
        var adapter = try ReorderGestureAdapter(touchpadSlot: 120, itemCount: 4)
        _ = adapter.annotate(report(.began, 0, at: 0.18))
        _ = adapter.annotate(report(.changed, 250, at: 0.2))
        let reports = adapter.annotate(report(.cancelled(.cancelledByLibinput), 250, at: 0.3))
        #expect(reports.map(\.phase) == [.changed, .changed, .cancelled(.cancelledByLibinput)])
        #expect(reports.map(\.reorder) == [ReorderMove(from: 2, to: 1), ReorderMove(from: 1, to: 0), nil])
    }

    @Test func aChangedWithoutItsBeganLiftsFirst() throws {
        var adapter = try ReorderGestureAdapter(touchpadSlot: 120, itemCount: 3)
        #expect(adapter.handle(report(.changed, 100, at: 0.2)) == [ReorderMove(from: 0, to: 1)])
    }

    @Test func aPointerLayoutConvertsDeltaUnitsToPoints() throws {
        // 40-point rows, 2 points per delta unit: 30 units of drag are 60 points, past the
        // first boundary (20 points) by more than its 8-point margin.
        let layout = try ReorderLayout(.column, itemCount: 3, itemSize: ReorderSize(width: 300, height: 40))
        var adapter = ReorderGestureAdapter(session: ReorderSession(layout: layout, settings: ReorderSettings(pointsPerDeltaUnit: 2)))
        _ = adapter.handle(RecognizedGesture(name: .touchpad(.longPressDrag, fingers: 2), phase: .began, time: at(0.18)))
        let moves = adapter.handle(RecognizedGesture(name: .touchpad(.longPressDrag, fingers: 2), phase: .changed, time: at(0.2), translation: Vector2(0, 30)))
        #expect(moves == [ReorderMove(from: 0, to: 1)])
        #expect(adapter.session.positions(at: at(0.2))[0] == Vector2(0, 60))
    }

    @Test func theLongPressDragRecognizerDrivesAReorderEndToEnd() throws {
        var script = EventScript()
        script.begin(.hold, 3, at: 0)
        script.end(.hold, 3, at: 0.3, cancelled: true)  // the press completed at 0.18 s
        script.begin(.swipe, 3, at: 0.3)
        script.swipe(3, steps: 10, dx: 25, dy: 0)       // 250 units to the right
        script.end(.swipe, 3, at: script.time + 0.01)
        var recognizer = LongPressDragRecognizer()
        var adapter = try ReorderGestureAdapter(touchpadSlot: 120, itemCount: 4, fingers: 3)
        var published: [RecognizedGesture] = []
        for update in run(&recognizer, script.events) { published += adapter.annotate(update) }
        #expect(published.compactMap(\.reorder) == [ReorderMove(from: 0, to: 1), ReorderMove(from: 1, to: 2)])
        #expect(published.filter { $0.phase.isFinal }.map(\.phase) == [.ended])
        #expect(published.last?.phase == .ended)
        #expect(adapter.session.order == [1, 2, 0, 3])
        #expect(adapter.session.isSettled(at: at(2)))
    }
}
