// `gestod --replay -` from a pipe is live (issue 32 item 4): each gesture's action runs when its
// lines arrive, not once 64 KiB or the end of input has come, so a tool can feed gestod a
// recording as it is made. The test writes one gesture, waits for its action, then the next.
import Foundation
import Testing
@testable import GestoDaemon

@Suite(.serialized) struct ReplayPipeTests {
    /// The lines of the one-gesture fixture (a 3-finger stroke recognized as swipe:3:down),
    /// with every `+SECONDS` moved `offset` seconds later (a second gesture after the first).
    static func gestureLines(shiftedBy offset: Double) throws -> String {
        let path = fixtures.appendingPathComponent("libinput-1.22/001-synaptics-tm3276-t480-3fg-stroke-z.debug-events.txt").path
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
        return lines.map { line -> String in
            guard let plus = line.firstIndex(of: "+"), let s = line[plus...].firstIndex(of: "s"),
                  let seconds = Double(line[line.index(after: plus)..<s]) else { return String(line) }
            return line[..<plus] + "+" + String(format: "%.3f", seconds + offset) + line[s...]
        }.joined(separator: "\n")
    }

    @Test func eachGestureActsWhenItsLinesArrive() throws {
        let folder = try TemporaryFolder(prefix: "gesto-pipe")
        let fired = folder.file("fired")
        let config = folder.file("config.yaml")
        try """
            bindings:
              - gesture: swipe:3:down
                exec: echo "$GESTO_GESTURE" >> '\(fired)'
            """.write(toFile: config, atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: gestodExecutable)
        process.arguments = ["--replay", "-", "--config", config, "--no-wayland"]
        let input = Pipe()
        process.standardInput = input
        process.standardOutput = FileHandle.nullDevice
        _ = FileManager.default.createFile(atPath: folder.file("log"), contents: nil)
        process.standardError = FileHandle(forWritingAtPath: folder.file("log"))
        try process.run()
        defer { if process.isRunning { process.terminate(); process.waitUntilExit() } }
        func firedCount() -> Int {
            ((try? String(contentsOfFile: fired, encoding: .utf8)) ?? "").split(separator: "\n").count
        }
        let log = { (try? String(contentsOfFile: folder.file("log"), encoding: .utf8)) ?? "" }

        // Far less than 64 KiB, and the pipe stays open: only a live reader acts on it.
        input.fileHandleForWriting.write(Data((try Self.gestureLines(shiftedBy: 0) + "\n").utf8))
        #expect(eventually { firedCount() == 1 }, "\(log())")
        #expect(process.isRunning)

        input.fileHandleForWriting.write(Data((try Self.gestureLines(shiftedBy: 10).split(separator: "\n").dropFirst(2)
            .joined(separator: "\n") + "\n").utf8))
        #expect(eventually { firedCount() == 2 }, "\(log())")

        try input.fileHandleForWriting.close()
        #expect(eventually { !process.isRunning })
        #expect(process.terminationStatus == 0, "\(log())")
        #expect(log().contains("replay finished"))
    }

    @Test func theProbeStopsAtTheFirstDecisiveCompleteLine() {
        let event = Array(" event1   GESTURE_SWIPE_BEGIN     +0.081s\t3\n".utf8)
        #expect(RecordedInput.formatOfCompleteLines(Array("# a comment\n".utf8)) == .unknown)
        #expect(RecordedInput.formatOfCompleteLines(Array(event.dropLast())) == .unknown)  // cut short: not yet
        #expect(RecordedInput.formatOfCompleteLines(event) == .debugEvents)
        #expect(RecordedInput.formatOfCompleteLines(Array("version: 1\nndevices: 1\n".utf8)) == .libinputRecording)
    }
}
