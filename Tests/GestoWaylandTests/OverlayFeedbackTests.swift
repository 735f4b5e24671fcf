// The continuous-gesture indicator on a real sway: synthetic reports and an injected clock put
// the bar where the finger (then the spring) says at chosen instants; grim's screenshots must show
// it there, and nothing once the spring has settled (the surface is unmapped, no frames requested).
import Foundation
import Testing
import GestoCore
@testable import GestoWayland

/// A clock the test sets.
final class TestClock: @unchecked Sendable {
    var now = Timestamp(microseconds: 10_000_000)
}

@Suite(.serialized, .enabled(if: SwayHarness.unavailableReason == nil, Comment(rawValue: SwayHarness.unavailableReason ?? "")))
struct OverlayFeedbackTests {
    static let watchdogSeconds = 90.0
    /// How long one effect may take to show.
    static let effectSeconds = 10.0
    /// The binding's threshold in delta units (progress 1).
    static let threshold = 150.0
    /// How far (pixels) the bar's centre may be from the spring's value (anti-aliased ends, rounding).
    static let tolerance = 2.5

    static let blue = (UInt8(0x35), UInt8(0x84), UInt8(0xe4))

    /// Dispatches the session until `condition` holds or the time runs out.
    static func pump(_ session: WaylandSession, timeout: Double = effectSeconds, until condition: () -> Bool) throws -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while !condition() {
            if Date() > deadline { return false }
            var poller = pollfd(fd: session.fileDescriptor!, events: Int16(POLLIN), revents: 0)
            _ = poll(&poller, 1, 20)
            try session.dispatch()
        }
        return true
    }

    /// The bar's centre along x in a screenshot, or nil when it is not on screen.
    static func barCentreX(_ sway: SwayHarness) throws -> Double? {
        let shot = try Screenshot.take(sway)
        guard let box = shot.boundingBox(red: blue.0, green: blue.1, blue: blue.2) else { return nil }
        return Double(box.minX + box.maxX + 1) / 2
    }

    /// A running sway (with a watchdog) and a session connected to it.
    static func connectedToSway() throws -> (SwayHarness, WaylandSession) {
        let sway = try SwayHarness()
        sway.startWatchdog(seconds: watchdogSeconds)
        do {
            try sway.start()
            let session = WaylandSession(displayName: sway.waylandPath)
            try session.connect()
            return (sway, session)
        } catch {
            sway.finish()
            throw error
        }
    }

    static func report(_ phase: RecognizerPhase, at time: Timestamp, dx: Double, vx: Double = 0) -> RecognizedGesture {
        RecognizedGesture(name: .touchpad(.swipe(.right), fingers: 3), phase: phase, time: time,
                          translation: Vector2(dx, 0), velocity: Vector2(vx, 0))
    }

    @Test(.timeLimit(.minutes(2)))
    func indicatorFollowsFingerSpringsBackAndFliesOut() throws {
        let (sway, session) = try Self.connectedToSway()
        defer { sway.finish() }
        let clock = TestClock()
        let overlay = FeedbackOverlay(session: session, threshold: Self.threshold) { clock.now }

        // The finger at half the threshold: the bar is 110 pt in, and follows 1:1.
        let t0 = clock.now
        try overlay.handle(Self.report(.began, at: t0, dx: 75))
        #expect(try Self.pump(session) { overlay.surface.commitCount >= 1 })
        try session.roundtrip()
        let expectedTracking = try #require(overlay.indicatorRect(at: t0))
        let shown = try #require(try Self.barCentreX(sway))
        #expect(abs(shown - (expectedTracking.x + expectedTracking.width / 2)) <= Self.tolerance)

        // Past the threshold the bar moves less than the finger (rubber band).
        try overlay.handle(Self.report(.changed, at: t0.advanced(bySeconds: 0.05), dx: 300))
        let banded = try #require(overlay.feedback.presentation(at: t0.advanced(bySeconds: 0.05)))
        #expect(banded.progress > 1 && banded.progress < 2)

        // Released below... as failed: the spring takes it back; sample at chosen instants.
        let t1 = t0.advanced(bySeconds: 0.1)
        try overlay.handle(Self.report(.failed, at: t1, dx: 75, vx: 300))
        guard case .releasing(_, let animation, .cancelled) = overlay.feedback.state else {
            Issue.record("not releasing after failed: \(overlay.feedback.state)"); return
        }
        var previous = Double.infinity
        for elapsed in [0.03, 0.06, 0.1] {
            clock.now = t1.advanced(bySeconds: elapsed)
            #expect(try Self.pump(session) { overlay.renderNow() })
            try session.roundtrip()
            let expectedX = -FeedbackOverlay.barThickness + animation.value(at: clock.now) * FeedbackOverlay.travelPerProgress
                + FeedbackOverlay.barThickness / 2
            if let centre = try Self.barCentreX(sway) {
                #expect(abs(centre - expectedX) <= Self.tolerance, "at +\(elapsed) s: bar at \(centre), spring at \(expectedX)")
                #expect(centre <= previous + Self.tolerance)
                previous = centre
            } else {
                #expect(expectedX < 1, "bar missing at +\(elapsed) s while the spring is at \(expectedX)")
            }
        }

        // Settled: the surface is unmapped and the screenshot has no bar.
        clock.now = t1.advanced(bySeconds: 2)
        overlay.renderNow()
        try session.roundtrip()
        #expect(overlay.surface.state == .unmapped)
        #expect(try Self.barCentreX(sway) == nil)

        // A committed release flies out across the screen, from the finger's position and velocity.
        let t2 = t1.advanced(bySeconds: 3)
        clock.now = t2
        try overlay.handle(Self.report(.began, at: t2, dx: 30))
        #expect(try Self.pump(session) { overlay.surface.state != .configuring && overlay.surface.state != .unmapped })
        try overlay.handle(Self.report(.ended, at: t2.advanced(bySeconds: 0.02), dx: 150, vx: 1500))
        guard case .releasing(_, let flight, .committed) = overlay.feedback.state else {
            Issue.record("not flying out after ended: \(overlay.feedback.state)"); return
        }
        clock.now = t2.advanced(bySeconds: 0.05)
        #expect(try Self.pump(session) { overlay.renderNow() })
        try session.roundtrip()
        let flightX = (flight.value(at: clock.now) * FeedbackOverlay.travelPerProgress) - FeedbackOverlay.barThickness / 2
        if let centre = try Self.barCentreX(sway) {
            #expect(abs(centre - flightX) <= Self.tolerance, "flying: bar at \(centre), spring at \(flightX)")
        } else {
            Issue.record("bar not on screen while flying (spring at \(flightX))")
        }
        clock.now = t2.advanced(bySeconds: 2)
        overlay.renderNow()
        try session.roundtrip()
        #expect(overlay.surface.state == .unmapped)
        #expect(try Self.barCentreX(sway) == nil)
        // At rest nothing asked for frames.
        #expect(overlay.framesRequestedAtRest == 0)
        let requested = overlay.surface.frameCallbacksRequested
        _ = try Self.pump(session, timeout: 0.3) { false }
        #expect(overlay.surface.frameCallbacksRequested == requested)
        session.disconnect()
    }

    /// A touchscreen's bar is where the finger is: an edge swipe from the left edge with the
    /// finger 5 % of the screen in (percent unit) or 10 mm in (mm unit; sway's headless output
    /// has no physical size, so 96 points per inch) has the bar's leading edge under the finger,
    /// whatever the threshold. Issue 16, "Feedback".
    @Test(.timeLimit(.minutes(2)))
    func aTouchscreensBarFollowsTheFingerOneToOne() throws {
        let (sway, session) = try Self.connectedToSway()
        defer { sway.finish() }
        let clock = TestClock()
        let width = 1280.0  // SwayHarness's HEADLESS-1
        let cases: [(units: ScreenUnits, threshold: Double, finger: Double, expectedLeadingEdge: Double)] = [
            (.screenPercent, 10, 5, 0.05 * width),
            (.millimeters(outputSize: nil), 20, 10, 10 * 96 / 25.4),
            (.screenPercent, 25, 5, 0.05 * width),
            (.millimeters(outputSize: Vector2(320, 180)), 20, 10, 10 * width / 320),
        ]
        for (index, item) in cases.enumerated() {
            let overlay = FeedbackOverlay(session: session, threshold: item.threshold, units: item.units) { clock.now }
            let t = clock.now.advanced(bySeconds: Double(index) * 5)
            clock.now = t
            try overlay.handle(RecognizedGesture(name: .touchscreen(.edgeSwipe(.left), fingers: 1), phase: .began, time: t,
                                                 translation: Vector2(item.finger, 0), velocity: .zero))
            #expect(try Self.pump(session) { overlay.surface.commitCount >= 1 })
            try session.roundtrip()
            let centre = try #require(try Self.barCentreX(sway), "no bar for \(item.units)")
            let expected = item.expectedLeadingEdge - FeedbackOverlay.barThickness / 2
            #expect(abs(centre - expected) <= Self.tolerance, "\(item.units): bar centre at \(centre), finger says \(expected)")
            overlay.surface.unmap()
            try session.roundtrip()
        }
        session.disconnect()
    }
}
