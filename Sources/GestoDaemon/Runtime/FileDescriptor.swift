// A typed wrapper over a raw file descriptor (swift-system's `FileDescriptor`, reduced to what
// gestod needs): read, write, close and pipe, each through the EINTR-retrying choke point.
// Every descriptor the runtime creates is close-on-exec, so spawned commands inherit none.
import CGestoSys
import Glibc

/// An open file descriptor. It is a plain value: closing it is explicit (`close()`).
public struct FileDescriptor: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The descriptor number.
    public let rawValue: CInt

    /// Wraps a descriptor number.
    public init(rawValue: CInt) { self.rawValue = rawValue }

    /// Standard error (descriptor 2), where gestod logs.
    public static let standardError = FileDescriptor(rawValue: 2)

    /// `fd N`.
    public var description: String { "fd \(rawValue)" }

    /// Options for `pipe(options:)`.
    public struct PipeOptions: OptionSet, Sendable {
        /// The bit pattern passed to `pipe2`.
        public let rawValue: CInt
        /// Makes options from `pipe2` flags.
        public init(rawValue: CInt) { self.rawValue = rawValue }
        /// Reads and writes return `EAGAIN` instead of blocking. The corresponding C constant
        /// is `O_NONBLOCK`.
        public static let nonBlocking = PipeOptions(rawValue: O_NONBLOCK)
    }

    /// Makes a pipe whose two ends are close-on-exec (`pipe2` with `O_CLOEXEC`).
    ///
    /// - Throws: `SystemError` from `pipe2` (for example `EMFILE`).
    public static func pipe(options: PipeOptions = []) throws(SystemError) -> (readEnd: FileDescriptor, writeEnd: FileDescriptor) {
        var fds: [CInt] = [-1, -1]
        _ = try retryingInterrupts("pipe2") { gesto_pipe2(&fds, O_CLOEXEC | options.rawValue) }
        return (FileDescriptor(rawValue: fds[0]), FileDescriptor(rawValue: fds[1]))
    }

    /// Opens `path` for reading only (`O_RDONLY | O_CLOEXEC`).
    ///
    /// - Throws: `SystemError` from `open` (for example `ENOENT`).
    public static func openForReading(_ path: String) throws(SystemError) -> FileDescriptor {
        FileDescriptor(rawValue: try retryingInterrupts("open") { Glibc.open(path, O_RDONLY | O_CLOEXEC) })
    }

    /// Reads until end of file; for small files such as those in /proc.
    ///
    /// - Throws: `SystemError` from `read`.
    public func readToEnd() throws(SystemError) -> [UInt8] {
        var contents: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let result = chunk.withUnsafeMutableBytes { buffer in
                Result { () throws(SystemError) in try read(into: buffer) }
            }
            let count = try result.get()
            if count == 0 { return contents }
            contents += chunk.prefix(count)
        }
    }

    /// Reads at most `buffer.count` bytes; returns how many were read (0 at end of file).
    ///
    /// - Throws: `SystemError` from `read`; `EAGAIN` when a non-blocking descriptor has no data.
    public func read(into buffer: UnsafeMutableRawBufferPointer) throws(SystemError) -> Int {
        try retryingInterrupts("read") { Glibc.read(rawValue, buffer.baseAddress, buffer.count) }
    }

    /// Writes at most `buffer.count` bytes; returns how many were written.
    ///
    /// - Throws: `SystemError` from `write`; `EAGAIN` when a non-blocking descriptor is full.
    public func write(_ buffer: UnsafeRawBufferPointer) throws(SystemError) -> Int {
        try retryingInterrupts("write") { Glibc.write(rawValue, buffer.baseAddress, buffer.count) }
    }

    /// Writes all of `bytes`, looping over short writes.
    ///
    /// - Throws: `SystemError` from `write`.
    public func writeAll(_ bytes: [UInt8]) throws(SystemError) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { buffer in
                Result { () throws(SystemError) in try write(UnsafeRawBufferPointer(rebasing: buffer[offset...])) }
            }
            offset += try written.get()
        }
    }

    /// Closes the descriptor. Not retried on `EINTR`: Linux has already released it then.
    ///
    /// - Throws: `SystemError` from `close` (`EBADF` when it was not open).
    public func close() throws(SystemError) {
        if Glibc.close(rawValue) == -1, errno != EINTR {
            throw SystemError(code: errno, call: "close")
        }
    }
}
