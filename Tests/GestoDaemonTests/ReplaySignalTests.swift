// `gestod --replay` and SIGINT/SIGTERM (issue 34): the replay reads outside the event loop, so
// the signalfd was never read there; from a pipe that stays open only SIGKILL stopped it, and
// on a long file it ran every action after being told to stop. Each test waits for a state
// gestod reports (a log line, an action's own signal), never for a length of time.
import Foundation
import Testing

/// A running gestod, its standard input kept open by the test.
private final class RunningGestod {
    let process = Process()
    let input = Pipe(), output = Pipe(), errors = Pipe()
    let exited = DispatchSemaphore(value: 0)

    init(_ arguments: [String]) throws {
        process.executableURL = buildProducts.appendingPathComponent("gestod")
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment.removeValue(forKey: "WAYLAND_DISPLAY")
        process.environment = environment
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        process.terminationHandler = { [exited] _ in exited.signal() }
        try process.run()
    }

    /// Reads standard error until a line contains `text`; all of it read so far.
    func readErrors(until text: String) -> String {
        var seen = ""
        while !seen.contains(text) {
            let data = errors.fileHandleForReading.availableData
            if data.isEmpty { break }
            seen += String(decoding: data, as: UTF8.self)
        }
        return seen
    }

    /// Waits for the exit (at most `seconds`, a guard against a hang, not a delay: the exit is
    /// expected at once); kills it if it did not exit. True if it exited by itself.
    func waitForExit(seconds: Double) -> Bool {
        if exited.wait(timeout: .now() + seconds) == .success { return true }
        kill(process.processIdentifier, SIGKILL)
        exited.wait()
        return false
    }
}

/// `count` three-finger swipes down, half a second apart, as libinput 1.22 prints them: each
/// one `swipe:3:down ended` (250 units against the 150 threshold).
private func swipes(_ count: Int) -> String {
    var text = ""
    for index in 0..<count {
        let start = Double(index) * 0.5
        func time(_ step: Int) -> String { String(format: "+%.3fs", start + Double(step) * 0.007) }
        text += " event4   GESTURE_SWIPE_BEGIN     \(time(0))\t3\n"
        for step in 1...5 {
            text += " event4   GESTURE_SWIPE_UPDATE    \(time(step))\t3  0.00/20.00 ( 0.00/50.00 unaccelerated)\n"
        }
        text += " event4   GESTURE_SWIPE_END       \(time(6))\t3\n"
    }
    return text
}

@Suite(.serialized) struct ReplaySignalTests {
    let folder: TemporaryFolder
    init() throws { folder = try TemporaryFolder(prefix: "gestod-signal-test") }

    func write(_ text: String, to name: String) throws -> String {
        let path = URL(fileURLWithPath: folder.path).appendingPathComponent(name).path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test(arguments: [SIGTERM, SIGINT])
    func aReplayFromAPipeThatStaysOpenStopsOnTheSignal(signal: Int32) throws {
        let config = try write("bindings:\n  - gesture: swipe:3:down\n    exec: 'true'\n", to: "config.yaml")
        let gestod = try RunningGestod(["--replay", "-", "--config", config, "--no-wayland"])
        // One swipe in, the pipe left open: gestod waits for more.
        gestod.input.fileHandleForWriting.write(Data(swipes(1).utf8))
        _ = gestod.readErrors(until: "config loaded")
        kill(gestod.process.processIdentifier, signal)
        let exitedByItself = gestod.waitForExit(seconds: 30)
        #expect(exitedByItself, "gestod --replay - ignored the signal while its input stayed open")
        let errors = gestod.readErrors(until: "replay stopped")
        #expect(gestod.process.terminationStatus == 0 || !exitedByItself)
        #expect(errors.contains("replay stopped"), "\(errors)")
        try? gestod.input.fileHandleForWriting.close()
    }

    @Test func aLongReplayRunsNoActionAfterTheSignal() throws {
        // The first action sends the signal itself (its shell's parent is gestod): what runs
        // after it is what gestod did after being told to stop.
        let count = 400
        let counter = URL(fileURLWithPath: folder.path).appendingPathComponent("counter").path
        let config = try write("""
            bindings:
              - gesture: swipe:3:down
                exec: printf x >> '\(counter)'; kill -TERM $PPID
            """, to: "config.yaml")
        let recording = try write(swipes(count), to: "long.txt")
        let gestod = try RunningGestod(["--replay", recording, "--config", config, "--no-wayland"])
        try? gestod.input.fileHandleForWriting.close()
        let exitedByItself = gestod.waitForExit(seconds: 120)
        #expect(exitedByItself)
        let errors = gestod.readErrors(until: "replay stopped")
        #expect(errors.contains("stopping on SIGTERM"), "\(errors)")
        #expect(errors.contains("replay stopped"), "\(errors)")
        let ran = (try? String(contentsOfFile: counter, encoding: .utf8))?.count ?? 0
        #expect(ran >= 1 && ran < count / 2, "\(ran) of \(count) actions ran")
    }
}
