// Benchmarks for the control plane, measured from outside a real gestod: `gestoctl status` from
// process start to exit, one request over an open connection, and gestod's wakeups while idle
// with the socket open and a client connected. Targets: idle wakeups 0 in 10 s.
import GestoCore
import GestoSystem
import GestoDaemon
import Glibc

/// `gestoctl status` runs timed (each a fresh process).
let ipcCommandRuns = 100
/// Requests timed over one open connection, after `ipcWarmUpRequests` untimed ones.
let ipcConnectionRequests = 10_000
let ipcWarmUpRequests = 200
/// How long gestod's idle wakeups are counted, in seconds.
let ipcIdleSeconds: UInt32 = 10
/// How long gestod rests after the last request before its wakeups are counted, in microseconds.
let ipcSettleMicroseconds: UInt32 = 200_000

/// Starts a gestod with no devices on a private socket, measures the control plane, stops it,
/// and prints each figure with its unit.
///
/// - Parameters:
///   - gestodPath: The gestod executable.
///   - gestoctlPath: The gestoctl executable.
func runIPCBenchmarks(gestodPath: String, gestoctlPath: String) {
    for path in [gestodPath, gestoctlPath] where access(path, X_OK) != 0 {
        print("ipc: skipped: \(path) is not an executable file")
        return
    }
    var template = Array("\(benchTemporaryDirectory())/gesto-bench-XXXXXX".utf8CString)
    guard let made = mkdtemp(&template) else {
        print("ipc: skipped: cannot make a temporary directory (\(SystemError(code: errno, call: "mkdtemp")))")
        return
    }
    let directory = String(cString: made)
    let socket = directory + "/gestod.sock"
    let config = directory + "/config.yaml"
    defer {
        unlink(config)
        unlink(socket)
        rmdir(directory)
    }
    guard let file = fopen(config, "w") else {
        print("ipc: skipped: cannot write \(config) (\(SystemError(code: errno, call: "fopen")))")
        return
    }
    fputs("bindings:\n  - gesture: swipe:3:left\n    exec: \"true\"\n", file)
    fclose(file)
    let pid: pid_t
    do {
        pid = try ProcessSpawner.spawn(path: gestodPath, arguments: ["--no-devices", "--no-wayland", "--dry-run",
                                                                    "--log-level", "warning", "--socket", socket, "--config", config])
    } catch {
        print("ipc: skipped: could not start \(gestodPath): \(error)")
        return
    }
    defer { stopGestod(pid) }
    var connection: IPCConnection?
    for _ in 0..<500 where connection == nil {
        connection = try? IPCConnection(path: socket)
        if connection == nil { usleep(10_000) }
    }
    guard let connection else {
        print("ipc: skipped: gestod did not open \(socket) within 5 s")
        return
    }
    defer { connection.close() }
    benchmarkCommandRoundTrip(gestoctlPath: gestoctlPath, socket: socket)
    benchmarkConnectionRoundTrip(connection)
    benchmarkIdleWakeups(pid: pid)
}

/// `gestoctl status --socket S`, process start to exit.
private func benchmarkCommandRoundTrip(gestoctlPath: String, socket: String) {
    var latencies: [Int64] = []
    // gestoctl's output goes to /dev/null: the children inherit descriptor 1 while it points there.
    fflush(nil)
    let savedOutput = dup(STDOUT_FILENO)
    let null = open("/dev/null", O_WRONLY | O_CLOEXEC)
    dup2(null, STDOUT_FILENO)
    defer {
        dup2(savedOutput, STDOUT_FILENO)
        close(savedOutput)
        close(null)
    }
    var cpu = Double.infinity
    for _ in 0..<ipcCommandRuns {
        let start = MonotonicClock.now()
        guard let child = try? ProcessSpawner.spawn(path: gestoctlPath, arguments: ["status", "--socket", socket]) else {
            dup2(savedOutput, STDOUT_FILENO)
            print("ipc: gestoctl status: could not start \(gestoctlPath)")
            return
        }
        var status: CInt = 0
        var usage = rusage()
        _ = try? retryingInterrupts("wait4") { wait4(child, &status, 0, &usage) }
        latencies.append(MonotonicClock.now().microseconds - start.microseconds)
        cpu = min(cpu, Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
                       + Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6)
        if status != 0 {
            dup2(savedOutput, STDOUT_FILENO)
            print("ipc: gestoctl status: exited with wait status \(status)")
            return
        }
    }
    dup2(savedOutput, STDOUT_FILENO)
    latencies.sort()
    print("ipc: `gestoctl status` round trip (process start to exit, \(latencies.count) runs): "
          + "p50 \(formatFixed(Double(benchPercentile(0.50, of: latencies)) / 1000, decimals: 2)) ms, "
          + "p99 \(formatFixed(Double(benchPercentile(0.99, of: latencies)) / 1000, decimals: 2)) ms")
    // Its memory is measured apart (ProcessSnapshot): ru_maxrss carries this benchmark's own.
    print("ipc: `gestoctl status`: best CPU \(formatFixed(cpu * 1000, decimals: 2)) ms")
}

/// One `status` request and its reply over an open connection.
private func benchmarkConnectionRoundTrip(_ connection: IPCConnection) {
    var latencies: [Int64] = []
    latencies.reserveCapacity(ipcConnectionRequests)
    for index in 0..<(ipcWarmUpRequests + ipcConnectionRequests) {
        let start = MonotonicClock.now()
        do {
            _ = try connection.send(.status)
        } catch {
            print("ipc: request round trip: failed: \(error)")
            return
        }
        if index >= ipcWarmUpRequests { latencies.append(MonotonicClock.now().microseconds - start.microseconds) }
    }
    latencies.sort()
    print("ipc: status request round trip over an open connection (\(latencies.count) requests after \(ipcWarmUpRequests) warm-up): "
          + "p50 \(benchPercentile(0.50, of: latencies)) µs, p99 \(benchPercentile(0.99, of: latencies)) µs, max \(latencies.last ?? 0) µs")
}

/// gestod's context switches over `ipcIdleSeconds` with the socket open and a client connected.
private func benchmarkIdleWakeups(pid: pid_t) {
    // Let gestod go back to sleep after the last reply: its return to epoll_wait is a switch too.
    usleep(ipcSettleMicroseconds)
    do {
        let before = try ProcessStats.contextSwitches(pid: pid)
        sleep(ipcIdleSeconds)
        let after = try ProcessStats.contextSwitches(pid: pid)
        print("ipc: idle gestod with the socket open and a client connected: \(after - before) context switches in \(ipcIdleSeconds) s (target 0)")
    } catch {
        print("ipc: idle wakeups: failed: \(error)")
    }
}

/// The nearest-rank percentile of sorted values.
private func benchPercentile(_ fraction: Double, of sorted: [Int64]) -> Int64 {
    guard !sorted.isEmpty else { return 0 }
    let rank = Int((fraction * Double(sorted.count)).rounded(.up))
    return sorted[min(max(rank, 1), sorted.count) - 1]
}

/// `$TMPDIR`, or the system's temporary directory.
private func benchTemporaryDirectory() -> String {
    if let value = getenv("TMPDIR").map({ String(cString: $0) }), !value.isEmpty { return value }
    return P_tmpdir
}

/// SIGTERM and reap; SIGKILL after 5 s.
private func stopGestod(_ pid: pid_t) {
    var status: CInt = 0
    kill(pid, SIGTERM)
    for _ in 0..<500 {
        if waitpid(pid, &status, WNOHANG) == pid { return }
        usleep(10_000)
    }
    kill(pid, SIGKILL)
    waitpid(pid, &status, 0)
}
