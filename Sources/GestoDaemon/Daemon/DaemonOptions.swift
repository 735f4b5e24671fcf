// gestod's command line: where input comes from, which config, how actions run.

/// What gestod was asked to do.
public struct DaemonOptions: Sendable {
    /// `--config FILE`; nil: the default path (a missing default file means no bindings).
    public var configPath: String?
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

    public init() {}

    public static let usage = """
    usage: gestod [--config FILE] [--seat NAME | --device PATH...] [--replay FILE]
                  [--dry-run] [--print-gestures] [--log-level error|warning|info|debug|trace]
                  [--socket PATH]

    gesto's daemon: reads touchpad gestures from libinput, recognizes them and runs the actions
    bound to them in the config ($XDG_CONFIG_HOME/gesto/config.yaml by default). The config
    is re-read when it changes on disk and on SIGHUP; `gestoctl` controls the running daemon.

      --config FILE       the config to use; SIGHUP re-reads it (a broken one keeps the last good)
      --seat NAME         the udev seat to read touchpads from (default seat0)
      --device PATH       read this device through libinput's path backend (repeatable)
      --touchscreens      also read touchscreens (keyboards are never opened)
      --no-devices        open no input device
      --no-wayland        do not connect to the compositor (exec actions only)
      --replay FILE       read a recording (`libinput debug-events` text or `libinput record`
                          YAML) instead of devices, run its actions, and exit at its end
      --dry-run           log the actions instead of running them
      --print-gestures    print each gesture outcome as a JSON line on stdout
      --log-level LEVEL   error, warning, info (default), debug or trace (every recognizer's
                          state changes); logs go to stderr
                          (under systemd, the journal with priorities)
      --socket PATH       the control socket gestoctl talks to (default $GESTO_SOCKET, else
                          $XDG_RUNTIME_DIR/gesto/gestod.sock); not opened with --replay
      --version           print the version
    """

    /// Parses gestod's arguments.
    /// - Throws: `UsageError` naming the bad option; `UsageError.help` for `--help`.
    init(parsing arguments: [String]) throws {
        let parsed = try CommandArguments(arguments, command: "gestod",
                                          bareFlags: ["dry-run", "print-gestures", "no-devices", "no-wayland", "touchscreens", "version"],
                                          repeatable: ["device"])
        try parsed.allow(["config", "replay", "dry-run", "print-gestures", "log-level", "seat", "device", "socket",
                          "no-devices", "no-wayland", "touchscreens", "version"])
        if parsed.flags.contains("version") { throw UsageError("version") }
        configPath = parsed.values["config"]
        replayPath = parsed.values["replay"]
        socketPath = parsed.values["socket"]
        isDryRun = parsed.flags.contains("dry-run")
        printsGestures = parsed.flags.contains("print-gestures")
        opensNoDevices = parsed.flags.contains("no-devices")
        allowsTouchscreens = parsed.flags.contains("touchscreens")
        opensNoWayland = parsed.flags.contains("no-wayland")
        devicePaths = parsed.repeated["device"] ?? []
        if let seat = parsed.values["seat"] { self.seat = seat }
        if let level = parsed.values["log-level"] {
            guard let value = LogLevel(name: level) else {
                throw UsageError("unknown log level '\(level)' (expected error, warning, info, debug or trace)")
            }
            logLevel = value
        }
        if replayPath != nil && (!devicePaths.isEmpty || parsed.values["seat"] != nil) {
            throw UsageError("--replay reads a recording: it excludes --device and --seat")
        }
        if parsed.values["seat"] != nil && !devicePaths.isEmpty {
            throw UsageError("--seat and --device exclude each other")
        }
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
            return .run(try DaemonOptions(parsing: arguments))
        } catch let error as UsageError {
            if error.isHelpRequest { return .exit(status: 0, text: usage + "\n", toStandardError: false) }
            if error.message == "version" { return .exit(status: 0, text: "gestod \(GestoVersion.current)\n", toStandardError: false) }
            return .exit(status: 2, text: "gestod: \(error.message)\n(see gestod --help)\n", toStandardError: true)
        } catch {
            return .exit(status: 2, text: "gestod: \(error)\n", toStandardError: true)
        }
    }
}
