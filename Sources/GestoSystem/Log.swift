// The log of gestod and gesto-inputd. When stderr is the journal (systemd's JOURNAL_STREAM names
// the device and inode of fd 2), each message is one journal entry sent with sd_journal_sendv:
// PRIORITY from the level, the fields as GESTO_* fields, a multi-line message kept whole.
// Otherwise one line per message on stderr, `[SECONDS ]NAME[PID]: LEVEL: message key=value ...`,
// starting with CLOCK_MONOTONIC seconds. Messages carry text from outside (a device's name, a
// peer's message): control characters are escaped here, the one place, so that none reaches a
// terminal or starts a line of its own.
import CGestoSystemd
import CSystemd
import GestoCore
import Glibc

/// How much gestod or gesto-inputd logs (`--log-level`); each level includes the ones before it.
public enum LogLevel: Int, Comparable, Sendable, CaseIterable, CustomStringConvertible {
    /// Something failed: a command could not start, a device vanished.
    case error
    /// Something is wrong but gestod carries on: an unknown config key, a command that exited non-zero.
    case warning
    /// What gestod does: config loaded, device added.
    case info
    /// Every decision, for bug reports.
    case debug
    /// Every recognizer's change of state (`swipe[3fg] tracking → began`), for gesto's own bugs.
    case trace

    /// The level named on the command line (`error`, `warning`, `info`, `debug`, `trace`), or `nil`.
    public init?(name: String) {
        guard let level = Self.allCases.first(where: { $0.description == name }) else { return nil }
        self = level
    }

    /// The name used on the command line and in log lines.
    public var description: String {
        switch self {
        case .error: "error"
        case .warning: "warning"
        case .info: "info"
        case .debug: "debug"
        case .trace: "trace"
        }
    }

    public static func < (a: LogLevel, b: LogLevel) -> Bool { a.rawValue < b.rawValue }

    /// The syslog priority journald files the message under: error 3, warning 4, info 6, debug
    /// and trace 7 (syslog has nothing below debug).
    public var syslogPriority: Int {
        switch self {
        case .error: 3
        case .warning: 4
        case .info: 6
        case .debug, .trace: 7
        }
    }
}

/// Writes structured one-line messages to a descriptor (stderr by default).
public struct Log: Sendable {
    /// What starts each line before the program name.
    public enum TimePrefix: Sendable, Equatable {
        /// Nothing: journald adds its own timestamps.
        case none
        /// CLOCK_MONOTONIC seconds with six decimals, the clock of libinput's event times.
        case monotonicSeconds
    }

    /// Where messages go.
    public enum Destination: Sendable, Equatable {
        /// Lines on a descriptor (stderr by default).
        case stream(FileDescriptor)
        /// One journal entry per message, through sd_journal_sendv.
        case journal
    }

    /// The most detailed level written; more detailed messages are dropped unformatted.
    public var level: LogLevel
    /// The name before `[PID]`, usually `gestod`; the journal's SYSLOG_IDENTIFIER.
    public var programName: String
    /// What starts each line.
    public var timePrefix: TimePrefix
    /// Where messages go.
    public var destination: Destination
    /// The stream a journal entry falls back to when journald refuses it.
    private let fallbackOutput: FileDescriptor
    private let processID: pid_t

    /// Makes a log.
    ///
    /// - Parameters:
    ///   - level: The most detailed level written.
    ///   - programName: The name before `[PID]`.
    ///   - output: Where lines go; stderr by default.
    ///   - timePrefix: What starts each line; by default none when `output` is the journal's
    ///     stream and monotonic seconds otherwise.
    ///   - destination: Where messages go; by default the journal when `output` is the journal's
    ///     stream (`journalStream` names its device and inode), otherwise `output`.
    ///   - journalStream: systemd's `JOURNAL_STREAM` (read from the environment by default).
    public init(level: LogLevel = .info, programName: String = "gestod",
                output: FileDescriptor = .standardError, timePrefix: TimePrefix? = nil,
                destination: Destination? = nil,
                journalStream: String? = getenv("JOURNAL_STREAM").map { String(cString: $0) }) {
        let isJournal = Self.isJournalStream(output, journalStream: journalStream)
        self.level = level
        self.programName = programName
        self.destination = destination ?? (isJournal ? .journal : .stream(output))
        self.fallbackOutput = output
        self.timePrefix = timePrefix ?? (isJournal ? .none : .monotonicSeconds)
        self.processID = getpid()
    }

