// `gestoctl check [FILE]`: validates a config without a daemon, printing every problem with
// its FILE:LINE:COLUMN, so a config can be fixed before `gestoctl reload`.
import GestoConfig

/// The `gestoctl check` command. Exit status: 0 valid (or no config at the default path),
/// 1 invalid or unreadable, 2 bad usage.
public enum CheckCommand {
    public static let usage = """
    usage: gestoctl check [FILE]

    Validates a gesto config (default: $XDG_CONFIG_HOME/gesto/config.yaml) and prints every
    problem as FILE:LINE:COLUMN: error: MESSAGE (and what loads but looks like a mistake,
    such as a repeated binding, as FILE:LINE:COLUMN: warning: MESSAGE).
    """

    public static func run(_ arguments: [String], output: TextSink, errors: TextSink) -> Int32 {
        let options: CommandArguments
        do {
            options = try CommandArguments(arguments, command: "check")
            try options.allow([], maximumPositionals: 1)
        } catch let error as UsageError {
            if error.isHelpRequest { output.write(usage + "\n"); return 0 }
            errors.write("gestoctl check: \(error.message)\n(see gestoctl check --help)\n")
            return 2
        } catch { return 2 }
        let path: String
        if let given = options.positionals.first {
            path = given
        } else if let fallback = ConfigFile.defaultPath {
            guard ConfigFile.exists(fallback) else {
                output.write("no config at \(fallback): gestod runs with no bindings (`gestoctl init` writes a starter config)\n")
                return 0
            }
            path = fallback
        } else {
            errors.write("gestoctl check: neither XDG_CONFIG_HOME nor HOME is set: give the config file to check\n")
            return 2
        }
        switch ConfigFile.load(path: path) {
        case .success(let config):
            let count = config.bindings.count
            for warning in config.warnings { errors.write(warning.description + "\n") }
            output.write("\(path): ok, \(count) binding\(count == 1 ? "" : "s")\n")
            return 0
        case .failure(let problem):
            errors.write(problem.description + "\n")
            if case .invalid(let list) = problem {
                errors.write("\(list.errors.count) error\(list.errors.count == 1 ? "" : "s") in \(path)\n")
            }
            return 1
        }
    }
}
