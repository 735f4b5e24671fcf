// gestod's command line is declared (DaemonOptions.declaration) and parsed by the declared
// parser: its `--help` is made from the declaration, its usage mistakes exit with status 2 and
// the "(see gestod --help)" hint, and gestod(1) names every declared option.
import Foundation
import Testing
@testable import GestoDaemon

@Suite struct DaemonOptionsTests {
    /// The options `arguments` run gestod with; nil (and a recorded issue) if it exits instead.
    func options(_ arguments: [String]) -> DaemonOptions? {
        switch DaemonOptions.parse(arguments) {
        case .run(let options): return options
        case .exit(let status, let text, _):
            Issue.record("exited with \(status): \(text)")
            return nil
        }
    }

    /// What gestod prints and its status when `arguments` make it exit before running.
    func exit(_ arguments: [String]) -> (status: Int32, text: String, toStandardError: Bool)? {
        switch DaemonOptions.parse(arguments) {
        case .run: return nil
        case .exit(let status, let text, let toStandardError): return (status, text, toStandardError)
        }
    }

    @Test func optionsAreRead() throws {
        let parsed = try #require(options(["--config", "c.yaml", "--device", "/dev/input/event3", "--device=/dev/input/event4",
                                           "--touchscreens", "--no-wayland", "--dry-run", "--log-level", "Trace", "--socket", "s"]))
        #expect(parsed.configPath == "c.yaml")
        #expect(parsed.devicePaths == ["/dev/input/event3", "/dev/input/event4"])
        #expect(parsed.allowsTouchscreens && parsed.opensNoWayland && parsed.isDryRun)
        #expect(!parsed.opensNoDevices && !parsed.printsGestures)
        #expect(parsed.logLevel == .trace)
        #expect(parsed.socketPath == "s")
        #expect(parsed.seat == "seat0")
        #expect(try #require(options(["--replay", "r.txt", "--print-gestures"])).replayPath == "r.txt")
        #expect(try #require(options(["--seat", "seat1"])).seat == "seat1")
    }

    @Test func usageMistakesNameTheOptionAndPointToTheHelp() {
        for (arguments, message) in [
            (["--replay"], "--replay needs a value"),
            (["--replay", "r.txt", "--device", "/dev/input/event0"], "--replay reads a recording: it excludes --device and --seat"),
            (["--seat", "seat1", "--replay", "r.txt"], "--replay reads a recording: it excludes --device and --seat"),
            (["--seat", "seat1", "--device", "/dev/input/event0"], "--seat and --device exclude each other"),
            (["--config", "a", "--config", "b"], "--config given twice"),
            (["--confg", "a"], "unknown option '--confg' for 'gestod'; did you mean '--config'?"),
            (["--log-level", "verbose"], "unknown log level 'verbose' (expected error, warning, info, debug, trace)"),
            (["stray"], "unexpected argument 'stray' for 'gestod'"),
        ] {
            let result = exit(arguments)
            #expect(result?.status == 2, "\(arguments)")
            #expect(result?.toStandardError == true, "\(arguments)")
            #expect(result?.text == "gestod: \(message)\n(see gestod --help)\n", "\(arguments)")
        }
    }

    @Test func helpAndVersionExitWithZero() throws {
        for arguments in [["--help"], ["-h"], ["--no-wayland", "--help"]] {
            let help = try #require(exit(arguments))
            #expect(help.status == 0 && !help.toStandardError)
            #expect(help.text == DaemonOptions.usage + "\n")
        }
        let version = try #require(exit(["--version"]))
        #expect(version.status == 0 && !version.toStandardError)
        #expect(version.text == "gestod \(GestoVersion.current)\n")
    }

    @Test func helpsUsageLineIsMadeFromTheDeclaration() {
        #expect(DaemonOptions.usage.hasPrefix("""
            usage: gestod [--config FILE] [--wait-for-config] [--seat NAME | --device PATH...] [--touchscreens]
                          [--no-devices] [--no-wayland] [--replay FILE] [--dry-run] [--print-gestures]
                          [--log-level error|warning|info|debug|trace] [--socket PATH]
                          [--input-proxy-socket PATH] [--version]

            gesto's daemon:
            """))
    }

    /// The lines of gestod(1)'s section `name`, up to the next section.
    static func manSection(_ name: String) throws -> String {
        let page = try String(contentsOf: CommandDeclarationTests.packageRoot.appendingPathComponent("packaging/man/gestod.1"),
                              encoding: .utf8)
        let lines = page.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let start = try #require(lines.firstIndex(of: ".SH \(name)"))
        let end = lines[(start + 1)...].firstIndex { $0.hasPrefix(".SH ") } ?? lines.endIndex
        return lines[(start + 1)..<end].joined(separator: "\n")
    }

    @Test func everyDeclaredOptionIsInTheManPageAndTheHelp() throws {
        let synopsis = try Self.manSection("SYNOPSIS")
        let described = try Self.manSection("OPTIONS")
        let usage = DaemonOptions.usage
        let usageLine = String(usage[..<(usage.firstRange(of: "\n\n")?.lowerBound ?? usage.endIndex)])
        let usageWords = Set(usageLine.split(whereSeparator: { $0.isWhitespace }).map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "[]|")) })
        for option in DaemonOptions.declaration.options {
            let roff = "\\-\\-" + option.name.replacing("-", with: "\\-")
            #expect(synopsis.contains(roff), "gestod(1)'s SYNOPSIS lacks --\(option.name)")
            #expect(described.contains(roff), "gestod(1)'s OPTIONS lacks --\(option.name)")
            #expect(usageWords.contains("--" + option.name), "gestod --help's usage line lacks --\(option.name)")
            #expect(usage.contains("\n  --" + option.name + " "), "gestod --help's options lack --\(option.name)")
        }
    }
}

/// gestod's completions are written by hand (gestoctl's are generated): each option its usage
/// names must be in all three, so a new option cannot land without them (the package test
/// checks the installed files too, but only in the slow packaging stage).
@Suite struct GestodCompletionTests {
    @Test func everyGestodOptionIsInEveryCompletion() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        var options = Set<String>()
        var rest = Substring(DaemonOptions.usage)
        while let range = rest.range(of: "--") {
            let name = rest[range.upperBound...].prefix { $0.isLetter || $0 == "-" }
            if let first = name.first, first.isLetter { options.insert(String(name)) }
            rest = rest[range.upperBound...]
        }
        #expect(options.contains("input-proxy-socket"))
        for file in ["bash/gestod", "zsh/_gestod", "fish/gestod.fish"] {
            let text = try String(contentsOf: root.appendingPathComponent("packaging/completions/\(file)"), encoding: .utf8)
            for option in options.sorted() {
                #expect(text.contains(option), "packaging/completions/\(file) lacks --\(option)")
            }
        }
    }
}
