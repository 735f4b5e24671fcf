// Hot reload: an inotify watch on the config file's directory, because editors replace the
// file (write a temporary, rename it over) rather than write it in place, and a watch on the
// file itself would follow the old inode. One reload per batch of events. A directory that
// does not exist yet (no `~/.config/gesto` before `gestoctl init`) is waited for: the watch
// sits on its nearest existing ancestor and moves down as the chain is made, and back up when
// the directory is removed. The same watch tells gestod when gesto-inputd's socket appears.
import GestoSystem
import CGestoSys
import Glibc

/// Calls its handler when the config file has been written, moved into place or re-linked,
/// or has appeared with the directory that holds it.
final class ConfigWatcher {
    /// What a directory event must be to concern the config: closed after writing, moved in,
    /// created (a symlink made by a dotfile manager; a plain new file is reloaded on its close).
    static let watchedEvents = UInt32(IN_CLOSE_WRITE) | UInt32(IN_MOVED_TO) | UInt32(IN_CREATE)
    /// What the watched directory itself may undergo: removed or renamed, the watch moves up.
    static let selfEvents = UInt32(IN_DELETE_SELF) | UInt32(IN_MOVE_SELF)
    /// What an ancestor's event must be to concern the chain: its next folder made or moved in.
    static let ancestorEvents = UInt32(IN_CREATE) | UInt32(IN_MOVED_TO) | UInt32(IN_ONLYDIR)
    /// How often one move of the watch may find the chain grown under it before it waits for
    /// the next event (each pass goes at least one folder deeper; paths are not this deep).
    static let maximumRewatches = 64
    private var inotify: Inotify!
    private let directory: String
    private let fileName: String
    private let onChange: () -> Void
    /// The folder watched now: ``directory`` or, while it is missing, its nearest existing ancestor.
    private(set) var watchedDirectory = ""
    private var watch: CInt = -1

    /// Watches the directory of `path`, or its nearest existing ancestor until it exists.
    ///
    /// - Throws: `SystemError` from `inotify_init1`, `inotify_add_watch` (no folder of the
    ///   chain can be watched) or `epoll_ctl`.
    init(path: String, loop: EventLoop, onChange: @escaping () -> Void) throws(SystemError) {
        if let slash = path.lastIndex(of: "/") {
            directory = slash == path.startIndex ? "/" : String(path[..<slash])
            fileName = String(path[path.index(after: slash)...])
        } else {
            directory = "."
            fileName = path
        }
        self.onChange = onChange
        inotify = try Inotify(loop: loop) { [unowned self] in self.readEvents() }
        try rewatch()
    }

    /// Whether the config's own folder is watched (not an ancestor waiting for it).
    var isWatchingConfigDirectory: Bool { watchedDirectory == directory }

    /// Moves the watch to the deepest existing folder of the chain down to ``directory``.
    private func rewatch() throws(SystemError) {
        // Again while a folder below the one just watched appeared meanwhile (`mkdir -p`).
        for _ in 0..<Self.maximumRewatches {
            var candidate = directory
            while true {
                let isTarget = candidate == directory
                let mask = (isTarget ? Self.watchedEvents : Self.ancestorEvents) | Self.selfEvents
                do {
                    let added = try inotify.addWatch(candidate, mask: mask)
                    if watch >= 0, watch != added { inotify.removeWatch(watch) }
                    watch = added
                    watchedDirectory = candidate
                    break
                } catch {
                    guard error.code == ENOENT || error.code == ENOTDIR, let parent = Self.parent(of: candidate) else { throw error }
                    candidate = parent
                }
            }
            guard let next = nextComponent else { return }
            let below = watchedDirectory == "/" ? "/" + next : watchedDirectory + "/" + next
            if access(below, F_OK) != 0 { return }
        }
    }

    /// The folder above `path`, nil at the top (`/`, or `.` for a relative path).
    static func parent(of path: String) -> String? {
        guard path != "/", path != "." else { return nil }
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// The name of the folder below ``watchedDirectory`` on the way to ``directory``.
    private var nextComponent: String? {
        guard !isWatchingConfigDirectory else { return nil }
        let prefix = watchedDirectory == "/" ? "/" : watchedDirectory == "." ? "" : watchedDirectory + "/"
        guard directory.hasPrefix(prefix) else { return nil }
        return directory.dropFirst(prefix.count).split(separator: "/").first.map(String.init)
    }

    private func readEvents() {
        var concernsConfig = false
        var chainChanged = false
        for event in inotify.readEvents() {
            let descriptor = event.descriptor, mask = event.mask, name = event.name
            guard descriptor == watch else { continue }  // A watch already moved away from.
            if mask & (Self.selfEvents | UInt32(IN_IGNORED)) != 0 {
                chainChanged = true
            } else if !isWatchingConfigDirectory {
                if name == nextComponent { chainChanged = true }
            } else if name == fileName {
                if mask & UInt32(IN_CREATE) != 0 {
                    // A new plain file is reloaded when it is closed after writing; anything else
                    // (a symlink, gesto-inputd's socket) now.
                    var information = stat()
                    if lstat(directory + "/" + fileName, &information) == 0, information.st_mode & S_IFMT != S_IFREG {
                        concernsConfig = true
                    }
                } else {
                    concernsConfig = true
                }
            }
        }
        if chainChanged {
            let previous = watch
            do { try rewatch() } catch { return }
            // The file may have been written before the watch reached its (new) folder.
            if isWatchingConfigDirectory, watch != previous, access(directory + "/" + fileName, F_OK) == 0 {
                concernsConfig = true
            }
        }
        if concernsConfig { onChange() }
    }
}
