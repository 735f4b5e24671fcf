// gesto_engine_binding_info as a host reads it: each action's kind as an enum
// gesto_action_kind, beside the config key it always had.
import CGestoABI
import Gesto
import Testing

@Suite struct BindingInfoABITests {
    /// One binding of every action kind, in ActionKind's order.
    static let config = """
        bindings:
          - {gesture: swipe:3:left, exec: "true"}
          - {gesture: swipe:3:right, keys: super+Right}
          - {gesture: swipe:3:up, window: close}
          - {gesture: swipe:3:down, sway: workspace next}
          - gesture: long-press-drag:3
            reorder: {slot: 120}
          - {gesture: swipe:4, mode: continuous, window-motion: {}}
          - {gesture: pinch:2:in, workspace: next}
        """

    /// The kind and the key of each binding: the same kind, whichever way a host reads it.
    @Test func everyActionHasItsKind() throws {
        let engine = try makeEngine(Self.config, into: Deliveries())
        defer { gestoEngineDestroy(engine) }
        var read: [(key: String, kind: UInt32)] = []
        for index in 0..<gestoEngineBindingCount(engine) {
            var info = gesto_binding_info()
            info.size = UInt32(MemoryLayout<gesto_binding_info>.size)
            #expect(gestoEngineBindingInfo(engine, index, &info) == GESTO_OK.rawValue)
            read.append((String(cString: try #require(info.action)), info.action_kind))
        }
        #expect(read.map(\.key) == ["exec", "keys", "window", "sway", "reorder", "window-motion", "workspace"])
        #expect(read.map(\.kind) == [GESTO_ACTION_EXEC, GESTO_ACTION_KEYS, GESTO_ACTION_WINDOW, GESTO_ACTION_SWAY,
                                     GESTO_ACTION_REORDER, GESTO_ACTION_WINDOW_MOTION, GESTO_ACTION_WORKSPACE].map(\.rawValue))
    }

    /// A binding added through the C ABI has no action: NULL and GESTO_ACTION_NONE.
    @Test func anAddedBindingHasNoAction() throws {
        var handle: OpaquePointer?
        #expect(gestoEngineNew(&handle) == GESTO_OK.rawValue)
        let engine = try #require(handle)
        defer { gestoEngineDestroy(engine) }
        #expect(gestoEngineAddBinding(engine, "swipe:3", Int32(GESTO_MODE_ON_END.rawValue), 7) == 0)
        var info = gesto_binding_info()
        info.size = UInt32(MemoryLayout<gesto_binding_info>.size)
        info.action_kind = 99
        #expect(gestoEngineBindingInfo(engine, 0, &info) == GESTO_OK.rawValue)
        #expect(info.action == nil)
        #expect(info.action_kind == GESTO_ACTION_NONE.rawValue)
    }
}
