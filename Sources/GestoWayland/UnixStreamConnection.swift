// Connecting to a compositor's Unix stream socket with a timeout on every read and write, the
// one way sway's IPC (SwayIPC) and Hyprland's (HyprlandIPC) are reached: each maps the
// failure onto its own error type.
import Glibc
import GestoSystem

/// Why a Unix stream socket could not be connected.
enum UnixConnectFailure: Error {
    /// The path does not fit in a Unix socket address.
    case pathTooLong
    /// Nothing listens at the path (errno: `ENOENT`, `ECONNREFUSED` after the compositor exited).
    case cannotConnect(code: CInt)
    /// A socket call failed.
    case system(call: String, code: CInt)
}

/// A connected socket to `path` whose reads and writes fail with `EAGAIN` after
/// `timeoutSeconds`; the caller owns it.
func connectUnixStream(_ path: String, timeoutSeconds: Int) throws(UnixConnectFailure) -> FileDescriptor {
    let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    guard fd >= 0 else { throw .system(call: "socket", code: errno) }
    var timeout = timeval(tv_sec: timeoutSeconds, tv_usec: 0)
    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))

    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    let bytes = Array(path.utf8)
    guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else {
        close(fd)
        throw .pathTooLong
    }
    withUnsafeMutableBytes(of: &address.sun_path) { buffer in
        buffer.copyBytes(from: bytes)
        buffer[bytes.count] = 0
    }
    let connected = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
            Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
        }
    }
    guard connected == 0 else {
        let code = errno
        close(fd)
        throw .cannotConnect(code: code)
    }
    return FileDescriptor(rawValue: fd)
}
