// `gestoctl version`: gestoctl's version, and the running gestod's when one answers (they can
// differ after an upgrade until gestod restarts). Never fails for want of a daemon.
import GestoSystem
import GestoWayland

/// The `gestoctl version` command. Exit status: 0, 2 bad usage.
public enum VersionCommand {
    public static let usage = """
    usage: gestoctl version [--json] [--socket PATH]

    Prints gestoctl's version and, if gestod runs, gestod's.

    \(ConnectionOptions.help)
    """

    public static func run(_ arguments: [String], output: TextSink, errors: TextSink) -> Int32 {
        let parsed: CommandArguments
        switch ControlCommand.parse(arguments, command: "version", usage: usage, output: output, errors: errors) {
        case .success(let value): parsed = value
        case .failure(let status): return status.code
        }
        let options = ConnectionOptions(parsed)
        var daemonVersion: String?
        if let path = UnixSocket.path(explicit: options.socketPath), let connection = try? IPCConnection(path: path) {
            if let line = try? connection.send(.version), let result = try? IPCReply.result(of: line) {
                daemonVersion = try? VersionSummary(json: result).version
            }
            connection.close()
        }
        if options.printsJSON {
            var object = JSONObjectWriter()
            object.add("gestoctl", GestoVersion.current)
            object.add("gestod", daemonVersion)
            output.write(object.json + "\n")
        } else {
            output.write("gestoctl \(GestoVersion.current)\n")
            output.write(daemonVersion.map { "gestod \($0)\n" } ?? "gestod: not running\n")
        }
        return 0
    }
}
