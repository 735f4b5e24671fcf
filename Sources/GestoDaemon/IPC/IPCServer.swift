// gestod's side of the control socket: a non-blocking listener and clients in the daemon's
// event loop, each with its own input and output buffers, so a slow, silent, flooding or hostile
// client never blocks the loop or another client. Requests go to the daemon's handler; `monitor`
// clients are subscribed to the event bus and receive event lines until they disconnect.
import GestoSystem
import CGestoSys
import Glibc

/// Why the control socket could not be opened.
public enum IPCServerError: Error, Sendable, CustomStringConvertible {
    /// Another gestod answers on the socket or holds its lock (pid 0 when it is not known).
    case alreadyRunning(pid: pid_t, path: String)
    /// The daemon lock beside the socket could not be taken.
    case cannotLock(path: String, SystemError)
    /// The socket's directory could not be made or is not private to this user.
    case directory(path: String, SystemError)
    /// Something that is not a socket is at the path; gestod does not remove it.
    case notASocket(path: String)
    /// Binding or listening failed.
    case cannotListen(path: String, SystemError)

    public var description: String {
        switch self {
        case .alreadyRunning(let pid, let path):
            "gestod is already running \(pid > 0 ? "(pid \(pid)) " : "")on \(path); stop it first (`systemctl --user stop gestod`), or give this one another --socket"
        case .cannotLock(let path, let error):
            "cannot take the daemon lock \(path): \(error)"
        case .directory(let path, let error):
            "cannot use \(path) for the control socket: \(error)"
        case .notASocket(let path):
            "\(path) exists and is not a socket: remove it or give another --socket"
        case .cannotListen(let path, let error):
            "cannot listen on \(path): \(error)"
        }
    }
}

/// The control socket's server.
public final class IPCServer {
    /// Clients served at once. When a client comes and all are taken, the requesting client
    /// that has been idle longest is closed (`closed-idle`) to make room, so idle connections
    /// cannot lock gestoctl out; only when every one is a monitor is the newcomer answered
    /// `too-many-clients`. gestoctl connects for one request, so this is reached only by a
    /// runaway script.
    public static let maximumClients = 128
    /// Output queued for one client before it is dropped, in bytes: a monitor that stopped
    /// reading must not make gestod hold events without bound.
    public static let maximumQueuedOutputBytes = 1 << 20
    /// Bytes read per `read` call.
    static let readChunkBytes = 16 * 1024
    /// Reads per wakeup for one client, so a client that floods does not starve the others
    /// (the loop is level-triggered: the rest is read on the next turn).
    static let readsPerWakeup = 4
    /// The kernel's queue of connections not yet accepted.
    static let listenBacklog: CInt = 64

    /// What a client connection is doing.
    enum ClientState {
        /// Sending requests; each line gets a reply line.
        case requesting
        /// Subscribed to the event bus: receives event lines, its input is ignored.
        case monitoring(EventBus.SubscriptionID)
        /// Its last reply is being written; then it is closed (peer finished, or an oversized line).
        case closing
    }

    final class Client {
        let fd: FileDescriptor
        let pid: pid_t
        var state = ClientState.requesting
        var input: [UInt8] = []
        var output: [UInt8] = []
        var outputOffset = 0
        var isWaitingToWrite = false
        /// When it last connected or sent bytes, on the server's activity count.
        var lastActivity: UInt64
        init(fd: FileDescriptor, pid: pid_t, at activity: UInt64) { self.fd = fd; self.pid = pid; lastActivity = activity }
        var queuedBytes: Int { output.count - outputOffset }
    }

    /// The socket's path.
    public let path: String
    private let loop: EventLoop
    private let log: Log
    private let bus: EventBus
    private let handler: (IPCRequest) -> IPCReply
    private var listener: FileDescriptor?
    /// The daemon lock (``UnixSocket/lockDaemon(at:)``), held until ``close()``.
    private var lock: FileDescriptor?
    /// The inotify watch on the socket's directory (``watchSocketFile(in:)``).
    private var socketWatch: Inotify?
    private var inode: ino_t = 0
    /// The lock file beside the socket, and the inode of the one ``lock`` holds.
    private let lockPath: String
    private var lockInode: ino_t = 0
    /// Called when the lock file at ``lockPath`` is no longer the one held (it, or its
    /// directory, was removed or renamed): the daemon must stop, or a second gestod could
    /// start beside it and every action would run twice. The argument says why.
    public var onLockLost: ((String) -> Void)?
    /// What the directory watch reports: its entries removed or renamed away (the socket, the
    /// lock), and the directory itself removed or renamed.
    private static let watchMask = UInt32(IN_DELETE) | UInt32(IN_MOVED_FROM) | UInt32(IN_DELETE_SELF) | UInt32(IN_MOVE_SELF)
    private var clients: [CInt: Client] = [:]
    /// Counts connections and reads: orders clients by how recently they did something.
    private var activity: UInt64 = 0
    private var chunk = [UInt8](repeating: 0, count: readChunkBytes)

