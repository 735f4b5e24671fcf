// `gestoctl resume`: ends a `gestoctl pause`, so gestures run their actions again.
import GestoCommandLine

/// The `gestoctl resume` command. Exit status: 0 resumed, 1 gestod not reachable, 2 bad usage.
public enum ResumeCommand {
    static let declaration = CommandDeclaration(
        "resume", summary: "run actions again after pause", group: .daemon,
        options: ConnectionOptions.declarations,
        discussion: """
        Resumes gestod's actions after `gestoctl pause`.
        """
    ) { parsed, context in
        ControlCommand.run(.resume, ConnectionOptions(parsed), output: context.output, errors: context.errors) { result in
            try PauseSummary(json: result).changed ? "resumed: gestures run their actions" : "already running"
        }
    }

    public static func run(_ arguments: [String], output: TextSink, errors: TextSink) -> Int32 {
        declaration.execute(arguments, in: CommandContext(output: output, errors: errors))
    }
}
