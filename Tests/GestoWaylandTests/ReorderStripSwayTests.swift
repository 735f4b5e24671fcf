// The reorder strip on a real sway: three foot windows become three tiles; synthetic
// long-press-drag reports and an injected clock put the strip at chosen instants, and grim's
// screenshots must show the lifted tile larger, the tiles in the session's live order mid-drag,
// and nothing once the drop has settled.
import Foundation
import Testing
import GestoConfig
import GestoCore
import GestoSystem
import GestoYAML
import GestoDaemon
@testable import GestoWayland

@Suite(.serialized, .enabled(if: SwayHarness.unavailableReason == nil, Comment(rawValue: SwayHarness.unavailableReason ?? "")))
struct ReorderStripSwayTests {
    /// The binding's slot, in libinput delta units.
    static let slot = 120.0

    static func report(_ phase: RecognizerPhase, at time: Timestamp, dx: Double) -> RecognizedGesture {
        RecognizedGesture(name: .touchpad(.longPressDrag, fingers: 1), phase: phase, time: time, translation: Vector2(dx, 0))
    }

    /// Each item's on-screen box (by its tile colour), nil when it is not on screen.
    static func tileBoxes(_ sway: SwayHarness, count: Int) throws -> [(minX: Int, minY: Int, maxX: Int, maxY: Int)?] {
        let shot = try Screenshot.take(sway)
        return (0..<count).map { item in
            let colour = ReorderStripOverlay.palette[item]
            return shot.boundingBox(red: colour.red, green: colour.green, blue: colour.blue, tolerance: 2)
        }
    }

    /// Renders the frame for `time` and waits until sway has it.
    static func show(_ strip: ReorderStripOverlay, _ session: WaylandSession, _ clock: TestClock, at time: Timestamp) throws {
        clock.now = time
        #expect(try OverlayFeedbackTests.pump(session) { strip.renderNow() })
        try session.roundtrip()
    }

