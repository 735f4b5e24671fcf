// `drag: left` on a real sway, seen by a real client: `gestod --replay` of a real three-finger
// stroke (the T480's Z, libinput 1.22) reaches wev, which logs every wl_pointer event of its
// window, as one left-button press, motion that follows the stroke, and one release, through
// sway's zwlr_virtual_pointer_manager_v1. A recording cut off mid-stroke (the input ends with
// the fingers down: the drag is cancelled) releases the button too, as does every other way
// out; and on a floating window's title bar the drag moves the window, as a held button does.
import Foundation
import Glibc
import Testing
import GestoDaemon
import GestoCore
import GestoWayland

/// Why the drag's sway tests cannot run here (sway's reasons, or no wev), or nil.
let dragSwayUnavailableReason: String? = SwayHarness.unavailableReason
    ?? (SwayHarness.findExecutable("wev") == nil ? "wev is not installed (Debian: apt-get install wev)" : nil)

@Suite(.serialized, .enabled(if: dragSwayUnavailableReason == nil, Comment(rawValue: dragSwayUnavailableReason ?? "")))
struct DragSwayTests {
    static let fixture = ReplayPinchRingSwayTests.packageRoot("Tests/Fixtures/libinput-1.22/001-synaptics-tm3276-t480-3fg-stroke-z.debug-events.txt")
    static let waitSeconds = 20.0

    /// What wev logged of the pointer: buttons (code, pressed) and positions, in order.
    struct PointerLog {
        var buttons: [(code: Int, pressed: Bool)] = []
        var positions: [(x: Double, y: Double)] = []
        /// The index in `positions` at which each button event came.
        var buttonAt: [Int] = []
    }

    /// Parses wev's `wl_pointer` lines: `button: serial: …; time: …; button: 272 (left), state: 1 (pressed)`
    /// and `motion: time: …; x, y: 640.000000, 360.000000` (`enter` carries a position too).
    static func pointerLog(_ text: String) -> PointerLog {
        var log = PointerLog()
        for line in text.split(separator: "\n") where line.contains("wl_pointer") {
            if line.contains("] button:"), let code = number(after: "button: ", in: line, last: true),
               let state = number(after: "state: ", in: line) {
                log.buttons.append((Int(code), state == 1))
                log.buttonAt.append(log.positions.count)
            } else if line.contains("] motion:") || line.contains("] enter:"),
                      let range = line.range(of: "x, y: ") {
                let parts = line[range.upperBound...].split(separator: ",").map { Double($0.trimmingCharacters(in: .whitespaces)) }
                if parts.count == 2, let x = parts[0], let y = parts[1] { log.positions.append((x, y)) }
            }
        }
        return log
    }

    static func number(after marker: String, in line: Substring, last: Bool = false) -> Double? {
        guard let range = last ? line.range(of: marker, options: .backwards) : line.range(of: marker) else { return nil }
        return Double(line[range.upperBound...].prefix { $0.isNumber || $0 == "." })
    }

    /// wev, logging to a file in sway's runtime folder, fullscreen with the cursor over its
    /// middle. ``stop()`` ends it (after sway, it would spin on its dead display).
    struct Wev {
        let log: URL
        let pidFile: URL
        var text: String { (try? String(contentsOf: log, encoding: .utf8)) ?? "" }
        func stop() {
            if let pid = pid_t(((try? String(contentsOf: pidFile, encoding: .utf8)) ?? "").trimmingCharacters(in: .whitespacesAndNewlines)) {
                Glibc.kill(pid, SIGTERM)
            }
        }
    }

