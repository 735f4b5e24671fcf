// Benchmark of the GestoInput layer: `libinput debug-events` parsing throughput on one core,
// over a generated libinput 1.22 recording held in memory (no I/O in the timed part).
import GestoBenchSupport
import GestoSystem
import GestoCore
import GestoInput
#if canImport(Glibc)
import Glibc
#endif

/// Lines of generated `debug-events` text parsed per run: 400,000 (~30 MB), long enough that
/// the clock's resolution and warm-up do not matter.
let inputBenchmarkLineCount = 400_000
/// Timed runs; the best is reported (least disturbed by other processes).
let inputBenchmarkRuns = 5

/// Prints the `debug-events` parser's throughput in lines per second.
func runInputBenchmarks() {
    let text = makeDebugEventsBenchmarkText(lines: inputBenchmarkLineCount)
    var best = Double.infinity
    var gestures = 0
    var warnings = 0
    for _ in 0..<inputBenchmarkRuns {
        gestures = 0
        warnings = 0
        let start = monotonicSeconds()
        text.withUnsafeBufferPointer { bytes in
            var parser = DebugEventsParser()
            parser.parseAll(bytes, { record in
                if case .gesture = record { gestures += 1 }
            }, warnings: { _ in warnings += 1 })
        }
        best = min(best, monotonicSeconds() - start)
    }
    let linesPerSecond = Double(inputBenchmarkLineCount) / best
    let megabytesPerSecond = Double(text.count) / best / 1_000_000
    print("debug-events parse: \(inputBenchmarkLineCount) lines, \(gestures) gestures, \(warnings) warnings: "
          + "\(formatFixed(linesPerSecond / 1_000_000, decimals: 2)) M lines/s "
          + "(\(formatFixed(megabytesPerSecond, decimals: 0)) MB/s, best of \(inputBenchmarkRuns))")
}

/// CLOCK_MONOTONIC in seconds.
private func monotonicSeconds() -> Double { Double(MonotonicClock.nanoseconds()) / 1_000_000_000 }
