// gestod's connection to gesto-inputd (protocol/inputd.md): an AF_UNIX SOCK_SEQPACKET socket
// on the event loop, made when the socket exists and again each time it appears (an inotify
// watch on its directory, no polling). A connection refused (`not-allowed`: at login gestod may
// ask before logind has made its session the active one; after a user switch it is no longer
// the seat's) or ended while the socket is still there is tried again on a one-shot timerfd,
// 1 s, doubling up to 30 s, so gestod is never left unlinked while gesto-inputd holds the
// touchpad. Without the socket, or until the link is up, gestod reads its touchpads as it always
// did; the daemon decides what the messages mean.
import CGestoSys
import GestoCore
import GestoSystem
import GestoWayland
import Glibc

/// The link to gesto-inputd.
final class InputProxyLink {
    /// What happened on the link, for the daemon.
    enum Event {
        /// gesto-inputd said hello: the link is up and takes requests.
        case linked(pid: Int)
        /// A message after hello, with the descriptor that came with it (the handler owns it).
        case message(InputProxyMessage, descriptor: FileDescriptor?)
        /// The link that was up ended; the proxy itself released what it owned and pressed.
        case ended(reason: String)
    }

    /// Where gesto-inputd listens unless told otherwise.
    static let defaultSocketPath = InputProxyNames.socketPath
    /// The delays between attempts while the socket exists: 1 s (a login's session becomes
    /// active within it), doubling, at most 30 s (a stale socket costs one attempt then).
    static let retryBackoff = ReconnectBackoff(initialMicroseconds: 1_000_000, maximumMicroseconds: 30_000_000)

    /// The socket's path: `explicit` (`--input-proxy-socket`), else `$GESTO_INPUT_PROXY_SOCKET`,
    /// else ``defaultSocketPath`` unless `opensNoDevices` (a `--no-devices` gestod, as in tests,
    /// leaves the session's proxy alone unless one is named).
    static func socketPath(explicit: String?, opensNoDevices: Bool) -> String? {
        if let explicit, !explicit.isEmpty { return explicit }
        if let value = getenv("GESTO_INPUT_PROXY_SOCKET").map({ String(cString: $0) }), !value.isEmpty { return value }
        return opensNoDevices ? nil : defaultSocketPath
    }

    let path: String
    private let loop: EventLoop
    private let log: Log
    private let onEvent: (Event) -> Void
    private var watcher: ConfigWatcher?
    private var connection: LoopRegistration?
    /// The next attempt after a refusal, a failed connect or an end; disarmed while linked.
    private var retryTimer: TimerFD!
    private var backoff = InputProxyLink.retryBackoff
    /// The proxy's pid once it said hello; nil while the link is not up.
    private(set) var proxyPID: Int?
    /// Whether requests can be sent (hello received, connection open).
    var isLinked: Bool { proxyPID != nil && connection != nil }
    /// The finger counts this link's proxy was last told gestod owns; nil until it is told (a
    /// link made again is told afresh).
    private var toldOwned: [Int]?

    /// Watches for the socket at `path` and connects whenever it is there.
    /// - Throws: `SystemError` from inotify (the watch is what makes a later start of
    ///   gesto-inputd noticed) or from making the retry timerfd.
    init(path: String, loop: EventLoop, log: Log, onEvent: @escaping (Event) -> Void) throws(SystemError) {
        self.path = path
        self.loop = loop
        self.log = log
        self.onEvent = onEvent
        retryTimer = try TimerFD(loop: loop) { [unowned self] in self.connectIfPresent() }
        watcher = try ConfigWatcher(path: path, loop: loop) { [unowned self] in self.socketAppeared() }
        connectIfPresent()
    }

    /// The socket was made (gesto-inputd started): connect now, whatever the backoff said.
    private func socketAppeared() {
        guard connection == nil else { return }
        backoff.reset()
        try? retryTimer.disarm()
        connectIfPresent()
    }

    /// Arms the next attempt if the socket is still there (else its appearance is the next
    /// attempt); says which, for the line that tells why the link is down.
    private func scheduleRetry() -> String {
        guard access(path, F_OK) == 0 else { return "connecting when its socket appears" }
        let delay = backoff.nextDelay()
        do {
            try retryTimer.arm(at: Timestamp(microseconds: MonotonicClock.now().microseconds + delay))
        } catch {
            return "cannot arm the retry (\(error)): connecting when its socket appears again"
        }
        return "retrying in \(delay / 1_000_000) s"
    }

