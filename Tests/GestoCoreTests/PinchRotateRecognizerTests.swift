// Pinch and rotation recognition on libinput pinch events, and their simultaneous
// recognition inside one two-finger gesture.
import Testing
@testable import GestoCore

@Suite struct PinchRotateRecognizerTests {
    /// A pinch BEGIN, updates moving the scale linearly to `to` and the angle by `angle` in
    /// total, then an END 10 ms later.
    func pinch(fingers: Int = 2, to scale: Double, angle: Double = 0, steps: Int = 20, end: Bool = true) -> [GestureEvent] {
        var script = EventScript()
        script.begin(.pinch, fingers, at: 0)
        for i in 1...steps {
            let s = 1 + (scale - 1) * Double(i) / Double(steps)
            script.pinch(fingers, scale: s, angle: angle / Double(steps), at: Double(i) * 0.008)
        }
        if end { script.end(.pinch, fingers, at: script.time + 0.01) }
        return script.events
    }

    @Test func spreadingPastOutScaleEndsAsOut() {
        var recognizer = PinchRecognizer()
        let updates = run(&recognizer, pinch(to: 2.18))
        #expect(updates.first?.phase == .began)
        #expect(updates.last?.phase == .ended)
        #expect(updates.last?.value.name.description == "pinch:2:out")
        #expect(abs((updates.last?.value.scale ?? 0) - 2.18) < 1e-9)
    }

    @Test func closingPastInScaleEndsAsIn() {
        var recognizer = PinchRecognizer()
        let last = run(&recognizer, pinch(to: 0.21)).last
        #expect(last?.phase == .ended)
        #expect(last?.value.name.description == "pinch:2:in")
    }

    @Test func pinchThatReturnsNearOneFailsWithoutDirection() {
        // Corpus 012: in and out twice, ending at 1.04.
        var script = EventScript()
        script.begin(.pinch, 2, at: 0)
        for (i, s) in [0.9, 0.5, 0.3, 0.8, 1.1, 1.04].enumerated() { script.pinch(2, scale: s, at: Double(i + 1) * 0.01) }
        script.end(.pinch, 2, at: 0.1)
        var recognizer = PinchRecognizer()
        let last = run(&recognizer, script.events).last
        #expect(last?.phase == .failed)
        #expect(last?.value.name.description == "pinch:2")
    }

    @Test func pinchUpdateWithoutBeginStartsThePinch() {
        var script = EventScript()
        script.pinch(2, scale: 1.1, at: 1)
        script.pinch(2, scale: 1.3, at: 1.01)
        script.end(.pinch, 2, at: 1.02)
        var recognizer = PinchRecognizer()
        #expect(run(&recognizer, script.events).last?.phase == .ended)
    }

    @Test func rotationAccumulatesAngleDeltasAndEndsPastThreshold() {
        var recognizer = RotateRecognizer()
        let updates = run(&recognizer, pinch(to: 1.02, angle: 52))
        #expect(updates.first?.phase == .began)
        #expect(updates.last?.phase == .ended)
        #expect(updates.last?.value.name.description == "rotate:2:clockwise")
        #expect(abs((updates.last?.value.angle ?? 0) - 52) < 1e-9)
    }

    @Test func counterclockwiseRotation() {
        var recognizer = RotateRecognizer()
        #expect(run(&recognizer, pinch(to: 1, angle: -45)).last?.value.name.description == "rotate:2:counterclockwise")
    }

    @Test func angleJitterNeverReportsARotation() {
        // Corpus 006: a pinch whose angle jitters to +5.8° in total.
        var recognizer = RotateRecognizer()
        #expect(run(&recognizer, pinch(to: 1.29, angle: 5.8), endOfInputAt: 1).isEmpty)
    }

    @Test func simultaneousPinchAndRotateBothReport() {
        var both = PinchRecognizer().simultaneously(with: RotateRecognizer())
        let updates = run(&both, pinch(to: 1.4, angle: 60))
        #expect(updates.first?.phase == .began)
        #expect(updates.last?.phase == .ended)
        #expect(updates.last?.value.first?.value.name.description == "pinch:2:out")
        #expect(updates.last?.value.second?.value.name.description == "rotate:2:clockwise")
        #expect(updates.contains { $0.value.first != nil && $0.value.second == nil })
    }

