// Whether the graphical session is locked, from logind's LockedHint over the system bus, so
// gestod ignores gestures behind a lock screen. Without a system bus or a logind session
// (containers, tests, some seats) the state stays unknown and gestures are handled as usual.
import GestoSystem
import CGestoLogind
import Glibc

/// Watches the session's lock state on the event loop.
final class SessionLockMonitor {
    /// Why the lock state cannot be known.
    enum Unavailable: Error, CustomStringConvertible {
        /// The bus, the session or the property could not be reached (sd-bus's reason).
        case noSession(String)
        var description: String {
            switch self {
            case .noSession(let reason): reason
            }
        }
    }

    private let loop: EventLoop
    private var watch: OpaquePointer?
    private let fd: FileDescriptor
    private let onChange: (SessionLockState) -> Void
    /// The logind session watched.
    let sessionID: String
    /// The state now.
    private(set) var state: SessionLockState

    /// Opens the watch and registers its bus descriptor with `loop`.
    ///
    /// - Parameter onChange: Called on the loop when the state changes (not for the first state).
    /// - Throws: ``Unavailable`` with sd-bus's reason; `SystemError` from `epoll_ctl`.
    init(loop: EventLoop, onChange: @escaping (SessionLockState) -> Void) throws {
        var session = [CChar](repeating: 0, count: 128)
        var reason = [CChar](repeating: 0, count: 256)
        guard let watch = gesto_lock_watch_open(&session, session.count, &reason, reason.count) else {
            throw Unavailable.noSession(String(decoding: reason.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        self.loop = loop
        self.watch = watch
        self.fd = FileDescriptor(rawValue: gesto_lock_watch_fd(watch))
        self.onChange = onChange
        self.sessionID = String(decoding: session.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        self.state = gesto_lock_watch_locked(watch) == 1 ? .locked : .unlocked
        do {
            try loop.register(fd, for: .readable) { [unowned self] _ in self.process() }
        } catch {
            gesto_lock_watch_close(watch)
            self.watch = nil
            throw error
        }
    }

    deinit { close() }

    /// Stops watching; the state becomes unknown.
    func close() {
        guard let watch else { return }
        try? loop.unregister(fd)
        gesto_lock_watch_close(watch)
        self.watch = nil
        state = .unknown
    }

    private func process() {
        guard let watch else { return }
        let result = gesto_lock_watch_process(watch)
        let next: SessionLockState
        switch result {
        case 1: next = .locked
        case 0: next = .unlocked
        default: next = .unknown
        }
        if result < 0 { close() }
        guard next != state else { return }
        state = next
        onChange(next)
    }
}
