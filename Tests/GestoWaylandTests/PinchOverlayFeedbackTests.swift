// The pinch indicator on a real sway: synthetic pinch reports and an injected clock set the ring's
// scale and anchor at chosen instants; grim's screenshots must show a ring of the model's size
// centred at the output centre plus the translation, and nothing once the spring has settled.
import Foundation
import Testing
import GestoCore
@testable import GestoWayland

@Suite(.serialized, .enabled(if: SwayHarness.unavailableReason == nil, Comment(rawValue: SwayHarness.unavailableReason ?? "")))
struct PinchOverlayFeedbackTests {
    /// How far (pixels) the ring's measured size or centre may be from the model's (anti-aliased edge).
    static let tolerance = 3.0
    static let blue = OverlayFeedbackTests.blue

    /// The ring's blue bounding box in a screenshot: centre and outer width/height, or nil.
    static func measuredRing(_ sway: SwayHarness) throws -> (centreX: Double, centreY: Double, width: Double, height: Double)? {
        let shot = try Screenshot.take(sway)
        guard let box = shot.boundingBox(red: blue.0, green: blue.1, blue: blue.2) else { return nil }
        return (Double(box.minX + box.maxX + 1) / 2, Double(box.minY + box.maxY + 1) / 2,
                Double(box.maxX - box.minX + 1), Double(box.maxY - box.minY + 1))
    }

    static func report(_ phase: RecognizerPhase, at time: Timestamp, scale: Double, dx: Double = 0, dy: Double = 0) -> RecognizedGesture {
        RecognizedGesture(name: .touchpad(.pinch(.out), fingers: 2), phase: phase, time: time,
                          translation: Vector2(dx, dy), scale: scale)
    }

    /// Checks the screenshot's ring against the model's at `time` (outer size = diameter + stroke).
    static func expectRing(_ sway: SwayHarness, _ overlay: PinchFeedbackOverlay, at time: Timestamp, _ label: String) throws {
        let expected = try #require(overlay.ring(at: time))
        guard let shown = try measuredRing(sway) else {
            Issue.record("\(label): no ring on screen (model: diameter \(expected.diameter))"); return
        }
        let outer = expected.diameter + PinchFeedbackOverlay.strokeWidth
        #expect(abs(shown.width - outer) <= tolerance, "\(label): ring \(shown.width) px wide, model \(outer)")
        #expect(abs(shown.height - outer) <= tolerance, "\(label): ring \(shown.height) px high, model \(outer)")
        #expect(abs(shown.centreX - expected.centreX) <= tolerance, "\(label): centre x \(shown.centreX), model \(expected.centreX)")
        #expect(abs(shown.centreY - expected.centreY) <= tolerance, "\(label): centre y \(shown.centreY), model \(expected.centreY)")
    }

    @Test(.timeLimit(.minutes(2)))
    func ringScalesAboutTheCentroidAndSpringsBack() throws {
        let sway = try SwayHarness()
        defer { sway.finish() }
        sway.startWatchdog(seconds: OverlayFeedbackTests.watchdogSeconds)
        try sway.start()
        let session = WaylandSession(displayName: sway.waylandPath)
        try session.connect()
        let clock = TestClock()
        let overlay = PinchFeedbackOverlay(session: session) { clock.now }

        // Start: the base ring at the output centre.
        let t0 = clock.now
        try overlay.handle(Self.report(.began, at: t0, scale: 1))
        #expect(try OverlayFeedbackTests.pump(session) { overlay.surface.commitCount >= 1 })
        try session.roundtrip()
        guard case .mapped(let width, let height) = overlay.surface.state else {
            Issue.record("not mapped: \(overlay.surface.state)"); return
        }
        try Self.expectRing(sway, overlay, at: t0, "start")
        let start = try #require(try Self.measuredRing(sway))
        #expect(abs(start.centreX - Double(width) / 2) <= Self.tolerance)
        #expect(abs(start.centreY - Double(height) / 2) <= Self.tolerance)

        // Spread to 1.5 while the fingers travel: 1:1 scale, and the centre moves with them.
        let t1 = t0.advanced(bySeconds: 0.05)
        clock.now = t1
        try overlay.handle(Self.report(.changed, at: t1, scale: 1.5, dx: 60, dy: -40))
        #expect(try OverlayFeedbackTests.pump(session) { overlay.renderNow() })
        try session.roundtrip()
        #expect(abs(try #require(overlay.feedback.presentation(at: t1)).scale - 1.5) < 1e-12)
        try Self.expectRing(sway, overlay, at: t1, "scale 1.5")
        let moved = try #require(try Self.measuredRing(sway))
        #expect(abs(moved.centreX - start.centreX - 60) <= Self.tolerance)
        #expect(abs(moved.centreY - start.centreY + 40) <= Self.tolerance)

        // Past the clamp: the ring grows less than the fingers (rubber band).
        let t2 = t1.advanced(bySeconds: 0.05)
        clock.now = t2
        try overlay.handle(Self.report(.changed, at: t2, scale: 3, dx: 60, dy: -40))
        #expect(try OverlayFeedbackTests.pump(session) { overlay.renderNow() })
        try session.roundtrip()
        let banded = try #require(overlay.feedback.presentation(at: t2)).scale
        #expect(banded > 2 && banded < 2.5)
        try Self.expectRing(sway, overlay, at: t2, "banded")

        // Failed: the spring takes the ring back to its base size; sample at chosen instants.
        let t3 = t2.advanced(bySeconds: 0.05)
        try overlay.handle(Self.report(.failed, at: t3, scale: 3, dx: 60, dy: -40))
        var previous = Double.infinity
        for elapsed in [0.02, 0.05, 0.1] {
            clock.now = t3.advanced(bySeconds: elapsed)
            #expect(try OverlayFeedbackTests.pump(session) { overlay.renderNow() })
            try session.roundtrip()
            try Self.expectRing(sway, overlay, at: clock.now, "spring +\(elapsed) s")
            let scale = try #require(overlay.feedback.presentation(at: clock.now)).scale
            #expect(scale <= previous + 1e-9)
            previous = scale
        }

        // Settled: unmapped, no ring pixels, and no frames asked for at rest.
        clock.now = t3.advanced(bySeconds: 2)
        overlay.renderNow()
        try session.roundtrip()
        #expect(overlay.surface.state == .unmapped)
        #expect(try Self.measuredRing(sway) == nil)
        #expect(overlay.framesRequestedAtRest == 0)
        let requested = overlay.surface.frameCallbacksRequested
        _ = try OverlayFeedbackTests.pump(session, timeout: 0.3) { false }
        #expect(overlay.surface.frameCallbacksRequested == requested)
        session.disconnect()
    }
}
