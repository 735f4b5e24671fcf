// Starting at login (issue 15 item 5, second half): the user unit is wanted by a target every
// login reaches (Debian 12's sway reaches no graphical-session.target), and `gestoctl enable`
// is the one command that turns it on, with the compositor-config alternative when there is
// no systemd user manager. systemctl is a stand-in script that records its arguments.
import GestoCommandLine
import Foundation
import Testing
@testable import GestoDaemon

@Suite struct EnableCommandTests {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    @Test func theUserUnitIsWantedByDefaultTargetNotOnlyTheGraphicalSession() throws {
        let unit = try String(contentsOf: Self.packageRoot.appendingPathComponent("packaging/gestod.service"), encoding: .utf8)
        let lines = unit.split(separator: "\n").map(String.init).filter { !$0.hasPrefix("#") }
        #expect(lines.contains("WantedBy=default.target"))
        // Bound to graphical-session.target, it would never start, or be stopped, on a sway
        // that never reaches it.
        #expect(!lines.contains { $0.hasPrefix("PartOf=") || $0.hasPrefix("BindsTo=") || $0.hasPrefix("Requires=") })
        #expect(!lines.contains("WantedBy=graphical-session.target"))
    }

    /// A stand-in systemctl that appends its arguments to a file and exits with `status`: a
    /// script run by /bin/sh (executing a file just written races other tests' forks, which
    /// may still hold it open for writing: ETXTBSY).
    func fakeSystemctl(in folder: TemporaryFolder, status: Int) throws -> (program: [String], log: String) {
        let script = folder.file("systemctl"), log = folder.file("systemctl.log")
        try "echo \"$@\" >> '\(log)'\nexit \(status)\n".write(toFile: script, atomically: true, encoding: .utf8)
        return (["/bin/sh", script], log)
    }

    /// A session with a systemd user manager (its private socket, as a plain file, in a
    /// runtime folder of the test's) and a home of its own.
    func sessionWithUserManager(in folder: TemporaryFolder) throws -> [String: String] {
        try FileManager.default.createDirectory(atPath: folder.file("run/systemd"), withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: folder.file("run/systemd/private"), contents: nil)
        return ["XDG_RUNTIME_DIR": folder.file("run"), "HOME": folder.file("home")]
    }

    @Test func enableTurnsOnAndStartsTheUnitAndDisableUndoesIt() throws {
        let folder = try TemporaryFolder()
        let fake = try fakeSystemctl(in: folder, status: 0)
        let session = try sessionWithUserManager(in: folder)
        let output = StringSink(), errors = StringSink()
        #expect(EnableCommand.run([], enabling: true, output: output, errors: errors, systemctl: fake.program, environment: session) == 0, "\(errors.text)")
        #expect(output.text.hasPrefix("gestod.service enabled and started"), "\(output.text) \(errors.text)")
        #expect(EnableCommand.run(["--no-start"], enabling: true, output: output, errors: errors, systemctl: fake.program, environment: session) == 0)
        #expect(EnableCommand.run([], enabling: false, output: output, errors: errors, systemctl: fake.program, environment: session) == 0)
        // With a user manager no autostart entry is written: the unit alone starts gestod.
        #expect(!FileManager.default.fileExists(atPath: folder.file("home/.config/autostart/gestod.desktop")))
        let calls = try String(contentsOfFile: fake.log, encoding: .utf8).split(separator: "\n")
        #expect(calls == ["--user enable --now gestod.service", "--user enable gestod.service", "--user disable --now gestod.service"])
        #expect(errors.text.isEmpty)
    }

    @Test func aFailingSystemctlSaysWhatToPutInTheCompositorsConfig() throws {
        let folder = try TemporaryFolder()
        let failing = try fakeSystemctl(in: folder, status: 1)
        let session = try sessionWithUserManager(in: folder)
        let output = StringSink(), errors = StringSink()
        #expect(EnableCommand.run([], enabling: true, output: output, errors: errors, systemctl: failing.program, environment: session) == 1)
        #expect(errors.text.contains("failed (exit status 1)"), "\(errors.text)")
        for line in ["sway:      exec gestod", "Hyprland:  hl.on(\"hyprland.start\", function() hl.exec_cmd(\"gestod\") end)    (~/.config/hypr/hyprland.lua)",
                     "niri:      spawn-at-startup \"gestod\"",
                     "labwc:     gestod &", "river:     riverctl spawn gestod", "Wayfire:   [autostart] gesto = gestod"] {
            #expect(errors.text.contains(line), "\(errors.text)")
        }
        let missing = StringSink()
        #expect(EnableCommand.run([], enabling: true, output: output, errors: missing, systemctl: [folder.file("nothing-here")], environment: session) == 1)
        #expect(missing.text.contains("was not found"), "\(missing.text)")
        #expect(EnableCommand.run(["--now"], enabling: true, output: output, errors: missing, systemctl: failing.program, environment: session) == 2)
    }

