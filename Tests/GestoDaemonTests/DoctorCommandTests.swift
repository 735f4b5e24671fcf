// `gestoctl doctor`: each check with its verdict and fix, on a made-up sysfs and udev tree
// (the test machine has no touchpad), with and without a running gestod.
import GestoCommandLine
import CGestoSys
import Foundation
import Testing
import GestoWayland
@testable import GestoDaemon

@Suite struct DoctorCommandTests {
    /// A folder tree standing in for sysfs, udev's database and /dev/input.
    final class FakeMachine {
        let folder: TemporaryFolder
        var probe: DoctorCommand.Probe

        init(environment: [String: String] = [:]) throws {
            folder = try TemporaryFolder()
            for sub in ["sys", "udev", "dev", "home", "proc", "xdg-autostart", "systemd-system"] { try FileManager.default.createDirectory(atPath: folder.file(sub), withIntermediateDirectories: true) }
            probe = DoctorCommand.Probe(environment: ["HOME": folder.file("home")].merging(environment) { $1 })
            probe.sysfsInput = folder.file("sys")
            probe.udevData = folder.file("udev")
            probe.deviceNodes = folder.file("dev")
            probe.socketPath = folder.file("no-gestod.sock")
            probe.inputProxySocket = folder.file("no-inputd.sock")
            probe.connectsToWayland = false
            probe.switchOver.procRoot = folder.file("proc")
            probe.switchOver.systemAutostart = folder.file("xdg-autostart")
            probe.switchOver.systemUnits = folder.file("systemd-system")
            probe.libraryRoot = folder.file("lib")
        }

        /// Writes `text` to `relative` in the fake machine, making its folders.
        func write(_ text: String, to relative: String) throws {
            let path = folder.file(relative)
            try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try text.write(toFile: path, atomically: true, encoding: .utf8)
        }

        /// Adds event node `number`: a touchpad named `name` whose key bits are `keys`; its
        /// /dev node exists (readable) only when `readable`.
        func addTouchpad(_ number: Int, name: String, keys: String, readable: Bool = true) throws {
            let base = folder.file("sys/event\(number)")
            try FileManager.default.createDirectory(atPath: base + "/device/capabilities", withIntermediateDirectories: true)
            try "13:\(64 + number)\n".write(toFile: base + "/dev", atomically: true, encoding: .utf8)
            try "\(name)\n".write(toFile: base + "/device/name", atomically: true, encoding: .utf8)
            try "\(keys)\n".write(toFile: base + "/device/capabilities/key", atomically: true, encoding: .utf8)
            try "E:ID_INPUT=1\nE:ID_INPUT_TOUCHPAD=1\n".write(toFile: folder.file("udev/c13:\(64 + number)"), atomically: true, encoding: .utf8)
            if readable { try "".write(toFile: folder.file("dev/event\(number)"), atomically: true, encoding: .utf8) }
        }

        func writeConfig(_ text: String) throws -> String {
            let path = folder.file("config.yaml")
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            probe.configPath = path
            return path
        }

        func check(_ name: String) -> DoctorCommand.Check? { DoctorCommand.checks(probe).first { $0.name == name } }
    }

    /// BTN_TOOL_DOUBLETAP and BTN_TOOL_TRIPLETAP set (bits 0x14d, 0x14e of word 5).
    static let threeFingerKeys = "6000 0 0 0 0 0"
    /// BTN_TOUCH only (0x14a): a single-finger touchpad.
    static let oneFingerKeys = "400 0 0 0 0 0"

    /// cairo and Pango are only recommended: without them doctor says overlays are off (a
    /// warning, not a problem: every action still runs) and how to get them.
    @Test func withoutCairoOrPangoOverlaysAreOffAndSaidSo() throws {
        let machine = try FakeMachine()
        machine.probe.drawingUnavailable = { "libcairo.so.2 (Debian package libcairo2) could not be loaded: no such file" }
        let overlays = try #require(machine.check("overlays"))
        #expect(overlays.verdict == .warning)
        #expect(overlays.detail.hasPrefix("off: libcairo.so.2 (Debian package libcairo2)"), "\(overlays.detail)")
        #expect(overlays.fix?.contains("libcairo2 libpango-1.0-0 libpangocairo-1.0-0") == true)
        machine.probe.drawingUnavailable = { nil }
        #expect(machine.check("overlays")?.verdict == .ok)
    }

