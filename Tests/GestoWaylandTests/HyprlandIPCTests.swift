// HyprlandIPC against a socket answering as Hyprland 0.57's request socket does (no compositor
// on this host: Debian 12 has no Hyprland): the request is the text `hyprctl` sends, the reply
// is read to the end of the stream, and Hyprland's own replies (recorded from Hyprland 0.57 in
// the VM's Hyprland stage, Tests/VM/hyprland/README.md) read as success or as its reason.
import Foundation
import Glibc
import Testing
import GestoSystem
@testable import GestoWayland

@Suite(.serialized) struct HyprlandIPCTests {
    /// A folder laid out as $XDG_RUNTIME_DIR/hypr/SIGNATURE/.socket.sock, listening.
    final class FakeHyprland: @unchecked Sendable {
        let runtime: String
        let path: String
        let listener: Int32

        init(signature: String = "0aa6745f_1765080000_123456") throws {
            var template = Array((NSTemporaryDirectory() + "gesto-fake-hyprland-XXXXXX").utf8CString)
            runtime = template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)) }
            mkdir(runtime + "/hypr", 0o700)
            mkdir(runtime + "/hypr/" + signature, 0o700)
            path = HyprlandIPC.socketPath(in: runtime, signature: signature)
            listener = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
            var address = sockaddr_un()
            address.sun_family = sa_family_t(AF_UNIX)
            withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: Array(path.utf8) + [0]) }
            let bound = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
            }
            #expect(bound == 0 && listen(listener, 4) == 0)
        }

        /// Answers the next connection with `reply` once its request arrived, then closes it,
        /// as Hyprland does; the request is handed to `received`.
        func answer(_ reply: String, received: @escaping @Sendable (String) -> Void) {
            let listener = listener
            Thread.detachNewThread {
                let peer = accept(listener, nil, nil)
                guard peer >= 0 else { return }
                var buffer = [UInt8](repeating: 0, count: 8192)
                let count = Glibc.read(peer, &buffer, buffer.count)
                received(String(decoding: buffer[..<max(count, 0)], as: UTF8.self))
                _ = Array(reply.utf8).withUnsafeBytes { Glibc.send(peer, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
                close(peer)
            }
        }

        func finish() {
            close(listener)
            unlink(path)
            rmdir((path as NSString).deletingLastPathComponent)
            rmdir(runtime + "/hypr")
            rmdir(runtime)
        }
    }

    /// What was received, set from the fake's thread.
    final class Received: @unchecked Sendable {
        private let lock = NSLock()
        private var text: String?
        func set(_ value: String) { lock.lock(); text = value; lock.unlock() }
        var value: String? { lock.lock(); defer { lock.unlock() }; return text }
    }

    /// A dispatch goes as `dispatch DISPATCH`, and Hyprland's "ok" is success.
    @Test func aDispatchThatRanIsOK() throws {
        let hyprland = try FakeHyprland()
        defer { hyprland.finish() }
        let received = Received()
        hyprland.answer("ok") { received.set($0) }
        try HyprlandIPC(socketPath: hyprland.path).dispatch(#"hl.dsp.window.tag({ tag = "gesto" })"#)
        #expect(received.value == #"dispatch hl.dsp.window.tag({ tag = "gesto" })"#)
    }

    /// Anything but "ok" is Hyprland refusing: its first line is the reason.
    @Test func aRefusedDispatchSaysWhy() throws {
        let hyprland = try FakeHyprland()
        defer { hyprland.finish() }
        // Hyprland 0.57's reply, word for word (the stage's hyprctl-dispatch.txt).
        let why = #"error: [string "return hl.dispatch(hl.dsp.no_such_dispatcher(..."]:1: attempt to call a nil value (field 'no_such_dispatcher')"#
        hyprland.answer(why + "\n") { _ in }
        #expect(throws: HyprlandIPCError.dispatchFailed(dispatch: "hl.dsp.no_such_dispatcher()", reply: why)) {
            try HyprlandIPC(socketPath: hyprland.path).dispatch("hl.dsp.no_such_dispatcher()")
        }
    }

    /// A gestod started before Hyprland finds the instance whose socket accepts; none without
    /// one, and nothing listening is an error that names the path.
    @Test func discoveryAndAbsence() throws {
        let hyprland = try FakeHyprland()
        #expect(HyprlandIPC.discover(in: hyprland.runtime)?.socketPath == hyprland.path)
        hyprland.finish()
        #expect(HyprlandIPC.discover(in: hyprland.runtime) == nil)
        #expect(throws: HyprlandIPCError.cannotConnect(path: hyprland.path, code: ENOENT)) {
            try HyprlandIPC(socketPath: hyprland.path).dispatch("hl.dsp.exit()")
        }
    }
}
