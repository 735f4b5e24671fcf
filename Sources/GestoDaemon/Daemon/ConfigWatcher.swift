// Hot reload: an inotify watch on the config file's directory, because editors replace the
// file (write a temporary, rename it over) rather than write it in place, and a watch on the
// file itself would follow the old inode. One reload per batch of events.
import CGestoSys
import Glibc

/// Calls its handler when the config file has been written, moved into place or re-linked.
final class ConfigWatcher {
    /// What a directory event must be to concern the config: closed after writing, moved in,
    /// created (a symlink made by a dotfile manager; a plain new file is reloaded on its close).
    static let watchedEvents = UInt32(IN_CLOSE_WRITE) | UInt32(IN_MOVED_TO) | UInt32(IN_CREATE)
    /// The fixed part of `struct inotify_event`, in bytes (wd, mask, cookie, len).
    static let eventHeaderBytes = 16

    private let loop: EventLoop
    private let fd: FileDescriptor
    private let directory: String
    private let fileName: String
    private let onChange: () -> Void
    private var buffer = [UInt8](repeating: 0, count: 4096)

    /// Watches the directory of `path`.
    ///
    /// - Throws: `SystemError` from `inotify_init1`, `inotify_add_watch` (`ENOENT` when the
    ///   directory does not exist) or `epoll_ctl`.
    init(path: String, loop: EventLoop, onChange: @escaping () -> Void) throws(SystemError) {
        if let slash = path.lastIndex(of: "/") {
            directory = slash == path.startIndex ? "/" : String(path[..<slash])
            fileName = String(path[path.index(after: slash)...])
        } else {
            directory = "."
            fileName = path
        }
        self.loop = loop
        self.onChange = onChange
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
        var concernsConfig = false
        while true {
            let result = buffer.withUnsafeMutableBytes { raw in
                Result { () throws(SystemError) in try fd.read(into: raw) }
            }
            guard case .success(let count) = result, count > 0 else { break }
            var offset = 0
            while offset + Self.eventHeaderBytes <= count {
                let mask = field(at: offset + 4)
                let nameLength = Int(field(at: offset + 12))
                let nameBytes = buffer[(offset + Self.eventHeaderBytes)..<min(count, offset + Self.eventHeaderBytes + nameLength)]
                let name = String(decoding: nameBytes.prefix { $0 != 0 }, as: UTF8.self)
                offset += Self.eventHeaderBytes + nameLength
                guard name == fileName else { continue }
                if mask & UInt32(IN_CREATE) != 0 {
                    // A new plain file is reloaded when it is closed after writing; a symlink now.
                    var information = stat()
                    if lstat(directory + "/" + fileName, &information) == 0, information.st_mode & S_IFMT == S_IFLNK {
                        concernsConfig = true
                    }
                } else {
                    concernsConfig = true
                }
            }
        }
        if concernsConfig { onChange() }
    }

    private func field(at offset: Int) -> UInt32 {
        buffer.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset, as: UInt32.self) }
    }
}