    @Test func anEmptyMachineSaysWhatIsMissingAndHowToFixIt() throws {
        let machine = try FakeMachine()
        let checks = DoctorCommand.checks(machine.probe)
        #expect(checks.map(\.name) == ["touchpads", "gestures", "compositor", "config", "gestod", "session", "collisions", "input proxy", "other tools", "overlays"])
        #expect(checks[0].verdict == .problem && checks[0].detail.contains("none found"))
        #expect(checks[2].verdict == .problem && checks[2].fix != nil)
        #expect(checks[3].verdict == .warning && checks[3].fix?.contains("gestoctl init") == true)
        #expect(checks[4].verdict == .problem && checks[4].fix?.contains("`gestoctl enable` starts it now") == true)
        let text = DoctorCommand.text(checks)
        #expect(text.contains("[FAIL] gestod: not running"), "\(text)")
        #expect(text.hasSuffix("problems found"), "\(text)")
    }

    @Test func touchpadsAreReadWithTheirFingersAndAnUnreadableOneGetsTheFix() throws {
        let machine = try FakeMachine()
        try machine.addTouchpad(5, name: "Fake TouchPad", keys: Self.threeFingerKeys)
        try machine.addTouchpad(7, name: "Lonely Pad", keys: Self.oneFingerKeys, readable: false)
        let touchpads = try #require(machine.check("touchpads"))
        #expect(touchpads.verdict == .problem)
        #expect(touchpads.detail.contains("Fake TouchPad (\(machine.folder.file("dev/event5"))): readable"))
        #expect(touchpads.detail.contains("Lonely Pad (\(machine.folder.file("dev/event7"))): not readable by you"))
        #expect(touchpads.fix?.contains("sudo usermod -aG input $USER") == true)
        #expect(touchpads.fix?.contains("uaccess") == true || touchpads.fix?.contains("ACL") == true)
        let gestures = try #require(machine.check("gestures"))
        #expect(gestures.verdict == .problem)
        #expect(gestures.detail.contains("Fake TouchPad: reports up to 3 fingers: libinput gives it pinch and 3-finger swipes"))
        #expect(gestures.detail.contains("Lonely Pad: reports one finger only"))
    }

    @Test func aBrokenConfigIsAProblemWithItsLocation() throws {
        let machine = try FakeMachine()
        let path = try machine.writeConfig("bindings:\n  - gesture: swipe:3:left\n    exce: a\n")
        let config = try #require(machine.check("config"))
        #expect(config.verdict == .problem)
        #expect(config.detail.contains("\(path):3:5: error: unknown key 'exce'"))
        #expect(config.fix?.contains("gestoctl check") == true)
    }

    @Test func builtInCompositorGesturesThatCollideAreNamedWithTheirFix() throws {
        let niri = try FakeMachine(environment: ["NIRI_SOCKET": "/run/niri.sock"])
        _ = try niri.writeConfig("bindings:\n  - gesture: swipe:3:left\n    exec: a\n  - gesture: swipe:4:left\n    exec: b\n")
        let collisions = try #require(niri.check("collisions"))
        #expect(collisions.verdict == .warning)
        #expect(collisions.detail.contains("binding 1 (swipe:3:left at "))
        #expect(!collisions.detail.contains("binding 2"))
        #expect(collisions.fix?.contains("4-finger") == true)

        let sway = try FakeMachine(environment: ["SWAYSOCK": "/run/sway.sock"])
        let swayConfig = sway.folder.file("sway-config")
        try "bindgesture swipe:3:right workspace prev\nbindsym Mod4+Return exec foot\n".write(toFile: swayConfig, atomically: true, encoding: .utf8)
        sway.probe.swayConfigPath = swayConfig
        _ = try sway.writeConfig("bindings:\n  - gesture: swipe:3\n    mode: continuous\n    exec: a\n")
        let swayCollisions = try #require(sway.check("collisions"))
        #expect(swayCollisions.verdict == .warning)
        #expect(swayCollisions.detail.contains("bindgesture swipe:3:right workspace prev"))
    }

    /// Listens on a `SOCK_SEQPACKET` socket at `path`, as gesto-inputd does; never accepts
    /// (a Unix connect is answered from the backlog). Close the descriptor to stop.
    static func listenAsInputProxy(at path: String) throws -> CInt {
        let fd = socket(AF_UNIX, CInt(SOCK_SEQPACKET.rawValue) | CInt(SOCK_CLOEXEC.rawValue), 0)
        try #require(fd >= 0)
        try #require(gesto_unix_bind(fd, path) == 0, "bind \(path): errno \(errno)")
        try #require(listen(fd, 4) == 0)
        return fd
    }

