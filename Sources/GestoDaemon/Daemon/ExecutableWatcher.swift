// An upgrade replaces gestod's executable under a running daemon (dpkg renames the new file
// over the old one), and that daemon goes on running the old code, with the old bugs, until it
// is restarted: nothing would tell its user. The watch is on the executable's folder, since the
// file is replaced rather than written; when an entry of its name becomes another file than the
// one running, gestod says so, once. (A restart is the user's: restarting on its own could cut
// a gesture, a command or a window spring short.)
import GestoSystem
import CGestoSys
import Glibc

/// Calls its handler once when the running executable's path names a new file.
final class ExecutableWatcher {
    /// What a folder event must be to concern the executable: moved in (dpkg) or created anew
    /// (`install` unlinks first). It cannot be written in place: Linux refuses writes to a
    /// running executable (ETXTBSY).
    static let watchedEvents = UInt32(IN_MOVED_TO) | UInt32(IN_CREATE)
    /// The executable's path, as it was when gestod started.
    let path: String
    private let name: String
    /// The running file's device and inode (still those of the old file once it is replaced).
    private let running: (device: dev_t, inode: ino_t)
    private var inotify: Inotify!
    private var onReplaced: ((String) -> Void)?

    /// Watches the folder of `/proc/self/exe`; nil where the executable cannot be found
    /// (no /proc). - Throws: `SystemError` from inotify.
    init?(loop: EventLoop, onReplaced: @escaping (String) -> Void) throws(SystemError) {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        var information = stat()
        guard count > 0, stat("/proc/self/exe", &information) == 0 else { return nil }
        let path = String(decoding: buffer.prefix(count).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        guard let slash = path.lastIndex(of: "/"), !path.hasSuffix(" (deleted)") else { return nil }
        self.path = path
        name = String(path[path.index(after: slash)...])
        running = (information.st_dev, information.st_ino)
        self.onReplaced = onReplaced
        inotify = try Inotify(loop: loop) { [unowned self] in self.readEvents() }
        _ = try inotify.addWatch(String(path[..<slash]).isEmpty ? "/" : String(path[..<slash]), mask: Self.watchedEvents)
    }

    private func readEvents() {
        guard inotify.readEvents().contains(where: { $0.name == name }), let handler = onReplaced else { return }
        var information = stat()
        guard stat(path, &information) == 0, information.st_dev != running.device || information.st_ino != running.inode else { return }
        onReplaced = nil
        handler(path)
    }
}
