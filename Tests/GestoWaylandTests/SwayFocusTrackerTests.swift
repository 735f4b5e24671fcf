// sway's focus events as gestod reads them (issue 41 item 4, issue 40 item 5): the i3-ipc
// stream cut into frames whatever the reads' boundaries, bad and huge frames refused with where,
// and each window or workspace event moving the focus as sway-ipc(7) describes it.
import GestoSystem
import Testing
@testable import GestoWayland

@Suite struct SwayFocusTrackerTests {
    /// A frame as sway writes it.
    static func frame(_ type: UInt32, _ json: String) -> [UInt8] {
        let body = Array(json.utf8)
        return SwayIPC.magic + SwayIPC.littleEndian(UInt32(body.count)) + SwayIPC.littleEndian(type) + body
    }

    static func window(_ change: String, id: Int, appID: String?, focused: Bool) -> [UInt8] {
        let app = appID.map { "\"\($0)\"" } ?? "null"
        return frame(SwayIPCFrame.windowEvent, """
            {"change": "\(change)", "container": {"id": \(id), "type": "con", "app_id": \(app), "focused": \(focused), "nodes": []}}
            """)
    }

    static func workspace(nodes: String, focused: Bool) -> [UInt8] {
        frame(SwayIPCFrame.workspaceEvent, """
            {"change": "focus", "old": null, "current": {"id": 20, "type": "workspace", "name": "2", "focused": \(focused),
             "nodes": [\(nodes)], "floating_nodes": []}}
            """)
    }

    static let tree = frame(4, """
        {"id": 1, "type": "root", "focused": false, "nodes": [{"id": 2, "type": "output", "focused": false, "nodes": [
          {"id": 3, "type": "workspace", "focused": false, "nodes": [
            {"id": 4, "type": "con", "app_id": "foot", "focused": true, "nodes": []}], "floating_nodes": []}]}]}
        """)

    /// Feeds `bytes` in pieces of `sizes` (the rest in one), applying every complete frame.
    static func feed(_ bytes: [UInt8], in sizes: [Int], to decoder: inout SwayIPCFrameDecoder,
                     _ tracker: inout SwayFocusTracker) throws -> Int {
        var frames = 0
        var rest = bytes[...]
        for size in sizes + [rest.count] {
            decoder.append(rest.prefix(size))
            rest = rest.dropFirst(size)
            while let frame = try decoder.nextFrame() {
                try tracker.handle(frame)
                frames += 1
            }
        }
        return frames
    }

