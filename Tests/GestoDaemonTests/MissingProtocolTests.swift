// `gestoctl status` says which Wayland protocols the compositor lacks and which configured
// bindings that rules out (issue 15 item 6): the requirement table, the IPC result member
// `wayland_missing`, and the text.
import GestoSystem
import Foundation
import Testing
import GestoConfig
import GestoWayland
@testable import GestoDaemon

@Suite struct MissingProtocolTests {
    static let config = """
        bindings:
          - gesture: swipe:3:left
            keys: super+Left
          - gesture: swipe:3:right
            exec: "true"
          - gesture: swipe:4:up
            app: foot
            sway: workspace next
          - gesture: pinch:2
            mode: continuous
            exec: "true"
          - gesture: swipe:3:down
            window: close
        """

    @Test func aCompositorWithoutTheVirtualKeyboardOrLayerShellRulesOutTheirBindings() throws {
        let config = try Config.parse(Self.config, file: "c.yaml")
        let report = MissingProtocol.report(missing: [.virtualKeyboardManager, .layerShell], bindings: config.bindings)
        #expect(report.map(\.name) == ["zwp_virtual_keyboard_manager_v1", "zwlr_layer_shell_v1"])
        #expect(report[0].consequence == "keys: actions are off")
        #expect(report[0].ruledOut == [MissingProtocol.RuledOut(binding: 1, gesture: "swipe:3:left", action: "keys: super+Left",
                                                                 location: "c.yaml:2:5", effect: "its keys: action cannot run")])
        #expect(report[1].ruledOut.map(\.binding) == [4])
        #expect(report[1].ruledOut[0].effect == "its feedback overlay is not shown")
        // Without the window list, window: and app: go.
        let toplevels = MissingProtocol.report(missing: [.foreignToplevelManager], bindings: config.bindings)
        #expect(toplevels[0].ruledOut.map(\.binding) == [3, 5])
        #expect(toplevels[0].ruledOut[0].effect == "its app: never matches (no focused app is known)")
        // exec needs nothing.
        #expect(WaylandSession.Global.ruledOut(config.bindings, missing: WaylandSession.Global.allCases).allSatisfy { $0.index != 1 })
    }

    @Test func statusCarriesItAsJSONAndText() throws {
        let config = try Config.parse(Self.config, file: "c.yaml")
        var status = DaemonStatus(
            version: "t", pid: 1, state: .running, sessionLock: .unknown, uptimeSeconds: 0,
            config: .init(path: nil, loadedAt: nil, error: nil, bindingCount: 0), input: "none", devices: [],
            gestureCount: 0, actionCount: 0, failedActionCount: 0, waylandConnected: true, waylandMissing: [], monitorCount: 0)
        status.waylandMissing = MissingProtocol.report(missing: [.virtualKeyboardManager], bindings: config.bindings)
        let decoded = try DaemonStatus(json: try JSONValue.parse(status.json))
        #expect(decoded.waylandMissing == status.waylandMissing)
        let object = try JSONSerialization.jsonObject(with: Data(status.json.utf8)) as? [String: Any] ?? [:]
        let missing = object["wayland_missing"] as? [[String: Any]] ?? []
        #expect(missing.first?["protocol"] as? String == "zwp_virtual_keyboard_manager_v1")
        #expect((missing.first?["ruled_out"] as? [[String: Any]])?.first?["location"] as? String == "c.yaml:2:5")
        // The JSON counts the binding as the text does, from 1.
        #expect((missing.first?["ruled_out"] as? [[String: Any]])?.first?["binding"] as? Int == 1)
        let text = StatusCommand.text(decoded)
        #expect(text.contains("""
            wayland:  connected
                      the compositor lacks 1 protocol gesto uses:
                      zwp_virtual_keyboard_manager_v1 is missing: keys: actions are off
                        binding 1 (swipe:3:left, keys: super+Left at c.yaml:2:5): its keys: action cannot run
            """), "\(text)")
    }

    @Test func aDaemonWithoutWaylandReportsNothingMissing() throws {
        let daemon = try TestDaemon(config: Self.config + "\n")
        defer { daemon.stop() }
        let status = try daemon.ctl("status", "--json").json
        #expect(status["wayland"] as? Bool == false)
        #expect((status["wayland_missing"] as? [Any])?.isEmpty == true)
        #expect(!(try daemon.ctl("status").output.contains("lacks")))
    }
}
