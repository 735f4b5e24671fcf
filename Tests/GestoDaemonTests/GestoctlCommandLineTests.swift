// gestoctl's command line follows swaymsg, `niri msg` and hyprctl: options may come before the
// command, `help COMMAND` is the command's help, and a mistyped flag is an unknown option.
import GestoCommandLine
import Testing
@testable import GestoDaemon

@Suite struct GestoctlCommandLineTests {
    @Test func optionsBeforeTheCommandGoToIt() {
        #expect(GestoctlCommandLine.split(["--json", "status"]) == ("status", ["--json"]))
        #expect(GestoctlCommandLine.split(["--socket", "/run/g.sock", "--json", "trigger", "swipe:3:left"])
                == ("trigger", ["--socket", "/run/g.sock", "--json", "swipe:3:left"]))
        #expect(GestoctlCommandLine.split(["status", "--json"]) == ("status", ["--json"]))
        #expect(GestoctlCommandLine.split([]) == ("help", []))
        #expect(GestoctlCommandLine.split(["--version"]) == ("--version", []))
    }

    @Test func helpCommandIsTheCommandsHelp() {
        #expect(GestoctlCommandLine.split(["help", "status"]) == ("status", ["--help"]))
        #expect(GestoctlCommandLine.split(["help"]) == ("help", []))
    }

    @Test func aMistypedFlagIsAnUnknownOptionWhereverItStands() {
        for arguments in [["--jsn"], ["--jsn", "x"]] {
            let output = StringSink(), errors = StringSink()
            #expect(StatusCommand.run(arguments, output: output, errors: errors) == 2)
            #expect(errors.text.contains("unknown option '--jsn'"), "\(arguments): \(errors.text)")
        }
        for arguments in [["config.yaml", "--json"], ["--json", "config.yaml"]] {
            let output = StringSink(), errors = StringSink()
            _ = CheckCommand.run(arguments, output: output, errors: errors)
            #expect(errors.text.contains("unknown option '--json'"), "\(arguments): \(errors.text)")
        }
        let output = StringSink(), errors = StringSink()
        #expect(ReplayCommand.run(["x.txt", "--config"], output: output, errors: errors) == 2)
        #expect(errors.text.contains("--config needs a value"))
    }
}
