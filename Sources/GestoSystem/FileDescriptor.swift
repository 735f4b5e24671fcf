// A typed wrapper over a raw file descriptor (swift-system's `FileDescriptor`, reduced to what
// gesto needs): read, write, send, close and pipe, each through the EINTR-retrying choke point.
// The input readers, the Wayland clients and the daemon all read and write through it.
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

    /// How a file is opened: the `O_ACCMODE` part of `open`'s flags.
    public enum AccessMode: Sendable {
        /// `O_RDONLY`.
        case readOnly
        /// `O_RDWR`.
        case readWrite

        var flags: CInt {
            switch self {
            case .readOnly: O_RDONLY
            case .readWrite: O_RDWR
            }
        }
    }

    /// Opens `path` close-on-exec (`O_CLOEXEC`), non-blocking with `nonBlocking` (`O_NONBLOCK`).
    ///
    /// - Throws: `SystemError` from `open`, its call named with the path (`open /dev/uinput: No
    ///   such file or directory`; `EMFILE` when no descriptor is free).
    public static func open(_ path: String, _ access: AccessMode, nonBlocking: Bool = false) throws(SystemError) -> FileDescriptor {
        let flags = access.flags | O_CLOEXEC | (nonBlocking ? O_NONBLOCK : 0)
        return FileDescriptor(rawValue: try retryingInterrupts("open \(path)") { Glibc.open(path, flags) })
    }

    /// A second descriptor for the same open file, close-on-exec (`fcntl(F_DUPFD_CLOEXEC)`).
    ///
    /// - Throws: `SystemError` from `fcntl` (`EMFILE` when no descriptor is free).
    public func duplicate() throws(SystemError) -> FileDescriptor {
        FileDescriptor(rawValue: try retryingInterrupts("fcntl") { fcntl(rawValue, F_DUPFD_CLOEXEC, 0) })
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

    /// Blocks until this descriptor or `other` has something to read (or its end, or an
    /// error, to report); returns whether each is ready. For a loop that must read a blocking
    /// input without missing what arrives on `other` (a signalfd): `gestod --replay`.
    ///
    /// - Throws: `SystemError` from `poll` (EINTR is retried).
    public func waitUntilReadable(orUntilReadable other: FileDescriptor) throws(SystemError) -> (isReady: Bool, isOtherReady: Bool) {
        var descriptors = [pollfd(fd: rawValue, events: Int16(POLLIN), revents: 0),
                           pollfd(fd: other.rawValue, events: Int16(POLLIN), revents: 0)]
        _ = try retryingInterrupts("poll") { poll(&descriptors, 2, -1) }
        return (descriptors[0].revents != 0, descriptors[1].revents != 0)
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

    /// Writes what a non-blocking descriptor takes now, at most `bytes.count`; returns the count.
    ///
    /// - Throws: `SystemError` from `write` other than `EAGAIN`.
    public func writeAllNonBlocking(_ bytes: [UInt8]) throws(SystemError) -> Int {
        var offset = 0
        while offset < bytes.count {
            let result = bytes.withUnsafeBytes { buffer in
                Result { () throws(SystemError) in try write(UnsafeRawBufferPointer(rebasing: buffer[offset...])) }
            }
            switch result {
            case .success(let count): offset += count
            case .failure(let error) where error.code == EAGAIN: return offset
            case .failure(let error): throw error
            }
        }
        return offset
    }

    /// Sends at most `buffer.count` bytes on a socket; returns how many were sent. Unlike
    /// `write`, a peer that has gone away is `EPIPE`, never SIGPIPE (`MSG_NOSIGNAL`), so a
    /// client that has not ignored SIGPIPE survives it.
    ///
    /// - Throws: `SystemError` from `send`; `EAGAIN` when a send timeout (`SO_SNDTIMEO`) passed.
    public func send(_ buffer: UnsafeRawBufferPointer) throws(SystemError) -> Int {
        try retryingInterrupts("send") { Glibc.send(rawValue, buffer.baseAddress, buffer.count, CInt(MSG_NOSIGNAL)) }
    }

    /// Sends all of `bytes` on a socket (``send(_:)``), looping over short sends.
    ///
    /// - Throws: `SystemError` from `send`.
    public func sendAll(_ bytes: [UInt8]) throws(SystemError) {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes.withUnsafeBytes { buffer in
                Result { () throws(SystemError) in try send(UnsafeRawBufferPointer(rebasing: buffer[offset...])) }
            }
            offset += try sent.get()
        }
    }

    /// Reads until `count` bytes have arrived or the end of file; returns what was read
    /// (shorter than `count` only at end of file).
    ///
    /// - Throws: `SystemError` from `read`; `EAGAIN` when a receive timeout (`SO_RCVTIMEO`) passed.
    public func read(upTo count: Int) throws(SystemError) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        var filled = 0
        while filled < count {
            let result = bytes.withUnsafeMutableBytes { buffer in
                Result { () throws(SystemError) in try read(into: UnsafeMutableRawBufferPointer(rebasing: buffer[filled...])) }
            }
            let got = try result.get()
            if got == 0 { break }
            filled += got
        }
        return Array(bytes.prefix(filled))
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
