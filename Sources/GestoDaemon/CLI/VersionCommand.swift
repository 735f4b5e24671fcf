// `gestoctl version`: gestoctl's version, and the running gestod's when one answers (they can
// differ after an upgrade until gestod restarts). Never fails for want of a daemon.
import GestoCommandLine
import GestoSystem
import GestoWayland

/// The `gestoctl version` command. Exit status: 0, 2 bad usage.
public enum VersionCommand {
    static let declaration = CommandDeclaration(
        "version", summary: "gestoctl's version, and gestod's if it runs", group: .daemon,
        options: ConnectionOptions.declarations,
        discussion: "Prints gestoctl's version and, if gestod runs, gestod's."
    ) { parsed, context in
        printVersions(ConnectionOptions(parsed), output: context.output)
    }

    public static func run(_ arguments: [String], output: TextSink, errors: TextSink) -> Int32 {
        declaration.execute(arguments, in: CommandContext(output: output, errors: errors))
    }

    /// Prints gestoctl's version and the running gestod's, if one answers.
    static func printVersions(_ options: ConnectionOptions, output: TextSink) -> Int32 {
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
