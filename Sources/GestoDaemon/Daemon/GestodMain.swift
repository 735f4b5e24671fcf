// gestod's command line: options, then the daemon until it stops. The installed gestod is also
// gestoctl (one executable, two names: `/usr/bin/gestoctl` links to it), since both would carry
// the same statically linked Swift runtime and libraries; ``program(named:)`` picks by name.
import GestoCommandLine
import GestoSystem
import Glibc

/// gestod's top level, and the multi-call dispatch.
public enum GestodMain {
    /// Runs gestoctl when `path` (argv[0]) is named `gestoctl`, else gestod, with `arguments`
    /// (without the program name); returns the exit status.
    public static func program(named path: String, arguments: [String]) -> Int32 {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        return name == "gestoctl" ? GestoctlMain.run(arguments) : run(arguments)
    }

    /// Runs gestod with `arguments` (without the program name); returns the exit status.
    public static func run(_ arguments: [String]) -> Int32 {
        // Signals are delivered through a signalfd: block them before any thread exists.
        do { try SignalFD.blockHandledSignals() } catch {
            FileSink.standardError.write("gestod: cannot block signals: \(error)\n")
            return 1
        }
        let options: DaemonOptions
        switch DaemonOptions.parse(arguments) {
        case .run(let parsed): options = parsed
        case .exit(let status, let text, let toStandardError):
            let sink = toStandardError ? FileSink.standardError : FileSink.standardOutput
            sink.write(text)
            sink.flush()
            return status
        }
        let log = Log(level: options.logLevel, programName: "gestod")
        do {
            let daemon = try Daemon(options: options, log: log)
            let status = daemon.run()
            FileSink.standardOutput.flush()
            return status
        } catch {
            log.error("\(error)")
            return 1
        }
    }
}