    /// Whether `descriptor` is the journal's stream: `journalStream` (the value of systemd's
    /// `JOURNAL_STREAM`, `DEVICE:INODE` in decimal) names the device and inode `fstat` finds.
    /// An unset or malformed value, or a descriptor redirected elsewhere, is not the journal.
    public static func isJournalStream(_ descriptor: FileDescriptor, journalStream: String?) -> Bool {
        guard let journalStream else { return false }
        let parts = journalStream.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, let device = UInt64(parts[0]), let inode = UInt64(parts[1]) else { return false }
        var status = stat()
        guard fstat(descriptor.rawValue, &status) == 0 else { return false }
        return UInt64(status.st_dev) == device && UInt64(status.st_ino) == inode
    }

    /// Whether messages at `level` are written.
    public func isEnabled(_ level: LogLevel) -> Bool { level <= self.level }

    /// Logs an error. `message` and `fields` are evaluated only when the level is enabled (a
    /// disabled call on the hot path builds no string and no field array).
    public func error(_ message: @autoclosure () -> String, _ fields: @autoclosure () -> KeyValuePairs<String, String> = [:]) {
        write(.error, message(), fields())
    }

    /// Logs a warning. `message` and `fields` are evaluated only when the level is enabled.
    public func warning(_ message: @autoclosure () -> String, _ fields: @autoclosure () -> KeyValuePairs<String, String> = [:]) {
        guard isEnabled(.warning) else { return }
        write(.warning, message(), fields())
    }

    /// Logs information. `message` and `fields` are evaluated only when the level is enabled.
    public func info(_ message: @autoclosure () -> String, _ fields: @autoclosure () -> KeyValuePairs<String, String> = [:]) {
        guard isEnabled(.info) else { return }
        write(.info, message(), fields())
    }

    /// Logs a debug message. `message` and `fields` are evaluated only when the level is enabled.
    public func debug(_ message: @autoclosure () -> String, _ fields: @autoclosure () -> KeyValuePairs<String, String> = [:]) {
        guard isEnabled(.debug) else { return }
        write(.debug, message(), fields())
    }

    /// Logs a trace message. `message` and `fields` are evaluated only when the level is enabled.
    public func trace(_ message: @autoclosure () -> String, _ fields: @autoclosure () -> KeyValuePairs<String, String> = [:]) {
        guard isEnabled(.trace) else { return }
        write(.trace, message(), fields())
    }

    /// The line for a message, without its newline:
    /// `[SECONDS ]NAME[PID]: LEVEL: MESSAGE[ key=value ...]`. Control characters in the message,
    /// newlines included, are escaped (``escapingControlCharacters(_:keepingNewlines:)``): a
    /// line is one message. Values with spaces, quotes, `=` or control characters are quoted,
    /// and empty ones print as `""`.
    ///
    /// - Parameter time: The time for the prefix (ignored when `timePrefix` is `.none`).
    public func line(_ level: LogLevel, _ message: String, _ fields: KeyValuePairs<String, String> = [:],
                     at time: Timestamp) -> String {
        var line = ""
        switch timePrefix {
        case .none: break
        case .monotonicSeconds: line += formatFixed(time.seconds, decimals: 6) + " "
        }
        line += "\(programName)[\(processID)]: \(level): \(Self.escapingControlCharacters(message, keepingNewlines: false))"
        for (key, value) in fields {
            line += " \(key)=\(Self.quotedIfNeeded(value))"
        }
        return line
    }

    /// The journal entry for a message, as `NAME=value` fields: MESSAGE (the message with its
    /// fields as in a line, so `journalctl` shows them), PRIORITY, SYSLOG_IDENTIFIER, and each
    /// field as `GESTO_KEY` (upper case, other characters than letters and digits as `_`). Values
    /// keep their newlines: a multi-line message is one entry; the message's other control
    /// characters are escaped.
    public func journalFields(_ level: LogLevel, _ message: String,
                              _ fields: KeyValuePairs<String, String> = [:]) -> [String] {
        var text = Self.escapingControlCharacters(message, keepingNewlines: true)
        for (key, value) in fields {
            text += " \(key)=\(Self.quotedIfNeeded(value))"
        }
        var entry = ["MESSAGE=\(text)", "PRIORITY=\(level.syslogPriority)", "SYSLOG_IDENTIFIER=\(programName)"]
        for (key, value) in fields {
            entry.append("\(Self.journalFieldName(key))=\(value)")
        }
        return entry
    }

