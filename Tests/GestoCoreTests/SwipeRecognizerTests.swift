// Swipe recognition: directions, distance and flick thresholds, direction lock, and
// libinput's quirks (UPDATE without BEGIN, END with nothing in progress).
import Testing
@testable import GestoCore

@Suite struct SwipeRecognizerTests {
    @Test(arguments: [
        (-20.0, 0.0, "swipe:3:left"), (20.0, 0.0, "swipe:3:right"),
        (0.0, -20.0, "swipe:3:up"), (0.0, 20.0, "swipe:3:down"),
    ])
    func longSwipeEndsInItsDirection(dx: Double, dy: Double, expected: String) {
        var script = EventScript()
        script.begin(.swipe, 3, at: 0)
        script.swipe(3, steps: 10, dx: dx, dy: dy)
        script.end(.swipe, 3, at: script.time + 0.1)  // a pause before lifting: no flick
        var recognizer = SwipeRecognizer()
        let updates = run(&recognizer, script.events)
        #expect(updates.first?.phase == .began)
        #expect(updates.last?.phase == .ended)
        #expect(updates.last?.value.name.description == expected)
        #expect(updates.last?.value.velocity == .zero)
    }

    @Test func diagonalsAreReportedOnlyWhenEnabled() {
        var script = EventScript()
        script.begin(.swipe, 4, at: 0)
        script.swipe(4, steps: 10, dx: 15, dy: -15)
        script.end(.swipe, 4, at: script.time + 0.1)
        var settings = SwipeSettings()
        var plain = SwipeRecognizer(settings: settings)
        #expect(run(&plain, script.events).last?.value.name.description == "swipe:4:right")
        settings.diagonals = true
        var diagonal = SwipeRecognizer(settings: settings)
        #expect(run(&diagonal, script.events).last?.value.name.description == "swipe:4:up-right")
    }

    @Test func shortSlowSwipeFails() {
        var script = EventScript()
        script.begin(.swipe, 3, at: 0)
        script.swipe(3, steps: 5, dx: 8, dy: 0, every: 0.05)
        script.end(.swipe, 3, at: script.time + 0.01)
        var recognizer = SwipeRecognizer()
        #expect(run(&recognizer, script.events).last?.phase == .failed)
    }

    @Test func shortFastFlickEndsBecauseOfItsVelocity() {
        // 3 updates 10 ms apart, 40 units each: 120 units (< 150) at ~4000 units/s.
        var script = EventScript()
        script.begin(.swipe, 3, at: 0)
        script.swipe(3, steps: 3, dx: 0, dy: -40, every: 0.01)
        script.end(.swipe, 3, at: script.time + 0.01)
        var recognizer = SwipeRecognizer()
        let last = run(&recognizer, script.events).last
        #expect(last?.phase == .ended)
        #expect(last?.value.name.description == "swipe:3:up")
        #expect((last?.value.velocity.y ?? 0) < -3000)
        // The flick projects further than it moved.
        #expect((last?.value.predictedEndTranslation.y ?? 0) < (last?.value.translation.y ?? 0))
    }

    @Test func flickAfterAPauseDoesNotCount() {
        var script = EventScript()
        script.begin(.swipe, 3, at: 0)
        script.swipe(3, steps: 3, dx: 0, dy: -40, every: 0.01)
        script.end(.swipe, 3, at: script.time + 0.2)  // fingers rested 200 ms before lifting
        var recognizer = SwipeRecognizer()
        #expect(run(&recognizer, script.events).last?.phase == .failed)
    }

    @Test func directionLockKeepsTheFirstDirection() {
        // A Z-like stroke: right first, then mostly down.
        var script = EventScript()
        script.begin(.swipe, 3, at: 0)
        script.swipe(3, steps: 4, dx: 10, dy: 0)
        script.swipe(3, steps: 20, dx: 0, dy: 15)
        script.end(.swipe, 3, at: script.time + 0.1)
        var free = SwipeRecognizer()
        #expect(run(&free, script.events).last?.value.name.description == "swipe:3:down")
        var settings = SwipeSettings()
        settings.directionLock = true
        var locked = SwipeRecognizer(settings: settings)
        let last = run(&locked, script.events).last
        #expect(last?.value.name.description == "swipe:3:right")
        #expect(last?.phase == .failed)  // only 40 units to the right
    }

    @Test func updateWithoutBeginStartsTheSwipe() {
        var script = EventScript()
        script.swipe(3, dx: -50, dy: 0, at: 1.0)
        script.swipe(3, steps: 5, dx: -50, dy: 0)
        var recognizer = SwipeRecognizer()
        let updates = run(&recognizer, script.events, endOfInputAt: script.time)
        #expect(updates.first?.phase == .began)
        #expect(updates.last?.phase == .cancelled(.endOfInput))
        #expect(updates.last?.value.translation.x == -300)
    }

    @Test func endWithNothingInProgressIsIgnored() {
        var script = EventScript()
        script.end(.swipe, 4, at: 1)
        var recognizer = SwipeRecognizer()
        #expect(run(&recognizer, script.events).isEmpty)
        #expect(!recognizer.isActive)
    }

    @Test func libinputCancelledSwipeIsCancelledNotEnded() {
        var script = EventScript()
        script.begin(.swipe, 3, at: 0)
        script.swipe(3, steps: 20, dx: 20, dy: 0)
        script.end(.swipe, 3, at: script.time + 0.01, cancelled: true)
        var recognizer = SwipeRecognizer()
        #expect(run(&recognizer, script.events).last?.phase == .cancelled(.cancelledByLibinput))
    }

    @Test func fingerCountChangeCancelsAndRestarts() {
        var script = EventScript()
        script.begin(.swipe, 3, at: 0)
        script.swipe(3, steps: 5, dx: 20, dy: 0)
        script.swipe(4, steps: 5, dx: 20, dy: 0)
        var recognizer = SwipeRecognizer()
        let phases = run(&recognizer, script.events).map(\.phase)
        #expect(phases.contains(.cancelled(.fingerCountChanged)))
        #expect(phases.last == .changed)
    }

    @Test func duplicateTimestampsNeverDivideByZero() {
        var script = EventScript()
        script.begin(.swipe, 3, at: 8.82)
        for _ in 0..<6 { script.swipe(3, dx: -45, dy: 2, at: 8.82) }
        script.end(.swipe, 3, at: 8.82)
        var recognizer = SwipeRecognizer()
        let last = run(&recognizer, script.events).last
        #expect(last?.value.velocity.x.isFinite == true)
        #expect(last?.value.velocity.y.isFinite == true)
        #expect(last?.phase == .ended)
    }

    @Test func progressIsTravelOverThreshold() {
        var script = EventScript()
        script.begin(.swipe, 3, at: 0)
        script.swipe(3, steps: 3, dx: 25, dy: 0)
        var recognizer = SwipeRecognizer()
        let last = run(&recognizer, script.events).last
        #expect(abs((last?.value.progress ?? 0) - 75.0 / 150.0) < 1e-9)
    }
}
