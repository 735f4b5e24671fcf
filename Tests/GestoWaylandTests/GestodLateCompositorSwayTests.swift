// gestod started before the compositor, with no WAYLAND_DISPLAY or SWAYSOCK (a user unit at
// login on Debian 12's sway): it connects when sway makes its socket, says so in `status`, and
// runs a `sway:` action through the sway socket it found. Issue 15 item 5, first half.
import Foundation
import Glibc
import Testing
import GestoWayland

@Suite(.serialized, .enabled(if: SwayHarness.unavailableReason == nil, Comment(rawValue: SwayHarness.unavailableReason ?? "")))
struct GestodLateCompositorSwayTests {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let gestod = packageRoot.appendingPathComponent(".build/debug/gestod").path
    static let gestoctl = packageRoot.appendingPathComponent(".build/debug/gestoctl").path
    /// The longest one wait lasts (a bound, never a pass criterion).
    static let waitSeconds = 10.0

    @Test(.timeLimit(.minutes(2)))
    func gestodWithoutWaylandDisplayConnectsWhenSwayStarts() throws {
        let sway = try SwayHarness()
        defer { sway.finish() }
        sway.startWatchdog(seconds: 100)
        let control = sway.runtimeDirectory.appendingPathComponent("gestod")
        try FileManager.default.createDirectory(at: control, withIntermediateDirectories: false)
        let socket = control.appendingPathComponent("gestod.sock").path
        let config = control.appendingPathComponent("config.yaml").path
        let seen = control.appendingPathComponent("exec-saw").path
        try """
            bindings:
              - gesture: hold:3
                sway: workspace 2
              - gesture: hold:4
                exec: echo "$WAYLAND_DISPLAY $SWAYSOCK" > \(seen).part && mv \(seen).part \(seen)

            """.write(toFile: config, atomically: true, encoding: .utf8)

        let daemon = Process()
        daemon.executableURL = URL(fileURLWithPath: Self.gestod)
        daemon.arguments = ["--no-devices", "--socket", socket, "--config", config, "--log-level", "debug"]
        // As a user unit sees it before the compositor exported anything.
        daemon.environment = ["XDG_RUNTIME_DIR": sway.runtimeDirectory.path, "HOME": control.path, "PATH": "/usr/bin:/bin"]
        let log = control.appendingPathComponent("gestod.log")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        daemon.standardError = try FileHandle(forWritingTo: log)
        daemon.standardOutput = FileHandle.nullDevice
        try daemon.run()
        defer { if daemon.isRunning { daemon.terminate(); daemon.waitUntilExit() } }
        let logText = { (try? String(contentsOf: log, encoding: .utf8)) ?? "" }

        func status() -> [String: Any]? {
            guard let output = try? Self.run(Self.gestoctl, ["--json", "status", "--socket", socket]), output.status == 0 else { return nil }
            return (try? JSONSerialization.jsonObject(with: Data(output.output.utf8))) as? [String: Any]
        }
        #expect(Self.eventually { status() != nil }, "\(logText())")
        #expect(status()?["wayland"] as? Bool == false)

        try sway.start()
        #expect(Self.eventually { status()?["wayland"] as? Bool == true }, "\(logText())")
        let trigger = try Self.run(Self.gestoctl, ["trigger", "hold:3", "--socket", socket])
        #expect(trigger.status == 0, "\(trigger.errors) \(logText())")
        let workspace = try sway.ipc.query(.getWorkspaces).elements.first { $0["focused"]?.boolValue == true }?["name"]?.stringValue
        #expect(workspace == "2")
        // exec commands get the display and sway socket gestod found.
        #expect(try Self.run(Self.gestoctl, ["trigger", "hold:4", "--socket", socket]).status == 0)
        #expect(Self.eventually { access(seen, F_OK) == 0 })
        let saw = ((try? String(contentsOfFile: seen, encoding: .utf8)) ?? "").split(separator: " ").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
        #expect(saw.first == URL(fileURLWithPath: sway.waylandPath).lastPathComponent, "\(saw)")
        #expect(saw.last == sway.ipcPath, "\(saw)")

        // doctor, on headless sway: the compositor is reached and offers every protocol.
        let doctor = try Self.run(Self.gestoctl, ["--json", "doctor", "--socket", socket, "--config", config])
        let report = (try? JSONSerialization.jsonObject(with: Data(doctor.output.utf8))) as? [String: Any] ?? [:]
        let checks = report["checks"] as? [[String: Any]] ?? []
        func verdict(_ name: String) -> String? { checks.first { $0["check"] as? String == name }?["status"] as? String }
        #expect(verdict("compositor") == "ok", "\(doctor.output)")
        #expect(verdict("protocols") == "ok", "\(doctor.output)")
        #expect(verdict("gestod") == "ok", "\(doctor.output)")
        #expect(verdict("config") == "ok", "\(doctor.output)")
    }

    /// Polls `condition` (the test polls; gestod never does) until it holds or the wait ends.
    static func eventually(_ condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(waitSeconds)
        while Date() < deadline {
            if condition() { return true }
            usleep(20_000)
        }
        return condition()
    }

    /// Runs a program to its end; its status, stdout and stderr.
    static func run(_ path: String, _ arguments: [String]) throws -> (status: Int32, output: String, errors: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let out = output.fileHandleForReading.readDataToEndOfFile()
        let err = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: out, as: UTF8.self), String(decoding: err, as: UTF8.self))
    }
}
