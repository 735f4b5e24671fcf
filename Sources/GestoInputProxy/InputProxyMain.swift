// gesto-inputd's entry point: options, then the proxy's loop until SIGTERM or SIGINT.
// gesto-inputd(8) is the user's documentation, protocol/inputd.md the contract with gestod.
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

    static let usage = """
        usage: gesto-inputd [--socket PATH] [--log-level error|warning|info|debug]

        gesto's input proxy: takes every touchpad (EVIOCGRAB), re-emits it through a uinput
        clone that the compositor reads, and withholds from the clone the touches whose finger
        count the session's gestod owns; gestod reads every touch through a second copy.
        Runs as root, normally as the system service gesto-inputd.service (disabled until
        `gestoctl enable --input-proxy`). See gesto-inputd(8).

        options:
          --socket PATH      the socket gestod connects to (default \(defaultSocketPath))
          --log-level LEVEL  error, warning, info (default) or debug
          -h, --help         this text
        """

    public static func run() -> Never {
        var socketPath = defaultSocketPath
        var arguments = CommandLine.arguments.dropFirst()
        while let argument = arguments.popFirst() {
            switch argument {
            case "-h", "--help":
                print(usage)
                exit(0)
            case "--socket":
                guard let value = arguments.popFirst(), !value.isEmpty else { fail("--socket needs a path") }
                socketPath = value
            case "--log-level":
                guard let value = arguments.popFirst(), let level = ProxyLogLevel.allCases.first(where: { $0.name == value }) else {
                    fail("--log-level is error, warning, info or debug")
                }
                ProxyLog.level = level
            default:
                fail("unknown argument \(argument) (see --help)")
            }
        }
        guard geteuid() == 0 else {
            fail("must run as root: it grabs touchpads and creates uinput devices (start it with `sudo gestoctl enable --input-proxy`)")
        }
        do {
            try SignalFD.blockHandledSignals()
            let loop = try EventLoop()
            let proxy: InputProxy
            do { proxy = try InputProxy(loop: loop, socketPath: socketPath) } catch { fail("\(error)") }
            ProxyScheduling.raise()
            let signals = try SignalFD(loop: loop) { signal in
                switch signal {
                case .interrupt, .terminate:
                    ProxyLog.info("\(signal): stopping; the touchpads go back to the compositor")
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
            fail("\(error)")
        }
    }

    private static func fail(_ message: String) -> Never {
        ProxyLog.error(message)
        exit(2)
    }
}