    /// How many clients are connected.
    public var clientCount: Int { clients.count }

    /// Opens the socket at `path` and serves it on `loop`.
    ///
    /// First the daemon lock beside the socket is taken (``UnixSocket/lockPath(forSocket:)``);
    /// if another process holds it, that gestod runs
    /// (``IPCServerError/alreadyRunning(pid:path:)`` with the PID it wrote in the lock).
    /// If a file is at `path`, gestod connects to it first: a live server means another gestod
    /// runs (``IPCServerError/alreadyRunning(pid:path:)``), a refused connection means a stale
    /// socket, which is removed. The directory is made with mode 0700 if missing (and, with
    /// `isPrivateDirectory`, an existing one must belong to this user and is narrowed to 0700);
    /// the socket gets mode 0600, and each client's uid is checked with SO_PEERCRED.
    ///
    /// - Parameters:
    ///   - path: The socket file.
    ///   - isPrivateDirectory: The directory is gesto's own (`$XDG_RUNTIME_DIR/gesto`).
    ///   - loop: The loop that serves clients.
    ///   - log: Where refusals and dropped clients are reported.
    ///   - bus: What `monitor` clients subscribe to.
    ///   - handler: Answers every other request, on the loop's thread.
    /// - Throws: ``IPCServerError``.
    public init(path: String, isPrivateDirectory: Bool, loop: EventLoop, log: Log, bus: EventBus,
                handler: @escaping (IPCRequest) -> IPCReply) throws(IPCServerError) {
        self.path = path
        self.loop = loop
        self.log = log
        self.bus = bus
        self.handler = handler
        let directory = path.contains("/") ? String(path[..<path.lastIndex(of: "/")!]) : "."
        do throws(SystemError) {
            if isPrivateDirectory {
                try UnixSocket.makePrivateDirectory(directory)
            } else if !directory.isEmpty, mkdir(directory, 0o700) == -1, errno != EEXIST {
                throw SystemError(code: errno, call: "mkdir")
            }
        } catch {
            throw .directory(path: directory, error)
        }
        // The lock comes before the socket is touched: a second gestod that found the first
        // between its bind() and listen() took the socket for stale and unlinked it.
        let lockPath = UnixSocket.lockPath(forSocket: path)
        self.lockPath = lockPath
        do {
            switch try UnixSocket.lockDaemon(at: lockPath) {
            case .acquired(let fd):
                lock = fd
                lockInode = Self.inode(of: fd)
            case .held(let pid): throw IPCServerError.alreadyRunning(pid: pid ?? 0, path: path)
            }
        } catch let error as IPCServerError {
            throw error
        } catch let error as SystemError {
            throw .cannotLock(path: lockPath, error)
        } catch {
            throw .cannotLock(path: lockPath, SystemError(code: EIO, call: "flock"))
        }
        do {
            try removeStaleSocket()
        } catch {
            releaseLock()
            throw error
        }
        // The watch comes before listen(): a client can connect (into the backlog) as soon as
        // the socket listens, so a socket removed right after that, before a watch set later,
        // went unseen and stayed removed (a test harness did exactly that under load).
        watchSocketFile(in: directory)
        do {
            let (fd, inode) = try UnixSocket.listen(at: path, backlog: Self.listenBacklog)
            listener = fd
            self.inode = inode
            try loop.register(fd, for: .readable) { [unowned self] _ in self.acceptClients() }
        } catch let error where error.code == EADDRINUSE {
            socketWatch = nil
            releaseLock()
            // Something bound it between our check and our bind (a gestod without the lock).
            if let fd = try? UnixSocket.connect(to: path), let peer = try? UnixSocket.peer(of: fd) {
                try? fd.close()
                throw .alreadyRunning(pid: peer.pid, path: path)
            }
            throw .cannotListen(path: path, error)
        } catch {
            socketWatch = nil
            if let listener { try? listener.close() }
            releaseLock()
            throw .cannotListen(path: path, error)
        }
        log.info("listening for gestoctl", ["socket": path])
    }

    // MARK: The socket file

