// The sway tests' one way to start gestod: the built gestod, with HOME in the test's folder and
// XDG_RUNTIME_DIR the sway harness's (plus what a test adds), its stderr in a log file there.
import Foundation
import Glibc

/// A gestod started by a sway test. It stops (SIGTERM, then waits) in `stop()` or, at the
/// latest, when released.
final class SwayGestod {
    let process: Process
    let folder: URL
    let config: String
    /// Its control socket, where it was started with one (`daemon(...)`).
    let socket: String?
    let logFile: URL

    /// Starts gestod with `arguments` (then `--config CONFIG`, then `trailing`) on `sway`'s
    /// runtime directory, HOME in `folder`, stderr into `folder/log`; `environment` is added to
    /// (or overrides) XDG_RUNTIME_DIR, HOME and PATH; stdout goes to `output`, else nowhere.
    init(on sway: SwayHarness, folder: URL, config: String, arguments: [String], trailing: [String] = [], socket: String? = nil,
         environment: [String: String] = [:], log: String = "gestod.log", output: Pipe? = nil) throws {
        self.folder = folder
        self.config = config
        self.socket = socket
        logFile = folder.appendingPathComponent(log)
        process = Process()
        process.executableURL = URL(fileURLWithPath: GestodLateCompositorSwayTests.gestod)
        process.arguments = arguments + ["--config", config] + trailing
        process.environment = ["XDG_RUNTIME_DIR": sway.runtimeDirectory.path, "HOME": folder.path, "PATH": "/usr/bin:/bin"]
            .merging(environment) { $1 }
        _ = FileManager.default.createFile(atPath: logFile.path, contents: nil)
        process.standardError = try FileHandle(forWritingTo: logFile)
        process.standardOutput = output ?? FileHandle.nullDevice
        try process.run()
    }

    /// gestod as a daemon with no input devices: `--no-devices EXTRA --socket FOLDER/gestod.sock
    /// --config CONFIG` and `--log-level LEVEL` unless `logLevel` is nil.
    static func daemon(on sway: SwayHarness, folder: URL, config: String, extraArguments: [String] = [],
                       logLevel: String? = "debug", environment: [String: String] = [:]) throws -> SwayGestod {
        let socket = folder.appendingPathComponent("gestod.sock").path
        return try SwayGestod(on: sway, folder: folder, config: config, arguments: ["--no-devices"] + extraArguments + ["--socket", socket],
                              trailing: logLevel.map { ["--log-level", $0] } ?? [], socket: socket, environment: environment)
    }

    deinit { stop() }

    /// Ends gestod (SIGTERM) if it still runs, and waits for it.
    func stop() {
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
    }

    /// Waits for gestod to exit by itself; its exit status.
    @discardableResult
    func waitUntilExit() -> Int32 {
        process.waitUntilExit()
        return process.terminationStatus
    }

    var isRunning: Bool { process.isRunning }
    var pid: pid_t { process.processIdentifier }

    /// Everything gestod logged so far.
    func logText() -> String { (try? String(contentsOf: logFile, encoding: .utf8)) ?? "" }

    /// Runs `gestoctl ARGUMENTS --socket SOCKET` to its end.
    func ctl(_ arguments: String...) throws -> (status: Int32, output: String, errors: String) {
        try GestodLateCompositorSwayTests.run(GestodLateCompositorSwayTests.gestoctl, arguments + ["--socket", socket ?? ""])
    }

    /// `gestoctl --json status`, parsed; nil while gestod does not answer.
    func status() -> [String: Any]? {
        guard let output = try? ctl("--json", "status"), output.status == 0 else { return nil }
        return (try? JSONSerialization.jsonObject(with: Data(output.output.utf8))) as? [String: Any]
    }

    /// Waits (bounded) until gestod reports itself connected to the compositor.
    func waitForWayland() -> Bool {
        GestodLateCompositorSwayTests.eventually { self.status()?["wayland"] as? Bool == true }
    }
}
