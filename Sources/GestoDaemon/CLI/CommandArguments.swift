// Command-line parsing: `--name value`, `--name=value`, bare flags, repeatable options and
// positional arguments, with mistakes reported as usage errors (exit status 2) that name the
// option. gestod parses its options here; gestoctl's commands are declared (CommandParser).
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
    /// An option given last without its value: reported by ``allow(_:maximumPositionals:)``,
    /// as unknown if the command has no such option (`--jsn` is a typo, not a value option).
    private var missingValue: String?

    /// No arguments yet, for `command`.
    init(command: String) { self.command = command }

    /// Parses `arguments`. `bareFlags` take no value; `repeatable` may be given many times.
    /// - Throws: ``UsageError`` for a missing value, a value on a flag, or a repeated option;
    ///   ``UsageError/help`` for `-h`/`--help`.
    init(_ arguments: [String], command: String, bareFlags: Set<String> = [], repeatable: Set<String> = []) throws {
        self.command = command
        var index = 0
        var onlyPositionals = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if onlyPositionals || argument == "-" || !argument.hasPrefix("-") {
                positionals.append(argument)
                continue
            }
            if argument == "--" { onlyPositionals = true; continue }
            if argument == "-h" || argument == "--help" { throw UsageError.help }
            guard argument.hasPrefix("--"), argument.count > 2 else {
                throw UsageError("unknown option '\(argument)' for '\(command)'")
            }
            var name = String(argument.dropFirst(2))
            var value: String?
            if let equals = name.firstIndex(of: "=") {
                value = String(name[name.index(after: equals)...])
                name = String(name[..<equals])
            }
            if bareFlags.contains(name) {
                guard value == nil else { throw UsageError("--\(name) takes no value") }
                flags.insert(name)
                continue
            }
            if value == nil {
                guard index < arguments.count else { missingValue = name; break }
                value = arguments[index]
                index += 1
            }
            if repeatable.contains(name) {
                repeated[name, default: []].append(value!)
            } else {
                guard values[name] == nil else { throw UsageError("--\(name) given twice") }
                values[name] = value
            }
        }
    }

    /// Fails on any option not in `allowed`, or on more than `maximumPositionals` arguments.
    func allow(_ allowed: [String], maximumPositionals: Int = 0) throws {
        if positionals.count > maximumPositionals {
            throw UsageError("unexpected argument '\(positionals[maximumPositionals])' for '\(command)'")
        }
        for name in values.keys.sorted() + repeated.keys.sorted() + flags.sorted() + (missingValue.map { [$0] } ?? [])
        where !allowed.contains(name) {
            throw UsageError("unknown option '--\(name)' for '\(command)'")
        }
        if let missingValue { throw UsageError("--\(missingValue) needs a value") }
    }

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