    /// Issue 33: doctor says whether the input proxy runs; where it does not and the
    /// compositor's own gestures take bound ones (GNOME: no switch for them), it names the
    /// command that lets gesto own them and what that costs. Elsewhere it is not needed.
    @Test func theInputProxyCheckSaysWhetherItRunsAndWhatItWouldChange() throws {
        let gnome = try FakeMachine(environment: ["XDG_CURRENT_DESKTOP": "GNOME"])
        _ = try gnome.writeConfig("bindings:\n  - gesture: swipe:3:left\n    exec: a\n")
        let off = try #require(gnome.check("input proxy"))
        #expect(off.verdict == .warning)
        #expect(off.detail.contains("GNOME's built-in touchpad gestures cannot be turned off"), "\(off.detail)")
        #expect(off.fix?.contains("`sudo gestoctl enable --input-proxy` lets gesto own its gestures") == true, "\(off.fix ?? "")")
        #expect(off.fix?.contains("a root system service with access to every touchpad and to /dev/uinput") == true)

        // Running: the check says so, whatever the compositor. A stale file nobody listens on
        // (the proxy was killed) is not running.
        let path = gnome.folder.file("inputd.sock")
        let listening = try Self.listenAsInputProxy(at: path)
        gnome.probe.inputProxySocket = path
        let on = try #require(gnome.check("input proxy"))
        #expect(on.verdict == .ok)
        #expect(on.detail.hasPrefix("gesto-inputd runs"), "\(on.detail)")
        #expect(on.fix == nil)
        close(listening)
        #expect(gnome.check("input proxy")?.detail.hasPrefix("gesto-inputd does not run") == true)

        // Without a colliding binding it is only said, not warned about.
        let niri = try FakeMachine(environment: ["NIRI_SOCKET": "/run/niri.sock"])
        _ = try niri.writeConfig("bindings:\n  - gesture: pinch:2:in\n    exec: a\n")
        let quiet = try #require(niri.check("input proxy"))
        #expect(quiet.verdict == .ok)
        #expect(quiet.detail.contains("niri's built-in touchpad gestures cannot be turned off"))
        #expect(quiet.fix?.contains("sudo gestoctl enable --input-proxy") == true)

        // sway binds no swipe by itself: nothing to withhold.
        let sway = try FakeMachine(environment: ["SWAYSOCK": "/run/sway.sock"])
        let notNeeded = try #require(sway.check("input proxy"))
        #expect(notNeeded.verdict == .ok && notNeeded.fix == nil)
        #expect(notNeeded.detail.contains("not needed"), "\(notNeeded.detail)")
    }

    /// A drag binding: doctor names its route (gestod's virtual pointer) and that the
    /// compositor still receives the swipe: harmless on sway, a warning where the desktop has
    /// its own gestures; nothing without a drag binding.
    @Test func aDragSaysItsRouteAndThatTheCompositorStillGetsTheSwipe() throws {
        let sway = try FakeMachine(environment: ["SWAYSOCK": "/run/sway.sock"])
        _ = try sway.writeConfig("bindings:\n  - gesture: swipe:3\n    drag: left\n")
        let onSway = try #require(sway.check("drag"))
        #expect(onSway.verdict == .ok)
        #expect(onSway.detail.contains("binding 1 (swipe:3, drag: left): gestod holds the button through the compositor's virtual pointer"))
        #expect(onSway.detail.contains("still receives the 3-finger swipe itself (harmless: sway binds no swipe by default)"), "\(onSway.detail)")

        let gnome = try FakeMachine(environment: ["XDG_CURRENT_DESKTOP": "GNOME"])
        _ = try gnome.writeConfig("bindings:\n  - gesture: swipe:4\n    drag: right\n")
        let onGnome = try #require(gnome.check("drag"))
        #expect(onGnome.verdict == .warning)
        #expect(onGnome.detail.contains("4-finger swipe") && onGnome.detail.contains("no virtual pointer"), "\(onGnome.detail)")
        #expect(onGnome.fix?.contains("sudo gestoctl enable --input-proxy") == true)

        // Inside Wayfire the plugin drags instead, but only from Wayfire 0.9 (Debian 12's 0.7.4
        // has no gesto-wayfire): the fix says which Wayfire it needs.
        let wayfire = try FakeMachine(environment: ["XDG_CURRENT_DESKTOP": "wayfire"])
        _ = try wayfire.writeConfig("bindings:\n  - gesture: swipe:3\n    drag: left\n")
        let onWayfire = try #require(wayfire.check("drag"))
        #expect(onWayfire.verdict == .ok)
        #expect(onWayfire.fix?.contains("gesto-wayfire plugin (Wayfire 0.9 or newer)") == true, "\(onWayfire.fix ?? "no fix")")

        // With gesto-inputd running, the drag goes through its mouse and the swipe never
        // reaches GNOME: nothing to warn about.
        let path = gnome.folder.file("inputd.sock")
        let listening = try Self.listenAsInputProxy(at: path)
        defer { close(listening) }
        gnome.probe.inputProxySocket = path
        let proxied = try #require(gnome.check("drag"))
        #expect(proxied.verdict == .ok)
        #expect(proxied.detail.contains("gesto-inputd's virtual mouse") && proxied.detail.contains("withholds the 4-finger touches"),
                "\(proxied.detail)")

