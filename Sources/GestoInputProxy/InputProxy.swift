// gesto-inputd at run time: the touchpads it holds, the connections on its socket, the drag's
// mouse, all on one epoll loop (GestoSystem's EventLoop). What is owned is the union of what
// the connections own; a connection that goes owns nothing and releases its buttons.
import CGestoSys
import CInputProxy
import GestoCore
import GestoSystem
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

final class InputProxy {
    private let loop: EventLoop
    private let watcher: TouchpadWatcher
    private let listener: FileDescriptor
    private let socketPath: String
    private let mouse: VirtualMouse?
    private let log: Log
    private var touchpads: [String: ProxiedTouchpad] = [:]
    private var connections: [Int: ProxyConnection] = [:]
    /// Refused connections waiting for their peer to close, oldest first.
    private var refused: [ProxyConnection] = []
    /// How many refused connections wait at most; the oldest is closed for a newer one.
    private static let refusedLimit = 8
    private var nextTouchpadID = 1
    private var nextConnectionNumber = 1
    /// The listener left the loop for want of descriptors (accept's EMFILE or ENFILE): it
    /// comes back when a connection closes, or when ``listenerRetry`` fires.
    private var isListenerResting = false
    /// An accept has failed for want of descriptors and none has succeeded since: said once.
    private var isOutOfDescriptors = false
    /// Brings a resting listener back after ``listenerRestMicroseconds``: with no connection
    /// open, no close would ever bring it back (made at start, so it needs no descriptor then).
    private var listenerRetry: TimerFD!
    /// How long the listener rests before it tries again: 1 s, long enough not to spin on a
    /// process that stays at its limit, short enough that gestod's link (which waits for the
    /// hello, its connection queued meanwhile) is hardly delayed.
    static let listenerRestMicroseconds: Int64 = 1_000_000
    /// logind's session changes: who may stay connected is checked again on each.
    private var loginMonitor: OpaquePointer?
    /// The most messages read from one connection per wakeup, so that one peer cannot keep
    /// the touchpads waiting.
    private static let messagesPerWakeup = 64

    /// The finger counts owned now: the union of the connections'.
    private var owned: Set<Int> { connections.values.reduce(into: []) { $0.formUnion($1.owned) } }

    /// Watches udev, listens on `socketPath` and takes the touchpads present.
    /// - Throws: `SystemError` from udev's monitor, the socket's calls or `epoll_ctl`.
    init(loop: EventLoop, socketPath: String, log: Log) throws(SystemError) {
        self.loop = loop
        self.socketPath = socketPath
        self.log = log
        watcher = try TouchpadWatcher()
        listener = try Self.listen(at: socketPath)
        do {
            mouse = try VirtualMouse(log: log)
        } catch {
            // Withholding works without it; only `drag:` needs it.
            log.warning("no drag pointer: \(error)")
            mouse = nil
        }
        try loop.register(watcher.descriptor) { [unowned self] _ in self.udevChanged() }
        try loop.register(listener) { [unowned self] _ in self.accept() }
        listenerRetry = try TimerFD(loop: loop) { [unowned self] in self.wakeListener() }
        watchSessions()
        for node in watcher.present() { consider(node, present: true) }
        log.info("listening on \(socketPath); \(touchpads.count) touchpad\(touchpads.count == 1 ? "" : "s") taken")
    }

    /// Ends everything: the copies go, the grabs end, the socket file is removed.
    func shutDown() {
        for connection in connections.values { drop(connection, reason: "gesto-inputd is stopping") }
        mouse?.releaseAll()
        for touchpad in touchpads.values { try? loop.unregister(touchpad.descriptor) }
        touchpads.removeAll()
        _ = try? retryingInterrupts("unlink") { unlink(socketPath) }
    }

    // MARK: - Touchpads

    private func udevChanged() {
        watcher.receive { node, present in consider(node, present: present) }
    }

    private func consider(_ node: InputNode, present: Bool) {
        // Its own copies are known by their nodes first (every touchpad taken knows both), and
        // by phys otherwise: a copy whose phys udev could not read (no descriptor free for it)
        // is still never taken as a touchpad.
        if touchpads.values.contains(where: { $0.cloneNode == node.node || $0.mirrorNode == node.node }) {
            mirrorChanged(node.node, present: present)
            return
        }
        switch node.role {
        case .touchpad(let integration, let fuzz):
            if present {
                guard touchpads[node.node] == nil else { return }
                take(node.node, integration: integration, fuzz: fuzz)
            } else if let touchpad = touchpads[node.node] {
                drop(touchpad, why: "removed")
            }
        case .copy:
            mirrorChanged(node.node, present: present)
        case .other:
            return
        }
    }

