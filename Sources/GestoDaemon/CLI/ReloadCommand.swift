// `gestoctl reload`: makes gestod re-read its config now. A broken config is printed with
// FILE:LINE:COLUMN for each problem, the last good config stays active, and the exit status is 1.

/// The `gestoctl reload` command. Exit status: 0 reloaded, 1 the config is broken or gestod not
/// reachable, 2 bad usage.
public enum ReloadCommand {
    public static let usage = """
    usage: gestoctl reload [--json] [--socket PATH]

    Makes gestod re-read its config. If the config has errors, each is printed as
    FILE:LINE:COLUMN: error: MESSAGE, gestod keeps the last good config, and the exit status is 1.
    (gestod also reloads by itself when the file changes, and on SIGHUP.)

    \(ConnectionOptions.help)
    """

    public static func run(_ arguments: [String], output: TextSink, errors: TextSink) -> Int32 {
        let parsed: CommandArguments
        switch ControlCommand.parse(arguments, command: "reload", usage: usage, output: output, errors: errors) {
        case .success(let value): parsed = value
        case .failure(let status): return status.code
        }
        return ControlCommand.run(.reload, ConnectionOptions(parsed), output: output, errors: errors) { result in
            let summary = try ReloadSummary(json: result)
            return "reloaded \(summary.path): \(summary.bindingCount) binding\(summary.bindingCount == 1 ? "" : "s")"
        }
    }
}
