// gestoctl's own command line before its command: options given before the command moved after it.

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