    @Test func simultaneousEndsFailedOnlyWhenBothFail() {
        var both = PinchRecognizer().simultaneously(with: RotateRecognizer())
        #expect(run(&both, pinch(to: 1.1, angle: 20)).last?.phase == .failed)
        var oneEnds = PinchRecognizer().simultaneously(with: RotateRecognizer())
        #expect(run(&oneEnds, pinch(to: 1.1, angle: 40)).last?.phase == .ended)
    }

    /// The engine passes on what its pinch composition reports, each pair value unpacked into
    /// the pinch's report, then the rotation's: also where a part reports twice on one input
    /// (an UPDATE with other fingers cancels, then begins) or diagnoses (a BEGIN while tracking).
    @Test func engineReportsWhatThePinchCompositionReports() {
        var script = EventScript()
        script.begin(.pinch, 3, at: 0)
        for i in 1...6 { script.pinch(3, scale: 1 + 0.05 * Double(i), angle: 5, at: Double(i) * 0.008) }
        // Down to two fingers mid-gesture, the scale already past the deadband again.
        for i in 1...6 { script.pinch(2, scale: 1.2 + 0.05 * Double(i), angle: 6, at: script.time + 0.008) }
        script.begin(.pinch, 2, at: script.time + 0.008)
        for i in 1...6 { script.pinch(2, scale: 1 - 0.1 * Double(i), angle: -8, at: script.time + 0.008) }
        // Other fingers again, below three (so the swipe claim stays idle), past the deadband.
        for i in 1...3 { script.pinch(1, scale: 1.3 + 0.1 * Double(i), angle: 8, at: script.time + 0.008) }
        script.end(.pinch, 1, at: script.time + 0.01)
        let settings = RecognizerSettings()
        var composition = PinchSwipeRecognizer(swipe: settings.swipe, pinch: settings.pinch)
            .exclusively(before: PinchRecognizer(settings: settings.pinch)
                .simultaneously(with: RotateRecognizer(settings: settings.rotate)))
        var expected: [String] = []
        for update in run(&composition, script.events) {
            switch update.value {
            case .first(let swipe): if update.phase != .failed { expected.append("\(swipe.name) \(update.phase.name)") }
            case .second(let both):
                for part in [both.first, both.second] {
                    if let part { expected.append("\(part.value.name) \(part.phase.name)") }
                }
            }
        }
        #expect(expected.contains("pinch:1:out began"))
        #expect(outcomes(script.events, finalOnly: false) == expected)
    }

    @Test func threeFingerPinchWithSteadyScaleIsASwipe() {
        var script = EventScript()
        script.begin(.pinch, 3, at: 0)
        for i in 1...20 {
            script.pinch(3, scale: i % 2 == 0 ? 1.02 : 0.98, dx: -15, dy: 1, at: Double(i) * 0.008)
        }
        script.end(.pinch, 3, at: script.time + 0.1)
        #expect(outcomes(script.events) == ["swipe:3:left ended"])
    }

    @Test func threeFingerPinchThatScalesStaysAPinch() {
        // Corpus 008: three fingers closing to 0.93 with a little travel, no END.
        var script = EventScript()
        script.begin(.pinch, 3, at: 0)
        for i in 1...9 { script.pinch(3, scale: 1 - 0.0078 * Double(i), angle: 0.25, dx: 1.6, dy: -0.6, at: Double(i) * 0.007) }
        #expect(outcomes(script.events, endOfInputAt: script.time) == ["pinch:3:in cancelled"])
    }

    @Test func twoFingerPinchIsNeverTakenForASwipe() {
        var script = EventScript()
        script.begin(.pinch, 2, at: 0)
        for i in 1...20 { script.pinch(2, scale: 1.0, dx: -20, dy: 0, at: Double(i) * 0.008) }
        script.end(.pinch, 2, at: script.time + 0.1)
        #expect(outcomes(script.events) == ["pinch:2 failed"])
    }
}
