// Benchmarks for gestod's runtime: how long an `exec` action takes to get its command running,
// and what an idle gestod costs (wakeups and peak resident memory), measured from outside.
// Targets: exec p99 ≤ 300 µs; idle gestod 0 wakeups in 10 s and ≤ 8 MB peak RSS.
import GestoCore
import GestoSystem
import GestoDaemon
import Glibc

/// Spawns measured for exec latency, after `execWarmUpSpawns` unmeasured ones (page cache,
/// first-call costs in the dynamic loader).
let execMeasuredSpawns = 1_000
/// Spawns run before measuring.
let execWarmUpSpawns = 20
/// How long gestod runs before the idle measurement starts, in microseconds.
let gestodSettleMicroseconds: UInt32 = 1_000_000
/// How long gestod's idle wakeups are counted, in seconds.
let gestodIdleSeconds: UInt32 = 10

/// Runs the runtime benchmarks and prints each figure with its unit.
///
/// - Parameters:
///   - gestodPath: The gestod executable to measure idle; `nil` or a missing file skips that
///     part with a message.
///   - gestodArguments: The arguments gestod is started with.
func runRuntimeBenchmarks(gestodPath: String?, gestodArguments: [String] = ["--dry-run", "--no-devices"]) {
    benchmarkExecLatency()
    // Idle with the 16 bindings of a user's config (``benchmarkConfig``), as the issue measures.
    var template = Array("/tmp/gesto-bench-XXXXXX.yaml".utf8CString)
    let fd = template.withUnsafeMutableBufferPointer { mkstemps($0.baseAddress!, 5) }
    let config = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    if fd >= 0 {
        try? FileDescriptor(rawValue: fd).writeAll(Array(benchmarkConfig.utf8))
        close(fd)
    }
    defer { unlink(config) }
    benchmarkIdleGestod(path: gestodPath, arguments: gestodArguments + (fd >= 0 ? ["--config", config] : []))
}

/// Times `ExecRunner.run` of `/bin/sh -c true` inside a real loop, one child at a time: from the
/// decision (just before posix_spawn) to the child running (posix_spawn returned).
private func benchmarkExecLatency() {
    var latencies: [Int64] = []
    latencies.reserveCapacity(execMeasuredSpawns)
    do {
        let loop = try EventLoop()
        var failure: SystemError?
        var remaining = execWarmUpSpawns + execMeasuredSpawns
        var runner: ExecRunner!
        func spawnNext() {
            let decision = MonotonicClock.now()
            do {
                try runner.run("true")
            } catch {
                failure = error
                loop.stop()
                return
            }
            let running = MonotonicClock.now()
            if remaining <= execMeasuredSpawns { latencies.append(running.microseconds - decision.microseconds) }
            remaining -= 1
        }
        runner = ExecRunner(loop: loop, log: Log(level: .error)) { _, _ in
            if remaining == 0 { loop.stop() } else { spawnNext() }
        }
        spawnNext()
        try loop.run()
        if let failure { throw failure }
    } catch {
        print("exec latency: failed: \(error)")
        return
    }
    latencies.sort()
    print("exec latency (ExecRunner, /bin/sh -c true, \(latencies.count) spawns after \(execWarmUpSpawns) warm-up): "
          + "p50 \(percentile(0.50, of: latencies)) µs, p90 \(percentile(0.90, of: latencies)) µs, "
          + "p99 \(percentile(0.99, of: latencies)) µs, max \(latencies.last ?? 0) µs, "
          + "\(latencies.filter { $0 > 1_000 }.count) over 1 ms (target p99 ≤ 300 µs)")
}

/// The nearest-rank percentile of sorted values.
private func percentile(_ fraction: Double, of sorted: [Int64]) -> Int64 {
    guard !sorted.isEmpty else { return 0 }
    let rank = Int((fraction * Double(sorted.count)).rounded(.up))
    return sorted[min(max(rank, 1), sorted.count) - 1]
}

/// Starts gestod, lets it settle, counts its context switches over `gestodIdleSeconds`, reads its
/// peak RSS, then stops it with SIGTERM.
private func benchmarkIdleGestod(path: String?, arguments: [String]) {
    guard let path else {
        print("idle gestod: skipped: no gestod path given")
        return
    }
    guard access(path, X_OK) == 0 else {
        print("idle gestod: skipped: \(path) is not an executable file (\(SystemError(code: errno, call: "access")))")
        return
    }
    let pid: pid_t
    do {
        pid = try ProcessSpawner.spawn(path: path, arguments: arguments)
    } catch {
        print("idle gestod: skipped: could not start \(path): \(error)")
        return
    }
    let shownCommand = ([path] + arguments).joined(separator: " ")
    defer { stop(pid) }
    usleep(gestodSettleMicroseconds)
    if let exit = exitIfEnded(pid) {
        print("idle gestod: skipped: `\(shownCommand)` ended during its first second (\(exit))")
        return
    }
    do {
        let before = try ProcessStats.contextSwitches(pid: pid)
        sleep(gestodIdleSeconds)
        let after = try ProcessStats.contextSwitches(pid: pid)
        if let exit = exitIfEnded(pid) {
            print("idle gestod: `\(shownCommand)` ended during the measurement (\(exit))")
            return
        }
        let peak = try ProcessStats.peakResidentKilobytes(pid: pid)
        let memory = try ProcessStats.memoryKilobytes(pid: pid)
        let libraries = try ProcessStats.mappedLibraries(pid: pid)
        let late = libraries.filter { name in
            ["libinput.so", "libwayland-client.so", "libcairo.so", "libpango"].contains { name.hasPrefix($0) }
        }
        print("idle gestod (`\(shownCommand)`): \(libraries.count) libraries mapped "
              + "(libinput, Wayland, cairo, Pango: \(late.isEmpty ? "none" : late.joined(separator: " ")))")
        print("idle gestod (`\(shownCommand)`): \(after - before) context switches in \(gestodIdleSeconds) s (target 0)")
        print("idle gestod (`\(shownCommand)`): RSS \(memory.resident) kB, PSS \(memory.proportional) kB, "
              + "peak RSS \(peak) kB = \(formatFixed(Double(peak) / 1024, decimals: 2)) MiB (target ≤ 8 MB RSS)")
    } catch {
        print("idle gestod: failed: \(error)")
    }
}

/// How `pid` ended if it has, reaping it; `nil` while it runs.
private func exitIfEnded(_ pid: pid_t) -> String? {
    var status: CInt = 0
    guard waitpid(pid, &status, WNOHANG) == pid else { return nil }
    return waitStatusDescription(status)
}

/// `exit status N` or `killed by signal N`, decoded without the C macros.
private func waitStatusDescription(_ status: CInt) -> String {
    let signal = status & 0x7F
    return signal == 0 ? "exit status \((status >> 8) & 0xFF)" : "killed by signal \(signal)"
}

/// Sends SIGTERM and reaps; SIGKILL if gestod has not ended within 5 s.
private func stop(_ pid: pid_t) {
    var status: CInt = 0
    guard waitpid(pid, &status, WNOHANG) == 0 else { return }  // Already reaped or gone.
    kill(pid, SIGTERM)
    for _ in 0..<500 {
        if waitpid(pid, &status, WNOHANG) == pid { return }
        usleep(10_000)
    }
    print("idle gestod: did not end within 5 s of SIGTERM; sending SIGKILL")
    kill(pid, SIGKILL)
    waitpid(pid, &status, 0)
}
