// What every gestoctl command that talks to gestod shares (swift-argument-parser's
// `@OptionGroup`): `--socket PATH` and `--json`, connecting, and printing a failure the same
// way everywhere: plainly for people, as `{"error": {...}}` on stdout for scripts.
import GestoCommandLine
import GestoSystem
import GestoWayland

/// `--socket` and `--json`, parsed.
struct ConnectionOptions {
    /// The options as every control command declares them.
    static let declarations: [OptionDeclaration] = [
        .flag("json", help: "print the result as one JSON object (for scripts)"),
        .value("socket", "PATH", .file(extensions: []), help: """
            gestod's control socket (default $GESTO_SOCKET, else
            $XDG_RUNTIME_DIR/gesto/gestod.sock)
            """),
    ]

    /// `--socket PATH`, if given.
    var socketPath: String?
    /// `--json`.
    var printsJSON: Bool

    init(_ arguments: CommandArguments) {
        socketPath = arguments.values["socket"]
        printsJSON = arguments.flags.contains("json")
    }
}

/// The steps shared by the control commands.
enum ControlCommand {
    /// Connects to gestod; prints why not (and how to start it) on failure.
    static func connect(_ options: ConnectionOptions, output: TextSink, errors: TextSink) -> Result<IPCConnection, ExitStatus> {
        guard let path = UnixSocket.path(explicit: options.socketPath) else {
            return .failure(report(IPCClientError.noSocketPath, options, output: output, errors: errors))
        }
        do {
            return .success(try IPCConnection(path: path))
        } catch {
            return .failure(report(error, options, output: output, errors: errors))
        }
    }

    /// Sends `request` on a new connection and returns the reply's result, or prints the
    /// failure and returns exit status 1.
    static func send(_ request: IPCRequest, _ options: ConnectionOptions,
                     output: TextSink, errors: TextSink) -> Result<JSONValue, ExitStatus> {
        let connection: IPCConnection
        switch connect(options, output: output, errors: errors) {
        case .success(let opened): connection = opened
        case .failure(let status): return .failure(status)
        }
        defer { connection.close() }
        do {
            let line = try connection.send(request)
            return .success(try IPCReply.result(of: line))
        } catch let error as IPCClientError {
            return .failure(report(error, options, output: output, errors: errors))
        } catch let failure as IPCFailure {
            return .failure(report(failure, options, output: output, errors: errors))
        } catch {
            errors.write("gestoctl: \(error)\n")
            return .failure(ExitStatus(1))
        }
    }

    /// Prints a failed reply: `{"error": …}` on stdout with --json, else the message (and
    /// every config problem as FILE:LINE:COLUMN) on stderr. Returns exit status 1.
    static func report(_ failure: IPCFailure, _ options: ConnectionOptions, output: TextSink, errors: TextSink) -> ExitStatus {
        if options.printsJSON {
            output.write("{\"error\": \(failure.json)}\n")
        } else {
            for problem in failure.problems { errors.write(problem.description + "\n") }
            errors.write("gestoctl: \(failure.message)\n")
        }
        return ExitStatus(1)
    }

    /// Prints why gestod could not be reached. Returns exit status 1.
    static func report(_ error: IPCClientError, _ options: ConnectionOptions, output: TextSink, errors: TextSink) -> ExitStatus {
        if options.printsJSON {
            var object = JSONObjectWriter()
            object.add("code", error.code)
            object.add("message", error.description)
            output.write("{\"error\": \(object.json)}\n")
        } else {
            errors.write("gestoctl: \(error)\n")
        }
        return ExitStatus(1)
    }

    /// Runs a one-request command: prints the result as JSON with --json, else `human(result)`.
    static func run(_ request: IPCRequest, _ options: ConnectionOptions, output: TextSink, errors: TextSink,
                    human: (JSONValue) throws -> String) -> Int32 {
        switch send(request, options, output: output, errors: errors) {
        case .success(let result):
            if options.printsJSON {
                output.write(result.jsonText + "\n")
                return 0
            }
            do { output.write(try human(result) + "\n") } catch {
                errors.write("gestoctl \(request.command): gestod's reply lacks what this gestoctl needs: \(error)\n")
                return 1
            }
            return 0
        case .failure(let status):
            return status.code
        }
    }
}

/// `45 s`, `3 min 5 s`, `2 h 4 min`, `3 d 2 h`.
func durationText(seconds: Double) -> String {
    let total = Int(max(0, seconds).rounded(.down))
    switch total {
    case ..<60: return "\(total) s"
    case ..<3_600: return "\(total / 60) min \(total % 60) s"
    case ..<86_400: return "\(total / 3_600) h \(total % 3_600 / 60) min"
    default: return "\(total / 86_400) d \(total % 86_400 / 3_600) h"
    }
}
