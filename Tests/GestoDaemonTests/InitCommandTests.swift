// `gestoctl init`: every starter config parses with the real config decoder, detection
// follows the session's environment, and an existing file is never overwritten.
import Foundation
import Testing
import GestoConfig
@testable import GestoDaemon

@Suite struct InitCommandTests {
    @Test(arguments: InitCommand.Compositor.allCases)
    func everyStarterConfigParses(_ compositor: InitCommand.Compositor) throws {
        let config = try Config.parse(InitCommand.starterConfig(for: compositor), file: "\(compositor).yaml")
        #expect(!config.bindings.isEmpty)
    }

    @Test func detectionFollowsTheEnvironment() {
        typealias C = InitCommand.Compositor
        #expect(C.detect(environment: ["SWAYSOCK": "/run/user/1000/sway-ipc.sock"]) == .sway)
        #expect(C.detect(environment: ["HYPRLAND_INSTANCE_SIGNATURE": "abc"]) == .hyprland)
        #expect(C.detect(environment: ["NIRI_SOCKET": "/run/user/1000/niri.sock"]) == .niri)
        #expect(C.detect(environment: ["XDG_CURRENT_DESKTOP": "labwc:wlroots", "LABWC_PID": "42"]) == .labwc)
        #expect(C.detect(environment: ["XDG_CURRENT_DESKTOP": "river"]) == .river)
        #expect(C.detect(environment: ["XDG_CURRENT_DESKTOP": "GNOME"]) == .generic)
        #expect(C.detect(environment: [:]) == .generic)
    }

    @Test func writesOnceAndNeverOverwrites() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("gesto-init-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("nested/gesto/config.yaml").path
        #expect(InitCommand.run(["--output", path, "--compositor", "sway"]) == 0)
        let written = try String(contentsOfFile: path, encoding: .utf8)
        #expect(written.contains("sway: workspace next_on_output"))
        try "mine\n".write(toFile: path, atomically: true, encoding: .utf8)
        #expect(InitCommand.run(["--output", path]) == 1)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "mine\n")
    }

    @Test func badArgumentsAreUsageErrors() {
        #expect(InitCommand.run(["--compositor", "kwin"]) == 2)
        #expect(InitCommand.run(["--output"]) == 2)
        #expect(InitCommand.run(["--frobnicate"]) == 2)
    }
}
