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
        try installCopy(of: gestodExecutable, at: bin + "/gestod")
        let config = folder.file("config.yaml")
        try "bindings: []\n".write(toFile: config, atomically: true, encoding: .utf8)
        let log = folder.file("gestod.log")
        _ = FileManager.default.createFile(atPath: log, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: bin + "/gestod")
        process.arguments = ["--no-devices", "--no-wayland", "--socket", folder.file("gestod.sock"), "--config", config]
        process.standardError = FileHandle(forWritingAtPath: log)
        process.standardOutput = FileHandle.nullDevice
        // installCopy's descriptor is close-on-exec, so no program another test starts keeps it
        // open; but a child forked in the moment it was open holds it until that child execs,
        // and until then the kernel refuses to run the file (ETXTBSY). The child execs within
        // moments; retry for as long as it says so.
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
        try installCopy(of: gestodExecutable, at: bin + "/gestod")
        #expect(eventually { text().contains("\(bin)/gestod was replaced (an upgrade?)") }, "\(text())")
        #expect(text().contains("systemctl --user restart gestod"))
        #expect(process.isRunning)
        // Once only, however often it is replaced.
        try installCopy(of: gestodExecutable, at: bin + "/gestod")
        _ = try runProcess(gestoctlExecutable, ["status", "--socket", folder.file("gestod.sock")])
        #expect(text().components(separatedBy: "was replaced").count == 2, "\(text())")
    }
}

/// Copies an executable as dpkg installs one: written beside its place under a temporary name
/// through a close-on-exec descriptor, closed, then renamed over `destination`.
///
/// Linux refuses to execute a file while any descriptor has it open for writing (ETXTBSY). A
/// descriptor opened without O_CLOEXEC (`copyItem` need not use it) leaks into any program
/// another test starts in that moment and keeps the copy unexecutable for as long as that
/// program runs; with O_CLOEXEC it is gone at that program's exec.
func installCopy(of source: String, at destination: String) throws {
    guard let bytes = FileManager.default.contents(atPath: source) else {
        throw CocoaError(.fileReadNoSuchFile, userInfo: [NSFilePathErrorKey: source])
    }
    let temporary = destination + ".dpkg-new"
    let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o755)
    guard fd >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
    let file = FileHandle(fileDescriptor: fd, closeOnDealloc: true)
    try file.write(contentsOf: bytes)
    try file.close()
    guard rename(temporary, destination) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
}
