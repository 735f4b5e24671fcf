// `gestoctl trigger` of a continuous `workspace:` binding on a real sway: the trigger asks for
// the switch, so gestod sends sway's command as the binding in another mode would (a swipe's
// closing report would decide whether to switch; a trigger has no swipe to decide from).
import Foundation
import Glibc
import Testing
import GestoWayland

@Suite(.serialized, .enabled(if: SwayHarness.unavailableReason == nil, Comment(rawValue: SwayHarness.unavailableReason ?? "")))
struct TriggerSwaySwitchTests {
    @Test(.timeLimit(.minutes(2)))
    func aTriggerOfAContinuousWorkspaceSwitches() throws {
        let sway = try SwayHarness()
        defer { sway.finish() }
        sway.startWatchdog(seconds: 100)
        try sway.start()
        // Two workspaces: 1 kept by a window, 2 focused (empty; sway keeps it while focused).
        try sway.ipc.runCommand("exec foot sleep 600")
        #expect(GestodLateCompositorSwayTests.eventually { (try? SwaySessionTests.views(sway.ipc, appID: "foot")) == 1 })
        try sway.ipc.runCommand("workspace 2")
        #expect(try SwaySessionTests.focusedWorkspace(sway.ipc) == "2")

        let (folder, config) = try sway.folder("gestod", config: """
            bindings:
              - gesture: swipe:3
                mode: continuous
                workspace: next

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

        let trigger = try GestodLateCompositorSwayTests.run(GestodLateCompositorSwayTests.gestoctl, ["trigger", "swipe:3:left", "--socket", socket])
        #expect(trigger.status == 0, "\(trigger.errors) \(logText())")
        #expect(trigger.output.hasPrefix("swipe:3:left → workspace: next (binding 1"), "\(trigger.output)")
        // The reply comes after the command went to sway: `next_on_output` from 2 wraps to 1.
        #expect(try SwaySessionTests.focusedWorkspace(sway.ipc) == "1", "\(logText())")
        #expect(status()?["actions"] as? Int == 1)
        #expect(status()?["actions_failed"] as? Int == 0)
    }
}
