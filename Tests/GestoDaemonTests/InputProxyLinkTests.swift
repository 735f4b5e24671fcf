// gestod against a fake gesto-inputd: this process listens on a SOCK_SEQPACKET socket and plays
// the proxy's side of protocol/inputd.md, gestod runs as a process. gestod links when the
// socket appears, owns its config's consuming finger counts (again after a reload, none while
// paused), says why a handed-over descriptor is no touchpad, outlives the link, and comes back
// by itself after a refusal or an end while the socket is there.
import CGestoSys
import Foundation
import Glibc
@testable import GestoDaemon
import GestoSystem
import Testing

/// The proxy's end: a listening socket, then the one connection it accepted.
private final class FakeInputProxy {
    let listener: Int32
    var connection: Int32 = -1

    init(path: String) throws {
        listener = socket(AF_UNIX, Int32(SOCK_SEQPACKET.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard listener >= 0, gesto_unix_bind(listener, path) == 0, listen(listener, 4) == 0 else {
            throw HarnessError("cannot listen on \(path): \(String(cString: strerror(errno)))")
        }
    }

    deinit {
        if connection >= 0 { close(connection) }
        close(listener)
    }

    /// Waits up to `ipcWaitSeconds` for `fd` to be readable.
    private func waitReadable(_ fd: Int32) -> Bool {
        var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        return poll(&entry, 1, Int32(ipcWaitSeconds * 1000)) == 1
    }

    func accept() throws {
        guard waitReadable(listener) else { throw HarnessError("gestod did not connect") }
        if connection >= 0 { close(connection) }
        connection = Glibc.accept(listener, nil, nil)
        guard connection >= 0 else { throw HarnessError("accept failed") }
    }

    func send(_ text: String, descriptor: Int32 = -1) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { gesto_send_with_descriptor(connection, $0.baseAddress, UInt($0.count), descriptor) }
    }

    /// The next message gestod sends, as JSON.
    func receive() throws -> JSONValue {
        guard waitReadable(connection) else { throw HarnessError("gestod sent nothing") }
        var bytes = [UInt8](repeating: 0, count: 4096)
        var descriptor: Int32 = -1, truncated: Int32 = 0
        let count = bytes.withUnsafeMutableBytes {
            gesto_receive_with_descriptor(connection, $0.baseAddress, UInt($0.count), &descriptor, &truncated)
        }
        guard count > 0 else { throw HarnessError("gestod closed the link") }
        return try JSONValue.parse(String(decoding: bytes.prefix(count), as: UTF8.self))
    }

    /// The next message that is not `previous` (a repeated `own` changes nothing, and one save
    /// of the config may be reloaded twice).
    func receive(after previous: JSONValue) throws -> JSONValue {
        while true {
            let message = try receive()
            if message != previous { return message }
        }
    }

    /// Waits up to `ipcWaitSeconds` for gestod to close the connection, discarding what it sends
    /// meanwhile (gesto-inputd keeps a refused connection open until the peer closes it).
    func waitForHangUp() -> Bool {
        var bytes = [UInt8](repeating: 0, count: 4096)
        while waitReadable(connection) {
            let count = recv(connection, &bytes, bytes.count, 0)
            if count == 0 { return true }
            if count < 0 { return false }
        }
        return false
    }

    func hangUp() {
        close(connection)
        connection = -1
    }
}

/// Where each descriptor of process `pid` points (/proc/PID/fd).
private func openDescriptors(of pid: Int32) -> [String] {
    let folder = "/proc/\(pid)/fd"
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    return names.compactMap { try? FileManager.default.destinationOfSymbolicLink(atPath: folder + "/" + $0) }
}

@Suite(.serialized) struct InputProxyLinkTests {
    private func own(_ counts: [Int]) -> JSONValue { .object([("own", .array(counts.map { .number(Double($0)) }))]) }

