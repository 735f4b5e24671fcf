// The touchscreen's recognizers are the touchpad's, so they name their changes of state and
// the inputs their state did not expect in the same way: `touch-swipe[1fg] tracking → began`,
// `touch-swipe[1fg] TOUCH_FRAME in idle`.
import Testing
@testable import GestoCore

@Suite struct TouchTraceTests {
    @Test func aTouchSwipeIsTrackedThenBeganThenIdle() {
        var script = TouchScript(size: Vector2(300, 200))
        script.traces = true
        script.down([(100, 100)], at: 0)
        script.drag([(100, 100)], by: (2, 0), steps: 20, from: 0)
        script.up(1, at: 210)
        script.end(at: 1000)
        let swipe = script.transitions.filter { $0.hasPrefix("touch-swipe[") }
        #expect(swipe == ["touch-swipe[1fg] idle → tracking", "touch-swipe[1fg] tracking → began", "touch-swipe[1fg] began → idle"])
        #expect(script.ended == ["touch-swipe:1:right"])
    }

    @Test func aTouchLongPressArmsThenHandsOverToTheDrag() {
        var script = TouchScript(size: Vector2(300, 200))
        script.traces = true
        script.down([(100, 100), (120, 100)], at: 0)
        script.wait(until: 450)
        script.drag([(100, 100), (120, 100)], by: (1, 0), steps: 30, from: 450)
        script.up(2, at: 800)
        script.end(at: 1000)
        let found = script.transitions
        #expect(found.contains("touch-long-press[2fg] idle → arming"))
        #expect(found.contains("touch-long-press[2fg] arming → idle"))
        #expect(found.contains("touch-long-press-drag[2fg] arming → waiting"))
        #expect(found.contains("touch-long-press-drag[2fg] waiting → dragging"))
        #expect(found.contains("touch-long-press-drag[2fg] dragging → idle"))
    }

    @Test func aPinchAndARotationAreTracedBesideTheSwipe() {
        var script = TouchScript(size: Vector2(300, 200))
        script.traces = true
        script.down([(100, 100), (140, 100)], at: 0)
        script.drag([(100, 100), (140, 100)], by: (-1, 0), steps: 1, from: 0)
        for step in 1...20 {
            script.move([(100 - Double(step), 100), (140 + Double(step), 100)], at: 100 + 10 * step)
        }
        script.up(2, at: 400)
        script.end(at: 1000)
        #expect(script.transitions.contains("touch-pinch[2fg] tracking → began"))
        #expect(script.transitions.contains("touch-pinch[2fg] began → idle"))
        #expect(script.ended.contains("touch-pinch:2:out"))
    }

    @Test func theSameFramesGiveTheSameReportsWithOrWithoutATrace() {
        func run(traced: Bool) -> [RecognizedGesture] {
            var script = TouchScript(size: Vector2(300, 200))
            script.traces = traced
            script.down([(100, 100), (120, 100), (140, 100)], at: 0)
            script.drag([(100, 100), (120, 100), (140, 100)], by: (0, 1.5), steps: 30, from: 0)
            script.up(3, at: 400)
            script.end(at: 1000)
            return script.reports
        }
        #expect(run(traced: false) == run(traced: true))
        #expect(!run(traced: false).isEmpty)
    }

    @Test func framesOfAStrokeAfterTheEndOfInputAreNamed() {
        // A host that ended the input in the middle of a stroke and then fed its last frames:
        // the swipe and the pinch, idle, say what they ignored, as they do for a touchpad's END.
        var script = TouchScript(size: Vector2(300, 200))
        script.down([(100, 100), (120, 100)], at: 0)
        script.drag([(100, 100), (120, 100)], by: (1, 0), steps: 5, from: 0)
        script.end(at: 60)
        script.up(2, at: 70)
        #expect(script.recognizerDiagnostics.contains("touch-swipe[2fg] TOUCH_FRAME in idle"))
        #expect(script.recognizerDiagnostics.contains("touch-pinch[2fg] TOUCH_FRAME in idle"))
    }

    @Test func anOrdinaryStrokeHasNoDiagnostics() {
        var script = TouchScript(size: Vector2(300, 200))
        script.down([(100, 100), (120, 100)], at: 0)
        script.drag([(100, 100), (120, 100)], by: (0, 2), steps: 20, from: 0)
        script.up(2, at: 300)
        script.end(at: 1000)
        #expect(script.recognizerDiagnostics.isEmpty)
        #expect(!script.ended.isEmpty)
    }
}
