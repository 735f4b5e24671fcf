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
    private var touchpads: [String: ProxiedTouchpad] = [:]
    private var connections: [Int: ProxyConnection] = [:]
    /// Refused connections waiting for their peer to close, oldest first.
    private var refused: [ProxyConnection] = []
    /// How many refused connections wait at most; the oldest is closed for a newer one.
    private static let refusedLimit = 8
    private var nextTouchpadID = 1
    private var nextConnectionNumber = 1
    /// The listener left the loop for want of descriptors (accept's EMFILE).
    private var isListenerResting = false
    /// logind's session changes: who may stay connected is checked again on each.
    private var loginMonitor: OpaquePointer?
    /// The most messages read from one connection per wakeup, so that one peer cannot keep
    /// the touchpads waiting.
    private static let messagesPerWakeup = 64

    /// The finger counts owned now: the union of the connections'.
    private var owned: Set<Int> { connections.values.reduce(into: []) { $0.formUnion($1.owned) } }

    init(loop: EventLoop, socketPath: String) throws(ProxyError) {
        self.loop = loop
        self.socketPath = socketPath
        watcher = try TouchpadWatcher()
        listener = try Self.listen(at: socketPath)
        do {
            mouse = try VirtualMouse()
        } catch {
            // Withholding works without it; only `drag:` needs it.
            ProxyLog.warning("no drag pointer: \(error)")
            mouse = nil
        }
        do {
            try loop.register(FileDescriptor(rawValue: watcher.descriptor)) { [unowned self] _ in self.udevChanged() }
            try loop.register(listener) { [unowned self] _ in self.accept() }
        } catch {
            throw ProxyError("epoll: \(error)")
        }
        watchSessions()
        for node in watcher.present() { consider(node, present: true) }
        ProxyLog.info("listening on \(socketPath); \(touchpads.count) touchpad\(touchpads.count == 1 ? "" : "s") taken")
    }

    /// Ends everything: the copies go, the grabs end, the socket file is removed.
    func shutDown() {
        for connection in connections.values { drop(connection, reason: "gesto-inputd is stopping") }
        mouse?.releaseAll()
        for touchpad in touchpads.values { try? loop.unregister(FileDescriptor(rawValue: touchpad.descriptor)) }
        touchpads.removeAll()
        unlink(socketPath)
    }

    // MARK: - Touchpads

    private func udevChanged() {
        watcher.receive { node, present in consider(node, present: present) }
    }

    private func consider(_ node: InputNode, present: Bool) {
        switch node.role {
        case .touchpad(let integration, let fuzz):
            if present {
                // Its own copies are told apart by phys; their nodes are checked too, so that
                // a copy udev did not describe fully is never taken (a copy of a copy of…).
                guard touchpads[node.node] == nil,
                      !touchpads.values.contains(where: { $0.cloneNode == node.node || $0.mirrorNode == node.node }) else { return }
                take(node.node, integration: integration, fuzz: fuzz)
            } else if let touchpad = touchpads[node.node] {
                drop(touchpad, why: "removed")
            }
        case .copy:
            // udev has tagged one of the copies: a mirror is now ready for gestod's libinput.
            guard present, let touchpad = touchpads.values.first(where: { $0.mirrorNode == node.node }),
                  !touchpad.isMirrorReady else { return }
            touchpad.isMirrorReady = true
            for connection in connections.values { announce(touchpad, to: connection) }
        case .other:
            return
        }
    }

    private func take(_ node: String, integration: String, fuzz: [UInt32: Int32]) {
        do {
            // Owned by nobody until its mirror has reached a connection (ownedChanged).
            let touchpad = try ProxiedTouchpad(node: node, integration: integration, fuzz: fuzz, id: nextTouchpadID, owned: [],
                                               loop: loop, isTouchpad: { [watcher] in watcher.isTouchpad(descriptor: $0) })
            nextTouchpadID += 1
            try loop.register(FileDescriptor(rawValue: touchpad.descriptor)) { [unowned self, unowned touchpad] _ in
                if !touchpad.readAvailable() { self.drop(touchpad, why: "gone") }
            }
            touchpads[node] = touchpad
            ProxyLog.info("\(node) \"\(touchpad.name)\" (\(integration)): taken; the compositor reads \(touchpad.cloneNode), gestod \(touchpad.mirrorNode)")
        } catch let error as ProxyError {
            ProxyLog.warning("\(node): not taken: \(error)")
        } catch {
            ProxyLog.warning("\(node): not taken: \(error)")
        }
    }

    private func drop(_ touchpad: ProxiedTouchpad, why: String) {
        try? loop.unregister(FileDescriptor(rawValue: touchpad.descriptor))
        touchpads[touchpad.originalNode] = nil
        for connection in connections.values {
            guard let mirror = connection.mirrors.removeValue(forKey: touchpad.id) else { continue }
            close(mirror)
            connection.send(.object([("device", .string("removed")), ("id", .number(Double(touchpad.id)))]))
        }
        ProxyLog.info("\(touchpad.originalNode) \"\(touchpad.name)\": \(why) (\(touchpad.withheldFrames) frames withheld in \(touchpad.lifts) stretches)")
    }

    private func announce(_ touchpad: ProxiedTouchpad, to connection: ProxyConnection) {
        guard touchpad.isMirrorReady, !connection.announced.contains(touchpad.id) else { return }
        let mirror = open(touchpad.mirrorNode, O_RDWR | O_NONBLOCK | O_CLOEXEC)
        guard mirror >= 0 else {
            ProxyLog.warning("\(touchpad.mirrorNode): open: \(String(cString: strerror(errno)))")
            return
        }
        let message = JSONValue.object([
            ("device", .string("added")), ("id", .number(Double(touchpad.id))), ("name", .string(touchpad.name)),
            ("original", .string(touchpad.originalNode)), ("mirror", .string(touchpad.mirrorNode)),
        ])
        guard connection.send(message, attaching: mirror) else {
            close(mirror)
            ProxyLog.warning("connection \(connection.number): could not hand over \(touchpad.mirrorNode)")
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
        ProxyLog.info("owned finger counts: \(owned.isEmpty ? "none" : owned.sorted().map(String.init).joined(separator: ", "))")
    }

    // MARK: - Connections

    private static func listen(at path: String) throws(ProxyError) -> FileDescriptor {
        let fd = socket(AF_UNIX, Int32(SOCK_SEQPACKET.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw ProxyError("socket: \(String(cString: strerror(errno)))") }
        // The unit's RuntimeDirectory makes the folder; run by hand, gesto-inputd makes it.
        if let slash = path.lastIndex(of: "/"), slash != path.startIndex {
            mkdir(String(path[..<slash]), 0o755)
        }
        // Made under another name and renamed into place once it listens with its mode, so a
        // gestod watching the folder never finds a socket it cannot use yet.
        let building = path + ".new"
        unlink(building)
        guard gesto_unix_bind(fd, building) == 0 else {
            let reason = String(cString: strerror(errno))
            close(fd)
            throw ProxyError("\(path): bind: \(reason)")
        }
        // Anyone may connect; who may stay is checked per connection (SO_PEERCRED, logind).
        chmod(building, 0o666)
        guard Glibc.listen(fd, 8) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(building)
            close(fd)
            throw ProxyError("\(path): listen: \(reason)")
        }
        // Replaces a socket file left by a gesto-inputd that was killed (nobody answers on it).
        guard rename(building, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(building)
            close(fd)
            throw ProxyError("\(path): rename: \(reason)")
        }
        return FileDescriptor(rawValue: fd)
    }

    private func accept() {
        while true {
            let fd = gesto_accept(listener.rawValue)
            guard fd >= 0 else {
                if errno == EMFILE || errno == ENFILE {
                    // Out of descriptors: the listener would stay readable and wake the loop
                    // forever. It rests until a connection closes.
                    ProxyLog.warning("out of file descriptors: no new connection until one closes")
                    try? loop.unregister(listener)
                    isListenerResting = true
                }
                return
            }
            var pid: pid_t = 0, uid: uid_t = 0
            guard gesto_peer_credentials(fd, &pid, &uid) == 0 else { close(fd); continue }
            let connection = ProxyConnection(number: nextConnectionNumber, descriptor: FileDescriptor(rawValue: fd), uid: uid, pid: pid)
            nextConnectionNumber += 1
            let refusal = Self.refusal(of: uid)
            do {
                try loop.register(connection.descriptor) { [unowned self, unowned connection] _ in self.read(connection) }
            } catch {
                close(fd)
                continue
            }
            if let refusal {
                refuse(connection, refusal)
                ProxyLog.warning("refused a connection from uid \(uid) (pid \(pid)): \(refusal)")
                continue
            }
            connections[connection.number] = connection
            ProxyLog.info("connection \(connection.number) from uid \(uid) (pid \(pid))")
            connection.send(.object([("hello", .object([("version", .number(1)), ("pid", .number(Double(getpid())))]))]))
            for touchpad in touchpads.values.sorted(by: { $0.id < $1.id }) { announce(touchpad, to: connection) }
        }
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
        let fd = sd_login_monitor_get_fd(monitor)
        do {
            try loop.register(FileDescriptor(rawValue: fd)) { [unowned self] _ in self.sessionsChanged() }
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
            ProxyLog.info("connection \(connection.number) (uid \(connection.uid)) lost the seat: \(refusal)")
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
                    ProxyLog.warning("connection \(connection.number): bad message: \(error.message)")
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
        defer {
            if isListenerResting, (try? loop.register(listener) { [unowned self] _ in self.accept() }) != nil {
                isListenerResting = false
            }
        }
        if connection.refusal != nil {
            close(connection.descriptor.rawValue)
            refused.removeAll { $0 === connection }
            return
        }
        connection.revokeMirrors()
        if let reason { connection.send(.object([("error", .string("closing")), ("message", .string(reason))])) }
        close(connection.descriptor.rawValue)
        connections[connection.number] = nil
        mouse?.releaseAll(of: connection.number)
        ProxyLog.info("connection \(connection.number) closed")
        if !connection.owned.isEmpty { ownedChanged() }
    }
}
