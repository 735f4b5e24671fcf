// gestod's one event loop: epoll over every descriptor the daemon watches (libinput, Wayland,
// IPC, the timerfd, the signalfd, exiting children). It never polls: `epoll_wait` blocks with an
// infinite timeout, since timers are descriptors too, so an idle daemon makes no wakeups.
import CGestoSys
import Glibc

/// An epoll loop that calls a handler for each ready descriptor.
///
/// Single-threaded: register, unregister, `run()` and `stop()` are called on the thread that
/// runs the loop (usually from inside handlers).
public final class EventLoop {
    /// How many ready descriptors one `epoll_wait` returns at most; more wait for the next call.
    static let maximumEventsPerWait = 32

    /// What a registration waits for.
    public struct Interest: OptionSet, Sendable {
        /// The epoll event bits.
        public let rawValue: UInt32
        /// Makes an interest from epoll event bits.
        public init(rawValue: UInt32) { self.rawValue = rawValue }
        /// Data can be read (or the peer hung up). The corresponding C constant is `EPOLLIN`.
        public static let readable = Interest(rawValue: EPOLLIN.rawValue)
        /// Data can be written. The corresponding C constant is `EPOLLOUT`.
        public static let writable = Interest(rawValue: EPOLLOUT.rawValue)
    }

    /// What a descriptor is ready for, passed to its handler.
    public struct Readiness: OptionSet, Sendable {
        /// The epoll event bits.
        public let rawValue: UInt32
        /// Makes a readiness from epoll event bits.
        public init(rawValue: UInt32) { self.rawValue = rawValue }
        /// Readable. The corresponding C constant is `EPOLLIN`.
        public static let readable = Readiness(rawValue: EPOLLIN.rawValue)
        /// Writable. The corresponding C constant is `EPOLLOUT`.
        public static let writable = Readiness(rawValue: EPOLLOUT.rawValue)
        /// The peer hung up (always reported). The corresponding C constant is `EPOLLHUP`.
        public static let hangup = Readiness(rawValue: EPOLLHUP.rawValue)
        /// An error is pending (always reported). The corresponding C constant is `EPOLLERR`.
        public static let error = Readiness(rawValue: EPOLLERR.rawValue)
    }

    /// Called with what the descriptor is ready for.
    public typealias Handler = (Readiness) -> Void

    /// Where the loop is in its life.
    enum State {
        /// `run()` is not executing.
        case idle
        /// `run()` is waiting or dispatching.
        case running
        /// `stop()` was called; `run()` returns after the current handler.
        case stopping
    }

    /// One registered descriptor. `generation` tells a stale ready event (for a descriptor that
    /// was unregistered, closed and reused within one batch) from a live one.
    struct Registration {
        var generation: UInt32
        var handler: Handler
    }

    private let epoll: FileDescriptor
    private var registrations: [CInt: Registration] = [:]
    private var nextGeneration: UInt32 = 0
    private var state = State.idle
    private let counters: EventLoopCounters?

    /// Makes an empty loop (`epoll_create1` with `EPOLL_CLOEXEC`).
    ///
    /// - Parameter counters: Counts `epoll_wait` returns and handler calls, for tests and
    ///   benchmarks that check an idle loop makes no wakeups; `nil` counts nothing.
    /// - Throws: `SystemError` from `epoll_create1` (for example `EMFILE`).
    public init(counters: EventLoopCounters? = nil) throws(SystemError) {
        let raw = try retryingInterrupts("epoll_create1") { epoll_create1(CInt(EPOLL_CLOEXEC)) }
        epoll = FileDescriptor(rawValue: raw)
        self.counters = counters
    }

    deinit { try? epoll.close() }

    /// Whether `fd` is registered.
    public func isRegistered(_ fd: FileDescriptor) -> Bool { registrations[fd.rawValue] != nil }

    /// Calls `handler` on the loop whenever `fd` is ready for `interest` (level-triggered: the
    /// handler is called again on the next turn if it left data unread).
    ///
    /// - Parameters:
    ///   - fd: An open descriptor, not yet registered. The loop does not close it.
    ///   - interest: Readable, writable or both (hang-ups and errors are always reported).
    ///   - handler: Called on the loop's thread with what `fd` is ready for.
    /// - Throws: `SystemError` from `epoll_ctl` (`EBADF` for a closed descriptor, `EEXIST` for
    ///   one already registered, `EPERM` for a regular file).
    public func register(_ fd: FileDescriptor, for interest: Interest = .readable, handler: @escaping Handler) throws(SystemError) {
        nextGeneration &+= 1
        try control(EPOLL_CTL_ADD, fd, interest, generation: nextGeneration)
        registrations[fd.rawValue] = Registration(generation: nextGeneration, handler: handler)
    }

