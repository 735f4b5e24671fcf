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
        let config = control.appendingPathComponent("config.yaml").path
        let seen = control.appendingPathComponent("exec-saw").path
        try """
            bindings:
              - gesture: hold:3
                sway: workspace 2
              - gesture: hold:4
                exec: echo "$WAYLAND_DISPLAY $SWAYSOCK" > \(seen).part && mv \(seen).part \(seen)

            """.write(toFile: config, atomically: true, encoding: .utf8)

        // As a user unit sees it before the compositor exported anything.
        let gestod = try SwayGestod.daemon(on: sway, folder: control, config: config)
        defer { gestod.stop() }
        #expect(Self.eventually { gestod.status() != nil }, "\(gestod.logText())")
        #expect(gestod.status()?["wayland"] as? Bool == false)

        try sway.start()
        #expect(gestod.waitForWayland(), "\(gestod.logText())")
        let trigger = try gestod.ctl("trigger", "hold:3")
        #expect(trigger.status == 0, "\(trigger.errors) \(gestod.logText())")
        let workspace = try sway.ipc.query(.getWorkspaces).elements.first { $0["focused"]?.boolValue == true }?["name"]?.stringValue
        #expect(workspace == "2")
        // exec commands get the display and sway socket gestod found.
        #expect(try gestod.ctl("trigger", "hold:4").status == 0)
        #expect(Self.eventually { access(seen, F_OK) == 0 })
        let saw = ((try? String(contentsOfFile: seen, encoding: .utf8)) ?? "").split(separator: " ").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
        #expect(saw.first == URL(fileURLWithPath: sway.waylandPath).lastPathComponent, "\(saw)")
        #expect(saw.last == sway.ipcPath, "\(saw)")

        // doctor, on headless sway: the compositor is reached and offers every protocol.
        let doctor = try Self.run(Self.gestoctl, ["--json", "doctor", "--socket", try #require(gestod.socket), "--config", config])
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
