// With a trace listener, the engine names each recognizer's change of state as libinput's
// debug log does (old state → new state, with the finger count); without one it compares none.
import Testing
@testable import GestoCore

@Suite struct TransitionTraceTests {
    /// Runs the engine over `events` with a trace listener and returns the transitions' descriptions.
    func transitions(_ events: [GestureEvent]) -> [String] {
        var engine = GestureEngine()
        var found: [String] = []
        for event in events {
            engine.handle(.touchpad(event), emit: { _ in }, diagnose: { _ in }, trace: { found.append("\($0)") })
        }
        return found
    }

    @Test func aSwipeIsTrackedThenBeganThenIdle() {
        var script = EventScript()
        script.begin(.swipe, 3, at: 0)
        script.swipe(3, steps: 5, dx: 10, dy: 0)
        script.end(.swipe, 3, at: 0.1)
        #expect(transitions(script.events) == ["swipe[3fg] idle → tracking", "swipe[3fg] tracking → began",
                                               "swipe[3fg] began → idle"])
    }

    @Test func aHoldIsPendingThenHoldingAndTheLongPressArmsBesideIt() {
        var script = EventScript()
        script.begin(.hold, 2, at: 0)
        script.end(.hold, 2, at: 1)
        let found = transitions(script.events)
        #expect(found.contains("hold[2fg] idle → pending"))
        #expect(found.contains("hold[2fg] pending → holding"))
        #expect(found.contains("long-press[2fg] idle → arming"))
        #expect(found.contains("hold[2fg] holding → idle"))
    }

    @Test func theSameInputsGiveTheSameReportsWithOrWithoutATrace() {
        var script = EventScript()
        script.begin(.swipe, 4, at: 0)
        script.swipe(4, steps: 30, dx: 0, dy: 8)
        script.end(.swipe, 4, at: 0.4)
        var plain = GestureEngine(), traced = GestureEngine()
        var plainReports: [RecognizedGesture] = [], tracedReports: [RecognizedGesture] = []
        for event in script.events {
            plain.handle(.touchpad(event), emit: { plainReports.append($0) }, diagnose: { _ in })
            traced.handle(.touchpad(event), emit: { tracedReports.append($0) }, diagnose: { _ in }, trace: { _ in })
        }
        #expect(plainReports == tracedReports)
        #expect(!plainReports.isEmpty)
    }
}
