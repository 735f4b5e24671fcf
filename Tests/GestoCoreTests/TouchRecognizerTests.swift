// The touchscreen recognizers on scripted touch streams: tap and double tap (with the
// exclusive wait), long press still and drifting, long-press-drag, swipes in four directions,
// edge swipes from each edge, pinch and rotation about the centroid, on a screen with and
// without a resolution.
import Testing
import Foundation
import GestoCore

@Suite("touch recognizers")
struct TouchRecognizerTests {
    @Test func quickStillTouchIsATap() {
        var script = TouchScript()
        script.down([(50, 50)], at: 0)
        script.up(1, at: 100)
        script.end(at: 1000)
        #expect(script.ended == ["tap:1"])
    }

    @Test func fourFingerTap() {
        var script = TouchScript(size: Vector2(300, 200))
        script.down([(100, 100), (120, 100), (140, 100), (160, 100)], at: 0)
        script.move([(100.5, 100), (120, 100.5), (140, 100), (160.5, 100)], at: 50)
        script.up(4, at: 120)
        script.end(at: 1000)
        #expect(script.ended == ["tap:4"])
    }

    @Test func tapThatMovedIsNoTap() {
        var script = TouchScript(size: Vector2(300, 200))
        script.down([(100, 100)], at: 0)
        script.move([(105, 100)], at: 50)
        script.up(1, at: 100)
        script.end(at: 1000)
        #expect(!script.ended.contains("tap:1"))
    }

    @Test func doubleTapWinsOverTheTapItWaitedFor() {
        var settings = RecognizerSettings()
        settings.touch.tapWaitsForDoubleTap = 1 << 2
        var script = TouchScript(settings: settings)
        script.down([(40, 50), (45, 50)], at: 0)
        script.up(2, at: 80)
        // The tap waits: nothing yet.
        #expect(script.ended.isEmpty)
        script.down([(41, 50), (46, 50)], at: 250)
        script.up(2, at: 330)
        script.end(at: 2000)
        #expect(script.ended == ["double-tap:2"])
    }

    @Test func tapBesideADoubleTapEndsWhenTheIntervalPasses() {
        var settings = RecognizerSettings()
        settings.touch.tapWaitsForDoubleTap = 1 << 1
        var script = TouchScript(settings: settings)
        script.down([(40, 50)], at: 0)
        script.up(1, at: 80)
        script.wait(until: 379)
        #expect(script.ended.isEmpty)
        script.wait(until: 380)
        #expect(script.ended == ["tap:1"])
        #expect(script.reports.last?.time == TouchScript.at(380))
    }

    @Test func tapWithoutADoubleTapBindingEndsAtOnceAndTwoStillMakeADoubleTap() {
        var script = TouchScript()
        script.down([(40, 50)], at: 0)
        script.up(1, at: 80)
        #expect(script.ended == ["tap:1"])
        script.down([(40, 50)], at: 200)
        script.up(1, at: 260)
        #expect(script.ended == ["tap:1", "double-tap:1"])
    }

    @Test func longPressHeldStill() {
        var script = TouchScript(size: Vector2(300, 200))
        script.down([(100, 100), (130, 100)], at: 0)
        #expect(script.reports.first.map { "\($0.name) \($0.phase.name)" } == "touch-long-press:2 arming")
        script.wait(until: 399)
        #expect(script.ended.isEmpty)
        script.wait(until: 400)
        #expect(script.ended == ["touch-long-press:2"])
        script.up(2, at: 700)
        script.end(at: 1000)
        #expect(script.ended == ["touch-long-press:2"])
    }

    @Test func longPressThatDriftsPastTheToleranceFails() {
        var script = TouchScript(size: Vector2(300, 200))
        script.down([(100, 100)], at: 0)
        script.drag([(100, 100)], by: (0.5, 0), steps: 10, from: 0)  // 5 mm by 100 ms
        script.wait(until: 600)
        script.up(1, at: 600)
        script.end(at: 1000)
        #expect(script.outcomes.contains("touch-long-press:1 failed"))
        #expect(!script.ended.contains("touch-long-press:1"))
    }

