// window-motion against a real sway: a floating foot window follows a synthetic swipe stream,
// and after a fast leftward release springs to the left half, x decreasing frame by frame
// without passing the target (ζ = 1) while its size grows to the half's. A second swipe grabs it
// mid-flight without a jump and throws it to the right half.
import Foundation
import Testing
import GestoConfig
import GestoCore
import GestoSystem
import GestoDaemon
@testable import GestoWayland

@Suite(.serialized, .enabled(if: SwayHarness.unavailableReason == nil, Comment(rawValue: SwayHarness.unavailableReason ?? "")))
struct WindowMotionSwayTests {
    static let watchdogSeconds = 60.0
    static let effectSeconds = 10.0
    /// The app id of the test's foot window.
    static let appID = "gesto-motion"

    /// The foot window's rect from GET_TREE (borders and title bar included), or nil before it maps.
    static func footRect(_ ipc: SwayIPC) -> WindowRect? {
        guard let tree = try? ipc.query(.getTree),
              let node = SwaySessionTests.nodes(tree).first(where: { $0["app_id"]?.stringValue == appID }) else { return nil }
        return WindowMotionDriver.outerRect(of: node)
    }

    static func report(_ phase: RecognizerPhase, dx: Double, vx: Double = 0) -> RecognizedGesture {
        RecognizedGesture(name: .touchpad(.swipe(dx < 0 ? .left : .right), fingers: 4), phase: phase,
                          time: MonotonicClock.now(), translation: Vector2(dx, 0), velocity: Vector2(vx, 0))
    }

    /// Where ``mapFloatingFoot(_:_:)`` puts the window: 480x300 at (400, 210) on the 1280x720 output.
    static let floatingStart = WindowRect(x: 400, y: 210, width: 480, height: 300)

    /// Maps a floating foot window at ``floatingStart`` and waits until sway shows it there. It
    /// maps floating at that size (a criterion sway applies before its first configure):
    /// floated after it mapped tiled, foot's late answer to the tiled configure (1276x693)
    /// would arrive after the resize, and sway gives a floating window the size its client
    /// commits, so the window would really be full width for a while, before any gesture.
    static func mapFloatingFoot(_ sway: SwayHarness, _ runner: LoopRunner) throws {
        let r = floatingStart
        try sway.ipc.runCommand("for_window [app_id=\(appID)] \"floating enable, resize set \(Int(r.width)) px \(Int(r.height)) px, "
                                + "move absolute position \(Int(r.x)) \(Int(r.y))\"")
        try sway.ipc.runCommand("exec foot --app-id \(appID) sleep 600")
        #expect(try runner.run(timeout: effectSeconds) { footRect(sway.ipc) == r })
    }

    @Test(.timeLimit(.minutes(1)))
    func fastLeftFlickSpringsToTheLeftHalfMonotonically() throws {
        let sway = try SwayHarness()
        defer { sway.finish() }
        sway.startWatchdog(seconds: Self.watchdogSeconds)
        try sway.start()
        let runner = try LoopRunner()

        try Self.mapFloatingFoot(sway, runner)

        let driver = try WindowMotionDriver(loop: runner.loop, sway: sway.ipc, log: Log(level: .debug, programName: "gesto-test"))
        let action = WindowMotionAction()

        // Dragging follows the fingers 1:1 (scale 1).
        driver.handle(Self.report(.began, dx: -20), action: action, parameters: .niriWindowMovement)
        driver.handle(Self.report(.changed, dx: -60), action: action, parameters: .niriWindowMovement)
        driver.handle(Self.report(.changed, dx: -100), action: action, parameters: .niriWindowMovement)
        #expect(Self.footRect(sway.ipc)?.x == 300)
        #expect(!driver.isAnimating)

        // Released at 2000 units/s to the left: below β·|d₀| (28.3/s × 300 px), so ζ = 1 cannot
        // overshoot. Sample the window every 20 ms while the spring runs.
        var sent: [WindowRect] = []
        driver.onSend = { sent.append($0) }
        driver.handle(Self.report(.ended, dx: -100, vx: -2000), action: action, parameters: .niriWindowMovement)
        #expect(driver.motion?.target == .left)
        var samples: [Double] = []
        var widths: [Double] = []
        let settled = try runner.run(timeout: Self.effectSeconds) {
            if let rect = Self.footRect(sway.ipc) { samples.append(rect.x); widths.append(rect.width) }
            return !driver.isAnimating
        }
        #expect(settled)
        #expect(samples.count >= 3, "\(samples)")
        #expect(samples.contains { $0 > 0 && $0 < 300 }, "no intermediate position: \(samples)")
        #expect(zip(samples, samples.dropFirst()).allSatisfy { $1 <= $0 }, "x went back up: \(samples)")
        #expect(samples.allSatisfy { $0 >= 0 }, "overshot the target: \(samples)")
        #expect(driver.frameCount >= 5)
        // The size springs along, from 480 to the half's 640 px, without passing it: what
        // gesto asks sway for rises frame by frame and ends exactly at the half.
        let left = WindowRect(x: 0, y: 0, width: 640, height: 720)
        driver.onSend = nil
        #expect(zip(sent, sent.dropFirst()).allSatisfy { $1.width >= $0.width && $1.x <= $0.x }, "\(sent)")
        #expect(sent.allSatisfy { $0.width <= 640 && $0.x >= 0 }, "\(sent)")
        #expect(sent.contains { $0.width > 480 && $0.width < 640 }, "no intermediate width asked: \(sent)")
        #expect(sent.last == left, "\(sent)")
        // The width on screen is the one foot committed, its answer to each configure: under
        // load it answers late (a clean run on a busy machine showed 599 then 561, an older
        // configure committed after a newer one) and may settle a pixel off (640x719). It
        // never passes the target, and it ends within a cell (16 px here) of it.
        let clientSlack = 16.0
        #expect(widths.allSatisfy { $0 <= 640 }, "\(widths)")
        func near(_ rect: WindowRect?, _ target: WindowRect) -> Bool {
            guard let rect else { return false }
            return rect.x == target.x && rect.y == target.y
                && abs(rect.width - target.width) <= clientSlack && abs(rect.height - target.height) <= clientSlack
        }
        #expect(try runner.run(timeout: Self.effectSeconds) { near(Self.footRect(sway.ipc), left) }, "\(String(describing: Self.footRect(sway.ipc)))")

        // A flick to the right, grabbed again 60 ms in: the window stays where the spring
        // was, then a second flick sends it to the right half.
        driver.handle(Self.report(.began, dx: 20), action: action, parameters: .niriWindowMovement)
        driver.handle(Self.report(.ended, dx: 40, vx: 1500), action: action, parameters: .niriWindowMovement)
        #expect(driver.isAnimating)
        _ = try runner.run(timeout: 0.06) { false }
        driver.handle(Self.report(.began, dx: 0), action: action, parameters: .niriWindowMovement)
        #expect(!driver.isAnimating)
        let grabbed = try #require(Self.footRect(sway.ipc))
        #expect(grabbed.x > 40 && grabbed.x < 640, "\(grabbed)")
        _ = try runner.run(timeout: 0.1) { false }
        #expect(Self.footRect(sway.ipc)?.x == grabbed.x)
        driver.handle(Self.report(.ended, dx: 30, vx: 2500), action: action, parameters: .niriWindowMovement)
        #expect(driver.motion?.target == .right)
        let right = WindowRect(x: 640, y: 0, width: 640, height: 720)
        #expect(try runner.run(timeout: Self.effectSeconds) { !driver.isAnimating && near(Self.footRect(sway.ipc), right) },
                "\(String(describing: Self.footRect(sway.ipc)))")

