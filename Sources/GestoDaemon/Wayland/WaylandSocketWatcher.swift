// Notices a compositor appearing: an inotify watch on $XDG_RUNTIME_DIR for a `wayland-*`
// socket made or moved in. A gestod started before the compositor (or without WAYLAND_DISPLAY,
// as a user unit often is) then connects the moment the socket exists, and an idle gestod
// with no compositor makes no wakeup while it waits.
import GestoSystem
import CGestoSys
import Glibc

/// Calls its handler with the name of each `wayland-*` socket that appears in one folder.
final class WaylandSocketWatcher {
    /// A socket is bound (IN_CREATE) or, rarely, renamed into place (IN_MOVED_TO).
    static let watchedEvents = UInt32(IN_CREATE) | UInt32(IN_MOVED_TO)
    private var inotify: Inotify!
    private let onSocket: (String) -> Void

    /// Whether `name` is a Wayland display socket's name (`wayland-1`, not its `.lock`).
    static func isDisplaySocketName(_ name: String) -> Bool {
        name.hasPrefix("wayland-") && !name.hasSuffix(".lock")
    }

    /// Watches `directory` (the user's runtime folder).
    ///
    /// - Throws: `SystemError` from `inotify_init1`, `inotify_add_watch` or `epoll_ctl`.
    init(directory: String, loop: EventLoop, onSocket: @escaping (String) -> Void) throws(SystemError) {
        self.onSocket = onSocket
        inotify = try Inotify(loop: loop) { [unowned self] in self.readEvents() }
        try inotify.addWatch(directory, mask: Self.watchedEvents)
    }

    private func readEvents() {
        var appeared: [String] = []
        for event in inotify.readEvents() where Self.isDisplaySocketName(event.name) && !appeared.contains(event.name) {
            appeared.append(event.name)
        }
        for name in appeared { onSocket(name) }
    }
}
