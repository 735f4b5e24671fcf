// Reading the config file cannot block or exhaust gestod (issue 18, item 5): a FIFO, a device
// or a directory at the config path is refused at once, a file over 1 MiB is refused by its
// size, and each refusal names the path and why.
import Foundation
import Glibc
import Testing
@testable import GestoDaemon

@Suite struct ConfigFileTests {
    @Test func aFIFOAtTheConfigPathIsRefusedWithoutBlocking() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("config.yaml")
        #expect(mkfifo(path, 0o600) == 0)
        // Before: open() waited for a writer forever, and gestod's loop (SIGTERM included) with it.
        guard case .failure(let problem) = ConfigFile.load(path: path) else {
            Issue.record("a FIFO loaded as a config"); return
        }
        #expect(problem.description == "\(path): error: the config must be a regular file, not a FIFO")
    }

    @Test func aSymlinkToADeviceIsRefused() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("config.yaml")
        #expect(symlink("/dev/zero", path) == 0)
        // Before: gestod read /dev/zero until it had grown to gigabytes.
        guard case .failure(let problem) = ConfigFile.load(path: path) else {
            Issue.record("/dev/zero loaded as a config"); return
        }
        #expect(problem.description == "\(path): error: the config must be a regular file, not a character device")
    }

    @Test func aDirectoryIsRefused() throws {
        let folder = try TemporaryFolder()
        guard case .failure(let problem) = ConfigFile.load(path: folder.path) else {
            Issue.record("a directory loaded as a config"); return
        }
        #expect(problem.description.hasSuffix("the config must be a regular file, not a directory"))
    }

    @Test func aConfigOverOneMebibyteIsRefusedByItsSize() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("config.yaml")
        let comment = "#" + String(repeating: "x", count: 1023) + "\n"
        let text = "bindings: []\n" + String(repeating: comment, count: 1024)
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        guard case .failure(let problem) = ConfigFile.load(path: path) else {
            Issue.record("a config of \(text.utf8.count) bytes loaded"); return
        }
        #expect(problem.description == "\(path): error: the config is \(text.utf8.count) bytes; it may be at most 1048576 (1 MiB)")
        // Just under the limit still loads.
        try String(text.dropLast(text.utf8.count - ConfigFile.largestConfigBytes)).write(toFile: path, atomically: true, encoding: .utf8)
        guard case .success(let config) = ConfigFile.load(path: path) else {
            Issue.record("a config of exactly 1 MiB was refused"); return
        }
        #expect(config.bindings.isEmpty)
    }

    @Test func aSymlinkToARegularFileIsFollowed() throws {
        let folder = try TemporaryFolder()
        try "bindings:\n  - gesture: hold:3\n    exec: a\n".write(toFile: folder.file("real.yaml"), atomically: true, encoding: .utf8)
        #expect(symlink(folder.file("real.yaml"), folder.file("config.yaml")) == 0)
        guard case .success(let config) = ConfigFile.load(path: folder.file("config.yaml")) else {
            Issue.record("a symlinked config was refused"); return
        }
        #expect(config.bindings.count == 1)
    }
}
