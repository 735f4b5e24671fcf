// Fire modes: when each binding runs during its gesture, with its own thresholds, and which
// binding wins when several match.
import Testing
@testable import GestoCore

/// A rule with a label to name its firings by (GestoCore has rules only: what a binding runs is
/// its user's, GestoConfig's `Binding` for the config).
struct Binding<Action> {
    var rule: BindingRule
    var action: Action

    init(gesture: GestureName, mode: FireMode = .onEnd, action: Action,
         settings: RecognizerSettings = RecognizerSettings(), app: String? = nil) {
        rule = BindingRule(gesture: gesture, mode: mode, settings: settings, app: app)
        self.action = action
    }
}

@Suite struct BindingMatcherTests {
    /// A 3-finger swipe left, 20 updates of `dx` units every 8 ms (15: 1875 units/s, below the
    /// commitment velocity; 30: 3750 units/s, above it), lifted after a pause (no flick).
    func swipeLeft(steps: Int = 20, dx: Double = -15, end: Bool = true) -> [GestureEvent] {
        var script = EventScript()
        script.begin(.swipe, 3, at: 0)
        script.swipe(3, steps: steps, dx: dx, dy: 0)
        if end { script.end(.swipe, 3, at: script.time + 0.1) }
        return script.events
    }

    /// Fires `bindings` over `events` (with `focusedApp` focused) and returns "action@phase"
    /// for each firing.
    func firings(_ bindings: [Binding<String>], _ events: [GestureEvent], endOfInputAt end: Double? = nil,
                 focusedApp: String? = nil) -> [String] {
        var groups = RecognizerGroups(rules: bindings.map(\.rule))
        var result: [String] = []
        let handle = { (_: RecognizedGesture, _: ReportSource, fired: [MatchedFiring]) in
            for firing in fired { result.append("\(bindings[firing.bindingIndex].action)@\(firing.gesture.phase.name)") }
        }
        for event in events { groups.handle(.touchpad(event), focusedApp: focusedApp, emit: handle) }
        if let end { groups.handle(.endOfInput(Timestamp(seconds: end)), focusedApp: focusedApp, emit: handle) }
        return result
    }

    let left = GestureName.touchpad(.swipe(.left), fingers: 3)

    @Test func onEndFiresOnceWhenRecognized() {
        #expect(firings([Binding(gesture: left, action: "a")], swipeLeft()) == ["a@ended"])
    }

    @Test func onEndNeverFiresForACancelledGesture() {
        #expect(firings([Binding(gesture: left, action: "a")], swipeLeft(end: false), endOfInputAt: 1).isEmpty)
    }

    @Test func onThresholdFiresOnceAsSoonAsTheThresholdIsCrossed() {
        let fired = firings([Binding(gesture: left, mode: .onThreshold, action: "t")], swipeLeft(dx: -30))
        #expect(fired == ["t@changed"])
    }

    @Test func onThresholdStillFiresIfTheGestureIsLaterCancelled() {
        let fired = firings([Binding(gesture: left, mode: .onThreshold, action: "t")], swipeLeft(dx: -30, end: false), endOfInputAt: 1)
        #expect(fired == ["t@changed"])
    }

    @Test func onThresholdWaitsForTheLiftWhenTheSwipeNeverCommits() {
        // 1875 units/s is a drawn stroke's speed: committed only by the lift, if recognized.
        #expect(firings([Binding(gesture: left, mode: .onThreshold, action: "t")], swipeLeft()) == ["t@ended"])
        #expect(firings([Binding(gesture: left, mode: .onThreshold, action: "t")], swipeLeft(end: false), endOfInputAt: 1).isEmpty)
    }

    @Test func onBeginFiresWhenTheSwipeCommits() {
        // The third update agreeing at 3750 units/s, 16 ms after the first (the commit window).
        #expect(firings([Binding(gesture: left, mode: .onBegin, action: "b")], swipeLeft(dx: -30)) == ["b@changed"])
        #expect(firings([Binding(gesture: left, mode: .onBegin, action: "b")], swipeLeft()) == ["b@ended"])
    }

    @Test func continuousStreamsBeganChangedEnded() {
        let fired = firings([Binding(gesture: left, mode: .continuous, action: "c")], swipeLeft(steps: 12))
        #expect(fired.first == "c@began")
        #expect(fired.last == "c@ended")
        #expect(fired.dropFirst().dropLast().allSatisfy { $0 == "c@changed" })
        // The first update (15 units) is below the 16-unit lock distance: 11 reports + the end.
        #expect(fired.count == 12)
        // A short swipe streams its failure too, so the follower can spring back.
        #expect(firings([Binding(gesture: left, mode: .continuous, action: "c")], swipeLeft(steps: 5)).last == "c@failed")
    }

