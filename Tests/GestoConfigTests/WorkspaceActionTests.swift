// The `workspace:` action: its two forms, its located errors, and the warning for a direction
// gestod cannot perform.
import GestoConfig
import GestoCore
import Testing

@Suite struct WorkspaceActionTests {
    @Test func bothFormsDecode() throws {
        let config = try Config.parse("""
            bindings:
              - gesture: swipe:3:left
                workspace: next
              - gesture: swipe:3
                mode: continuous
                workspace: {to: right, distance: 250}
              - gesture: pinch:3:in
                mode: on-threshold
                workspace: previous
            """, file: "w.yaml")
        #expect(config.bindings[0].action == .session(.workspace(WorkspaceAction(direction: .next))))
        #expect(config.bindings[0].action.key == "workspace")
        #expect(config.bindings[0].action.summary == "workspace: next")
        #expect(config.bindings[1].action == .session(.workspace(WorkspaceAction(direction: .right, distance: 250))))
        #expect(config.bindings[2].action == .session(.workspace(WorkspaceAction(direction: .previous))))
        #expect(WorkspaceAction(direction: .next).distance == 300)
        #expect(config.warnings.isEmpty)
    }

    @Test func swayCommands() {
        #expect(WorkspaceAction(direction: .next).swayCommand == "workspace next_on_output")
        #expect(WorkspaceAction(direction: .right).swayCommand == "workspace next_on_output")
        #expect(WorkspaceAction(direction: .previous).swayCommand == "workspace prev_on_output")
        #expect(WorkspaceAction(direction: .left).swayCommand == "workspace prev_on_output")
        #expect(WorkspaceAction(direction: .up).swayCommand == nil)
        #expect(WorkspaceAction(direction: .down).swayCommand == nil)
    }

    /// A grid direction loads (the Wayfire plugin performs it) with a warning naming the binding
    /// gestod leaves inactive.
    @Test func gridDirectionsWarnThatGestodCannotPerformThem() throws {
        let config = try Config.parse("bindings:\n  - gesture: swipe:4:up\n    workspace: down\n", file: "w.yaml")
        #expect(config.warnings.map(\.description) == [
            "w.yaml:3:5: warning: 'workspace: down' moves on a grid of workspaces, which only the gesto-wayfire plugin has: "
            + "gestod cannot perform it (sway's workspaces are a list, use next or previous), so under gestod this binding is inactive",
        ])
    }

    @Test(arguments: [
        ("bindings:\n  - gesture: swipe:3:left\n    workspace: nxet\n",
         "w.yaml:3:16: error: unknown workspace direction 'nxet' (expected next, previous, left, right, up, down); did you mean 'next'?"),
        ("bindings:\n  - gesture: swipe:3:left\n    workspace:\n",
         "w.yaml:3:15: error: 'workspace' needs a direction (next, previous, left, right, up, down)"),
        ("bindings:\n  - gesture: swipe:3\n    mode: continuous\n    workspace: {distance: 300}\n",
         "w.yaml:4:16: error: 'workspace' needs 'to:' (next, previous, left, right, up, down)"),
        ("bindings:\n  - gesture: swipe:3\n    mode: continuous\n    workspace: {to: next, distance: 0}\n",
         "w.yaml:4:37: error: 'distance' must be above 0, not 0"),
        ("bindings:\n  - gesture: swipe:3\n    mode: continuous\n    workspace: {to: next, distance: 1e9}\n",
         "'distance' must be at most 100000 units, not 1e9"),
        ("bindings:\n  - gesture: swipe:3\n    mode: continuous\n    workspace: {to: next, distnace: 300}\n",
         "w.yaml:4:27: error: unknown key 'distnace' (expected to, distance); did you mean 'distance'?"),
        ("bindings:\n  - gesture: swipe:3\n    workspace: [next]\n",
         "w.yaml:3:16: error: 'workspace' must be a direction (next, previous, left, right, up, down) or a mapping"),
        ("bindings:\n  - gesture: pinch:2:in\n    mode: continuous\n    workspace: next\n",
         "w.yaml:4:5: error: 'workspace' in continuous mode follows the fingers: it needs a swipe gesture (e.g. 'gesture: swipe:3'), not pinch:2:in"),
        ("bindings:\n  - gesture: swipe:3\n    workspace: next\n    exec: echo\n",
         "has 2 actions; give exactly one"),
    ])
    func badWorkspacesAreLocatedErrors(text: String, message: String) {
        do {
            _ = try Config.parse(text, file: "w.yaml")
            Issue.record("expected an error for \(text)")
        } catch {
            #expect(error.description.contains(message), "\(error.description)")
        }
    }
}