        // An end without its began (gestod was paused when it began) leaves the window alone.
        var sentAfterward: [WindowRect] = []
        driver.onSend = { sentAfterward.append($0) }
        driver.handle(Self.report(.ended, dx: -300, vx: -3000), action: action, parameters: .niriWindowMovement)
        #expect(!driver.isAnimating)
        _ = try runner.run(timeout: 0.1) { false }
        #expect(sentAfterward.isEmpty, "\(sentAfterward)")
        #expect(Self.footRect(sway.ipc)?.x == right.x)
    }

    /// A pinch's window motion on sway: the floating window is resized about its centre with
    /// the pinch's scale, and the release springs it back to its rect (`snap: [back]`).
    @Test(.timeLimit(.minutes(1)))
    func aPinchScalesTheWindowAndItSpringsBack() throws {
        let sway = try SwayHarness()
        defer { sway.finish() }
        sway.startWatchdog(seconds: Self.watchdogSeconds)
        try sway.start()
        let runner = try LoopRunner()
        try Self.mapFloatingFoot(sway, runner)
        let start = Self.floatingStart

        let driver = try WindowMotionDriver(loop: runner.loop, sway: sway.ipc, log: Log(level: .debug, programName: "gesto-test"))
        let action = WindowMotionAction(snaps: [.back])
        func pinch(_ phase: RecognizerPhase, scale: Double) -> RecognizedGesture {
            RecognizedGesture(name: .touchpad(.pinch(.out), fingers: 2), phase: phase, time: MonotonicClock.now(), scale: scale)
        }
        // foot commits sizes in whole cells, which sway keeps (see above): within a cell.
        func near(_ rect: WindowRect?, _ target: WindowRect) -> Bool {
            guard let rect else { return false }
            return abs(rect.x - target.x) <= 1 && abs(rect.y - target.y) <= 1
                && abs(rect.width - target.width) <= 16 && abs(rect.height - target.height) <= 16
        }
        driver.handle(pinch(.began, scale: 1.05), action: action, parameters: .niriWindowMovement)
        // foot's answer to this resize must come before the next: an answer that comes after
        // it is the size sway keeps (1 run in 10 ended at 504x315 otherwise).
        let began = WindowRect(x: 388, y: 203, width: 504, height: 315)  // 1.05 × 480x300 about (640, 360)
        #expect(try runner.run(timeout: Self.effectSeconds) { near(Self.footRect(sway.ipc), began) },
                "\(String(describing: Self.footRect(sway.ipc)))")
        driver.handle(pinch(.changed, scale: 1.25), action: action, parameters: .niriWindowMovement)
        // 1.25 × 480x300 = 600x375, its centre (640, 360) kept: at (340, 172.5), whole pixels.
        let scaled = WindowRect(x: 340, y: 173, width: 600, height: 375)
        #expect(try runner.run(timeout: Self.effectSeconds) { near(Self.footRect(sway.ipc), scaled) },
                "\(String(describing: Self.footRect(sway.ipc)))")
        driver.handle(pinch(.ended, scale: 1.25), action: action, parameters: .niriWindowMovement)
        #expect(driver.motion?.target == .back)
        var widths: [Double] = []
        let settled = try runner.run(timeout: Self.effectSeconds) {
            if let rect = Self.footRect(sway.ipc) { widths.append(rect.width) }
            return !driver.isAnimating
        }
        #expect(settled)
        #expect(widths.contains { $0 > 480 && $0 < 600 }, "no intermediate size: \(widths)")
        #expect(try runner.run(timeout: Self.effectSeconds) { near(Self.footRect(sway.ipc), start) },
                "\(String(describing: Self.footRect(sway.ipc)))")
    }
}