        _ = try sway.writeConfig("bindings:\n  - gesture: swipe:3:left\n    exec: a\n")
        #expect(sway.check("drag") == nil)
    }

    /// Issue 32 item 6: sway 1.7 (Debian 12) has no `bindgesture` (it came in 1.8), so its
    /// config's lines cannot collide; from 1.8, and when the version is unknown, they do.
    @Test func swayBindgestureLinesCollideOnlyFromSway18() throws {
        func collisions(version: DoctorCommand.SwayVersion?) throws -> DoctorCommand.Check {
            let sway = try FakeMachine(environment: ["SWAYSOCK": "/run/sway.sock"])
            let swayConfig = sway.folder.file("sway-config")
            try "bindgesture swipe:3:right workspace prev\n".write(toFile: swayConfig, atomically: true, encoding: .utf8)
            sway.probe.swayConfigPath = swayConfig
            sway.probe.swayVersion = version
            _ = try sway.writeConfig("bindings:\n  - gesture: swipe:3:right\n    exec: a\n")
            return try #require(sway.check("collisions"))
        }
        let old = try collisions(version: .init(major: 1, minor: 7))
        #expect(old.verdict == .ok)
        #expect(old.detail == "no bound gesture is one sway uses itself (sway 1.7 has no bindgesture: it came in 1.8)")
        #expect(try collisions(version: .init(major: 1, minor: 8)).verdict == .warning)
        #expect(try collisions(version: .init(major: 2, minor: 0)).verdict == .warning)
        #expect(try collisions(version: nil).verdict == .warning)
    }

    /// Issue 32 item 2: a running libinput-gestures, fusuma or Touchégg, and what starts one
    /// again (autostart entries, enabled units, a compositor's exec line), is named with its fix.
    @Test func otherGestureToolsThatRunOrStartAreNamedWithTheirFix() throws {
        let machine = try FakeMachine()
        #expect(machine.check("other tools")?.verdict == .ok)
        try machine.write("python3\0/usr/bin/libinput-gestures\0", to: "proc/812/cmdline")
        try machine.write("ruby\0/usr/local/bin/fusuma\0-d\0", to: "proc/900/cmdline")
        try machine.write("/usr/bin/foot\0", to: "proc/901/cmdline")
        try machine.write("[Desktop Entry]\nExec=libinput-gestures\n", to: "home/.config/autostart/libinput-gestures.desktop")
        try machine.write("[Desktop Entry]\nExec=touchegg\n", to: "xdg-autostart/touchegg.desktop")
        try machine.write("[Unit]\n", to: "systemd-system/multi-user.target.wants/touchegg.service")
        try machine.write("[Unit]\n", to: "home/.config/systemd/user/default.target.wants/fusuma.service")
        try machine.write("output * bg #000000 solid_color\nexec fusuma -d\nexec footclient\n", to: "home/.config/sway/config")
        let check = try #require(machine.check("other tools"))
        #expect(check.verdict == .warning)
        let home = machine.folder.file("home/.config")
        #expect(check.detail.contains("libinput-gestures runs (pid 812)"))
        #expect(check.detail.contains("fusuma runs (pid 900)"))
        #expect(!check.detail.contains("901"))
        #expect(check.detail.contains("\(home)/autostart/libinput-gestures.desktop starts it when you log in"))
        #expect(check.detail.contains("\(machine.folder.file("xdg-autostart"))/touchegg.desktop starts it when you log in"))
        #expect(check.detail.contains("the system unit touchegg.service is enabled"))
        #expect(check.detail.contains("the user unit fusuma.service is enabled"))
        #expect(check.detail.contains("\(home)/sway/config:2 starts it (`exec fusuma -d`)"))
        let fix = try #require(check.fix)
        for expected in ["`libinput-gestures-setup stop`", "`pkill -x fusuma`", "`libinput-gestures-setup autostop`",
                         "`sudo systemctl disable --now touchegg.service`", "`systemctl --user disable --now fusuma.service`",
                         "Hidden=true", "remove that line from \(home)/sway/config"] {
            #expect(fix.contains(expected), "\(expected)")
        }
        // A user's Hidden=true entry hides the global one.
        try machine.write("[Desktop Entry]\nHidden=true\n", to: "home/.config/autostart/touchegg.desktop")
        #expect(machine.check("other tools")?.detail.contains("touchegg.desktop starts it") == false)
    }

    /// Issue 32 item 2: Hyprland's `gesture =` lines (a real config) that overlap a binding.
    @Test func hyprlandGestureLinesThatOverlapABindingAreCollisions() throws {
        let source = ImportReplayTests.corpus + "/hyprland/002-eliteSchwein-mod-scale-float.conf"
        guard FileManager.default.fileExists(atPath: source) else { return }  // the shared corpus is not beside this checkout
        let machine = try FakeMachine(environment: ["HYPRLAND_INSTANCE_SIGNATURE": "x"])
        machine.probe.hyprlandConfigPath = source
        _ = try machine.writeConfig("bindings:\n  - gesture: swipe:4:left\n    exec: a\n  - gesture: swipe:3:up\n    exec: b\n")
        let collisions = try #require(machine.check("collisions"))
        #expect(collisions.verdict == .warning)
        #expect(collisions.detail.contains("binding 2 (swipe:3:up at "))
        #expect(collisions.detail.contains("`gesture = 3, up, mod: SUPER, scale: 1.5, fullscreen`"))
        #expect(collisions.fix?.contains("remove that line from \(source)") == true)
    }

    /// Issue 39: Hyprland 0.55+ reads hyprland.lua first (0.57 writes one binding the 3-finger
    /// horizontal swipe to workspaces and ignores hyprland.conf); doctor read hyprland.conf only.
    /// It reads the config in force, in either language, as `gestoctl import` does, and names
    /// each line Hyprland acts on, a live Lua gesture too.
    @Test func hyprlandLuaGesturesAreCollisionsNamedByTheirLine() throws {
        let machine = try FakeMachine(environment: ["HYPRLAND_INSTANCE_SIGNATURE": "x"])
        try machine.write("gesture = 4, up, dispatcher, exec, foot\n", to: "home/.config/hypr/hyprland.conf")
        try machine.write("""
            hl.config({ input = { touchpad = { natural_scroll = true } } })
            hl.gesture({ fingers = 3, direction = "horizontal", action = "workspace" })
            hl.gesture({ fingers = 4, direction = "down", action = { update = function(e) end } })

            """, to: "home/.config/hypr/hyprland.lua")
        _ = try machine.writeConfig("bindings:\n  - gesture: swipe:3:left\n    exec: a\n  - gesture: swipe:4:down\n    exec: b\n  - gesture: swipe:4:up\n    exec: c\n")
        let collisions = try #require(machine.check("collisions"))
        let lua = machine.folder.file("home/.config/hypr/hyprland.lua")
        #expect(collisions.verdict == .warning)
        #expect(collisions.detail.contains("binding 1 (swipe:3:left at ") && collisions.detail.contains("\(lua):2: `hl.gesture({ fingers = 3, direction = \"horizontal\", action = \"workspace\" })`"),
                "\(collisions.detail)")
        #expect(collisions.detail.contains("binding 2 (swipe:4:down at ") && collisions.detail.contains("\(lua):3:"), "\(collisions.detail)")
        // hyprland.conf is not read where hyprland.lua exists.
        #expect(!collisions.detail.contains("binding 3"), "\(collisions.detail)")
        #expect(collisions.fix?.contains("remove that line from \(lua)") == true)
    }

    /// The hyprlang form, where there is no hyprland.lua; and with no Hyprland config at all,
    /// the workspace swipe of the hyprland.lua a current Hyprland writes, with the Lua fix.
    @Test func hyprlangWorkspaceSwipeAndTheDefaultAreCollisions() throws {
        let machine = try FakeMachine(environment: ["HYPRLAND_INSTANCE_SIGNATURE": "x"])
        _ = try machine.writeConfig("bindings:\n  - gesture: swipe:3:right\n    exec: a\n")
        let unconfigured = try #require(machine.check("collisions"))
        #expect(unconfigured.verdict == .warning)
        #expect(unconfigured.detail.contains("the default hyprland.lua binds them"), "\(unconfigured.detail)")
        #expect(unconfigured.fix?.contains("hl.gesture({ fingers = 3, direction = \"horizontal\", action = \"workspace\" })") == true)
        try machine.write("gesture = 3, horizontal, workspace\n", to: "home/.config/hypr/hyprland.conf")
        let hyprlang = try #require(machine.check("collisions"))
        #expect(hyprlang.detail.contains("hyprland.conf:1: `gesture = 3, horizontal, workspace`"), "\(hyprlang.detail)")
        try machine.write("-- nothing bound\n", to: "home/.config/hypr/hyprland.lua")
        #expect(machine.check("collisions")?.verdict == .ok)
    }

    /// Issue 39: doctor said overlays were ok right after saying the compositor lacks
    /// layer-shell (mutter, weston, cage): no overlay can be shown there.
    @Test func overlaysAreOffWhereTheCompositorLacksLayerShell() throws {
        let layerShell = WaylandSession.Global.layerShell
        let lacking = MissingProtocol(name: layerShell.rawValue, consequence: layerShell.consequence, ruledOut: [])
        let unused = DoctorCommand.overlayCheck(nil, missing: [lacking])
        #expect(unused.verdict == .ok && unused.detail.hasPrefix("off: the compositor lacks zwlr_layer_shell_v1"), "\(unused.detail)")
        var needed = lacking
        needed.ruledOut = [.init(binding: 1, gesture: "swipe:3", action: "exec: a", location: nil, effect: "its feedback overlay is not shown")]
        let warned = DoctorCommand.overlayCheck(nil, missing: [needed])
        #expect(warned.verdict == .warning && warned.detail.hasPrefix("off: the compositor lacks zwlr_layer_shell_v1"))
        #expect(DoctorCommand.overlayCheck(nil, missing: []).detail.contains("the compositor has layer-shell"))
    }

    /// Issue 39: a `sway:` binding on another compositor cannot run, and doctor said nothing.
    @Test func swayBindingsOutsideSwayAreAProblem() throws {
        let config = "bindings:\n  - gesture: swipe:3:left\n    sway: workspace next\n  - gesture: swipe:4:left\n    exec: a\n"
            + "  - gesture: swipe:3:right\n    mode: continuous\n    window-motion: {snap: [left]}\n"
        let labwc = try FakeMachine(environment: ["XDG_CURRENT_DESKTOP": "labwc:wlroots", "LABWC_PID": "7"])
        _ = try labwc.writeConfig(config)
        let check = try #require(labwc.check("sway ipc"))
        #expect(check.verdict == .problem)
        #expect(check.detail.hasPrefix("this is labwc, not sway"), "\(check.detail)")
        #expect(check.detail.contains("binding 1 (swipe:3:left") && check.detail.contains("binding 3 (swipe:3:right"))
        #expect(!check.detail.contains("binding 2"))
        let wayfire = try FakeMachine(environment: ["XDG_CURRENT_DESKTOP": "wayfire"])
        _ = try wayfire.writeConfig(config)
        let inWayfire = try #require(wayfire.check("sway ipc"))
        #expect(inWayfire.detail.contains("binding 1") && !inWayfire.detail.contains("binding 3"), "the plugin carries out window-motion")
        let sway = try FakeMachine(environment: ["SWAYSOCK": "/run/sway.sock"])
        _ = try sway.writeConfig(config)
        #expect(sway.check("sway ipc") == nil)
    }

    @Test func aRunningPausedGestodIsAWarningAndJSONListsEveryCheck() throws {
        let daemon = try TestDaemon(config: "bindings:\n  - gesture: hold:3\n    exec: \"true\"\n")
        defer { daemon.stop() }
        #expect(try daemon.ctl("pause").status == 0)
        let output = StringSink(), errors = StringSink()
        let status = DoctorCommand.run(["--json", "--socket", daemon.socket], output: output, errors: errors)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(output.text.utf8)) as? [String: Any])
        let checks = object["checks"] as? [[String: Any]] ?? []
        let gestod = checks.first { $0["check"] as? String == "gestod" }
        #expect(gestod?["status"] as? String == "warning")
        #expect(gestod?["fix"] as? String == "`gestoctl resume`")
        let config = checks.first { $0["check"] as? String == "config" }
        #expect((config?["detail"] as? String)?.contains("\(daemon.config): valid, 1 binding") == true, "\(output.text)")
        #expect(object["problems"] as? Int ?? 0 >= 1)  // No touchpad on the test machine, or none readable.
        #expect(status == 1)
    }

    // MARK: The compositor's plugin (issue 42)

    /// Hyprland's answer to `j/plugin list` as its s1 socket writes it (0.57: one object per
    /// plugin, a trailing newline inside the list), and the answers that are no list.
    @Test func hyprlandsPluginListIsReadForTheNames() throws {
        let answer = """
        [
        {
            "name": "gesto-hyprland",
            "author": "gesto",
            "handle": "55d0c3a1b2c0",
            "version": "0.6",
            "description": "Touchpad gestures from the gesto config, carried out by libgesto"
        },
        {
            "name": "hyprgrass",
            "author": "horriblename",
            "handle": "55d0c3a1b3f0",
            "version": "0.8.2",
            "description": "Touchscreen gestures"
        }]
        """
        #expect(try CompositorPlugin.hyprlandPluginNames(inPluginList: answer) == ["gesto-hyprland", "hyprgrass"])
        #expect(try CompositorPlugin.hyprlandPluginNames(inPluginList: "[]") == [])
        #expect(throws: CompositorPlugin.PluginListError(answer: "unknown request")) {
            try CompositorPlugin.hyprlandPluginNames(inPluginList: "unknown request")
        }
        #expect(throws: CompositorPlugin.PluginListError(answer: "[{\"author\": \"x\"}]")) {
            try CompositorPlugin.hyprlandPluginNames(inPluginList: "[{\"author\": \"x\"}]")
        }
        #expect(CompositorPlugin.hyprlandSocketPath(environment: ["HYPRLAND_INSTANCE_SIGNATURE": "abc_1_2", "XDG_RUNTIME_DIR": "/run/user/7"])
                == "/run/user/7/hypr/abc_1_2/.socket.sock")
        #expect(CompositorPlugin.hyprlandSocketPath(environment: ["XDG_RUNTIME_DIR": "/run/user/7"]) == nil)
        #expect(CompositorPlugin.hyprlandSocketPath(environment: ["HYPRLAND_INSTANCE_SIGNATURE": "../x"]) == nil)
    }

    /// doctor asks Hyprland's socket itself: a stand-in that answers one request as Hyprland's
    /// s1 socket does (read the request, write the answer, close) gets `j/plugin list`, and its
    /// answer decides the check; a socket nobody listens on leaves it unknown, a warning.
    @Test func doctorAsksHyprlandsSocketWhetherThePluginIsLoaded() throws {
        let machine = try FakeMachine(environment: ["HYPRLAND_INSTANCE_SIGNATURE": "sig", "WAYLAND_DISPLAY": "wayland-1"])
        machine.probe.environment["XDG_RUNTIME_DIR"] = machine.folder.file("run")
        try FileManager.default.createDirectory(atPath: machine.folder.file("run/hypr/sig"), withIntermediateDirectories: true)
        let unknown = try #require(machine.check("plugin"))
        #expect(unknown.verdict == .warning)
        #expect(unknown.detail.contains("did not answer `j/plugin list`"), "\(unknown.detail)")

        let path = machine.folder.file("run/hypr/sig/.socket.sock")
        let listening = socket(AF_UNIX, CInt(SOCK_STREAM.rawValue) | CInt(SOCK_CLOEXEC.rawValue), 0)
        try #require(listening >= 0)
        defer { close(listening) }
        try #require(gesto_unix_bind(listening, path) == 0, "bind \(path): errno \(errno)")
        try #require(listen(listening, 4) == 0)
        let request = LockedRequest()
        let answered = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            let client = accept(listening, nil, nil)
            var buffer = [UInt8](repeating: 0, count: 256)
            let count = read(client, &buffer, buffer.count)
            request.set(String(decoding: buffer.prefix(max(count, 0)), as: UTF8.self))
            let answer = Array("[\n{\n    \"name\": \"gesto-hyprland\",\n    \"author\": \"gesto\",\n    \"handle\": \"1\",\n    \"version\": \"0.6\",\n    \"description\": \"d\"\n}]".utf8)
            _ = write(client, answer, answer.count)
            close(client)
            answered.signal()
        }
        let loaded = try #require(machine.check("plugin"))
        answered.wait()
        #expect(request.value == "j/plugin list")
        #expect(loaded.verdict == .ok, "\(loaded)")
        #expect(loaded.detail.hasPrefix("gesto-hyprland is loaded in Hyprland"), "\(loaded.detail)")
    }

    final class LockedRequest: @unchecked Sendable {
        private let lock = NSLock()
        private var text = ""
        func set(_ value: String) { lock.lock(); text = value; lock.unlock() }
        var value: String { lock.lock(); defer { lock.unlock() }; return text }
    }

    /// Loaded, the plugin consumes and carries out the bindings: gestod running as well is a
    /// warning (both act on every bound gesture) whose fix stops one of them, and gestod not
    /// running is fine. Installed but not loaded, the fix says how to load it, by its path.
    @Test func thePluginCheckSaysWhetherGestodShouldWatchTheTouchpadToo() throws {
        let path = "/usr/lib/x86_64-linux-gnu/hyprland/libgesto-hyprland.so"
        let both = try #require(DoctorCommand.pluginCheck(compositor: "hyprland", state: .loaded, installedPath: path, gestodRuns: true))
        #expect(both.verdict == .warning)
        #expect(both.detail.contains("both watch the touchpad and act on every bound gesture"), "\(both.detail)")
        #expect(both.fix?.contains("`gestoctl disable`") == true, "\(both.fix ?? "")")
        #expect(both.fix?.contains("`hyprctl plugin unload \(path)`") == true, "\(both.fix ?? "")")

        let alone = try #require(DoctorCommand.pluginCheck(compositor: "hyprland", state: .loaded, installedPath: path, gestodRuns: false))
        #expect(alone.verdict == .ok && alone.fix == nil)
        #expect(DoctorCommand.daemonCheck(nil, pluginLoaded: "hyprland").verdict == .ok)
        #expect(DoctorCommand.daemonCheck(nil).verdict == .problem)

        let installed = try #require(DoctorCommand.pluginCheck(compositor: "hyprland", state: .notLoaded, installedPath: path, gestodRuns: true))
        #expect(installed.verdict == .ok)
        #expect(installed.detail.contains("installed (\(path)) but not loaded"), "\(installed.detail)")
        #expect(installed.fix?.contains("`hyprctl plugin load \(path)`") == true, "\(installed.fix ?? "")")
        #expect(installed.fix?.contains("`hl.plugin.load(\"\(path)\")` in hyprland.lua") == true, "\(installed.fix ?? "")")

        let absent = try #require(DoctorCommand.pluginCheck(compositor: "hyprland", state: .notLoaded, installedPath: nil, gestodRuns: true))
        #expect(absent.verdict == .ok && absent.fix == nil)
        #expect(absent.detail.contains("the gesto-hyprland package"), "\(absent.detail)")

        let wayfire = try #require(DoctorCommand.pluginCheck(compositor: "wayfire", state: .loaded, installedPath: nil, gestodRuns: true))
        #expect(wayfire.verdict == .warning)
        #expect(wayfire.fix?.contains("remove gesto-wayfire from `plugins` in the [core] section of wayfire.ini") == true, "\(wayfire.fix ?? "")")

        #expect(DoctorCommand.pluginCheck(compositor: "sway", state: nil, installedPath: nil, gestodRuns: true) == nil)

        // Through checks(): the installed file is found in an architecture's folder, and the
        // answer decides the gestod line.
        let machine = try FakeMachine(environment: ["HYPRLAND_INSTANCE_SIGNATURE": "sig"])
        try machine.write("", to: "lib/x86_64-linux-gnu/hyprland/libgesto-hyprland.so")
        machine.probe.pluginState = { _ in .notLoaded }
        let found = try #require(machine.check("plugin"))
        #expect(found.detail.contains("installed (\(machine.folder.file("lib/x86_64-linux-gnu/hyprland/libgesto-hyprland.so")))"), "\(found.detail)")
        machine.probe.pluginState = { _ in .loaded }
        #expect(machine.check("gestod")?.verdict == .ok)

        // Loaded, it carries out `workspace:` and consumes the bound gestures: no sway IPC is
        // needed for it, nor the input proxy, and the lock state is not gestod's to ask (as
        // doctor said inside the VM stage's Hyprland before this).
        _ = try machine.writeConfig("bindings:\n  - gesture: swipe:3:down\n    workspace: next\n")
        #expect(machine.check("sway ipc") == nil)
        let proxy = try #require(machine.check("input proxy"))
        #expect(proxy.verdict == .ok && proxy.fix == nil, "\(proxy)")
        #expect(proxy.detail.contains("not needed: gesto's plugin consumes the bound gestures inside hyprland"), "\(proxy.detail)")
        #expect(machine.check("session")?.verdict == .ok)
        machine.probe.pluginState = { _ in .notLoaded }
        #expect(machine.check("sway ipc")?.verdict == .problem)
        #expect(machine.check("session")?.verdict == .warning)

        // It carries out `window-motion:` too (the VM stage's drag session): no sway IPC then.
        _ = try machine.writeConfig("bindings:\n  - gesture: pinch:2\n    mode: continuous\n    window-motion: {snap: [back]}\n")
        #expect(machine.check("sway ipc")?.verdict == .problem)
        machine.probe.pluginState = { _ in .loaded }
        #expect(machine.check("sway ipc") == nil)
    }

    /// Wayfire is not asked (its IPC is an optional plugin): wayfire.ini's `[core]` `plugins`
    /// line, which Wayfire follows live, says whether gesto-wayfire is loaded.
    @Test func wayfireIniSaysWhetherGestoWayfireIsLoaded() throws {
        #expect(CompositorPlugin.wayfireConfigLoadsPlugin("[core]\nplugins = vswipe gesto-wayfire expo\n"))
        #expect(CompositorPlugin.wayfireConfigLoadsPlugin("[core]\nplugins = vswipe \\\n  gesto-wayfire\n"))
        #expect(!CompositorPlugin.wayfireConfigLoadsPlugin("[core]\nplugins = vswipe # gesto-wayfire\n"))
        #expect(!CompositorPlugin.wayfireConfigLoadsPlugin("[other]\nplugins = gesto-wayfire\n[core]\nplugins = vswipe\n"))
        #expect(!CompositorPlugin.wayfireConfigLoadsPlugin("[core]\nplugins = gesto-wayfire-old\n"))

        let machine = try FakeMachine(environment: ["XDG_CURRENT_DESKTOP": "Wayfire"])
        try machine.write("[core]\nplugins = gesto-wayfire\n", to: "home/.config/wayfire.ini")
        let loaded = try #require(machine.check("plugin"))
        #expect(loaded.detail.hasPrefix("gesto-wayfire is loaded by wayfire.ini"), "\(loaded.detail)")
        try machine.write("[core]\nplugins = vswipe\n", to: "home/.config/wayfire.ini")
        #expect(machine.check("plugin")?.detail.hasPrefix("gesto-wayfire is not loaded") == true)
    }
}
