// Log lines: the shape journald and people read, with fields quoted only when needed.
import GestoCore
import GestoSystem
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

    /// dry-run's "would run" line built its fields (the gesture's name and phase) for every
    /// firing even at `--log-level error`: a message its level drops now builds neither its
    /// text nor its fields.
    @Test func aDroppedMessageBuildsNeitherTextNorFields() {
        let log = Log(level: .error, timePrefix: Log.TimePrefix.none)
        var built = 0
        func value() -> String { built += 1; return "swipe:3:left" }
        log.warning("w \(value())", ["gesture": value()])
        log.info("would run: \(value())", ["gesture": value(), "phase": value()])
        log.debug("d \(value())", ["gesture": value()])
        log.trace("t \(value())", ["gesture": value()])
        #expect(built == 0)
    }

    /// A device's name or a peer's message went into the log raw: a newline in it started a
    /// line that looked like one of the log's own, and ESC and NUL reached the terminal.
    @Test func textFromOutsideCannotStartALineOrReachTheTerminal() {
        let log = Log(programName: "gesto-inputd", timePrefix: Log.TimePrefix.none)
        let forged = "bad\ngesto-inputd[1]: info: connection 9 from uid 0\u{1B}[2J\u{0}\r\u{9B}"
        let line = log.line(.warning, "connection 1: bad message: \(forged)", at: Timestamp(microseconds: 0))
        #expect(!line.contains("\n") && !line.contains("\u{1B}") && !line.contains("\u{0}") && !line.contains("\r")
                && !line.contains("\u{9B}"))
        #expect(line.hasSuffix(#"bad message: bad\ngesto-inputd[1]: info: connection 9 from uid 0\x1b[2J\x00\x0d\x9b"#))
        // In the journal a message is one entry: its newlines stay, nothing else does.
        let entry = log.journalFields(.warning, "touchpad added: \(forged)")
        #expect(entry[0] == "MESSAGE=touchpad added: bad\ngesto-inputd[1]: info: connection 9 from uid 0\\x1b[2J\\x00\\x0d\\x9b")
        // Text without control characters is left as it is, backslashes too.
        #expect(Log.escapingControlCharacters(#"C:\path"#, keepingNewlines: false) == #"C:\path"#)
    }

    @Test func levelsIncludeTheLessDetailedOnes() {
        let log = Log(level: .warning, timePrefix: Log.TimePrefix.none)
        #expect(log.isEnabled(.error) && log.isEnabled(.warning))
        #expect(!log.isEnabled(.info) && !log.isEnabled(.debug))
        #expect(LogLevel(name: "debug") == .debug)
        #expect(LogLevel(name: "trace") == .trace)
        #expect(!Log(level: .debug, timePrefix: Log.TimePrefix.none).isEnabled(.trace))
        #expect(LogLevel(name: "verbose") == nil)
    }
}

/// Under systemd, each message is one journal entry with its priority and fields.
@Suite struct JournalLogTests {
    @Test func prioritiesAreSyslogs() {
        // Trace is below debug, which syslog has nothing below.
        #expect(LogLevel.allCases.map(\.syslogPriority) == [3, 4, 6, 7, 7])
    }

    @Test func entryCarriesPriorityIdentifierAndFields() {
        let log = Log(programName: "gestod", destination: .stream(.standardError))
        let entry = log.journalFields(.warning, "exec: command failed", ["status": "3", "exit-code": "exit 3"])
        #expect(entry == [
            "MESSAGE=exec: command failed status=3 exit-code=\"exit 3\"",
            "PRIORITY=4",
            "SYSLOG_IDENTIFIER=gestod",
            "GESTO_STATUS=3",
            "GESTO_EXIT_CODE=exit 3",
        ])
    }

    @Test func multiLineMessageIsOneEntry() {
        let log = Log(destination: .stream(.standardError))
        let entry = log.journalFields(.error, "config not loaded:\nconfig.yaml:3:5: unknown key")
        #expect(entry.filter { $0.hasPrefix("MESSAGE=") } == ["MESSAGE=config not loaded:\nconfig.yaml:3:5: unknown key"])
        #expect(entry.contains("PRIORITY=3"))
    }

    /// systemd's JOURNAL_STREAM is `DEVICE:INODE` of the stream it gave as stderr.
    @Test func journalStreamIsRecognizedByDeviceAndInode() throws {
        let (readEnd, writeEnd) = try FileDescriptor.pipe()
        defer { try? readEnd.close(); try? writeEnd.close() }
        var status = stat()
        #expect(fstat(writeEnd.rawValue, &status) == 0)
        let named = "\(status.st_dev):\(status.st_ino)"
        #expect(Log.isJournalStream(writeEnd, journalStream: named))
        #expect(!Log.isJournalStream(writeEnd, journalStream: "\(status.st_dev):\(status.st_ino + 1)"))
        #expect(!Log.isJournalStream(writeEnd, journalStream: nil))
        #expect(!Log.isJournalStream(writeEnd, journalStream: "garbage"))

        let underSystemd = Log(output: writeEnd, journalStream: named)
        #expect(underSystemd.destination == .journal)
        #expect(underSystemd.timePrefix == .none)
        // The variable inherited by a process whose stderr was redirected elsewhere.
        let elsewhere = try FileDescriptor.openForReading("/dev/null")
        defer { try? elsewhere.close() }
        let redirected = Log(output: elsewhere, journalStream: named)
        #expect(redirected.destination == .stream(elsewhere))
        #expect(redirected.timePrefix == .monotonicSeconds)
    }
}