    /// udev has told of one of the copies: once it has tagged a mirror, the mirror is ready
    /// for gestod's libinput.
    private func mirrorChanged(_ node: String, present: Bool) {
        guard present, let touchpad = touchpads.values.first(where: { $0.mirrorNode == node }),
              !touchpad.isMirrorReady else { return }
        touchpad.isMirrorReady = true
        for connection in connections.values { announce(touchpad, to: connection) }
    }

    private func take(_ node: String, integration: String, fuzz: [UInt32: Int32]) {
        let touchpad: ProxiedTouchpad
        do {
            // Owned by nobody until its mirror has reached a connection (ownedChanged).
            touchpad = try ProxiedTouchpad(node: node, integration: integration, fuzz: fuzz, id: nextTouchpadID, owned: [],
                                           loop: loop, log: log, isTouchpad: { [watcher] in watcher.isTouchpad(descriptor: $0) })
        } catch .ownCopy {
            return
        } catch {
            log.warning("\(node): not taken: \(error)")
            return
        }
        do {
            try loop.register(touchpad.descriptor) { [unowned self, unowned touchpad] _ in
                if !touchpad.readAvailable() { self.drop(touchpad, why: "gone") }
            }
        } catch {
            // The touchpad goes with its copies and grab (deinit).
            log.warning("\(node): not taken: \(error)")
            return
        }
        nextTouchpadID += 1
        touchpads[node] = touchpad
        log.info("\(node) \"\(touchpad.name)\" (\(integration)): taken; the compositor reads \(touchpad.cloneNode), gestod \(touchpad.mirrorNode)")
    }

    private func drop(_ touchpad: ProxiedTouchpad, why: String) {
        try? loop.unregister(touchpad.descriptor)
        touchpads[touchpad.originalNode] = nil
        for connection in connections.values {
            guard let mirror = connection.mirrors.removeValue(forKey: touchpad.id) else { continue }
            try? mirror.close()
            connection.send(.object([("device", .string("removed")), ("id", .number(Double(touchpad.id)))]))
        }
        log.info("\(touchpad.originalNode) \"\(touchpad.name)\": \(why) (\(touchpad.withheldFrames) frames withheld in \(touchpad.lifts) stretches)")
    }

    private func announce(_ touchpad: ProxiedTouchpad, to connection: ProxyConnection) {
        guard touchpad.isMirrorReady, !connection.announced.contains(touchpad.id) else { return }
        let mirror: FileDescriptor
        do {
            mirror = try .open(touchpad.mirrorNode, .readWrite, nonBlocking: true)
        } catch {
            log.warning("the mirror of \(touchpad.originalNode): not handed to connection \(connection.number): \(error)")
            return
        }
        let message = JSONValue.object([
            ("device", .string("added")), ("id", .number(Double(touchpad.id))), ("name", .string(touchpad.name)),
            ("original", .string(touchpad.originalNode)), ("mirror", .string(touchpad.mirrorNode)),
        ])
        guard connection.send(message, attaching: mirror) else {
            try? mirror.close()
            log.warning("connection \(connection.number): could not hand over \(touchpad.mirrorNode)")
            return
        }
        // Kept: the same open file description the peer now holds, to revoke it later.
        connection.mirrors[touchpad.id] = mirror
        ownedChanged()
    }

    /// Each touchpad withholds what the connections that have its mirror own: a connection
    /// that never got the mirror (udev was late, the descriptor could not be sent) would
    /// otherwise take touches from the compositor that nobody reads.
    private func ownedChanged() {
        let owned = owned
        for touchpad in touchpads.values {
            touchpad.setOwned(connections.values.filter { $0.mirrors[touchpad.id] != nil }
                .reduce(into: Set<Int>()) { $0.formUnion($1.owned) })
        }
        log.info("owned finger counts: \(owned.isEmpty ? "none" : owned.sorted().map(String.init).joined(separator: ", "))")
    }

    // MARK: - Connections

