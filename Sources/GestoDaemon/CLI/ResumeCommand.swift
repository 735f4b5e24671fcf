// `gestoctl resume`: ends a `gestoctl pause`, so gestures run their actions again.

/// The `gestoctl resume` command. Exit status: 0 resumed, 1 gestod not reachable, 2 bad usage.
public enum ResumeCommand {
    public static let usage = """
    usage: gestoctl resume [--json] [--socket PATH]

    Resumes gestod's actions after `gestoctl pause`.

    \(ConnectionOptions.help)
    """

    public static func run(_ arguments: [String], output: TextSink, errors: TextSink) -> Int32 {
        let parsed: CommandArguments
        switch ControlCommand.parse(arguments, command: "resume", usage: usage, output: output, errors: errors) {
        case .success(let value): parsed = value
        case .failure(let status): return status.code
        }
        return ControlCommand.run(.resume, ConnectionOptions(parsed), output: output, errors: errors) { result in
            try PauseSummary(json: result).changed ? "resumed: gestures run their actions" : "already running"
        }
    }
}