    /// The inode of an open file (0 if fstat fails, which matches no file).
    private static func inode(of fd: FileDescriptor) -> ino_t {
        var information = stat()
        return fstat(fd.rawValue, &information) == 0 ? information.st_ino : 0
    }

    /// Watches the socket's directory for the socket file being removed or renamed away, so
    /// that gestod makes it again (it holds the lock: no other gestod can own the path), and
    /// for the lock or the directory itself going, which stops gestod (``onLockLost``).
    /// Without the watch (inotify unavailable) a removed socket stays removed, as before.
    private func watchSocketFile(in directory: String) {
        do throws(SystemError) {
            let watch = try Inotify(loop: loop) { [unowned self] in self.socketDirectoryChanged() }
            try watch.addWatch(directory, mask: Self.watchMask)
            socketWatch = watch
        } catch {
            log.info("not watching the control socket's directory (\(error)): a removed socket is not made again", ["socket": path])
        }
    }

    /// Drains the directory's events; if the lock file at the path is not the one held (the
    /// directory was removed or renamed, or the lock file), reports the lock lost; if the
    /// socket file is gone, listens again at the path.
    private func socketDirectoryChanged() {
        guard let watch = socketWatch else { return }
        _ = watch.readEvents()  // Drained: which entry changed, the inodes say.
        guard listener != nil else { return }
        // The lock is the one guarantee that a single gestod runs: once its file is gone from
        // the path, a second gestod would lock a new one and start. Taking it again from here
        // races with whoever removed it (an `rm -r` still emptying the directory fails when
        // gestod writes into it) and with a gestod starting meanwhile; stopping does not, and
        // the packaged unit starts a fresh gestod, which makes directory, lock and socket.
        if UnixSocket.inode(at: lockPath) != lockInode {
            onLockLost?("the daemon lock \(lockPath) was removed or renamed away (with its directory?): stopping, so that a "
                + "second gestod cannot run beside this one and run every action twice; start gestod again "
                + "(the packaged systemd unit does, Restart=on-failure)")
            return
        }
        guard UnixSocket.inode(at: path) != inode else { return }
        if UnixSocket.inode(at: path) != nil {
            log.error("the control socket was replaced by another file: gestoctl cannot reach this gestod until it is removed and gestod restarted", ["socket": path])
            return
        }
        if let old = listener {
            try? loop.unregister(old)
            try? old.close()
            listener = nil
        }
        do {
            let (fd, inode) = try UnixSocket.listen(at: path, backlog: Self.listenBacklog)
            listener = fd
            self.inode = inode
            try loop.register(fd, for: .readable) { [unowned self] _ in self.acceptClients() }
            log.warning("the control socket was removed: made it again", ["socket": path])
        } catch {
            log.error("the control socket was removed and cannot be made again: \(error); gestoctl cannot reach this gestod", ["socket": path])
        }
    }

    deinit { close() }

    /// Closes every client (monitors see the end of their stream), stops listening and removes
    /// the socket file if it is still the one this server made. Idempotent.
    public func close() {
        for fd in Array(clients.keys) { drop(fd) }
        socketWatch = nil  // Unregistered and closed as it is released.
        guard let listener else { return }
        self.listener = nil
        try? loop.unregister(listener)
        try? listener.close()
        if UnixSocket.inode(at: path) == inode { unlink(path) }
        releaseLock()
    }

    /// Lets the next gestod start (after the socket file is gone).
    private func releaseLock() {
        try? lock?.close()
        lock = nil
    }

    // MARK: Startup

    private func removeStaleSocket() throws(IPCServerError) {
        var information = stat()
        guard lstat(path, &information) == 0 else { return }
        guard information.st_mode & S_IFMT == S_IFSOCK else { throw .notASocket(path: path) }
        do {
            let fd = try UnixSocket.connect(to: path)
            let peer = try? UnixSocket.peer(of: fd)
            try? fd.close()
            throw IPCServerError.alreadyRunning(pid: peer?.pid ?? 0, path: path)
        } catch let error as IPCServerError {
            throw error
        } catch let error as SystemError where error.code == ECONNREFUSED {
            log.info("removing a stale control socket (no gestod answers on it)", ["socket": path])
            unlink(path)
        } catch let error as SystemError where error.code == ENOENT {
            return
        } catch let error as SystemError {
            throw .cannotListen(path: path, error)
        } catch {
            throw .cannotListen(path: path, SystemError(code: EIO, call: "connect"))
        }
    }

    // MARK: Clients

