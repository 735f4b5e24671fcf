// gesto-inputd's log: one line per message on stderr, which systemd puts in the journal with
// the unit's name. The levels are gestod's (`--log-level`).
import GestoSystem
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// How much gesto-inputd logs.
enum ProxyLogLevel: Int, Comparable, CaseIterable {
    case error, warning, info, debug

    var name: String {
        switch self {
        case .error: "error"
        case .warning: "warning"
        case .info: "info"
        case .debug: "debug"
        }
    }

    static func < (a: Self, b: Self) -> Bool { a.rawValue < b.rawValue }
}

/// Writes log lines to stderr.
enum ProxyLog {
    nonisolated(unsafe) static var level: ProxyLogLevel = .info

    static func log(_ messageLevel: ProxyLogLevel, _ message: String) {
        guard messageLevel <= level else { return }
        let line = "gesto-inputd: \(messageLevel == .info ? "" : messageLevel.name + ": ")\(message)\n"
        // GestoSystem's write, the one place that retries EINTR; a log line that cannot be
        // written (stderr closed) is dropped.
        try? FileDescriptor.standardError.writeAll(Array(line.utf8))
    }

    static func error(_ message: String) { log(.error, message) }
    static func warning(_ message: String) { log(.warning, message) }
    static func info(_ message: String) { log(.info, message) }
    static func debug(_ message: String) { log(.debug, message) }
}

/// Why gesto-inputd could not take a device or start.
struct ProxyError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
    /// A libevdev call that returned `-errno`.
    init(_ call: String, returned result: CInt, subject: String) {
        description = "\(subject): \(call): \(String(cString: strerror(-result)))"
    }
}