    /// Changes what a registered descriptor waits for, for example to add `.writable` while
    /// output is queued.
    ///
    /// - Throws: `SystemError` from `epoll_ctl` (`ENOENT` when `fd` is not registered).
    public func modify(_ fd: FileDescriptor, for interest: Interest) throws(SystemError) {
        guard let registration = registrations[fd.rawValue] else {
            throw SystemError(code: ENOENT, call: "epoll_ctl")
        }
        try control(EPOLL_CTL_MOD, fd, interest, generation: registration.generation)
    }

    /// Stops watching `fd`; its handler is not called again, even for an event already
    /// returned in the current batch. Call this before closing `fd`.
    ///
    /// - Throws: `SystemError` from `epoll_ctl` (`ENOENT` when `fd` is not registered,
    ///   `EBADF` when it was already closed; the registration is dropped in both cases).
    public func unregister(_ fd: FileDescriptor) throws(SystemError) {
        let removed = registrations.removeValue(forKey: fd.rawValue)
        _ = try retryingInterrupts("epoll_ctl") { epoll_ctl(epoll.rawValue, EPOLL_CTL_DEL, fd.rawValue, nil) }
        if removed == nil { throw SystemError(code: ENOENT, call: "epoll_ctl") }
    }

    /// Waits for ready descriptors and calls their handlers until `stop()` is called.
    ///
    /// Each `epoll_wait` blocks without a timeout: the loop wakes only when a descriptor is
    /// ready. Returns after the handler that called `stop()` returns.
    ///
    /// - Throws: `SystemError` from `epoll_wait` (not `EINTR`, which is retried).
    public func run() throws(SystemError) {
        switch state {
        case .idle: break
        case .running, .stopping: preconditionFailure("EventLoop.run() called while the loop is already running")
        }
        state = .running
        defer { state = .idle }
        var events = [epoll_event](repeating: epoll_event(), count: Self.maximumEventsPerWait)
        while true {
            switch state {
            case .running: break
            case .stopping, .idle: return
            }
            // Result carries the typed error out: withUnsafeMutableBufferPointer only rethrows
            // (any Error) before Swift 6.2. The buffer is never empty, and glibc 2.41 declares
            // epoll_wait's events pointer non-null.
            let count = try events.withUnsafeMutableBufferPointer { buffer in
                Result { () throws(SystemError) -> CInt in
                    try retryingInterrupts("epoll_wait") {
                        epoll_wait(epoll.rawValue, buffer.baseAddress!, CInt(buffer.count), -1)
                    }
                }
            }.get()
            counters?.waitReturns += 1
            for index in 0..<Int(count) {
                let event = events[index]
                let fd = CInt(truncatingIfNeeded: event.data.u64 & 0xFFFF_FFFF)
                let generation = UInt32(truncatingIfNeeded: event.data.u64 >> 32)
                // A handler earlier in this batch may have unregistered this descriptor.
                guard let registration = registrations[fd], registration.generation == generation else { continue }
                counters?.handlerCalls += 1
                registration.handler(Readiness(rawValue: event.events))
            }
        }
    }

    /// Makes `run()` return once the current handler returns. Does nothing when the loop is not
    /// running.
    public func stop() {
        switch state {
        case .running: state = .stopping
        case .idle, .stopping: break
        }
    }

    private func control(_ operation: CInt, _ fd: FileDescriptor, _ interest: Interest, generation: UInt32) throws(SystemError) {
        var event = epoll_event()
        event.events = interest.rawValue
        event.data.u64 = UInt64(generation) << 32 | UInt64(UInt32(bitPattern: fd.rawValue))
        _ = try retryingInterrupts("epoll_ctl") { epoll_ctl(epoll.rawValue, operation, fd.rawValue, &event) }
    }
}

/// Counts what an `EventLoop` does, to check that an idle loop does nothing.
public final class EventLoopCounters {
    /// How many times `epoll_wait` returned with ready descriptors (wakeups).
    public internal(set) var waitReturns = 0
    /// How many times a handler was called.
    public internal(set) var handlerCalls = 0

    /// Makes counters at zero.
    public init() {}
}
