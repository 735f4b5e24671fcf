// Parsed command lines: `--name value`, `--name=value`, bare flags, repeatable options and
// positional arguments, as gestoctl's commands and gestod declare them (CommandParser), with
// mistakes reported as usage errors (exit status 2) that name the option.
import GestoCore

/// A command-line mistake, printed with a usage hint and exit status 2.
struct UsageError: Error, CustomStringConvertible {
    var message: String
    init(_ message: String) { self.message = message }
    /// `-h`, `--help` or `help` was given: print the usage and exit 0.
    static let help = UsageError("help")
    var isHelpRequest: Bool { message == "help" }
    var description: String { message }
}

/// Parsed arguments of one command.
struct CommandArguments {
    /// Options given once (`--config FILE`): name without dashes → value.
    var values: [String: String] = [:]
    /// Repeatable options (`--device A --device B`), in order.
    var repeated: [String: [String]] = [:]
    /// Bare flags given (`--json`).
    var flags: Set<String> = []
    /// Arguments that are not options, in order (`-` alone counts as one: standard input).
    var positionals: [String] = []
    /// The command's name for messages ("replay", "motion spring").
    let command: String

    /// No arguments yet, for `command`.
    init(command: String) { self.command = command }

    /// The option's value as a finite number, nil if absent.
    func number(_ name: String) throws -> Double? {
        guard let text = values[name] else { return nil }
        guard let value = Double(text) else { throw UsageError("--\(name) needs a number, got '\(text)'") }
        guard value.isFinite else { throw UsageError("--\(name) must be a finite number, got '\(text)'") }
        return value
    }
}

/// gestoctl's own command line: the command, and its arguments with any options given before
/// it (`gestoctl --json status`, as swaymsg, `niri msg` and hyprctl take them) moved after it;
/// `help COMMAND` is `COMMAND --help`.
public enum GestoctlCommandLine {
    /// Options before the command that take a value (the connection's socket).
    static let leadingValueOptions: Set<String> = ["--socket"]

    /// Splits `arguments` (without the program name) into the command ("help" when none) and
    /// the arguments it parses.
    public static func split(_ arguments: [String]) -> (command: String, arguments: [String]) {
        var leading: [String] = []
        var index = 0
        while index < arguments.count, arguments[index].hasPrefix("-"), arguments[index] != "-",
              !["-h", "--help", "--version"].contains(arguments[index]) {
            leading.append(arguments[index])
            if leadingValueOptions.contains(arguments[index]), index + 1 < arguments.count {
                leading.append(arguments[index + 1])
                index += 1
            }
            index += 1
        }
        guard index < arguments.count else { return ("help", leading) }
        let command = arguments[index]
        let rest = Array(arguments[(index + 1)...])
        if command == "help", let topic = rest.first { return (topic, ["--help"]) }
        return (command, leading + rest)
    }
}
