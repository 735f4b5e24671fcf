// The Wayland session as gesto sees it: one client connection, the registry (bound with
// version checks, degraded with a message when a protocol is missing), the toplevel windows
// and the focused one. Ported in shape from wlsunset's main.c: one listener constant per
// interface, one method per event, and a dispatch step the daemon's epoll loop drives.
import CGestoWayland
import CWaylandClient
import CWaylandProtocols
import GestoConfig
import GestoSystem
import Glibc

/// A connection to the compositor and the windows it reports.
///
/// Single-threaded: call everything on the thread that runs the daemon's loop. The session
/// does not block except in ``connect()`` (up to three roundtrips) and never reconnects by itself:
/// the daemon's loop calls ``connect()`` again after a backoff (see ``ReconnectBackoff``).
public final class WaylandSession {
    /// The globals gesto binds, with the versions it speaks.
    public enum Global: String, Sendable, CaseIterable {
        /// Window list and window operations (`window:` actions, `app:` bindings). Version 3.
        case foreignToplevelManager = "zwlr_foreign_toplevel_manager_v1"
        /// Synthetic key presses (`keys:` actions). Version 1.
        case virtualKeyboardManager = "zwp_virtual_keyboard_manager_v1"
        /// Overlay surfaces (gesture feedback). Version 4; bound with wl_compositor and wl_shm.
        case layerShell = "zwlr_layer_shell_v1"
        /// The seat that activation and the virtual keyboard act on. Version 1 is enough.
        case seat = "wl_seat"
        /// A synthetic pointer (`drag:` actions). Version 1: relative motion, buttons, frames.
        case virtualPointerManager = "zwlr_virtual_pointer_manager_v1"

        /// The highest version gesto speaks.
        public var supportedVersion: UInt32 {
            switch self {
            case .foreignToplevelManager: 3
            case .virtualKeyboardManager: 1
            case .layerShell: 4
            case .seat: 1
            case .virtualPointerManager: 1
            }
        }

        /// What stops working without it, for the degraded-session message.
        public var consequence: String {
            switch self {
            case .foreignToplevelManager: "window: actions and app: bindings are off"
            case .virtualKeyboardManager: "keys: actions are off"
            case .layerShell: "gesture overlays are off"
            case .seat: "keys: actions, drag: actions and window activation are off"
            case .virtualPointerManager: "drag: actions are off (inside Wayfire, the gesto-wayfire plugin drags)"
            }
        }
    }

    /// What changed, reported through ``onChange``.
    public enum Change: Sendable, Equatable {
        /// A window opened, closed or changed (after its `done` event).
        case windows
        /// The focused window's app_id changed (nil: no window focused).
        case focus(appID: String?)
        /// An output was described anew (after its `done` event: a name, transform or physical
        /// size may have changed), appeared or went away, or the outputs were forgotten on
        /// disconnect: ``outputs`` holds the new list.
        case outputs
    }

    /// The display name given at init (a socket name in `$XDG_RUNTIME_DIR` or an absolute
    /// path), or nil to use `$WAYLAND_DISPLAY` at each connect, else the first `wayland-*`
    /// socket in ``runtimeDirectory`` that accepts a connection.
    public let displayName: String?
    /// Where a session with no display name looks for `wayland-*` sockets when
    /// `$WAYLAND_DISPLAY` is unset (by default `$XDG_RUNTIME_DIR`).
    public let runtimeDirectory: String?
    /// The display the live connection reached (the name given, `$WAYLAND_DISPLAY`, or the
    /// socket found in ``runtimeDirectory``); nil while disconnected.
    public private(set) var connectedDisplay: String?
    /// Called after windows, focus or outputs change, from whichever session method dispatched
    /// the events (``connect()``, ``dispatch()``, ``roundtrip()``, ``disconnect()``).
    public var onChange: ((Change) -> Void)?
    /// The keymap names the virtual keyboard compiles (nil fields come from `XKB_DEFAULT_*`,
    /// then `us`).
    public let keymapNames: KeymapNames

