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

/// Prints recognition and text-replay figures.
func runRecognitionBenchmarks() {
    // The events of a generated recording, repeated: swipes, pinches and holds in libinput 1.22's shape.
    let text = makeDebugEventsBenchmarkText(lines: 100_000)
    let (records, _) = text.withUnsafeBufferPointer { bytes -> ([InputRecord], Int) in
        var parser = DebugEventsParser()
        var records: [InputRecord] = []
        parser.parseAll(bytes, { records.append($0) }, warnings: { _ in })
        return (records, 0)
    }
    let events = records.compactMap(\.gesture)
    let span = (events.last?.time.microseconds ?? 0) - (events.first?.time.microseconds ?? 0) + 10_000
    var engine = GestureEngine()
    var reports = 0
    var checksum = 0.0
    let start = nanoseconds()
    var fed = 0
    var round: Int64 = 0
    while fed < recognitionEvents {
        for var event in events {
            event.time.microseconds += round * span
            engine.handle(event) { gesture in
                reports += 1
                checksum += gesture.translation.x
            }
            fed += 1
        }
        round += 1
    }
    let elapsed = Double(nanoseconds() - start)
    print("recognition: \(formatFixed(elapsed / Double(fed), decimals: 1)) ns per libinput event "
          + "(\(fed) events, \(reports) reports, checksum \(formatFixed(checksum, decimals: 0)); target <= 100 ns)")

    for lines in replayLineCounts { runTextReplay(lines: lines) }
}

/// Writes a generated recording of `lines` lines to a temporary file, then streams it through
/// the reader and the engine, printing lines per second and the peak resident memory.
private func runTextReplay(lines: Int) {
    var path = Array("/tmp/gesto-bench-XXXXXX.txt".utf8CString)
    let fd = path.withUnsafeMutableBufferPointer { mkstemps($0.baseAddress!, 4) }
    guard fd >= 0 else { print("text replay: cannot create a temporary file"); return }
    let name = String(decoding: path.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    defer { unlink(name) }
    let text = makeDebugEventsBenchmarkText(lines: lines)
    try? FileDescriptor(rawValue: fd).writeAll(text)
    close(fd)
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
