// gestod: gesto's daemon. A thin executable over GestoDaemon's `Daemon`.
import GestoSystem
import Glibc
import GestoDaemon

// Signals are delivered through a signalfd: block them before any thread exists.
do { try SignalFD.blockHandledSignals() } catch {
    FileSink.standardError.write("gestod: cannot block signals: \(error)\n")
    exit(1)
}
let options: DaemonOptions
switch DaemonOptions.parse(Array(CommandLine.arguments.dropFirst())) {
case .run(let parsed): options = parsed
case .exit(let status, let text, let toStandardError):
    let sink = toStandardError ? FileSink.standardError : FileSink.standardOutput
    sink.write(text)
    sink.flush()
    exit(status)
}
let log = Log(level: options.logLevel, programName: "gestod")
do {
    let daemon = try Daemon(options: options, log: log)
    let status = daemon.run()
    FileSink.standardOutput.flush()
    exit(status)
} catch {
    log.error("\(error)")
    exit(1)
}
