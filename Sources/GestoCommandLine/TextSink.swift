// Where commands write their text: a buffered file descriptor (stdout, stderr) in the
// executables, or a string in tests. Replays of long recordings stream through it.
import GestoSystem
import Glibc

/// A destination for a command's text output.
public protocol TextSink: AnyObject {
    /// Appends `text`.
    func write(_ text: String)
    /// Pushes buffered text out.
    func flush()
}

/// Buffered writes to a file descriptor; flushed at 64 KiB and on ``flush()``. Not thread-safe:
/// the commands and the daemon write from their one thread.
public final class FileSink: TextSink {
    private let descriptor: Int32
    private var buffer: [UInt8] = []
    private let isBuffered: Bool

    /// Standard output, buffered.
    nonisolated(unsafe) public static let standardOutput = FileSink(descriptor: STDOUT_FILENO, buffered: true)
    /// Standard error, unbuffered (errors are never lost).
    nonisolated(unsafe) public static let standardError = FileSink(descriptor: STDERR_FILENO, buffered: false)

    public init(descriptor: Int32, buffered: Bool) {
        self.descriptor = descriptor
        self.isBuffered = buffered
        buffer.reserveCapacity(buffered ? 1 << 16 : 0)
    }

    deinit { flush() }

    public func write(_ text: String) {
        buffer.append(contentsOf: text.utf8)
        if !isBuffered || buffer.count >= 1 << 16 { flush() }
    }

    public func flush() {
        guard !buffer.isEmpty else { return }
        // A closed pipe or full disk loses the text; there is nowhere left to report it.
        try? FileDescriptor(rawValue: descriptor).writeAll(buffer)
        buffer.removeAll(keepingCapacity: true)
    }
}

/// Collects text in memory (tests).
public final class StringSink: TextSink {
    public private(set) var text = ""
    public init() {}
    public func write(_ text: String) { self.text += text }
    public func flush() {}
}
