// SwayFocusDriver against a fake sway on a Unix socket (no compositor needed): it subscribes
// and asks for the tree once, reads what arrives in any pieces on the event loop, sends nothing
// when its focus is read, and on a huge frame or a closed socket lets go, says so once in the
// log, and leaves the focus to the foreign-toplevel state (issue 41 item 4, issue 40 item 5).
import Foundation
import Glibc
import Testing
import GestoSystem
@testable import GestoDaemon
@testable import GestoWayland

@Suite(.serialized) struct SwayFocusDriverTests {
    /// A listening socket standing for sway's, in a fresh folder.
    final class FakeSway {
        let folder: String
        let path: String
        let listener: Int32
        var peer: Int32 = -1

        init() throws {
            var template = Array((NSTemporaryDirectory() + "gesto-fake-sway-XXXXXX").utf8CString)
            folder = template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)) }
            path = folder + "/sway-ipc.sock"
            listener = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
            var address = sockaddr_un()
            address.sun_family = sa_family_t(AF_UNIX)
            withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: Array(path.utf8) + [0]) }
            let bound = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
            }
            #expect(bound == 0 && listen(listener, 4) == 0)
        }

        /// Accepts the driver's connection (made before `start` returned) and reads the
        /// messages it sent, as (type, payload).
        func acceptAndRead(messages count: Int) throws -> [(type: UInt32, payload: String)] {
            peer = accept(listener, nil, nil)
            #expect(peer >= 0)
            var decoder = SwayIPCFrameDecoder()
            var frames: [(UInt32, String)] = []
            var buffer = [UInt8](repeating: 0, count: 4096)
            while frames.count < count {
                let read = Glibc.read(peer, &buffer, buffer.count)
                guard read > 0 else { break }
                decoder.append(buffer[..<read])
                while let frame = try decoder.nextFrame() { frames.append((frame.type, String(decoding: frame.payload, as: UTF8.self))) }
            }
            return frames
        }

        /// Whether the driver sent anything more (a non-blocking look).
        var hasUnreadRequest: Bool {
            var byte: UInt8 = 0
            return recv(peer, &byte, 1, Int32(MSG_DONTWAIT | MSG_PEEK)) > 0
        }

        func send(_ bytes: [UInt8]) { _ = bytes.withUnsafeBytes { Glibc.send(peer, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) } }

        func finish() {
            if peer >= 0 { close(peer) }
            close(listener)
            unlink(path)
            rmdir(folder)
        }
    }

    /// A log written to a pipe, and what it said so far.
    static func capturedLog() throws -> (Log, () -> String) {
        let pipe = try FileDescriptor.pipe(options: .nonBlocking)
        let log = Log(level: .info, programName: "gestod", output: pipe.writeEnd, timePrefix: Log.TimePrefix.none, journalStream: nil)
        var text = ""
        return (log, {
            var buffer = [UInt8](repeating: 0, count: 4096)
            while true {
                let count = buffer.withUnsafeMutableBytes { (try? pipe.readEnd.read(into: $0)) ?? 0 }
                guard count > 0 else { break }
                text += String(decoding: buffer[..<count], as: UTF8.self)
            }
            return text
        })
    }

    @Test(.timeLimit(.minutes(1)))
    func followsTheFocusFromPiecesAndNeverAsksAgain() throws {
        let sway = try FakeSway()
        defer { sway.finish() }
        let runner = try LoopRunner()
        let (log, logText) = try Self.capturedLog()
        let driver = SwayFocusDriver(loop: runner.loop, log: log)
        try driver.start(SwayIPC(socketPath: sway.path))
        let sent = try sway.acceptAndRead(messages: 2)
        #expect(sent.map(\.type) == [2, 4])
        #expect(sent.first?.payload == #"["window","workspace"]"#)
        #expect(driver.focus == nil)

        // The replies and an event, cut inside a header and inside the tree.
        let stream = SwayFocusTrackerTests.frame(2, #"{"success": true}"#) + SwayFocusTrackerTests.tree
            + SwayFocusTrackerTests.window("focus", id: 7, appID: "firefox", focused: true)
        sway.send(Array(stream[..<10]))
        sway.send(Array(stream[10..<60]))
        sway.send(Array(stream[60...]))
        #expect(try runner.run(timeout: 5) { driver.focus == .window(id: 7, appID: "firefox") })
        // Reading the focus, as every gesture does, sends sway nothing.
        for _ in 0..<100 { _ = driver.focus?.appID }
        #expect(!sway.hasUnreadRequest)

        // A frame announcing 4 GiB: the subscription is closed with why, the focus unknown.
        sway.send(SwayIPC.magic + SwayIPC.littleEndian(0xFFFF_FFF0) + SwayIPC.littleEndian(SwayIPCFrame.windowEvent))
        #expect(try runner.run(timeout: 5) { !driver.isSubscribed })
        #expect(driver.focus == nil)
        let said = logText()
        #expect(said.contains("a message of 4294967280 bytes") && said.contains("follow the foreign-toplevel focus"), "\(said)")
    }

    @Test(.timeLimit(.minutes(1)))
    func swayClosingItsSocketIsSaidOnce() throws {
        let sway = try FakeSway()
        defer { sway.finish() }
        let runner = try LoopRunner()
        let (log, logText) = try Self.capturedLog()
        let driver = SwayFocusDriver(loop: runner.loop, log: log)
        try driver.start(SwayIPC(socketPath: sway.path))
        _ = try sway.acceptAndRead(messages: 2)
        sway.send(SwayFocusTrackerTests.frame(2, #"{"success": true}"#) + SwayFocusTrackerTests.tree)
        #expect(try runner.run(timeout: 5) { driver.focus == .window(id: 4, appID: "foot") })
        close(sway.peer)
        sway.peer = -1
        #expect(try runner.run(timeout: 5) { !driver.isSubscribed })
        #expect(driver.focus == nil)
        let said = logText()
        #expect(said.components(separatedBy: "sway closed its IPC socket").count == 2, "\(said)")
    }
}
