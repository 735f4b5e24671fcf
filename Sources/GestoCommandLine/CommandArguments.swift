// Parsed command lines: `--name value`, `--name=value`, bare flags, repeatable options and
// positional arguments, as gestoctl's commands and gestod declare them (CommandParser), with
// mistakes reported as usage errors (exit status 2) that name the option.
import GestoCore

/// A command-line mistake, printed with a usage hint and exit status 2.
package struct UsageError: Error, CustomStringConvertible {
    package var message: String
    package init(_ message: String) { self.message = message }
    /// `-h`, `--help` or `help` was given: print the usage and exit 0.
    package static let help = UsageError("help")
    package var isHelpRequest: Bool { message == "help" }
    package var description: String { message }
}

/// Parsed arguments of one command.
package struct CommandArguments {
    /// Options given once (`--config FILE`): name without dashes → value.
    package var values: [String: String] = [:]
    /// Repeatable options (`--device A --device B`), in order.
    package var repeated: [String: [String]] = [:]
    /// Bare flags given (`--json`).
    package var flags: Set<String> = []
    /// Arguments that are not options, in order (`-` alone counts as one: standard input).
    package var positionals: [String] = []
    /// The command's name for messages ("replay", "motion spring").
    package let command: String

    /// No arguments yet, for `command`.
    package init(command: String) { self.command = command }

    /// The option's value as a finite number, nil if absent.
    package func number(_ name: String) throws -> Double? {
        guard let text = values[name] else { return nil }
        guard let value = Double(text) else { throw UsageError("--\(name) needs a number, got '\(text)'") }
        guard value.isFinite else { throw UsageError("--\(name) must be a finite number, got '\(text)'") }
        return value
    }
}
