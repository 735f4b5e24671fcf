// The libraries gesto opens late (ARCHITECTURE.md, "Libraries opened late") are not in a client
// command's address space: the built gestoctl is caught while it runs (a replay blocked on a
// FIFO this test holds open; `status` waiting for the reply of a gestod this test has
// stopped) and its /proc/PID/maps is read.
import Foundation
import Glibc
import Testing
@testable import GestoDaemon

/// Libraries a client command must not map: libinput's and the Wayland, drawing, keymap, XML
/// and systemd stacks (their file names start so; the versions after `.so` vary). gestod opens
/// libsystemd at start (logind's lock state), the others only for what needs them.
let librariesOpenedLate = ["libinput.so", "libudev.so", "libwayland-client.so", "libcairo.so", "libpango-1.0.so",
                           "libpangocairo-1.0.so", "libgobject-2.0.so", "libxkbcommon.so", "libxml2.so", "libsystemd.so"]

/// The late libraries among `pid`'s mappings (after checking that the mappings were read: libc
/// is always among them).
func lateLibrariesMapped(pid: pid_t, except allowed: [String] = []) throws -> [String] {
    let names = try ProcessStats.mappedLibraries(pid: pid)
    #expect(names.contains { $0.hasPrefix("libc.so") }, "\(names)")
    return names.filter { name in
        librariesOpenedLate.contains { name.hasPrefix($0) } && !allowed.contains { name.hasPrefix($0) }
    }
}

/// The scheduler state of `pid` (`S` while it sleeps in a system call), from /proc/PID/stat.
func schedulerState(pid: pid_t) -> Character? {
    guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
          let close = stat.lastIndex(of: ")") else { return nil }
    return stat[stat.index(after: close)...].first { $0 != " " }
}

@Suite(.serialized, .timeLimit(.minutes(2)))
struct LibrariesOpenedLateTests {
    @Test func replayOfARealRecordingMapsNoInputWaylandDrawingOrSystemdLibrary() throws {
        let folder = try TemporaryFolder()
        let fifo = folder.file("input")
        #expect(mkfifo(fifo, 0o600) == 0)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: gestoctlExecutable)
        process.arguments = ["replay", fifo]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        defer { if process.isRunning { process.terminate() } }
        // Opening the write end succeeds once gestoctl has opened the read end (ENXIO before).
        var writer: Int32 = -1
        #expect(eventually { writer = open(fifo, O_WRONLY | O_NONBLOCK | O_CLOEXEC); return writer >= 0 })
        let recording = try Data(contentsOf: ipcPackageRoot.appendingPathComponent(
            "Tests/Fixtures/libinput-1.22/001-synaptics-tm3276-t480-3fg-stroke-z.debug-events.txt"))
        #expect(recording.count < 65_536, "the recording must fit in the FIFO's buffer")
        #expect(recording.withUnsafeBytes { write(writer, $0.baseAddress, $0.count) } == recording.count)
        // Every byte read and gestoctl asleep again: it recognized the swipe and waits for more.
        let pid = process.processIdentifier
        #expect(eventually {
            var unread: Int32 = 0
            return ioctl(writer, UInt(FIONREAD), &unread) == 0 && unread == 0 && schedulerState(pid: pid) == "S"
        })
        #expect(try lateLibrariesMapped(pid: pid) == [])
        close(writer)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
    }

    @Test func statusAgainstARunningGestodMapsNoInputWaylandDrawingOrSystemdLibrary() throws {
        let daemon = try TestDaemon(config: "bindings: []\n")
        #expect(try lateLibrariesMapped(pid: daemon.process.processIdentifier, except: ["libsystemd.so"]) == [])
        // A stopped gestod answers nothing: gestoctl connects, asks and sleeps waiting.
        kill(daemon.process.processIdentifier, SIGSTOP)
        defer { kill(daemon.process.processIdentifier, SIGCONT) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: gestoctlExecutable)
        process.arguments = ["status", "--socket", daemon.socket]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        defer { if process.isRunning { process.terminate() } }
        let pid = process.processIdentifier
        #expect(eventually {
            let descriptors = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd")) ?? []
            let hasSocket = descriptors.contains { descriptor in
                ((try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/fd/\(descriptor)")) ?? "").hasPrefix("socket:")
            }
            return hasSocket && schedulerState(pid: pid) == "S"
        })
        #expect(try lateLibrariesMapped(pid: pid) == [])
        kill(daemon.process.processIdentifier, SIGCONT)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
    }

    @Test func aBrokenLibinputIsAnErrorNamingItsSonameAndPackageNotACrash() throws {
        // dlopen looks in LD_LIBRARY_PATH first: an empty file there is a libinput that does not load.
        let folder = try TemporaryFolder()
        #expect(FileManager.default.createFile(atPath: folder.file("libinput.so.10"), contents: Data()))
        let result = try runProduct("gestod", ["--no-wayland", "--socket", folder.file("gestod.sock"), "--config", "/dev/null"],
                                    environment: ["LD_LIBRARY_PATH": folder.path])
        #expect(result.errors.contains("cannot start libinput: libinput.so.10 (Debian package libinput10) could not be loaded: "
                                       + folder.file("libinput.so.10") + ": file too short"), "\(result.errors)")
        #expect(result.status == 1, "\(result.errors)")
    }
}
