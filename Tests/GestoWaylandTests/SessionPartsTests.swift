// The parts of GestoWayland that need no compositor: key combinations and their config
// errors, the new config actions, sway's reply JSON, the i3-ipc framing, and the backoff.
import GestoSystem
import Testing
import GestoConfig
@testable import GestoWayland

@Suite struct SessionPartsTests {
    /// sway's focus for `app:` bindings (issue 41): the focused node of `get_tree`, tiled or
    /// floating; an Xwayland window's class; nothing when a workspace is focused.
    @Test func swaysFocusedAppIsTheFocusedWindowOfItsTree() throws {
        func tree(_ focused: String) throws -> JSONValue {
            try JSONValue.parse("""
                {"type": "root", "focused": false, "nodes": [{"type": "output", "focused": false, "nodes": [
                  {"type": "workspace", "name": "1", "focused": \(focused == "workspace"), "nodes": [
                    {"type": "con", "id": 4, "app_id": "foot", "focused": \(focused == "foot"), "nodes": []},
                    {"type": "con", "id": 5, "app_id": null, "window_properties": {"class": "Gimp"}, "focused": \(focused == "Gimp"), "nodes": []}],
                   "floating_nodes": [{"type": "floating_con", "id": 6, "app_id": "pavucontrol", "focused": \(focused == "pavucontrol"), "nodes": []}]}]}]}
                """)
        }
        for focused in ["foot", "Gimp", "pavucontrol", "workspace"] {
            let reply = try tree(focused)
            #expect(SwayIPC.focusedAppID(in: reply) == (focused == "workspace" ? nil : focused), "\(focused)")
        }
    }

    @Test func aTouchscreenFollowsTheNamedOutputElseTheOnlyOneElseTheBuiltInPanel() {
        let panel = OutputDescription(name: "eDP-1", transform: 1), monitor = OutputDescription(name: "HDMI-A-1", transform: 0)
        #expect(OutputDescription.touchscreenOutput(among: [monitor], named: nil) == monitor)
        #expect(OutputDescription.touchscreenOutput(among: [monitor, panel], named: nil) == panel)
        #expect(OutputDescription.touchscreenOutput(among: [monitor, panel], named: "HDMI-A-1") == monitor)
        #expect(OutputDescription.touchscreenOutput(among: [monitor, panel], named: "DP-2") == nil)
        #expect(OutputDescription.touchscreenOutput(among: [monitor, OutputDescription(name: "DP-2", transform: 0)], named: nil) == nil)
        #expect(OutputDescription.touchscreenOutput(among: [], named: nil) == nil)
        // wl_output_transform: 1 is 90°, 7 is flipped-270 (the mirror is not applied).
        #expect(panel.touchTransform == .rotated90)
        #expect(OutputDescription(name: nil, transform: 7).touchTransform == .rotated270)
    }

    @Test func keyCombinationsParseAliasesAndKeysyms() throws {
        let combination = try KeyCombination(parsing: "super+shift+Right")
        #expect(combination.keys.map(\.name) == ["super", "shift", "Right"])
        #expect(combination.keys.map(\.keysym) == [0xffeb, 0xffe1, 0xff53])  // Super_L, Shift_L, Right
        #expect(try KeyCombination(parsing: "ctrl + alt + Delete").keys.count == 3)
        #expect(try KeyCombination(parsing: "XF86AudioMute").keys.count == 1)
    }

