// `gestod --replay` of a real 3-finger stroke with a window-motion binding, on a real sway: the
// spring that carries the window to its snap target after the release is still running when
// the recording ends, and gestod exits only once it has settled, leaving the window exactly at
// the target. Before (issue 32 item 4), gestod exited with the recording and left the window
// where the spring's first frame had put it, floating half off-screen.
import Foundation
import Testing
import GestoCore
import GestoDaemon
@testable import GestoWayland

@Suite(.serialized, .enabled(if: SwayHarness.unavailableReason == nil, Comment(rawValue: SwayHarness.unavailableReason ?? "")))
struct ReplayWindowMotionSwayTests {
    static let fixture = GestodLateCompositorSwayTests.packageRoot
        .appendingPathComponent("Tests/Fixtures/libinput-1.22/001-synaptics-tm3276-t480-3fg-stroke-z.debug-events.txt").path

    @Test(.timeLimit(.minutes(2)))
    func theReplayExitsOnlyOnceTheWindowRestsAtItsTarget() throws {
        let sway = try SwayHarness()
        defer { sway.finish() }
        sway.startWatchdog(seconds: 100)
        try sway.start()
        let runner = try LoopRunner()
        try sway.ipc.runCommand("for_window [app_id=\(WindowMotionSwayTests.appID)] \"floating enable, resize set 480 px 300 px, move absolute position 400 210\"")
        try sway.ipc.runCommand("exec foot --app-id \(WindowMotionSwayTests.appID) sleep 600")
        let start = WindowRect(x: 400, y: 210, width: 480, height: 300)
        #expect(try runner.run(timeout: WindowMotionSwayTests.effectSeconds) { WindowMotionSwayTests.footRect(sway.ipc) == start })

        // A slow spring (about 3 s to settle): still running when the recording's last line is read.
        let (folder, config) = try sway.folder("replay-motion", config: """
            bindings:
              - gesture: swipe:3
                mode: continuous
                window-motion: {snap: [left, right]}
                animation: {response: 1.5, damping-fraction: 1}

            """)
        let gestod = try SwayGestod(on: sway, folder: folder, config: config, arguments: ["--replay", Self.fixture], trailing: ["--log-level", "debug"],
                                    environment: ["WAYLAND_DISPLAY": sway.waylandPath, "SWAYSOCK": sway.ipcPath])
        let status = gestod.waitUntilExit()
        let text = gestod.logText()
        #expect(status == 0, "\(text.suffix(2_000))")
        #expect(text.contains("window-motion: released toward"), "\(text.suffix(2_000))")
        #expect(text.contains("replay: waiting for the window spring to settle"), "\(text.suffix(2_000))")
        #expect(!text.contains("did not settle"), "\(text.suffix(2_000))")

        // Where gestod left it (position exact; the size within the client's slack, as foot
        // commits its own answer to each configure): one of the two halves, not in between.
        let halves = [WindowRect(x: 0, y: 0, width: 640, height: 720), WindowRect(x: 640, y: 0, width: 640, height: 720)]
        func atAHalf(_ rect: WindowRect?) -> Bool {
            guard let rect else { return false }
            return halves.contains { rect.x == $0.x && rect.y == $0.y && abs(rect.width - $0.width) <= 16 && abs(rect.height - $0.height) <= 16 }
        }
        #expect(try runner.run(timeout: WindowMotionSwayTests.effectSeconds) { atAHalf(WindowMotionSwayTests.footRect(sway.ipc)) },
                "\(String(describing: WindowMotionSwayTests.footRect(sway.ipc)))")
    }
}
