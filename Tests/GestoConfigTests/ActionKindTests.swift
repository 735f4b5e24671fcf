// ActionKind names each action's config key once: decoding, error messages and the C ABI's
// strings read it, and every decoded action knows its kind.
import GestoConfig
import Testing

@Suite struct ActionKindTests {
    /// The keys, in the order errors list them.
    @Test func eachKindNamesItsKey() {
        #expect(ActionKind.allCases.map(\.name) == ["exec", "keys", "window", "sway", "hyprland", "reorder", "window-motion",
                                                     "workspace", "drag"])
        for kind in ActionKind.allCases { #expect(ActionKind(name: kind.name) == kind) }
        #expect(ActionKind(name: "windowMotion") == nil)
    }

    /// Each action decodes to its kind's type: exec, a session action, a window motion or a reorder.
    @Test func actionsDecodeToTheirKinds() throws {
        let config = try Config.parse("""
            bindings:
              - {gesture: swipe:3:left, exec: "true"}
              - {gesture: swipe:3:right, keys: super+Right}
              - {gesture: swipe:3:up, window: close}
              - {gesture: swipe:3:down, sway: workspace next}
              - {gesture: swipe:4:down, hyprland: 'hl.dsp.focus({ workspace = "+1" })'}
              - gesture: long-press-drag:3
                reorder: {slot: 120}
              - {gesture: swipe:4, mode: continuous, window-motion: {}}
              - {gesture: pinch:2:in, workspace: next}
              - {gesture: swipe:5, drag: left}
            """, file: "config.yaml")
        #expect(config.bindings.map(\.action.kind) == ActionKind.allCases)
        #expect(config.bindings.map(\.action.key) == ActionKind.allCases.map(\.name))
        #expect(config.bindings[1].action == .session(.keys("super+Right")))
        #expect(config.bindings[2].action == .session(.window(.close)))
        #expect(config.bindings[3].action == .session(.sway("workspace next")))
        #expect(config.bindings[4].action == .session(.hyprland(#"hl.dsp.focus({ workspace = "+1" })"#)))
        #expect(config.bindings.map(\.action.summary) == [
            "exec: true", "keys: super+Right", "window: close", "sway: workspace next",
            #"hyprland: hl.dsp.focus({ workspace = "+1" })"#,
            "reorder: 10 slots of 120 units", "window-motion: snap to left, right, maximize, back", "workspace: next",
            "drag: left",
        ])
    }

    /// A `hyprland:` dispatch is passed on as written, and an empty one says what Hyprland takes.
    @Test func aHyprlandDispatchIsKeptAsWritten() throws {
        let config = try Config.parse("bindings:\n  - {gesture: swipe:3:up, hyprland: '  hl.dsp.window.close()  '}\n", file: "h.yaml")
        #expect(config.bindings[0].action == .session(.hyprland("hl.dsp.window.close()")))
        do {
            _ = try Config.parse("bindings:\n  - gesture: swipe:3:up\n    hyprland: ' '\n", file: "h.yaml")
            Issue.record("an empty hyprland: dispatch was accepted")
        } catch {
            #expect(error.errors.map(\.description) == [
                #"h.yaml:3:15: error: 'hyprland' needs what Hyprland's dispatch takes (e.g. 'hl.dsp.focus({ workspace = "+1" })' on Hyprland 0.57, whose config is Lua)"#,
            ])
        }
    }

    /// A binding without an action lists every kind's key.
    @Test func aMissingActionListsEveryKey() {
        #expect(throws: ConfigErrors.self) { try Config.parse("bindings:\n  - gesture: swipe:3\n", file: "c.yaml") }
        do {
            _ = try Config.parse("bindings:\n  - gesture: swipe:3\n", file: "c.yaml")
        } catch {
            #expect(error.errors.map(\.description) == [
                "c.yaml:2:5: error: binding for swipe:3 has no action (expected one of: exec, keys, window, sway, hyprland, reorder, window-motion, workspace, drag)",
            ])
        }
    }
}
