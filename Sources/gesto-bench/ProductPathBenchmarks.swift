// Benchmarks of the path users run: `gestod --dry-run --replay` and `gestoctl replay --json`
// as processes, end to end (read, parse, recognize, match bindings, format, write), on a
// generated 200,000-line recording with a 16-binding config and with none. CPU per line comes
// from the children's rusage; instructions per line from callgrind (deterministic on noisy
// machines) when valgrind is installed. Targets: ≤ 4,500 instructions per line with 16 bindings
// (the "One core for every device" issue: a guard, not a goal), and 16 bindings within 1.5× of
// none.
import GestoBenchSupport
import GestoSystem
import GestoCore
import GestoDaemon
import GestoInput
import Glibc

/// Lines of the timed recording: 200,000, the trace the issue compared with libinput-gestures.
private let productPathLines = 200_000
/// Lines of the recording run under callgrind (about 50× slower): 20,000.
private let callgrindLines = 20_000
/// Line counts of the memory check: gestod's peak RSS must not grow from the first to the second.
private let memoryLineCounts = [200_000, 400_000]

/// A user's config: swipes of 3 and 4 fingers in four directions, pinch in and out, a hold
/// and a long press, with the action kinds users bind (16 bindings).
let benchmarkConfig = """
    bindings:
      - {gesture: swipe:3:left, sway: workspace next_on_output}
      - {gesture: swipe:3:right, sway: workspace prev_on_output}
      - {gesture: swipe:3:up, exec: "true"}
      - {gesture: swipe:3:down, exec: "true"}
      - {gesture: swipe:4:left, keys: alt+Left}
      - {gesture: swipe:4:right, keys: alt+Right}
      - {gesture: swipe:4:up, window: fullscreen}
      - {gesture: swipe:4:down, window: minimize}
      - {gesture: pinch:2:in, mode: on-threshold, keys: ctrl+minus}
      - {gesture: pinch:2:out, mode: on-threshold, keys: ctrl+plus}
      - {gesture: pinch:3:in, exec: "true"}
      - {gesture: pinch:3:out, exec: "true"}
      - {gesture: hold:3, exec: "true"}
      - {gesture: long-press:3, exec: "true"}
      - {gesture: rotate:2:clockwise, exec: "true"}
      - {gesture: swipe:3:down, app: "firefox*", keys: ctrl+w}

    """

/// Prints the product-path figures. `directory` holds the gestod and gestoctl executables.
func runProductPathBenchmarks(directory: String) {
    let gestod = directory + "/gestod", gestoctl = directory + "/gestoctl"
    guard access(gestod, X_OK) == 0, access(gestoctl, X_OK) == 0 else {
        print("product path: skipped: no gestod and gestoctl in \(directory)")
        return
    }
    let folder = benchScratchDirectory()
    defer { _ = system("rm -rf '\(folder)'") }
    let trace = folder + "/trace.txt", small = folder + "/small.txt", empty = folder + "/empty.txt"
    let bound = folder + "/bound.yaml", unbound = folder + "/unbound.yaml"
    // Streamed to the files in chunks: no recording is ever held whole, here or in the replays.
    writeRecording(trace, lines: productPathLines)
    writeRecording(small, lines: callgrindLines)
    writeFile(empty, [])
    writeFile(bound, Array(benchmarkConfig.utf8))
    writeFile(unbound, Array("bindings: []\n".utf8))

    let commands: [(name: String, arguments: (String, String) -> String)] = [
        ("gestod --dry-run --replay", { "'\(gestod)' --dry-run --no-wayland --log-level error --replay '\($0)' --config '\($1)'" }),
        ("gestoctl replay --json", { "'\(gestoctl)' replay --json '\($0)' --config '\($1)'" }),
    ]
    if let usage = childUsage("exec '\(gestoctl)' replay '\(empty)' >/dev/null 2>&1") {
        print("product path: `gestoctl replay` of an empty file: CPU \(formatFixed(usage.cpuSeconds * 1000, decimals: 2)) ms "
              + "(its memory: `gestoctl replay of an empty file` below)")
    }
    if let valgrind = findExecutable("valgrind"), findExecutable("objcopy") != nil {
        benchmarkJSONLines(valgrind: valgrind, gestoctl: gestoctl, recording: small, config: unbound, folder: folder)
    }
    for command in commands {
        var cpu: [String: Double] = [:]
        for (label, config) in [("16 bindings", bound), ("no bindings", unbound)] {
            let startup = bestCPUSeconds(command.arguments(empty, config))
            let total = bestCPUSeconds(command.arguments(trace, config))
            let perLine = max(0, total - startup) / Double(productPathLines) * 1e9
            cpu[label] = perLine
            print("product path: \(command.name), \(label): \(formatFixed(perLine, decimals: 0)) ns CPU per input line "
                  + "(\(formatFixed(total, decimals: 3)) s for \(productPathLines) lines, start-up \(formatFixed(startup * 1000, decimals: 1)) ms)")
        }
        if let bound = cpu["16 bindings"], let none = cpu["no bindings"], none > 0 {
            print("product path: \(command.name): 16 bindings cost \(formatFixed(bound / none, decimals: 2))× no bindings (CPU; target ≤ 1.5×)")
        }
        guard let valgrind = findExecutable("valgrind"), findExecutable("objcopy") != nil else {
            print("product path: \(command.name): instructions skipped (valgrind and objcopy not installed)")
            continue
        }
        var instructions: [String: Double] = [:]
        for (label, config) in [("16 bindings", bound), ("no bindings", unbound)] {
            guard let startup = callgrindInstructions(valgrind, command.arguments(empty, config), folder: folder),
                  let total = callgrindInstructions(valgrind, command.arguments(small, config), folder: folder) else {
                print("product path: \(command.name), \(label): callgrind failed")
                continue
            }
            let perLine = Double(total - startup) / Double(callgrindLines)
            instructions[label] = perLine
            print("product path: \(command.name), \(label): \(formatFixed(perLine, decimals: 0)) instructions per input line "
                  + "(callgrind, \(callgrindLines) lines; target ≤ 4,500 with 16 bindings)")
        }
        if let bound = instructions["16 bindings"], let none = instructions["no bindings"], none > 0 {
            print("product path: \(command.name): 16 bindings cost \(formatFixed(bound / none, decimals: 2))× no bindings (instructions; target ≤ 1.5×)")
        }
    }
    runMemoryCheck(gestod: gestod, config: bound, folder: folder)
    runRecordBenchmarks(gestoctl: gestoctl, folder: folder)
}

