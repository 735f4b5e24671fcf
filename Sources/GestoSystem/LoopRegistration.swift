// The one lifetime of a descriptor that lives on the event loop: registered when it is made
// (closed again if that fails), unregistered and closed when its owner lets go. The timerfd,
// the signalfd and inotify each hold one instead of writing that pairing out again.

/// A descriptor owned by this object and registered on an ``EventLoop`` for as long as it lives.
///
/// The owner sets ``onReady`` once it exists (a handler made before that could not capture
/// it); the loop is single-threaded, so no readiness is dispatched before then.
public final class LoopRegistration {
    /// The owned descriptor.
    public let fd: FileDescriptor
    /// Called on the loop's thread with what ``fd`` is ready for.
    public var onReady: EventLoop.Handler = { _ in }
    private let loop: EventLoop

    /// Registers `fd` with `loop` and takes ownership of it.
    ///
    /// - Throws: `SystemError` from `epoll_ctl`; `fd` is closed then.
    public init(_ fd: FileDescriptor, on loop: EventLoop, for interest: EventLoop.Interest = .readable) throws(SystemError) {
        self.fd = fd
        self.loop = loop
        do {
            try loop.register(fd, for: interest) { [unowned self] readiness in self.onReady(readiness) }
        } catch {
            try? fd.close()
            throw error
        }
    }

    deinit {
        try? loop.unregister(fd)
        try? fd.close()
    }
}
