// What gestod and gestoctl use while they run, read from /proc at a moment each is known to
// be waiting (asleep in a read the benchmark controls), and gestoctl's client figures taken so.
// A child's `ru_maxrss` cannot give them: Linux carries the spawner's peak (this benchmark's
// tens of MB) across the child's exec.
import GestoCore
import GestoDaemon
import GestoSystem
import Glibc

/// How long a measured process may take to reach the state it is measured in, in seconds.
let snapshotWaitSeconds = 10.0

/// A process's memory and mapped libraries at one moment.
struct ProcessSnapshot {
    /// Resident and proportional set sizes in kB (/proc/PID/smaps_rollup).
    var resident: Int, proportional: Int
    /// File names of the mapped shared libraries.
    var libraries: [String]

    /// Reads `pid`'s; nil once it is gone.
    init?(pid: pid_t) {
        guard let memory = try? ProcessStats.memoryKilobytes(pid: pid),
              let libraries = try? ProcessStats.mappedLibraries(pid: pid) else { return nil }
        (resident, proportional, self.libraries) = (memory.resident, memory.proportional, libraries)
    }

    /// The libraries gesto opens late that are mapped.
    var lateLibraries: [String] {
        libraries.filter { name in
            ["libinput.so", "libwayland-client.so", "libcairo.so", "libpango", "libxkbcommon.so", "libxml2.so", "libsystemd.so"]
                .contains { name.hasPrefix($0) }
        }
    }

    /// `RSS N kB, PSS N kB, N libraries mapped (libinput, Wayland, cairo, Pango, xkbcommon, libxml2, systemd: …)`.
    var summary: String {
        let late = lateLibraries
        return "RSS \(resident) kB, PSS \(proportional) kB, \(libraries.count) libraries mapped "
            + "(libinput, Wayland, cairo, Pango, xkbcommon, libxml2, systemd: \(late.isEmpty ? "none" : late.joined(separator: " ")))"
    }
}

/// Whether `pid` sleeps in a system call now (state `S` in /proc/PID/stat).
func isAsleep(_ pid: pid_t) -> Bool {
    guard let stat = try? FileDescriptor.openForReading("/proc/\(pid)/stat"),
          let bytes = try? stat.readToEnd() else { return false }
    try? stat.close()
    guard let close = bytes.lastIndex(of: UInt8(ascii: ")")), close + 2 < bytes.count else { return false }
    return bytes[close + 2] == UInt8(ascii: "S")
}

/// Whether `pid` has a socket open (/proc/PID/fd links to `socket:[…]`).
func hasSocket(_ pid: pid_t) -> Bool {
    guard let directory = opendir("/proc/\(pid)/fd") else { return false }
    defer { closedir(directory) }
    var target = [CChar](repeating: 0, count: 64)
    while let entry = readdir(directory) {
        let name = withUnsafeBytes(of: entry.pointee.d_name) { String(cString: $0.bindMemory(to: CChar.self).baseAddress!) }
        let count = readlink("/proc/\(pid)/fd/\(name)", &target, target.count - 1)
        if count > 0, String(decoding: target[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self).hasPrefix("socket:") { return true }
    }
    return false
}

/// Polls `condition` every 10 ms for up to `snapshotWaitSeconds`; whether it held.
func waitFor(_ condition: () -> Bool) -> Bool {
    let deadline = MonotonicClock.now().advanced(bySeconds: snapshotWaitSeconds)
    while MonotonicClock.now() < deadline {
        if condition() { return true }
        usleep(10_000)
    }
    return condition()
}

/// Reaps `pid`; its user plus system CPU in milliseconds, or nil if it failed.
func reapedCPUMilliseconds(_ pid: pid_t) -> Double? {
    var status: CInt = 0
    var usage = rusage()
    guard (try? retryingInterrupts("wait4", { wait4(pid, &status, 0, &usage) })) != nil, status == 0 else { return nil }
    func milliseconds(_ time: timeval) -> Double { Double(time.tv_sec) * 1000 + Double(time.tv_usec) / 1000 }
    return milliseconds(usage.ru_utime) + milliseconds(usage.ru_stime)
}

/// `gestoctl status` against a running gestod (16 bindings), measured while it waits for the reply of the
/// gestod this stops, and `gestoctl replay` of an empty FIFO, measured while it waits for input.
func benchmarkClientMemory(gestodPath: String, gestoctlPath: String) {
    let folder = benchScratchDirectory()
    defer { _ = system("rm -rf '\(folder)'") }
    let socket = folder + "/gestod.sock", fifo = folder + "/empty", config = folder + "/config.yaml"
    guard let file = fopen(config, "w") else { return }
    _ = benchmarkConfig.withCString { fputs($0, file) }
    fclose(file)
    // The children's output goes to /dev/null: they inherit descriptor 1 while it points there.
    fflush(nil)
    let savedOutput = dup(STDOUT_FILENO)
    let null = open("/dev/null", O_WRONLY | O_CLOEXEC)
    func restoreOutput() {
        dup2(savedOutput, STDOUT_FILENO)
    }
    defer { close(savedOutput); close(null) }

    guard let daemon = try? ProcessSpawner.spawn(path: gestodPath, arguments: ["--no-devices", "--no-wayland", "--dry-run",
                                                                              "--log-level", "error", "--socket", socket, "--config", config]) else {
        print("gestoctl memory: skipped: could not start \(gestodPath)")
        return
    }
    defer {
        kill(daemon, SIGCONT)
        kill(daemon, SIGTERM)
        var status: CInt = 0
        waitpid(daemon, &status, 0)
    }
    guard waitFor({ (try? IPCConnection(path: socket)).map { $0.close(); return true } ?? false }) else {
        print("gestoctl memory: skipped: gestod did not open \(socket)")
        return
    }
    kill(daemon, SIGSTOP)
    dup2(null, STDOUT_FILENO)
    if let client = try? ProcessSpawner.spawn(path: gestoctlPath, arguments: ["status", "--socket", socket]) {
        let waiting = waitFor { hasSocket(client) && isAsleep(client) }
        let snapshot = waiting ? ProcessSnapshot(pid: client) : nil
        kill(daemon, SIGCONT)
        let cpu = reapedCPUMilliseconds(client)
        restoreOutput()
        if let snapshot, let cpu {
            print("gestoctl status (waiting for gestod's reply): \(snapshot.summary); CPU \(formatFixed(cpu, decimals: 2)) ms")
        } else {
            print("gestoctl status: not measured (it did not wait for the reply, or failed)")
        }
    }
    restoreOutput()
    guard mkfifo(fifo, 0o600) == 0 else { return }
    dup2(null, STDOUT_FILENO)
    if let client = try? ProcessSpawner.spawn(path: gestoctlPath, arguments: ["replay", fifo]) {
        var writer: Int32 = -1
        let waiting = waitFor {
            if writer < 0 { writer = open(fifo, O_WRONLY | O_NONBLOCK | O_CLOEXEC) }
            return writer >= 0 && isAsleep(client)
        }
        let snapshot = waiting ? ProcessSnapshot(pid: client) : nil
        if writer >= 0 { close(writer) }
        let cpu = reapedCPUMilliseconds(client)
        restoreOutput()
        if let snapshot, let cpu {
            print("gestoctl replay of an empty file (a FIFO, waiting for input): \(snapshot.summary); CPU \(formatFixed(cpu, decimals: 2)) ms")
        } else {
            print("gestoctl replay of an empty file: not measured (it did not open the FIFO, or failed)")
        }
    }
    restoreOutput()
}