    /// Connects if the socket exists and no connection is open.
    private func connectIfPresent() {
        guard connection == nil, access(path, F_OK) == 0 else { return }
        do {
            let type = CInt(SOCK_SEQPACKET.rawValue) | CInt(SOCK_CLOEXEC.rawValue) | CInt(SOCK_NONBLOCK.rawValue)
            let fd = FileDescriptor(rawValue: try retryingInterrupts("socket") { socket(AF_UNIX, type, 0) })
            do {
                // A Unix socket's connect does not wait for an accept: it succeeds or fails now
                // (EAGAIN with a full backlog, ECONNREFUSED from a stale socket: tried again
                // after the backoff).
                _ = try retryingInterrupts("connect") { gesto_unix_connect(fd.rawValue, path) }
            } catch {
                try? fd.close()
                throw error
            }
            let registration = try LoopRegistration(fd, on: loop)
            registration.onReady = { [unowned self] _ in self.receive() }
            connection = registration
            log.debug("gesto-inputd: connected to \(path), waiting for its hello")
        } catch {
            log.info("gesto-inputd: cannot connect to \(path): \(error); reading the touchpads directly, \(scheduleRetry())")
        }
    }

    /// Reads every datagram waiting.
    private func receive() {
        while let connection {
            var bytes = [UInt8](repeating: 0, count: InputProxyMessage.maximumBytes)
            let result = bytes.withUnsafeMutableBytes { buffer in
                Result { () throws(SystemError) in try connection.fd.receiveMessage(into: buffer) }
            }
            let received: FileDescriptor.ReceivedMessage
            switch result {
            case .success(let message): received = message
            case .failure(let error) where error.code == EAGAIN || error.code == EWOULDBLOCK: return
            case .failure(let error):
                end(.ended("reading failed: \(error)"))
                return
            }
            let count = received.count, truncated = received.isTruncated
            if count == 0 {
                try? received.attached?.close()
                end(.ended("gesto-inputd closed the connection"))
                return
            }
            let message: InputProxyMessage
            do {
                guard !truncated else { throw InputProxyMessageError("longer than \(InputProxyMessage.maximumBytes) bytes") }
                message = try InputProxyMessage(parsing: Array(bytes.prefix(count)))
            } catch {
                try? received.attached?.close()
                log.warning("gesto-inputd: ignoring a bad message: \(error)")
                continue
            }
            switch message {
            case .hello(let version, let pid):
                try? received.attached?.close()
                guard version == InputProxyMessage.version else {
                    end(.ended("gesto-inputd speaks protocol version \(version), gestod \(InputProxyMessage.version)"))
                    return
                }
                proxyPID = pid
                toldOwned = nil
                backoff.reset()
                log.info("gesto-inputd: linked", ["pid": String(pid), "socket": path])
                onEvent(.linked(pid: pid))
            case .error("not-allowed", let text):
                // Before hello, or after it when this user lost the seat: gesto-inputd keeps a
                // refused connection open until it is closed here.
                try? received.attached?.close()
                end(.refused(text))
                return
            case .error("closing", let text):
                try? received.attached?.close()
                end(.ended("gesto-inputd is stopping: \(text)"))
                return
            case .error(let code, let text) where proxyPID == nil:
                try? received.attached?.close()
                end(.ended("gesto-inputd refused the connection: \(code): \(text)"))
                return
            case .deviceAdded, .deviceRemoved, .error:
                guard proxyPID != nil else {
                    try? received.attached?.close()
                    log.warning("gesto-inputd: ignoring a message before its hello: \(message)")
                    continue
                }
                onEvent(.message(message, descriptor: received.attached))
            }
        }
    }

    /// Tells the proxy the finger counts gestod owns, unless they are what it was last told on
    /// this link: a reload that owns the same counts (an editor's save is often seen twice) tells
    /// it nothing new.
    /// - Returns: whether a message was sent.
    func own(_ counts: [Int]) -> Bool {
        guard counts != toldOwned, send(.own(counts)) else { return false }
        toldOwned = counts
        return true
    }

    /// Sends `request` if the link is up; false when it is not or the send failed (a link that
    /// broke ends, and the daemon hears `.ended`).
    @discardableResult
    func send(_ request: InputProxyRequest) -> Bool {
        guard isLinked, let connection else { return false }
        let bytes = request.bytes
        do {
            try connection.fd.sendMessage(bytes)
            return true
        } catch where error.code == EAGAIN || error.code == EWOULDBLOCK {
            // gesto-inputd reads every message as it comes; a full queue means it is stuck.
            log.warning("gesto-inputd: its socket is full, a message was dropped: \(String(decoding: bytes, as: UTF8.self))")
            return false
        } catch {
            end(.ended("writing failed: \(error)"))
            return false
        }
    }

    /// How a connection ended.
    private enum Ending {
        /// gesto-inputd said `not-allowed`, with its message.
        case refused(String)
        /// Anything else, with why.
        case ended(String)
    }

    /// Closes the connection, arms the next attempt and says both in one line; tells the daemon
    /// if the link was up.
    private func end(_ ending: Ending) {
        let wasLinked = proxyPID != nil
        connection = nil
        proxyPID = nil
        let next = scheduleRetry()
        let reason: String
        switch ending {
        case .refused(let message):
            reason = "gesto-inputd refused this user: \(message)"
            log.info("\(reason); \(next)")
        case .ended(let why):
            reason = why
            log.info(wasLinked ? "gesto-inputd: link ended: \(why); \(next)" : "gesto-inputd: \(why); \(next)")
        }
        if wasLinked { onEvent(.ended(reason: reason)) }
    }
}