    static func startWev(_ sway: SwayHarness) throws -> Wev {
        let wev = Wev(log: sway.runtimeDirectory.appendingPathComponent("wev.log"),
                      pidFile: sway.runtimeDirectory.appendingPathComponent("wev.pid"))
        try sway.ipc.runCommand("for_window [app_id=wev] fullscreen enable")
        // A script, since sway's exec would take `$$` for one of its variables.
        let script = sway.runtimeDirectory.appendingPathComponent("run-wev")
        try "#!/bin/sh\necho $$ > \(wev.pidFile.path)\nexec stdbuf -oL wev > \(wev.log.path) 2>&1\n"
            .write(to: script, atomically: true, encoding: .utf8)
        chmod(script.path, 0o755)
        try sway.ipc.runCommand("exec \(script.path)")
        let deadline = Date().addingTimeInterval(Self.waitSeconds)
        var mapped = false
        while Date() < deadline && !mapped {
            if let tree = try? sway.ipc.query(.getTree) {
                mapped = SwaySessionTests.nodes(tree).contains { $0["app_id"]?.stringValue == "wev" && $0["fullscreen_mode"]?.numberValue == 1 }
            }
            if !mapped { usleep(20_000) }
        }
        #expect(mapped, "wev did not map fullscreen")
        try sway.ipc.runCommand("seat seat0 cursor set 640 360")
        return wev
    }

    /// Runs `gestod --replay` with a `drag: left` binding against `sway`, reading the recording
    /// from a FIFO: it is written only once wev holds a wl_pointer (the pointer entered its
    /// window), which it gets when gestod's virtual pointer appears. Returns gestod's log once
    /// it exited.
    static func replay(_ recording: Data, on sway: SwayHarness, wev: Wev, name: String) throws -> String {
        let run = try startReplay(on: sway, wev: wev, name: name)
        defer { run.gestod.stop() }
        #expect(recording.count < 65_536, "the recording must fit in the FIFO's buffer")
        #expect(recording.withUnsafeBytes { Glibc.write(run.writer, $0.baseAddress, $0.count) } == recording.count)
        close(run.writer)
        #expect(run.gestod.waitUntilExit() == 0, "\(run.log())")
        return run.fullLog()
    }

    /// wev's pointer log once it shows as many button events as `count` (wev logs what sway
    /// delivered after gestod exits; this waits for it, bounded).
    static func waitForButtons(_ count: Int, in wev: Wev) -> PointerLog {
        let deadline = Date().addingTimeInterval(Self.waitSeconds)
        var parsed = PointerLog()
        while Date() < deadline {
            parsed = pointerLog(wev.text)
            if parsed.buttons.count >= count { break }
            usleep(20_000)
        }
        return parsed
    }

    @Test(.timeLimit(.minutes(2)))
    func aReplayedStrokeDragsWithTheLeftButtonInTheClient() throws {
        let sway = try SwayHarness()
        defer { sway.finish() }
        sway.startWatchdog(seconds: 100)
        try sway.start()
        let wev = try Self.startWev(sway)
        defer { wev.stop() }
        let gestodLog = try Self.replay(try Data(contentsOf: URL(fileURLWithPath: Self.fixture)), on: sway, wev: wev, name: "drag")
        let pointer = Self.waitForButtons(2, in: wev)
        let events = wev.text.split(separator: "\n").filter { !$0.contains("] motion:") && !$0.contains("] frame") }
        #expect(pointer.buttons.count == 2, "\(pointer.buttons)\nwev:\n\(events.joined(separator: "\n"))\ngestod:\n\(gestodLog.suffix(2_000))")
        guard pointer.buttons.count == 2 else { return }
        #expect(pointer.buttons[0].code == 272 && pointer.buttons[0].pressed, "a left-button press first")
        #expect(pointer.buttons[1].code == 272 && !pointer.buttons[1].pressed, "then its release")
        // The motion between press and release follows the Z: right first, down-left, then
        // right again, ending right of and below where it started (sway clamps to the output).
        let during = Array(pointer.positions[pointer.buttonAt[0]..<pointer.buttonAt[1]])
        #expect(during.count > 20, "the pointer barely moved: \(during.count) motion events")
        guard let start = during.first, let end = during.last else { return }
        #expect(end.x > start.x && end.y > start.y, "start \(start), end \(end)")
        let rightmostEarly = during.prefix(during.count / 3).map(\.x).max() ?? start.x
        #expect(rightmostEarly > start.x + 50, "the Z's first stroke goes right")
        #expect(!gestodLog.contains("drag: actions cannot run"))
    }

