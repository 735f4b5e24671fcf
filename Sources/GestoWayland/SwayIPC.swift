// A client for sway's IPC socket (i3's protocol): "i3-ipc", little-endian payload length
// and message type, then the JSON payload; the reply has the same framing. One short
// connection per request, so a sway restart never leaves gesto holding a dead socket. The one
// long connection, subscribed to sway's focus events, is SwayFocusDriver's (GestoDaemon).
import Glibc
import GestoSystem

/// Talks to sway over `$SWAYSOCK` without spawning `swaymsg`.
public struct SwayIPC: Sendable {
    /// i3-ipc message types gesto sends.
    public enum MessageType: UInt32, Sendable {
        /// Run a command list; the reply is an array of `{"success": …}`, one per command.
        case runCommand = 0
        /// Subscribe this connection to events, a JSON array of names (`["window"]`); the reply
        /// is `{"success": …}`, and each event then comes as a frame whose type has the high
        /// bit set (``SwayIPCFrame/isEvent``).
        case subscribe = 2
        /// The workspaces, as an array.
        case getWorkspaces = 1
        /// The layout tree, as nested nodes.
        case getTree = 4
        /// sway's version: `{"major", "minor", "patch", "human_readable", …}`.
        case getVersion = 7
    }

    /// The framing's magic string.
    static let magic = Array("i3-ipc".utf8)
    /// Magic, length and type.
    static let headerSize = 14
    /// How long a request may wait for sway before failing, so a hung compositor cannot stall
    /// gestod's loop (sway answers in well under a millisecond).
    static let timeoutSeconds = 2
    /// Replies larger than this are refused (a tree with thousands of windows is ~1 MiB).
    public static let maximumReplySize = 64 << 20

    /// The socket's path.
    public var socketPath: String

    /// A client for the socket at `socketPath`.
    public init(socketPath: String) { self.socketPath = socketPath }

    /// The client for `$SWAYSOCK` (or `$I3SOCK`), nil when neither is set.
    public static func fromEnvironment() -> SwayIPC? {
        for name in ["SWAYSOCK", "I3SOCK"] {
            if let value = getenv(name), value.pointee != 0 { return SwayIPC(socketPath: String(cString: value)) }
        }
        return nil
    }