    @Test func longPressThenDrag() {
        var script = TouchScript(size: Vector2(300, 200))
        script.down([(100, 100), (120, 100)], at: 0)
        script.wait(until: 450)
        script.drag([(100, 100), (120, 100)], by: (1, 0), steps: 30, from: 450)
        script.up(2, at: 800)
        script.end(at: 1000)
        #expect(script.ended.contains("touch-long-press:2"))
        #expect(script.ended.contains("touch-long-press-drag:2"))
        let drag = script.reports.last { $0.name == .touchscreen(.longPressDrag, fingers: 2) }
        #expect(abs((drag?.translation.x ?? 0) - 30) < 1e-9)
    }

    @Test(arguments: [
        ((20.0, 0.0), "touch-swipe:3:right"), ((-20.0, 0.0), "touch-swipe:3:left"),
        ((0.0, 20.0), "touch-swipe:3:down"), ((0.0, -20.0), "touch-swipe:3:up"),
    ])
    func threeFingerSwipe(direction: (Double, Double), expected: String) {
        var script = TouchScript()
        let start = [(40.0, 40.0), (50.0, 40.0), (60.0, 40.0)]
        script.down(start, at: 0)
        script.drag(start, by: (direction.0 / 20, direction.1 / 20), steps: 20, from: 0)
        script.up(3, at: 210)
        script.end(at: 1000)
        #expect(script.ended == [expected])
    }

    @Test func shortSlowSwipeFailsAndAShortFlickCounts() {
        var slow = TouchScript(size: Vector2(300, 200))
        slow.down([(100, 100)], at: 0)
        slow.drag([(100, 100)], by: (0.1, 0), steps: 100, from: 0)  // 10 mm in 1 s
        slow.up(1, at: 1010)
        slow.end(at: 2000)
        #expect(slow.outcomes.contains("touch-swipe:1:right failed"))
        var flick = TouchScript(size: Vector2(300, 200))
        flick.down([(100, 100)], at: 0)
        flick.drag([(100, 100)], by: (2, 0), steps: 5, from: 0)  // 10 mm in 50 ms: 200 mm/s
        flick.up(1, at: 60)
        flick.end(at: 2000)
        #expect(flick.ended == ["touch-swipe:1:right"])
    }

    @Test(arguments: [
        ((0.5, 50.0), (1.0, 0.0), "edge-swipe:left"), ((99.5, 50.0), (-1.0, 0.0), "edge-swipe:right"),
        ((50.0, 0.5), (0.0, 1.0), "edge-swipe:top"), ((50.0, 99.5), (0.0, -1.0), "edge-swipe:bottom"),
    ])
    func edgeSwipeFromEachEdge(start: (Double, Double), step: (Double, Double), expected: String) {
        var script = TouchScript()
        script.down([start], at: 0)
        script.drag([start], by: step, steps: 20, from: 0)
        script.up(1, at: 210)
        script.end(at: 1000)
        // The edge swipe has precedence over the touch swipe of the same motion.
        #expect(script.ended == [expected])
    }

    @Test func edgeSwipeWithThreeFingersOnAScreenWithAResolution() {
        var script = TouchScript(size: Vector2(300, 200))
        let start = [(150.0, 197.0), (170.0, 198.0), (190.0, 198.0)]
        script.down(start, at: 0)
        script.drag(start, by: (0, -1.5), steps: 20, from: 0)
        script.up(3, at: 210)
        script.end(at: 1000)
        #expect(script.ended == ["edge-swipe:bottom:3"])
    }

    @Test func edgeSwipeAlongTheEdgeIsNoEdgeSwipe() {
        var script = TouchScript()
        script.down([(0.5, 20)], at: 0)
        script.drag([(0.5, 20)], by: (0, 1), steps: 30, from: 0)
        script.up(1, at: 310)
        script.end(at: 1000)
        #expect(script.outcomes.contains("edge-swipe:left failed"))
        #expect(script.ended == ["touch-swipe:1:down"])
    }

