// `gestoctl pause`: gestod keeps recognizing gestures (monitors still see them) but runs no
// action until `gestoctl resume`; for presentations, games, or a misbehaving binding.
import GestoCommandLine

/// The `gestoctl pause` command. Exit status: 0 paused, 1 gestod not reachable, 2 bad usage.
public enum PauseCommand {
    static let declaration = CommandDeclaration(
        "pause", summary: "stop running actions (gestures are still recognized)", group: .daemon,
        options: ConnectionOptions.declarations,
        discussion: """
        Pauses gestod's actions: gestures are still recognized (and shown by `gestoctl monitor`) but
        run nothing until `gestoctl resume`. `gestoctl trigger` still runs actions.
        """
    ) { parsed, context in
        ControlCommand.run(.pause, ConnectionOptions(parsed), output: context.output, errors: context.errors) { result in
            try PauseSummary(json: result).changed ? "paused: gestures run no action until `gestoctl resume`" : "already paused"
        }
    }

    public static func run(_ arguments: [String], output: TextSink, errors: TextSink) -> Int32 {
        declaration.execute(arguments, in: CommandContext(output: output, errors: errors))
    }
}