    private static func listen(at path: String) throws(SystemError) -> FileDescriptor {
        let type = CInt(SOCK_SEQPACKET.rawValue) | CInt(SOCK_NONBLOCK.rawValue) | CInt(SOCK_CLOEXEC.rawValue)
        let fd = FileDescriptor(rawValue: try retryingInterrupts("socket") { socket(AF_UNIX, type, 0) })
        // Made under another name and renamed into place once it listens with its mode, so a
        // gestod watching the folder never finds a socket it cannot use yet.
        let building = path + ".new"
        do throws(SystemError) {
            // The unit's RuntimeDirectory makes the folder; run by hand, gesto-inputd makes it.
            if let slash = path.lastIndex(of: "/"), slash != path.startIndex {
                do {
                    _ = try retryingInterrupts("mkdir") { mkdir(String(path[..<slash]), 0o755) }
                } catch where error.code == EEXIST {}
            }
            do {
                _ = try retryingInterrupts("unlink") { unlink(building) }
            } catch where error.code == ENOENT {}
            _ = try retryingInterrupts("bind") { gesto_unix_bind(fd.rawValue, building) }
            do {
                // Anyone may connect; who may stay is checked per connection (SO_PEERCRED, logind).
                _ = try retryingInterrupts("chmod") { chmod(building, 0o666) }
                _ = try retryingInterrupts("listen") { Glibc.listen(fd.rawValue, 8) }
                // Replaces a socket file left by a gesto-inputd that was killed (nobody answers on it).
                _ = try retryingInterrupts("rename") { rename(building, path) }
            } catch {
                _ = try? retryingInterrupts("unlink") { unlink(building) }
                throw error
            }
        } catch {
            try? fd.close()
            throw SystemError(code: error.code, call: "\(path): \(error.call)")
        }
        return fd
    }

    private func accept() {
        while true {
            let accepted: FileDescriptor?
            do {
                accepted = try listener.acceptConnection()
            } catch where error.code == EMFILE || error.code == ENFILE {
                // Out of descriptors: the listener would stay readable and wake the loop
                // forever. It rests until a connection closes or its retry fires; the peer's
                // connection waits in the queue meanwhile.
                if !isOutOfDescriptors {
                    log.warning("out of file descriptors (\(error)): no new connection for now")
                    isOutOfDescriptors = true
                }
                if !isListenerResting {
                    try? loop.unregister(listener)
                    isListenerResting = true
                }
                do {
                    try listenerRetry.arm(at: Timestamp(microseconds: MonotonicClock.now().microseconds + Self.listenerRestMicroseconds))
                } catch {
                    log.warning("cannot arm the listener's retry (\(error)): no new connection until one closes")
                }
                return
            } catch {
                // ECONNABORTED and the like: that connection is gone, the next may not be.
                log.debug("accept: \(error)")
                continue
            }
            guard let fd = accepted else { return }
            if isOutOfDescriptors {
                isOutOfDescriptors = false
                log.info("accepting connections again")
            }
            let peer: (pid: pid_t, uid: uid_t)
            do { peer = try fd.peerCredentials() } catch {
                try? fd.close()
                continue
            }
            let (pid, uid) = peer
            let connection = ProxyConnection(number: nextConnectionNumber, descriptor: fd, uid: uid, pid: pid)
            nextConnectionNumber += 1
            let refusal = Self.refusal(of: uid)
            do {
                try loop.register(connection.descriptor) { [unowned self, unowned connection] _ in self.read(connection) }
            } catch {
                try? fd.close()
                continue
            }
            if let refusal {
                refuse(connection, refusal)
                log.warning("refused a connection from uid \(uid) (pid \(pid)): \(refusal)")
                continue
            }
            connections[connection.number] = connection
            log.info("connection \(connection.number) from uid \(uid) (pid \(pid))")
            connection.send(.object([("hello", .object([("version", .number(1)), ("pid", .number(Double(getpid())))]))]))
            for touchpad in touchpads.values.sorted(by: { $0.id < $1.id }) { announce(touchpad, to: connection) }
        }
    }

    /// Puts a resting listener back on the loop, and accepts what waits: after a connection
    /// closed (a descriptor is free again) or when its retry fires.
    private func wakeListener() {
        guard isListenerResting else { return }
        try? listenerRetry.disarm()
        do {
            try loop.register(listener) { [unowned self] _ in self.accept() }
        } catch {
            log.warning("cannot put the listener back (\(error)): trying again in 1 s")
            try? listenerRetry.arm(at: Timestamp(microseconds: MonotonicClock.now().microseconds + Self.listenerRestMicroseconds))
            return
        }
        isListenerResting = false
        accept()
    }

