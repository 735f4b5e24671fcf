// `app:` bindings on a real sway follow sway's own focus. sway 1.7 (Debian 12's) drops
// `activated` from the foreign-toplevel state of a fullscreen window once a new window maps
// behind it, and never sends it again: gestod followed that state, so the app's bindings stopped
// matching while the window still had the focus. Issue 41 item 4. gestod follows sway's focus
// from its IPC events, with no request per gesture (issue 40 item 5's latency budget): the
// second test counts every request gestod sends sway.
import Foundation
import Glibc
import Testing
import GestoSystem
import GestoWayland
@testable import GestoDaemon

@Suite(.serialized, .enabled(if: SwayHarness.unavailableReason == nil, Comment(rawValue: SwayHarness.unavailableReason ?? "")))
struct AppFocusSwayTests {
    static let front = "gesto-focus-front"
    static let behind = "gesto-focus-behind"

    @Test(.timeLimit(.minutes(2)))
    func anAppBindingStillMatchesAFullscreenWindowWithANewWindowBehindIt() throws {
        let sway = try SwayHarness()
        defer { sway.finish() }
        sway.startWatchdog(seconds: 100)
        try sway.start()

        // The session as gestod keeps it, to see what sway's foreign-toplevel state says.
        let runner = try LoopRunner()
        let session = WaylandSession(displayName: sway.waylandPath, keymapNames: KeymapNames(rules: "evdev", layout: "us"))
        let driver = try WaylandSessionDriver(
            session: session, loop: runner.loop, log: Log(level: .debug, programName: "gesto-test"),
            backoff: ReconnectBackoff(initialMicroseconds: 100_000, maximumMicroseconds: 1_000_000))
        driver.start()
        #expect(try runner.run(timeout: SwaySessionTests.effectSeconds) { session.isConnected })

        let (folder, config) = try sway.folder("gestod", config: Self.config(apps: [Self.front]))
        let gestod = try SwayGestod.daemon(on: sway, folder: folder, config: config)
        defer { gestod.stop() }
        #expect(gestod.waitForWayland(), "\(gestod.logText())")

        // The app's window, focused: its binding is chosen.
        try sway.ipc.runCommand("exec foot --app-id \(Self.front) sleep 600")
        #expect(try runner.run(timeout: SwaySessionTests.effectSeconds) { session.focusedAppID == Self.front })
        #expect(try sway.ipc.focusedAppID() == Self.front)
        #expect(try Self.triggered(gestod).contains("(binding 2"), "\(gestod.logText())")

        // Fullscreen, then a window maps behind it: sway keeps the focus on the fullscreen one.
        // (As gesto's `window: fullscreen` does it: the foreign-toplevel request.)
        let focused = session.focusedToplevel
        let frontID = try #require(focused).id
        try session.perform(.fullscreen, on: frontID)
        driver.flush()
        #expect(try runner.run(timeout: SwaySessionTests.effectSeconds) { session.focusedToplevel?.states.contains(.fullscreen) == true })
        try sway.ipc.runCommand("exec foot --app-id \(Self.behind) sleep 600")
        #expect(try runner.run(timeout: SwaySessionTests.effectSeconds) { session.toplevels.contains { $0.appID == Self.behind } })
        // Where sway drops `activated` from the fullscreen window, it does so as the window maps:
        // after a round trip its state is what gestod's session would see (the binding must
        // match either way).
        try session.roundtrip()
        let dropped = session.focusedAppID != Self.front
        let swayFocus = try sway.ipc.focusedAppID()
        #expect(swayFocus == Self.front, "sway's tree focuses \(swayFocus ?? "nothing")")
        print("foreign-toplevel focus after a window mapped behind the fullscreen one: "
              + "\(dropped ? "dropped (\(session.focusedAppID ?? "none"))" : "kept"); sway's tree: \(swayFocus ?? "none")")
        #expect(try Self.triggered(gestod).contains("(binding 2"), "the app binding no longer matches: \(gestod.logText())")
        driver.stop()
    }

    static let second = "gesto-focus-second"

    /// A general `swipe:3:left` binding (binding 1), then one per app in `apps` (binding 2...).
    static func config(apps: [String]) -> String {
        "bindings:\n  - gesture: swipe:3:left\n    exec: \"true\"\n"
            + apps.map { "  - gesture: swipe:3:left\n    app: \($0)\n    exec: \"true\"\n" }.joined() + "\n"
    }

    /// A counting relay to `sway`'s IPC socket, at `folder/sway.sock`.
    static func relay(in folder: URL, to sway: SwayHarness) throws -> SwayIPCRelay {
        try SwayIPCRelay(listeningAt: folder.appendingPathComponent("sway.sock").path, to: sway.ipcPath)
    }

