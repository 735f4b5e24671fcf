// GESTO_DELTAS_ACCELERATED_ONLY on real recordings: a host with only libinput's accelerated
// deltas (the Wayfire plugin: wlroots passes no others) must see a threshold fire where gestod,
// reading the unaccelerated deltas, sees it fire.
import CGestoABI
import Gesto
import GestoCore
import Testing

@Suite struct AcceleratedDeltasTests {
    /// A repeat binding fires each `repeat-distance` of travel: its firing times are where the
    /// threshold is crossed, one crossing after another.
    static let config = """
        bindings:
          - gesture: swipe:3
            mode: repeat
            repeat-distance: 100
            exec: "true"
        """
    /// The tolerance: one touchpad frame (the T480 reports every 8 ms).
    static let toleranceMicroseconds: UInt64 = 10_000

    func firingTimes(_ prefix: String, _ deltas: Feed) throws -> [UInt64] {
        let deliveries = Deliveries()
        let engine = try makeEngine(Self.config, into: deliveries)
        defer { gestoEngineDestroy(engine) }
        feed(try fixtureEvents("libinput-1.22", prefix), to: engine, as: deltas)
        return deliveries.items.filter { $0.bindingIndex == 0 }.map(\.time)
    }

    static func agree(_ a: [UInt64], _ b: [UInt64]) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { ($0 > $1 ? $0 - $1 : $1 - $0) <= toleranceMicroseconds }
    }

    /// 001 (a Z drawn fast: accelerated travel 8 % longer) and 005 (a circle): with the flag,
    /// every 100-unit crossing fires where gestod's does (the same events, in fact); taking the
    /// accelerated deltas for unaccelerated ones fires early, or once too often.
    @Test(arguments: ["001", "005"])
    func thresholdsFireWhereGestodSeesThem(prefix: String) throws {
        let gestod = try firingTimes(prefix, .both)
        let compensated = try firingTimes(prefix, .acceleratedOnly)
        let uncompensated = try firingTimes(prefix, .acceleratedAsUnaccelerated)
        #expect(gestod.count >= 3)
        #expect(Self.agree(compensated, gestod), "gestod \(gestod), compensated \(compensated)")
        #expect(!Self.agree(uncompensated, gestod), "gestod \(gestod), uncompensated \(uncompensated)")
    }

    @Test func unknownDeltaSourceIsRejected() throws {
        let engine = try makeEngine(Self.config, into: Deliveries())
        defer { gestoEngineDestroy(engine) }
        var event = gesto_gesture_event()
        event.size = UInt32(MemoryLayout<gesto_gesture_event>.size)
        event.kind = GESTO_EVENT_SWIPE.rawValue
        event.phase = GESTO_EVENT_BEGIN.rawValue
        event.fingers = 3
        event.scale = 1
        event.delta_source = 7
        #expect(gestoEngineHandleEvent(engine, &event) == GESTO_ERROR_INVALID_ARGUMENT.rawValue)
        #expect(String(cString: gestoLastErrorMessage()).contains("delta_source 7 is not an enum gesto_delta_source"))
        // An 0.2 caller's struct ends before delta_source: whatever follows is not read.
        event.size = 80
        #expect(gestoEngineHandleEvent(engine, &event) == GESTO_OK.rawValue)
    }
}