    /// The windows, in the order they opened.
    public private(set) var toplevels: [Toplevel] = []
    private var connection: Connection?
    private var nextToplevelID: UInt64 = 1
    private var lastFocusedAppID: String?
    private var keymap: Keymap?
    /// Called first in ``disconnect()``, keyed by the overlay that registered.
    var disconnectHandlers: [ObjectIdentifier: () -> Void] = [:]

    /// Makes a disconnected session.
    ///
    /// - Parameters:
    ///   - displayName: A socket name or absolute path; nil reads `$WAYLAND_DISPLAY` when
    ///     connecting.
    ///   - keymapNames: The layout for `keys:` actions; by default the user's, from the
    ///     `XKB_DEFAULT_*` environment, else `us`.
    ///   - runtimeDirectory: Where to look for a compositor's socket when there is no
    ///     display name and `$WAYLAND_DISPLAY` is unset; by default `$XDG_RUNTIME_DIR`.
    public init(displayName: String? = nil, keymapNames: KeymapNames = KeymapNames(),
                runtimeDirectory: String? = getenv("XDG_RUNTIME_DIR").map { String(cString: $0) }) {
        self.displayName = displayName
        self.keymapNames = keymapNames
        self.runtimeDirectory = runtimeDirectory
    }

    /// The `wayland-*` sockets in `directory`, by name (`wayland-0` before `wayland-1`).
    public static func displaySockets(in directory: String) -> [String] {
        guard let folder = opendir(directory) else { return [] }
        defer { closedir(folder) }
        var names: [String] = []
        while let entry = readdir(folder) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard name.hasPrefix("wayland-"), !name.hasSuffix(".lock") else { continue }
            var information = stat()
            if stat(directory + "/" + name, &information) == 0, information.st_mode & S_IFMT == S_IFSOCK { names.append(name) }
        }
        return names.sorted { $0.count != $1.count ? $0.count < $1.count : $0 < $1 }
    }

    deinit { disconnect() }

    // MARK: Queries

    /// Whether the session has a live connection.
    public var isConnected: Bool { connection != nil }

    /// The display connection's descriptor, for the daemon's epoll loop; nil while disconnected.
    public var fileDescriptor: CInt? { connection.map { wl_display_get_fd($0.display) } }

    /// The focused window (the one in the `activated` state), if any.
    public var focusedToplevel: Toplevel? { toplevels.last { $0.isFocused } }

    /// The focused window's app_id, for `app:` bindings (`BindingMatcher`'s `focusedApp`).
    public var focusedAppID: String? { focusedToplevel?.appID }

    /// The globals gesto uses that the compositor does not offer (empty while disconnected).
    public var missingGlobals: [Global] {
        guard let connection else { return [] }
        return Global.allCases.filter { connection.offered[$0] == nil }
    }

    /// The version the compositor offers of `global`, nil when it lacks it or while
    /// disconnected.
    public func offeredVersion(of global: Global) -> UInt32? { connection?.offered[global] }

    /// One line per missing global, naming it and what stops working, for the log after
    /// connecting (empty when the compositor has everything).
    public var degradationReport: [String] {
        missingGlobals.map { "the compositor lacks \($0.rawValue): \($0.consequence)" }
    }

    // MARK: Connection

    /// Connects, binds the globals, reads the initial window list (two roundtrips) and, when
    /// the compositor offers it, makes the virtual keyboard and waits until the compositor has
    /// its keymap (a third roundtrip): on a seat with no other keyboard the compositor only
    /// then gives the seat a keyboard, and a key sent in the same batch as the keymap is lost.
    /// A keyboard that cannot be made here (no keymap) is retried by the first ``type(_:)``.
    ///
    /// - Throws: ``WaylandError/libraryUnavailable(_:)`` without libwayland-client,
    ///   ``WaylandError/noDisplay``, ``WaylandError/connectFailed(display:code:)``
    ///   when no compositor listens, or the error that ended a roundtrip. The session is
    ///   disconnected after a throw.
    public func connect() throws(WaylandError) {
        if connection != nil { return }
        // libwayland-client is opened here, at the first connection, not at start.
        if let reason = gesto_wayland_open() { throw .libraryUnavailable(String(cString: reason)) }
        let display: OpaquePointer
        let reached: String
        if let name = displayName ?? getenv("WAYLAND_DISPLAY").map({ String(cString: $0) }), !name.isEmpty {
            guard let connected = wl_display_connect(name) else {
                throw .connectFailed(display: name, code: errno == 0 ? ENOENT : errno)
            }
            (display, reached) = (connected, name)
        } else {
            // No display named: the first socket in the runtime folder that answers (a socket
            // left by a compositor that crashed refuses). Absolute paths, so the environment's
            // XDG_RUNTIME_DIR does not matter.
            guard let directory = runtimeDirectory, !directory.isEmpty,
                  let found = Self.displaySockets(in: directory).lazy.compactMap({ name in
                      wl_display_connect(directory + "/" + name).map { ($0, directory + "/" + name) }
                  }).first else {
                throw .noDisplay
            }
            (display, reached) = found
        }
        connectedDisplay = reached
        let connection = Connection(display: display)
        self.connection = connection
        connection.registry = wl_display_get_registry(display)
        wl_registry_add_listener(connection.registry, Self.registryListener, context)
        do {
            // The first roundtrip binds the globals; the second brings the toplevels and
            // their first `done`.
            try roundtrip()
            try roundtrip()
            if (try? makeVirtualKeyboard(on: connection)) == true { try roundtrip() }
        } catch {
            disconnect()
            throw error
        }
    }

    /// Creates the connection's virtual keyboard and queues its keymap, if the compositor
    /// offers a seat and the manager and there is none yet; returns whether it made one.
    private func makeVirtualKeyboard(on connection: Connection) throws(WaylandError) -> Bool {
        guard connection.virtualKeyboard == nil else { return false }
        guard let manager = connection.keyboardManager else { throw .missingProtocol(Global.virtualKeyboardManager.rawValue) }
        guard let seat = connection.seat else { throw .missingProtocol(Global.seat.rawValue) }
        if keymap == nil { keymap = try Keymap(names: keymapNames) }
        guard let keymap else { throw .keymap("no keymap") }
        connection.virtualKeyboard = try VirtualKeyboard(manager: manager, seat: seat, keymap: keymap)
        return true
    }

    /// Drops the connection (if any) and forgets its windows. Safe to call twice. Call the
    /// daemon loop's `unregister` on ``fileDescriptor`` first: this closes it.
    public func disconnect() {
        guard let connection else { return }
        flushBeforeClosing(connection, milliseconds: 1_000)
        settleBeforeClosing(connection, milliseconds: 1_000)
        // Overlays destroy their surfaces while the display still exists.
        for handler in disconnectHandlers.values { handler() }
        self.connection = nil
        connectedDisplay = nil
        connection.virtualKeyboard?.destroy()
        connection.virtualPointer?.destroy()
        for (handle, _) in connection.handles { wl_proxy_destroy(OpaquePointer(handle)) }
        for (output, _) in connection.outputs { wl_proxy_destroy(output) }
        for proxy in [connection.toplevelManager, connection.keyboardManager, connection.pointerManager, connection.seat, connection.layerShell,
                      connection.compositor, connection.shm, connection.registry] {
            if let proxy { wl_proxy_destroy(proxy) }
        }
        wl_display_disconnect(connection.display)
        let hadWindows = !toplevels.isEmpty
        toplevels = []
        if hadWindows { onChange?(.windows) }
        if !connection.outputs.isEmpty { onChange?(.outputs) }
        reportFocus()
    }

    /// Sends queued requests and waits until the compositor has answered them all.
    ///
    /// - Throws: ``WaylandError/notConnected``, or the error that ended the connection.
    public func roundtrip() throws(WaylandError) {
        guard let connection else { throw .notConnected }
        if wl_display_roundtrip(connection.display) == -1 { throw error(of: connection) }
    }

    /// Reads and dispatches what the compositor sent; call when ``fileDescriptor`` is
    /// readable. wlsunset's order: prepare_read (dispatching what is already queued), flush,
    /// read_events, dispatch_pending. Never blocks.
    ///
    /// - Throws: ``WaylandError/connectionLost(code:)`` or
    ///   ``WaylandError/protocolError(interface:code:objectID:)`` when the connection ended;
    ///   the caller then unregisters the descriptor, calls ``disconnect()`` and reconnects
    ///   later.
    public func dispatch() throws(WaylandError) {
        guard let connection else { throw .notConnected }
        let display = connection.display
        while wl_display_prepare_read(display) != 0 {
            if wl_display_dispatch_pending(display) == -1 { throw error(of: connection) }
        }
        // EAGAIN leaves output queued for the next flush; EPIPE still lets read_events see
        // the protocol error the compositor sent before closing.
        _ = wl_display_flush(display)
        if wl_display_read_events(display) == -1 {
            if errno != EAGAIN { throw error(of: connection) }
        }
        if wl_display_dispatch_pending(display) == -1 { throw error(of: connection) }
    }

    /// Writes every queued request before the connection closes, waiting up to
    /// `milliseconds` for the socket to take them: each drag event is flushed as it is sent,
    /// and a compositor slow to read (a loaded machine) fills the socket with those small
    /// writes; what was still queued, a drag's release, was lost with the connection, and the
    /// client kept the button down.
    private func flushBeforeClosing(_ connection: Connection, milliseconds: Int) {
        let deadline = MonotonicClock.now().advanced(bySeconds: Double(milliseconds) / 1_000)
        while wl_display_flush(connection.display) == -1 && errno == EAGAIN {
            let left = deadline.microseconds(since: MonotonicClock.now()) / 1_000
            guard left > 0 else { return }
            var socket = pollfd(fd: wl_display_get_fd(connection.display), events: Int16(POLLOUT), revents: 0)
            _ = poll(&socket, 1, Int32(left))
        }
    }

    /// Waits, up to `milliseconds`, until the compositor has handled every request sent so
    /// far: a `wl_display.sync` and its `done`. libwayland's server destroys a client whose
    /// socket hung up without reading what is still in it, so a key typed just before gestod
    /// exits (a replay's last gesture) was lost in about one run of three on a loaded machine,
    /// as wlrctl's are. Nothing to wait for on a connection that already failed.
    private func settleBeforeClosing(_ connection: Connection, milliseconds: Int) {
        let display = connection.display
        guard wl_display_get_error(display) == 0, let callback = wl_display_sync(display) else { return }
        let done = UnsafeMutablePointer<Bool>.allocate(capacity: 1)
        done.initialize(to: false)
        defer {
            wl_callback_destroy(callback)
            done.deallocate()
        }
        wl_callback_add_listener(callback, Self.syncListener, done)
        let deadline = MonotonicClock.now().advanced(bySeconds: Double(milliseconds) / 1_000)
        while !done.pointee {
            // wlsunset's order, as in dispatch(), with a bounded poll between flush and read.
            while wl_display_prepare_read(display) != 0 {
                if wl_display_dispatch_pending(display) == -1 { return }
            }
            _ = wl_display_flush(display)
            let left = deadline.microseconds(since: MonotonicClock.now()) / 1_000
            var socket = pollfd(fd: wl_display_get_fd(display), events: Int16(POLLIN), revents: 0)
            let readable = !done.pointee && left > 0 && poll(&socket, 1, Int32(left)) > 0
            // read_events ends the read prepared above either way (EAGAIN when nothing came).
            if wl_display_read_events(display) == -1 && errno != EAGAIN { return }
            if wl_display_dispatch_pending(display) == -1 { return }
            if !readable { return }
        }
    }

    /// wl_callback of the `wl_display.sync` ``settleBeforeClosing(_:milliseconds:)`` sends: its
    /// data is the flag to set.
    nonisolated(unsafe) private static let syncListener = UnsafeMutablePointer.permanent(wl_callback_listener(
        done: { data, _, _ in data?.assumingMemoryBound(to: Bool.self).pointee = true }
    ))

    /// Writes queued requests to the socket.
    ///
    /// - Returns: true when everything was written; false when the socket is full (watch
    ///   the descriptor for writability and flush again).
    /// - Throws: the error that ended the connection.
    @discardableResult
    public func flush() throws(WaylandError) -> Bool {
        guard let connection else { throw .notConnected }
        if wl_display_flush(connection.display) == -1 {
            if errno == EAGAIN { return false }
            throw error(of: connection)
        }
        return true
    }

    private func error(of connection: Connection) -> WaylandError {
        let code = wl_display_get_error(connection.display)
        if code == EPROTO {
            var interface: UnsafePointer<wl_interface>?
            var objectID: UInt32 = 0
            let protocolCode = wl_display_get_protocol_error(connection.display, &interface, &objectID)
            let name = interface.map { String(cString: $0.pointee.name) } ?? "wl_display"
            return .protocolError(interface: name, code: protocolCode, objectID: objectID)
        }
        return .connectionLost(code: code == 0 ? EPIPE : code)
    }

    // MARK: Windows

    /// Asks the compositor to apply `operation` to a window: the focused one by default.
    /// `maximize` and `fullscreen` toggle from the window's current state. The effect shows
    /// later as state events (or not at all: compositors may refuse, and sway ignores
    /// minimize and maximize).
    ///
    /// - Throws: ``WaylandError/noFocusedWindow``, ``WaylandError/unknownWindow(_:)``,
    ///   ``WaylandError/missingProtocol(_:)``, ``WaylandError/versionTooOld(interface:has:needs:)``
    ///   (fullscreen needs version 2), or a connection error from the flush.
    public func perform(_ operation: WindowOperation, on id: Toplevel.ID? = nil) throws(WaylandError) {
        guard let connection else { throw .notConnected }
        guard connection.toplevelManager != nil else { throw .missingProtocol(Global.foreignToplevelManager.rawValue) }
        guard let target = id ?? focusedToplevel?.id else { throw .noFocusedWindow }
        guard let (handle, record) = connection.handles.first(where: { $0.value.committed.id == target }) else {
            throw .unknownWindow(target)
        }
        let handleProxy = OpaquePointer(handle)
        let states = record.committed.states
        switch operation {
        case .activate:
            guard let seat = connection.seat else { throw .missingProtocol(Global.seat.rawValue) }
            zwlr_foreign_toplevel_handle_v1_activate(handleProxy, seat)
        case .close:
            zwlr_foreign_toplevel_handle_v1_close(handleProxy)
        case .minimize:
            zwlr_foreign_toplevel_handle_v1_set_minimized(handleProxy)
        case .maximize:
            if states.contains(.maximized) {
                zwlr_foreign_toplevel_handle_v1_unset_maximized(handleProxy)
            } else {
                zwlr_foreign_toplevel_handle_v1_set_maximized(handleProxy)
            }
        case .fullscreen:
            let version = wl_proxy_get_version(handleProxy)
            guard version >= 2 else {
                throw .versionTooOld(interface: "zwlr_foreign_toplevel_handle_v1", has: version, needs: 2)
            }
            if states.contains(.fullscreen) {
                zwlr_foreign_toplevel_handle_v1_unset_fullscreen(handleProxy)
            } else {
                zwlr_foreign_toplevel_handle_v1_set_fullscreen(handleProxy, nil)
            }
        }
        try flush()
    }

    // MARK: Keys

    /// Types `combination` on the virtual keyboard: each key pressed in order, then released
    /// in reverse, with the modifier state updated after each. The keyboard and its keymap
    /// are made on first use in each connection.
    ///
    /// - Throws: ``WaylandError/missingProtocol(_:)`` (virtual keyboard or seat),
    ///   ``WaylandError/keymap(_:)``, ``WaylandError/keyNotInKeymap(_:)``, or a connection
    ///   error from the flush.
    public func type(_ combination: KeyCombination) throws(WaylandError) {
        guard let connection else { throw .notConnected }
        // Made at connect; made here only when that failed or the seat came back since, and
        // then the keymap must reach the compositor before the first key does.
        if try makeVirtualKeyboard(on: connection) { try roundtrip() }
        try connection.virtualKeyboard?.type(combination)
        try flush()
    }

    // MARK: Pointer

    /// Sends one event of a drag through the virtual pointer (made on first use in each
    /// connection), with its frame, and flushes.
    ///
    /// - Throws: ``WaylandError/missingProtocol(_:)`` (virtual pointer or seat), or a
    ///   connection error from the flush.
    public func drag(_ event: PointerDragEvent) throws(WaylandError) {
        guard let connection else { throw .notConnected }
        try makeVirtualPointer(on: connection)
        connection.virtualPointer?.send(event)
        try flush()
    }

    /// Makes the connection's virtual pointer ahead of the first drag and waits for the
    /// compositor to have it (a roundtrip), so that clients are told of the pointer before a
    /// drag's press. Does nothing when it exists.
    ///
    /// - Throws: ``WaylandError/missingProtocol(_:)`` (virtual pointer or seat), or a
    ///   connection error from the roundtrip.
    public func prepareDragPointer() throws(WaylandError) {
        guard let connection else { throw .notConnected }
        guard connection.virtualPointer == nil else { return }
        try makeVirtualPointer(on: connection)
        try roundtrip()
    }

    private func makeVirtualPointer(on connection: Connection) throws(WaylandError) {
        guard connection.virtualPointer == nil else { return }
        guard let manager = connection.pointerManager else { throw .missingProtocol(Global.virtualPointerManager.rawValue) }
        guard let seat = connection.seat else { throw .missingProtocol(Global.seat.rawValue) }
        connection.virtualPointer = try VirtualPointer(manager: manager, seat: seat)
    }

    // MARK: Internals

    /// One connection's objects. Proxies are `OpaquePointer`s; handle dictionaries are keyed
    /// by the proxy's address.
    final class Connection {
        let display: OpaquePointer
        var registry: OpaquePointer?
        var seat: OpaquePointer?
        var seatName: UInt32 = 0
        var toplevelManager: OpaquePointer?
        var toplevelManagerName: UInt32 = 0
        var keyboardManager: OpaquePointer?
        var keyboardManagerName: UInt32 = 0
        var pointerManager: OpaquePointer?
        var pointerManagerName: UInt32 = 0
        var layerShell: OpaquePointer?
        var layerShellName: UInt32 = 0
        /// wl_compositor and wl_shm: surfaces and shared-memory buffers for overlays.
        var compositor: OpaquePointer?
        var shm: OpaquePointer?
        /// Global → version offered.
        var offered: [Global: UInt32] = [:]
        /// wl_output proxy → its global name and output name.
        var outputs: [OpaquePointer: OutputRecord] = [:]
        /// Toplevel handle address → its pending and committed values.
        var handles: [UnsafeMutableRawPointer: ToplevelRecord] = [:]
        var virtualKeyboard: VirtualKeyboard?
        var virtualPointer: VirtualPointer?

        init(display: OpaquePointer) { self.display = display }
    }

    struct OutputRecord {
        var globalName: UInt32
        var name: String?
        /// The output's scale factor (wl_output.scale; 1 until told).
        var scale: Int32 = 1
        /// wl_output.geometry's transform (a `wl_output_transform`: 0–3 rotations, 4–7 flipped).
        var transform: Int32 = 0
        /// wl_output.geometry's physical size in mm, of the panel as built (0 when unknown).
        var physicalWidth: Int32 = 0
        var physicalHeight: Int32 = 0
    }

    struct ToplevelRecord {
        /// Changes since the last `done`.
        var pending: Toplevel
        /// The value as of the last `done` (what ``toplevels`` shows).
        var committed: Toplevel
        /// Whether a `done` has been seen (only then is it in ``toplevels``).
        var isAnnounced = false
    }

    /// The pointer the listeners get back as their `data`.
    var context: UnsafeMutableRawPointer { Unmanaged.passUnretained(self).toOpaque() }

    static func from(_ data: UnsafeMutableRawPointer?) -> WaylandSession {
        Unmanaged<WaylandSession>.fromOpaque(data!).takeUnretainedValue()
    }

    func reportFocus() {
        let appID = focusedAppID
        if appID != lastFocusedAppID {
            lastFocusedAppID = appID
            onChange?(.focus(appID: appID))
        }
    }

    // MARK: wl_registry events

    func registry(_ registry: OpaquePointer?, announced name: UInt32, interface: String, version: UInt32) {
        guard let connection, let registry else { return }
        func bind(_ wlInterface: UnsafePointer<wl_interface>, _ supported: UInt32) -> OpaquePointer? {
            wl_registry_bind(registry, name, wlInterface, min(version, supported)).map(OpaquePointer.init)
        }
        switch interface {
        case Global.seat.rawValue where connection.seat == nil:
            connection.offered[.seat] = version
            connection.seat = bind(gesto_wl_seat_interface(), Global.seat.supportedVersion)
            connection.seatName = name
        case "wl_output":
            if let output = bind(gesto_wl_output_interface(), 4) {
                connection.outputs[output] = OutputRecord(globalName: name, name: nil)
                wl_output_add_listener(output, Self.outputListener, context)
            }
        case Global.foreignToplevelManager.rawValue where connection.toplevelManager == nil:
            connection.offered[.foreignToplevelManager] = version
            connection.toplevelManager = bind(gesto_zwlr_foreign_toplevel_manager_v1_interface(), Global.foreignToplevelManager.supportedVersion)
            connection.toplevelManagerName = name
            zwlr_foreign_toplevel_manager_v1_add_listener(connection.toplevelManager, Self.toplevelManagerListener, context)
        case Global.virtualKeyboardManager.rawValue where connection.keyboardManager == nil:
            connection.offered[.virtualKeyboardManager] = version
            connection.keyboardManager = bind(gesto_zwp_virtual_keyboard_manager_v1_interface(), Global.virtualKeyboardManager.supportedVersion)
            connection.keyboardManagerName = name
        case Global.virtualPointerManager.rawValue where connection.pointerManager == nil:
            connection.offered[.virtualPointerManager] = version
            connection.pointerManager = bind(gesto_zwlr_virtual_pointer_manager_v1_interface(), Global.virtualPointerManager.supportedVersion)
            connection.pointerManagerName = name
        case Global.layerShell.rawValue where connection.layerShell == nil:
            connection.offered[.layerShell] = version
            connection.layerShell = bind(gesto_zwlr_layer_shell_v1_interface(), Global.layerShell.supportedVersion)
            connection.layerShellName = name
        case "wl_compositor" where connection.compositor == nil:
            connection.compositor = bind(gesto_wl_compositor_interface(), 4)
        case "wl_shm" where connection.shm == nil:
            connection.shm = bind(gesto_wl_shm_interface(), 1)
        default:
            break
        }
    }

    func registry(_ registry: OpaquePointer?, removed name: UInt32) {
        guard let connection else { return }
        if let (output, _) = connection.outputs.first(where: { $0.value.globalName == name }) {
            connection.outputs[output] = nil
            wl_proxy_destroy(output)
            onChange?(.outputs)
        } else if name == connection.seatName, let seat = connection.seat {
            connection.virtualKeyboard?.destroy()
            connection.virtualKeyboard = nil
            connection.virtualPointer?.destroy()
            connection.virtualPointer = nil
            wl_proxy_destroy(seat)
            connection.seat = nil
            connection.offered[.seat] = nil
        } else if name == connection.keyboardManagerName, let manager = connection.keyboardManager {
            wl_proxy_destroy(manager)
            connection.keyboardManager = nil
            connection.offered[.virtualKeyboardManager] = nil
        } else if name == connection.pointerManagerName, let manager = connection.pointerManager {
            connection.virtualPointer?.destroy()
            connection.virtualPointer = nil
            wl_proxy_destroy(manager)
            connection.pointerManager = nil
            connection.offered[.virtualPointerManager] = nil
        } else if name == connection.layerShellName, let layerShell = connection.layerShell {
            for handler in disconnectHandlers.values { handler() }
            wl_proxy_destroy(layerShell)
            connection.layerShell = nil
            connection.offered[.layerShell] = nil
        }
    }

    // MARK: wl_output events

    func output(_ output: OpaquePointer?, named name: String) {
        guard let connection, let output else { return }
        connection.outputs[output]?.name = name
    }

    func output(_ output: OpaquePointer?, scale: Int32) {
        guard let connection, let output else { return }
        connection.outputs[output]?.scale = max(scale, 1)
    }

    func output(_ output: OpaquePointer?, physicalWidth: Int32, physicalHeight: Int32, transform: Int32) {
        guard let connection, let output else { return }
        connection.outputs[output]?.transform = transform
        connection.outputs[output]?.physicalWidth = max(physicalWidth, 0)
        connection.outputs[output]?.physicalHeight = max(physicalHeight, 0)
    }

    /// The end of an output's description (sent after its bind and after each change).
    func outputDone(_ output: OpaquePointer?) {
        guard let connection, let output, connection.outputs[output] != nil else { return }
        onChange?(.outputs)
    }

    /// The outputs as the compositor last described them (empty while disconnected).
    public var outputs: [OutputDescription] {
        guard let connection else { return [] }
        return connection.outputs.values.map {
            OutputDescription(name: $0.name, transform: $0.transform,
                              physicalSize: (width: Double($0.physicalWidth), height: Double($0.physicalHeight)))
        }
    }

    // MARK: Overlays

    /// What an overlay surface needs from the connection, or nil while disconnected or when
    /// the compositor lacks layer-shell, wl_compositor or wl_shm.
    var overlayGlobals: (display: OpaquePointer, compositor: OpaquePointer, shm: OpaquePointer, layerShell: OpaquePointer)? {
        guard let connection, let compositor = connection.compositor, let shm = connection.shm,
              let layerShell = connection.layerShell else { return nil }
        return (connection.display, compositor, shm, layerShell)
    }

    /// The largest output scale (1 without outputs): overlays render at it (HiDPI).
    var outputScale: Int32 { connection?.outputs.values.map(\.scale).max() ?? 1 }

    // MARK: zwlr_foreign_toplevel_manager_v1 events

    func toplevelManager(announced handle: OpaquePointer?) {
        guard let connection, let handle else { return }
        let window = Toplevel(id: Toplevel.ID(rawValue: nextToplevelID), appID: "", title: "", states: [], outputs: [])
        nextToplevelID += 1
        connection.handles[UnsafeMutableRawPointer(handle)] = ToplevelRecord(pending: window, committed: window)
        zwlr_foreign_toplevel_handle_v1_add_listener(handle, Self.toplevelHandleListener, context)
    }

    func toplevelManagerFinished() {
        guard let connection, let manager = connection.toplevelManager else { return }
        wl_proxy_destroy(manager)
        connection.toplevelManager = nil
        connection.offered[.foreignToplevelManager] = nil
    }

    // MARK: zwlr_foreign_toplevel_handle_v1 events

    func toplevel(_ handle: OpaquePointer?, update: (inout Toplevel) -> Void) {
        guard let connection, let handle else { return }
        update(&connection.handles[UnsafeMutableRawPointer(handle)]!.pending)
    }

    func toplevel(_ handle: OpaquePointer?, title: String) { toplevel(handle) { $0.title = title } }

    func toplevel(_ handle: OpaquePointer?, appID: String) { toplevel(handle) { $0.appID = appID } }

    func toplevel(_ handle: OpaquePointer?, enteredOutput output: OpaquePointer?) {
        guard let output, let record = connection?.outputs[output] else { return }
        let name = record.name ?? String(record.globalName)
        toplevel(handle) { if !$0.outputs.contains(name) { $0.outputs.append(name) } }
    }

    func toplevel(_ handle: OpaquePointer?, leftOutput output: OpaquePointer?) {
        guard let output, let record = connection?.outputs[output] else { return }
        let name = record.name ?? String(record.globalName)
        toplevel(handle) { $0.outputs.removeAll { $0 == name } }
    }

    func toplevel(_ handle: OpaquePointer?, states: Toplevel.States) { toplevel(handle) { $0.states = states } }

    func toplevelDone(_ handle: OpaquePointer?) {
        guard let connection, let handle, var record = connection.handles[UnsafeMutableRawPointer(handle)] else { return }
        record.committed = record.pending
        let id = record.committed.id
        if let index = toplevels.firstIndex(where: { $0.id == id }) {
            toplevels[index] = record.committed
        } else {
            toplevels.append(record.committed)
        }
        record.isAnnounced = true
        connection.handles[UnsafeMutableRawPointer(handle)] = record
        onChange?(.windows)
        reportFocus()
    }

    func toplevelClosed(_ handle: OpaquePointer?) {
        guard let connection, let handle else { return }
        let record = connection.handles.removeValue(forKey: UnsafeMutableRawPointer(handle))
        zwlr_foreign_toplevel_handle_v1_destroy(handle)
        if let id = record?.committed.id {
            toplevels.removeAll { $0.id == id }
            onChange?(.windows)
            reportFocus()
        }
    }
}
