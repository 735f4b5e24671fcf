// Holds, long presses fired by deadlines, and long-press-drag: the hold → cancelled hold →
// swipe sequence libinput sends for a press followed by a drag.
import Testing
@testable import GestoCore

@Suite struct HoldLongPressTests {
    @Test func holdEndsWhenLiftedAndIsCancelledWhenLibinputCancelsIt() {
        var lifted = EventScript()
        lifted.begin(.hold, 3, at: 0.18)
        lifted.end(.hold, 3, at: 1.47)
        #expect(outcomes(lifted.events).filter { $0.hasPrefix("hold") } == ["hold:3 ended"])
        var moved = EventScript()
        moved.begin(.hold, 2, at: 0.04)
        moved.end(.hold, 2, at: 0.30, cancelled: true)
        #expect(outcomes(moved.events).filter { $0.hasPrefix("hold") } == ["hold:2 cancelled"])
    }

    @Test func holdsAreNotTaps() {
        // libinput 1.22 begins a hold at every touch: a two-finger tap (right click) is a hold
        // that ends 3–84 ms later, and the hold before a pinch is cancelled after ~50–220 ms.
        // Regression: each reported `hold:2 ended`, so a hold:2 binding fired on every tap.
        var tap = EventScript()
        tap.begin(.hold, 2, at: 1.000)
        tap.end(.hold, 2, at: 1.084)
        #expect(outcomes(tap.events).filter { $0.hasPrefix("hold") } == ["hold:2 failed"])
        var beforePinch = EventScript()
        beforePinch.begin(.hold, 2, at: 0.04)
        beforePinch.end(.hold, 2, at: 0.14, cancelled: true)
        #expect(outcomes(beforePinch.events).filter { $0.hasPrefix("hold") } == ["hold:2 failed"])
        // The minimum duration is a setting: at 0.05 s the same tap is a hold.
        var settings = RecognizerSettings()
        settings.hold.minimumDuration = 0.05
        #expect(outcomes(tap.events, settings: settings).filter { $0.hasPrefix("hold") } == ["hold:2 ended"])
    }

    @Test func aFailedHoldOrPressSaysWhy() {
        // Regression (a failed hold said nothing, so "why did my hold:2 not fire?" had no answer):
        // each failure of a hold or touchpad long press names its cause, with the setting's value.
        func reasons(_ script: EventScript, endOfInputAt end: Double? = nil, hold settings: HoldSettings = HoldSettings())
            -> (hold: [String], press: [String]) {
            var hold = HoldRecognizer(settings: settings), press = LongPressRecognizer()
            let failed = { (reports: [RecognizedGesture]) in reports.filter { $0.phase == .failed }.map { $0.reason ?? "none" } }
            return (failed(run(&hold, script.events, endOfInputAt: end)), failed(run(&press, script.events, endOfInputAt: end)))
        }
        var tap = EventScript()
        tap.begin(.hold, 2, at: 1.000)
        tap.end(.hold, 2, at: 1.084)
        #expect(reasons(tap) == (["shorter than 0.18 s"], ["shorter than 0.18 s"]))
        var longer = EventScript()
        longer.begin(.hold, 2, at: 1.0)
        longer.end(.hold, 2, at: 1.3)
        var halfSecond = HoldSettings()
        halfSecond.minimumDuration = 0.5
        #expect(reasons(longer, hold: halfSecond).hold == ["shorter than 0.5 s"])
        var beforePinch = EventScript()
        beforePinch.begin(.hold, 2, at: 0.04)
        beforePinch.end(.hold, 2, at: 0.14, cancelled: true)
        beforePinch.begin(.pinch, 2, at: 0.16)
        #expect(reasons(beforePinch) == (["cancelled by libinput before 0.18 s"], ["cancelled by libinput before 0.18 s"]))
        var lostEnd = EventScript()
        lostEnd.begin(.hold, 3, at: 0.0)
        lostEnd.begin(.swipe, 3, at: 0.1)
        let lost = "lost END, another gesture began before 0.18 s"
        #expect(reasons(lostEnd) == ([lost], [lost]))
        var resting = EventScript()
        resting.begin(.hold, 1, at: 0.0)
        #expect(reasons(resting, endOfInputAt: 0.1) == (["end of input before 0.18 s"], ["end of input before 0.18 s"]))
        // The press's own tolerance: a swipe after the cancelled hold travels past 10 units.
        var moved = EventScript()
        moved.begin(.hold, 3, at: 0.0)
        moved.end(.hold, 3, at: 0.05, cancelled: true)
        moved.begin(.swipe, 3, at: 0.058)
        moved.swipe(3, steps: 2, dx: 8, dy: 0)
        #expect(reasons(moved).press == ["moved more than 10 units"])
        // Only a failure says why: an ended hold has no reason.
        var held = HoldRecognizer()
        #expect(run(&held, longer.events).map(\.phase) == [.began, .ended])
        var ended = HoldRecognizer()
        #expect(run(&ended, longer.events).allSatisfy { $0.reason == nil })
    }