    @Test func pinchOutAboutTheCentroid() {
        var script = TouchScript(size: Vector2(300, 200))
        script.down([(140, 100), (160, 100)], at: 0)
        for i in 1...20 {
            let half = 10 + Double(i)
            script.move([(150 - half, 100), (150 + half, 100)], at: 10 * i)
        }
        script.up(2, at: 210)
        script.end(at: 1000)
        #expect(script.ended.contains("touch-pinch:2:out"))
        let pinch = script.reports.last { $0.name.device == .touchscreen && $0.name.gesture.kind == .pinch }
        #expect(abs((pinch?.scale ?? 0) - 3) < 1e-9)
        #expect(!script.ended.contains { $0.hasPrefix("touch-rotate") })
    }

    @Test func rotationClockwiseOnScreen() {
        var script = TouchScript(size: Vector2(300, 200))
        func points(_ degrees: Double) -> [(Double, Double)] {
            let r = degrees * Double.pi / 180
            return [(150 - 20 * cos(r), 100 - 20 * sin(r)), (150 + 20 * cos(r), 100 + 20 * sin(r))]
        }
        script.down(points(0), at: 0)
        for i in 1...20 { script.move(points(Double(i) * 3), at: 10 * i) }
        script.up(2, at: 210)
        script.end(at: 1000)
        #expect(script.ended.contains("touch-rotate:2:clockwise"))
        let rotation = script.reports.last { $0.name.device == .touchscreen && $0.name.gesture.kind == .rotate }
        #expect(abs((rotation?.angle ?? 0) - 60) < 1e-6)
        #expect(!script.ended.contains { $0.hasPrefix("touch-pinch") })
    }

    @Test func pinchStillDownAtTheEndOfInputIsCancelled() {
        var script = TouchScript()
        script.down([(40, 50), (60, 50)], at: 0)
        for i in 1...10 { script.move([(40 + Double(i), 50), (60 - Double(i), 50)], at: 100 + 10 * i) }
        script.end(at: 500)
        #expect(script.outcomes.contains("touch-pinch:2:in cancelled"))
    }
}

@Suite("touch frames from bad input")
struct TouchFrameAssemblerTests {
    @Test func touchesWithoutAFrameAreFramedAndReportedOnce() {
        var script = TouchScript()
        script.event(.down, 0, 10, 10, at: 0)
        script.event(.motion, 0, 11, 10, at: 10)
        script.event(.motion, 0, 12, 10, at: 20)
        #expect(script.frames.count == 2)
        #expect(script.diagnostics.count == 1)
        #expect(script.diagnostics.first?.outcome.contains("no TOUCH_FRAME") == true)
    }

    @Test func slotReusedWithoutUpLiftsTheOldTouch() {
        var script = TouchScript()
        script.down([(10, 10)], at: 0)
        script.event(.down, 0, 80, 80, at: 50)
        script.frame(at: 50)
        #expect(script.diagnostics.count == 1)
        #expect(script.diagnostics.first?.slot == 0)
        #expect(script.frames.last?.touches.count == 1)
        #expect(script.frames.last?.touches.first?.position == Vector2(80, 80))
    }

    @Test func elevenFingersTrackTen() {
        var script = TouchScript()
        script.down((0..<11).map { (Double($0) * 8 + 5, 50) }, at: 0)
        #expect(script.frames.last?.touches.count == 10)
        #expect(script.diagnostics.count == 1)
        // The ignored finger's motion and lift are not reported again.
        script.event(.motion, 10, 90, 60, at: 10)
        script.event(.up, 10, at: 20)
        script.frame(at: 20)
        #expect(script.diagnostics.count == 1)
    }

    @Test func motionAndUpWithoutDownAreIgnored() {
        var script = TouchScript()
        script.event(.motion, 3, 10, 10, at: 0)
        script.event(.up, 4, at: 0)
        script.frame(at: 0)
        #expect(script.frames.isEmpty)
        #expect(script.diagnostics.count == 2)
    }

    @Test func cancelEndsEveryGestureWithoutEnding() {
        var script = TouchScript()
        let start = [(40.0, 40.0), (50.0, 40.0), (60.0, 40.0)]
        script.down(start, at: 0)
        script.drag(start, by: (1, 0), steps: 20, from: 0)
        script.event(.cancel, -1, at: 220)
        script.end(at: 1000)
        #expect(script.ended.isEmpty)
        #expect(script.outcomes.contains("touch-swipe:3:right cancelled"))
    }

