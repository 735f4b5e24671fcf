// Exec actions: the command sees the gesture in its environment, exit statuses come back
// through the loop, and reaped children leave no zombies behind.
import GestoSystem
import Foundation
import Testing
@testable import GestoDaemon

/// A log that writes nowhere the test output would show it.
private func quietLog() -> Log { Log(level: .error, output: FileDescriptor(rawValue: -1), timePrefix: Log.TimePrefix.none) }

/// A fresh directory under $TMPDIR (or /tmp), made at run time.
private func makeTemporaryDirectory() throws -> String {
    let base = ProcessInfo.processInfo.environment["TMPDIR"] ?? "/tmp"
    var template = Array((base + "/gesto-exec-XXXXXX").utf8CString)
    guard let made = mkdtemp(&template) else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
    return String(cString: made)
}

/// The state letter in /proc/PID/stat (`Z` for a zombie) and the parent, or nil once gone.
private func processState(_ pid: pid_t) -> (state: Character, parent: pid_t)? {
    guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
          let close = stat.lastIndex(of: ")") else { return nil }
    let fields = stat[stat.index(after: close)...].split(separator: " ")
    guard fields.count > 1, let state = fields[0].first, let parent = pid_t(fields[1]) else { return nil }
    return (state, parent)
}

@Suite struct ExecRunnerTests {
    @Test func commandSeesTheGestureInItsEnvironment() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let file = directory + "/gesture"
        let loop = try EventLoop()
        var exits: [ExecRunner.Exit] = []
        let runner = ExecRunner(loop: loop, log: quietLog()) { _, exit in
            exits.append(exit)
            loop.stop()
        }
        try runner.run("printf \"$GESTO_GESTURE\" > '\(file)'", environment: [("GESTO_GESTURE", "swipe:3:left")])
        #expect(try runUnderWatchdog(loop) == false)
        #expect(exits == [.exited(status: 0)])
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "swipe:3:left")
    }

    @Test func childDoesNotInheritTheBlockedMaskOrIgnoredSIGPIPE() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let file = directory + "/status"
        let loop = try EventLoop()
        // Blocks SIGINT, SIGTERM, SIGHUP and SIGCHLD in this thread and ignores SIGPIPE.
        let signals = try SignalFD(loop: loop) { _ in }
        let runner = ExecRunner(loop: loop, log: quietLog()) { _, _ in loop.stop() }
        try runner.run("cat /proc/self/status > '\(file)'")
        #expect(try runUnderWatchdog(loop) == false)
        let status = try String(contentsOfFile: file, encoding: .utf8).split(separator: "\n")
        #expect(status.contains("SigBlk:\t0000000000000000"))
        let ignored = status.first { $0.hasPrefix("SigIgn:") }.flatMap { UInt64($0.dropFirst(8), radix: 16) }
        #expect(ignored.map { $0 & (1 << (UInt64(SIGPIPE) - 1)) } == 0)
        _ = signals
    }

    @Test func extraVariableReplacesTheInheritedOne() {
        let block = CStringArray(inheritedEnvironmentAdding: [("PATH", "/gesto-test")])
        defer { block.deallocate() }
        let merged = block.strings
        #expect(merged.filter { $0.hasPrefix("PATH=") } == ["PATH=/gesto-test"])
        #expect(merged.last == "PATH=/gesto-test")
    }

    @Test func exitStatusThreeIsReapedAndReported() throws {
        let loop = try EventLoop()
        var reported: [(ExecRunner.Child, ExecRunner.Exit)] = []
        let runner = ExecRunner(loop: loop, log: quietLog()) { child, exit in
            reported.append((child, exit))
            loop.stop()
        }
        let child = try runner.run("exit 3")
        #expect(try runUnderWatchdog(loop) == false)
        #expect(reported.count == 1)
        #expect(reported.first?.0 == child)
        #expect(reported.first?.1 == .exited(status: 3))
        #expect(runner.runningCount == 0)
        #expect(processState(child.pid) == nil)
    }

    @Test func reapingOnChildExitedFindsTheExitedChild() throws {
        // The SIGCHLD path, without the loop: wait until the child is a zombie, then reap.
        let loop = try EventLoop()
        var reported: [ExecRunner.Exit] = []
        let runner = ExecRunner(loop: loop, log: quietLog()) { _, exit in reported.append(exit) }
        let child = try runner.run("exit 5")
        var polls = 0
        while processState(child.pid)?.state != "Z" && polls < 5_000 { usleep(1_000); polls += 1 }
        runner.reapExitedChildren()
        #expect(reported == [.exited(status: 5)])
        #expect(processState(child.pid) == nil)
    }

    @Test func manyQuickSpawnsLeaveNoZombies() throws {
        let loop = try EventLoop()
        let count = 200
        var reaped: [pid_t] = []
        let runner = ExecRunner(loop: loop, log: quietLog()) { child, _ in
            reaped.append(child.pid)
            if reaped.count == count { loop.stop() }
        }
        var started: [pid_t] = []
        for _ in 0..<count { started.append(try runner.run("true").pid) }
        #expect(try runUnderWatchdog(loop) == false)
        #expect(Set(reaped) == Set(started))
        #expect(runner.runningCount == 0)
        let zombies = started.filter { pid in
            guard let process = processState(pid) else { return false }
            return process.state == "Z" && process.parent == getpid()
        }
        #expect(zombies.isEmpty)
    }

    @Test func missingShellCommandIsReportedAsExitStatus127() throws {
        let loop = try EventLoop()
        var reported: [ExecRunner.Exit] = []
        let runner = ExecRunner(loop: loop, log: quietLog()) { _, exit in reported.append(exit); loop.stop() }
        try runner.run("gesto-no-such-command-here 2>/dev/null")
        #expect(try runUnderWatchdog(loop) == false)
        #expect(reported == [.exited(status: 127)])
    }
}
