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

    /// Issue 15 item 9: the niri starter bound the 3-finger swipes niri acts on itself (each
    /// would act twice). No starter binds a gesture its compositor uses (doctor's table).
    @Test(arguments: InitCommand.Compositor.allCases)
    func noStarterBindsAGestureItsCompositorActsOnItself(_ compositor: InitCommand.Compositor) throws {
        let config = try Config.parse(InitCommand.starterConfig(for: compositor), file: "\(compositor).yaml")
        for builtIn in DoctorCommand.builtInGestures where builtIn.compositor == compositor.rawValue {
            for binding in config.bindings {
                #expect(!DoctorCommand.collide(builtIn.gesture, binding.gesture), "\(compositor): \(binding.gesture) is \(builtIn.what)")
            }
        }
    }

    /// On Plasma and GNOME (no wlr-foreign-toplevel, no virtual keyboard) a starter of window:
    /// and keys: bindings did nothing: theirs run exec: only, and every starter names the
    /// compositor's own gestures.
    @Test func plasmaAndGnomeStartersRunExecOnlyAndEveryStarterNamesTheBuiltInGestures() throws {
        for compositor in [InitCommand.Compositor.kde, .gnome] {
            let config = try Config.parse(InitCommand.starterConfig(for: compositor), file: "\(compositor).yaml")
            #expect(config.bindings.allSatisfy { if case .exec = $0.action { true } else { false } }, "\(compositor)")
        }
        for compositor in InitCommand.Compositor.allCases where compositor != .generic {
            let comments = InitCommand.starterConfig(for: compositor).split(separator: "\n").filter { $0.hasPrefix("# ") && !$0.hasPrefix("#   ") }
            #expect(comments.contains { $0.contains("gestures of its own") || $0.contains("-finger") }, "\(compositor)")
        }
    }

    /// Issue 16: the starter covers touchscreens, commented out; enabled, it parses and binds
    /// only gestures safe beside the app under the finger (edge swipes, 3+ fingers).
    @Test(arguments: InitCommand.Compositor.allCases)
    func touchscreenPartParsesWhenEnabled(_ compositor: InitCommand.Compositor) throws {
        let starter = InitCommand.starterConfig(for: compositor)
        #expect(starter.contains("gestod never grabs the screen"))
        var lines = starter.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let start = try #require(lines.firstIndex { $0.contains("To enable, remove") }) + 1
        for index in start..<lines.count where lines[index].hasPrefix("# ") { lines[index].removeFirst(2) }
        let config = try Config.parse(lines.joined(separator: "\n"), file: "\(compositor).yaml")
        #expect(config.opensTouchscreens)
        let touch = config.bindings.filter { $0.gesture.isTouchscreenGesture }
        #expect(touch.count == 2)
        #expect(touch.allSatisfy { if case .edgeSwipe = $0.gesture { true } else { $0.gesture.fingerCount >= 3 } })
    }

    @Test func detectionFollowsTheEnvironment() {
        typealias C = InitCommand.Compositor
        #expect(C.detect(environment: ["SWAYSOCK": "/run/user/1000/sway-ipc.sock"]) == .sway)
        #expect(C.detect(environment: ["HYPRLAND_INSTANCE_SIGNATURE": "abc"]) == .hyprland)
        #expect(C.detect(environment: ["NIRI_SOCKET": "/run/user/1000/niri.sock"]) == .niri)
        #expect(C.detect(environment: ["XDG_CURRENT_DESKTOP": "labwc:wlroots", "LABWC_PID": "42"]) == .labwc)
        #expect(C.detect(environment: ["XDG_CURRENT_DESKTOP": "river"]) == .river)
        #expect(C.detect(environment: ["XDG_CURRENT_DESKTOP": "GNOME"]) == .gnome)
        #expect(C.detect(environment: ["XDG_CURRENT_DESKTOP": "ubuntu:GNOME"]) == .gnome)
        #expect(C.detect(environment: ["XDG_CURRENT_DESKTOP": "KDE"]) == .kde)
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
