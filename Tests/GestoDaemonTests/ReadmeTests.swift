// The README is for users: short enough to read through (about 300 lines; internals live in
// ARCHITECTURE.md and HACKING.md), starting with the two commands that work on a fresh Debian 12
// machine, naming the Swift toolchain scripts/swift-toolchain installs, and naming only
// commands and options that exist: every `gestoctl COMMAND` is a declared command, and every
// option written after one (or after `gestod`) is declared for it.
import GestoCommandLine
import Foundation
import Testing
@testable import GestoDaemon

@Suite struct ReadmeTests {
    static let maximumLines = 300

    static func readme() throws -> String {
        try String(contentsOf: CommandDeclarationTests.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
    }

    /// The README's code: its `spans`, and the lines of its fenced and indented blocks.
    static func codeFragments(of text: String) -> [String] {
        var fragments: [String] = []
        var inFence = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") { inFence.toggle(); continue }
            if inFence || line.hasPrefix("    ") { fragments.append(String(line)); continue }
            let pieces = line.split(separator: "`", omittingEmptySubsequences: false)
            // Odd pieces are inside backticks (a line with an unmatched one keeps the rest out).
            for index in stride(from: 1, to: pieces.count - 1, by: 2) { fragments.append(String(pieces[index])) }
        }
        return fragments
    }

    /// Each `PROGRAM WORD…` in `fragments`, with the words up to the end of that command
    /// (a comment, `|`, `;`, `&&` or a redirection ends it).
    static func invocations(of program: String, in fragments: [String]) -> [[String]] {
        var found: [[String]] = []
        for fragment in fragments {
            let words = fragment.split(separator: " ").map(String.init)
            for (index, word) in words.enumerated() where word == program || word.hasSuffix("/" + program) {
                var arguments: [String] = []
                for next in words[(index + 1)...] {
                    if ["#", "|", ";", "&&", ">", "<", "2>", ">>"].contains(next) || next.hasPrefix("#") { break }
                    arguments.append(next)
                }
                found.append(arguments)
            }
        }
        return found
    }

    /// The options `declaration` and its subcommands declare, as written (`--json`, `-o`).
    static func spellings(of declaration: CommandDeclaration) -> Set<String> {
        var names: Set<String> = ["--help", "-h"]
        for option in ([declaration] + declaration.subcommands).flatMap(\.options) {
            names.insert("--" + option.name)
            if let short = option.short { names.insert("-\(short)") }
        }
        return names
    }

    /// `--name` of `--name=value`, and nothing for what is not an option.
    static func optionName(_ word: String) -> String? {
        guard word.hasPrefix("-"), word.count > 1, word != "-" else { return nil }
        return String(word.split(separator: "=").first ?? Substring(word)).trimmingCharacters(in: CharacterSet(charactersIn: "[]|,.)"))
    }

    @Test func readmeIsShortEnoughToRead() throws {
        let lines = try Self.readme().split(separator: "\n", omittingEmptySubsequences: false).count
        #expect(lines <= Self.maximumLines, "README.md has \(lines) lines: move internals to ARCHITECTURE.md or HACKING.md")
    }

    @Test func readmeStartsWithTheTwoCommandsOfAFreshDebian12Machine() throws {
        let commands = try Self.readme().split(separator: "\n").filter { $0.hasPrefix("    ") }.prefix(2)
            .map { $0.trimmingCharacters(in: .whitespaces) }
        let fixture = "Tests/Fixtures/libinput-1.22/001-synaptics-tm3276-t480-3fg-stroke-z.debug-events.txt"
        #expect(commands == ["scripts/install-deps && swift run -c release gestoctl replay \(fixture)", "scripts/test"])
        let root = CommandDeclarationTests.packageRoot
        for path in ["scripts/install-deps", "scripts/test"] {
            #expect(FileManager.default.isExecutableFile(atPath: root.appendingPathComponent(path).path), "\(path)")
        }
        #expect(FileManager.default.fileExists(atPath: root.appendingPathComponent(fixture).path))
    }

    @Test func readmeNamesTheToolchainSwiftToolchainInstalls() throws {
        let version = try ReleasePackagingTests.toolchainVersion()
        let readme = try Self.readme()
        let firstSection = String(readme.prefix(upTo: try #require(readme.range(of: "\n## "), "README.md has no second section").lowerBound))
        #expect(firstSection.contains("Swift \(version)"), "the README's first section must name Swift \(version)")
        #expect(firstSection.contains(ReleasePackagingTests.tarballURL(version)))
        #expect(firstSection.contains("gpg --verify") && firstSection.contains("swift --version"))
    }

    @Test func everyGestoctlCommandInTheReadmeExists() throws {
        let declared = Dictionary(uniqueKeysWithValues: GestoctlMain.commands.map { ($0.name, $0) })
        let invocations = Self.invocations(of: "gestoctl", in: Self.codeFragments(of: try Self.readme()))
        #expect(invocations.count >= 10, "the README names gestoctl's commands in code: \(invocations.count) found")
        for arguments in invocations {
            // Global options come first (`gestoctl --json status`).
            var words = arguments[...]
            while let first = words.first, ["--json", "--socket"].contains(first) { words = words.dropFirst(first == "--socket" ? 2 : 1) }
            guard let name = words.first, !name.hasPrefix("-") else { continue }
            let command = declared[name]
            #expect(command != nil, "README.md names `gestoctl \(name)`, which is not a command")
            guard let command else { continue }
            let known = Self.spellings(of: command).union(["--json", "--socket"])
            for word in words.dropFirst() {
                guard let option = Self.optionName(word) else { continue }
                #expect(known.contains(option), "README.md gives `gestoctl \(name)` the option \(option), which it does not declare")
            }
        }
    }

    @Test func everyGestodOptionInTheReadmeExists() throws {
        let known = Self.spellings(of: DaemonOptions.declaration).union(["--version"])
        for arguments in Self.invocations(of: "gestod", in: Self.codeFragments(of: try Self.readme())) {
            for word in arguments {
                guard let option = Self.optionName(word) else { continue }
                #expect(known.contains(option), "README.md gives gestod the option \(option), which it does not declare")
            }
        }
    }
}
