// Hot reload: an inotify watch on the config file itself, so gestod wakes only for its config,
// not for every file written beside it. The watch sits on the file's inode (for a symlink, the
// target's, and the link's own as well), so an edit in place is its close after writing; an
// editor that replaces the file (writes a temporary and renames it over, or moves the old one
// away first) changes its link count or moves it, and the watch then follows the name to the
// new inode, which is a change. While the file does not exist the folder that should hold it
// is watched for its name, and a folder that does not exist yet (no `~/.config/gesto` before
// `gestoctl init`) is waited for: the watch sits on its nearest existing ancestor and moves
// down as the chain is made, and back up when the folder is removed. The same watch tells
// gestod when gesto-inputd's socket appears or is made again.
import GestoSystem
import CGestoSys
import Glibc

/// Calls its handler when the config file has been written, replaced, re-linked, or has
/// appeared (with the folder that holds it).
final class ConfigWatcher {
    /// What the file's own watch waits for: closed after writing (a save in place), its
    /// attributes changed (among them its link count: replaced by a rename, or removed), moved
    /// away or deleted. For a symlink the link's own inode is watched for the same, so that a
    /// dotfile manager re-linking it is seen.
    static let fileEvents = UInt32(IN_CLOSE_WRITE) | UInt32(IN_ATTRIB) | UInt32(IN_MOVE_SELF) | UInt32(IN_DELETE_SELF)
    /// What an event in the folder must be to concern the missing config: closed after writing,
    /// moved in, created (a symlink made by a dotfile manager; a plain new file is taken on its
    /// close).
    static let watchedEvents = UInt32(IN_CLOSE_WRITE) | UInt32(IN_MOVED_TO) | UInt32(IN_CREATE)
    /// What the watched folder itself may undergo: removed or renamed, the watch moves up.
    static let selfEvents = UInt32(IN_DELETE_SELF) | UInt32(IN_MOVE_SELF)
    /// What an ancestor's event must be to concern the chain: its next folder made or moved in.
    static let ancestorEvents = UInt32(IN_CREATE) | UInt32(IN_MOVED_TO) | UInt32(IN_ONLYDIR)
    /// How often one move of the watch may find the chain grown under it before it waits for
    /// the next event (each pass goes at least one folder deeper; paths are not this deep).
    static let maximumRewatches = 64
    private var inotify: Inotify!
    private let path: String
    private let directory: String
    private let fileName: String
    private let onChange: () -> Void
    /// The folder watched while the file is missing: ``directory`` or, while that is missing,
    /// its nearest existing ancestor; empty while the file itself is watched.
    private(set) var watchedDirectory = ""
    /// The folder's watch while the file is missing, else -1.
    private var watch: CInt = -1
    /// The file's watches while it exists: its inode's and, for a symlink, the link's.
    private var fileWatches: Set<CInt> = []

    /// Watches `path`, or the folder that should hold it (or that folder's nearest existing
    /// ancestor) until it exists.
    ///
    /// - Throws: `SystemError` from `inotify_init1`, `inotify_add_watch` (no folder of the
    ///   chain can be watched) or `epoll_ctl`.
    init(path: String, loop: EventLoop, onChange: @escaping () -> Void) throws(SystemError) {
        self.path = path
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

    /// The inotify descriptor, readable when an event waits (tests check that nothing does).
    var descriptor: FileDescriptor { inotify.fd }

    /// Whether the config file itself is watched (it exists).
    var isWatchingFile: Bool { !fileWatches.isEmpty }

    /// Watches the file if it exists, else the deepest existing folder of the chain to it.
    private func rewatch() throws(SystemError) {
        if watchFile() { return }
        try watchFolder()
        // The file may have appeared before the folder's watch was in place.
        if isWatchingConfigDirectory, access(path, F_OK) == 0 { _ = watchFile() }
    }

    /// Puts the watches on the file (and on the link, for a symlink) and drops the others;
    /// false when there is no file to watch.
    private func watchFile() -> Bool {
        let target: CInt
        do {
            target = try inotify.addWatch(path, mask: Self.fileEvents)
        } catch {
            return false
        }
        // For a plain file the same inode, so the same watch.
        let link = (try? inotify.addWatch(path, mask: Self.fileEvents | UInt32(IN_DONT_FOLLOW))) ?? target
        let watches: Set<CInt> = [target, link]
        for old in fileWatches.subtracting(watches) { inotify.removeWatch(old) }
        if watch >= 0, !watches.contains(watch) { inotify.removeWatch(watch) }
        watch = -1
        watchedDirectory = ""
        fileWatches = watches
        return true
    }

    /// Whether the config's own folder is watched (not an ancestor waiting for it).
    var isWatchingConfigDirectory: Bool { watchedDirectory == directory }

    /// Moves the watch to the deepest existing folder of the chain down to ``directory``.
    private func watchFolder() throws(SystemError) {
        for old in fileWatches { inotify.removeWatch(old) }
        fileWatches = []
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
        var changed = false
        var needsRewatch = false
        for event in inotify.readEvents() {
            let descriptor = event.descriptor, mask = event.mask, name = event.name
            if fileWatches.contains(descriptor) {
                if mask & UInt32(IN_CLOSE_WRITE) != 0 { changed = true }
                // Replaced, removed, moved away or re-linked (or only chmod-ed: the watches
                // then come back the same, and nothing changed).
                if mask & (UInt32(IN_ATTRIB) | UInt32(IN_MOVE_SELF) | UInt32(IN_DELETE_SELF) | UInt32(IN_IGNORED)) != 0 {
                    needsRewatch = true
                }
                continue
            }
            guard descriptor == watch else { continue }  // A watch already moved away from.
            if mask & (Self.selfEvents | UInt32(IN_IGNORED)) != 0 {
                needsRewatch = true
            } else if !isWatchingConfigDirectory {
                if name == nextComponent { needsRewatch = true }
            } else if name == fileName {
                if mask & UInt32(IN_CREATE) != 0 {
                    // A new plain file is taken when it is closed after writing; anything else
                    // (a symlink, gesto-inputd's socket) now.
                    var information = stat()
                    if lstat(path, &information) == 0, information.st_mode & S_IFMT != S_IFREG { needsRewatch = true }
                } else {
                    needsRewatch = true
                }
            }
        }
        if needsRewatch {
            let before = fileWatches
            do { try rewatch() } catch { return }
            // A file watched now under other watches is another inode: a new file.
            if isWatchingFile, fileWatches != before { changed = true }
        }
        if changed { onChange() }
    }
}