    @Test func vanishedDeviceCancelsTheGestureInProgress() {
        var script = TouchScript()
        let start = [(40.0, 40.0), (50.0, 40.0)]
        script.down(start, at: 0)
        script.drag(start, by: (1, 0), steps: 20, from: 0)
        // The device went away: the input ends with the fingers down.
        script.end(at: 300)
        #expect(script.outcomes.contains("touch-swipe:2:right cancelled"))
        #expect(script.ended.isEmpty)
    }
}

@Suite("touch gesture names")
struct TouchGestureNameTests {
    @Test(arguments: ["tap:1", "double-tap:2", "touch-long-press:3", "touch-long-press-drag:2", "touch-swipe:1:left",
                      "touch-swipe:4", "touch-pinch:2:in", "touch-rotate:2:counterclockwise", "edge-swipe:left",
                      "edge-swipe:bottom:3"])
    func roundTrips(text: String) throws {
        #expect(try GestureName(parsing: text).description == text)
    }

    @Test func edgeSwipeWithoutFingersIsOneFinger() throws {
        #expect(try GestureName(parsing: "edge-swipe:top") == .touchscreen(.edgeSwipe(.top), fingers: 1))
        #expect(try GestureName(parsing: "edge-swipe:top:1").description == "edge-swipe:top")
    }

    @Test func badNamesSayWhatIsWrong() {
        #expect(throws: GestureNameError.unknownDirection("middle", kind: "edge-swipe", allowed: ["left", "right", "top", "bottom"])) {
            try GestureName(parsing: "edge-swipe:middle")
        }
        #expect(throws: GestureNameError.badFingerCount("1")) { try GestureName(parsing: "touch-pinch:1:in") }
        #expect(throws: GestureNameError.unexpectedPart("left")) { try GestureName(parsing: "tap:2:left") }
    }
}

@Suite("touch long-press-drag reorders")
struct TouchReorderTests {
    @Test func touchDragFeedsTheReorderEngineInMillimetres() throws {
        var script = TouchScript(size: Vector2(300, 200))
        script.down([(100, 100), (120, 100), (140, 100)], at: 0)
        script.wait(until: 450)
        script.drag([(100, 100), (120, 100), (140, 100)], by: (1, 0), steps: 50, from: 450)
        script.up(3, at: 1000)
        script.end(at: 1200)
        // Slots of 20 mm: a 50 mm drag from slot 0 crosses two.
        var adapter = try ReorderGestureAdapter(touchpadSlot: 20, itemCount: 5, fingers: 3)
        adapter.device = .touchscreen
        var moves: [ReorderMove] = []
        for report in script.reports { moves += adapter.handle(report) }
        #expect(moves == [ReorderMove(from: 0, to: 1), ReorderMove(from: 1, to: 2)])
        // The touchpad's adapter ignores a touchscreen's drag.
        var touchpad = try ReorderGestureAdapter(touchpadSlot: 20, itemCount: 5, fingers: 3)
        #expect(script.reports.allSatisfy { touchpad.handle($0).isEmpty })
    }
}

@Suite("touch transform to the output")
struct TouchTransformTests {
    @Test(arguments: [(TouchTransform.normal, "edge-swipe:left"), (.rotated90, "edge-swipe:top"),
                      (.rotated180, "edge-swipe:right"), (.rotated270, "edge-swipe:bottom")])
    func aSwipeFromTheDevicesLeftEdgeStartsFromTheEdgeTheUserSees(transform: TouchTransform, expected: String) {
        var script = TouchScript()
        script.assembler = TouchFrameAssembler(size: Vector2(300, 200), device: 1, transform: transform)
        script.down([(1, 100)], at: 0)
        script.drag([(1, 100)], by: (2, 0), steps: 20, from: 0)
        script.up(1, at: 210)
        script.end(at: 1000)
        #expect(script.ended == [expected])
        // A quarter turn swaps the screen's width and height.
        let extent = script.frames.first?.extent
        #expect(extent == (transform == .rotated90 || transform == .rotated270 ? Vector2(200, 300) : Vector2(300, 200)))
    }
}