    // Issue 32 item 5: autostart is opt-in everywhere. Without a systemd user manager, enable
    // writes a per-user XDG autostart entry (and never runs systemctl); disable removes exactly
    // that entry, and never one the user wrote.
    @Test func withoutAUserManagerEnableWritesAPerUserAutostartEntryAndDisableRemovesIt() throws {
        let folder = try TemporaryFolder()
        let fake = try fakeSystemctl(in: folder, status: 0)
        let session = ["XDG_RUNTIME_DIR": folder.file("run-without-manager"), "XDG_CONFIG_HOME": folder.file("config")]
        let entry = folder.file("config/autostart/gestod.desktop")
        let output = StringSink(), errors = StringSink()
        #expect(EnableCommand.run(["--no-start"], enabling: true, output: output, errors: errors, systemctl: fake.program, environment: session) == 0,
                "\(errors.text)")
        let text = try String(contentsOfFile: entry, encoding: .utf8)
        #expect(text.hasPrefix("[Desktop Entry]\n"))
        for line in ["Type=Application", "Terminal=false", "NoDisplay=true", EnableCommand.autostartMarker] {
            #expect(text.split(separator: "\n").contains { $0 == line }, "\(line): \(text)")
        }
        #expect(text.split(separator: "\n").contains { $0.hasPrefix("Exec=") && $0.hasSuffix("gestod") }, "\(text)")
        #expect(output.text.contains("wrote \(entry)"), "\(output.text)")
        #expect(output.text.contains("sway:      exec gestod"), "\(output.text)")
        #expect(!FileManager.default.fileExists(atPath: fake.log), "systemctl ran without a user manager")