    /// `GESTO_` and the key in journald's field alphabet (`A`–`Z`, `0`–`9`, `_`), at most 64 bytes.
    static func journalFieldName(_ key: String) -> String {
        var name = "GESTO_"
        for scalar in key.unicodeScalars {
            switch scalar {
            case "a"..."z": name.unicodeScalars.append(Unicode.Scalar(scalar.value - 32)!)
            case "A"..."Z", "0"..."9": name.unicodeScalars.append(scalar)
            default: name += "_"
            }
        }
        return String(name.prefix(64))
    }

    private func write(_ level: LogLevel, _ message: String, _ fields: KeyValuePairs<String, String>) {
        guard isEnabled(level) else { return }
        switch destination {
        case .stream(let output):
            writeLine(level, message, fields, to: output)
        case .journal:
            if !Self.sendToJournal(journalFields(level, message, fields)) {
                writeLine(level, message, fields, to: fallbackOutput)
            }
        }
    }

    private func writeLine(_ level: LogLevel, _ message: String, _ fields: KeyValuePairs<String, String>,
                           to output: FileDescriptor) {
        // One write per line, so lines from several processes on one stderr do not interleave.
        try? output.writeAll(Array((line(level, message, fields, at: MonotonicClock.now()) + "\n").utf8))
    }

    /// Sends one entry; the values may hold any bytes, newlines included (sd_journal_sendv
    /// frames them itself). Returns whether journald took it (false when libsystemd cannot be
    /// opened).
    private static func sendToJournal(_ entry: [String]) -> Bool {
        // libsystemd is opened at the first entry; without it every entry takes the fallback.
        guard gesto_systemd_open() == nil else { return false }
        var bytes: [UInt8] = []
        var ranges: [Range<Int>] = []
        for field in entry {
            let start = bytes.count
            bytes.append(contentsOf: field.utf8)
            ranges.append(start..<bytes.count)
        }
        return bytes.withUnsafeMutableBytes { all in
            var vectors = ranges.map { range in
                iovec(iov_base: all.baseAddress.map { $0 + range.lowerBound }, iov_len: range.count)
            }
            return sd_journal_sendv(&vectors, CInt(vectors.count)) >= 0
        }
    }

    /// `text` with its control characters (C0, DEL and C1: ESC, NUL, a carriage return, the
    /// one-byte CSI…) written as `\xNN`, tabs as `\t` and newlines as `\n` unless
    /// `keepingNewlines`; in text that needs any of these, backslashes are doubled. Text
    /// without control characters is returned as it is.
    public static func escapingControlCharacters(_ text: String, keepingNewlines: Bool) -> String {
        func isControl(_ scalar: Unicode.Scalar) -> Bool {
            scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
        }
        guard text.unicodeScalars.contains(where: { isControl($0) && !(keepingNewlines && $0 == "\n") }) else { return text }
        var escaped = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n" where keepingNewlines: escaped.unicodeScalars.append(scalar)
            case "\n": escaped += "\\n"
            case "\t": escaped += "\\t"
            case "\\": escaped += "\\\\"
            default:
                if isControl(scalar) {
                    let hex = String(scalar.value, radix: 16)
                    escaped += "\\x" + (hex.count < 2 ? "0" : "") + hex
                } else {
                    escaped.unicodeScalars.append(scalar)
                }
            }
        }
        return escaped
    }

    private static func quotedIfNeeded(_ value: String) -> String {
        let needsQuotes = value.isEmpty || value.unicodeScalars.contains {
            $0 == " " || $0 == "\"" || $0 == "=" || $0 == "\\" || $0.value < 0x20 || (0x7F...0x9F).contains($0.value)
        }
        guard needsQuotes else { return value }
        var quoted = "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": quoted += "\\\""
            case "\\": quoted += "\\\\"
            case "\n": quoted += "\\n"
            case "\t": quoted += "\\t"
            default:
                if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) {
                    let hex = String(scalar.value, radix: 16)
                    quoted += "\\x" + (hex.count < 2 ? "0" : "") + hex
                } else {
                    quoted.unicodeScalars.append(scalar)
                }
            }
        }
        return quoted + "\""
    }
}
