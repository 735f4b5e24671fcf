// gestod's log: one line per message on stderr, `gestod[PID]: LEVEL: message key=value ...`.
// journald reads stderr and stamps lines itself, so there is no time prefix when
// JOURNAL_STREAM is set; in a terminal, lines start with CLOCK_MONOTONIC seconds.
import GestoCore
import Glibc

/// How much gestod logs (`--log-level`); each level includes the ones before it.
public enum LogLevel: Int, Comparable, Sendable, CaseIterable, CustomStringConvertible {
    /// Something failed: a command could not start, a device vanished.
    case error
    /// Something is wrong but gestod carries on: an unknown config key, a command that exited non-zero.
    case warning
    /// What gestod does: config loaded, device added.
    case info
    /// Every decision, for bug reports.
    case debug

    /// The level named on the command line (`error`, `warning`, `info`, `debug`), or `nil`.
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
        }
    }

    public static func < (a: LogLevel, b: LogLevel) -> Bool { a.rawValue < b.rawValue }
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

    /// The most detailed level written; more detailed messages are dropped unformatted.
    public var level: LogLevel
    /// The name before `[PID]`, usually `gestod`.
    public var programName: String
    /// What starts each line.
    public var timePrefix: TimePrefix
    /// Where lines go.
    public var output: FileDescriptor
    private let processID: pid_t

    /// Makes a log.
    ///
    /// - Parameters:
    ///   - level: The most detailed level written.
    ///   - programName: The name before `[PID]`.
    ///   - output: Where lines go; stderr by default.
    ///   - timePrefix: What starts each line; by default none under journald (`JOURNAL_STREAM`
    ///     set) and monotonic seconds otherwise.
    public init(level: LogLevel = .info, programName: String = "gestod",
                output: FileDescriptor = .standardError, timePrefix: TimePrefix? = nil) {
        self.level = level
        self.programName = programName
        self.output = output
        self.timePrefix = timePrefix ?? (getenv("JOURNAL_STREAM") == nil ? .monotonicSeconds : .none)
        self.processID = getpid()
    }

    /// Whether messages at `level` are written.
    public func isEnabled(_ level: LogLevel) -> Bool { level <= self.level }

    /// Logs an error. `message` is evaluated only when the level is enabled.
    public func error(_ message: @autoclosure () -> String, _ fields: KeyValuePairs<String, String> = [:]) {
        write(.error, message(), fields)
    }

    /// Logs a warning. `message` is evaluated only when the level is enabled.
    public func warning(_ message: @autoclosure () -> String, _ fields: KeyValuePairs<String, String> = [:]) {
        guard isEnabled(.warning) else { return }
        write(.warning, message(), fields)
    }

    /// Logs information. `message` is evaluated only when the level is enabled.
    public func info(_ message: @autoclosure () -> String, _ fields: KeyValuePairs<String, String> = [:]) {
        guard isEnabled(.info) else { return }
        write(.info, message(), fields)
    }

    /// Logs a debug message. `message` is evaluated only when the level is enabled.
    public func debug(_ message: @autoclosure () -> String, _ fields: KeyValuePairs<String, String> = [:]) {
        guard isEnabled(.debug) else { return }
        write(.debug, message(), fields)
    }

    /// The line for a message, without its newline:
    /// `[SECONDS ]NAME[PID]: LEVEL: MESSAGE[ key=value ...]`. Values with spaces, quotes, `=`
    /// or control characters are quoted, and empty ones print as `""`.
    ///
    /// - Parameter time: The time for the prefix (ignored when `timePrefix` is `.none`).
    public func line(_ level: LogLevel, _ message: String, _ fields: KeyValuePairs<String, String> = [:],
                     at time: Timestamp) -> String {
        var line = ""
        switch timePrefix {
        case .none: break
        case .monotonicSeconds: line += formatFixed(time.seconds, decimals: 6) + " "
        }
        line += "\(programName)[\(processID)]: \(level): \(message)"
        for (key, value) in fields {
            line += " \(key)=\(Self.quotedIfNeeded(value))"
        }
        return line
    }

    private func write(_ level: LogLevel, _ message: String, _ fields: KeyValuePairs<String, String>) {
        guard isEnabled(level) else { return }
        // One write per line, so lines from several processes on one stderr do not interleave.
        try? output.writeAll(Array((line(level, message, fields, at: MonotonicClock.now()) + "\n").utf8))
    }

    private static func quotedIfNeeded(_ value: String) -> String {
        let needsQuotes = value.isEmpty || value.unicodeScalars.contains {
            $0 == " " || $0 == "\"" || $0 == "=" || $0 == "\\" || $0.value < 0x20 || $0.value == 0x7F
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
                if scalar.value < 0x20 || scalar.value == 0x7F {
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
