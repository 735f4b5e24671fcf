// Touchscreen gestures commit by the touchpad's rule (CommitmentTracker), in the touchscreen's
// own unit: an on-threshold or on-begin binding on a touch swipe, an edge swipe, a touch pinch
// or a touch rotation fires before the lift only once its recognizer group committed. The real
// touchscreen recordings are checked in GestoDaemonTests/EarlyActionTests.
import Testing
@testable import GestoCore

@Suite struct TouchCommitmentTests {
    /// Feeds touch frames made from a TouchScript's events through RecognizerGroups with
    /// `rules`; returns "gesture@phase" of every firing and every commitment made.
    struct Run {
        var groups: RecognizerGroups
        var assembler: TouchFrameAssembler
        var firings: [String] = []
        var commitments: [GestureCommitment] = []

        init(_ rules: [BindingRule], size: Vector2?) {
            groups = RecognizerGroups(rules: rules)
            assembler = TouchFrameAssembler(size: size, device: 1)
        }

        mutating func event(_ kind: TouchEventKind, _ slot: Int32 = -1, _ x: Double = 0, _ y: Double = 0, at ms: Int) {
            let time = Timestamp(microseconds: Int64(ms) * 1000)
            let point = Vector2(x, y)
            let event = assembler.size.map { size in
                TouchEvent(kind, slot: slot, percent: Vector2(x / size.x * 100, y / size.y * 100), millimeters: point,
                           time: time, device: 1)
            } ?? TouchEvent(kind, slot: slot, percent: point, time: time, device: 1)
            var frames: [TouchFrame] = []
            assembler.handle(event, emit: { frames.append($0) }, diagnose: { _ in })
            for frame in frames {
                groups.handle(.touchscreen(frame), report: { report, _, commitment, match in
                    if let commitment { commitments.append(commitment) }
                    match(report) { firings.append("\($0.gesture.name)@\($0.gesture.phase.name)") }
                })
            }
        }

        /// `points` land at `ms`, move by `step` every 10 ms for `steps` frames, and lift.
        mutating func stroke(_ points: [(Double, Double)], by step: (Double, Double), steps: Int) {
            for (slot, point) in points.enumerated() { event(.down, Int32(slot), point.0, point.1, at: 0) }
            event(.frame, at: 0)
            for i in 1...steps {
                for (slot, point) in points.enumerated() {
                    event(.motion, Int32(slot), point.0 + step.0 * Double(i), point.1 + step.1 * Double(i), at: 10 * i)
                }
                event(.frame, at: 10 * i)
            }
            for slot in points.indices { event(.up, Int32(slot), at: 10 * steps + 10) }
            event(.frame, at: 10 * steps + 10)
        }
    }

    let bottomEdge = GestureName.touchscreen(.edgeSwipe(.bottom), fingers: 3)
    let threeFingers = [(150.0, 197.0), (170.0, 198.0), (190.0, 198.0)]

    @Test func aFastEdgeSwipeCommitsInwardBeforeTheLift() {
        // 4 mm every 10 ms: 400 mm/s, above the 250 mm/s commit velocity.
        var run = Run([BindingRule(gesture: bottomEdge, mode: .onThreshold)], size: Vector2(300, 200))
        run.stroke(threeFingers, by: (0, -4), steps: 12)
        #expect(run.firings == ["edge-swipe:bottom:3@changed"])
        #expect(run.commitments.map(\.name) == [bottomEdge])
        #expect(run.commitments.first.map { $0.speed >= 250 && $0.travel > 0 } == true)
    }

    @Test func aSlowEdgeSwipeActsAtItsLift() {
        // 1.5 mm every 10 ms: 150 mm/s, a drag that may still turn: no commitment, the action
        // runs when the swipe ends recognized.
        var run = Run([BindingRule(gesture: bottomEdge, mode: .onThreshold)], size: Vector2(300, 200))
        run.stroke(threeFingers, by: (0, -1.5), steps: 20)
        #expect(run.firings == ["edge-swipe:bottom:3@ended"])
        #expect(run.commitments.isEmpty)
    }

    @Test func onBeginWaitsForATouchSwipesCommitmentToo() {
        // 3 % of the screen every 10 ms: 300 %/s, above the 200 %/s commit velocity of a
        // screen without a resolution; 1 %/10 ms is below it. (A touch swipe begins once the
        // fingers have settled, 100 ms after they landed; the window runs from there.)
        let left = GestureName.touchscreen(.swipe(.left), fingers: 3)
        let points = [(60.0, 40.0), (65.0, 45.0), (70.0, 50.0)]
        var fast = Run([BindingRule(gesture: left, mode: .onBegin)], size: nil)
        fast.stroke(points, by: (-3, 0), steps: 16)
        #expect(fast.firings == ["touch-swipe:3:left@changed"])
        var slow = Run([BindingRule(gesture: left, mode: .onBegin)], size: nil)
        slow.stroke(points, by: (-1, 0), steps: 30)
        #expect(slow.firings == ["touch-swipe:3:left@ended"])
    }

    @Test(arguments: [CommitTime.early, .lift])
    func aTouchPinchCommitsWhenItsSpreadDominatesItsTurn(time: CommitTime) {
        // Two fingers spreading along a line: all scale, no turn.
        let out = GestureName.touchscreen(.pinch(.out), fingers: 2)
        var settings = RecognizerSettings()
        settings.touch.pinch.commit = time
        var spread = Run([BindingRule(gesture: out, mode: .onThreshold, settings: settings)], size: Vector2(300, 200))
        for (slot, x) in [140.0, 160.0].enumerated() { spread.event(.down, Int32(slot), x, 100, at: 0) }
        spread.event(.frame, at: 0)
        for i in 1...20 {
            spread.event(.motion, 0, 140 - Double(i), 100, at: 10 * i)
            spread.event(.motion, 1, 160 + Double(i), 100, at: 10 * i)
            spread.event(.frame, at: 10 * i)
        }
        for slot in [0, 1] { spread.event(.up, Int32(slot), at: 210) }
        spread.event(.frame, at: 210)
        switch time {
        case .early:
            #expect(spread.firings == ["touch-pinch:2:out@changed"])
            #expect(spread.commitments.map(\.name) == [out])
            #expect(spread.commitments.first.map { $0.dominance > 1 } == true)
        case .lift:
            // The default: a pinch the fingers could still undo acts at its lift.
            #expect(spread.firings == ["touch-pinch:2:out@ended"])
            #expect(spread.commitments.isEmpty)
        }
    }
}
