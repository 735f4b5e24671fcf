// After an upgrade a running gestod still runs the old executable (issue 32 item 9): it notices
// that its path now names another file, as dpkg leaves it (the new file renamed over the old),
// and says, once, that it must be restarted and how.
import Foundation
import Testing
@testable import GestoDaemon

@Suite(.serialized) struct UpgradeNoticeTests {
    @Test func aGestodWhoseExecutableIsReplacedSaysToRestartIt() throws {
        let folder = try TemporaryFolder(prefix: "gesto-upgrade")
        let bin = folder.file("bin")
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: false)
        try FileManager.default.copyItem(atPath: gestodExecutable, toPath: bin + "/gestod")
        let config = folder.file("config.yaml")
        try "bindings: []\n".write(toFile: config, atomically: true, encoding: .utf8)
        let log = folder.file("gestod.log")
        _ = FileManager.default.createFile(atPath: log, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: bin + "/gestod")
        process.arguments = ["--no-devices", "--no-wayland", "--socket", folder.file("gestod.sock"), "--config", config]
        process.standardError = FileHandle(forWritingAtPath: log)
        process.standardOutput = FileHandle.nullDevice
        // The copy was just written: a test running beside this one may have forked while its
        // descriptor was open, and until that child execs, the kernel refuses to run the file
        // (ETXTBSY). That child execs within moments; retry for as long as it says so.
        var attempts = 0
        while true {
            // Foundation reports it as a Cocoa error whose underlying error is the errno.
            do { try process.run(); break } catch let error as NSError
                where (error.userInfo[NSUnderlyingErrorKey] as? NSError)?.code == Int(ETXTBSY) && attempts < 200 {
                attempts += 1
                usleep(5_000)
            }
        }
        defer { if process.isRunning { process.terminate(); process.waitUntilExit() } }
        func text() -> String { (try? String(contentsOfFile: log, encoding: .utf8)) ?? "" }
        #expect(eventually { text().contains("listening for gestoctl") }, "\(text())")

        // Another file in the folder is not an upgrade.
        try "x".write(toFile: bin + "/gestoctl.tmp", atomically: false, encoding: .utf8)
        // As dpkg installs the new version: written beside, then renamed over the old.
        try FileManager.default.copyItem(atPath: gestodExecutable, toPath: bin + "/gestod.dpkg-new")
        #expect(rename(bin + "/gestod.dpkg-new", bin + "/gestod") == 0)
        #expect(eventually { text().contains("\(bin)/gestod was replaced (an upgrade?)") }, "\(text())")
        #expect(text().contains("systemctl --user restart gestod"))
        #expect(process.isRunning)
        // Once only, however often it is replaced.
        try FileManager.default.copyItem(atPath: gestodExecutable, toPath: bin + "/gestod.dpkg-new")
        #expect(rename(bin + "/gestod.dpkg-new", bin + "/gestod") == 0)
        _ = try runProcess(gestoctlExecutable, ["status", "--socket", folder.file("gestod.sock")])
        #expect(text().components(separatedBy: "was replaced").count == 2, "\(text())")
    }
}
