// Hot reload follows the config's folder chain: a config written after gestod started, in a
// folder that did not exist then (`gestoctl init` on a fresh account), is reloaded, and so are
// later edits, and a folder removed and made again. Files written beside the config wake
// nothing; a config that is a symlink is followed to its target, and re-linking it counts.
import GestoSystem
import Foundation
import Glibc
import Testing
@testable import GestoDaemon

@Suite struct ConfigWatcherTests {
    /// How many changes the watcher reported.
    final class Counter { var changes = 0 }

    /// Runs the loop until the watcher reports a change; true if it did (not the watchdog).
    static func waitForChange(_ loop: EventLoop, _ counter: Counter) throws -> Bool {
        let before = counter.changes
        let fired = try runUnderWatchdog(loop)
        return !fired && counter.changes > before
    }

    @Test func aConfigWrittenInAFolderMadeAfterStartIsWatched() throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("gesto-watch-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: base, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(at: base) }
        let folder = base.appendingPathComponent("config/gesto")
        let file = folder.appendingPathComponent("config.yaml")
        let loop = try EventLoop()
        let counter = Counter()
        let watcher = try ConfigWatcher(path: file.path, loop: loop) { counter.changes += 1; loop.stop() }
        #expect(watcher.watchedDirectory == base.path)

        // Both folders and the file at once (`mkdir -p` then a write): the watch walks down.
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try "bindings: []\n".write(to: file, atomically: true, encoding: .utf8)
        #expect(try Self.waitForChange(loop, counter))
        #expect(watcher.isWatchingFile)

        // A later edit, replaced by rename as editors do.
        try "bindings: []\n# edited\n".write(to: file, atomically: true, encoding: .utf8)
        #expect(try Self.waitForChange(loop, counter))

        // The folder removed: the watch moves up, and back down when it is made again.
        try FileManager.default.removeItem(at: folder)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try "bindings: []\n".write(to: file, atomically: true, encoding: .utf8)
        #expect(try Self.waitForChange(loop, counter))
        #expect(watcher.isWatchingFile)
    }

    /// Whether an inotify event waits on the watcher's descriptor now: inotify queues an event
    /// in the system call that causes it, so after the writes below return, it is there or not.
    static func hasEventWaiting(_ watcher: ConfigWatcher) -> Bool {
        var descriptor = pollfd(fd: watcher.descriptor.rawValue, events: Int16(POLLIN), revents: 0)
        return poll(&descriptor, 1, 0) > 0
    }

    /// gestod woke for every file written in its config's folder (a watch on the folder): now
    /// only its config wakes it. Saves in place, by rename, and by moving the old file away first
    /// (vim's backup) are each one change.
    @Test func filesWrittenBesideTheConfigWakeNothing() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("gesto-watch-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("config.yaml")
        try "bindings: []\n".write(to: file, atomically: false, encoding: .utf8)
        let loop = try EventLoop()
        let counter = Counter()
        let watcher = try ConfigWatcher(path: file.path, loop: loop) { counter.changes += 1; loop.stop() }
        #expect(watcher.isWatchingFile)

        let other = folder.appendingPathComponent("notes.yaml")
        try "a\n".write(to: other, atomically: true, encoding: .utf8)
        try "b\n".write(to: other, atomically: false, encoding: .utf8)
        try FileManager.default.removeItem(at: other)
        #expect(!Self.hasEventWaiting(watcher))

        // In place.
        try "bindings: []\n# 1\n".write(to: file, atomically: false, encoding: .utf8)
        #expect(try Self.waitForChange(loop, counter))
        // By rename over it.
        try "bindings: []\n# 2\n".write(to: file, atomically: true, encoding: .utf8)
        #expect(try Self.waitForChange(loop, counter))
        // The old one moved away, then a new one written.
        let backup = folder.appendingPathComponent("config.yaml~")
        try FileManager.default.moveItem(at: file, to: backup)
        try "bindings: []\n# 3\n".write(to: file, atomically: false, encoding: .utf8)
        #expect(try Self.waitForChange(loop, counter))
        try FileManager.default.removeItem(at: backup)
        // Still quiet for the rest of the folder, once the events the changes left are read
        // (the old file's watch removed: IN_IGNORED).
        var drain = [UInt8](repeating: 0, count: 4096)
        while Self.hasEventWaiting(watcher) { _ = read(watcher.descriptor.rawValue, &drain, drain.count) }
        try "c\n".write(to: other, atomically: true, encoding: .utf8)
        #expect(!Self.hasEventWaiting(watcher))
    }

    /// A config that is a symlink into a dotfiles folder: an edit of its target (by rename, in
    /// the target's folder) is a change, and so is the link made to point elsewhere.
    @Test func aSymlinkedConfigIsFollowed() throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("gesto-watch-\(UUID().uuidString)")
        let folder = base.appendingPathComponent("gesto"), dotfiles = base.appendingPathComponent("dotfiles")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: dotfiles, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: base) }
        let target = dotfiles.appendingPathComponent("gesto.yaml"), other = dotfiles.appendingPathComponent("gesto-laptop.yaml")
        try "bindings: []\n".write(to: target, atomically: false, encoding: .utf8)
        try "bindings: []\n# laptop\n".write(to: other, atomically: false, encoding: .utf8)
        let file = folder.appendingPathComponent("config.yaml")
        try FileManager.default.createSymbolicLink(at: file, withDestinationURL: target)
        let loop = try EventLoop()
        let counter = Counter()
        let watcher = try ConfigWatcher(path: file.path, loop: loop) { counter.changes += 1; loop.stop() }
        #expect(watcher.isWatchingFile)

        try "bindings: []\n# edited\n".write(to: target, atomically: true, encoding: .utf8)
        #expect(try Self.waitForChange(loop, counter))

        // Re-linked as `ln -sf` does: a new link renamed over the old one.
        let newLink = folder.appendingPathComponent(".config.yaml.new")
        try FileManager.default.createSymbolicLink(at: newLink, withDestinationURL: other)
        #expect(rename(newLink.path, file.path) == 0)
        #expect(try Self.waitForChange(loop, counter))

        // The new target is the one followed now.
        try "bindings: []\n# laptop, edited\n".write(to: other, atomically: false, encoding: .utf8)
        #expect(try Self.waitForChange(loop, counter))
        withExtendedLifetime(watcher) {}
    }
}
