// `gestoctl bindings`: the bindings active in the running gestod (which may differ from the
// file on disk if its last reload failed), per-app ones marked with their app.

/// The `gestoctl bindings` command. Exit status: 0 answered, 1 gestod not reachable, 2 bad usage.
public enum BindingsCommand {
    public static let usage = """
    usage: gestoctl bindings [--json] [--socket PATH]

    Lists the active bindings in config order: gesture, fire mode, action, and the app a
    per-app binding is limited to.

    \(ConnectionOptions.help)
    """

    public static func run(_ arguments: [String], output: TextSink, errors: TextSink) -> Int32 {
        let parsed: CommandArguments
        switch ControlCommand.parse(arguments, command: "bindings", usage: usage, output: output, errors: errors) {
        case .success(let value): parsed = value
        case .failure(let status): return status.code
        }
        return ControlCommand.run(.bindings, ConnectionOptions(parsed), output: output, errors: errors) { result in
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
}
