// Benchmarks of recognition: nanoseconds per libinput event through the whole engine (every
// recognizer and their composition) from memory, and the end-to-end text replay (read(2),
// parse, recognize) from a file, whose memory must stay flat in the recording's length.
import GestoBenchSupport
import GestoSystem
import Glibc
import GestoCore
import GestoInput
import GestoDaemon

/// Events timed for recognition alone: 2 million (a touchpad sends ~140 per second).
private let recognitionEvents = 2_000_000
/// Line counts of the streamed text replay: the memory check compares the two.
private let replayLineCounts = [250_000, 1_000_000]

/// Events fed under callgrind for the instruction count: 200,000 (callgrind is ~50× slower).
private let callgrindRecognitionEvents = 200_000

/// The events of a generated recording: swipes, pinches and holds in libinput 1.22's shape.
private func benchmarkEvents() -> [GestureEvent] {
    let text = makeDebugEventsBenchmarkText(lines: 100_000)
    var records: [InputRecord] = []
    text.withUnsafeBufferPointer { bytes in
        var parser = DebugEventsParser()
        parser.parseAll(bytes, { records.append($0) }, warnings: { _ in })
    }
    return records.compactMap(\.gesture)
}

/// Feeds `count` events through one engine (the recording repeated, later in time each
/// round); returns the reports and a checksum that keeps the work from being optimized away.
private func feedRecognition(_ events: [GestureEvent], count: Int) -> (reports: Int, checksum: Double) {
    let span = (events.last?.time.microseconds ?? 0) - (events.first?.time.microseconds ?? 0) + 10_000
    var engine = GestureEngine()
    var reports = 0
    var checksum = 0.0
    var fed = 0
    var round: Int64 = 0
    while fed < count {
        for var event in events where fed < count {
            event.time.microseconds += round * span
            engine.handle(event) { gesture in
                reports += 1
                checksum += gesture.translation.x
            }
            fed += 1
        }
        round += 1
    }
    return (reports, checksum)
}

/// `gesto-bench --recognition-events N`: prepares the events and feeds N of them, nothing else
/// (run under callgrind twice, the difference is the instructions of recognition alone).
func runRecognitionOnly(events count: Int) {
    let (reports, checksum) = feedRecognition(benchmarkEvents(), count: count)
    print("\(count) events, \(reports) reports, checksum \(formatFixed(checksum, decimals: 0))")
}

/// Prints recognition figures and, with `textReplay`, the text-replay ones.
func runRecognitionBenchmarks(textReplay: Bool = true) {
    let events = benchmarkEvents()
    // Five runs: the best is the figure least disturbed by other work on the machine, the
    // median says how far a typical run is from it (shared machines vary by 1.5x run to run).
    var perEvent: [Double] = []
    var reports = 0, checksum = 0.0
    for _ in 0..<5 {
        let start = nanoseconds()
        (reports, checksum) = feedRecognition(events, count: recognitionEvents)
        perEvent.append(Double(nanoseconds() - start) / Double(recognitionEvents))
    }
    perEvent.sort()
    print("recognition: \(formatFixed(perEvent[0], decimals: 1)) ns per libinput event, best of 5 "
          + "(median \(formatFixed(perEvent[2], decimals: 1)) ns; \(recognitionEvents) events a run, \(reports) reports, "
          + "checksum \(formatFixed(checksum, decimals: 0)); target <= 100 ns)")
    printRecognitionInstructions()

    guard textReplay else { return }
    for lines in replayLineCounts { runTextReplay(lines: lines) }
}

/// Runs this executable under callgrind with `--recognition-events` 0 and
/// ``callgrindRecognitionEvents``: the difference per event is recognition's instruction
/// count, which the machine's load does not change.
private func printRecognitionInstructions() {
    guard let valgrind = findExecutable("valgrind"), findExecutable("objcopy") != nil else {
        print("recognition: instructions skipped (valgrind and objcopy not installed)")
        return
    }
    var path = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    let length = readlink("/proc/self/exe", &path, path.count - 1)
    guard length > 0 else { return }
    let executable = String(decoding: path.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    let folder = benchScratchDirectory()
    defer { _ = system("rm -rf '\(folder)'") }
    guard let none = callgrindInstructions(valgrind, "'\(executable)' --recognition-events 0", folder: folder),
          let some = callgrindInstructions(valgrind, "'\(executable)' --recognition-events \(callgrindRecognitionEvents)", folder: folder)
    else {
        print("recognition: callgrind failed")
        return
    }
    print("recognition: \(formatFixed(Double(some - none) / Double(callgrindRecognitionEvents), decimals: 0)) instructions per libinput event "
          + "(callgrind, \(callgrindRecognitionEvents) events)")
}

/// Writes a generated recording of `lines` lines to a temporary file, then streams it through
/// the reader and the engine, printing lines per second and the peak resident memory.
private func runTextReplay(lines: Int) {
    var path = Array("/tmp/gesto-bench-XXXXXX.txt".utf8CString)
    let fd = path.withUnsafeMutableBufferPointer { mkstemps($0.baseAddress!, 4) }
    guard fd >= 0 else { print("text replay: cannot create a temporary file"); return }
    let name = String(decoding: path.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    defer { unlink(name) }
    close(fd)
    // Streamed to the file: the text is never held, so the peak RSS is the replay's.
    writeRecording(name, lines: lines)
    var best = Double.infinity
    var reports = 0
    for _ in 0..<3 {
        reports = 0
        let start = nanoseconds()
        var engine = GestureEngine()
        do {
            var reader = try DebugEventsReader(path: name)
            try reader.forEach({ record in
                if case .gesture(let event) = record { engine.handle(event) { _ in reports += 1 } }
            }, warnings: { _ in })
        } catch {
            print("text replay: \(error)")
            return
        }
        best = min(best, Double(nanoseconds() - start) / 1e9)
    }
    print("text replay (read + parse + recognize, streamed from a file): \(lines) lines in "
          + "\(formatFixed(best * 1000, decimals: 1)) ms = \(formatFixed(Double(lines) / best / 1e6, decimals: 2)) M lines/s, "
          + "\(reports) reports; peak RSS so far \(peakResidentKilobytes()) kB (target >= 10 M lines/s)")
}

/// VmHWM of this process, in kilobytes.
private func peakResidentKilobytes() -> Int {
    (try? ProcessStats.peakResidentKilobytes(pid: getpid())) ?? -1
}

/// CLOCK_MONOTONIC in nanoseconds.
private func nanoseconds() -> UInt64 { MonotonicClock.nanoseconds() }
