// `gestoctl init`: every starter config parses with the real config decoder, detection
// follows the session's environment, and an existing file is never overwritten.
import Foundation
import Testing
import GestoConfig
import GestoImport
import GestoWayland
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

    /// Issue 32 item 3: starters closed the focused window on `swipe:4:down` (sway, Hyprland,
    /// labwc, river, generic) or on a resting `hold:4` (niri), and GNOME's locked the session.
    /// No starter binds an action that closes, kills, locks, suspends or logs out.
    @Test(arguments: InitCommand.Compositor.allCases)
    func noStarterBindsADestructiveAction(_ compositor: InitCommand.Compositor) throws {
        let config = try Config.parse(InitCommand.starterConfig(for: compositor), file: "\(compositor).yaml")
        for binding in config.bindings {
            #expect(DestructiveAction.reason(binding.action) == nil, "\(compositor): \(binding.gesture) runs \(binding.action.summary)")
        }
    }

    /// Issue 32 item 3: two-finger pinches and swipes also reach applications (browser zoom,
    /// scrolling), and no starter's compositor route consumes them (only the Wayfire plugin
    /// does, and it has no starter): every starter binds 3 or more fingers, and its header
    /// says so and why.
    @Test(arguments: InitCommand.Compositor.allCases)
    func noStarterBindsAGestureApplicationsUse(_ compositor: InitCommand.Compositor) throws {
        let starter = InitCommand.starterConfig(for: compositor)
        let config = try Config.parse(starter, file: "\(compositor).yaml")
        for binding in config.bindings {
            #expect(binding.gesture.fingerCount >= 3, "\(compositor): \(binding.gesture)")
        }
        #expect(starter.contains("What this starter chose, and why"))
        #expect(starter.contains("only gestures of 3 or 4 fingers") && starter.contains("kills, locks, suspends or logs out"))
    }

    /// The recognizer of destructive actions sees through aliases, order, wrappers and
    /// compound commands, and lets harmless actions pass.
    @Test func destructiveActionsAreRecognizedBySense() throws {
        let destructive: [Action] = [
            .session(.window(.close)), .session(.keys("super+q")), .session(.keys("Alt+F4")),
            .session(.keys("shift+logo+Q")), .session(.keys("control+alt+Delete")), .session(.keys("ctrl+w")),
            .session(.sway("kill")), .session(.sway("[app_id=foot] kill")), .session(.sway("focus left; exit")),
            .session(.sway("exec loginctl lock-session")),
            .exec("loginctl lock-session"), .exec("sudo systemctl suspend"), .exec("swaymsg exit"),
            .exec("hyprctl dispatch killactive"), .exec("niri msg action close-window"), .exec("riverctl close"),
            .exec("notify-send bye && /usr/bin/poweroff"), .exec("pkill -f firefox"), .exec("swaylock -f"),
            .exec("sh -c 'systemctl hibernate'"), .exec("echo $(loginctl terminate-user $USER)"),
            .exec("qdbus org.kde.kglobalaccel /component/kwin invokeShortcut \"Window Close\""),
            .exec("gnome-session-quit --logout"), .exec("wtype -M ctrl -k w"), .exec("ydotool key alt+F4"),
            .exec("env FOO=1 xdg-screensaver lock"),
        ]
        for action in destructive { #expect(DestructiveAction.reason(action) != nil, "\(action.summary)") }
        let harmless: [Action] = [
            .session(.window(.fullscreen)), .session(.keys("super+Right")), .session(.keys("alt+Tab")),
            .session(.keys("ctrl+minus")), .session(.sway("workspace next_on_output")), .session(.sway("move scratchpad")),
            .exec("hyprctl dispatch togglefloating"), .exec("niri msg action maximize-column"), .exec("playerctl next"),
            .exec("notify-send 'lock screen soon'"), .exec("gnome-terminal"),
            .exec("qdbus org.kde.kglobalaccel /component/kwin invokeShortcut \"Window Maximize\""),
        ]
        for action in harmless { #expect(DestructiveAction.reason(action) == nil, "\(action.summary)") }
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
        let touch = config.bindings.filter { $0.gesture.device == .touchscreen }
        #expect(touch.count == 2)
        #expect(touch.allSatisfy { if case .edgeSwipe = $0.gesture.gesture { true } else { $0.gesture.fingerCount >= 3 } })
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

/// Issue 39: what a starter writes follows the session it is written in: the language of the
/// Hyprland config in force, the Qt D-Bus tool Plasma installs, and what the compositor can
/// carry out.
@Suite struct StarterFactsTests {
    /// Hyprland 0.55+ reads hyprland.lua (0.57 writes one and ignores hyprland.conf), where
    /// `hyprctl dispatch` takes a Lua expression: the starter spoke only hyprlang.
    @Test func theHyprlandStarterSpeaksTheLanguageOfTheConfigInForce() throws {
        let lua = InitCommand.starterConfig(for: .hyprland, facts: .init(hyprland: .lua))
        #expect(lua.contains("exec: hyprctl dispatch 'hl.dsp.window.move({ workspace = \"e+1\" })'"), "\(lua)")
        #expect(lua.contains("exec: hyprctl dispatch 'hl.dsp.workspace.toggle_special()'"))
        #expect(lua.contains("exec: hyprctl dispatch 'hl.dsp.window.float({ action = \"toggle\" })'"))
        #expect(lua.contains("hl.gesture({ fingers = 3, direction = \"horizontal\", action = \"workspace\" })"))
        #expect(!lua.contains("movetoworkspace") && !lua.contains("togglefloating"))
        let parsed = try Config.parse(lua, file: "hyprland.yaml")
        #expect(parsed.bindings.count == 5)
        let hyprlang = InitCommand.starterConfig(for: .hyprland, facts: .init(hyprland: .hyprlang))
        #expect(hyprlang.contains("exec: hyprctl dispatch movetoworkspace e+1"))
        #expect(hyprlang.contains("`gesture = 3, horizontal, workspace`"))
        #expect(!hyprlang.contains("hl.dsp"))
        #expect(try Config.parse(hyprlang, file: "hyprland.yaml").bindings.count == 5)
    }

    /// Which language: the files in `$XDG_CONFIG_HOME/hypr`, as Hyprland itself goes by them.
    @Test func theHyprlandConfigInForceIsLuaUnlessOnlyHyprlandConfExists() throws {
        let folder = try TemporaryFolder()
        let hypr = folder.file("config/hypr")
        try FileManager.default.createDirectory(atPath: hypr, withIntermediateDirectories: true)
        let environment = ["XDG_CONFIG_HOME": folder.file("config")]
        #expect(InitCommand.hyprlandDialect(environment: environment) == .lua)
        _ = FileManager.default.createFile(atPath: hypr + "/hyprland.conf", contents: nil)
        #expect(InitCommand.hyprlandDialect(environment: environment) == .hyprlang)
        _ = FileManager.default.createFile(atPath: hypr + "/hyprland.lua", contents: nil)
        #expect(InitCommand.hyprlandDialect(environment: environment) == .lua)
    }

    /// `gestoctl init` run as a process in a Hyprland session whose config is hyprland.lua.
    @Test func gestoctlInitWritesLuaDispatchersBesideAHyprlandLua() throws {
        let folder = try TemporaryFolder()
        try FileManager.default.createDirectory(atPath: folder.file("home/.config/hypr"), withIntermediateDirectories: true)
        try "hl.gesture({ fingers = 3, direction = \"horizontal\", action = \"workspace\" })\n"
            .write(toFile: folder.file("home/.config/hypr/hyprland.lua"), atomically: true, encoding: .utf8)
        let result = try runGestoctl(["init"], environment: ["HOME": folder.file("home"), "HYPRLAND_INSTANCE_SIGNATURE": "x"])
        #expect(result.status == 0, "\(result.errors)")
        let written = try String(contentsOfFile: folder.file("home/.config/gesto/config.yaml"), encoding: .utf8)
        #expect(written.contains("hyprctl dispatch 'hl.dsp.window.move({ workspace = \"e+1\" })'"), "\(written)")
    }

    /// Plasma 6 on Debian 13 installs qdbus6 and no qdbus, which the KDE starter called.
    @Test func theKDEStarterCallsTheQdbusThatIsInstalled() throws {
        #expect(InitCommand.starterConfig(for: .kde).contains("exec: qdbus6 org.kde.kglobalaccel /component/kwin invokeShortcut"))
        let folder = try TemporaryFolder()
        let environment = ["PATH": folder.path]
        #expect(InitCommand.StarterFacts.probe(for: .kde, environment: environment).qdbus == "qdbus6")
        _ = FileManager.default.createFile(atPath: folder.file("qdbus"), contents: Data("#!/bin/sh\n".utf8), attributes: [.posixPermissions: 0o755])
        #expect(InitCommand.StarterFacts.probe(for: .kde, environment: environment).qdbus == "qdbus")
        let plasma5 = InitCommand.starterConfig(for: .kde, facts: .init(qdbus: "qdbus"))
        #expect(plasma5.contains("exec: qdbus org.kde.kglobalaccel") && !plasma5.contains("exec: qdbus6"))
        _ = FileManager.default.createFile(atPath: folder.file("qdbus6"), contents: Data("#!/bin/sh\n".utf8), attributes: [.posixPermissions: 0o755])
        #expect(InitCommand.StarterFacts.probe(for: .kde, environment: environment).qdbus == "qdbus6")
    }

    /// On weston, cage or mutter (no foreign-toplevel, no virtual keyboard) the generic starter
    /// bound window: and keys: actions that cannot run there: it binds what the compositor
    /// offers, by the table `gestoctl status` judges bindings with.
    @Test func theGenericStarterBindsOnlyWhatTheCompositorCarriesOut() throws {
        typealias Global = WaylandSession.Global
        let none = InitCommand.starterConfig(for: .generic, facts: .init(missing: Set(Global.allCases)))
        #expect(try Config.parse(none, file: "generic.yaml").bindings.isEmpty)
        #expect(none.contains("#   zwp_virtual_keyboard_manager_v1: keys: actions are off"), "\(none)")
        #expect(none.contains("bind exec: commands"))
        #expect(!none.contains("window: maximize"))
        // Whether a compositor honours a maximize or minimize request no protocol tells (sway
        // and cage 0.3 take them and do nothing): offered, they are suggested in comments only.
        let suggested = ["  # - gesture: swipe:3:up\n  #   window: maximize\n", "  # - gesture: swipe:3:down\n  #   window: minimize\n"]
        let windowsOnlyText = InitCommand.starterConfig(for: .generic, facts: .init(missing: [.virtualKeyboardManager]))
        #expect(try Config.parse(windowsOnlyText, file: "g.yaml").bindings.isEmpty)
        for line in suggested { #expect(windowsOnlyText.contains(line), "\(windowsOnlyText)") }
        let keysOnlyText = InitCommand.starterConfig(for: .generic, facts: .init(missing: [.foreignToplevelManager, .layerShell]))
        #expect(try Config.parse(keysOnlyText, file: "g.yaml").bindings.map(\.action.kind) == [.keys, .keys])
        #expect(!keysOnlyText.contains("window: maximize"))
        let all = InitCommand.starterConfig(for: .generic, facts: .init(missing: []))
        #expect(try Config.parse(all, file: "g.yaml").bindings.map(\.action.kind) == [.keys, .keys])
        for line in suggested { #expect(all.contains(line), "\(all)") }
        #expect(all.contains("The compositor offers every protocol gesto uses"))
        // Unchecked (no compositor reached): the keys and the suggestions, and it says so.
        let unchecked = InitCommand.starterConfig(for: .generic)
        #expect(unchecked.contains("No compositor was reached"))
        #expect(try Config.parse(unchecked, file: "g.yaml").bindings.map(\.action.kind) == [.keys, .keys])
    }
}

/// Runs the built gestoctl with only `environment` (and a PATH), its output collected.
func runGestoctl(_ arguments: [String], environment: [String: String]) throws -> CommandResult {
    try runProcess(gestoctlExecutable, arguments, environment: ["PATH": "/usr/bin:/bin"].merging(environment) { $1 })
}