    /// The socket of a running sway in `runtimeDirectory` (a `sway-ipc.UID.PID.sock` whose PID
    /// is alive; the folder is the user's own), for a gestod started before sway, which has no
    /// `$SWAYSOCK`.
    public static func discover(in runtimeDirectory: String) -> SwayIPC? {
        guard let folder = opendir(runtimeDirectory) else { return nil }
        defer { closedir(folder) }
        while let entry = readdir(folder) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            let parts = name.split(separator: ".")
            guard parts.count == 4, parts[0] == "sway-ipc", parts[3] == "sock",
                  let pid = pid_t(parts[2]), kill(pid, 0) == 0 || errno == EPERM else { continue }
            return SwayIPC(socketPath: runtimeDirectory + "/" + name)
        }
        return nil
    }

    /// Sends one message and returns the reply's JSON text.
    ///
    /// - Throws: ``SwayIPCError`` when the socket cannot be reached, times out, or answers
    ///   with a bad frame.
    public func request(_ type: MessageType, _ payload: String = "") throws(SwayIPCError) -> String {
        let fd = try connect()
        defer { try? fd.close() }
        try writeAll(fd.rawValue, Self.frame(type, payload))
        let header = try readExactly(fd.rawValue, Self.headerSize)
        guard Array(header.prefix(6)) == Self.magic else { throw .badReply("no i3-ipc magic") }
        let length = Int(Self.uint32(header, at: 6))
        let replyType = Self.uint32(header, at: 10)
        guard replyType == type.rawValue else { throw .badReply("reply type \(replyType) to a type \(type.rawValue) request") }
        guard length <= Self.maximumReplySize else { throw .badReply("reply of \(length) bytes") }
        return String(decoding: try readExactly(fd.rawValue, length), as: UTF8.self)
    }

    /// A connected, close-on-exec, blocking socket to sway, whose reads and writes time out
    /// after ``timeoutSeconds``; the caller owns it.
    ///
    /// - Throws: ``SwayIPCError/cannotConnect(path:code:)`` when nothing listens at the path.
    public func connect() throws(SwayIPCError) -> FileDescriptor {
        do { return try connectUnixStream(socketPath, timeoutSeconds: Self.timeoutSeconds) } catch {
            switch error {
            case .pathTooLong: throw .pathTooLong(socketPath)
            case .cannotConnect(let code): throw .cannotConnect(path: socketPath, code: code)
            case .system(let call, let code): throw .system(call: call, code: code)
            }
        }
    }

    /// One message as sent on the wire: magic, payload length, type, payload.
    public static func frame(_ type: MessageType, _ payload: String = "") -> [UInt8] {
        let body = Array(payload.utf8)
        return magic + littleEndian(UInt32(body.count)) + littleEndian(type.rawValue) + body
    }
    /// Runs a sway command (`workspace next`; several may be joined with `;` or `,`) and
    /// checks that every one succeeded.
    ///
    /// - Throws: ``SwayIPCError/commandFailed(command:error:)`` with sway's message when a
    ///   command failed, or a transport error.
    public func runCommand(_ command: String) throws(SwayIPCError) {
        let text = try request(.runCommand, command)
        let reply: JSONValue
        do { reply = try JSONValue.parse(text) } catch { throw .badReply("not JSON (\(error))") }
        guard case .array(let results) = reply, !results.isEmpty else { throw .badReply("expected an array of results") }
        for result in results where result["success"]?.boolValue != true {
            throw .commandFailed(command: command, error: result["error"]?.stringValue ?? "no reason given")
        }
    }

    /// The app_id of the window sway's layout tree says is focused (an Xwayland window's
    /// `class`), nil when no window is (an empty workspace is focused): one `get_tree` round
    /// trip. gestod does not ask this per gesture: it follows sway's focus events
    /// (``SwayFocusTracker``); this is for tests and one-off questions.
    ///
    /// - Throws: a transport error, or ``SwayIPCError/badReply(_:)``.
    public func focusedAppID() throws(SwayIPCError) -> String? {
        SwayFocus(tree: try query(.getTree)).appID
    }

    /// The focused window's app_id (or Xwayland class) in a `get_tree` reply.
    static func focusedAppID(in tree: JSONValue) -> String? {
        SwayFocus(tree: tree).appID
    }

    /// Sends a query (`getWorkspaces`, `getTree`) and parses the reply.
    ///
    /// - Throws: a transport error, or ``SwayIPCError/badReply(_:)`` when it is not JSON.
    public func query(_ type: MessageType) throws(SwayIPCError) -> JSONValue {
        let text = try request(type)
        do { return try JSONValue.parse(text) } catch { throw .badReply("not JSON (\(error))") }
    }

    private func writeAll(_ fd: CInt, _ bytes: [UInt8]) throws(SwayIPCError) {
        do { try FileDescriptor(rawValue: fd).sendAll(bytes) } catch {
            throw error.code == EAGAIN ? .timedOut : .system(call: error.call, code: error.code)
        }
    }

    private func readExactly(_ fd: CInt, _ count: Int) throws(SwayIPCError) -> [UInt8] {
        let bytes: [UInt8]
        do { bytes = try FileDescriptor(rawValue: fd).read(upTo: count) } catch {
            throw error.code == EAGAIN ? .timedOut : .system(call: error.call, code: error.code)
        }
        guard bytes.count == count else { throw .badReply("sway closed the socket mid-reply") }
        return bytes
    }

    static func littleEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value >> 16 & 0xFF), UInt8(value >> 24)]
    }

    static func uint32(_ bytes: [UInt8], at offset: Int) -> UInt32 {
        UInt32(bytes[offset]) | UInt32(bytes[offset + 1]) << 8 | UInt32(bytes[offset + 2]) << 16 | UInt32(bytes[offset + 3]) << 24
    }
}

/// A failed sway IPC request.
public enum SwayIPCError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Neither `$SWAYSOCK` nor `$I3SOCK` is set (not a sway session).
    case noSocket
    /// The path does not fit in a Unix socket address.
    case pathTooLong(String)
    /// Nothing listens at the path (errno: `ENOENT`, `ECONNREFUSED` after sway exited).
    case cannotConnect(path: String, code: CInt)
    /// sway did not answer within the timeout.
    case timedOut
    /// A socket call failed.
    case system(call: String, code: CInt)
    /// The reply was not a well-formed i3-ipc frame or not the JSON expected.
    case badReply(String)
    /// sway ran the command and reported failure.
    case commandFailed(command: String, error: String)

    /// One line for the log.
    public var description: String {
        switch self {
        case .noSocket: return "SWAYSOCK is not set: not a sway session"
        case .pathTooLong(let path): return "sway socket path too long: \(path)"
        case .cannotConnect(let path, let code): return "cannot connect to sway at \(path): \(String(cString: strerror(code)))"
        case .timedOut: return "sway did not answer within \(SwayIPC.timeoutSeconds) s"
        case .system(let call, let code): return "\(call): \(String(cString: strerror(code)))"
        case .badReply(let reason): return "bad reply from sway: \(reason)"
        case .commandFailed(let command, let error): return "sway command '\(command)' failed: \(error)"
        }
    }
}
