// gesto-inputd's socket when the process runs out of descriptors: the built gesto-inputd runs
// as a child (root, as in CI; no device is needed: it takes no touchpad here), its descriptor
// limit is lowered from outside with prlimit(1) so that accept() fails with EMFILE while no
// connection is open, and raised again. Every wait is for a log line or a message, bounded by a
// watchdog, never a sleep.
import Foundation
import Glibc
import Testing

/// The package's root folder and the gesto-inputd `swift build` made there.
private let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()
private let inputdExecutable = packageRoot.appendingPathComponent(".build/debug/gesto-inputd").path
/// The longest any wait lasts, in seconds (a watchdog, never what the test measures).
private let waitSeconds = 10.0

struct ListenerTestError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// A running gesto-inputd on a private socket, its log read line by line; killed at the end.
private final class RunningInputd {
    let folder: String
    let process = Process()
    private let log = Pipe()
    private var pending = ""
    /// Every log line read so far.
    private(set) var lines: [String] = []
    var socketPath: String { folder + "/socket" }

    init() throws {
        var template = Array((NSTemporaryDirectory() + "gesto-inputd-XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else { throw ListenerTestError("mkdtemp failed") }
        folder = String(cString: made)
        process.executableURL = URL(fileURLWithPath: inputdExecutable)
        process.arguments = ["--socket", folder + "/socket", "--log-level", "debug"]
        process.standardError = log
        process.standardOutput = FileHandle.nullDevice
        try process.run()
    }

    deinit {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// Reads the log until a line contains `text`; returns it.
    @discardableResult
    func waitForLine(containing text: String) throws -> String {
        let deadline = Date().addingTimeInterval(waitSeconds)
        var index = 0
        while true {
            while index < lines.count {
                defer { index += 1 }
                if lines[index].contains(text) { return lines[index] }
            }
            let remaining = deadline.timeIntervalSinceNow
            var descriptor = pollfd(fd: log.fileHandleForReading.fileDescriptor, events: Int16(POLLIN), revents: 0)
            guard remaining > 0, poll(&descriptor, 1, Int32(remaining * 1000)) > 0 else {
                throw ListenerTestError("no log line with \"\(text)\" in \(waitSeconds) s; the log:\n" + lines.joined(separator: "\n"))
            }
            var bytes = [UInt8](repeating: 0, count: 4096)
            let count = read(descriptor.fd, &bytes, bytes.count)
            guard count > 0 else { throw ListenerTestError("gesto-inputd's log ended; the log:\n" + lines.joined(separator: "\n")) }
            pending += String(decoding: bytes.prefix(count), as: UTF8.self)
            while let newline = pending.firstIndex(of: "\n") {
                lines.append(String(pending[..<newline]))
                pending = String(pending[pending.index(after: newline)...])
            }
        }
    }

    /// The lowest descriptor number the process has free now (what its next descriptor gets).
    func lowestFreeDescriptor() throws -> Int {
        let open = Set(try FileManager.default.contentsOfDirectory(atPath: "/proc/\(process.processIdentifier)/fd").compactMap(Int.init))
        return (0...).first { !open.contains($0) }!
    }

    /// Sets its soft limit of descriptors (RLIMIT_NOFILE) from outside, with prlimit(1).
    func limitDescriptors(to soft: Int) throws {
        let prlimit = Process()
        prlimit.executableURL = URL(fileURLWithPath: "/usr/bin/prlimit")
        prlimit.arguments = ["--pid", String(process.processIdentifier), "--nofile=\(soft):"]
        try prlimit.run()
        prlimit.waitUntilExit()
        guard prlimit.terminationStatus == 0 else { throw ListenerTestError("prlimit failed (\(prlimit.terminationStatus))") }
    }
}

/// A connection to gesto-inputd's socket, as gestod makes it; closed when released.
private final class Peer {
    let descriptor: Int32

    init(path: String) throws {
        descriptor = socket(AF_UNIX, Int32(SOCK_SEQPACKET.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { throw ListenerTestError("socket: \(errno)") }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in
            for (index, byte) in path.utf8.prefix(buffer.count - 1).enumerated() { buffer[index] = byte }
        }
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard connected == 0 else { throw ListenerTestError("connect: \(String(cString: strerror(errno)))") }
        var timeout = timeval(tv_sec: Int(waitSeconds), tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    }

    deinit { Glibc.close(descriptor) }

    /// The next message, nil when none came within the receive timeout or the peer closed.
    func receive() -> String? {
        var bytes = [UInt8](repeating: 0, count: 4096)
        let count = recv(descriptor, &bytes, bytes.count, 0)
        return count > 0 ? String(decoding: bytes.prefix(count), as: UTF8.self) : nil
    }
}

@Suite(.enabled(if: geteuid() == 0, "gesto-inputd runs only as root"))
struct ListenerTests {
    @Test("after accept fails for want of descriptors with no connection open, gesto-inputd accepts again")
    func listenerComesBackWithNoConnectionOpen() throws {
        let inputd = try RunningInputd()
        try inputd.waitForLine(containing: "listening on")
        do {
            let first = try Peer(path: inputd.socketPath)
            #expect(first.receive()?.contains("hello") == true)
        }
        // The first connection has closed: none is open, so none can close to wake the listener.
        try inputd.waitForLine(containing: "connection 1 closed")

        try inputd.limitDescriptors(to: try inputd.lowestFreeDescriptor())
        let second = try Peer(path: inputd.socketPath)
        try inputd.waitForLine(containing: "out of file descriptors")
        try inputd.limitDescriptors(to: 1024)

        // The connection queued meanwhile is accepted and greeted.
        let hello = second.receive()
        #expect(hello?.contains("hello") == true, "no hello after the limit was raised; the log:\n\(inputd.lines.joined(separator: "\n"))")
        try inputd.waitForLine(containing: "connection 2 from uid")
    }
}
