// `gestoctl check` says which `workspace:` bindings gestod leaves inactive in this session.
import GestoCommandLine
import Foundation
import Testing
@testable import GestoDaemon

/// `gestoctl check` names the `workspace:` bindings gestod cannot perform in this session.
@Suite struct CheckWorkspaceNoteTests {
    @Test func workspaceBindingsAreNamedInactiveOffSway() throws {
        let path = "/tmp/gesto-check-workspace-\(getpid()).yaml"
        try "bindings:\n  - gesture: swipe:3:left\n    workspace: next\n  - gesture: swipe:3:up\n    exec: echo\n"
            .write(toFile: path, atomically: true, encoding: .utf8)
        defer { unlink(path) }
        let errors = StringSink(), output = StringSink()
        #expect(CheckCommand.run([path], output: output, errors: errors, environment: ["XDG_CURRENT_DESKTOP": "GNOME"]) == 0)
        #expect(errors.text == "note: binding 1 (swipe:3:left, workspace: next) is inactive under gestod here: gestod switches "
                + "workspaces over sway's IPC and gnome is not sway; inside Wayfire the gesto-wayfire plugin performs it\n")
        let onSway = StringSink()
        #expect(CheckCommand.run([path], output: StringSink(), errors: onSway, environment: ["SWAYSOCK": "/run/sway.sock"]) == 0)
        #expect(onSway.text.isEmpty)
    }
}
