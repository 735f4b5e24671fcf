// The commitment rule on its own: reports in, the moment (if any) the gesture is really
// happening out. The real recordings are checked in GestoDaemonTests/EarlyActionTests.
#if canImport(Glibc)
import Glibc
#endif
import Testing
@testable import GestoCore

@Suite struct CommitmentTrackerTests {
    let swipe = CommitmentSettings(window: 0.016, minimumSpeed: 2500)

    /// A swipe report `milliseconds` in, at `translation` and `velocity`.
    func report(_ direction: SwipeDirection?, _ milliseconds: Double, _ translation: Vector2, _ velocity: Vector2,
                phase: RecognizerPhase = .changed) -> RecognizedGesture {
        RecognizedGesture(name: .touchpad(.swipe(direction), fingers: 3), phase: phase, time: Timestamp(seconds: milliseconds / 1000),
                          translation: translation, velocity: velocity,
                          predictedEndTranslation: translation + RecognizerSettings.projection(of: velocity))
    }

    @Test func aFastStraightSwipeCommitsOnceTheWindowHasPassed() {
        var tracker = CommitmentTracker(settings: swipe)
        #expect(tracker.observe(report(.left, 8, Vector2(-30, 0), Vector2(-3750, 0))) == nil)
        #expect(tracker.observe(report(.left, 16, Vector2(-60, 0), Vector2(-3750, 0))) == nil)
        let made = tracker.observe(report(.left, 24, Vector2(-90, 0), Vector2(-3750, 0)))
        #expect(made?.name == .touchpad(.swipe(.left), fingers: 3))
        #expect(made?.travel == 90 && made?.speed == 3750)
        // Committed state persists (no second commitment), and resets at the final report.
        #expect(tracker.observe(report(.left, 32, Vector2(-120, 0), Vector2(-3750, 0))) == nil)
        #expect(tracker.commitment?.time == Timestamp(seconds: 0.024))
        #expect(tracker.observe(report(.left, 40, Vector2(-120, 0), .zero, phase: .ended)) == nil)
        #expect(tracker.commitment == nil)
    }

    @Test func aSlowStrokeNeverCommits() {
        var tracker = CommitmentTracker(settings: swipe)
        for step in 1...40 {
            #expect(tracker.observe(report(.right, Double(step) * 8, Vector2(Double(step) * 15, 0), Vector2(1875, 0))) == nil)
        }
    }

    @Test func aTurnStartsTheWindowAgain() {
        var tracker = CommitmentTracker(settings: swipe)
        _ = tracker.observe(report(.right, 8, Vector2(40, 0), Vector2(4000, 0)))
        _ = tracker.observe(report(.right, 16, Vector2(70, 0), Vector2(4000, 0)))
        // The velocity turns down while the travel still says right: no agreement.
        #expect(tracker.observe(report(.right, 24, Vector2(80, 40), Vector2(500, 4000))) == nil)
        #expect(tracker.observe(report(.down, 32, Vector2(80, 90), Vector2(0, 4000))) == nil)
        #expect(tracker.observe(report(.down, 40, Vector2(80, 120), Vector2(0, 4000))) == nil)
        #expect(tracker.observe(report(.down, 48, Vector2(80, 150), Vector2(0, 4000)))?.name == .touchpad(.swipe(.down), fingers: 3))
    }

    @Test func aPinchCommitsOnlyWhenItsScaleDominatesItsTurn() {
        func pinch(_ milliseconds: Double, _ scale: Double, _ angle: Double) -> RecognizedGesture {
            RecognizedGesture(name: .touchpad(.pinch(scale > 1 ? .out : .in), fingers: 2), phase: .changed,
                              time: Timestamp(seconds: milliseconds / 1000), scale: scale, angle: angle,
                              progress: log(scale) / log(1.25))
        }
        var clear = CommitmentTracker(settings: CommitmentSettings(window: 0.016, dominance: 1))
        var made: GestureCommitment? = nil
        for (step, scale) in [1.1, 1.2, 1.26, 1.3, 1.35].enumerated() where made == nil {
            made = clear.observe(pinch(Double(step + 1) * 8, scale, Double(step)))
        }
        #expect(made?.name == .touchpad(.pinch(.out), fingers: 2) && made?.scale == 1.35)
        // The same scale inside a 60° turn (a rotation's drift) never commits.
        var drift = CommitmentTracker(settings: CommitmentSettings(window: 0.016, dominance: 1))
        for (step, scale) in [1.1, 1.2, 1.26, 1.3, 1.35].enumerated() {
            #expect(drift.observe(pinch(Double(step + 1) * 8, scale, Double(step + 1) * 12)) == nil)
        }
    }
}