    /// gestod with `config`, linked to a fake gesto-inputd that has said hello: the socket's
    /// folder does not exist when gestod starts, so gestod waits for it without polling.
    private func linkedDaemon(config: String, in folder: TemporaryFolder) throws -> (TestDaemon, FakeInputProxy) {
        let socketPath = folder.file("inputd/socket")
        let daemon = try TestDaemon(config: config, folder: folder, arguments: ["--input-proxy-socket", socketPath])
        #expect(mkdir(folder.file("inputd"), 0o755) == 0)
        let proxy = try FakeInputProxy(path: socketPath)
        try proxy.accept()
        proxy.send(#"{"hello": {"version": 1, "pid": 4242}}"#)
        return (daemon, proxy)
    }

    @Test func aReloadThatOwnsTheSameCountsTellsTheProxyNothing() throws {
        let folder = try TemporaryFolder()
        let (daemon, proxy) = try linkedDaemon(config: """
            bindings:
              - {gesture: swipe:4:left, workspace: next, consume: true}
            """, in: folder)
        #expect(try proxy.receive() == own([4]))
        // gestoctl reload answers once the reload is done: a message it caused is sent by then.
        #expect(try daemon.ctl("reload").status == 0)
        #expect(try daemon.ctl("pause").status == 0)
        // The next message is the pause's, not the reload's repeat of what the proxy knows.
        #expect(try proxy.receive() == own([]))
    }

    @Test func gestodOwnsItsConsumingFingerCountsThroughReloadAndPauseAndOutlivesTheLink() throws {
        let folder = try TemporaryFolder()
        let (daemon, proxy) = try linkedDaemon(config: """
            bindings:
              - {gesture: swipe:4:left, workspace: next, consume: true}
              - {gesture: swipe:3, drag: left}
              - {gesture: pinch:2:in, exec: "true"}
            """, in: folder)
        #expect(try proxy.receive() == own([3, 4]))
        #expect(eventually { daemon.log.contains("gesto-inputd: linked") })

        // A reload with another config owns its counts.
        try """
            bindings:
              - {gesture: hold:2, exec: "true", consume: true}
              - {gesture: swipe:6:up, exec: "true", consume: true}
            """.write(toFile: daemon.config, atomically: true, encoding: .utf8)
        #expect(try proxy.receive(after: own([3, 4])) == own([2, 5]))
        // Paused, the desktop gets every gesture back; resumed, gestod owns them again.
        #expect(try daemon.ctl("pause").status == 0)
        #expect(try proxy.receive(after: own([2, 5])) == own([]))
        #expect(try daemon.ctl("resume").status == 0)
        #expect(try proxy.receive() == own([2, 5]))

        // A bad message is logged with why; the link stays.
        proxy.send(#"{"device": "moved", "id": 1}"#)
        // A descriptor of a plain file is no touchpad: said, not a crash, and not kept open.
        let notATouchpad = folder.file("not-a-touchpad")
        #expect(FileManager.default.createFile(atPath: notATouchpad, contents: Data()))
        func addNotATouchpad(id: Int) {
            let file = open(notATouchpad, O_RDONLY | O_CLOEXEC)
            proxy.send(#"{"device": "added", "id": \#(id), "name": "Fake Touchpad \#(id)", "original": "/dev/null", "mirror": "\#(notATouchpad)"}"#,
                       descriptor: file)
            close(file)
        }
        addNotATouchpad(id: 1)
        #expect(eventually { daemon.log.contains("the mirror of Fake Touchpad 1") }, "\(daemon.log)")
        #expect(daemon.log.contains("not a character device"))
        // The first mirror made the mirrors' libinput context; a second refusal opens nothing more.
        let descriptors = openDescriptors(of: daemon.process.processIdentifier)
        addNotATouchpad(id: 2)
        #expect(eventually { daemon.log.contains("the mirror of Fake Touchpad 2") }, "\(daemon.log)")
        #expect(openDescriptors(of: daemon.process.processIdentifier).count == descriptors.count)
        #expect(!openDescriptors(of: daemon.process.processIdentifier).contains(notATouchpad))
        #expect(daemon.log.contains(#"ignoring a bad message: 'device' is "added" or "removed", not "moved""#))

        proxy.hangUp()
        #expect(eventually { daemon.log.contains("gesto-inputd: link ended") })
        #expect(daemon.answersStatus)
        #expect(daemon.stop() == 0)
    }

    @Test func aRefusedOrEndedLinkIsTriedAgainWhileTheSocketIsThere() throws {
        let folder = try TemporaryFolder()
        // The socket is there before gestod starts, and stays: no appearance to react to.
        let socketPath = folder.file("inputd-socket")
        let proxy = try FakeInputProxy(path: socketPath)
        let daemon = try TestDaemon(config: """
            bindings:
              - {gesture: swipe:3, exec: "true", consume: true}
            """, folder: folder, arguments: ["--input-proxy-socket", socketPath])
        let hello = #"{"hello": {"version": 1, "pid": 4242}}"#
        let refusal = "only root and the user of the active session on seat0 (uid 1000) may connect"

        // At login gestod may come before logind made its session active: refused, as
        // gesto-inputd does it (kept open until the peer closes).
        try proxy.accept()
        proxy.send(#"{"error": "not-allowed", "message": "\#(refusal)"}"#)
        #expect(proxy.waitForHangUp())
        #expect(eventually { daemon.log.contains("gesto-inputd refused this user: \(refusal); retrying in 1 s") }, "\(daemon.log)")
        try proxy.accept()
        proxy.send(hello)
        #expect(try proxy.receive() == own([3]))

        // The user lost the seat (a user switch): refused after hello, closed, tried again; the
        // link that was up reset the backoff.
        proxy.send(#"{"error": "not-allowed", "message": "\#(refusal)"}"#)
        #expect(proxy.waitForHangUp())
        try proxy.accept()
        proxy.send(hello)
        #expect(try proxy.receive() == own([3]))

        // Any other end while the socket is there: tried again too.
        proxy.hangUp()
        try proxy.accept()
        proxy.send(hello)
        #expect(try proxy.receive() == own([3]))
        #expect(daemon.log.contains("gesto-inputd: link ended: gesto-inputd closed the connection; retrying in 1 s"), "\(daemon.log)")
        #expect(daemon.log.components(separatedBy: "gesto-inputd refused this user").count - 1 == 2)
        #expect(daemon.stop() == 0)
    }

    @Test func retriesWaitOneSecondDoublingToThirty() {
        var backoff = InputProxyLink.retryBackoff
        #expect((0..<7).map { _ in backoff.nextDelay() / 1_000_000 } == [1, 2, 4, 8, 16, 30, 30])
    }

    @Test func messagesFromTheProxyAreReadOrRefusedWithWhy() throws {
        let added = try InputProxyMessage(parsing: Array(
            #"{"device": "added", "id": 3, "name": "T", "original": "/dev/input/event5", "mirror": "/dev/input/event12"}"#.utf8))
        #expect(added == .deviceAdded(id: 3, name: "T", original: "/dev/input/event5", mirror: "/dev/input/event12"))
        #expect(try InputProxyMessage(parsing: Array(#"{"hello": {"version": 1, "pid": 7}}"#.utf8)) == .hello(version: 1, pid: 7))
        #expect(throws: InputProxyMessageError("'device removed' has no integer 'id'")) {
            try InputProxyMessage(parsing: Array(#"{"device": "removed", "id": 1.5}"#.utf8))
        }
        #expect(throws: InputProxyMessageError("unknown message 'hi' (expected hello, device or error)")) {
            try InputProxyMessage(parsing: Array(#"{"hi": 1}"#.utf8))
        }
        #expect(String(decoding: InputProxyRequest.own([3, 4]).bytes, as: UTF8.self) == #"{"own": [3, 4]}"#)
        #expect(String(decoding: InputProxyRequest.pointer(.press(272)).bytes, as: UTF8.self) == #"{"pointer": "press", "button": 272}"#)
        #expect(String(decoding: InputProxyRequest.pointer(.motion(.init(1.5, -2))).bytes, as: UTF8.self)
                == #"{"pointer": "motion", "dx": 1.5, "dy": -2}"#)
    }
}
