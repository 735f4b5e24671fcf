// Test helpers: libgesto's engine driven through its C exports, as a compositor plugin drives
// it, on the real recordings of Tests/Fixtures.
import CGestoABI
import Foundation
import Gesto
import GestoCore
import GestoInput
import Testing

/// The package root: three levels up from this file (Tests/GestoABITests/ABITestSupport.swift).
let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

/// The gesture events of a `libinput debug-events` fixture, e.g. `fixtureEvents("libinput-1.22", "001")`.
func fixtureEvents(_ folder: String, _ prefix: String) throws -> [GestureEvent] {
    let directory = packageRoot.appendingPathComponent("Tests/Fixtures/\(folder)")
    let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
    let name = try #require(names.filter { $0.hasPrefix(prefix) }.sorted().first)
    let text = try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
    return DebugEventsParser.records(in: text).records.compactMap { $0.gesture }
}

/// A firing or report as the callback saw it.
struct Delivered {
    var bindingIndex: Int32
    var name: String
    var phase: UInt32
    var time: UInt64
    var translation: Vector2
    var velocity: Vector2
}

/// Collects what an engine delivers.
final class Deliveries {
    var items: [Delivered] = []
    /// The records as delivered (their strings live until the engine is destroyed).
    var records: [gesto_recognized] = []
}

/// An engine from config text, delivering firings only to `deliveries`.
func makeEngine(_ yaml: String, into deliveries: Deliveries) throws -> OpaquePointer {
    var engine: OpaquePointer?
    let status = yaml.withCString { gestoEngineNewFromConfig($0, strlen($0), &engine) }
    #expect(status == GESTO_OK.rawValue, "\(String(cString: gestoLastErrorMessage()))")
    let made = try #require(engine)
    gestoEngineSetCallback(made, { record, data in
        guard let record, let data else { return }
        let r = record.pointee
        Unmanaged<Deliveries>.fromOpaque(data).takeUnretainedValue().records.append(r)
        Unmanaged<Deliveries>.fromOpaque(data).takeUnretainedValue().items.append(
            Delivered(bindingIndex: r.binding_index, name: String(cString: r.name), phase: r.phase, time: r.time_usec,
                      translation: Vector2(r.translation_x, r.translation_y), velocity: Vector2(r.velocity_x, r.velocity_y)))
    }, Unmanaged.passUnretained(deliveries).toOpaque())
    _ = gestoEngineSetDelivery(made, GESTO_DELIVER_FIRINGS.rawValue)
    return made
}

/// Which deltas a test feeds.
enum Feed {
    /// libinput's event as it is (gestod's input).
    case both
    /// The accelerated deltas in both fields, as a wlroots plugin had to before 0.3.
    case acceleratedAsUnaccelerated
    /// The accelerated deltas, flagged GESTO_DELTAS_ACCELERATED_ONLY.
    case acceleratedOnly
}

/// Feeds `events` to `engine` through gesto_engine_handle_event().
func feed(_ events: [GestureEvent], to engine: OpaquePointer, as deltas: Feed) {
    for e in events {
        var c = gesto_gesture_event()
        c.size = UInt32(MemoryLayout<gesto_gesture_event>.size)
        c.kind = e.kind == .swipe ? GESTO_EVENT_SWIPE.rawValue : e.kind == .pinch ? GESTO_EVENT_PINCH.rawValue : GESTO_EVENT_HOLD.rawValue
        c.phase = e.phase == .begin ? GESTO_EVENT_BEGIN.rawValue : e.phase == .update ? GESTO_EVENT_UPDATE.rawValue : GESTO_EVENT_END.rawValue
        c.fingers = UInt32(e.fingerCount)
        c.time_usec = UInt64(e.time.microseconds)
        c.dx = e.delta.x
        c.dy = e.delta.y
        switch deltas {
        case .both:
            c.dx_unaccelerated = e.unacceleratedDelta.x
            c.dy_unaccelerated = e.unacceleratedDelta.y
        case .acceleratedAsUnaccelerated:
            c.dx_unaccelerated = e.delta.x
            c.dy_unaccelerated = e.delta.y
        case .acceleratedOnly:
            c.delta_source = GESTO_DELTAS_ACCELERATED_ONLY.rawValue
        }
        c.scale = e.scale
        c.angle_delta = e.angleDelta
        c.cancelled = e.isCancelled ? 1 : 0
        let status = gestoEngineHandleEvent(engine, &c)
        #expect(status == GESTO_OK.rawValue, "\(String(cString: gestoLastErrorMessage()))")
    }
    _ = gestoEngineEndInput(engine, UInt64(events.last?.time.microseconds ?? 0) + 1)
}
