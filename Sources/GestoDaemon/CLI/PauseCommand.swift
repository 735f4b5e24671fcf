// `gestoctl pause`: gestod keeps recognizing gestures (monitors still see them) but runs no
// action until `gestoctl resume`; for presentations, games, or a misbehaving binding.

/// The `gestoctl pause` command. Exit status: 0 paused, 1 gestod not reachable, 2 bad usage.
public enum PauseCommand {
    public static let usage = """
    usage: gestoctl pause [--json] [--socket PATH]

    Pauses gestod's actions: gestures are still recognized (and shown by `gestoctl monitor`) but
    run nothing until `gestoctl resume`. `gestoctl trigger` still runs actions.

    \(ConnectionOptions.help)
    """

    public static func run(_ arguments: [String], output: TextSink, errors: TextSink) -> Int32 {
        let parsed: CommandArguments
        switch ControlCommand.parse(arguments, command: "pause", usage: usage, output: output, errors: errors) {
        case .success(let value): parsed = value
        case .failure(let status): return status.code
        }
        return ControlCommand.run(.pause, ConnectionOptions(parsed), output: output, errors: errors) { result in
            try PauseSummary(json: result).changed ? "paused: gestures run no action until `gestoctl resume`" : "already paused"
        }
    }
}
