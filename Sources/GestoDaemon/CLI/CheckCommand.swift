// `gestoctl check [FILE|-]`: validates a config without a daemon, printing every problem with
// its FILE:LINE:COLUMN, so a config can be fixed before `gestoctl reload`.
import GestoCommandLine
import GestoConfig

/// The `gestoctl check` command. Exit status: 0 valid (or no config at the default path),
/// 1 invalid or unreadable, 2 bad usage.
public enum CheckCommand {
    static let declaration = CommandDeclaration(
        "check", summary: "validate a config file", group: .standalone,
        positionals: [PositionalDeclaration(placeholder: "FILE", value: .file(extensions: ["yaml", "yml"]),
                                            help: "the config to check (- reads standard input)", isOptional: true)],
        discussion: """
        Validates a gesto config (default: $XDG_CONFIG_HOME/gesto/config.yaml; `-` reads it from
        standard input, named <stdin> in messages) and prints every problem as
        FILE:LINE:COLUMN: error: MESSAGE (and what loads but looks like a mistake, such as a
        repeated binding, as FILE:LINE:COLUMN: warning: MESSAGE). A workspace: binding that
        gestod cannot perform in this session (anywhere but sway) is named in a note: line.
        """
    ) { parsed, context in
        validate(parsed.positionals.first, output: context.output, errors: context.errors,
                 environment: context.environment ?? InitCommand.currentEnvironment())
    }

    public static func run(_ arguments: [String], output: TextSink, errors: TextSink,
                           environment: [String: String]? = nil) -> Int32 {
        declaration.execute(arguments, in: CommandContext(output: output, errors: errors, environment: environment))
    }

    /// Validates the config at `given` (nil: the default path) and prints what it found.
    static func validate(_ given: String?, output: TextSink, errors: TextSink, environment: [String: String]) -> Int32 {
        let path: String
        if let given {
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
        let isStandardInput = path == "-"
        let name = isStandardInput ? ConfigFile.standardInputName : path
        switch isStandardInput ? ConfigFile.loadStandardInput() : ConfigFile.load(path: path) {
        case .success(let config):
            let count = config.bindings.count
            for warning in config.warnings { errors.write(warning.description + "\n") }
            for note in inactiveWorkspaceNotes(config, on: InitCommand.Compositor.detect(environment: environment)) {
                errors.write(note + "\n")
            }
            output.write("\(name): ok, \(count) binding\(count == 1 ? "" : "s")\n")
            return 0
        case .failure(let problem):
            guard case .invalid(let list) = problem else {
                errors.write(problem.description + "\n")
                return 1
            }
            // Every problem in file order, the warnings of what decoded among the errors.
            let warnings = list.partial?.warnings ?? []
            let lines = (list.errors.map { ($0.location, $0.description) } + warnings.map { ($0.location, $0.description) })
                .enumerated().sorted { a, b in
                    (a.element.0.line, a.element.0.column, a.offset) < (b.element.0.line, b.element.0.column, b.offset)
                }
            for line in lines { errors.write(line.element.1 + "\n") }
            let count = list.errors.count
            errors.write("\(count) error\(count == 1 ? "" : "s")"
                         + (warnings.isEmpty ? "" : " and \(warnings.count) warning\(warnings.count == 1 ? "" : "s")") + " in \(name)\n")
            return 1
        }
    }

    /// One note per `workspace:` binding gestod cannot perform in this session: it switches
    /// workspaces over sway's IPC, so anywhere but sway the binding is inactive under gestod
    /// (inside Wayfire the gesto-wayfire plugin performs it). `up` and `down` already have the
    /// config's warning.
    static func inactiveWorkspaceNotes(_ config: Config, on compositor: InitCommand.Compositor) -> [String] {
        guard compositor != .sway else { return [] }
        let session = compositor == .generic ? "this session's compositor is not sway (or not known)" : "\(compositor.rawValue) is not sway"
        return config.bindings.enumerated().compactMap { index, binding in
            guard case .session(.workspace(let workspace)) = binding.action, workspace.swayCommand != nil else { return nil }
            return "note: binding \(Binding.number(ofIndex: index)) (\(binding.gesture), \(binding.action.summary)) is inactive under gestod here: "
                + "gestod switches workspaces over sway's IPC and \(session); inside Wayfire the gesto-wayfire plugin performs it"
        }
    }
}
