// Notices a compositor appearing: an inotify watch on $XDG_RUNTIME_DIR for a `wayland-*`
// socket made or moved in. A gestod started before the compositor (or without WAYLAND_DISPLAY,
// as a user unit often is) then connects the moment the socket exists, and an idle gestod
// with no compositor makes no wakeup while it waits.
import CGestoSys
import Glibc

/// Calls its handler with the name of each `wayland-*` socket that appears in one folder.
final class WaylandSocketWatcher {
    /// A socket is bound (IN_CREATE) or, rarely, renamed into place (IN_MOVED_TO).
    static let watchedEvents = UInt32(IN_CREATE) | UInt32(IN_MOVED_TO)
    /// The fixed part of `struct inotify_event`, in bytes (wd, mask, cookie, len).
    static let eventHeaderBytes = 16

    private let loop: EventLoop
    private let fd: FileDescriptor
    private let onSocket: (String) -> Void
    private var buffer = [UInt8](repeating: 0, count: 4096)

    /// Whether `name` is a Wayland display socket's name (`wayland-1`, not its `.lock`).
    static func isDisplaySocketName(_ name: String) -> Bool {
        name.hasPrefix("wayland-") && !name.hasSuffix(".lock")
    }

    /// Watches `directory` (the user's runtime folder).
    ///
    /// - Throws: `SystemError` from `inotify_init1`, `inotify_add_watch` or `epoll_ctl`.
    init(directory: String, loop: EventLoop, onSocket: @escaping (String) -> Void) throws(SystemError) {
        self.loop = loop
        self.onSocket = onSocket
        fd = FileDescriptor(rawValue: try retryingInterrupts("inotify_init1") {
            inotify_init1(CInt(IN_NONBLOCK) | CInt(IN_CLOEXEC))
        })
        do {
            _ = try retryingInterrupts("inotify_add_watch") { inotify_add_watch(fd.rawValue, directory, Self.watchedEvents) }
            try loop.register(fd, for: .readable) { [unowned self] _ in self.readEvents() }
        } catch {
            try? fd.close()
            throw error
        }
    }

    deinit {
        try? loop.unregister(fd)
        try? fd.close()
    }

    private func readEvents() {
        var appeared: [String] = []
        while true {
            let result = buffer.withUnsafeMutableBytes { raw in
                Result { () throws(SystemError) in try fd.read(into: raw) }
            }
            guard case .success(let count) = result, count > 0 else { break }
            var offset = 0
            while offset + Self.eventHeaderBytes <= count {
                let nameLength = Int(buffer.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self) })
                let nameBytes = buffer[(offset + Self.eventHeaderBytes)..<min(count, offset + Self.eventHeaderBytes + nameLength)]
                let name = String(decoding: nameBytes.prefix { $0 != 0 }, as: UTF8.self)
                offset += Self.eventHeaderBytes + nameLength
                if Self.isDisplaySocketName(name) && !appeared.contains(name) { appeared.append(name) }
            }
        }
        for name in appeared { onSocket(name) }
    }
}
