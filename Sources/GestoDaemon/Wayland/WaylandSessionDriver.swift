// Runs a WaylandSession on gestod's event loop: the display descriptor in epoll (readable →
// dispatch, writable only while output is queued), a one-shot timerfd that retries the
// connection with backoff when the compositor refused or went away, and an inotify watch on
// the runtime folder that connects as soon as a `wayland-*` socket appears (so with no
// compositor at all gestod waits without waking). No wakeup while idle.
import GestoCore
import GestoSystem
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
    private var socketWatcher: WaylandSocketWatcher?
    /// Whether "waiting for a compositor" was logged since the last connect.
    private var saidWaiting = false

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
        // A timed retry after "no compositor anywhere" waits for the socket watcher again.
        self.retryTimer = try TimerFD(loop: loop) { [weak self] in self?.attemptConnect(retryingNoDisplay: false) }
    }

    deinit { stop() }

    /// Connects now, or waits for the compositor: retries with backoff when one refused,
    /// and connects when a socket appears in the session's runtime folder.
    public func start() {
        isRunning = true
        if socketWatcher == nil, let directory = session.runtimeDirectory, !directory.isEmpty {
            do {
                socketWatcher = try WaylandSocketWatcher(directory: directory, loop: loop) { [weak self] name in
                    self?.socketAppeared(name)
                }
            } catch {
                log.warning("wayland: cannot watch \(directory) for a compositor (\(error)); retrying on a timer only")
            }
        }
        attemptConnect(retryingNoDisplay: socketWatcher == nil)
    }

    /// A compositor made its socket: try now, whatever the backoff said. The socket may be
    /// bound before it listens, so a failure here is retried on the backoff timer.
    private func socketAppeared(_ name: String) {
        guard isRunning, !session.isConnected else { return }
        log.debug("wayland: socket \(name) appeared")
        try? retryTimer?.disarm()
        attemptConnect(retryingNoDisplay: true)
    }

    /// Disconnects and stops retrying.
    public func stop() {
        isRunning = false
        try? retryTimer?.disarm()
        socketWatcher = nil
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

    /// Tries to connect. With `retryingNoDisplay` false, "no compositor anywhere" arms no
    /// timer: the socket watcher calls back when one appears.
    private func attemptConnect(retryingNoDisplay: Bool) {
        guard isRunning, !session.isConnected else { return }
        do {
            try session.connect()
        } catch {
            if error == .noDisplay && !retryingNoDisplay && socketWatcher != nil {
                if !saidWaiting { log.info("wayland: no compositor yet; connecting when a wayland-* socket appears in \(session.runtimeDirectory ?? "?")") }
                saidWaiting = true
                return
            }
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
        saidWaiting = false
        connectionCount += 1
        log.info("wayland: connected", ["display": session.connectedDisplay ?? "?", "windows": String(session.toplevels.count)])
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