    @Test func aHoldBeginsAtItsMinimumDurationByTimer() {
        var script = EventScript()
        script.begin(.hold, 3, at: 0.5)
        var recognizer = HoldRecognizer()
        #expect(run(&recognizer, script.events).isEmpty)
        #expect(recognizer.nextDeadline == Timestamp(seconds: 0.68))
        var fired: [RecognizedGesture] = []
        recognizer.handle(.deadline(Timestamp(seconds: 0.68))) { fired.append($0) }
        #expect(fired.map(\.phase) == [.began])
        #expect(fired.first?.value.progress == 1)
    }

    @Test func longPressIsRecognizedByItsDeadlineAndEndsAtTheLift() {
        var script = EventScript()
        script.begin(.hold, 1, at: 0.040)
        var recognizer = LongPressRecognizer()
        let armed = run(&recognizer, script.events)
        #expect(armed.map(\.phase) == [.arming])
        #expect(recognizer.nextDeadline == Timestamp(seconds: 0.220))
        var fired: [RecognizedGesture] = []
        recognizer.handle(.deadline(Timestamp(seconds: 0.220))) { fired.append($0) }
        #expect(fired.map(\.phase) == [.began])
        #expect(fired.first?.value.name.description == "long-press:1")
        #expect(fired.first?.value.time == Timestamp(seconds: 0.220))
        #expect(recognizer.nextDeadline == nil)
        recognizer.handle(.touchpad(GestureEvent(.hold, .end, fingers: 1, time: Timestamp(seconds: 0.885)))) { fired.append($0) }
        #expect(fired.map(\.phase) == [.began, .ended])
    }

    @Test func theDiscreteLongPressEndsAtItsDeadline() {
        var script = EventScript()
        script.begin(.hold, 3, at: 0.179)
        var recognizer = LongPressRecognizer(continuous: false)
        let updates = run(&recognizer, script.events, endOfInputAt: 1.0)
        #expect(updates.map(\.phase) == [.arming, .ended])
        #expect(updates.last?.value.time == Timestamp(seconds: 0.359))
    }

    @Test func aRestThatTurnsIntoARotationIsNotALongPress() {
        // Corpus 013: two fingers rest 0.224 s, libinput cancels the hold, a rotation follows.
        var script = EventScript()
        script.begin(.hold, 2, at: 0.040)
        script.end(.hold, 2, at: 0.264, cancelled: true)
        script.begin(.pinch, 2, at: 0.272)
        script.pinch(2, scale: 1, angle: 20, at: 0.28)
        script.pinch(2, scale: 1, angle: 20, at: 0.29)
        script.end(.pinch, 2, at: 0.3)
        let result = outcomes(script.events)
        #expect(result.contains("long-press:2 cancelled"))
        #expect(!result.contains("long-press:2 ended"))
        #expect(result.contains("rotate:2:clockwise ended"))
    }

    @Test func anEarlyDeadlineDoesNothing() {
        var script = EventScript()
        script.begin(.hold, 2, at: 0)
        var recognizer = LongPressRecognizer()
        _ = run(&recognizer, script.events)
        var fired: [RecognizedGesture] = []
        recognizer.handle(.deadline(Timestamp(seconds: 0.1))) { fired.append($0) }
        #expect(fired.isEmpty)
        #expect(recognizer.isActive)
    }

    @Test func liftingBeforeTheMinimumDurationFails() {
        var script = EventScript()
        script.begin(.hold, 1, at: 0)
        script.end(.hold, 1, at: 0.1)
        var recognizer = LongPressRecognizer()
        #expect(run(&recognizer, script.events).map(\.phase) == [.arming, .failed])
    }

    @Test func aCancelledHoldFollowedByAScrollNeverFiresThePress() {
        // Corpus 021/022: libinput cancels the hold, then scrolls (no gesture events).
        var script = EventScript()
        script.begin(.hold, 2, at: 0.04)
        script.end(.hold, 2, at: 0.10, cancelled: true)
        var recognizer = LongPressRecognizer()
        #expect(run(&recognizer, script.events, endOfInputAt: 1.0).map(\.phase) == [.arming, .failed])
    }

    @Test func movingBeyondToleranceBeforeThePressCompletesFails() {
        var script = EventScript()
        script.begin(.hold, 3, at: 0)
        script.end(.hold, 3, at: 0.05, cancelled: true)
        script.begin(.swipe, 3, at: 0.05)
        script.swipe(3, steps: 3, dx: 5, dy: 0)  // 15 units > 10 before 0.18 s
        var recognizer = LongPressRecognizer()
        #expect(run(&recognizer, script.events).map(\.phase) == [.arming, .failed])
    }