    /// Every way out of a drag releases the button, seen by the client: with the button down
    /// (the stroke's first 60 lines read from a FIFO that stays open), gestod reloads its config
    /// (SIGHUP), the touchpad goes away (a DEVICE_REMOVED line), libinput cancels the swipe (its
    /// END carries `cancelled`), or gestod is told to stop (SIGTERM). Each time wev sees the
    /// release, and exactly one per press.
    @Test(.timeLimit(.minutes(3)))
    func everyWayOutOfADragReleasesTheButton() throws {
        let sway = try SwayHarness()
        defer { sway.finish() }
        sway.startWatchdog(seconds: 160)
        try sway.start()
        let wev = try Self.startWev(sway)
        defer { wev.stop() }
        let lines = try String(contentsOfFile: Self.fixture, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
        let start = lines.prefix(60).joined(separator: "\n") + "\n"
        let added = try #require(lines.first { $0.contains("DEVICE_ADDED") })
        let removed = added.replacingOccurrences(of: "DEVICE_ADDED  ", with: "DEVICE_REMOVED") + "\n"
        let lastStamp = lines.prefix(60).last?.split(separator: "+").last?.split(separator: "s").first
        let lastTime = try #require(lastStamp)
        let cancelled = " event1   GESTURE_SWIPE_END       +\(lastTime)s\t3 cancelled\n"
        var presses = 0
        for (name, way) in [("sighup", "reload"), ("removed", removed), ("cancelled", cancelled), ("sigterm", "stop")] {
            let run = try Self.startReplay(on: sway, wev: wev, name: name)
            defer { run.gestod.stop() }
            #expect(Self.write(start, to: run.writer))
            presses += 1
            let pressed = Self.waitForButtons(2 * presses - 1, in: wev)
            #expect(pressed.buttons.last.map { $0.code == 272 && $0.pressed } == true, "\(name): no press\n\(run.log())")
            switch way {
            case "reload": kill(run.gestod.pid, SIGHUP)
            case "stop": kill(run.gestod.pid, SIGTERM)
            default: #expect(Self.write(way, to: run.writer))
            }
            let released = Self.waitForButtons(2 * presses, in: wev)
            #expect(released.buttons.count == 2 * presses, "\(name): \(released.buttons)\n\(run.log())")
            #expect(released.buttons.last.map { $0.code == 272 && !$0.pressed } == true, "\(name): not released")
            close(run.writer)
            run.gestod.waitUntilExit()
        }
        // Nothing pressed again afterwards (the rest of a stroke has no BEGIN), nothing left held.
        let all = Self.pointerLog(wev.text).buttons
        #expect(all.count == 8 && all.enumerated().allSatisfy { $0.element.pressed == ($0.offset % 2 == 0) }, "\(all)")
    }

    /// The drag moves a window as a held button does: with the cursor on a floating foot
    /// window's title bar, the replayed Z stroke (whose accelerated deltas add up to about
    /// +329/+401) drags the window by the pointer's travel, through sway's own title-bar move.
    @Test(.timeLimit(.minutes(2)))
    func aDragOnTheTitleBarMovesTheWindow() throws {
        let sway = try SwayHarness()
        defer { sway.finish() }
        sway.startWatchdog(seconds: 100)
        try sway.start()
        let appID = "gesto-drag"
        func windowRect() -> WindowRect? {
            guard let tree = try? sway.ipc.query(.getTree),
                  let node = SwaySessionTests.nodes(tree).first(where: { $0["app_id"]?.stringValue == appID }) else { return nil }
            return WindowMotionDriver.outerRect(of: node)
        }
        try sway.ipc.runCommand("for_window [app_id=\(appID)] \"floating enable, resize set 480 px 300 px, move absolute position 200 100\"")
        try sway.ipc.runCommand("exec foot --app-id \(appID) sleep 600")
        let start = WindowRect(x: 200, y: 100, width: 480, height: 300)
        let deadline = Date().addingTimeInterval(Self.waitSeconds)
        while Date() < deadline && windowRect() != start { usleep(20_000) }
        #expect(windowRect() == start, "\(String(describing: windowRect()))")
        // The middle of the title bar (sway's default border: a title bar above the content).
        try sway.ipc.runCommand("seat seat0 cursor set 440 105")
        let gestod = try Self.startGestod(replaying: { _ in Self.fixture }, on: sway, name: "move")
        #expect(gestod.waitUntilExit() == 0)
        // gestod's requests and this IPC query reach sway on two sockets: wait until sway shows
        // the move done (bounded), or report where the window stopped.
        func arrived(_ rect: WindowRect?) -> Bool {
            guard let rect else { return false }
            return abs(rect.x - start.x - 329) <= 3 && abs(rect.y - start.y - 401) <= 3
        }
        var moved = windowRect()
        let settle = Date().addingTimeInterval(Self.waitSeconds)
        while Date() < settle, !arrived(moved) { usleep(20_000); moved = windowRect() }
        let rect = try #require(moved)
        #expect(arrived(rect), "moved from \(start) to \(rect)")
        #expect(rect.width == start.width && rect.height == start.height, "a move, not a resize: \(rect)")
    }

    /// A running `gestod --replay FIFO` with a `drag: left` binding, once wev holds a wl_pointer.
    struct ReplayRun {
        let gestod: SwayGestod
        let writer: Int32
        func fullLog() -> String { gestod.logText() }
        func log() -> String { String(fullLog().suffix(2_000)) }
    }

    /// Starts `gestod --replay INPUT` with a `drag: left` binding against `sway`, its HOME and
    /// config in the folder `name` (`input` names the input, given that folder, before gestod
    /// starts); its log is in that folder.
    static func startGestod(replaying input: (URL) -> String, on sway: SwayHarness, name: String) throws -> SwayGestod {
        let (folder, config) = try sway.folder(name, config: "bindings:\n  - gesture: swipe:3\n    drag: left\n")
        return try SwayGestod(on: sway, folder: folder, config: config, arguments: ["--replay", input(folder)],
                              environment: ["WAYLAND_DISPLAY": sway.waylandPath])
    }

    static func startReplay(on sway: SwayHarness, wev: Wev, name: String) throws -> ReplayRun {
        var fifo = ""
        let gestod = try startGestod(replaying: { folder in
            fifo = folder.appendingPathComponent("input").path
            #expect(mkfifo(fifo, 0o600) == 0)
            return fifo
        }, on: sway, name: name)
        var writer: Int32 = -1
        let deadline = Date().addingTimeInterval(Self.waitSeconds)
        // gestod's virtual pointer exists once it connected: wev's pointer entered (again).
        let enters = wev.text.components(separatedBy: "wl_pointer] enter").count
        while Date() < deadline && gestod.isRunning {
            if writer < 0 { writer = open(fifo, O_WRONLY | O_NONBLOCK | O_CLOEXEC) }
            if writer >= 0, wev.text.components(separatedBy: "wl_pointer] enter").count > enters { break }
            usleep(10_000)
        }
        #expect(writer >= 0 && wev.text.components(separatedBy: "wl_pointer] enter").count > enters,
                "gestod did not open the FIFO, or wev never got its pointer")
        return ReplayRun(gestod: gestod, writer: writer)
    }

