// gesto-inputd's entry point: options, then the proxy's loop until SIGTERM or SIGINT.
// gesto-inputd(8) is the user's documentation, protocol/inputd.md the contract with gestod.
import GestoCommandLine
import GestoCore
import GestoSystem
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

public enum InputProxyMain {
    /// Where the socket is unless `--socket` says otherwise (the unit's RuntimeDirectory).
    public static let defaultSocketPath = InputProxyNames.socketPath

    /// gesto-inputd's command line, declared as gestod's and gestoctl's are: its `--help` and
    /// its argument checks are made from it.
    static let declaration = CommandDeclaration(
        "gesto-inputd", summary: "gesto's input proxy",
        options: [
            .value("socket", "PATH", .file(extensions: []), help: "the socket gestod connects to (default \(defaultSocketPath))"),
            .value("log-level", "LEVEL",
                   .choice(Choices(noun: "log level", words: LogLevel.allCases.filter { $0 != .trace }.map(\.description),
                                   listedInUsage: true)),
                   help: """
                   error, warning, info (default) or debug; logs go to stderr
                   (under systemd, the journal with priorities)
                   """),
        ],
        discussion: """
        gesto's input proxy: takes every touchpad (EVIOCGRAB), re-emits it through a uinput
        clone that the compositor reads, and withholds from the clone the touches whose finger
        count the session's gestod owns; gestod reads every touch through a second copy.
        Runs as root, normally as the system service gesto-inputd.service (disabled until
        `gestoctl enable --input-proxy`). See gesto-inputd(8).
        """,
        // gesto-inputd runs through ``run()``, never through `execute`.
        run: { _, _ in 2 })

    public static func run() -> Never {
        var log = Log(level: .info, programName: "gesto-inputd")
        let parsed: CommandArguments
        do {
            parsed = try CommandArguments(Array(CommandLine.arguments.dropFirst()), declaredBy: declaration, path: "gesto-inputd")
        } catch let error as UsageError where error.isHelpRequest {
            FileSink.standardOutput.write(CommandHelp.text(of: declaration, under: nil) + "\n")
            FileSink.standardOutput.flush()
            exit(0)
        } catch {
            FileSink.standardError.write("gesto-inputd: \(error)\n(see gesto-inputd --help)\n")
            exit(2)
        }
        if parsed.values["socket"]?.isEmpty == true {
            FileSink.standardError.write("gesto-inputd: --socket needs a path\n(see gesto-inputd --help)\n")
            exit(2)
        }
        let socketPath = parsed.values["socket"] ?? defaultSocketPath
        // The declaration has checked the level's name, ignoring case.
        if let name = parsed.values["log-level"], let level = LogLevel(name: name.lowercased()) { log.level = level }
        guard geteuid() == 0 else {
            fail("must run as root: it grabs touchpads and creates uinput devices (start it with `sudo gestoctl enable --input-proxy`)", log)
        }
        do {
            try SignalFD.blockHandledSignals()
            let loop = try EventLoop()
            let proxy: InputProxy
            do { proxy = try InputProxy(loop: loop, socketPath: socketPath, log: log) } catch { fail("\(error)", log) }
            ProxyScheduling.raise(log: log)
            let signals = try SignalFD(loop: loop) { signal in
                switch signal {
                case .interrupt, .terminate:
                    log.info("\(signal): stopping; the touchpads go back to the compositor")
                    proxy.shutDown()
                    loop.stop()
                case .hangup, .childExited:
                    break
                }
            }
            try loop.run()
            withExtendedLifetime(signals) {}
            exit(0)
        } catch {
            fail("\(error)", log)
        }
    }

    private static func fail(_ message: String, _ log: Log) -> Never {
        log.error(message)
        exit(2)
    }
}
