// What gestod's first overlay costs in memory: gestod connected to the compositor in
// $WAYLAND_DISPLAY with the 16-binding config (its pinch:2:out continuous, so it has a ring),
// measured while it waits for a real pinch-out recording on a FIFO this benchmark holds open,
// then sampled while the ring that recording shows is on screen. The drawing stack (cairo,
// Pango) must appear only in the second figure.
import GestoDaemon
import GestoSystem
import Glibc

/// The real two-finger pinch-out the overlay figures replay (from the package's fixtures).
let overlayMemoryRecording = "Tests/Fixtures/libinput-1.22/011-synaptics-tm3276-t480-2fg-pinch-out.debug-events.txt"

/// Prints gestod's RSS, PSS and mapped libraries before and after its first overlay; skipped
/// without a compositor or the recording.
func benchmarkFirstOverlayMemory(gestodPath: String) {
    guard let display = getenv("WAYLAND_DISPLAY"), display.pointee != 0 else {
        print("gestod first overlay: skipped (WAYLAND_DISPLAY unset: it needs a compositor with layer-shell)")
        return
    }
    guard let recording = try? FileDescriptor.openForReading(overlayMemoryRecording),
          let bytes = try? recording.readToEnd() else {
        print("gestod first overlay: skipped: \(overlayMemoryRecording) not found (run from the package's folder)")
        return
    }
    try? recording.close()
    let folder = benchScratchDirectory()
    defer { _ = system("rm -rf '\(folder)'") }
    let fifo = folder + "/input", config = folder + "/config.yaml"
    let continuous = benchmarkConfig.replacingFirst("{gesture: pinch:2:out, mode: on-threshold,",
                                                    with: "{gesture: pinch:2:out, mode: continuous,")
    guard mkfifo(fifo, 0o600) == 0, let file = fopen(config, "w") else {
        print("gestod first overlay: skipped: cannot prepare \(folder)")
        return
    }
    _ = continuous.withCString { fputs($0, file) }
    fclose(file)
    let pid: pid_t
    do {
        pid = try ProcessSpawner.spawn(path: gestodPath, arguments: ["--replay", fifo, "--config", config, "--log-level", "error"])
    } catch {
        print("gestod first overlay: skipped: could not start \(gestodPath): \(error)")
        return
    }
    var writer: Int32 = -1
    defer {
        if writer >= 0 { close(writer) }
        kill(pid, SIGTERM)
        var status: CInt = 0
        waitpid(pid, &status, 0)
    }
    func drawingMapped(_ snapshot: ProcessSnapshot?) -> Bool {
        snapshot?.libraries.contains { $0.hasPrefix("libcairo.so") } ?? false
    }
    // Connected and waiting for the recording (asleep in its read of the FIFO).
    let connected = waitFor {
        if writer < 0 { writer = open(fifo, O_WRONLY | O_NONBLOCK | O_CLOEXEC) }
        return writer >= 0 && isAsleep(pid) && (ProcessSnapshot(pid: pid)?.libraries.contains { $0.hasPrefix("libwayland-client.so") } ?? false)
    }
    guard connected, let before = ProcessSnapshot(pid: pid) else {
        print("gestod first overlay: skipped: gestod did not connect to \(String(cString: display)) within \(Int(snapshotWaitSeconds)) s")
        return
    }
    print("gestod connected to the compositor, 16 bindings, no overlay yet: \(before.summary)")
    // The whole recording, then its end: gestod shows the ring, animates it to rest and exits.
    // The last sample taken while the ring is up is the figure (a sample, not a fixed moment).
    _ = bytes.withUnsafeBufferPointer { write(writer, $0.baseAddress, $0.count) }
    close(writer)
    writer = -1
    var during: ProcessSnapshot?
    var status: CInt = 0
    var usage = rusage()
    while true {
        if let sample = ProcessSnapshot(pid: pid), drawingMapped(sample) { during = sample }
        let reaped = (try? retryingInterrupts("wait4") { wait4(pid, &status, WNOHANG, &usage) }) ?? -1
        if reaped != 0 { break }
        usleep(5_000)
    }
    if let during {
        print("gestod after the first overlay (sampled while the ring is shown): \(during.summary)")
    } else {
        print("gestod first overlay: no sample with the drawing stack mapped before gestod exited")
    }
}

extension String {
    /// This string with the first occurrence of `target` replaced by `replacement`.
    fileprivate func replacingFirst(_ target: String, with replacement: String) -> String {
        let characters = Array(self), pattern = Array(target)
        guard !pattern.isEmpty, characters.count >= pattern.count else { return self }
        for start in 0...(characters.count - pattern.count) where Array(characters[start..<start + pattern.count]) == pattern {
            return String(characters[..<start]) + replacement + String(characters[(start + pattern.count)...])
        }
        return self
    }
}
