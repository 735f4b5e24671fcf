// `gestoctl import` and `gestoctl init --from`: the command line around GestoImport. Output
// goes to stdout or -o FILE (never over a file without --force), warnings and the count to
// stderr, --json gives the same as data, and the tool's usual path is found from HOME.
import GestoCommandLine
import Foundation
import Testing
import GestoConfig
@testable import GestoDaemon

@Suite struct ImportCommandTests {
    /// A fresh folder with a libinput-gestures config in it.
    static func folder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("gesto-import-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent(".config"), withIntermediateDirectories: true)
        try """
        gesture swipe up 3 _internal ws_up
        gesture swipe down xdotool key super+Tab # overview
        device DLL0945:00 06CB:CDE6 Touchpad
        gesture swipe left 3
        """.write(to: folder.appendingPathComponent(".config/libinput-gestures.conf"), atomically: true, encoding: .utf8)
        return folder
    }

    @Test func printsTheConfigAndCountsOnStderr() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = StringSink(), errors = StringSink()
        let status = ImportCommand.run(["libinput-gestures"], output: output, errors: errors, environment: ["HOME": folder.path])
        #expect(status == 0)
        #expect(output.text.contains("# libinput-gestures.conf:1: gesture swipe up 3 _internal ws_up\n  - {gesture: swipe:3:up, sway: workspace next}"))
        #expect(output.text.contains("  - {gesture: swipe:4:down, keys: super+Tab}"))
        #expect(output.text.contains("#   not importable: gestod reads every touchpad"))
        let config = try Config.parse(output.text, file: "out")
        #expect(config.bindings.count == 3)
        #expect(errors.text.contains("libinput-gestures.conf:2:42: warning: libinput-gestures has no comments after a command"))
        #expect(errors.text.contains("libinput-gestures.conf:4:20: warning: the gesture has no command after its finger count"))
        #expect(errors.text.contains("imported 3 bindings from 2 lines of \(folder.path)/.config/libinput-gestures.conf, 2 not importable: see the comments"))
    }

    /// What the imported bindings need on the desktop the import runs on, said on stderr: GNOME
    /// and KDE Plasma offer gestod no virtual keyboard, window list or virtual pointer; with no
    /// compositor known, workspace switching went to sway's command.
    @Test func notesWhatTheBindingsNeedOnThisDesktop() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = folder.appendingPathComponent("touchegg.conf").path
        try """
        <touchégg>
            <application name="All">
                <gesture type="DRAG" fingers="3" direction="ALL"><action type="DRAG_AND_DROP">BUTTON=1</action></gesture>
                <gesture type="DRAG" fingers="4" direction="UP"><action type="SEND_KEYS">Super+W</action></gesture>
                <gesture type="DRAG" fingers="4" direction="DOWN"><action type="MINIMIZE_WINDOW"></action></gesture>
            </application>
        </touchégg>
        """.write(toFile: source, atomically: true, encoding: .utf8)
        for desktop in ["GNOME", "KDE"] {
            let errors = StringSink()
            #expect(ImportCommand.run(["touchegg", source], output: StringSink(), errors: errors,
                                      environment: ["HOME": folder.path, "XDG_CURRENT_DESKTOP": desktop]) == 0)
            let name = desktop == "GNOME" ? "GNOME" : "KDE Plasma"
            #expect(errors.text.contains("gestoctl import: note: 1 keys: binding cannot run on \(name), which offers gestod no virtual keyboard"))
            #expect(errors.text.contains("gestoctl import: note: 1 window: binding cannot run on \(name)"))
            #expect(errors.text.contains("gestoctl import: note: 1 drag: binding need the input proxy on \(name)") == false)
            #expect(errors.text.contains("gestoctl import: note: 1 drag: binding needs the input proxy on \(name)"))
        }
        let quiet = StringSink()
        #expect(ImportCommand.run(["touchegg", source], output: StringSink(), errors: quiet,
                                  environment: ["HOME": folder.path, "SWAYSOCK": "/run/sway.sock"]) == 0)
        #expect(!quiet.text.contains("note:"))
        // No compositor known: the workspace switching of the libinput-gestures config is sway's.
        let unknown = StringSink()
        #expect(ImportCommand.run(["libinput-gestures"], output: StringSink(), errors: unknown, environment: ["HOME": folder.path]) == 0)
        #expect(unknown.text.contains("gestoctl import: note: no compositor was given or detected"))
        #expect(unknown.text.contains("1 sway: binding run only on sway") == false)
        #expect(unknown.text.contains("1 sway: binding runs only on sway"))
        let given = StringSink()
        #expect(ImportCommand.run(["libinput-gestures", "--compositor", "sway"], output: StringSink(), errors: given,
                                  environment: ["HOME": folder.path]) == 0)
        #expect(!given.text.contains("note:"))
    }

    @Test func writesWithOutputAndOverwritesOnlyWithForce() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = folder.appendingPathComponent(".config/libinput-gestures.conf").path
        let destination = folder.appendingPathComponent("gesto/config.yaml").path
        let output = StringSink(), errors = StringSink()
        #expect(ImportCommand.run(["libinput-gestures", source, "-o", destination], output: output, errors: errors, environment: [:]) == 0)
        #expect(output.text.isEmpty)
        #expect(ConfigFile.load(path: destination).isSuccess)
        try "mine\n".write(toFile: destination, atomically: true, encoding: .utf8)
        let refused = StringSink()
        #expect(ImportCommand.run(["libinput-gestures", source, "-o", destination], output: output, errors: refused, environment: [:]) == 1)
        #expect(refused.text.contains("already exists; give --force to overwrite it"))
        #expect(try String(contentsOfFile: destination, encoding: .utf8) == "mine\n")
        #expect(ImportCommand.run(["libinput-gestures", source, "-o", destination, "--force"], output: output, errors: errors, environment: [:]) == 0)
        #expect(try String(contentsOfFile: destination, encoding: .utf8).contains("workspace next"))
    }

    @Test func jsonGivesBindingsSkipsAndWarnings() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = StringSink(), errors = StringSink()
        #expect(ImportCommand.run(["--json", "libinput-gestures", "--compositor", "hyprland"], output: output, errors: errors,
                                  environment: ["HOME": folder.path]) == 0)
        let object = try #require(JSONSerialization.jsonObject(with: Data(output.text.utf8)) as? [String: Any])
        let bindings = try #require(object["bindings"] as? [[String: Any]])
        #expect(bindings.first?["gesture"] as? String == "swipe:3:up")
        #expect(bindings.first?["action"] as? String == "exec")
        #expect(bindings.first?["value"] as? String == "hyprctl dispatch workspace m+1")
        #expect((object["not_importable"] as? [Any])?.count == 2)
        let warnings = try #require(object["warnings"] as? [[String: Any]])
        #expect(warnings.first?["line"] as? Int == 2)
        #expect((object["config"] as? String)?.hasPrefix("# gesto config imported from") == true)
    }

    @Test func badUsageIsExitStatusTwo() {
        let output = StringSink(), errors = StringSink()
        #expect(ImportCommand.run([], output: output, errors: errors, environment: [:]) == 2)
        #expect(ImportCommand.run(["kwin"], output: output, errors: errors, environment: [:]) == 2)
        #expect(errors.text.contains("unknown format 'kwin' (expected libinput-gestures, fusuma, touchegg, sway, hyprland)"))
        #expect(ImportCommand.run(["sway", "--compositor", "kwin"], output: output, errors: errors, environment: [:]) == 2)
        #expect(ImportCommand.run(["fusuma", "--fusuma-version", "x"], output: output, errors: errors, environment: [:]) == 2)
        #expect(ImportCommand.run(["sway", "--force"], output: output, errors: errors, environment: [:]) == 2)
        #expect(ImportCommand.run(["sway", "a", "b"], output: output, errors: errors, environment: [:]) == 2)
        #expect(ImportCommand.run(["--help"], output: output, errors: errors, environment: [:]) == 0)
        #expect(output.text.contains("usage: gestoctl import FORMAT [FILE]"))
    }

    @Test func aMissingSourceNamesWhereItLooked() {
        let output = StringSink(), errors = StringSink()
        #expect(ImportCommand.run(["fusuma"], output: output, errors: errors, environment: ["HOME": "/nonexistent"]) == 1)
        #expect(errors.text.contains("no fusuma config found (looked at /nonexistent/.config/fusuma/config.yml"))
        #expect(ImportCommand.run(["sway", "/nonexistent/config"], output: output, errors: errors, environment: [:]) == 1)
        #expect(errors.text.contains("/nonexistent/config: error: cannot read the config"))
    }

    @Test func initFromStartsFromAnImport() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = folder.appendingPathComponent(".config/libinput-gestures.conf").path
        let destination = folder.appendingPathComponent("new/config.yaml").path
        #expect(InitCommand.run(["--from", "libinput-gestures", source, "--output", destination]) == 0)
        let written = try String(contentsOfFile: destination, encoding: .utf8)
        #expect(written.contains("{gesture: swipe:3:up, sway: workspace next}"))
        #expect(InitCommand.run(["--from", "libinput-gestures", source, "--output", destination]) == 1)
        #expect(InitCommand.run(["--from", "kwin"]) == 2)
    }

    /// Issue 32 item 2: import ends with what to stop or remove: the peer's autostart entry,
    /// or the compositor's own gesture lines, by file and line (real configs).
    @Test func importEndsWithTheSwitchOverSteps() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let autostart = folder.appendingPathComponent(".config/autostart")
        try FileManager.default.createDirectory(at: autostart, withIntermediateDirectories: true)
        try "[Desktop Entry]\nExec=libinput-gestures\n".write(to: autostart.appendingPathComponent("libinput-gestures.desktop"), atomically: true, encoding: .utf8)
        let output = StringSink(), errors = StringSink()
        #expect(ImportCommand.run(["libinput-gestures"], output: output, errors: errors, environment: ["HOME": folder.path]) == 0)
        #expect(errors.text.contains("to switch over, stop libinput-gestures, or each gesture acts twice:"), "\(errors.text)")
        #expect(errors.text.contains("\(autostart.path)/libinput-gestures.desktop starts it when you log in: `libinput-gestures-setup autostop`"))

        let sway = ImportReplayTests.corpus + "/sway/003-NF02-any-fingers.conf"
        guard FileManager.default.fileExists(atPath: sway) else { return }  // the shared corpus is not beside this checkout
        let swayErrors = StringSink()
        #expect(ImportCommand.run(["sway", sway], output: StringSink(), errors: swayErrors, environment: [:]) == 0)
        #expect(swayErrors.text.contains("to switch over, remove (or comment out) these bindgesture lines, which gesto runs now, then `swaymsg reload`:"))
        #expect(swayErrors.text.contains("  \(sway):3: bindgesture swipe:right workspace prev\n  \(sway):4: bindgesture swipe:left workspace next"), "\(swayErrors.text)")

        // init --from says the same.
        let initErrors = StringSink()
        let written = folder.appendingPathComponent("out/config.yaml").path
        #expect(InitCommand.declaration.execute(["--from", "sway", sway, "-o", written],
                                                in: CommandContext(output: StringSink(), errors: initErrors, environment: [:])) == 0)
        #expect(initErrors.text.contains("\(sway):3: bindgesture swipe:right workspace prev"), "\(initErrors.text)")
    }
}

extension Result {
    var isSuccess: Bool { if case .success = self { true } else { false } }
}