    static func write(_ text: String, to writer: Int32) -> Bool {
        let bytes = Array(text.utf8)
        return bytes.withUnsafeBytes { Glibc.write(writer, $0.baseAddress, $0.count) } == bytes.count
    }

    @Test(.timeLimit(.minutes(2)))
    func aRecordingCutOffMidStrokeStillReleasesTheButton() throws {
        let sway = try SwayHarness()
        defer { sway.finish() }
        sway.startWatchdog(seconds: 100)
        try sway.start()
        let wev = try Self.startWev(sway)
        defer { wev.stop() }
        // The stroke's first 60 lines: the swipe began and moves, but never ends.
        let text = try String(contentsOfFile: Self.fixture, encoding: .utf8)
        let cut = text.split(separator: "\n", omittingEmptySubsequences: false).prefix(60).joined(separator: "\n") + "\n"
        #expect(cut.contains("GESTURE_SWIPE_UPDATE") && !cut.contains("GESTURE_SWIPE_END"))
        _ = try Self.replay(Data(cut.utf8), on: sway, wev: wev, name: "cut")
        let pointer = Self.waitForButtons(2, in: wev)
        #expect(pointer.buttons.map(\.code) == [272, 272])
        #expect(pointer.buttons.map(\.pressed) == [true, false])
    }
}