    @Test func longPressDragStreamsArmingBeganChangedEnded() {
        var script = EventScript()
        script.begin(.hold, 3, at: 0)
        script.end(.hold, 3, at: 0.3, cancelled: true)  // press completed at 0.18
        script.begin(.swipe, 3, at: 0.3)
        script.swipe(3, steps: 10, dx: 20, dy: 0)
        script.end(.swipe, 3, at: script.time + 0.01)
        var recognizer = LongPressDragRecognizer()
        let updates = run(&recognizer, script.events)
        #expect(updates.map(\.phase.name).first == "arming")
        #expect(updates[1].phase == .began)
        #expect(updates[1].value.time == Timestamp(seconds: 0.18))
        #expect(updates.dropFirst(2).dropLast().allSatisfy { $0.phase == .changed })
        #expect(updates.last?.phase == .ended)
        #expect(updates.allSatisfy { $0.value.name.description == "long-press-drag:3" })
        #expect(updates.last?.value.translation.x == 200)
    }

    @Test func longPressDragTakesTheSwipeExclusively() {
        var script = EventScript()
        script.begin(.hold, 3, at: 0)
        script.end(.hold, 3, at: 0.3, cancelled: true)
        script.begin(.swipe, 3, at: 0.3)
        script.swipe(3, steps: 10, dx: 20, dy: 0)
        script.end(.swipe, 3, at: script.time + 0.01)
        let result = outcomes(script.events)
        #expect(result.contains("long-press-drag:3 ended"))
        #expect(!result.contains { $0.hasPrefix("swipe") })
    }

    @Test func aSwipeThatMovesTooEarlyStaysAPlainSwipeExactlyOnce() {
        var script = EventScript()
        script.begin(.hold, 3, at: 0)
        script.end(.hold, 3, at: 0.05, cancelled: true)
        script.begin(.swipe, 3, at: 0.05)
        script.swipe(3, steps: 15, dx: 20, dy: 0)
        script.end(.swipe, 3, at: script.time + 0.1)
        let all = outcomes(script.events, finalOnly: false)
        #expect(all.filter { $0.hasPrefix("swipe") }.first == "swipe:3:right began")
        #expect(all.filter { $0 == "swipe:3:right ended" }.count == 1)
        #expect(all.filter { $0.hasPrefix("swipe") && $0.hasSuffix("began") }.count == 1)
        #expect(!all.contains("long-press-drag:3 began"))
    }

    @Test func liftingAfterThePressWithoutDraggingFailsTheDrag() {
        var script = EventScript()
        script.begin(.hold, 2, at: 0.04)
        script.end(.hold, 2, at: 1.07)
        let result = outcomes(script.events)
        #expect(result == ["hold:2 ended", "long-press:2 ended", "long-press-drag:2 failed"])
    }

    @Test func aDragThatNeverStartsTimesOut() {
        var script = EventScript()
        script.begin(.hold, 3, at: 0)
        script.end(.hold, 3, at: 0.3, cancelled: true)
        script.begin(.pinch, 3, at: 1.0)  // much later, something else
        var recognizer = LongPressDragRecognizer()
        let last = run(&recognizer, script.events).last
        #expect(last?.phase == .cancelled(.timeout))
    }

    @Test func aFingerChangeCancelsTheDrag() {
        var script = EventScript()
        script.begin(.hold, 3, at: 0)
        script.end(.hold, 3, at: 0.3, cancelled: true)
        script.begin(.swipe, 3, at: 0.3)
        script.swipe(3, steps: 3, dx: 20, dy: 0)
        script.swipe(4, steps: 1, dx: 20, dy: 0)
        var recognizer = LongPressDragRecognizer()
        #expect(run(&recognizer, script.events).last?.phase == .cancelled(.fingerCountChanged))
    }

    @Test func disabledLongPressDragNeverArmsAndSwipesPass() {
        var settings = RecognizerSettings()
        settings.longPress.dragEnabled = false
        var script = EventScript()
        script.begin(.hold, 3, at: 0)
        script.end(.hold, 3, at: 0.3, cancelled: true)
        script.begin(.swipe, 3, at: 0.3)
        script.swipe(3, steps: 10, dx: 20, dy: 0)
        script.end(.swipe, 3, at: script.time + 0.1)
        let result = outcomes(script.events, settings: settings)
        #expect(result.contains("swipe:3:right ended"))
        #expect(!result.contains { $0.hasPrefix("long-press-drag") })
    }
}
