// ContinuousFeedback, the value behind the continuous-binding indicator: 1:1 tracking, rubber band
// past the threshold, release into a fly-out or a spring back from the finger's position and
// velocity, and an interruption that continues without a jump.
import Testing
@testable import GestoCore

struct ContinuousFeedbackTests {
    static let threshold = 150.0
    static let start = Timestamp(microseconds: 5_000_000)

    static func report(_ phase: RecognizerPhase, at seconds: Double, dx: Double, vx: Double = 0) -> RecognizedGesture {
        RecognizedGesture(name: .touchpad(.swipe(.right), fingers: 3), phase: phase, time: start.advanced(bySeconds: seconds),
                          translation: Vector2(dx, 0), velocity: Vector2(vx, 0))
    }

    @Test func tracksOneToOneThenRubberBands() {
        var feedback = ContinuousFeedback(threshold: Self.threshold)
        feedback.handle(Self.report(.began, at: 0, dx: 75))
        #expect(abs(feedback.presentation(at: Self.start)!.progress - 0.5) < 1e-12)
        feedback.handle(Self.report(.changed, at: 0.01, dx: 300))
        let banded = feedback.presentation(at: Self.start)!.progress
        #expect(banded > 1 && banded < 1.5)  // Raw 2.0; the band's asymptote is 1 + 0.5.
        #expect(!feedback.isAtRest(at: Self.start))
    }

    @Test func cancelledSpringsBackMonotonicallyAndSettles() {
        var feedback = ContinuousFeedback(threshold: Self.threshold)
        feedback.handle(Self.report(.began, at: 0, dx: 90))
        feedback.handle(Self.report(.cancelled(.cancelledByLibinput), at: 0.1, dx: 90))
        var previous = 0.6 + 1e-12
        for step in 0...40 {
            let value = feedback.presentation(at: Self.start.advanced(bySeconds: 0.1 + Double(step) * 0.01))!.progress
            #expect(value <= previous + 1e-12)
            #expect(value >= -1e-9)  // Critically damped from rest: no overshoot.
            previous = value
        }
        let settled = feedback.settle(at: Self.start.advanced(bySeconds: 2))
        #expect(settled)
        #expect(feedback.presentation(at: Self.start.advanced(bySeconds: 2)) == nil)
    }

    @Test func endedFliesOutWithTheReleaseVelocity() {
        var feedback = ContinuousFeedback(threshold: Self.threshold, flyOutProgress: 9)
        feedback.handle(Self.report(.began, at: 0, dx: 150))
        feedback.handle(Self.report(.ended, at: 0.05, dx: 150, vx: 1500))
        guard case .releasing(_, let animation, .committed) = feedback.state else {
            Issue.record("not releasing: \(feedback.state)"); return
        }
        #expect(animation.to == 9)
        #expect(abs(animation.from - 1) < 1e-12)
        #expect(abs(animation.initialVelocity - 10) < 1e-9)  // 1500 units/s ÷ 150 units per progress.
    }

    /// A new swipe during the spring continues from the spring's value: no jump.
    @Test func interruptionContinuesWithoutAJump() {
        var feedback = ContinuousFeedback(threshold: Self.threshold)
        feedback.handle(Self.report(.began, at: 0, dx: 120))
        feedback.handle(Self.report(.failed, at: 0.1, dx: 120))
        let interrupt = Self.start.advanced(bySeconds: 0.15)
        let before = feedback.presentation(at: interrupt)!.progress
        feedback.handle(RecognizedGesture(name: .touchpad(.swipe(.right), fingers: 3), phase: .began, time: interrupt))
        let after = feedback.presentation(at: interrupt)!.progress
        #expect(abs(after - before) < 1e-9)
        #expect(before > 0.05)
    }
}
