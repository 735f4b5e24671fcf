// Runs a WaylandSession on gestod's event loop: the display descriptor in epoll (readable →
// dispatch, writable only while output is queued), and a one-shot timerfd that retries the
// connection with backoff when the compositor is absent or went away. No wakeup while idle.
import GestoCore
import GestoWayland

/// Keeps a ``WaylandSession`` connected and dispatched on an ``EventLoop``.
public final class WaylandSessionDriver {
    /// The session being driven.
    public let session: WaylandSession
    /// How many times the session connected (1 after the first connect, 2 after a reconnect).
    public private(set) var connectionCount = 0
    /// Called after each successful connect (the first and every reconnect).
    public var onConnect: (() -> Void)?

    private let loop: EventLoop
    private let log: Log
    private var backoff: ReconnectBackoff
    private var retryTimer: TimerFD?
    private var registered: FileDescriptor?
    private var isRunning = false

    /// Makes a driver; nothing happens until ``start()``.
    ///
    /// - Parameters:
    ///   - session: A disconnected session.
    ///   - loop: The loop that dispatches it.
    ///   - log: Where connects, losses and missing protocols are reported.
    ///   - backoff: Delays between reconnect attempts.
    /// - Throws: `SystemError` from making the retry timerfd.
    public init(session: WaylandSession, loop: EventLoop, log: Log, backoff: ReconnectBackoff = ReconnectBackoff()) throws(SystemError) {
        self.session = session
        self.loop = loop
        self.log = log
        self.backoff = backoff
        self.retryTimer = try TimerFD(loop: loop) { [weak self] in self?.attemptConnect() }
    }

    deinit { stop() }

    /// Connects now, or schedules retries if the compositor is not there yet.
    public func start() {
        isRunning = true
        attemptConnect()
    }

    /// Disconnects and stops retrying.
    public func stop() {
        isRunning = false
        try? retryTimer?.disarm()
        drop()
    }

    /// Sends queued requests after an action; watches for writability if the socket is full.
    public func flush() {
        guard let fd = registered else { return }
        do {
            let done = try session.flush()
            try? loop.modify(fd, for: done ? .readable : [.readable, .writable])
        } catch {
            lost(error)
        }
    }

    private func attemptConnect() {
        guard isRunning, !session.isConnected else { return }
        do {
            try session.connect()
        } catch {
            let delay = backoff.nextDelay()
            let fields: KeyValuePairs<String, String> = ["retry_in_ms": String(delay / 1000)]
            if backoff.failures == 1 { log.warning("wayland: \(error)", fields) } else { log.debug("wayland: \(error)", fields) }
            try? retryTimer?.arm(at: Timestamp(microseconds: MonotonicClock.now().microseconds + delay))
            return
        }
        guard let raw = session.fileDescriptor else { return }
        let fd = FileDescriptor(rawValue: raw)
        do {
            try loop.register(fd, for: .readable) { [weak self] readiness in self?.ready(readiness) }
        } catch {
            log.error("wayland: cannot watch the display: \(error)")
            session.disconnect()
            return
        }
        registered = fd
        backoff.reset()
        connectionCount += 1
        log.info("wayland: connected", ["windows": String(session.toplevels.count)])
        for line in session.degradationReport { log.warning("wayland: \(line)") }
        onConnect?()
    }

    private func ready(_ readiness: EventLoop.Readiness) {
        if readiness.contains(.writable) { flush() }
        guard registered != nil else { return }
        if !readiness.isDisjoint(with: [.readable, .hangup, .error]) {
            do { try session.dispatch() } catch { lost(error) }
        }
    }

    private func lost(_ error: WaylandError) {
        log.warning("wayland: \(error); reconnecting")
        drop()
        guard isRunning else { return }
        let delay = backoff.nextDelay()
        try? retryTimer?.arm(at: Timestamp(microseconds: MonotonicClock.now().microseconds + delay))
    }

    private func drop() {
        if let fd = registered { try? loop.unregister(fd) }
        registered = nil
        session.disconnect()
    }
}
