// Benchmark of the `libinput record` reader as users run it: `gestoctl replay FILE.yml` on a
// generated touchpad recording (GestoBenchSupport), as a process: CPU and peak RSS from its
// rusage, instructions per kernel frame from callgrind when valgrind is installed. The reader
// skips the kernel frames and the header's bulky lists without building nodes and takes each
// `events:` entry as it completes, so the RSS grows with the gestures kept, not the file.
import GestoBenchSupport
import GestoCore
import Glibc

/// Frames of the timed recordings: 20,000 and 40,000 (11 and 22 MB; 140 and 280 s of touchpad).
private let recordFrameCounts = [20_000, 40_000]
/// Frames of the recording run under callgrind: 2,000.
private let callgrindRecordFrames = 2_000

/// Prints the recording reader's figures, reading with `gestoctl` in `folder`.
func runRecordBenchmarks(gestoctl: String, folder: String) {
    let empty = folder + "/record-empty.yml"
    writeRecord(empty, frames: 0)
    for frames in recordFrameCounts {
        let path = folder + "/record-\(frames).yml"
        writeRecord(path, frames: frames)
        defer { unlink(path) }
        var best: ChildUsage?
        for _ in 0..<3 {
            guard let usage = childUsage("exec '\(gestoctl)' replay '\(path)' >/dev/null 2>&1") else {
                print("libinput record: the replay of \(frames) frames failed")
                return
            }
            if best.map({ usage.cpuSeconds < $0.cpuSeconds }) ?? true { best = usage }
        }
        guard let best else { return }
        print("libinput record: `gestoctl replay` of \(frames) frames (\(fileKilobytes(path)) kB): "
              + "\(formatFixed(best.cpuSeconds * 1000, decimals: 1)) ms CPU, peak RSS \(best.maximumResidentKilobytes) kB (best of 3)")
    }
    guard let valgrind = findExecutable("valgrind"), findExecutable("objcopy") != nil else {
        print("libinput record: instructions skipped (valgrind and objcopy not installed)")
        return
    }
    let small = folder + "/record-\(callgrindRecordFrames).yml"
    writeRecord(small, frames: callgrindRecordFrames)
    guard let none = callgrindInstructions(valgrind, "'\(gestoctl)' replay '\(empty)'", folder: folder),
          let some = callgrindInstructions(valgrind, "'\(gestoctl)' replay '\(small)'", folder: folder) else {
        print("libinput record: callgrind failed")
        return
    }
    print("libinput record: \(formatFixed(Double(some - none) / Double(callgrindRecordFrames), decimals: 0)) instructions per "
          + "kernel frame with its gesture entry (callgrind, \(callgrindRecordFrames) frames, replay included)")
}

/// Writes the generated recording of `frames` frames to `path`, chunk by chunk.
func writeRecord(_ path: String, frames: Int) {
    writeChunks(path) { writeLibinputRecordBenchmarkText(frames: frames, $0) }
}

/// The size of the file at `path`, in kilobytes.
private func fileKilobytes(_ path: String) -> Int {
    var info = stat()
    return stat(path, &info) == 0 ? Int(info.st_size) / 1024 : -1
}
