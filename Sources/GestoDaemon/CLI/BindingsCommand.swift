// `gestoctl bindings`: the bindings active in the running gestod (which may differ from the
// file on disk if its last reload failed), per-app ones marked with their app.
import GestoCommandLine

/// The `gestoctl bindings` command. Exit status: 0 answered, 1 gestod not reachable, 2 bad usage.
public enum BindingsCommand {
    static let declaration = CommandDeclaration(
        "bindings", summary: "the active bindings (per-app ones marked)", group: .daemon,
        options: ConnectionOptions.declarations,
        discussion: """
        Lists the active bindings in config order: gesture, fire mode, action, and the app a
        per-app binding is limited to.
        """
    ) { parsed, context in
        ControlCommand.run(.bindings, ConnectionOptions(parsed), output: context.output, errors: context.errors) { result in
            let bindings = try BindingList(json: result).bindings
            if bindings.isEmpty { return "no bindings (`gestoctl init` writes a starter config)" }
            let width = bindings.map(\.gesture.count).max() ?? 0
            return bindings.map { binding in
                var line = binding.gesture + String(repeating: " ", count: width - binding.gesture.count)
                    + "  " + binding.mode + String(repeating: " ", count: max(0, 13 - binding.mode.count)) + binding.action
                if let app = binding.app { line += "  [app: \(app)]" }
                return line
            }.joined(separator: "\n")
        }
    }

    public static func run(_ arguments: [String], output: TextSink, errors: TextSink) -> Int32 {
        declaration.execute(arguments, in: CommandContext(output: output, errors: errors))
    }
}
