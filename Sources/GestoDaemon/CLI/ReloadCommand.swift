// `gestoctl reload`: makes gestod re-read its config now. A broken config is printed with
// FILE:LINE:COLUMN for each problem, the last good config stays active, and the exit status is 1.
import GestoCommandLine

/// The `gestoctl reload` command. Exit status: 0 reloaded, 1 the config is broken or gestod not
/// reachable, 2 bad usage.
public enum ReloadCommand {
    static let declaration = CommandDeclaration(
        "reload", summary: "re-read the config (errors are printed; the last good config stays)", group: .daemon,
        options: ConnectionOptions.declarations,
        discussion: """
        Makes gestod re-read its config. If the config has errors, each is printed as
        FILE:LINE:COLUMN: error: MESSAGE, gestod keeps the last good config, and the exit status is 1.
        (gestod also reloads by itself when the file changes, and on SIGHUP.)
        """
    ) { parsed, context in
        ControlCommand.run(.reload, ConnectionOptions(parsed), output: context.output, errors: context.errors) { result in
            let summary = try ReloadSummary(json: result)
            return "reloaded \(summary.path): \(summary.bindingCount) binding\(summary.bindingCount == 1 ? "" : "s")"
        }
    }

    public static func run(_ arguments: [String], output: TextSink, errors: TextSink) -> Int32 {
        declaration.execute(arguments, in: CommandContext(output: output, errors: errors))
    }
}
