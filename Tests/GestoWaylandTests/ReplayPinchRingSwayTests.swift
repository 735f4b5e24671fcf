// `gestod --replay` of a real two-finger pinch-out with a continuous pinch:2:out binding (and of a
// real touchscreen drag with a continuous touch-swipe one), on a real sway: the overlay's layer
// surface is configured by sway, gets a buffer, and sway calls its frame callbacks back (it draws
// it), then it unmaps once the spring rests and gestod exits.
// Before, the overlay animated on CLOCK_MONOTONIC while the replay fed the recording's times
// (the ring was "settled" at once), and gestod exited before sway configured anything.
// Issue 15 item 11, second half. The evidence is the client's protocol log (WAYLAND_DEBUG).
// The same replay read from a FIFO shows that gestod maps the drawing stack at its first
// overlay, not at start (issue 14 item 5).
import Foundation
import Glibc
import Testing
import GestoDaemon
import GestoWayland

@Suite(.serialized, .enabled(if: SwayHarness.unavailableReason == nil, Comment(rawValue: SwayHarness.unavailableReason ?? "")))
struct ReplayPinchRingSwayTests {
    static func packageRoot(_ path: String) -> String {
        GestodLateCompositorSwayTests.packageRoot.appendingPathComponent(path).standardized.path
    }
    static let fixture = packageRoot("Tests/Fixtures/libinput-1.22/011-synaptics-tm3276-t480-2fg-pinch-out.debug-events.txt")

    /// What the protocol log says about the overlay's layer surface.
    struct RingEvidence {
        var configured = false
        var buffersCommitted = 0
        var framesDone = 0
        var destroyed = false
    }

    /// Reads a WAYLAND_DEBUG=client log: the `gesto-overlay` layer surface, its configure from
    /// sway, the buffers committed after it, the frame callbacks sway completed, its destroy.
    static func evidence(inProtocolLog log: String) -> RingEvidence {
        var result = RingEvidence()
        var layer: String?, surface: String?
        var attached = false
        var pendingCallbacks: Set<String> = []
        func id(_ line: Substring, after marker: String) -> String? {
            guard let range = line.range(of: marker) else { return nil }
            return String(line[range.upperBound...].prefix { $0.isNumber })
        }
        for line in log.split(separator: "\n") {
            if layer == nil, line.contains("get_layer_surface("), line.contains("\"gesto-overlay\"") {
                layer = id(line, after: "new id zwlr_layer_surface_v1@")
                surface = id(line, after: ", wl_surface@")
                continue
            }
            guard let layer, let surface else { continue }
            if !line.contains(" -> "), line.contains("zwlr_layer_surface_v1@\(layer).configure(") {
                result.configured = true
            } else if result.configured, line.contains(" -> wl_surface@\(surface).attach(wl_buffer@") {
                attached = true
            } else if attached, line.contains(" -> wl_surface@\(surface).commit()") {
                result.buffersCommitted += 1
                attached = false
            } else if result.configured, line.contains(" -> wl_surface@\(surface).frame("),
                      let callback = id(line, after: "new id wl_callback@") {
                pendingCallbacks.insert(callback)
            } else if !line.contains(" -> "), let callback = id(line, after: "wl_callback@"), line.contains(".done("),
                      pendingCallbacks.remove(callback) != nil {
                result.framesDone += 1
            } else if line.contains(" -> zwlr_layer_surface_v1@\(layer).destroy()") {
                result.destroyed = true
            }
        }
        return result
    }

    /// The drawing libraries among `pid`'s mappings, and whether libwayland-client is mapped.
    static func drawingLibraries(pid: pid_t) throws -> (drawing: [String], wayland: Bool) {
        let names = try ProcessStats.mappedLibraries(pid: pid)
        let drawing = names.filter { $0.hasPrefix("libcairo.so") || $0.hasPrefix("libpango") || $0.hasPrefix("libgobject-2.0.so") }
        return (drawing, names.contains { $0.hasPrefix("libwayland-client.so") })
    }

