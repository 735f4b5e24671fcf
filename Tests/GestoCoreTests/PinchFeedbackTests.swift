// PinchFeedback, the value behind the pinch indicator: 1:1 scale inside the clamp, a log-space
// rubber band past it, an anchor that follows the finger centroid, and a spring back on release.
import Glibc
import Testing
@testable import GestoCore

struct PinchFeedbackTests {
    static let start = Timestamp(microseconds: 5_000_000)

    static func report(_ phase: RecognizerPhase, at seconds: Double, scale: Double, dx: Double = 0, dy: Double = 0) -> RecognizedGesture {
        RecognizedGesture(name: .touchpad(.pinch(.out), fingers: 2), phase: phase, time: start.advanced(bySeconds: seconds),
                          translation: Vector2(dx, dy), scale: scale)
    }

    @Test func tracksOneToOneInsideTheClamp() {
        var feedback = PinchFeedback()
        for (step, scale) in [1.0, 1.3, 1.9, 0.7, 0.55].enumerated() {
            feedback.handle(Self.report(step == 0 ? .began : .changed, at: Double(step) * 0.01, scale: scale))
            #expect(abs(feedback.presentation(at: Self.start)!.scale - scale) < 1e-12)
        }
        #expect(!feedback.isAtRest(at: Self.start))
    }

    @Test func rubberBandsPastTheClamp() {
        var feedback = PinchFeedback()
        feedback.handle(Self.report(.began, at: 0, scale: 1.5))
        feedback.handle(Self.report(.changed, at: 0.01, scale: 3))
        let above = feedback.presentation(at: Self.start)!.scale
        #expect(above > 2 && above < 2 * 1.25)  // Past 2, below the band's asymptote.
        feedback.handle(Self.report(.changed, at: 0.02, scale: 4))
        let further = feedback.presentation(at: Self.start)!.scale
        #expect(further > above)
        #expect(further - above < 1)  // The finger went 3 → 4; the indicator moves much less.
        feedback.handle(Self.report(.changed, at: 0.03, scale: 0.25))
        let below = feedback.presentation(at: Self.start)!.scale
        #expect(below < 0.5 && below > 0.5 / 1.25)
    }

    @Test func anchorFollowsTheTranslation() {
        var feedback = PinchFeedback()
        feedback.handle(Self.report(.began, at: 0, scale: 1.1, dx: 0, dy: 0))
        #expect(feedback.presentation(at: Self.start)!.anchor == .zero)
        feedback.handle(Self.report(.changed, at: 0.01, scale: 1.2, dx: 40, dy: -25))
        #expect(feedback.presentation(at: Self.start)!.anchor == Vector2(40, -25))
        feedback.handle(Self.report(.failed, at: 0.02, scale: 1.2, dx: 50, dy: -30))
        #expect(feedback.presentation(at: Self.start.advanced(bySeconds: 0.05))!.anchor == Vector2(50, -30))
    }

    /// Released past the clamp, committed: ζ = 1 from the banded scale back down to the clamp,
    /// monotonically, ending exactly at 2.
    @Test func springsBackMonotonicallyToTheClamp() {
        var feedback = PinchFeedback(direction: .out)
        #expect(abs(feedback.parameters.dampingRatio - 1) < 1e-9)
        feedback.handle(Self.report(.began, at: 0, scale: 2.5))
        feedback.handle(Self.report(.changed, at: 0.05, scale: 3))
        feedback.handle(Self.report(.ended, at: 0.1, scale: 3))  // Held still: velocity 0.
        guard case .releasing(let animation, _, .committed) = feedback.state else {
            Issue.record("not releasing: \(feedback.state)"); return
        }
        #expect(abs(animation.to - log(2)) < 1e-12)
        var previous = feedback.presentation(at: Self.start.advanced(bySeconds: 0.1))!.scale
        #expect(previous > 2)
        for step in 1...60 {
            let value = feedback.presentation(at: Self.start.advanced(bySeconds: 0.1 + Double(step) * 0.01))!.scale
            #expect(value <= previous + 1e-12)
            #expect(value >= 2 - 1e-9)
            previous = value
        }
        #expect(abs(previous - 2) < 1e-3)
        let settled = feedback.settle(at: Self.start.advanced(bySeconds: 3))
        #expect(settled)
        #expect(feedback.presentation(at: Self.start.advanced(bySeconds: 3)) == nil)
    }

    @Test func cancelledSpringsBackToOneWithTheScaleVelocity() {
        var feedback = PinchFeedback()
        feedback.handle(Self.report(.began, at: 0, scale: 1.2))
        feedback.handle(Self.report(.changed, at: 0.1, scale: 1.6))
        feedback.handle(Self.report(.cancelled(.cancelledByLibinput), at: 0.1, scale: 1.6))
        guard case .releasing(let animation, _, .cancelled) = feedback.state else {
            Issue.record("not releasing: \(feedback.state)"); return
        }
        #expect(animation.to == 0)  // ln 1.
        #expect(abs(animation.from - log(1.6)) < 1e-12)
        #expect(abs(animation.initialVelocity - (log(1.6) - log(1.2)) / 0.1) < 1e-9)
        let settled = feedback.settle(at: Self.start.advanced(bySeconds: 3))
        #expect(settled)
    }

    /// A new pinch during the spring continues from the spring's scale: no jump.
    @Test func interruptionContinuesWithoutAJump() {
        var feedback = PinchFeedback()
        feedback.handle(Self.report(.began, at: 0, scale: 1.8, dx: 10))
        feedback.handle(Self.report(.failed, at: 0.1, scale: 1.8, dx: 10))
        let interrupt = Self.start.advanced(bySeconds: 0.13)
        let before = feedback.presentation(at: interrupt)!
        feedback.handle(RecognizedGesture(name: .touchpad(.pinch(nil), fingers: 2), phase: .began, time: interrupt))
        let after = feedback.presentation(at: interrupt)!
        #expect(abs(after.scale - before.scale) < 1e-9)
        #expect(after.anchor == before.anchor)
        #expect(before.scale > 1.05)
    }
}
