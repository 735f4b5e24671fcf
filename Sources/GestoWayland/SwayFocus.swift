// sway's focus as its IPC events tell it, for `app:` bindings: a connection subscribed to
// `window` and `workspace` events (sway-ipc(7)) is read as a byte stream, cut into i3-ipc frames
// here whatever the reads' boundaries, and each frame moves the focus. One `get_tree` when the
// subscription starts gives the focus at that moment; after that no request is sent, so finding
// the focused app at a gesture's start costs no round trip. The socket and the event loop are
// SwayFocusDriver's (GestoDaemon); this file is the part that needs neither.
//
// Why sway's own focus: sway 1.7 drops `activated` from a fullscreen window's foreign-toplevel
// state once another window maps behind it, and never sends it again (issue 41 item 4).
import GestoSystem

/// Which window sway focuses.
public enum SwayFocus: Sendable, Equatable {
    /// No window: a workspace (an empty one) has the focus.
    case noWindow
    /// The window with sway's container `id`; `appID` is its app_id, an Xwayland window's
    /// `class` standing for it, nil when it has neither.
    case window(id: Int, appID: String?)

    /// The focused window's app_id, nil when no window is focused or it has none.
    public var appID: String? {
        if case .window(_, let appID) = self { return appID }
        return nil
    }

    /// The focus a `get_tree` reply shows: the node whose `focused` is true, a window when it
    /// is a container (`con`, `floating_con`), else (a workspace, or no node focused) no window.
    public init(tree: JSONValue) {
        var pending = [tree]
        while let node = pending.popLast() {
            if node["focused"]?.boolValue == true {
                self = Self(container: node) ?? .noWindow
                return
            }
            pending += node["nodes"]?.elements ?? []
            pending += node["floating_nodes"]?.elements ?? []
        }
        self = .noWindow
    }

    /// The window a node describes, nil when the node is not a window container or has no id.
    init?(container node: JSONValue) {
        let type = node["type"]?.stringValue
        guard type == "con" || type == "floating_con", let id = node["id"]?.numberValue.flatMap(Int.init(exactly:)) else {
            return nil
        }
        self = .window(id: id, appID: node["app_id"]?.stringValue ?? node["window_properties"]?["class"]?.stringValue)
    }
}

/// One i3-ipc frame: a reply (type of the request) or an event (high bit set).
public struct SwayIPCFrame: Sendable, Equatable {
    /// The message type as on the wire.
    public var type: UInt32
    /// The JSON payload's bytes.
    public var payload: [UInt8]

    /// An event's type bit (sway-ipc(7): events are 0x80000000 plus their number).
    public static let eventBit: UInt32 = 0x8000_0000
    /// `workspace` events: `{"change": "focus"|"init"|"empty"|…, "current": node, "old": node}`.
    public static let workspaceEvent: UInt32 = eventBit | 0
    /// `window` events: `{"change": "new"|"close"|"focus"|"title"|"fullscreen_mode"|…, "container": node}`.
    public static let windowEvent: UInt32 = eventBit | 3

    /// Whether this frame is an event rather than a reply.
    public var isEvent: Bool { type & Self.eventBit != 0 }
}

/// Cuts a byte stream from sway into frames, across partial reads and several frames per read.
///
/// Memory is bounded: a header announcing a payload larger than the limit is refused at once
/// (nothing of it is buffered), so at most one frame of the limit plus one read is held.
public struct SwayIPCFrameDecoder: Sendable {
    /// The largest payload accepted, in bytes.
    public let maximumPayloadSize: Int
    private var buffer: [UInt8] = []
    /// Where the next frame starts in `buffer` (consumed bytes are dropped in batches).
    private var start = 0
    /// Bytes consumed before `buffer`'s start, so an error can say where in the stream it is.
    private var streamOffset = 0

    /// A decoder refusing payloads over `maximumPayloadSize` bytes.
    public init(maximumPayloadSize: Int = SwayIPC.maximumReplySize) {
        self.maximumPayloadSize = maximumPayloadSize
    }

    /// Bytes received and not yet returned as a frame.
    public var bufferedByteCount: Int { buffer.count - start }

    /// Adds bytes as read from the socket.
    public mutating func append<Bytes: Collection>(_ bytes: Bytes) where Bytes.Element == UInt8 {
        if start > 0 && start >= buffer.count / 2 {
            buffer.removeFirst(start)
            streamOffset += start
            start = 0
        }
        buffer.append(contentsOf: bytes)
    }