    @Test(.timeLimit(.minutes(2)))
    func gestodOpensTheDrawingStackAtItsFirstOverlayNotAtStart() throws {
        let sway = try SwayHarness()
        defer { sway.finish() }
        sway.startWatchdog(seconds: 100)
        try sway.start()
        let folder = sway.runtimeDirectory.appendingPathComponent("replay-fifo")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
        let config = folder.appendingPathComponent("config.yaml").path
        try "bindings:\n  - gesture: pinch:2:out\n    mode: continuous\n    exec: \"true\"\n".write(toFile: config, atomically: true, encoding: .utf8)
        let fifo = folder.appendingPathComponent("input").path
        #expect(mkfifo(fifo, 0o600) == 0)

        let daemon = try SwayGestod(on: sway, folder: folder, config: config, arguments: ["--replay", fifo],
                                    environment: ["WAYLAND_DISPLAY": sway.waylandPath, "WAYLAND_DEBUG": "client"])
        defer { daemon.stop() }
        func logText() -> String { daemon.logText() }

        // Started: connected to sway (layer-shell bound) and waiting for the recording, whose
        // FIFO it has opened (the write end opens only then).
        var writer: Int32 = -1
        let deadline = Date().addingTimeInterval(30)
        while Date() < deadline && daemon.isRunning {
            if writer < 0 { writer = open(fifo, O_WRONLY | O_NONBLOCK | O_CLOEXEC) }
            if writer >= 0, logText().contains("zwlr_layer_shell_v1"), Self.schedulerState(of: daemon.pid) == "S" { break }
            usleep(10_000)
        }
        #expect(writer >= 0 && daemon.isRunning, "gestod did not open the FIFO\n\(logText().suffix(2_000))")
        let atStart = try Self.drawingLibraries(pid: daemon.pid)
        #expect(atStart.wayland, "gestod is not connected to sway yet")
        #expect(atStart.drawing == [], "gestod mapped the drawing stack before any overlay")

        let recording = try Data(contentsOf: URL(fileURLWithPath: Self.fixture))
        #expect(recording.count < 65_536, "the recording must fit in the FIFO's buffer")
        #expect(recording.withUnsafeBytes { write(writer, $0.baseAddress, $0.count) } == recording.count)
        close(writer)
        let status = daemon.waitUntilExit()
        let ring = Self.evidence(inProtocolLog: logText())
        #expect(status == 0)
        #expect(ring.buffersCommitted >= 1, "the ring was not drawn: cairo did not open at the first overlay")
    }

    /// The scheduler state of `pid` (`S` while it sleeps in a system call), from /proc/PID/stat.
    static func schedulerState(of pid: pid_t) -> Character? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return nil }
        return stat[stat.index(after: close)...].first { $0 != " " }
    }

    @Test(.timeLimit(.minutes(2)), arguments: [
        // The real two-finger pinch-out: the ring.
        (fixture, "pinch:2:out"),
        // The real 4-finger touchscreen drag down (corpus 027): the bar, touches in percent of the screen.
        (packageRoot("../shared/corpus/libinput-1.22/027-atmel-maxtouch-touchscreen-4fg-drag-down.debug-events.txt"), "touch-swipe:4:down"),
    ])
    func replayedContinuousGestureMapsItsOverlay(recording: String, gesture: String) throws {
        let sway = try SwayHarness()
        defer { sway.finish() }
        sway.startWatchdog(seconds: 100)
        try sway.start()
        let (folder, config) = try sway.folder("replay", config: """
            bindings:
              - gesture: \(gesture)
                mode: continuous
                exec: "true"

            """)

        let daemon = try SwayGestod(on: sway, folder: folder, config: config, arguments: ["--replay", recording],
                                    environment: ["WAYLAND_DISPLAY": sway.waylandPath, "WAYLAND_DEBUG": "client"])
        // gestod ends the replay itself once the ring has come to rest.
        let status = daemon.waitUntilExit()
        let text = daemon.logText()
        let tail = String(text.split(separator: "\n").filter { !$0.hasPrefix("[") }.suffix(20).joined(separator: "\n"))
        #expect(status == 0, "\(tail)")
        let ring = Self.evidence(inProtocolLog: text)
        #expect(ring.configured, "sway never configured the overlay's layer surface\n\(tail)")
        #expect(ring.buffersCommitted >= 1, "no buffer committed to the overlay\n\(tail)")
        #expect(ring.framesDone >= 1, "sway completed no frame of the overlay\n\(tail)")
        #expect(ring.destroyed, "the overlay did not unmap at rest\n\(tail)")
        #expect(!text.contains("did not come to rest"), "\(tail)")
    }
}