    /// `gestoctl trigger swipe:3:left` on `gestod`, which must answer; what it printed.
    static func triggered(_ gestod: SwayGestod) throws -> String {
        let trigger = try gestod.ctl("trigger", "swipe:3:left")
        #expect(trigger.status == 0, "\(trigger.errors) \(gestod.logText())")
        return trigger.output
    }

    /// sway's focus as it changes (a new window mapping, `focus`, an empty workspace) is what
    /// `gestoctl trigger` picks a binding by, and gestod asks sway for its tree once, when it
    /// subscribes, never per gesture: every request it sends sway goes through a counting relay.
    @Test(.timeLimit(.minutes(2)))
    func focusChangesReachTriggerWithoutARequestPerGesture() throws {
        let sway = try SwayHarness()
        defer { sway.finish() }
        sway.startWatchdog(seconds: 100)
        try sway.start()

        let (folder, config) = try sway.folder("gestod-follow", config: Self.config(apps: [Self.front, Self.second]))
        let relay = try Self.relay(in: folder, to: sway)
        defer { relay.close() }
        let gestod = try SwayGestod.daemon(on: sway, folder: folder, config: config, environment: ["SWAYSOCK": relay.path])
        defer { gestod.stop() }
        let logText = gestod.logText
        func focus() -> (app: String?, source: String?)? {
            guard let focus = gestod.status()?["focus"] as? [String: Any] else { return nil }
            return (focus["app"] as? String, focus["source"] as? String)
        }
        /// Waits until gestod reports sway's focus on `app` (nil: no window).
        func waitForFocus(_ app: String?) -> Bool {
            GestodLateCompositorSwayTests.eventually { focus().map { $0.app == app && $0.source == "sway" } ?? false }
        }

        // Subscribed on an empty workspace: no window focused, the general binding.
        #expect(waitForFocus(nil), "\(String(describing: focus())) \(logText())")
        #expect(try Self.triggered(gestod).contains("(binding 1"), "\(logText())")
        // A new window maps and takes the focus.
        try sway.ipc.runCommand("exec foot --app-id \(Self.front) sleep 600")
        #expect(waitForFocus(Self.front), "\(String(describing: focus())) \(logText())")
        #expect(try Self.triggered(gestod).contains("(binding 2"), "\(logText())")
        try sway.ipc.runCommand("exec foot --app-id \(Self.second) sleep 600")
        #expect(waitForFocus(Self.second), "\(String(describing: focus())) \(logText())")
        #expect(try Self.triggered(gestod).contains("(binding 3"), "\(logText())")
        // `focus` moves it back.
        try sway.ipc.runCommand("[app_id=\(Self.front)] focus")
        #expect(waitForFocus(Self.front), "\(String(describing: focus())) \(logText())")
        #expect(try Self.triggered(gestod).contains("(binding 2"), "\(logText())")
        // An empty workspace: no window, the general binding again; back, the window it left.
        try sway.ipc.runCommand("workspace gesto-empty")
        #expect(waitForFocus(nil), "\(String(describing: focus())) \(logText())")
        #expect(try Self.triggered(gestod).contains("(binding 1"), "\(logText())")
        try sway.ipc.runCommand("workspace back_and_forth")
        #expect(waitForFocus(Self.front), "\(String(describing: focus())) \(logText())")
        // The focused window closes: the other one is focused.
        try sway.ipc.runCommand("[app_id=\(Self.front)] kill")
        #expect(waitForFocus(Self.second), "\(String(describing: focus())) \(logText())")
        #expect(try Self.triggered(gestod).contains("(binding 3"), "\(logText())")

        // One subscription, one tree, whatever the triggers and status requests since.
        #expect(relay.count(of: SwayIPC.MessageType.subscribe.rawValue) == 1, "\(relay.counts)")
        #expect(relay.count(of: SwayIPC.MessageType.getTree.rawValue) == 1, "\(relay.counts)")
    }

