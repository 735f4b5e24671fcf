// Log lines: the shape journald and people read, with fields quoted only when needed.
import GestoCore
import Glibc
import Testing
@testable import GestoDaemon

@Suite struct LogTests {
    @Test func lineUnderJournaldHasNoTimePrefix() {
        let log = Log(level: .info, programName: "gestod", timePrefix: Log.TimePrefix.none)
        let line = log.line(.warning, "config.yaml:3:5: unknown key 'treshold'", at: Timestamp(microseconds: 0))
        #expect(line == "gestod[\(getpid())]: warning: config.yaml:3:5: unknown key 'treshold'")
    }

    @Test func lineInATerminalStartsWithMonotonicSeconds() {
        let log = Log(level: .info, programName: "gestod", timePrefix: .monotonicSeconds)
        let line = log.line(.info, "started", at: Timestamp(microseconds: 12_345_678))
        #expect(line == "12.345678 gestod[\(getpid())]: info: started")
    }

    @Test func fieldsAreQuotedOnlyWhenNeeded() {
        let log = Log(timePrefix: Log.TimePrefix.none)
        let line = log.line(.warning, "exec: command failed", ["status": "3", "command": "exit 3", "empty": ""],
                            at: Timestamp(microseconds: 0))
        #expect(line.hasSuffix(": warning: exec: command failed status=3 command=\"exit 3\" empty=\"\""))
    }

    @Test func levelsIncludeTheLessDetailedOnes() {
        let log = Log(level: .warning, timePrefix: Log.TimePrefix.none)
        #expect(log.isEnabled(.error) && log.isEnabled(.warning))
        #expect(!log.isEnabled(.info) && !log.isEnabled(.debug))
        #expect(LogLevel(name: "debug") == .debug)
        #expect(LogLevel(name: "verbose") == nil)
    }
}