    private func acceptClients() {
        guard let listener else { return }
        while true {
            let accepted: FileDescriptor?
            do { accepted = try UnixSocket.accept(on: listener) } catch {
                // EMFILE and the like: the pending connection stays queued; say so once per wakeup.
                log.warning("cannot accept a gestoctl connection: \(error)")
                return
            }
            guard let fd = accepted else { return }
            let peer: (pid: pid_t, uid: uid_t)
            do { peer = try UnixSocket.peer(of: fd) } catch {
                log.warning("refused a control connection: cannot read its credentials: \(error)")
                try? fd.close()
                continue
            }
            guard peer.uid == getuid() else {
                log.warning("refused a control connection from another user", ["pid": String(peer.pid), "uid": String(peer.uid)])
                let reply = IPCReply.failure(IPCFailure(.permissionDenied, "gestod serves only its own user (uid \(getuid())), not uid \(peer.uid)"))
                _ = try? fd.writeAllNonBlocking(Array((reply.json + "\n").utf8))
                try? fd.close()
                continue
            }
            if clients.count >= Self.maximumClients { closeLongestIdleClient() }
            guard clients.count < Self.maximumClients else {
                let reply = IPCReply.failure(IPCFailure(.tooManyClients, "gestod serves \(Self.maximumClients) clients at once; try again"))
                _ = try? fd.writeAllNonBlocking(Array((reply.json + "\n").utf8))
                try? fd.close()
                log.warning("refused a control connection: \(Self.maximumClients) clients already", ["pid": String(peer.pid)])
                continue
            }
            activity += 1
            let client = Client(fd: fd, pid: peer.pid, at: activity)
            do {
                try loop.register(fd, for: .readable) { [unowned self] readiness in self.service(fd.rawValue, readiness) }
            } catch {
                log.warning("cannot watch a control connection: \(error)")
                try? fd.close()
                continue
            }
            clients[fd.rawValue] = client
            log.debug("gestoctl connected", ["pid": String(peer.pid)])
        }
    }

    /// Closes the requesting client that has been idle longest, telling it why; monitors
    /// (idle by nature) and clients being closed stay.
    private func closeLongestIdleClient() {
        let requesting = clients.values.filter { if case .requesting = $0.state { true } else { false } }
        guard let idle = requesting.min(by: { $0.lastActivity < $1.lastActivity }) else { return }
        log.warning("closing the longest idle control connection: \(Self.maximumClients) clients already", ["pid": String(idle.pid)])
        let reply = IPCReply.failure(IPCFailure(.closedIdle, "gestod serves \(Self.maximumClients) clients at once and this connection was the longest idle; closing it"))
        _ = try? idle.fd.writeAllNonBlocking(Array((reply.json + "\n").utf8))
        drop(idle.fd.rawValue)
    }

    private func service(_ raw: CInt, _ readiness: EventLoop.Readiness) {
        guard let client = clients[raw] else { return }
        if readiness.contains(.writable) {
            flush(client)
            guard clients[raw] != nil else { return }
        }
        if !readiness.isDisjoint(with: [.readable, .hangup, .error]) { read(client) }
    }

    private func read(_ client: Client) {
        for _ in 0..<Self.readsPerWakeup {
            let result = chunk.withUnsafeMutableBytes { buffer in
                Result { () throws(SystemError) in try client.fd.read(into: buffer) }
            }
            switch result {
            case .success(0):
                endOfInput(client)
                return
            case .success(let count):
                activity += 1
                client.lastActivity = activity
                switch client.state {
                case .requesting:
                    client.input.append(contentsOf: chunk[0..<count])
                    handleLines(client)
                    guard clients[client.fd.rawValue] != nil else { return }
                    switch client.state {
                    case .requesting: break
                    case .monitoring, .closing: return
                    }
                case .monitoring, .closing:
                    break  // A monitor's input, or what follows an oversized line, is ignored.
                }
            case .failure(let error) where error.code == EAGAIN || error.code == EWOULDBLOCK:
                return
            case .failure(let error):
                log.debug("control connection failed: \(error)", ["pid": String(client.pid)])
                drop(client.fd.rawValue)
                return
            }
        }
    }

    /// Answers each complete line; an unfinished line longer than the cap ends the client.
    private func handleLines(_ client: Client) {
        var start = 0
        while let newline = client.input[start...].firstIndex(of: UInt8(ascii: "\n")) {
            var line = client.input[start..<newline]
            start = newline + 1
            if line.count > IPCMessage.maximumLineBytes {
                client.input.removeAll()
                refuseLongLine(client)
                return
            }
            if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
            if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { continue }
            answer(String(decoding: line, as: UTF8.self), from: client)
            switch client.state {
            case .requesting: continue
            case .monitoring, .closing:
                client.input.removeAll()
                return
            }
        }
        client.input.removeFirst(start)
        if client.input.count > IPCMessage.maximumLineBytes {
            client.input.removeAll()
            refuseLongLine(client)
        }
    }

