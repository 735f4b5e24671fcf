// `app:` bindings on a real sway follow sway's own focus. sway 1.7 (Debian 12's) drops
// `activated` from the foreign-toplevel state of a fullscreen window once a new window maps
// behind it, and never sends it again: gestod followed that state, so the app's bindings stopped
// matching while the window still had the focus. Issue 41 item 4.
import Foundation
import Glibc
import Testing
import GestoSystem
import GestoWayland
@testable import GestoDaemon

@Suite(.serialized, .enabled(if: SwayHarness.unavailableReason == nil, Comment(rawValue: SwayHarness.unavailableReason ?? "")))
struct AppFocusSwayTests {
    static let front = "gesto-focus-front"
    static let behind = "gesto-focus-behind"

    @Test(.timeLimit(.minutes(2)))
    func anAppBindingStillMatchesAFullscreenWindowWithANewWindowBehindIt() throws {
        let sway = try SwayHarness()
        defer { sway.finish() }
        sway.startWatchdog(seconds: 100)
        try sway.start()

        // The session as gestod keeps it, to see what sway's foreign-toplevel state says.
        let runner = try LoopRunner()
        let session = WaylandSession(displayName: sway.waylandPath, keymapNames: KeymapNames(rules: "evdev", layout: "us"))
        let driver = try WaylandSessionDriver(
            session: session, loop: runner.loop, log: Log(level: .debug, programName: "gesto-test"),
            backoff: ReconnectBackoff(initialMicroseconds: 100_000, maximumMicroseconds: 1_000_000))
        driver.start()
        #expect(try runner.run(timeout: SwaySessionTests.effectSeconds) { session.isConnected })

        let (folder, config) = try sway.folder("gestod", config: """
            bindings:
              - gesture: swipe:3:left
                exec: "true"
              - gesture: swipe:3:left
                app: \(Self.front)
                exec: "true"

            """)
        let socket = folder.appendingPathComponent("gestod.sock").path
        let daemon = Process()
        daemon.executableURL = URL(fileURLWithPath: GestodLateCompositorSwayTests.gestod)
        daemon.arguments = ["--no-devices", "--socket", socket, "--config", config, "--log-level", "debug"]
        daemon.environment = ["XDG_RUNTIME_DIR": sway.runtimeDirectory.path, "HOME": folder.path, "PATH": "/usr/bin:/bin"]
        let log = folder.appendingPathComponent("gestod.log")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        daemon.standardError = try FileHandle(forWritingTo: log)
        daemon.standardOutput = FileHandle.nullDevice
        try daemon.run()
        defer { if daemon.isRunning { daemon.terminate(); daemon.waitUntilExit() } }
        let logText = { (try? String(contentsOf: log, encoding: .utf8)) ?? "" }
        func status() -> [String: Any]? {
            guard let output = try? GestodLateCompositorSwayTests.run(GestodLateCompositorSwayTests.gestoctl, ["--json", "status", "--socket", socket]),
                  output.status == 0 else { return nil }
            return (try? JSONSerialization.jsonObject(with: Data(output.output.utf8))) as? [String: Any]
        }
        #expect(GestodLateCompositorSwayTests.eventually { status()?["wayland"] as? Bool == true }, "\(logText())")
        func triggered() throws -> String {
            let trigger = try GestodLateCompositorSwayTests.run(GestodLateCompositorSwayTests.gestoctl,
                                                                ["trigger", "swipe:3:left", "--socket", socket])
            #expect(trigger.status == 0, "\(trigger.errors) \(logText())")
            return trigger.output
        }

        // The app's window, focused: its binding is chosen.
        try sway.ipc.runCommand("exec foot --app-id \(Self.front) sleep 600")
        #expect(try runner.run(timeout: SwaySessionTests.effectSeconds) { session.focusedAppID == Self.front })
        #expect(try sway.ipc.focusedAppID() == Self.front)
        #expect(try triggered().contains("(binding 2"), "\(logText())")

        // Fullscreen, then a window maps behind it: sway keeps the focus on the fullscreen one.
        // (As gesto's `window: fullscreen` does it: the foreign-toplevel request.)
        let focused = session.focusedToplevel
        let frontID = try #require(focused).id
        try session.perform(.fullscreen, on: frontID)
        driver.flush()
        #expect(try runner.run(timeout: SwaySessionTests.effectSeconds) { session.focusedToplevel?.states.contains(.fullscreen) == true })
        try sway.ipc.runCommand("exec foot --app-id \(Self.behind) sleep 600")
        #expect(try runner.run(timeout: SwaySessionTests.effectSeconds) { session.toplevels.contains { $0.appID == Self.behind } })
        // Where sway drops `activated` from the fullscreen window, it does so as the window maps:
        // after a round trip its state is what gestod's session would see (the binding must
        // match either way).
        try session.roundtrip()
        let dropped = session.focusedAppID != Self.front
        let swayFocus = try sway.ipc.focusedAppID()
        #expect(swayFocus == Self.front, "sway's tree focuses \(swayFocus ?? "nothing")")
        print("foreign-toplevel focus after a window mapped behind the fullscreen one: "
              + "\(dropped ? "dropped (\(session.focusedAppID ?? "none"))" : "kept"); sway's tree: \(swayFocus ?? "none")")
        #expect(try triggered().contains("(binding 2"), "the app binding no longer matches: \(logText())")
        driver.stop()
    }
}