/// Replays recordings of ``memoryLineCounts`` lines (streamed to a file, each deleted after its
/// run) through `gestod --dry-run --replay` and prints the child's peak RSS for each: a replay
/// streams, so the figure must not grow with the recording's length.
private func runMemoryCheck(gestod: String, config: String, folder: String) {
    var peaks: [Int] = []
    for lines in memoryLineCounts {
        let path = folder + "/memory-\(lines).txt"
        writeRecording(path, lines: lines)
        defer { unlink(path) }
        let command = "exec '\(gestod)' --dry-run --no-wayland --log-level error --replay '\(path)' --config '\(config)' >/dev/null 2>&1"
        guard let usage = childUsage(command) else {
            print("product path: memory, \(lines) lines: gestod failed")
            return
        }
        peaks.append(usage.maximumResidentKilobytes)
        print("product path: gestod --dry-run --replay, \(lines) lines: peak RSS \(usage.maximumResidentKilobytes) kB")
    }
    if peaks.count == 2 {
        print("product path: gestod peak RSS grows \(peaks[1] - peaks[0]) kB from \(memoryLineCounts[0]) to "
              + "\(memoryLineCounts[1]) lines (target: flat, within a few hundred kB of noise)")
    }
}

/// Writes the generated recording of `lines` lines to `path`, chunk by chunk.
func writeRecording(_ path: String, lines: Int) {
    writeChunks(path) { writeDebugEventsBenchmarkText(lines: lines, $0) }
}

/// Writes to `path` (replacing it) each chunk `produce` gives its sink: a generated file is
/// never held whole.
func writeChunks(_ path: String, _ produce: (([UInt8]) -> Void) -> Void) {
    guard let file = fopen(path, "w") else { return }
    defer { fclose(file) }
    produce { chunk in chunk.withUnsafeBufferPointer { _ = fwrite($0.baseAddress, 1, $0.count, file) } }
}

/// The best of three runs of `command` (through /bin/sh, output discarded): the child's user
/// plus system CPU seconds.
private func bestCPUSeconds(_ command: String) -> Double {
    var best = Double.infinity
    for _ in 0..<3 {
        guard let seconds = childCPUSeconds("exec " + command + " >/dev/null 2>&1") else { return .nan }
        best = min(best, seconds)
    }
    return best
}

/// Runs `script` with /bin/sh and returns its CPU seconds (user + system), or nil if it
/// could not run or failed.
func childCPUSeconds(_ script: String) -> Double? { childUsage(script)?.cpuSeconds }

/// What a finished child used: CPU seconds (user + system) and its peak resident set.
struct ChildUsage {
    var cpuSeconds: Double
    /// `ru_maxrss`, in kilobytes: the largest resident set of the child, but never less than
    /// this benchmark's own at the spawn (Linux carries it across the exec), so only a growth
    /// above that shows; ProcessSnapshot reads a child's own memory.
    var maximumResidentKilobytes: Int
}

