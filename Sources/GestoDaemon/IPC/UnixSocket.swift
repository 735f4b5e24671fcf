// Unix stream sockets for gesto's control plane: where the socket lives, listening (gestod)
// and connecting (gestoctl), each call through the EINTR-retrying choke point. Every socket is
// close-on-exec, so commands gestod spawns never inherit the socket or a client.
import GestoSystem
import CGestoSys
import Glibc

/// The control socket's path and the calls gestod and gestoctl make on it.
public enum UnixSocket {
    /// The socket's file name inside its directory.
    public static let fileName = "gestod.sock"
    /// The directory under `$XDG_RUNTIME_DIR`, made with mode 0700 so only the user reaches it.
    public static let directoryName = "gesto"

    /// Where the socket is: `explicit` (`--socket PATH`), else `$GESTO_SOCKET`, else
    /// `$XDG_RUNTIME_DIR/gesto/gestod.sock`; nil when none of them is set.
    public static func path(explicit: String?) -> String? {
        var environment: [String: String] = [:]
        for name in ["GESTO_SOCKET", "XDG_RUNTIME_DIR"] { environment[name] = getenv(name).map { String(cString: $0) } }
        return path(explicit: explicit, environment: environment)
    }

    /// Where the socket is in a session whose environment is `environment` (the same rule).
    public static func path(explicit: String?, environment: [String: String]) -> String? {
        if let explicit, !explicit.isEmpty { return explicit }
        if let value = environment["GESTO_SOCKET"], !value.isEmpty { return value }
        if let base = environment["XDG_RUNTIME_DIR"], !base.isEmpty {
            return base + "/" + directoryName + "/" + fileName
        }
        return nil
    }

    /// Makes a stream socket (`socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC [| SOCK_NONBLOCK])`),
    /// or a packet one with `packets` (`SOCK_SEQPACKET`: gesto-inputd's, protocol/inputd.md).
    ///
    /// - Throws: `SystemError` from `socket` (for example `EMFILE`).
    static func makeSocket(nonBlocking: Bool, packets: Bool = false) throws(SystemError) -> FileDescriptor {
        var type = CInt((packets ? SOCK_SEQPACKET : SOCK_STREAM).rawValue) | CInt(SOCK_CLOEXEC.rawValue)
        if nonBlocking { type |= CInt(SOCK_NONBLOCK.rawValue) }
        return FileDescriptor(rawValue: try retryingInterrupts("socket") { socket(AF_UNIX, type, 0) })
    }

    /// Connects to the socket at `path`, blocking (a Unix socket connect does not wait for the
    /// server to accept; it fails at once when no one listens); a packet socket with `packets`.
    ///
    /// - Throws: `SystemError` from `socket` or `connect`: `ENOENT` (no socket file),
    ///   `ECONNREFUSED` (a stale file, nobody listening), `EACCES`, `ENAMETOOLONG`,
    ///   `EPROTOTYPE` (the listener's socket is of the other type).
    public static func connect(to path: String, packets: Bool = false) throws(SystemError) -> FileDescriptor {
        let fd = try makeSocket(nonBlocking: false, packets: packets)
        do {
            _ = try retryingInterrupts("connect") { gesto_unix_connect(fd.rawValue, path) }
        } catch {
            try? fd.close()
            throw error
        }
        return fd
    }

    /// The process and user on the other end of a connected socket (`SO_PEERCRED`).
    ///
    /// - Throws: `SystemError` from `getsockopt`.
    public static func peer(of fd: FileDescriptor) throws(SystemError) -> (pid: pid_t, uid: uid_t) {
        try fd.peerCredentials()
    }

    /// Makes `directory` with mode 0700 if it is missing; if it exists it must be a directory
    /// owned by this user, and is narrowed to 0700.
    ///
    /// - Throws: `SystemError` from `mkdir`, `stat` or `chmod`; `EPERM` when the directory belongs
    ///   to someone else, `ENOTDIR` when it is not a directory.
    static func makePrivateDirectory(_ directory: String) throws(SystemError) {
        if mkdir(directory, 0o700) == 0 { return }
        guard errno == EEXIST else { throw SystemError(code: errno, call: "mkdir") }
        var information = stat()
        _ = try retryingInterrupts("stat") { stat(directory, &information) }
        guard information.st_mode & S_IFMT == S_IFDIR else { throw SystemError(code: ENOTDIR, call: "mkdir") }
        guard information.st_uid == getuid() else { throw SystemError(code: EPERM, call: "mkdir") }
        if information.st_mode & 0o777 != 0o700 {
            _ = try retryingInterrupts("chmod") { chmod(directory, 0o700) }
        }
    }

