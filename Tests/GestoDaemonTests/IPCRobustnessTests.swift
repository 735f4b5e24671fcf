// The control socket under bad or heavy use, against a real gestod: garbage, a 10 MB line, a
// half-written line left hanging, 50 clients at once; the daemon must answer `status` after
// each. Also: one gestod per socket, stale sockets, the socket's modes, SIGTERM cleanup, and
// the request decoder on its own.
import GestoSystem
import Foundation
import Glibc
import Testing
@testable import GestoDaemon
import GestoWayland

@Suite(.serialized, .timeLimit(.minutes(2)))
struct IPCRobustnessTests {
    init() {
        // A write to a connection gestod closed must fail with EPIPE, not kill the test process.
        signal(SIGPIPE, SIG_IGN)
    }

    @Test func garbageGetsAnErrorReplyAndTheConnectionStaysUsable() throws {
        let daemon = try TestDaemon(config: "")
        defer { daemon.stop() }
        let connection = try daemon.connect()
        defer { connection.close() }
        for garbage in ["hello", "{\"command\": 42}", "[1, 2]", "{\"command\": \"stat\"}", "\u{1}\u{2}\u{ff}", "{\"command\": \"trigger\"}"] {
            try connection.write(line: garbage)
            let line = try #require(try connection.readLine(timeoutMilliseconds: 5_000))
            #expect(throws: IPCFailure.self) { try IPCReply.result(of: line) }
        }
        try connection.write(line: "{\"command\": \"stat\"}")
        let unknown = try #require(try connection.readLine(timeoutMilliseconds: 5_000))
        #expect(unknown.contains("\"code\": \"unknown-command\""))
        // Same connection, then a good request.
        let status = try IPCReply.result(of: connection.send(.status))
        #expect(status["state"]?.stringValue == "running")
        #expect(daemon.answersStatus)
    }