    /// The next complete frame, nil until all of its bytes have arrived.
    ///
    /// - Throws: ``SwayIPCError/badReply(_:)`` naming the stream offset when the bytes are not
    ///   an i3-ipc frame (no magic) or announce a payload over the limit; the stream cannot be
    ///   resynchronized after that, the connection is to be closed.
    public mutating func nextFrame() throws(SwayIPCError) -> SwayIPCFrame? {
        let available = buffer.count - start
        let magicCount = min(available, SwayIPC.magic.count)
        guard buffer[start..<start + magicCount].elementsEqual(SwayIPC.magic.prefix(magicCount)) else {
            throw .badReply("no i3-ipc magic at byte \(streamOffset + start) of the event stream")
        }
        guard available >= SwayIPC.headerSize else { return nil }
        let length = Int(readUInt32(at: start + 6))
        let type = readUInt32(at: start + 10)
        guard length <= maximumPayloadSize else {
            throw .badReply("a message of \(length) bytes at byte \(streamOffset + start) of the event stream, "
                            + "more than the \(maximumPayloadSize) accepted")
        }
        guard available >= SwayIPC.headerSize + length else { return nil }
        let payloadStart = start + SwayIPC.headerSize
        let frame = SwayIPCFrame(type: type, payload: Array(buffer[payloadStart..<payloadStart + length]))
        start = payloadStart + length
        if start == buffer.count {
            streamOffset += start
            buffer.removeAll(keepingCapacity: buffer.capacity <= 1 << 16)
            start = 0
        }
        return frame
    }

    private func readUInt32(at offset: Int) -> UInt32 {
        UInt32(buffer[offset]) | UInt32(buffer[offset + 1]) << 8 | UInt32(buffer[offset + 2]) << 16 | UInt32(buffer[offset + 3]) << 24
    }
}

/// sway's focus, moved by the frames of a connection subscribed to `window` and `workspace`
/// events, on which a `get_tree` was sent after the subscription.
///
/// Events and the tree's reply arrive in the order sway sent them, so the tree, whenever it
/// comes, is at least as new as every event before it and the events after it are newer.
public struct SwayFocusTracker: Sendable {
    /// The focus, nil until the tree or a focus event said it.
    public private(set) var focus: SwayFocus?
    /// Window and workspace events read (for the log and tests).
    public private(set) var eventCount = 0

    /// A tracker that knows no focus yet.
    public init() {}

    /// Applies one frame; returns whether the focus changed.
    ///
    /// - Throws: ``SwayIPCError/badReply(_:)`` when a reply or a window or workspace event is
    ///   not the JSON sway-ipc(7) describes, or the subscription was refused.
    @discardableResult
    public mutating func handle(_ frame: SwayIPCFrame) throws(SwayIPCError) -> Bool {
        let before = focus
        switch frame.type {
        case SwayIPC.MessageType.subscribe.rawValue:
            let reply = try Self.parse(frame, what: "the subscribe reply")
            guard reply["success"]?.boolValue == true else { throw .badReply("sway refused the subscription: \(reply.jsonText)") }
        case SwayIPC.MessageType.getTree.rawValue:
            focus = SwayFocus(tree: try Self.parse(frame, what: "the get_tree reply"))
        case SwayIPCFrame.windowEvent:
            eventCount += 1
            let event = try Self.parse(frame, what: "a window event")
            guard let change = event["change"]?.stringValue, let container = event["container"] else {
                throw .badReply("a window event without change or container")
            }
            windowChanged(change, container)
        case SwayIPCFrame.workspaceEvent:
            eventCount += 1
            let event = try Self.parse(frame, what: "a workspace event")
            guard let change = event["change"]?.stringValue else { throw .badReply("a workspace event without change") }
            if change == "focus", let current = event["current"] { workspaceFocused(current) }
        default:
            break  // A reply or an event this connection did not ask for (sway sends none): ignored.
        }
        return focus != before
    }

    /// A `window` event: `focus` (or any change of the focused container) makes it the focus;
    /// the focused window closing, or said to be unfocused, leaves no window focused until sway
    /// says which (a later `focus` event; none comes when a workspace is left empty).
    private mutating func windowChanged(_ change: String, _ container: JSONValue) {
        let window = SwayFocus(container: container)
        let isFocusedWindow: Bool
        if case .window(let id, _)? = focus, case .window(let changedID, _)? = window { isFocusedWindow = id == changedID } else { isFocusedWindow = false }
        if change == "close" {
            if isFocusedWindow { focus = .noWindow }
        } else if change == "focus" || container["focused"]?.boolValue == true {
            focus = window ?? .noWindow
        } else if isFocusedWindow {
            focus = .noWindow
        }
    }

    /// A `workspace` `focus` event, with the workspace now focused: its focused window where it
    /// shows one, no window when it has none (sway sends no window event then); otherwise the
    /// window `focus` event that follows says which.
    private mutating func workspaceFocused(_ workspace: JSONValue) {
        let focused = SwayFocus(tree: workspace)
        if case .window = focused {
            focus = focused
        } else if workspace["focused"]?.boolValue == true
                    || ((workspace["nodes"]?.elements.isEmpty ?? true) && (workspace["floating_nodes"]?.elements.isEmpty ?? true)) {
            focus = .noWindow
        }
    }

    private static func parse(_ frame: SwayIPCFrame, what: String) throws(SwayIPCError) -> JSONValue {
        do { return try JSONValue.parse(String(decoding: frame.payload, as: UTF8.self)) } catch {
            throw .badReply("\(what) is not JSON (\(error))")
        }
    }
}