/// Runs `script` with /bin/sh and returns what it used, or nil if it could not run or failed.
func childUsage(_ script: String) -> ChildUsage? {
    guard let pid = try? ProcessSpawner.spawn(path: "/bin/sh", arguments: ["-c", script]) else { return nil }
    var status: CInt = 0
    var usage = rusage()
    guard (try? retryingInterrupts("wait4", { wait4(pid, &status, 0, &usage) })) != nil else { return nil }
    guard status == 0 else { return nil }
    func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
    return ChildUsage(cpuSeconds: seconds(usage.ru_utime) + seconds(usage.ru_stime), maximumResidentKilobytes: Int(usage.ru_maxrss))
}

/// Instructions per `gestoctl replay --json` line spent writing the JSON (callgrind counting
/// only inside `ReplayLine.jsonObject` and `.json`; target ≤ 5,000).
private func benchmarkJSONLines(valgrind: String, gestoctl: String, recording: String, config: String, folder: String) {
    let output = folder + "/replay.json"
    guard system("'\(gestoctl)' replay --json '\(recording)' --config '\(config)' > '\(output)' 2>/dev/null") == 0,
          let lines = try? FileDescriptor.openForReading(output).readToEnd().filter({ $0 == 0x0A }).count, lines > 0 else {
        print("product path: JSON lines: the replay failed")
        return
    }
    let only = "--toggle-collect='*ReplayLineV10jsonObject*' --toggle-collect='*ReplayLineV4json*'"
    guard let instructions = callgrindInstructions(valgrind, "'\(gestoctl)' replay --json '\(recording)' --config '\(config)'",
                                                   folder: folder, options: only) else {
        print("product path: JSON lines: callgrind failed")
        return
    }
    print("product path: `gestoctl replay --json`: \(formatFixed(Double(instructions) / Double(lines), decimals: 0)) instructions "
          + "per JSON line (callgrind, \(lines) lines; target ≤ 5,000)")
}

/// Instructions executed by `command` under callgrind (its executable copied and stripped
/// of debug info first: valgrind cannot read Swift's), or nil. `options` go to callgrind.
func callgrindInstructions(_ valgrind: String, _ command: String, folder: String, options: String = "") -> Int64? {
    // The executable is the first quoted word: run a stripped copy of it instead.
    let parts = command.split(separator: "'", maxSplits: 2, omittingEmptySubsequences: false)
    guard parts.count == 3 else { return nil }
    let executable = String(parts[1])
    let stripped = folder + "/" + (executable.split(separator: "/").last.map(String.init) ?? "program") + ".stripped"
    if access(stripped, X_OK) != 0 {
        guard system("objcopy --strip-debug '\(executable)' '\(stripped)'") == 0 else { return nil }
    }
    let output = folder + "/callgrind.out"
    let script = "exec '\(valgrind)' --tool=callgrind \(options) --callgrind-out-file='\(output)' '\(stripped)'\(parts[2]) >/dev/null 2>&1"
    guard childCPUSeconds(script) != nil else { return nil }
    guard let file = fopen(output, "r") else { return nil }
    defer { fclose(file) }
    var line: UnsafeMutablePointer<CChar>? = nil
    var capacity = 0
    defer { free(line) }
    while getline(&line, &capacity, file) > 0 {
        let text = String(cString: line!)
        for prefix in ["summary: ", "totals: "] where text.hasPrefix(prefix) {
            return Int64(text.dropFirst(prefix.count).prefix { $0.isNumber })
        }
    }
    return nil
}

/// The path of `name` on PATH, or nil.
func findExecutable(_ name: String) -> String? {
    let path = getenv("PATH").map { String(cString: $0) } ?? "/usr/bin:/bin"
    for directory in path.split(separator: ":") where access("\(directory)/\(name)", X_OK) == 0 {
        return "\(directory)/\(name)"
    }
    return nil
}

/// A fresh private directory for the benchmark's files.
func benchScratchDirectory() -> String {
    var template = Array("/tmp/gesto-bench-XXXXXX".utf8CString)
    guard let made = mkdtemp(&template) else { return "/tmp" }
    return String(cString: made)
}

/// Writes `bytes` to `path` (replacing it).
private func writeFile(_ path: String, _ bytes: [UInt8]) {
    guard let file = fopen(path, "w") else { return }
    defer { fclose(file) }
    bytes.withUnsafeBufferPointer { _ = fwrite($0.baseAddress, 1, $0.count, file) }
}
