// What can go wrong between gesto and the compositor, as typed values that say where:
// the display that could not be reached, the protocol the compositor lacks, the object that
// raised a protocol error. The daemon logs them and carries on; nothing here traps.
import Glibc

/// A failure talking to the Wayland compositor.
public enum WaylandError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Neither the session's display name nor `$WAYLAND_DISPLAY` is set, and no `wayland-*`
    /// socket in the runtime folder accepts a connection.
    case noDisplay
    /// `wl_display_connect` failed for this display name (errno: `ENOENT` when no
    /// compositor listens there).
    case connectFailed(display: String, code: CInt)
    /// The connection is gone (errno: `EPIPE` when the compositor exited).
    case connectionLost(code: CInt)
    /// The compositor killed the connection with a protocol error on an object.
    case protocolError(interface: String, code: UInt32, objectID: UInt32)
    /// The session is not connected (never connected, or waiting to reconnect).
    case notConnected
    /// The compositor does not offer the global this operation needs (its interface name).
    case missingProtocol(String)
    /// The compositor offers the global, but in a version too old for this request.
    case versionTooOld(interface: String, has: UInt32, needs: UInt32)
    /// No window is focused, so a `window:` action has nothing to act on.
    case noFocusedWindow
    /// No window with this id is known (it closed).
    case unknownWindow(Toplevel.ID)
    /// The virtual keyboard's keymap could not be made or sent.
    case keymap(String)
    /// The key combination names a key the keymap does not have.
    case keyNotInKeymap(String)
    /// An overlay surface or its buffers could not be made (the reason names the call, or the
    /// drawing library that could not be opened).
    case overlay(String)
    /// libwayland-client could not be opened (the reason names the soname and Debian package).
    case libraryUnavailable(String)

    /// One line for the log.
    public var description: String {
        switch self {
        case .noDisplay:
            return "WAYLAND_DISPLAY is not set and no compositor listens in the runtime folder: not in a Wayland session (yet)"
        case .connectFailed(let display, let code):
            return "cannot connect to Wayland display '\(display)': \(String(cString: strerror(code)))"
        case .connectionLost(let code):
            return "lost the Wayland connection: \(String(cString: strerror(code)))"
        case .protocolError(let interface, let code, let objectID):
            return "the compositor raised protocol error \(code) on \(interface)@\(objectID)"
        case .notConnected:
            return "not connected to the compositor"
        case .missingProtocol(let interface):
            return "the compositor does not offer \(interface)"
        case .versionTooOld(let interface, let has, let needs):
            return "the compositor offers \(interface) version \(has); this needs version \(needs)"
        case .noFocusedWindow:
            return "no window is focused"
        case .unknownWindow(let id):
            return "no window \(id) (it closed)"
        case .keymap(let reason):
            return "virtual keyboard keymap: \(reason)"
        case .keyNotInKeymap(let name):
            return "key '\(name)' is not on the keyboard layout"
        case .overlay(let reason):
            return "overlay: \(reason)"
        case .libraryUnavailable(let reason):
            return "Wayland: \(reason)"
        }
    }
}