    /// The gesture input path sends sway nothing: a replay's gestures go through the same
    /// handling as live ones, on a gestod connected to sway with an `app:` binding (before,
    /// each swipe's BEGIN asked sway for its tree).
    @Test(.timeLimit(.minutes(2)))
    func gesturesAskSwayNothing() throws {
        let sway = try SwayHarness()
        defer { sway.finish() }
        sway.startWatchdog(seconds: 100)
        try sway.start()
        // The binding for every app sends sway a `nop` through the relay: the count of those
        // shows that gestod talks to sway through it, so that no other request is a real absence.
        let (folder, config) = try sway.folder("gestod-replay", config: Self.config(apps: [Self.front])
            .replacingOccurrences(of: "swipe:3:left\n    exec: \"true\"\n  - gesture: swipe:3:left\n    app:",
                                  with: "swipe:3:left\n    sway: nop\n  - gesture: swipe:3:left\n    app:"))
        #expect(try String(contentsOfFile: config, encoding: .utf8).contains("sway: nop"))
        var recording = "-event4   DEVICE_ADDED     Synaptics TM3276-022              seat0 default group9  cap:pg  size 97x65mm\n"
        for swipe in 0..<5 {
            let start = Double(swipe)
            recording += " event4   GESTURE_SWIPE_BEGIN  +\(String(format: "%.3f", start))s\t3\n"
            for step in 1...10 {
                recording += " event4   GESTURE_SWIPE_UPDATE  +\(String(format: "%.3f", start + Double(step) * 0.01))s\t3 -10.00/ 0.00 (-10.00/ 0.00 unaccelerated)\n"
            }
            recording += " event4   GESTURE_SWIPE_END  +\(String(format: "%.3f", start + 0.11))s\t3\n"
        }
        let path = folder.appendingPathComponent("swipes.txt").path
        try recording.write(toFile: path, atomically: true, encoding: .utf8)
        let relay = try Self.relay(in: folder, to: sway)
        defer { relay.close() }

        let replay = try SwayGestod(on: sway, folder: folder, config: config, arguments: ["--replay", path], trailing: ["--log-level", "debug"],
                                    environment: ["SWAYSOCK": relay.path])
        let status = replay.waitUntilExit()
        let log = replay.logText()
        #expect(status == 0, "\(log)")
        #expect(log.contains("wayland: connected"), "\(log)")
        #expect(log.contains("gestures=5"), "\(log)")
        // sway-ipc(7): RUN_COMMAND is 0, SUBSCRIBE 2, GET_TREE 4.
        #expect(relay.counts[0] == 5, "gestod ran \(relay.counts[0] ?? 0) of the 5 `sway: nop` through the relay: \(relay.counts)")
        #expect(relay.counts.keys.filter { $0 != 0 }.isEmpty, "gestod sent sway \(relay.counts) for 5 gestures")
    }
}

/// A Unix socket that relays every connection to sway's IPC socket, counting the messages its
/// clients send by type (the replies and events come back unchanged).
final class SwayIPCRelay: @unchecked Sendable {
    let path: String
    private let target: String
    private let listener: Int32
    private let lock = NSLock()
    private var typeCounts: [UInt32: Int] = [:]
    private var descriptors: [Int32] = []

    init(listeningAt path: String, to target: String) throws {
        self.path = path
        self.target = target
        listener = try Self.socket(path, listen: true)
        Thread { [self] in acceptConnections() }.start()
    }

    private func locked<T>(_ body: () -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body()
    }

    /// Messages of `type` sent so far.
    func count(of type: UInt32) -> Int { locked { typeCounts[type, default: 0] } }
    var counts: [UInt32: Int] { locked { typeCounts } }

    /// Stops accepting and ends every relayed connection.
    func close() {
        shutdown(listener, Int32(SHUT_RDWR))
        for fd in locked({ descriptors }) { shutdown(fd, Int32(SHUT_RDWR)) }
    }

    private func acceptConnections() {
        while true {
            let client = accept(listener, nil, nil)
            guard client >= 0 else { if errno == EINTR { continue } else { return } }
            guard let server = try? Self.socket(target, listen: false) else { Glibc.close(client); continue }
            locked { descriptors += [client, server] }
            Thread { [self] in pump(from: client, to: server, counting: true) }.start()
            Thread { [self] in pump(from: server, to: client, counting: false) }.start()
        }
    }

    private func pump(from source: Int32, to destination: Int32, counting: Bool) {
        var frames = SwayIPCFrameDecoder()
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = read(source, &buffer, buffer.count)
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            if counting {
                frames.append(buffer[..<count])
                while let frame = try? frames.nextFrame() { locked { typeCounts[frame.type, default: 0] += 1 } }
            }
            var sent = 0
            while sent < count {
                let written = buffer.withUnsafeBytes { send(destination, $0.baseAddress! + sent, count - sent, Int32(MSG_NOSIGNAL)) }
                if written < 0 && errno == EINTR { continue }
                guard written > 0 else { shutdown(source, Int32(SHUT_RDWR)); return }
                sent += written
            }
        }
        shutdown(destination, Int32(SHUT_RDWR))
    }

    private static func socket(_ path: String, listen listening: Bool) throws -> Int32 {
        let fd = Glibc.socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: Array(path.utf8) + [0]) }
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                listening ? bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) : connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard fd >= 0, result == 0, !listening || listen(fd, 8) == 0 else {
            let code = errno
            Glibc.close(fd)
            throw SwayIPCError.cannotConnect(path: path, code: code)
        }
        return fd
    }
}
