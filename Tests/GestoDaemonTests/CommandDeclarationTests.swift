// gestoctl's commands are declared once (CommandDeclaration) and everything a user reads about
// them is made from that: the packaged completions are `gestoctl completion SHELL`'s output,
// the man page's SYNOPSIS names exactly the declared commands, and the help and the argument
// checks know every declared option and choice.
import GestoCommandLine
import Foundation
import Testing
import GestoConfig
import GestoCore
@testable import GestoDaemon

@Suite struct CommandDeclarationTests {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    @Test(arguments: CompletionShell.allCases)
    func packagedCompletionIsTheCommandsOutput(shell: CompletionShell) throws {
        let packaged = try String(contentsOf: Self.packageRoot.appendingPathComponent(shell.packagedPath), encoding: .utf8)
        let output = StringSink(), errors = StringSink()
        #expect(CompletionCommand.declaration.execute([shell.rawValue], in: CommandContext(output: output, errors: errors)) == 0)
        #expect(packaged == output.text,
                "\(shell.packagedPath) differs from `gestoctl completion \(shell.rawValue)`: regenerate it with that command")
    }

    /// The first word after `gestoctl` on each line of the man page's SYNOPSIS, and the words
    /// of a `{a | b}` list.
    static func synopsisCommands() throws -> Set<String> {
        let page = try String(contentsOf: Self.packageRoot.appendingPathComponent("packaging/man/gestoctl.1"), encoding: .utf8)
        let lines = page.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let start = try #require(lines.firstIndex(of: ".SH SYNOPSIS"))
        let end = try #require(lines[(start + 1)...].firstIndex { $0.hasPrefix(".SH ") })
        var names: Set<String> = []
        var afterBareName = false
        for line in lines[(start + 1)..<end] {
            let words = line.split(separator: " ").map { String($0).replacing("\\-", with: "-") }
            if words.first == ".B", words.count > 1, words[1] == "gestoctl" {
                if words.count > 2 { names.insert(words[2]) }
                afterBareName = words.count == 2
                continue
            }
            if afterBareName, words.first == ".RB", words.count > 1, words[1] == "{" {
                for word in words.dropFirst(2) where word != "|" && word != "}" { names.insert(word) }
            }
            afterBareName = false
        }
        return names
    }

    @Test func manSynopsisNamesEveryDeclaredCommandAndNoOther() throws {
        let declared = Set(GestoctlMain.commands.map(\.name))
        let synopsis = try Self.synopsisCommands()
        #expect(declared.subtracting(synopsis).isEmpty, "declared but not in gestoctl(1)'s SYNOPSIS: \(declared.subtracting(synopsis).sorted())")
        #expect(synopsis.subtracting(declared).isEmpty, "in gestoctl(1)'s SYNOPSIS but not declared: \(synopsis.subtracting(declared).sorted())")
    }

    @Test func everyOptionIsInItsCommandsHelpAndEveryCommandInTheOverview() {
        let overview = GestoctlMain.usage
        for command in GestoctlMain.commands {
            if command.group != .unlisted { #expect(overview.contains("\n  \(command.name)"), "\(command.name)") }
            let help = CommandHelp.text(of: command)
            for option in (command.subcommands.isEmpty ? [command] : command.subcommands).flatMap(\.options) {
                #expect(help.contains("--" + option.name), "\(command.name) --help lacks --\(option.name)")
            }
        }
    }

    /// Only the commands that need a running gestod are listed under the heading that says so:
    /// doctor, enable and disable work without one.
    @Test func theOverviewListsUnderTheDaemonsHeadingOnlyWhatNeedsGestod() {
        let overview = GestoctlMain.usage
        let daemonPart = overview.components(separatedBy: "Commands that talk to the running gestod")[1]
            .components(separatedBy: "\n\n")[0]
        for name in ["doctor", "enable", "disable", "init"] {
            #expect(!daemonPart.contains("\n  \(name) "), "\(name) is listed as talking to gestod:\n\(overview)")
        }
        #expect(daemonPart.contains("\n  status "))
    }

    @Test func helpForEveryCommandPrintsItsUsage() {
        for command in GestoctlMain.commands where command.name != "help" {
            for arguments in [["--help"], ["-h"]] {
                let output = StringSink(), errors = StringSink()
                #expect(command.execute(arguments, in: CommandContext(output: output, errors: errors)) == 0)
                #expect(output.text.hasPrefix("usage: gestoctl \(command.name)"), "\(command.name): \(output.text.prefix(80))")
                #expect(errors.text.isEmpty)
            }
        }
    }

    /// Runs `command` on `arguments`; returns the exit status and what it wrote to stderr.
    func errors(_ command: CommandDeclaration, _ arguments: [String]) -> (status: Int32, errors: String) {
        let output = StringSink(), errors = StringSink()
        let status = command.execute(arguments, in: CommandContext(output: output, errors: errors))
        return (status, errors.text)
    }

    @Test func aTypoIsAnsweredWithWhatWasMeant() {
        let option = errors(StatusCommand.declaration, ["--jsno"])
        #expect(option.status == 2)
        #expect(option.errors == "gestoctl status: unknown option '--jsno' for 'status'; did you mean '--json'?\n(see gestoctl status --help)\n")
        let choice = errors(ImportCommand.declaration, ["sway", "--compositor", "hyprlnad"])
        #expect(choice.status == 2)
        #expect(choice.errors.hasPrefix("gestoctl import: unknown compositor 'hyprlnad' (expected sway, hyprland, niri, other); did you mean 'hyprland'?"))
        let format = errors(InitCommand.declaration, ["--from", "fusma"])
        #expect(format.errors.hasPrefix("gestoctl init: unknown format 'fusma' for --from (expected libinput-gestures, fusuma, touchegg, sway, hyprland); did you mean 'fusuma'?"))
        let kind = errors(MotionCommand.declaration, ["sprign"])
        #expect(kind.errors.hasPrefix("gestoctl motion: unknown motion 'sprign': expected spring, decay or rubber-band; did you mean 'spring'?"))
    }

    @Test func closedChoicesIgnoreCaseAndTakeTheirAliases() {
        #expect(errors(ImportCommand.declaration, ["Touchégg", "--compositor", "NIRI", "/nonexistent/touchegg.conf"]).status == 1)
        #expect(errors(CompletionCommand.declaration, ["tcsh"]).errors.hasPrefix("gestoctl completion: unknown shell 'tcsh' (expected bash, zsh, fish)"))
        // --fusuma-version offers 2 and 3 but reads any fusuma version itself.
        #expect(errors(ImportCommand.declaration, ["fusuma", "--fusuma-version", "3.1", "/nonexistent"]).status == 1)
    }

    @Test func relationsBetweenOptionsAreChecked() {
        #expect(errors(ImportCommand.declaration, ["sway", "--force"]).errors.hasPrefix("gestoctl import: --force only makes sense with -o FILE"))
        #expect(errors(InitCommand.declaration, ["old.conf"]).errors.hasPrefix("gestoctl init: SOURCE only makes sense with --from FORMAT"))
        #expect(errors(MotionCommand.declaration, ["decay", "--csv", "--svg", "x.svg", "--velocity", "1"]).errors
                .hasPrefix("gestoctl motion: --csv and --svg exclude each other"))
        #expect(errors(MotionCommand.declaration, ["decay"]).errors.hasPrefix("gestoctl motion: decay needs --velocity V"))
        #expect(errors(TriggerCommand.declaration, []).errors.hasPrefix("gestoctl trigger: missing the gesture to trigger"))
        #expect(errors(StatusCommand.declaration, ["--json=yes"]).errors.hasPrefix("gestoctl status: --json takes no value"))
        #expect(errors(StatusCommand.declaration, ["--socket", "a", "--socket", "b"]).errors.hasPrefix("gestoctl status: --socket given twice"))
    }

    @Test func usageLinesAreMadeFromTheDeclarations() {
        #expect(CommandHelp.usage(of: TriggerCommand.declaration, path: "trigger")
                == "gestoctl trigger GESTURE [--app ID] [--json] [--socket PATH]")
        #expect(CommandHelp.usage(of: ImportCommand.declaration, path: "import") == """
            gestoctl import FORMAT [FILE] [--output FILE [--force]] [--json]
                                   [--compositor sway|hyprland|niri|other] [--fusuma-version 2|3]
            """)
        #expect(CommandHelp.usage(of: InitCommand.declaration, path: "init") == """
            gestoctl init [--output FILE] [--compositor sway|hyprland|niri|labwc|river|kde|gnome|generic]
                                 [--from FORMAT [SOURCE]]
            """)
        #expect(CommandHelp.text(of: MotionCommand.declaration).hasPrefix("""
            usage: gestoctl motion spring SPRING [--from X] [--to X] [--velocity V] [--epsilon E]
                                          [--csv | --svg FILE] [--step S]
                   gestoctl motion decay --velocity V
            """))
    }

    @Test func unknownCommandSuggestsTheNearestOne() {
        #expect(GestoctlCommandLine.split(["stauts"]).command == "stauts")
        #expect(closest("stauts", among: GestoctlMain.commands.map(\.name)) == "status")
    }
}