    private func refuseLongLine(_ client: Client) {
        log.warning("closing a control connection that sent a line over \(IPCMessage.maximumLineBytes) bytes", ["pid": String(client.pid)])
        let failure = IPCFailure(.lineTooLong, "request lines are limited to \(IPCMessage.maximumLineBytes) bytes; closing the connection")
        client.state = .closing
        send(IPCReply.failure(failure).json, to: client)
    }

    private func answer(_ line: String, from client: Client) {
        let request: IPCRequest
        do { request = try IPCRequest(line: line) } catch {
            log.debug("bad control request: \(error.message)", ["pid": String(client.pid)])
            send(IPCReply.failure(error).json, to: client)
            return
        }
        switch request {
        case .monitor(let raw):
            var result = JSONObjectWriter()
            result.add("stream", raw ? "input" : "gestures")
            send(IPCReply.success(result: result.json).json, to: client)
            guard clients[client.fd.rawValue] != nil else { return }
            let key = client.fd.rawValue
            let id = bus.subscribe(raw ? .input : .gestures) { [unowned self] event in
                guard let client = self.clients[key] else { return }
                self.send(event.json, to: client)
            }
            client.state = .monitoring(id)
            log.debug("monitor subscribed", ["pid": String(client.pid), "stream": raw ? "input" : "gestures"])
        case .status, .reload, .pause, .resume, .devices, .bindings, .trigger, .version:
            send(handler(request).json, to: client)
        }
    }

    /// The peer closed its side: finish writing what is queued, then close.
    private func endOfInput(_ client: Client) {
        if client.queuedBytes == 0 {
            drop(client.fd.rawValue)
            return
        }
        switch client.state {
        case .monitoring(let id): bus.unsubscribe(id)
        case .requesting, .closing: break
        }
        client.state = .closing
        // Stop reading (a level-triggered end of file would wake the loop forever); wait to write.
        try? loop.modify(client.fd, for: .writable)
        client.isWaitingToWrite = true
    }

    // MARK: Output

    private func send(_ line: String, to client: Client) {
        if client.queuedBytes + line.utf8.count > Self.maximumQueuedOutputBytes {
            log.warning("dropping a control client that does not read (over \(Self.maximumQueuedOutputBytes / 1024) KiB queued)", ["pid": String(client.pid)])
            drop(client.fd.rawValue)
            return
        }
        client.output.append(contentsOf: line.utf8)
        client.output.append(UInt8(ascii: "\n"))
        flush(client)
    }

    /// Writes what the socket takes; waits for writability for the rest.
    private func flush(_ client: Client) {
        while client.queuedBytes > 0 {
            let result = client.output.withUnsafeBytes { buffer in
                Result { () throws(SystemError) in
                    try client.fd.write(UnsafeRawBufferPointer(rebasing: buffer[client.outputOffset...]))
                }
            }
            switch result {
            case .success(let count):
                client.outputOffset += count
            case .failure(let error) where error.code == EAGAIN || error.code == EWOULDBLOCK:
                if !client.isWaitingToWrite {
                    let interest: EventLoop.Interest
                    switch client.state {
                    case .requesting, .monitoring: interest = [.readable, .writable]
                    case .closing: interest = .writable
                    }
                    try? loop.modify(client.fd, for: interest)
                    client.isWaitingToWrite = true
                }
                return
            case .failure(let error):
                log.debug("control connection closed while writing: \(error)", ["pid": String(client.pid)])
                drop(client.fd.rawValue)
                return
            }
        }
        client.output.removeAll(keepingCapacity: client.output.count <= 64 * 1024)
        client.outputOffset = 0
        switch client.state {
        case .closing:
            drop(client.fd.rawValue)
        case .requesting, .monitoring:
            if client.isWaitingToWrite {
                try? loop.modify(client.fd, for: .readable)
                client.isWaitingToWrite = false
            }
        }
    }

    private func drop(_ raw: CInt) {
        guard let client = clients.removeValue(forKey: raw) else { return }
        switch client.state {
        case .monitoring(let id): bus.unsubscribe(id)
        case .requesting, .closing: break
        }
        try? loop.unregister(client.fd)
        try? client.fd.close()
        log.debug("gestoctl disconnected", ["pid": String(client.pid)])
    }
}
