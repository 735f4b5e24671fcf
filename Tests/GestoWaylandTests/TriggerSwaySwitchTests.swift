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
        let gestod = try SwayGestod.daemon(on: sway, folder: folder, config: config)
        defer { gestod.stop() }
        #expect(gestod.waitForWayland(), "\(gestod.logText())")

        let trigger = try gestod.ctl("trigger", "swipe:3:left")
        #expect(trigger.status == 0, "\(trigger.errors) \(gestod.logText())")
        #expect(trigger.output.hasPrefix("swipe:3:left → workspace: next (binding 1"), "\(trigger.output)")
        // The reply comes after the command went to sway: `next_on_output` from 2 wraps to 1.
        #expect(try SwaySessionTests.focusedWorkspace(sway.ipc) == "1", "\(gestod.logText())")
        #expect(gestod.status()?["actions"] as? Int == 1)
        #expect(gestod.status()?["actions_failed"] as? Int == 0)
    }
}
