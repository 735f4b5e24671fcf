// PointerDrag's quick-swipe decision fed directly, as a host without RecognizerGroups' deadline
// loop would (a live timer may fire after the next event): what it claims from the
// recognizers, and when. The real strokes are judged in GestoDaemonTests' DragBesideSwipesTests.
import Testing
@testable import GestoCore

private func moment(_ milliseconds: Int64) -> Timestamp { Timestamp(microseconds: milliseconds * 1000) }

private func swipe(_ phase: GestureEventPhase, _ milliseconds: Int64, dx: Double = 0, cancelled: Bool = false) -> ContactSample {
    ContactSample(touchpad: GestureEvent(.swipe, phase, fingers: 3, time: moment(milliseconds), delta: Vector2(x: dx, y: 0), cancelled: cancelled))
}

@Suite struct PointerDragDecisionTests {
    @Test func aStrokeNotQuickIsClaimedAtTheEndOfItsWindowEvenWhenItsTimerIsLate() {
        var drag = PointerDrag(fingerCount: 3, sharesFingersWithSwipes: true)
        var reports: [RecognizedGesture] = []
        #expect(drag.handle(swipe(.begin, 0)) { reports.append($0) } == .none)
        #expect(drag.handle(swipe(.update, 20, dx: 30)) { reports.append($0) } == .none)
        #expect(drag.nextDeadline == moment(60).advanced(byMicroseconds: 1), "an update stamped at 60 ms still counts")
        #expect(reports.isEmpty, "nothing pressed while deciding")
        // No deadline fed: the next event, past the window, decides. The recognizers must see
        // the swipe cancelled at the window's end, and not this event.
        let claim = drag.handle(swipe(.update, 70, dx: 5)) { reports.append($0) }
        #expect(claim == DragClaim(withholdsInput: true, cancelsSwipe: moment(60)))
        #expect(reports.map(\.phase) == [.began, .changed, .changed])
        #expect(reports.first?.time == moment(60))
        #expect(reports.last?.translation == Vector2(x: 35, y: 0), "the press caught up, then moved on")
        #expect(drag.handle(swipe(.end, 90)) { reports.append($0) } == DragClaim(withholdsInput: true))
        #expect(drag.isHoldingButton)
    }

    @Test func aQuickStrokeOrOneARecognizerCommittedToIsLeftToTheSwipes() {
        var quick = PointerDrag(fingerCount: 3, sharesFingersWithSwipes: true)
        var reports: [RecognizedGesture] = []
        _ = quick.handle(swipe(.begin, 0)) { reports.append($0) }
        _ = quick.handle(swipe(.update, 40, dx: 125)) { reports.append($0) }
        #expect(quick.nextDeadline == nil)
        _ = quick.handleDeadline(moment(100)) { reports.append($0) }
        _ = quick.handle(swipe(.end, 120)) { reports.append($0) }
        #expect(reports.isEmpty && !quick.isHoldingButton)

        var committed = PointerDrag(fingerCount: 3, sharesFingersWithSwipes: true)
        _ = committed.handle(swipe(.begin, 0)) { reports.append($0) }
        _ = committed.handle(swipe(.update, 20, dx: 50)) { reports.append($0) }
        committed.swipeCommitted()
        #expect(committed.handleDeadline(moment(100)) { reports.append($0) } == .none)
        #expect(reports.isEmpty && !committed.isHoldingButton)
    }

    @Test func anInterruptWhileDecidingPressesAndReleasesNothing() {
        var drag = PointerDrag(fingerCount: 3, sharesFingersWithSwipes: true)
        var reports: [RecognizedGesture] = []
        _ = drag.handle(swipe(.begin, 0)) { reports.append($0) }
        drag.interrupt(at: moment(30)) { reports.append($0) }
        #expect(reports.isEmpty && drag.nextDeadline == nil)
    }
}