    @Test func continuousEndsWithCancelledWhenTheGestureTurnsAway() {
        var script = EventScript()
        script.begin(.swipe, 3, at: 0)
        script.swipe(3, steps: 3, dx: -15, dy: 0)
        script.swipe(3, steps: 10, dx: 0, dy: 30)
        script.end(.swipe, 3, at: script.time + 0.1)
        let fired = firings([Binding(gesture: left, mode: .continuous, action: "c")], script.events)
        #expect(fired.first == "c@began")
        #expect(fired.last == "c@cancelled")
        #expect(fired.filter { $0 == "c@cancelled" }.count == 1)
    }

    @Test func repeatFiresEveryStep() {
        var binding = Binding(gesture: left, mode: .repeat, action: "r")
        binding.rule.settings.swipe.repeatDistance.deltaUnits = 100
        // 20 × 15 = 300 units: three steps.
        #expect(firings([binding], swipeLeft()) == ["r@changed", "r@changed", "r@changed"])
    }

    @Test func aTinyRepeatStepIsBoundedNotACrash() {
        // Regression: a step of 1e-300 overflowed Int and trapped (found through libgesto).
        var binding = Binding(gesture: left, mode: .repeat, action: "r")
        binding.rule.settings.swipe.repeatDistance.deltaUnits = 1e-300
        #expect(firings([binding], swipeLeft(steps: 2)).count == 10_000)
    }

    @Test func perBindingThresholdOverridesTheGlobalOne() {
        var sensitive = Binding(gesture: left, action: "s")
        sensitive.rule.settings.swipe.threshold.deltaUnits = 50
        // 5 × 15 = 75 units: the global 150 would fail it; the binding's own recognizer, at
        // 50, recognizes it, and the firing says so (it used to fire on a `failed` report).
        #expect(firings([sensitive], swipeLeft(steps: 5)) == ["s@ended"])
        var strict = Binding(gesture: left, action: "x")
        strict.rule.settings.swipe.threshold.deltaUnits = 1000
        #expect(firings([strict], swipeLeft()).isEmpty)
    }

    @Test func theMostSpecificBindingWins() {
        let any = Binding(gesture: .touchpad(.swipe(nil), fingers: 3), action: "any")
        let exact = Binding(gesture: left, action: "left")
        #expect(firings([any, exact], swipeLeft()) == ["left@ended"])
        let app = Binding(gesture: left, action: "firefox-left", app: "firefox*")
        #expect(firings([any, exact, app], swipeLeft(), focusedApp: "firefox-esr") == ["firefox-left@ended"])
    }

    @Test func undirectedBindingMatchesEveryDirection() {
        let any = Binding(gesture: .touchpad(.swipe(nil), fingers: 3), action: "any")
        #expect(firings([any], swipeLeft()) == ["any@ended"])
    }

    @Test func onBeginFiresALongPressAtItsTimerNotWhenItArms() {
        var script = EventScript()
        script.begin(.hold, 3, at: 0)
        script.end(.hold, 3, at: 0.5)
        let bindings = [Binding(gesture: .touchpad(.longPress, fingers: 3), mode: .onBegin, action: "begin"),
                        Binding(gesture: .touchpad(.longPress, fingers: 3), action: "end")]
        #expect(firings(bindings, script.events) == ["begin@began", "end@ended"])
        var short = EventScript()
        short.begin(.hold, 3, at: 0)
        short.end(.hold, 3, at: 0.1)
        #expect(firings(bindings, short.events).isEmpty)
    }

    @Test func aLibinputCancelledHoldFiresNothing() {
        var script = EventScript()
        script.begin(.hold, 2, at: 0.19)
        script.end(.hold, 2, at: 0.24, cancelled: true)
        let bindings = [Binding(gesture: .touchpad(.hold, fingers: 2), action: "hold"),
                        Binding(gesture: .touchpad(.longPress, fingers: 2), action: "press")]
        #expect(firings(bindings, script.events).isEmpty)
    }

    @Test(arguments: [("*", "anything", true), ("firefox", "firefox", true), ("fire*", "firefox", true),
                      ("f?refox", "firefox", true), ("firefox", "firefox-esr", false), ("*.kitty", "net.kitty", true),
                      ("a*b*c", "aXbYc", true), ("a*b", "ac", false)])
    func globMatching(pattern: String, text: String, matches: Bool) {
        #expect(globMatches(pattern, text) == matches)
    }
}
