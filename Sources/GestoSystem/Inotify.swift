// One inotify instance on the event loop: the one place gestod opens inotify, adds and removes
// watches and decodes `struct inotify_event` records (inotify(7)). The config watcher, the
// Wayland socket watcher and the control socket's watch each hold one.
import Glibc

/// An inotify instance registered for reading on an ``EventLoop``; closed when released.
public final class Inotify {
    /// One decoded `struct inotify_event`.
    public struct Event {
        /// The watch descriptor it is for (as ``addWatch(_:mask:)`` returned it).
        public var descriptor: CInt
        /// `IN_*` bits.
        public var mask: UInt32
        /// The entry's name inside the watched folder; empty for events on the folder itself.
        public var name: String
    }

    /// The fixed part of `struct inotify_event`, in bytes (wd, mask, cookie, len).
    static let eventHeaderBytes = 16

    private let registration: LoopRegistration
    /// The inotify descriptor.
    public var fd: FileDescriptor { registration.fd }
    private var buffer = [UInt8](repeating: 0, count: 4096)

    /// Opens a non-blocking, close-on-exec instance and calls `onReadable` when events wait.
    /// - Throws: `SystemError` from `inotify_init1` or `epoll_ctl`.
    public init(loop: EventLoop, onReadable: @escaping () -> Void) throws(SystemError) {
        registration = try LoopRegistration(FileDescriptor(rawValue: try retryingInterrupts("inotify_init1") {
            inotify_init1(CInt(IN_NONBLOCK) | CInt(IN_CLOEXEC))
        }), on: loop)
        registration.onReady = { _ in onReadable() }
    }

    /// Watches `path` for `mask`; returns the watch descriptor.
    /// - Throws: `SystemError` from `inotify_add_watch` (ENOENT for a missing folder…).
    @discardableResult
    public func addWatch(_ path: String, mask: UInt32) throws(SystemError) -> CInt {
        try retryingInterrupts("inotify_add_watch") { inotify_add_watch(fd.rawValue, path, mask) }
    }

    /// Stops watch `descriptor` (the kernel then queues an IN_IGNORED for it).
    public func removeWatch(_ descriptor: CInt) {
        inotify_rm_watch(fd.rawValue, descriptor)
    }

    /// Every event queued now, in order (empty when none).
    public func readEvents() -> [Event] {
        var events: [Event] = []
        while true {
            let result = buffer.withUnsafeMutableBytes { raw in
                Result { () throws(SystemError) in try fd.read(into: raw) }
            }
            guard case .success(let count) = result, count > 0 else { break }
            var offset = 0
            while offset + Self.eventHeaderBytes <= count {
                let descriptor = CInt(bitPattern: field(at: offset))
                let mask = field(at: offset + 4)
                let nameLength = Int(field(at: offset + 12))
                let nameBytes = buffer[(offset + Self.eventHeaderBytes)..<min(count, offset + Self.eventHeaderBytes + nameLength)]
                events.append(Event(descriptor: descriptor, mask: mask, name: String(decoding: nameBytes.prefix { $0 != 0 }, as: UTF8.self)))
                offset += Self.eventHeaderBytes + nameLength
            }
        }
        return events
    }

    private func field(at offset: Int) -> UInt32 {
        buffer.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset, as: UInt32.self) }
    }
}
