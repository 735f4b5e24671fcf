// A client for Hyprland's request socket, the one `hyprctl` speaks
// ($XDG_RUNTIME_DIR/hypr/$HYPRLAND_INSTANCE_SIGNATURE/.socket.sock, Hyprland 0.40 and later):
// one connection per request, the request's text written as it is, the reply read to the end
// of the stream (Hyprland closes the connection once it answered). gestod sends `hyprland:`
// bindings' dispatches over it; inside Hyprland the gesto-hyprland plugin hands them to the
// same request handler (HyprlandAPI::invokeHyprctlCommand).
import Glibc
import GestoSystem

/// Talks to Hyprland over its request socket without spawning `hyprctl`.
public struct HyprlandIPC: Sendable {
    /// How long a request may wait for Hyprland before failing, so a hung compositor cannot
    /// stall gestod's loop (Hyprland answers a dispatch in well under a millisecond).
    static let timeoutSeconds = 2
    /// Replies longer than this are cut (a dispatch's is "ok" or one error line).
    static let maximumReplySize = 64 << 10

    /// The socket's path.
    public var socketPath: String

    /// A client for the socket at `socketPath`.
    public init(socketPath: String) { self.socketPath = socketPath }

    /// The socket of `$HYPRLAND_INSTANCE_SIGNATURE` in `$XDG_RUNTIME_DIR/hypr`, nil when either
    /// is unset (not a Hyprland session, or not started from one).
    public static func fromEnvironment() -> HyprlandIPC? {
        guard let signature = getenv("HYPRLAND_INSTANCE_SIGNATURE"), signature.pointee != 0,
              let runtime = getenv("XDG_RUNTIME_DIR"), runtime.pointee != 0 else { return nil }
        return HyprlandIPC(socketPath: socketPath(in: String(cString: runtime), signature: String(cString: signature)))
    }

    /// The request socket of the instance `signature` under `runtimeDirectory`.
    static func socketPath(in runtimeDirectory: String, signature: String) -> String {
        runtimeDirectory + "/hypr/" + signature + "/.socket.sock"
    }

    /// The socket of a running Hyprland in `runtimeDirectory` (an instance folder under
    /// `hypr/` whose request socket accepts a connection), for a gestod started before
    /// Hyprland, which has no `$HYPRLAND_INSTANCE_SIGNATURE`.
    public static func discover(in runtimeDirectory: String) -> HyprlandIPC? {
        guard let folder = opendir(runtimeDirectory + "/hypr") else { return nil }
        defer { closedir(folder) }
        while let entry = readdir(folder) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard !name.hasPrefix(".") else { continue }
            let ipc = HyprlandIPC(socketPath: socketPath(in: runtimeDirectory, signature: name))
            guard let fd = try? connectUnixStream(ipc.socketPath, timeoutSeconds: timeoutSeconds) else { continue }
            try? fd.close()
            return ipc
        }
        return nil
    }

    /// Sends one request (`dispatch …`, `j/activeworkspace`) and returns Hyprland's reply.
    ///
    /// - Throws: ``HyprlandIPCError`` when the socket cannot be reached or times out.
    public func request(_ text: String) throws(HyprlandIPCError) -> String {
        let fd: FileDescriptor
        do { fd = try connectUnixStream(socketPath, timeoutSeconds: Self.timeoutSeconds) } catch {
            switch error {
            case .pathTooLong: throw .pathTooLong(socketPath)
            case .cannotConnect(let code): throw .cannotConnect(path: socketPath, code: code)
            case .system(let call, let code): throw .system(call: call, code: code)
            }
        }
        defer { try? fd.close() }
        do {
            try fd.sendAll(Array(text.utf8))
            return String(decoding: try fd.read(upTo: Self.maximumReplySize), as: UTF8.self)
        } catch {
            throw error.code == EAGAIN ? .timedOut : .system(call: error.call, code: error.code)
        }
    }

    /// Runs `dispatch` as `hyprctl dispatch` does: with a Lua config (Hyprland 0.55 and later;
    /// 0.57 has no other) Hyprland evaluates `hl.dispatch(DISPATCH)`, with a hyprlang one it
    /// reads `DISPATCHER ARGUMENT`. A reply that begins with "ok" is success, as Hyprland
    /// itself reads it.
    ///
    /// - Throws: ``HyprlandIPCError/dispatchFailed(dispatch:reply:)`` with Hyprland's answer
    ///   when it refused, or a transport error.
    public func dispatch(_ dispatch: String) throws(HyprlandIPCError) {
        let reply = try request("dispatch " + dispatch)
        guard reply.hasPrefix("ok") else {
            throw .dispatchFailed(dispatch: dispatch, reply: String(reply.prefix { $0 != "\n" }))
        }
    }
}

/// A failed Hyprland IPC request.
public enum HyprlandIPCError: Error, Sendable, Equatable, CustomStringConvertible {
    /// `$HYPRLAND_INSTANCE_SIGNATURE` is not set and no running Hyprland was found.
    case noSocket
    /// The path does not fit in a Unix socket address.
    case pathTooLong(String)
    /// Nothing listens at the path (errno: `ENOENT`, `ECONNREFUSED` after Hyprland exited).
    case cannotConnect(path: String, code: CInt)
    /// Hyprland did not answer within the timeout.
    case timedOut
    /// A socket call failed.
    case system(call: String, code: CInt)
    /// Hyprland ran the dispatch and reported failure (its reply's first line).
    case dispatchFailed(dispatch: String, reply: String)

    /// One line for the log.
    public var description: String {
        switch self {
        case .noSocket: return "HYPRLAND_INSTANCE_SIGNATURE is not set and no Hyprland runs: not a Hyprland session"
        case .pathTooLong(let path): return "Hyprland socket path too long: \(path)"
        case .cannotConnect(let path, let code): return "cannot connect to Hyprland at \(path): \(String(cString: strerror(code)))"
        case .timedOut: return "Hyprland did not answer within \(HyprlandIPC.timeoutSeconds) s"
        case .system(let call, let code): return "\(call): \(String(cString: strerror(code)))"
        case .dispatchFailed(let dispatch, let reply): return "Hyprland's dispatch '\(dispatch)' failed: \(reply)"
        }
    }
}
