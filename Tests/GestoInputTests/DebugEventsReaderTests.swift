// The streaming reader: many chunks (lines split across read(2) boundaries), a pipe, CRLF
// line ends and a last line without its newline give the same records as parsing in memory.
import GestoBenchSupport
import Foundation
import Testing
import GestoCore
@testable import GestoInput
import GestoSystem

@Suite("debug-events streaming reader")
struct DebugEventsReaderTests {
    /// Records of a text parsed in memory, for comparison.
    private func inMemory(_ bytes: [UInt8]) -> [InputRecord] {
        var parser = DebugEventsParser()
        var records: [InputRecord] = []
        bytes.withUnsafeBufferPointer { parser.parseAll($0, { records.append($0) }, warnings: { _ in }) }
        return records
    }

    @Test func fileOfSeveralChunksReadsLikeMemory() throws {
        let text = makeDebugEventsBenchmarkText(lines: 40_000)
        #expect(text.count > 2 * debugEventsChunkSize)
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("gesto-reader-\(getpid()).txt")
        try Data(text).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        var records: [InputRecord] = []
        var warnings: [InputWarning] = []
        var reader = try DebugEventsReader(path: url.path)
        try reader.forEach { records.append($0) } warnings: { warnings.append($0) }
        #expect(warnings.isEmpty)
        #expect(records.count == 40_000)
        #expect(records == inMemory(text))
    }

    @Test(arguments: [3 * debugEventsChunkSize + 17, debugEventsChunkSize - 30])
    func aLineLongerThanAChunkIsSkippedWithOneWarning(length: Int) throws {
        // Issue 18: a 100 MB line cost 425 MB, the buffer growing to hold it and its warning
        // keeping a copy. Now it is dropped with one warning and the next line reads as usual.
        var text = Array(" event5   GESTURE_SWIPE_BEGIN     +1.000s\t3\n".utf8)
        text += Array(" event5   GESTURE_SWIPE_UPDATE    +1.007s\t3  ".utf8) + [UInt8](repeating: UInt8(ascii: "7"), count: length) + [0x0A]
        text += Array(" event5   GESTURE_SWIPE_END       +1.014s\t3\n".utf8)
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("gesto-long-line-\(getpid())-\(length).txt")
        try Data(text).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        var records: [InputRecord] = []
        var warnings: [InputWarning] = []
        var reader = try DebugEventsReader(path: url.path)
        try reader.forEach { records.append($0) } warnings: { warnings.append($0) }
        #expect(records.count == 2)
        #expect(warnings.count == 1)
        let warning = try #require(warnings.first)
        #expect(warning.line == 2)
        #expect(warning.text.utf8.count < 300, "a warning keeps \(warning.text.utf8.count) bytes of the line")
        if length > debugEventsChunkSize {
            #expect(warning.reason == "line longer than \(debugEventsChunkSize) bytes: skipped")
        }
        guard case .gesture(let end)? = records.last else { Issue.record("no END"); return }
        #expect(end.phase == .end && end.time == Timestamp(microseconds: 1_014_000))
    }

    @Test func pipeWithCRLFAndNoFinalNewline() throws {
        let text = " event5   GESTURE_SWIPE_BEGIN     +1.000s\t3\r\n"
            + " event5   GESTURE_SWIPE_UPDATE    +1.007s\t3  1.00/ 2.00 ( 0.50/ 1.00 unaccelerated)\r\n"
            + " event5   GESTURE_SWIPE_END       +1.014s\t3"
        let pipe = Pipe()
        pipe.fileHandleForWriting.write(Data(text.utf8))
        try pipe.fileHandleForWriting.close()
        var records: [InputRecord] = []
        var reader = DebugEventsReader(fileDescriptor: pipe.fileHandleForReading.fileDescriptor, fileName: "stdin")
        try reader.forEach { records.append($0) } warnings: { Issue.record("unexpected warning \($0)") }
        #expect(records.compactMap(\.gesture).map(\.phase) == [.begin, .update, .end])
        #expect(records[1].gesture?.unacceleratedDelta == Vector2(0.5, 1))
        #expect(records[2].gesture?.time == Timestamp(microseconds: 1_014_000))
    }

    @Test func missingFileThrowsWithPath() {
        #expect(throws: InputError.cannotOpen(path: "no-such-recording.txt", error: SystemError(code: ENOENT, call: "open"))) {
            _ = try DebugEventsReader(path: "no-such-recording.txt")
        }
    }
}