        #expect(EnableCommand.run([], enabling: false, output: output, errors: errors, systemctl: fake.program, environment: session) == 0)
        #expect(!FileManager.default.fileExists(atPath: entry))
        #expect(output.text.contains("removed \(entry)"), "\(output.text)")
        #expect(!FileManager.default.fileExists(atPath: fake.log), "systemctl ran without a user manager")
        #expect(errors.text.isEmpty, "\(errors.text)")
    }

    @Test func disableLeavesAnAutostartEntryTheUserWrote() throws {
        let folder = try TemporaryFolder()
        let fake = try fakeSystemctl(in: folder, status: 0)
        try FileManager.default.createDirectory(atPath: folder.file("home/.config/autostart"), withIntermediateDirectories: true)
        let own = "[Desktop Entry]\nType=Application\nName=mine\nExec=gestod --log-level debug\n"
        try own.write(toFile: folder.file("home/.config/autostart/gestod.desktop"), atomically: true, encoding: .utf8)
        let session = ["HOME": folder.file("home")]
        let output = StringSink(), errors = StringSink()
        #expect(EnableCommand.run([], enabling: false, output: output, errors: errors, systemctl: fake.program, environment: session) == 0)
        #expect(try String(contentsOfFile: folder.file("home/.config/autostart/gestod.desktop"), encoding: .utf8) == own)
        #expect(output.text.contains("was not written by gestoctl enable: left alone"), "\(output.text)")
        // enable does not overwrite it either.
        #expect(EnableCommand.run(["--no-start"], enabling: true, output: output, errors: errors, systemctl: fake.program, environment: session) == 0)
        #expect(try String(contentsOfFile: folder.file("home/.config/autostart/gestod.desktop"), encoding: .utf8) == own)
    }

    /// Issue 39: in a sway session without a systemd user manager, enable wrote an XDG autostart
    /// entry sway never runs, listed six compositors' lines, started nothing and exited 0. It
    /// says sway's line only, writes no entry, starts gestod now (the real one, answering on its
    /// socket), and exits 1 until the line is in sway's config.
    @Test func onSwayWithoutAUserManagerEnableSaysSwaysLineAndStartsGestodNow() throws {
        let folder = try TemporaryFolder()
        let runtime = folder.file("run")
        try FileManager.default.createDirectory(atPath: runtime, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
        let session = ["HOME": folder.file("home"), "XDG_RUNTIME_DIR": runtime, "SWAYSOCK": folder.file("no-sway.sock"),
                       "WAYLAND_DISPLAY": folder.file("no-wayland")]
        var started: Int32 = 0
        defer { if started > 0 { kill(started, SIGTERM) } }
        let first = try runGestoctl(["enable"], environment: session)
        if let range = first.output.range(of: "started gestod now (pid ") {
            started = Int32(first.output[range.upperBound...].prefix { $0.isNumber }) ?? 0
        }
        #expect(first.status == 1, "\(first.output)\(first.errors)")
        #expect(first.output.contains("sway runs no XDG autostart, and this session has no systemd user manager: "
                                      + "gestod does not start at login until you add this line to ~/.config/sway/config:\n  exec gestod\n"),
                "\(first.output)")
        #expect(!first.output.contains("Hyprland") && !first.output.contains("niri"), "only sway's line: \(first.output)")
        #expect(!FileManager.default.fileExists(atPath: folder.file("home/.config/autostart/gestod.desktop")))
        #expect(started > 0, "\(first.output)\(first.errors)")
        let status = try #require(DoctorCommand.daemonStatus(at: runtime + "/gesto/gestod.sock"), "gestod does not answer")
        #expect(status.pid == Int(started))
        // Once sway's config starts it, enable is done: gestod runs and starts at login.
        try FileManager.default.createDirectory(atPath: folder.file("home/.config/sway"), withIntermediateDirectories: true)
        try "exec gestod\n".write(toFile: folder.file("home/.config/sway/config"), atomically: true, encoding: .utf8)
        let second = try runGestoctl(["enable"], environment: session)
        #expect(second.status == 0, "\(second.output)\(second.errors)")
        #expect(second.output.contains("sway starts gestod at login: \(folder.file("home/.config/sway/config")):1: exec gestod"), "\(second.output)")
        #expect(second.output.contains("gestod already runs (pid \(started))"), "\(second.output)")
        // disable stops it, as the unit's stop would.
        let third = try runGestoctl(["disable"], environment: session)
        #expect(third.status == 0 && third.output.contains("stopped gestod (pid \(started))"), "\(third.output)\(third.errors)")
        #expect(eventually { kill(started, 0) != 0 || DoctorCommand.daemonStatus(at: runtime + "/gesto/gestod.sock") == nil })
    }

    // Issue 33: the input proxy is a system unit, switched with --input-proxy by root only;
    // anyone else is told the sudo command and nothing runs.
    @Test func rootSwitchesTheInputProxysSystemUnit() throws {
        let folder = try TemporaryFolder()
        let fake = try fakeSystemctl(in: folder, status: 0)
        let output = StringSink(), errors = StringSink()
        #expect(EnableCommand.run(["--input-proxy"], enabling: true, output: output, errors: errors, systemctl: fake.program, environment: [:], isRoot: true) == 0, "\(errors.text)")
        #expect(output.text.hasPrefix("gesto-inputd.service enabled and started"), "\(output.text)")
        #expect(output.text.contains("a root system service with access to every touchpad and to /dev/uinput"))
        #expect(output.text.contains("`sudo gestoctl disable --input-proxy` turns it off"))
        #expect(EnableCommand.run(["--input-proxy", "--no-start"], enabling: true, output: output, errors: errors, systemctl: fake.program, environment: [:], isRoot: true) == 0)
        #expect(EnableCommand.run(["--input-proxy"], enabling: false, output: output, errors: errors, systemctl: fake.program, environment: [:], isRoot: true) == 0)
        #expect(output.text.contains("gesto-inputd.service disabled and stopped"))
        let calls = try String(contentsOfFile: fake.log, encoding: .utf8).split(separator: "\n")
        // A system unit: no --user, and gestod's user unit is left alone.
        #expect(calls == ["enable --now gesto-inputd.service", "enable gesto-inputd.service", "disable --now gesto-inputd.service"])
        #expect(errors.text.isEmpty, "\(errors.text)")

        let failing = try fakeSystemctl(in: folder, status: 5)
        let failed = StringSink()
        #expect(EnableCommand.run(["--input-proxy"], enabling: true, output: output, errors: failed, systemctl: failing.program, environment: [:], isRoot: true) == 1)
        #expect(failed.text.contains("gestoctl enable --input-proxy: `systemctl enable --now gesto-inputd.service` failed (exit status 5)"), "\(failed.text)")
    }

    @Test func withoutRootTheInputProxySaysTheSudoCommandAndRunsNothing() throws {
        let folder = try TemporaryFolder()
        let fake = try fakeSystemctl(in: folder, status: 0)
        let output = StringSink(), errors = StringSink()
        #expect(EnableCommand.run(["--input-proxy"], enabling: true, output: output, errors: errors, systemctl: fake.program, environment: [:], isRoot: false) == 1)
        #expect(errors.text.contains("gesto-inputd.service is a system service, so this needs root: run\n  sudo gestoctl enable --input-proxy\n"), "\(errors.text)")
        #expect(errors.text.contains("/dev/uinput"))
        let stopping = StringSink()
        #expect(EnableCommand.run(["--no-stop", "--input-proxy"], enabling: false, output: output, errors: stopping, systemctl: fake.program, environment: [:], isRoot: false) == 1)
        #expect(stopping.text.contains("  sudo gestoctl disable --no-stop --input-proxy\n"), "\(stopping.text)")
        #expect(!FileManager.default.fileExists(atPath: fake.log), "systemctl ran without root")
        #expect(output.text.isEmpty)
    }

    /// The input proxy's unit: a root service confined to the input devices and /dev/uinput,
    /// which the package installs and does not enable. PrivateNetwork stays off: it would cut
    /// udev's netlink events off (systemd.exec(5)), and with them hotplug.
    @Test func theInputProxysUnitIsConfinedAndInstalledDisabled() throws {
        let unit = try String(contentsOf: Self.packageRoot.appendingPathComponent("packaging/gesto-inputd.service"), encoding: .utf8)
        let lines = Set(unit.split(separator: "\n").map(String.init).filter { !$0.hasPrefix("#") })
        for line in ["ExecStart=/usr/sbin/gesto-inputd", "WantedBy=multi-user.target", "CapabilityBoundingSet=", "DevicePolicy=closed",
                     "DeviceAllow=char-input rw", "DeviceAllow=/dev/uinput rw", "RestrictAddressFamilies=AF_UNIX AF_NETLINK",
                     "RuntimeDirectory=gesto-inputd", "RuntimeDirectoryMode=0755", "ProtectSystem=strict", "ProtectKernelModules=yes",
                     "NoNewPrivileges=yes", "SystemCallFilter=@system-service", "Restart=on-failure"] {
            #expect(lines.contains(line), "\(line)")
        }
        #expect(!lines.contains { $0.hasPrefix("PrivateNetwork=") || $0.hasPrefix("User=") || $0.hasPrefix("ExecStartPre=") })
        let debian = Self.packageRoot.appendingPathComponent("packaging/debian")
        let rules = try String(contentsOf: debian.appendingPathComponent("rules"), encoding: .utf8)
        #expect(rules.contains("dh_installsystemd -pgesto --no-enable gesto-inputd.service"))
        let install = try String(contentsOf: debian.appendingPathComponent("gesto.install"), encoding: .utf8)
        for line in ["usr/sbin/gesto-inputd", "packaging/gesto-inputd.service usr/lib/systemd/system",
                     "packaging/udev/71-gesto-inputd.rules usr/lib/udev/rules.d"] {
            #expect(install.split(separator: "\n").contains { $0 == line }, "\(line)")
        }
    }

    /// The package starts gestod for nobody by itself: it installs no global XDG autostart
    /// entry (every session of every user would run it), only the user unit, not enabled.
    @Test func thePackageInstallsNoGlobalAutostartEntry() throws {
        let debian = Self.packageRoot.appendingPathComponent("packaging/debian")
        for name in try FileManager.default.contentsOfDirectory(atPath: debian.path) where name.hasSuffix(".install") {
            let text = try String(contentsOf: debian.appendingPathComponent(name), encoding: .utf8)
            let lines = text.split(separator: "\n").filter { !$0.hasPrefix("#") }
            #expect(!lines.contains { $0.contains("xdg/autostart") || $0.hasSuffix(".desktop") }, "\(name): \(text)")
        }
        let rules = try String(contentsOf: debian.appendingPathComponent("rules"), encoding: .utf8)
        #expect(rules.contains("dh_installsystemduser --no-enable"))
    }
}
