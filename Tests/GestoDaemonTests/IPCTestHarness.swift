// Shared by the IPC tests: a real gestod process on a private socket and config (killed when
// the test ends, whatever happens), and gestoctl runs with a bound on their time. The
// executables are the ones `swift build` put in the package's .build/debug.
import Foundation
import Glibc
import Testing
@testable import GestoDaemon

/// The package's root folder.
let ipcPackageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()
/// The built gestod and gestoctl.
let gestodExecutable = ipcPackageRoot.appendingPathComponent(".build/debug/gestod").path
let gestoctlExecutable = ipcPackageRoot.appendingPathComponent(".build/debug/gestoctl").path
/// The longest any wait in these tests lasts, in seconds (never a pass/fail criterion for speed).
let ipcWaitSeconds = 10.0

/// Why the harness could not set a test up.
struct HarnessError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// A private temporary folder (short, so the socket path fits in sun_path), removed with
/// everything in it when the last reference goes.
final class TemporaryFolder {
    let path: String
    /// Makes the folder `prefix-XXXXXX` in the temporary directory.
    init(prefix: String = "gesto-ipc") throws {
        let base = FileManager.default.temporaryDirectory.path
        var template = Array((base + (base.hasSuffix("/") ? "" : "/") + prefix + "-XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else { throw HarnessError("mkdtemp failed") }
        path = String(cString: made)
    }
    deinit { try? FileManager.default.removeItem(atPath: path) }
    func file(_ name: String) -> String { path + "/" + name }
}

/// What a finished command printed and returned.
struct CommandResult {
    var status: Int32
    var output: String
    var errors: String
    /// The standard output parsed as one JSON object.
    var json: [String: Any] {
        (try? JSONSerialization.jsonObject(with: Data(output.utf8))) as? [String: Any] ?? [:]
    }
}

/// Runs `executable` with `arguments` (in `environment` alone when given, else in the test's
/// own), killing it after `ipcWaitSeconds`.
func runProcess(_ executable: String, _ arguments: [String], environment: [String: String]? = nil) throws -> CommandResult {
    let folder = try TemporaryFolder()
    _ = FileManager.default.createFile(atPath: folder.file("out"), contents: nil)
    _ = FileManager.default.createFile(atPath: folder.file("err"), contents: nil)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    if let environment { process.environment = environment }
    process.standardOutput = FileHandle(forWritingAtPath: folder.file("out"))
    process.standardError = FileHandle(forWritingAtPath: folder.file("err"))
    try process.run()
    let deadline = Date().addingTimeInterval(ipcWaitSeconds)
    while process.isRunning && Date() < deadline { usleep(5_000) }
    if process.isRunning {
        process.terminate()
        process.waitUntilExit()
        throw HarnessError("\(executable) \(arguments) did not end within \(ipcWaitSeconds) s")
    }
    return CommandResult(status: process.terminationStatus,
                         output: (try? String(contentsOfFile: folder.file("out"), encoding: .utf8)) ?? "",
                         errors: (try? String(contentsOfFile: folder.file("err"), encoding: .utf8)) ?? "")
}

/// Waits until `condition` holds or `ipcWaitSeconds` pass; returns whether it held.
func eventually(_ condition: () -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(ipcWaitSeconds)
    while Date() < deadline {
        if condition() { return true }
        usleep(10_000)
    }
    return condition()
}

/// A gestod started with `--no-devices --no-wayland` on a private socket and config.
final class TestDaemon: @unchecked Sendable {
    let folder: TemporaryFolder
    let socket: String
    let config: String
    let process = Process()
    let logPath: String

    /// Writes `config` (none when nil) and starts gestod with `arguments` added; returns once
    /// its socket answers.
    init(config text: String?, socket: String? = nil, folder: TemporaryFolder? = nil, arguments: [String] = []) throws {
        guard FileManager.default.isExecutableFile(atPath: gestodExecutable),
              FileManager.default.isExecutableFile(atPath: gestoctlExecutable) else {
            throw HarnessError("build the executables first (swift build): \(gestodExecutable) is missing")
        }
        self.folder = try folder ?? TemporaryFolder()
        self.socket = socket ?? self.folder.file("run/gestod.sock")
        config = self.folder.file("config.yaml")
        logPath = self.folder.file("gestod-\(UUID().uuidString.prefix(8)).log")
        try text?.write(toFile: config, atomically: true, encoding: .utf8)
        _ = FileManager.default.createFile(atPath: logPath, contents: nil)
        process.executableURL = URL(fileURLWithPath: gestodExecutable)
        process.arguments = ["--no-devices", "--no-wayland", "--socket", self.socket, "--config", config, "--log-level", "debug"] + arguments
        process.standardError = FileHandle(forWritingAtPath: logPath)
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let answered = eventually {
            guard process.isRunning else { return true }
            guard let connection = try? IPCConnection(path: self.socket) else { return false }
            connection.close()
            return true
        }
        guard answered, process.isRunning else {
            stop()
            throw HarnessError("gestod did not start: \(log)")
        }
    }

    deinit { stop() }

    /// What gestod logged so far.
    var log: String { (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? "" }

    /// Sends SIGTERM and waits; SIGKILL if it has not ended in time. Returns its exit status.
    @discardableResult
    func stop() -> Int32? {
        guard process.isRunning else { return process.processIdentifier == 0 ? nil : process.terminationStatus }
        kill(process.processIdentifier, SIGTERM)
        if !eventually({ !process.isRunning }) {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        return process.terminationStatus
    }

    /// Runs gestoctl against this daemon.
    func ctl(_ arguments: String...) throws -> CommandResult {
        try runProcess(gestoctlExecutable, arguments + ["--socket", socket])
    }

    /// A raw connection (non-test code paths: half lines, floods).
    func connect() throws -> IPCConnection { try IPCConnection(path: socket) }

    /// `status --json` answers with state `running` or `paused`.
    var answersStatus: Bool {
        guard let result = try? ctl("status", "--json"), result.status == 0 else { return false }
        return result.json["state"] is String
    }
}