    @Test func framesAreCutTheSameWhateverTheReadsBoundaries() throws {
        let stream = Self.frame(2, #"{"success": true}"#) + Self.tree + Self.window("focus", id: 7, appID: "firefox", focused: true)
        // One byte at a time, a read ending inside a header and one inside a payload, and all
        // three in one read: the same frames, the same focus.
        for sizes in [Array(repeating: 1, count: stream.count), [3, 20, 9, 100], []] {
            var decoder = SwayIPCFrameDecoder()
            var tracker = SwayFocusTracker()
            #expect(try Self.feed(stream, in: sizes, to: &decoder, &tracker) == 3, "\(sizes.prefix(4))")
            #expect(tracker.focus == .window(id: 7, appID: "firefox"))
            #expect(decoder.bufferedByteCount == 0)
        }
    }

    @Test func twoMessagesInOneReadAreBoth() throws {
        var decoder = SwayIPCFrameDecoder()
        decoder.append(Self.window("focus", id: 7, appID: "firefox", focused: true) + Self.window("focus", id: 8, appID: "foot", focused: true))
        #expect(try decoder.nextFrame()?.type == SwayIPCFrame.windowEvent)
        #expect(try decoder.nextFrame()?.type == SwayIPCFrame.windowEvent)
        #expect(try decoder.nextFrame() == nil)
    }

    @Test func theTreeThenEventsMoveTheFocus() throws {
        var decoder = SwayIPCFrameDecoder()
        var tracker = SwayFocusTracker()
        func apply(_ bytes: [UInt8]) throws -> SwayFocus? {
            _ = try Self.feed(bytes, in: [], to: &decoder, &tracker)
            return tracker.focus
        }
        #expect(tracker.focus == nil)
        #expect(try apply(Self.tree) == .window(id: 4, appID: "foot"))
        // A window without app_id (nor an Xwayland class) takes the focus: no app is focused.
        #expect(try apply(Self.window("focus", id: 9, appID: nil, focused: true)) == .window(id: 9, appID: nil))
        #expect(tracker.focus?.appID == nil)
        // Another window's title and mapping change nothing.
        #expect(try apply(Self.window("title", id: 4, appID: "foot", focused: false)) == .window(id: 9, appID: nil))
        #expect(try apply(Self.window("new", id: 10, appID: "behind", focused: false)) == .window(id: 9, appID: nil))
        // The focused window going fullscreen stays the focus, with its app_id.
        #expect(try apply(Self.window("fullscreen_mode", id: 4, appID: "foot", focused: true)) == .window(id: 4, appID: "foot"))
        // It closes: no window until sway names one.
        #expect(try apply(Self.window("close", id: 4, appID: "foot", focused: false)) == .noWindow)
        #expect(try apply(Self.window("focus", id: 10, appID: "behind", focused: true)) == .window(id: 10, appID: "behind"))
        // An Xwayland window's class stands for its app_id.
        #expect(try apply(Self.frame(SwayIPCFrame.windowEvent, """
            {"change": "focus", "container": {"id": 11, "type": "con", "app_id": null, "window_properties": {"class": "Gimp"}, "focused": true}}
            """)) == .window(id: 11, appID: "Gimp"))
        // An empty workspace takes the focus: no window.
        #expect(try apply(Self.workspace(nodes: "", focused: true)) == .noWindow)
        // A workspace with windows: its focused one, else the window event that follows.
        #expect(try apply(Self.workspace(nodes: #"{"id": 12, "type": "con", "app_id": "mpv", "focused": true}"#, focused: false))
                == .window(id: 12, appID: "mpv"))
        #expect(try apply(Self.workspace(nodes: #"{"id": 13, "type": "con", "app_id": "foot", "focused": false}"#, focused: false))
                == .window(id: 12, appID: "mpv"))
        // The focused window said unfocused (moved to the scratchpad) with no focus event: none.
        #expect(try apply(Self.window("move", id: 12, appID: "mpv", focused: false)) == .noWindow)
        #expect(tracker.eventCount == 11)
    }

    @Test func badAndHugeFramesAreRefusedWithWhereAndNothingBuffered() throws {
        var decoder = SwayIPCFrameDecoder(maximumPayloadSize: 1 << 20)
        decoder.append(Self.window("focus", id: 1, appID: "a", focused: true))
        _ = try decoder.nextFrame()
        // A header announcing 4 GiB: refused from its header, before any payload is held.
        decoder.append(SwayIPC.magic + SwayIPC.littleEndian(0xFFFF_FFF0) + SwayIPC.littleEndian(SwayIPCFrame.windowEvent))
        #expect(throws: SwayIPCError.badReply("a message of 4294967280 bytes at byte 117 of the event stream, more than the 1048576 accepted")) {
            try decoder.nextFrame()
        }
        var garbage = SwayIPCFrameDecoder()
        garbage.append(Array("i3-ipX".utf8))
        #expect(throws: SwayIPCError.badReply("no i3-ipc magic at byte 0 of the event stream")) { try garbage.nextFrame() }
        // Not JSON, or not the event sway-ipc(7) describes: an error naming the message.
        var tracker = SwayFocusTracker()
        #expect(throws: SwayIPCError.self) { try tracker.handle(SwayIPCFrame(type: SwayIPCFrame.windowEvent, payload: Array("{\"change\":".utf8))) }
        #expect(throws: SwayIPCError.badReply("a window event without change or container")) {
            try tracker.handle(SwayIPCFrame(type: SwayIPCFrame.windowEvent, payload: Array("{}".utf8)))
        }
        #expect(throws: SwayIPCError.badReply(#"sway refused the subscription: {"success": false}"#)) {
            try tracker.handle(SwayIPCFrame(type: 2, payload: Array(#"{"success": false}"#.utf8)))
        }
    }
}
