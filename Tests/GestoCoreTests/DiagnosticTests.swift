// Inputs a recognizer's state does not expect come back as diagnostics naming the event, the
// state and the recognizer (libinput's `log_gesture_bug`), and what was done about them.
import Testing
@testable import GestoCore

@Suite struct DiagnosticTests {
    /// Runs the engine over `events` and returns the diagnostics' descriptions.
    func diagnostics(_ events: [GestureEvent]) -> [String] {
        var engine = GestureEngine()
        var found: [String] = []
        for event in events {
            engine.handle(.touchpad(event), emit: { _ in }, diagnose: { found.append("\($0.recognizer) \($0.event) in \($0.state)") })
        }
        return found
    }

    @Test func anEndWithNothingInProgressIsNamed() {
        var script = EventScript()
        script.end(.swipe, 4, at: 1)
        script.end(.pinch, 2, at: 2)
        script.end(.hold, 3, at: 3)
        #expect(diagnostics(script.events) == ["swipe[4fg] GESTURE_SWIPE_END in idle", "pinch[2fg] GESTURE_PINCH_END in idle",
                                               "hold[3fg] GESTURE_HOLD_END in idle"])
    }

    @Test func aLostEndIsNamedWhenTheNextBeginComes() {
        var script = EventScript()
        script.begin(.swipe, 3, at: 0)
        script.swipe(3, steps: 5, dx: 10, dy: 0)
        script.begin(.swipe, 3, at: 1)
        #expect(diagnostics(script.events) == ["swipe[3fg] GESTURE_SWIPE_BEGIN in began"])
        var pinch = EventScript()
        pinch.begin(.pinch, 2, at: 0)
        pinch.begin(.pinch, 2, at: 0.5)
        #expect(diagnostics(pinch.events) == ["pinch[2fg] GESTURE_PINCH_BEGIN in tracking"])
    }

    @Test func aSwipeDuringAHoldMeansItsEndWasLost() {
        var script = EventScript()
        script.begin(.hold, 3, at: 0)
        script.begin(.swipe, 3, at: 0.5)  // the hold began at 0.18; libinput would have ended it
        #expect(diagnostics(script.events) == ["hold[3fg] GESTURE_SWIPE_BEGIN in holding"])
    }

    @Test func aHoldUpdateIsNamedBecauseLibinputSendsNone() {
        var script = EventScript()
        script.begin(.hold, 2, at: 0)
        let events = script.events + [GestureEvent(.hold, .update, fingers: 2, time: Timestamp(seconds: 0.05))]
        #expect(diagnostics(events) == ["hold[2fg] GESTURE_HOLD_UPDATE in pending"])
    }

    @Test func timeRunningBackwardsIsNamed() {
        var script = EventScript()
        script.begin(.swipe, 3, at: 2)
        script.swipe(3, dx: 10, dy: 0, at: 1)
        script.swipe(3, dx: 10, dy: 0, at: 1.1)  // still behind, but no new jump
        #expect(diagnostics(script.events) == ["engine GESTURE_SWIPE_UPDATE in running"])
    }

    @Test func anOrdinaryStreamHasNone() {
        var script = EventScript()
        script.begin(.hold, 3, at: 0)
        script.end(.hold, 3, at: 0.05, cancelled: true)
        script.begin(.swipe, 3, at: 0.06)
        script.swipe(3, steps: 20, dx: 10, dy: 0)
        script.end(.swipe, 3, at: script.time + 0.01)
        script.begin(.pinch, 2, at: 1)
        script.pinch(2, scale: 0.7, at: 1.1)
        script.end(.pinch, 2, at: 1.2)
        #expect(diagnostics(script.events).isEmpty)
    }
}