    /// Refuses a connection: it owns nothing, its buttons are released and its mirrors
    /// revoked, and it is kept open, its messages discarded, until the peer closes (a socket
    /// closed with messages unread resets the peer, which would then never read why).
    private func refuse(_ connection: ProxyConnection, _ refusal: String) {
        connection.refusal = refusal
        connection.send(.object([("error", .string("not-allowed")), ("message", .string(refusal))]))
        if connections.removeValue(forKey: connection.number) != nil {
            mouse?.releaseAll(of: connection.number)
            connection.revokeMirrors()
            ownedChanged()
        }
        refused.append(connection)
        if refused.count > Self.refusedLimit { drop(refused.removeFirst(), reason: nil) }
    }

    /// Watches logind's sessions, so a connection whose user no longer has the active session
    /// on seat0 (a user switch, a logout) is refused at once. Without logind, nothing changes.
    private func watchSessions() {
        var monitor: OpaquePointer?
        guard sd_login_monitor_new("session", &monitor) >= 0, let monitor else { return }
        let fd = FileDescriptor(rawValue: sd_login_monitor_get_fd(monitor))
        do {
            try loop.register(fd) { [unowned self] _ in self.sessionsChanged() }
            loginMonitor = monitor
        } catch {
            sd_login_monitor_unref(monitor)
        }
    }

    private func sessionsChanged() {
        if let loginMonitor { sd_login_monitor_flush(loginMonitor) }
        for connection in connections.values.sorted(by: { $0.number < $1.number }) {
            guard let refusal = Self.refusal(of: connection.uid) else { continue }
            refuse(connection, refusal)
            log.info("connection \(connection.number) (uid \(connection.uid)) lost the seat: \(refusal)")
        }
    }

    /// Why `uid` may not connect, nil if it may: root, and the user of the active session on
    /// seat0 (logind), may.
    static func refusal(of uid: uid_t) -> String? {
        if uid == 0 { return nil }
        var active: uid_t = 0
        let result = sd_seat_get_active("seat0", nil, &active)
        if result < 0 { return "only root may connect: logind knows no active session on seat0" }
        if active == uid { return nil }
        return "only root and the user of the active session on seat0 (uid \(active)) may connect"
    }

    private func read(_ connection: ProxyConnection) {
        for _ in 0..<Self.messagesPerWakeup {
            switch connection.receive() {
            case .none:
                return
            case .closed:
                drop(connection, reason: nil)
                return
            case .truncated:
                guard connection.refusal == nil else { continue }
                connection.send(.object([("error", .string("bad-message")),
                                         ("message", .string("a message is at most \(ProxyRequestParser.messageLimit) bytes"))]))
            case .message(let text):
                guard connection.refusal == nil else { continue }
                guard connections[connection.number] != nil else { return }
                do {
                    try handle(ProxyRequestParser.parse(text), from: connection)
                } catch {
                    log.warning("connection \(connection.number): bad message: \(error.message)")
                    connection.send(.object([("error", .string("bad-message")), ("message", .string(error.message))]))
                }
            }
        }
    }

    private func handle(_ request: ProxyRequest, from connection: ProxyConnection) {
        switch request {
        case .own(let counts):
            connection.owned = counts
            ownedChanged()
        case .press(let button):
            mouse?.press(button, by: connection.number)
        case .release(let button):
            mouse?.release(button, by: connection.number)
        case .motion(let dx, let dy):
            // Only a drag moves the mouse: motion from a connection holding no button is dropped.
            guard mouse?.held.values.contains(connection.number) == true else { return }
            mouse?.move(dx: dx, dy: dy)
        }
    }

    private func drop(_ connection: ProxyConnection, reason: String?) {
        try? loop.unregister(connection.descriptor)
        // A descriptor is free again.
        defer { wakeListener() }
        if connection.refusal != nil {
            try? connection.descriptor.close()
            refused.removeAll { $0 === connection }
            return
        }
        connection.revokeMirrors()
        if let reason { connection.send(.object([("error", .string("closing")), ("message", .string(reason))])) }
        try? connection.descriptor.close()
        connections[connection.number] = nil
        mouse?.releaseAll(of: connection.number)
        log.info("connection \(connection.number) closed")
        if !connection.owned.isEmpty { ownedChanged() }
    }
}
