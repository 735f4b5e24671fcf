// gestoctl's side of the control socket: connect, send a request line, read the reply line,
// with a bound on every wait so a wedged daemon cannot hang a script. `monitor` then reads
// event lines from the same connection (see MonitorCommand).
import GestoSystem
import CGestoSys
import Glibc

/// Why a control request did not get an answer.
public enum IPCClientError: Error, Sendable, CustomStringConvertible {
    /// No socket path: neither --socket, GESTO_SOCKET nor XDG_RUNTIME_DIR is set.
    case noSocketPath
    /// Nobody listens at the path (no socket file, or a stale one).
    case notRunning(path: String)
    /// Connecting failed for another reason (permissions, a path too long).
    case cannotConnect(path: String, SystemError)
    /// gestod accepted but did not answer in time.
    case timedOut(path: String, milliseconds: Int32)
    /// gestod closed the connection before answering (it stopped, or refused the line).
    case closed(path: String)
    /// Reading or writing failed.
    case io(path: String, SystemError)

    public var description: String {
        switch self {
        case .noSocketPath:
            "neither XDG_RUNTIME_DIR nor GESTO_SOCKET is set, so gestod's socket cannot be found: give --socket PATH"
        case .notRunning(let path):
            "gestod is not running (nothing listens on \(path)).\nStart it with `gestod &` or `systemctl --user start gestod`."
        case .cannotConnect(let path, let error):
            "cannot connect to gestod at \(path): \(error)"
        case .timedOut(let path, let milliseconds):
            "gestod at \(path) did not answer within \(milliseconds) ms"
        case .closed(let path):
            "gestod at \(path) closed the connection without answering"
        case .io(let path, let error):
            "talking to gestod at \(path): \(error)"
        }
    }

    /// A short code for `--json` output (`not-running`, `timed-out`, ...).
    public var code: String {
        switch self {
        case .noSocketPath: "no-socket-path"
        case .notRunning: "not-running"
        case .cannotConnect: "cannot-connect"
        case .timedOut: "timed-out"
        case .closed: "closed"
        case .io: "io"
        }
    }
}

/// One connection to gestod.
public final class IPCConnection {
    /// How long a reply may take, in milliseconds: gestod answers from its loop at once; a
    /// reload reads one small file.
    public static let replyTimeoutMilliseconds: Int32 = 5_000

    /// The socket's path.
    public let path: String
    /// The connected socket (blocking).
    public let fd: FileDescriptor
    private var buffer: [UInt8] = []
    private var isClosed = false

    /// Connects to gestod.
    ///
    /// - Throws: ``IPCClientError/notRunning(path:)`` when no socket file exists or nobody
    ///   listens; ``IPCClientError/cannotConnect(path:_:)`` otherwise.
    public init(path: String) throws(IPCClientError) {
        self.path = path
        do {
            fd = try UnixSocket.connect(to: path)
        } catch let error where error.code == ENOENT || error.code == ECONNREFUSED {
            throw .notRunning(path: path)
        } catch {
            throw .cannotConnect(path: path, error)
        }
    }

    deinit { close() }

    /// Closes the connection. Idempotent.
    public func close() {
        guard !isClosed else { return }
        isClosed = true
        try? fd.close()
    }

    /// Sends `request` and returns the reply line.
    ///
    /// - Throws: ``IPCClientError`` when the line cannot be sent or no reply comes in time.
    public func send(_ request: IPCRequest, timeoutMilliseconds: Int32 = replyTimeoutMilliseconds) throws(IPCClientError) -> String {
        try write(line: request.json)
        guard let line = try readLine(timeoutMilliseconds: timeoutMilliseconds) else { throw .closed(path: path) }
        return line
    }

    /// Writes `line` and a newline.
    ///
    /// - Throws: ``IPCClientError/io(path:_:)`` (`EPIPE` when gestod closed the connection).
    public func write(line: String) throws(IPCClientError) {
        do { try fd.writeAll(Array((line + "\n").utf8)) } catch { throw .io(path: path, error) }
    }

    /// Reads the next line (without its newline); nil at the end of the stream.
    ///
    /// - Parameter timeoutMilliseconds: The longest wait for data; -1 waits forever.
    /// - Throws: ``IPCClientError/timedOut(path:milliseconds:)`` or ``IPCClientError/io(path:_:)``.
    public func readLine(timeoutMilliseconds: Int32) throws(IPCClientError) -> String? {
        while true {
            if let line = takeLine() { return line }
            var descriptor = pollfd(fd: fd.rawValue, events: Int16(POLLIN), revents: 0)
            let ready: CInt
            do { ready = try retryingInterrupts("poll") { poll(&descriptor, 1, timeoutMilliseconds) } } catch {
                throw .io(path: path, error)
            }
            if ready == 0 { throw .timedOut(path: path, milliseconds: timeoutMilliseconds) }
            guard try readAvailable() else {
                // The end: a last line without a newline still counts.
                if buffer.isEmpty { return nil }
                defer { buffer.removeAll() }
                return String(decoding: buffer, as: UTF8.self)
            }
        }
    }

    /// Reads what is available (one `read`); false at the end of the stream.
    ///
    /// - Throws: ``IPCClientError/io(path:_:)``; a reset connection counts as the end.
    public func readAvailable() throws(IPCClientError) -> Bool {
        var chunk = [UInt8](repeating: 0, count: 16 * 1024)
        let result = chunk.withUnsafeMutableBytes { raw in
            Result { () throws(SystemError) in try fd.read(into: raw) }
        }
        switch result {
        case .success(0): return false
        case .success(let count):
            buffer.append(contentsOf: chunk[0..<count])
            return true
        case .failure(let error) where error.code == ECONNRESET:
            return false
        case .failure(let error):
            throw .io(path: path, error)
        }
    }

    /// The next complete line already read, if any.
    public func takeLine() -> String? {
        guard let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) else { return nil }
        let line = String(decoding: buffer[..<newline], as: UTF8.self)
        buffer.removeFirst(newline + 1)
        return line
    }
}
