// gestod's command line: where input comes from, which config, how actions run.
import GestoCommandLine
import GestoSystem

/// What gestod was asked to do.
public struct DaemonOptions: Sendable {
    /// `--config FILE`; nil: the default path (a missing default file means no bindings).
    public var configPath: String?
    /// `--wait-for-config`: a missing `--config FILE` is waited for (no bindings until it
    /// appears) instead of stopping gestod with an error.
    public var waitsForConfig = false
    /// `--replay FILE`: read a recording instead of live libinput, then exit at its end.
    public var replayPath: String?
    /// `--dry-run`: log actions instead of running them.
    public var isDryRun = false
    /// `--print-gestures`: write each gesture outcome as a JSON line (replay's schema) to stdout.
    public var printsGestures = false
    /// `--log-level LEVEL`.
    public var logLevel: LogLevel = .info
    /// `--seat NAME`: the udev seat of the live source (default seat0).
    public var seat = "seat0"
    /// `--device PATH`, repeatable: read these devices through libinput's path backend.
    public var devicePaths: [String] = []
    /// `--no-devices`: open no input at all (benchmarks, tests of the control plane).
    public var opensNoDevices = false
    /// `--touchscreens`: also read touchscreens (never keyboards).
    public var allowsTouchscreens = false
    /// `--no-wayland`: do not connect to the compositor even if WAYLAND_DISPLAY is set.
    public var opensNoWayland = false
    /// `--socket PATH`: the control socket; nil: `$GESTO_SOCKET`, else
    /// `$XDG_RUNTIME_DIR/gesto/gestod.sock` (see ``UnixSocket/path(explicit:)``).
    public var socketPath: String?
    /// `--input-proxy-socket PATH`: gesto-inputd's socket; nil: `$GESTO_INPUT_PROXY_SOCKET`,
    /// else `/run/gesto-inputd/socket` (none with `--no-devices`; see
    /// ``InputProxyLink/socketPath(explicit:opensNoDevices:)``).
    public var inputProxySocketPath: String?

    public init() {}

    /// gestod's command line, from which its `--help` is made and its arguments are checked.
    static let declaration = CommandDeclaration(
        "gestod", summary: "gesto's daemon",
        options: [
            .value("config", "FILE", .file(extensions: ["yaml", "yml"]),
                   help: "the config to use; SIGHUP re-reads it (a broken one keeps the last good)"),
            .flag("wait-for-config", help: """
                start even if the --config FILE does not exist yet, with no bindings,
                and load it once it appears (without this, a missing FILE is an error)
                """),
            .value("seat", "NAME", help: "the udev seat to read touchpads from (default seat0)", excludes: "device"),
            .value("device", "PATH", .file(extensions: []),
                   help: "read this device through libinput's path backend (repeatable)", isRepeatable: true),
            .flag("touchscreens", help: "also read touchscreens (keyboards are never opened)"),
            .flag("no-devices", help: "open no input device"),
            .flag("no-wayland", help: "do not connect to the compositor (exec actions only)"),
            .value("replay", "FILE", .file(extensions: []), help: """
                read a recording (`libinput debug-events` text or `libinput record`
                YAML) instead of devices, run its actions, and exit at its end
                """, replaces: .init(reason: "reads a recording", options: ["device", "seat"])),
            .flag("dry-run", help: "log the actions instead of running them"),
            .flag("print-gestures", help: "print each gesture outcome as a JSON line on stdout"),
            .value("log-level", "LEVEL",
                   .choice(Choices(noun: "log level", words: LogLevel.allCases.map(\.description), listedInUsage: true)),
                   help: """
                   error, warning, info (default), debug or trace (every recognizer's
                   state changes); logs go to stderr
                   (under systemd, the journal with priorities)
                   """),
            .value("socket", "PATH", .file(extensions: []), help: """
                the control socket gestoctl talks to (default $GESTO_SOCKET, else
                $XDG_RUNTIME_DIR/gesto/gestod.sock); not opened with --replay
                """),
            .value("input-proxy-socket", "PATH", .file(extensions: []), help: """
                gesto-inputd's socket (default $GESTO_INPUT_PROXY_SOCKET, else
                /run/gesto-inputd/socket; none with --no-devices unless named)
                """),
            .flag("version", help: "print the version"),
        ],
        discussion: """
        gesto's daemon: reads touchpad gestures from libinput, recognizes them and runs the actions
        bound to them in the config ($XDG_CONFIG_HOME/gesto/config.yaml by default). The config
        is re-read when it changes on disk and on SIGHUP; `gestoctl` controls the running daemon.
        """,
        // gestod runs through ``DaemonOptions/parse(_:)``, never through `execute`.
        run: { _, _ in 2 })

    /// `gestod --help`.
    public static var usage: String { CommandHelp.text(of: declaration, under: nil) }

    /// The options `parsed` gives, checked against ``declaration``.
    init(parsing parsed: CommandArguments) {
        configPath = parsed.values["config"]
        waitsForConfig = parsed.flags.contains("wait-for-config")
        replayPath = parsed.values["replay"]
        socketPath = parsed.values["socket"]
        inputProxySocketPath = parsed.values["input-proxy-socket"]
        isDryRun = parsed.flags.contains("dry-run")
        printsGestures = parsed.flags.contains("print-gestures")
        opensNoDevices = parsed.flags.contains("no-devices")
        allowsTouchscreens = parsed.flags.contains("touchscreens")
        opensNoWayland = parsed.flags.contains("no-wayland")
        devicePaths = parsed.repeated["device"] ?? []
        if let seat = parsed.values["seat"] { self.seat = seat }
        // The declaration has checked the level's name, ignoring case.
        if let name = parsed.values["log-level"], let level = LogLevel(name: name.lowercased()) { logLevel = level }
    }
}

extension DaemonOptions {
    /// What the command line asks for: run with options, or print something and exit.
    public enum Parsed {
        case run(DaemonOptions)
        /// Exit with `status` after printing `text` (to stderr when `toStandardError`).
        case exit(status: Int32, text: String, toStandardError: Bool)
    }

    /// Parses gestod's arguments; usage mistakes become an exit with status 2 and a message.
    public static func parse(_ arguments: [String]) -> Parsed {
        do {
            let parsed = try CommandArguments(arguments, declaredBy: declaration, path: "gestod")
            if parsed.flags.contains("version") {
                return .exit(status: 0, text: "gestod \(GestoVersion.current)\n", toStandardError: false)
            }
            return .run(DaemonOptions(parsing: parsed))
        } catch let error as UsageError {
            if error.isHelpRequest { return .exit(status: 0, text: usage + "\n", toStandardError: false) }
            return .exit(status: 2, text: "gestod: \(error.message)\n(see gestod --help)\n", toStandardError: true)
        } catch {
            return .exit(status: 2, text: "gestod: \(error)\n", toStandardError: true)
        }
    }
}
