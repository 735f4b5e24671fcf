// Starting at login (issue 15 item 5, second half): the user unit is wanted by a target every
// login reaches (Debian 12's sway reaches no graphical-session.target), and `gestoctl enable`
// is the one command that turns it on, with the compositor-config alternative when there is
// no systemd user manager. systemctl is a stand-in script that records its arguments.
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

    @Test func enableTurnsOnAndStartsTheUnitAndDisableUndoesIt() throws {
        let folder = try TemporaryFolder()
        let fake = try fakeSystemctl(in: folder, status: 0)
        let output = StringSink(), errors = StringSink()
        #expect(EnableCommand.run([], enabling: true, output: output, errors: errors, systemctl: fake.program) == 0, "\(errors.text)")
        #expect(output.text.hasPrefix("gestod.service enabled and started"), "\(output.text) \(errors.text)")
        #expect(EnableCommand.run(["--no-start"], enabling: true, output: output, errors: errors, systemctl: fake.program) == 0)
        #expect(EnableCommand.run([], enabling: false, output: output, errors: errors, systemctl: fake.program) == 0)
        let calls = try String(contentsOfFile: fake.log, encoding: .utf8).split(separator: "\n")
        #expect(calls == ["--user enable --now gestod.service", "--user enable gestod.service", "--user disable --now gestod.service"])
        #expect(errors.text.isEmpty)
    }

    @Test func withoutASystemdUserManagerItSaysWhatToPutInTheCompositorsConfig() throws {
        let folder = try TemporaryFolder()
        let failing = try fakeSystemctl(in: folder, status: 1)
        let output = StringSink(), errors = StringSink()
        #expect(EnableCommand.run([], enabling: true, output: output, errors: errors, systemctl: failing.program) == 1)
        #expect(errors.text.contains("failed (exit status 1)"), "\(errors.text)")
        for line in ["sway:      exec gestod", "Hyprland:  exec-once = gestod", "niri:      spawn-at-startup \"gestod\"",
                     "labwc:     gestod &", "river:     riverctl spawn gestod", "Wayfire:   [autostart] gesto = gestod"] {
            #expect(errors.text.contains(line), "\(errors.text)")
        }
        let missing = StringSink()
        #expect(EnableCommand.run([], enabling: true, output: output, errors: missing, systemctl: [folder.file("nothing-here")]) == 1)
        #expect(missing.text.contains("was not found"), "\(missing.text)")
        #expect(EnableCommand.run(["--now"], enabling: true, output: output, errors: missing, systemctl: failing.program) == 2)
    }
}