    @Test func aTenMegabyteLineIsRefusedAndClosed() throws {
        let daemon = try TestDaemon(config: "")
        defer { daemon.stop() }
        let connection = try daemon.connect()
        defer { connection.close() }
        var timeout = timeval(tv_sec: 5, tv_usec: 0)
        setsockopt(connection.fd.rawValue, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        let line = [UInt8](repeating: UInt8(ascii: "a"), count: 10 * 1024 * 1024) + [UInt8(ascii: "\n")]
        // gestod closes the connection after 64 KiB, so the write fails partway (EPIPE/ECONNRESET).
        _ = try? connection.fd.writeAll(line)
        // Whatever arrived before the close is the line-too-long error, or nothing (a reset).
        if let reply = try? connection.readLine(timeoutMilliseconds: 5_000) {
            #expect(reply.contains("line-too-long"))
        }
        #expect(daemon.answersStatus)
        #expect(daemon.log.contains("over \(IPCMessage.maximumLineBytes) bytes"))
    }

    @Test func aHalfWrittenLineLeftHangingBlocksNobody() throws {
        let daemon = try TestDaemon(config: "")
        defer { daemon.stop() }
        let hanging = try daemon.connect()
        defer { hanging.close() }
        _ = try hanging.fd.writeAll(Array("{\"command\": \"sta".utf8))
        let silent = try daemon.connect()  // connected, never writes
        defer { silent.close() }
        for _ in 0..<5 { #expect(daemon.answersStatus) }
        // The hanging client can still finish its line later and be answered.
        _ = try hanging.fd.writeAll(Array("tus\"}\n".utf8))
        let late = try #require(try hanging.readLine(timeoutMilliseconds: 5_000))
        #expect(try IPCReply.result(of: late)["state"]?.stringValue == "running")
    }

    @Test func idleConnectionsCannotLockGestoctlOut() throws {
        // Issue 18: 128 idle clients locked gestoctl out indefinitely (too-many-clients).
        let daemon = try TestDaemon(config: "")
        defer { daemon.stop() }
        var idle: [IPCConnection] = []
        defer { for connection in idle { connection.close() } }
        for _ in 0..<IPCServer.maximumClients { idle.append(try daemon.connect()) }
        let status = try daemon.ctl("status", "--json")
        #expect(status.status == 0, "\(status.errors)")
        // The first to connect was idle longest: it is told why it is closed.
        let reason = try #require(try idle[0].readLine(timeoutMilliseconds: 5_000))
        #expect(reason.contains("\"closed-idle\""), "\(reason)")
        #expect(daemon.log.contains("closing the longest idle control connection"))
        #expect(daemon.answersStatus)
    }

    @Test func fiftyClientsAtOnce() throws {
        let daemon = try TestDaemon(config: "")
        defer { daemon.stop() }
        let connections = try (0..<50).map { _ in try daemon.connect() }
        defer { connections.forEach { $0.close() } }
        // Everyone sends before anyone reads.
        for connection in connections { try connection.write(line: IPCRequest.status.json) }
        for connection in connections {
            let line = try #require(try connection.readLine(timeoutMilliseconds: 5_000))
            #expect(try IPCReply.result(of: line)["state"]?.stringValue == "running")
        }
        // And 50 gestoctl processes, two at a time.
        try withThrowingTaskGroupOfTwo(count: 50) { try daemon.ctl("status", "--json").status == 0 }
        #expect(daemon.answersStatus)
    }

    @Test func aSecondGestodRefusesToStartAndSaysWhy() throws {
        let daemon = try TestDaemon(config: "")
        defer { daemon.stop() }
        let second = try runProcess(gestodExecutable, ["--no-devices", "--no-wayland", "--socket", daemon.socket, "--config", daemon.config])
        #expect(second.status == 1)
        #expect(second.errors.contains("gestod is already running (pid \(daemon.process.processIdentifier)) on \(daemon.socket)"))
        #expect(daemon.answersStatus)
    }

    @Test func aSecondGestodRefusesEvenWhenTheFirstsSocketFileIsGone() throws {
        // Issue 18: with the socket file deleted, a second gestod bound a new one and both read
        // the touchpad. The lock beside the socket is still held by the first.
        let daemon = try TestDaemon(config: "")
        defer { daemon.stop() }
        #expect(unlink(daemon.socket) == 0)
        let second = try runProcess(gestodExecutable, ["--no-devices", "--no-wayland", "--socket", daemon.socket, "--config", daemon.config])
        #expect(second.status == 1)
        #expect(second.errors.contains("gestod is already running (pid \(daemon.process.processIdentifier)) on \(daemon.socket)"),
                "\(second.errors)")
        #expect(daemon.process.isRunning)
    }

    @Test func aRemovedSocketIsMadeAgain() throws {
        // Issue 18: deleting the socket file left gestod running and unreachable.
        let daemon = try TestDaemon(config: "")
        defer { daemon.stop() }
        #expect(unlink(daemon.socket) == 0)
        #expect(eventually { daemon.answersStatus })
        #expect(daemon.log.contains("the control socket was removed: made it again"))
        // Renamed away works the same; the renamed file is left alone.
        #expect(rename(daemon.socket, daemon.socket + ".old") == 0)
        #expect(eventually { daemon.answersStatus })
        #expect(daemon.stop() == 0)
        #expect(!FileManager.default.fileExists(atPath: daemon.socket))
    }

    /// Issue 34: removing or renaming the socket's directory took the lock file with it (a
    /// rename left gestod silent, a removal only logged an error): gestod ran on, unreachable,
    /// and a second gestod started beside it, so every action would run twice. A lock that is
    /// gone guarantees nothing: gestod now stops, saying why, and a new one starts cleanly.
    @Test(arguments: ["remove the directory", "rename the directory", "remove the lock"])
    func aGestodWhoseLockIsRemovedOrRenamedStopsAndSaysWhy(how: String) throws {
        let daemon = try TestDaemon(config: "")
        defer { daemon.stop() }
        let directory = (daemon.socket as NSString).deletingLastPathComponent
        switch how {
        case "remove the directory":
            // A gestod that runs at once (real-time priority, granted to root) may make its
            // socket again between the removal of the socket and that of the folder, which then
            // is not empty: it stops all the same (its lock went), and the folder goes after it.
            #expect(eventually { (try? FileManager.default.removeItem(atPath: directory)) != nil })
        case "rename the directory": #expect(rename(directory, directory + ".old") == 0)
        default: #expect(unlink(UnixSocket.lockPath(forSocket: daemon.socket)) == 0)
        }
        #expect(eventually { !daemon.process.isRunning }, "\(daemon.log)")
        #expect(daemon.process.terminationStatus == 1)
        #expect(daemon.log.contains("gestod.sock.lock was removed or renamed away (with its directory?): stopping, so that a "
                                    + "second gestod cannot run beside this one"), "\(daemon.log)")
        // The next gestod starts on the path as on a fresh session.
        let next = try TestDaemon(config: "", socket: daemon.socket, folder: daemon.folder)
        #expect(next.answersStatus)
        #expect(next.stop() == 0)
    }

    @Test func theLockIsTakenBeforeTheSocketIsTouched() throws {
        // A gestod between taking the lock and listening (the bind-to-listen window where a
        // second gestod took the socket for stale): the lock alone keeps the second out.
        let folder = try TemporaryFolder()
        let socket = folder.file("gestod.sock")
        guard case .acquired(let lock) = try UnixSocket.lockDaemon(at: UnixSocket.lockPath(forSocket: socket)) else {
            Issue.record("the test could not take the lock"); return
        }
        defer { try? lock.close() }
        _ = FileManager.default.createFile(atPath: folder.file("config.yaml"), contents: Data())
        let second = try runProcess(gestodExecutable, ["--no-devices", "--no-wayland", "--socket", socket, "--config", folder.file("config.yaml")])
        #expect(second.status == 1)
        #expect(second.errors.contains("gestod is already running (pid \(getpid())) on \(socket)"), "\(second.errors)")
        #expect(!FileManager.default.fileExists(atPath: socket))
    }

    @Test func ofTwoGestodsStartedTogetherOneServesAndTheOtherNamesIt() throws {
        let folder = try TemporaryFolder()
        let socket = folder.file("run/gestod.sock")
        let config = folder.file("config.yaml")
        _ = FileManager.default.createFile(atPath: config, contents: Data())
        let processes = (0..<2).map { index in
            let process = Process()
            process.executableURL = URL(fileURLWithPath: gestodExecutable)
            process.arguments = ["--no-devices", "--no-wayland", "--socket", socket, "--config", config]
            process.standardOutput = FileHandle.nullDevice
            _ = FileManager.default.createFile(atPath: folder.file("err\(index)"), contents: nil)
            process.standardError = FileHandle(forWritingAtPath: folder.file("err\(index)"))
            return process
        }
        for process in processes { try process.run() }
        defer {
            for process in processes where process.isRunning {
                kill(process.processIdentifier, SIGTERM)
                process.waitUntilExit()
            }
        }
        #expect(eventually { processes.contains { !$0.isRunning } })
        guard let loser = processes.firstIndex(where: { !$0.isRunning }) else { return }
        let winner = processes[1 - loser]
        #expect(processes[loser].terminationStatus == 1)
        let errors = (try? String(contentsOfFile: folder.file("err\(loser)"), encoding: .utf8)) ?? ""
        #expect(errors.contains("gestod is already running (pid \(winner.processIdentifier)) on \(socket)")
                || errors.contains("gestod is already running on \(socket)"), "\(errors)")
        #expect(winner.isRunning)
        #expect(eventually { (try? runProcess(gestoctlExecutable, ["status", "--json", "--socket", socket]))?.status == 0 })
    }

    @Test func aStaleSocketIsReplaced() throws {
        let folder = try TemporaryFolder()
        let first = try TestDaemon(config: "", folder: folder)
        kill(first.process.processIdentifier, SIGKILL)
        first.process.waitUntilExit()
        #expect(FileManager.default.fileExists(atPath: first.socket))
        let second = try TestDaemon(config: "", socket: first.socket, folder: folder)
        defer { second.stop() }
        #expect(second.answersStatus)
        #expect(second.log.contains("removing a stale control socket"))
    }

    @Test func socketAndDirectoryArePrivate() throws {
        let daemon = try TestDaemon(config: "")
        defer { daemon.stop() }
        var information = stat()
        #expect(lstat(daemon.socket, &information) == 0)
        #expect(information.st_mode & S_IFMT == S_IFSOCK)
        #expect(information.st_mode & 0o777 == 0o600)
        #expect(stat(daemon.folder.file("run"), &information) == 0)
        #expect(information.st_mode & 0o777 == 0o700)
    }

    @Test func sigtermRemovesTheSocket() throws {
        let daemon = try TestDaemon(config: "")
        #expect(FileManager.default.fileExists(atPath: daemon.socket))
        #expect(daemon.stop() == 0)
        #expect(!FileManager.default.fileExists(atPath: daemon.socket))
        #expect(daemon.log.contains("stopping on SIGTERM"))
    }

    @Test func requestDecoding() throws {
        #expect(try IPCRequest(line: "{\"command\": \"status\"}") == .status)
        #expect(try IPCRequest(line: "{\"command\": \"monitor\", \"raw\": true}") == .monitor(raw: true))
        #expect(try IPCRequest(line: "{\"command\": \"monitor\"}") == .monitor(raw: false))
        #expect(try IPCRequest(line: "{\"command\": \"trigger\", \"gesture\": \"swipe:3:left\", \"app\": \"foot\"}")
                == .trigger(gesture: .touchpad(.swipe(.left), fingers: 3), app: "foot"))
        for (line, code) in [("", IPCErrorCode.malformedRequest), ("nope", .malformedRequest), ("[]", .malformedRequest),
                             ("{}", .malformedRequest), ("{\"command\": \"fly\"}", .unknownCommand),
                             ("{\"command\": \"monitor\", \"raw\": 1}", .badArgument),
                             ("{\"command\": \"trigger\", \"gesture\": \"swipe:1\"}", .badArgument)] {
            #expect { try IPCRequest(line: line) } throws: { ($0 as? IPCFailure)?.code == code }
        }
        // Found by scripts/fuzz: a high surrogate followed by another one trapped the JSON
        // parser (an arithmetic overflow), which any local client could send to gestod.
        #expect { try IPCRequest(line: "\"\\uD998\\uD998") } throws: { ($0 as? IPCFailure)?.code == .malformedRequest }
        #expect(try IPCRequest(line: "{\"command\": \"status\", \"x\": \"\\uD998\\uD998\\uD83D\\uDE00\"}") == .status)
        #expect(try JSONValue.parse("\"\\uD998\\uD998\\uD83D\\uDE00\\uDC00x\"") == .string("\u{FFFD}\u{FFFD}\u{1F600}\u{FFFD}x"))
        // Every request survives its own wire form.
        for request in [IPCRequest.status, .reload, .pause, .resume, .devices, .bindings, .version, .monitor(raw: true),
                        .trigger(gesture: .touchpad(.pinch(.in), fingers: 2), app: nil)] {
            #expect(try IPCRequest(line: request.json) == request)
        }
    }
}

/// Runs `body` `count` times, at most two at once (the machines have two cores); all must pass.
func withThrowingTaskGroupOfTwo(count: Int, _ body: @escaping @Sendable () throws -> Bool) throws {
    let queue = DispatchQueue(label: "gesto-ipc-clients", attributes: .concurrent)
    let group = DispatchGroup()
    let slots = DispatchSemaphore(value: 2)
    let failures = Failures()
    for _ in 0..<count {
        slots.wait()
        group.enter()
        queue.async {
            if (try? body()) != true { failures.add() }
            slots.signal()
            group.leave()
        }
    }
    group.wait()
    #expect(failures.count == 0)
}

/// A thread-safe failure counter.
final class Failures: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0
    func add() { lock.lock(); value += 1; lock.unlock() }
    var count: Int { lock.lock(); defer { lock.unlock() }; return value }
}