    @Test(.timeLimit(.minutes(2)))
    func stripPressesLiftsFollowsAndSettles() throws {
        let sway = try SwayHarness()
        defer { sway.finish() }
        sway.startWatchdog(seconds: OverlayFeedbackTests.watchdogSeconds)
        try sway.start()
        let session = WaylandSession(displayName: sway.waylandPath)
        try session.connect()
        for _ in 0..<3 { try sway.ipc.runCommand("exec foot sleep 600") }
        #expect(try OverlayFeedbackTests.pump(session, timeout: 20) { session.toplevels.count == 3 })
        let labels = session.toplevels.map { ReorderStripOverlay.Label(appID: $0.appID, title: $0.title) }
        try #require(labels.count == 3)
        #expect(labels.allSatisfy { $0.appID == "foot" })

        let clock = TestClock()
        let strip = try ReorderStripOverlay(session: session, labels: labels, slot: Self.slot) { clock.now }
        let t0 = clock.now
        try strip.handle(Self.report(.arming, at: t0, dx: 0))
        #expect(try OverlayFeedbackTests.pump(session) { strip.surface.commitCount >= 1 })

        // Pressed: the held tile (item 0) is smaller than the others.
        try Self.show(strip, session, clock, at: t0.advanced(bySeconds: 0.4))
        var boxes = try Self.tileBoxes(sway, count: 3)
        let pressed = try #require(boxes[0]), other = try #require(boxes[1])
        #expect(pressed.maxX - pressed.minX < other.maxX - other.minX - 8, "pressed \(pressed), other \(other)")

        // Lifted after began: larger than the others, in width and height.
        let t1 = t0.advanced(bySeconds: 0.5)
        try strip.handle(Self.report(.began, at: t1, dx: 0))
        try Self.show(strip, session, clock, at: t1.advanced(bySeconds: 0.5))
        boxes = try Self.tileBoxes(sway, count: 3)
        let lifted = try #require(boxes[0])
        for item in 1...2 {
            let box = try #require(boxes[item])
            #expect(lifted.maxX - lifted.minX > box.maxX - box.minX + 6, "lifted \(lifted), item \(item) \(box)")
            #expect(lifted.maxY - lifted.minY > box.maxY - box.minY + 3, "lifted \(lifted), item \(item) \(box)")
        }

        // Dragged right past one slot: item 1 springs into slot 0 and the screen shows the live order.
        let t2 = t1.advanced(bySeconds: 0.5)
        try strip.handle(Self.report(.changed, at: t2, dx: 60))
        try strip.handle(Self.report(.changed, at: t2.advanced(bySeconds: 0.05), dx: 100))
        try strip.handle(Self.report(.changed, at: t2.advanced(bySeconds: 0.1), dx: 130))
        #expect(strip.session.liveOrder == [1, 0, 2])
        try Self.show(strip, session, clock, at: t2.advanced(bySeconds: 0.25))
        let shot = try Screenshot.take(sway)
        boxes = (0..<3).map { item in
            let colour = ReorderStripOverlay.palette[item]
            return shot.boundingBox(red: colour.red, green: colour.green, blue: colour.blue, tolerance: 2)
        }
        // Where the lifted tile and its shadow were at began (slot 0) nothing is left over: just
        // left of the tile now in slot 0 (past its anti-aliased edge) the screen is as it is well above.
        let leftmost = try #require(boxes[1])
        let stale = (leftmost.minX - 20..<leftmost.minX - 2).filter { x in
            shot.pixel(x: x, y: (leftmost.minY + leftmost.maxY) / 2) != shot.pixel(x: x, y: leftmost.minY - 60)
        }
        #expect(stale.isEmpty, "stale pixels left of the slot-0 tile at x \(stale)")
        let lefts = try boxes.map { try #require($0).minX }
        let shownOrder = (0..<3).sorted { lefts[$0] < lefts[$1] }
        #expect(shownOrder == strip.session.liveOrder, "tile lefts \(lefts)")
        // The dragged tile stands where the session says (scaled about its centre).
        let dragged = try #require(strip.tiles(at: clock.now).first { $0.item == 0 })
        #expect(abs(Double(lefts[0]) - dragged.x) <= 3, "dragged tile at \(lefts[0]), session at \(dragged.x)")

        // Dropped: the tile settles into slot 1, then the strip goes and nothing asks for frames.
        let t3 = t2.advanced(bySeconds: 0.3)
        try strip.handle(Self.report(.ended, at: t3, dx: 130))
        #expect(strip.session.order == [1, 0, 2])
        try Self.show(strip, session, clock, at: t3.advanced(bySeconds: 0.05))
        #expect(try Self.tileBoxes(sway, count: 3).allSatisfy { $0 != nil })
        clock.now = t3.advanced(bySeconds: 3)
        strip.renderNow()
        try session.roundtrip()
        #expect(strip.surface.state == .unmapped)
        #expect(try Self.tileBoxes(sway, count: 3).allSatisfy { $0 == nil })
        #expect(strip.framesRequestedAtRest == 0)
        let requested = strip.surface.frameCallbacksRequested
        _ = try OverlayFeedbackTests.pump(session, timeout: 0.3) { false }
        #expect(strip.surface.frameCallbacksRequested == requested)
        session.disconnect()
    }

    /// gestod's hook: a reorder binding's press makes a strip of the open windows, which maps,
    /// follows the press and goes once its drop settles; other finger counts show nothing.
    @Test(.timeLimit(.minutes(2)))
    func driverMakesAStripForTheReorderBinding() throws {
        let sway = try SwayHarness()
        defer { sway.finish() }
        sway.startWatchdog(seconds: OverlayFeedbackTests.watchdogSeconds)
        try sway.start()
        let session = WaylandSession(displayName: sway.waylandPath)
        try session.connect()
        for _ in 0..<2 { try sway.ipc.runCommand("exec foot sleep 600") }
        #expect(try OverlayFeedbackTests.pump(session, timeout: 20) { session.toplevels.count == 2 })
        var action = ReorderAction(slot: Self.slot)
        action.stepRight = "true"
        let location = SourceLocation(file: "config.yaml", line: 1, column: 3)
        let bindings = [Binding(gesture: .touchpad(.longPressDrag, fingers: 2), action: .exec("true"), location: location),
                        Binding(gesture: .touchpad(.longPressDrag, fingers: 1), action: .reorder(action), location: location)]
        let driver = ReorderStripDriver(session: session, log: Log(level: .error, programName: "gesto-test"))

        var now = MonotonicClock.now()
        driver.show(RecognizedGesture(name: .touchpad(.longPressDrag, fingers: 2), phase: .arming, time: now), bindings: bindings)
        #expect(driver.strip(forBinding: 0) == nil && driver.strip(forBinding: 1) == nil)
        // Suppressed (paused): no strip starts.
        driver.show(Self.report(.arming, at: now, dx: 0), bindings: bindings, startsStrip: false)
        #expect(driver.strip(forBinding: 1) == nil)

        driver.show(Self.report(.arming, at: now, dx: 0), bindings: bindings)
        let strip = try #require(driver.strip(forBinding: 1))
        #expect(strip.labels.count == 2 && strip.labels.allSatisfy { $0.appID == "foot" })
        #expect(try OverlayFeedbackTests.pump(session) { strip.surface.commitCount >= 1 })
        now = MonotonicClock.now()
        driver.show(Self.report(.began, at: now, dx: 0), bindings: bindings)
        driver.show(Self.report(.changed, at: now.advanced(bySeconds: 0.01), dx: 130), bindings: bindings)
        #expect(strip.session.liveOrder == [1, 0])
        driver.show(Self.report(.ended, at: now.advanced(bySeconds: 0.02), dx: 130), bindings: bindings)
        // Real frames run the drop's springs to rest, then the strip unmaps.
        #expect(try OverlayFeedbackTests.pump(session) { strip.surface.state == .unmapped })
        #expect(strip.session.order == [1, 0])
        driver.reset()
        #expect(driver.strip(forBinding: 1) == nil)
        session.disconnect()
    }

    /// The same strip for a touchscreen's `touch-long-press-drag` reorder binding: pressed to
    /// 0.93 as the fingers land (arming), reordering a tile per slot of the touchscreen's unit
    /// (here percent of the screen), gone once the drop settles. Issue 16, "Feedback".
    @Test(.timeLimit(.minutes(2)))
    func driverMakesAStripForATouchLongPressDrag() throws {
        let (sway, session) = try OverlayFeedbackTests.connectedToSway()
        defer { sway.finish() }
        for _ in 0..<2 { try sway.ipc.runCommand("exec foot sleep 600") }
        #expect(try OverlayFeedbackTests.pump(session, timeout: 20) { session.toplevels.count == 2 })
        var action = ReorderAction(slot: 10)  // 10 % of the screen per tile
        action.stepRight = "true"
        let bindings = [Binding(gesture: .touchscreen(.longPressDrag, fingers: 1), action: .reorder(action),
                                location: SourceLocation(file: "config.yaml", line: 1, column: 3))]
        let driver = ReorderStripDriver(session: session, log: Log(level: .error, programName: "gesto-test"))
        func touch(_ phase: RecognizerPhase, _ time: Timestamp, dx: Double) -> RecognizedGesture {
            RecognizedGesture(name: .touchscreen(.longPressDrag, fingers: 1), phase: phase, time: time, translation: Vector2(dx, 0))
        }

        // A touchpad's long-press-drag does not drive a touchscreen's binding.
        var now = MonotonicClock.now()
        driver.show(Self.report(.arming, at: now, dx: 0), bindings: bindings)
        #expect(driver.strip(forBinding: 0) == nil)

        driver.show(touch(.arming, now, dx: 0), bindings: bindings)
        let strip = try #require(driver.strip(forBinding: 0))
        #expect(try OverlayFeedbackTests.pump(session) { strip.surface.commitCount >= 1 })
        let pressed = strip.tiles(at: now.advanced(bySeconds: 1)).first { $0.item == 0 }
        #expect(pressed.map { abs($0.scale - ReorderStripPress.pressedScale) < 0.01 } == true, "\(String(describing: pressed))")
        now = MonotonicClock.now()
        driver.show(touch(.began, now, dx: 0), bindings: bindings)
        driver.show(touch(.changed, now.advanced(bySeconds: 0.01), dx: 13), bindings: bindings)
        #expect(strip.session.liveOrder == [1, 0])
        driver.show(touch(.ended, now.advanced(bySeconds: 0.02), dx: 13), bindings: bindings)
        #expect(try OverlayFeedbackTests.pump(session) { strip.surface.state == .unmapped })
        #expect(strip.session.order == [1, 0])
        session.disconnect()
    }
}