    @Test func unknownKeyNamesSuggestTheRightCaseOrTheNameMistyped() {
        #expect(throws: KeyCombinationError.unknownKeyName("right", combination: "super+right", suggestion: "Right")) {
            try KeyCombination(parsing: "super+right")
        }
        #expect(throws: KeyCombinationError.unknownKeyName("Rigth", combination: "super+Rigth", suggestion: "Right")) {
            try KeyCombination(parsing: "super+Rigth")
        }
        #expect(throws: KeyCombinationError.unknownKeyName("shft", combination: "ctrl+shft+t", suggestion: "shift")) {
            try KeyCombination(parsing: "ctrl+shft+t")
        }
        #expect(throws: KeyCombinationError.unknownKeyName("Zork", combination: "Zork", suggestion: nil)) {
            try KeyCombination(parsing: "Zork")
        }
        #expect(throws: KeyCombinationError.emptyKeyName(combination: "super++Right")) {
            try KeyCombination(parsing: "super++Right")
        }
    }

    @Test func sessionActionsDecodeWithLocatedErrors() throws {
        let config = try Config.parse("""
            bindings:
              - gesture: swipe:3:left
                keys: super+shift+Right
              - gesture: swipe:3:up
                window: fullscreen
              - gesture: swipe:3:right
                sway: workspace prev
            """, file: "c.yaml")
        #expect(config.bindings.map(\.action) == [.session(.keys("super+shift+Right")), .session(.window(.fullscreen)), .session(.sway("workspace prev"))])
        #expect(KeyCombination.errors(in: config).isEmpty)

        do {
            _ = try Config.parse("""
                bindings:
                  - gesture: swipe:3:up
                    window: fulscreen
                  - gesture: swipe:3:down
                    keys: super++x
                  - gesture: swipe:4:down
                    bogus: 1
                """, file: "c.yaml")
            Issue.record("expected errors")
        } catch {
            let text = error.description
            #expect(text.contains("c.yaml:3:13: error: unknown window operation 'fulscreen' (expected activate, close, minimize, maximize, fullscreen); did you mean 'fullscreen'?"))
            #expect(text.contains("c.yaml:5:11: error: 'keys' needs key names joined by '+'"))
            #expect(text.contains("c.yaml:6:5: error: binding for swipe:4:down has no action (expected one of: exec, keys, window, sway, hyprland, reorder, window-motion, workspace, drag)"))
            #expect(!text.contains("binding for swipe:3:up has no action"))
        }
    }

    @Test func keyNamesAreCheckedAfterParsing() throws {
        let config = try Config.parse("""
            bindings:
              - gesture: swipe:3:left
                keys: super+Rigth
            """, file: "c.yaml")
        let errors = KeyCombination.errors(in: config)
        #expect(errors.count == 1)
        #expect(errors.first?.description.hasPrefix("c.yaml:3:11: error: in 'keys: super+Rigth': unknown key name 'Rigth'") == true)
        #expect(errors.first?.description.hasSuffix("; did you mean 'Right'?") == true)
    }

    @Test func usKeymapTypesShiftedKeysymsWithShift() throws {
        let keymap = try Keymap(names: KeymapNames(rules: "evdev", layout: "us"))
        #expect(keymap.key(for: 0xff53)?.needsShift == false)            // Right
        #expect(keymap.key(for: 0x0021)?.needsShift == true)             // exclam, shift+1
        #expect(keymap.key(for: 0x06c1) == nil)                          // Cyrillic_a: not on us
    }

    @Test func swayRepliesParse() throws {
        let reply = try JSONValue.parse(#"[{"success": false, "parse_error": true, "error": "Unknown/invalid command 'x\u00e9\n'"}, {"n": -1.5e2, "a": [null, true]}]"#)
        #expect(reply.elements.count == 2)
        #expect(reply.elements[0]["success"]?.boolValue == false)
        #expect(reply.elements[0]["error"]?.stringValue == "Unknown/invalid command 'xé\n'")
        #expect(reply.elements[1]["n"]?.numberValue == -150)
        #expect(reply.elements[1]["a"] == .array([.null, .bool(true)]))
        #expect(throws: JSONError.self) { try JSONValue.parse("[1, 2") }
        #expect(throws: JSONError.self) { try JSONValue.parse("{\"a\": 1} x") }
    }

    @Test func i3IPCFramingIsLittleEndian() {
        #expect(SwayIPC.littleEndian(0x0102_0304) == [4, 3, 2, 1])
        #expect(SwayIPC.uint32([0, 0, 4, 3, 2, 1], at: 2) == 0x0102_0304)
    }

    @Test func backoffDoublesUpToItsCapAndResets() {
        var backoff = ReconnectBackoff(initialMicroseconds: 100_000, maximumMicroseconds: 1_000_000)
        #expect((0..<6).map { _ in backoff.nextDelay() } == [100_000, 200_000, 400_000, 800_000, 1_000_000, 1_000_000])
        backoff.reset()
        #expect(backoff.nextDelay() == 100_000)
    }

    @Test func actionsWithoutACompositorFailAsValues() {
        let performer = ActionPerformer(session: WaylandSession(displayName: "gesto-test-no-such-display"), sway: nil)
        #expect(throws: ActionError.wayland(.notConnected)) { try performer.perform(.window(.close)) }
        #expect(throws: ActionError.sway(.noSocket)) { try performer.perform(.swayCommand("workspace 1")) }
        #expect(throws: WaylandError.connectFailed(display: "gesto-test-no-such-display", code: 2)) {
            try performer.session.connect()
        }
    }
}
