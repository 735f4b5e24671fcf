// Hot reload follows the config's folder chain: a config written after gestod started, in a
// folder that did not exist then (`gestoctl init` on a fresh account), is reloaded, and so are
// later edits, and a folder removed and made again.
import GestoSystem
import Foundation
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
        #expect(watcher.isWatchingConfigDirectory)

        // A later edit, replaced by rename as editors do.
        try "bindings: []\n# edited\n".write(to: file, atomically: true, encoding: .utf8)
        #expect(try Self.waitForChange(loop, counter))

        // The folder removed: the watch moves up, and back down when it is made again.
        try FileManager.default.removeItem(at: folder)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try "bindings: []\n".write(to: file, atomically: true, encoding: .utf8)
        #expect(try Self.waitForChange(loop, counter))
        #expect(watcher.isWatchingConfigDirectory)
    }
}