    /// The daemon lock for the socket at `socketPath`: `gestod.sock.lock` beside it, so in
    /// gesto's private runtime directory by default. One gestod per socket holds it.
    public static func lockPath(forSocket socketPath: String) -> String { socketPath + ".lock" }

    /// What ``lockDaemon(at:)`` found.
    enum LockOutcome {
        /// This process holds the lock as long as the descriptor is open (close-on-exec: a
        /// spawned command never keeps it); its PID is written in the file.
        case acquired(FileDescriptor)
        /// Another process holds it; its PID as written in the file, nil if it has not been
        /// written yet or is not a number.
        case held(by: pid_t?)
    }

    /// Takes the daemon lock at `path` without waiting (`flock(LOCK_EX | LOCK_NB)` on a file
    /// made with mode 0600, never through a symlink), and writes this process's PID into it.
    /// The file is never removed: removing a lock file lets two processes lock two files.
    ///
    /// - Throws: `SystemError` from `open` (`ELOOP` for a symlink, `EACCES`), `flock`,
    ///   `ftruncate` or `write`.
    static func lockDaemon(at path: String) throws(SystemError) -> LockOutcome {
        let fd = FileDescriptor(rawValue: try retryingInterrupts("open") {
            Glibc.open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
        })
        do throws(SystemError) {
            do {
                _ = try retryingInterrupts("flock") { flock(fd.rawValue, LOCK_EX | LOCK_NB) }
            } catch let error where error.code == EWOULDBLOCK {
                // A PID is at most 7 digits on Linux; read a little more and no further.
                var bytes = [UInt8](repeating: 0, count: 32)
                let count = bytes.withUnsafeMutableBytes { buffer in
                    Result { () throws(SystemError) in try fd.read(into: buffer) }
                }
                try? fd.close()
                let text = String(decoding: bytes.prefix((try? count.get()) ?? 0), as: UTF8.self)
                let pid = pid_t(text.split(separator: "\n").first ?? "").flatMap { $0 > 0 ? $0 : nil }
                return .held(by: pid)
            }
            _ = try retryingInterrupts("ftruncate") { ftruncate(fd.rawValue, 0) }
            try fd.writeAll(Array("\(getpid())\n".utf8))
            return .acquired(fd)
        } catch {
            try? fd.close()
            throw error
        }
    }

    /// Binds a non-blocking socket to `path` with mode 0600 and listens on it. The caller has
    /// made sure no live server uses `path` and removed a stale file.
    ///
    /// - Parameter backlog: Connections the kernel queues before gestod accepts them.
    /// - Returns: The listening descriptor and the inode of the socket file, so that only this
    ///   file is removed at shutdown.
    /// - Throws: `SystemError` from `socket`, `bind` (`EADDRINUSE` if the file appeared
    ///   meanwhile), `chmod`, `stat` or `listen`.
    static func listen(at path: String, backlog: CInt) throws(SystemError) -> (fd: FileDescriptor, inode: ino_t) {
        let fd = try makeSocket(nonBlocking: true)
        do throws(SystemError) {
            // The umask makes the file 0600 from its creation: no moment where others could connect.
            let previous = umask(0o177)
            let bound = gesto_unix_bind(fd.rawValue, path)
            let code = errno
            umask(previous)
            if bound == -1 { throw SystemError(code: code, call: "bind") }
            _ = try retryingInterrupts("chmod") { chmod(path, 0o600) }
            var information = stat()
            _ = try retryingInterrupts("stat") { stat(path, &information) }
            _ = try retryingInterrupts("listen") { Glibc.listen(fd.rawValue, backlog) }
            return (fd, information.st_ino)
        } catch {
            try? fd.close()
            throw error
        }
    }

    /// Accepts one pending connection, non-blocking and close-on-exec; nil when none is pending.
    ///
    /// - Throws: `SystemError` from `accept4` other than `EAGAIN` (`EMFILE`, `ECONNABORTED`).
    static func accept(on fd: FileDescriptor) throws(SystemError) -> FileDescriptor? {
        try fd.acceptConnection()
    }

    /// The inode of the file at `path`, or nil when there is none.
    static func inode(at path: String) -> ino_t? {
        var information = stat()
        guard lstat(path, &information) == 0 else { return nil }
        return information.st_ino
    }
}
