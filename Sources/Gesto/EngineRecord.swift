// Conversions between GestoCore's values and gesto.h's structs and enums: the event a
// caller feeds (struct gesto_gesture_event) and the report it receives (struct
// gesto_recognized). Every field a C caller can set is validated here.

import CGestoABI
import GestoCore

/// `sizeof(struct gesto_gesture_event)` in ABI 0.1: the smallest `size` accepted.
let gestureEventSize0_1 = 80
/// `sizeof(struct gesto_recognized)` in ABI 0.1: the smallest `size` accepted.
let recognizedSize0_1 = 136

/// The record `gesture` points to, read up to ABI 0.1's fields (a newer library's extra fields
/// are not read). Throws ``ExportError/invalid(_:)`` for NULL or a `size` below ABI 0.1's.
func recognizedRecord(_ gesture: UnsafePointer<gesto_recognized>?, in function: String) throws(ExportError) -> gesto_recognized {
    guard let gesture else { throw .invalid("\(function): gesture is NULL") }
    let size = Int(gesture.pointee.size)
    guard size >= recognizedSize0_1 else {
        throw .invalid("\(function): gesture->size is \(size); records from the engine have at least \(recognizedSize0_1)")
    }
    return UnsafeRawPointer(gesture).load(as: gesto_recognized.self)
}

/// A firing's drag, as a window motion and a workspace swipe read it from a record: phase,
/// time, and translation and velocity in delta units (per second), each checked.
struct RecognizedDrag {
    var phase: RecognizerPhase
    var time: Timestamp
    var translation: Vector2
    var velocity: Vector2

    /// Reads `gesture`'s drag. Throws ``ExportError/invalid(_:)`` for a NULL or short record,
    /// an unknown phase, a time out of range or a non-finite value.
    init(_ gesture: UnsafePointer<gesto_recognized>?, in function: String) throws(ExportError) {
        let record = try recognizedRecord(gesture, in: function)
        guard let phase = recognizerPhase(record.phase) else {
            throw .invalid("\(function): gesture->phase \(record.phase) is not an enum gesto_phase")
        }
        self.phase = phase
        time = try timestamp(record.time_usec, "gesture->time_usec", in: function)
        translation = Vector2(try dragValue(record.translation_x, "gesture->translation_x", in: function),
                              try dragValue(record.translation_y, "gesture->translation_y", in: function))
        velocity = Vector2(try dragValue(record.velocity_x, "gesture->velocity_x", in: function),
                           try dragValue(record.velocity_y, "gesture->velocity_y", in: function))
    }

    /// The four values, to bind at once.
    var fields: (RecognizerPhase, Timestamp, Vector2, Vector2) { (phase, time, translation, velocity) }
}

/// The largest |delta| and |angle_delta| accepted, and the largest scale: 1e6 (100 m of
/// finger travel in one event). Larger values are not input but corruption, and sums of
/// them could overflow the repeat-step count of a binding.
let largestEventMagnitude = GestureEvent.largestMagnitude

/// The size of the ABI 0.2 `struct gesto_touch_event`: 56 bytes.
let touchEventSize0_2 = 56

/// The ``TouchEvent`` of a C caller's `struct gesto_touch_event`, validated.
func touchEvent(from pointer: UnsafePointer<gesto_touch_event>?, in function: String) throws(ExportError) -> TouchEvent {
    guard let pointer else { throw .invalid("\(function): event is NULL") }
    let size = Int(pointer.pointee.size)
    guard size >= touchEventSize0_2 else {
        throw .invalid("\(function): event->size is \(size); set it to sizeof(struct gesto_touch_event) (at least \(touchEventSize0_2))")
    }
    let event = UnsafeRawPointer(pointer).load(as: gesto_touch_event.self)
    let kind: TouchEventKind
    switch event.type {
    case GESTO_TOUCH_DOWN.rawValue: kind = .down
    case GESTO_TOUCH_MOTION.rawValue: kind = .motion
    case GESTO_TOUCH_UP.rawValue: kind = .up
    case GESTO_TOUCH_CANCEL.rawValue: kind = .cancel
    case GESTO_TOUCH_FRAME.rawValue: kind = .frame
    default: throw .invalid("\(function): event->type \(event.type) is not an enum gesto_touch_type")
    }
    var result = TouchEvent(kind, time: try timestamp(event.time_usec, "event->time_usec", in: function))
    switch kind {
    case .frame, .cancel:
        return result
    case .down, .motion, .up:
        guard TouchEvent.slotRange.contains(event.slot) else {
            throw .invalid("\(function): event->slot must be \(TouchEvent.slotRange.lowerBound) to \(TouchEvent.slotRange.upperBound), got \(event.slot)")
        }
        result.slot = event.slot
    }
    guard kind != .up else { return result }
    func position(_ value: Double, _ name: String) throws(ExportError) -> Double {
        let value = try finite(value, "event->\(name)", in: function)
        guard abs(value) <= largestEventMagnitude else {
            throw .invalid("\(function): |event->\(name)| must be at most 1e6, got \(value)")
        }
        return value
    }
    result.percent = Vector2(try position(event.x_percent, "x_percent"), try position(event.y_percent, "y_percent"))
    result.millimeters = Vector2(try position(event.x_mm, "x_mm"), try position(event.y_mm, "y_mm"))
    return result
}

/// The deltas a caller's event carries (`enum gesto_delta_source`, since 0.3).
enum DeltaSource {
    /// Accelerated and unaccelerated, as libinput reports them.
    case both
    /// Only libinput's accelerated deltas: the engine recovers the unaccelerated ones.
    case acceleratedOnly
}

/// Decodes and validates a caller's event, and says which deltas it carries.
func gestureEvent(from pointer: UnsafePointer<gesto_gesture_event>?, in function: String) throws(ExportError)
    -> (event: GestureEvent, deltas: DeltaSource) {
    guard let pointer else { throw .invalid("\(function): event is NULL") }
    let size = Int(pointer.pointee.size)
    guard size >= gestureEventSize0_1 else {
        throw .invalid("\(function): event->size is \(size); set it to sizeof(struct gesto_gesture_event) (at least \(gestureEventSize0_1))")
    }
    // Only the fields that fit in the caller's `size` are read: an 0.1 caller's struct ends
    // before `delta_source`, which then keeps its zero (both deltas).
    var event = gesto_gesture_event()
    withUnsafeMutableBytes(of: &event) { bytes in
        bytes.baseAddress!.copyMemory(from: pointer, byteCount: min(size, MemoryLayout<gesto_gesture_event>.size))
    }
    let deltas: DeltaSource
    switch event.delta_source {
    case GESTO_DELTAS_BOTH.rawValue: deltas = .both
    case GESTO_DELTAS_ACCELERATED_ONLY.rawValue: deltas = .acceleratedOnly
    default: throw .invalid("\(function): event->delta_source \(event.delta_source) is not an enum gesto_delta_source")
    }
    let kind: GestureKind
    switch event.kind {
    case GESTO_EVENT_SWIPE.rawValue: kind = .swipe
    case GESTO_EVENT_PINCH.rawValue: kind = .pinch
    case GESTO_EVENT_HOLD.rawValue: kind = .hold
    default: throw .invalid("\(function): event->kind \(event.kind) is not an enum gesto_event_kind")
    }
    let phase: GestureEventPhase
    switch event.phase {
    case GESTO_EVENT_BEGIN.rawValue: phase = .begin
    case GESTO_EVENT_UPDATE.rawValue: phase = .update
    case GESTO_EVENT_END.rawValue: phase = .end
    default: throw .invalid("\(function): event->phase \(event.phase) is not an enum gesto_event_phase")
    }
    guard GestureEvent.touchpadFingerCounts.contains(Int(event.fingers)) else {
        throw .invalid("\(function): event->fingers must be 1 to 10, got \(event.fingers)")
    }
    let time = try timestamp(event.time_usec, "event->time_usec", in: function)
    func magnitude(_ value: Double, _ name: String) throws(ExportError) -> Double {
        let value = try finite(value, "event->\(name)", in: function)
        guard abs(value) <= largestEventMagnitude else {
            throw .invalid("\(function): |event->\(name)| must be at most 1e6, got \(value)")
        }
        return value
    }
    let delta = Vector2(try magnitude(event.dx, "dx"), try magnitude(event.dy, "dy"))
    let unaccelerated = Vector2(try magnitude(event.dx_unaccelerated, "dx_unaccelerated"),
                                try magnitude(event.dy_unaccelerated, "dy_unaccelerated"))
    let scale = try finite(event.scale, "event->scale", in: function)
    guard scale > 0 && scale <= largestEventMagnitude else {
        throw .invalid("\(function): event->scale must be in (0, 1e6], got \(scale) (libinput reports 1.0 where it has no scale)")
    }
    let decoded = GestureEvent(kind, phase, fingers: Int(event.fingers), time: time, delta: delta,
                               unaccelerated: unaccelerated, scale: scale,
                               angleDelta: try magnitude(event.angle_delta, "angle_delta"),
                               cancelled: event.cancelled != 0)
    return (decoded, deltas)
}

/// Decodes a caller's `enum gesto_fire_mode`.
func fireMode(_ mode: Int32) -> FireMode? {
    switch mode {
    case Int32(GESTO_MODE_ON_BEGIN.rawValue): .onBegin
    case Int32(GESTO_MODE_ON_THRESHOLD.rawValue): .onThreshold
    case Int32(GESTO_MODE_ON_END.rawValue): .onEnd
    case Int32(GESTO_MODE_CONTINUOUS.rawValue): .continuous
    case Int32(GESTO_MODE_REPEAT.rawValue): .repeat
    default: nil
    }
}

/// The `enum gesto_fire_mode` of a fire mode.
func cMode(_ mode: FireMode) -> UInt32 {
    switch mode {
    case .onBegin: GESTO_MODE_ON_BEGIN.rawValue
    case .onThreshold: GESTO_MODE_ON_THRESHOLD.rawValue
    case .onEnd: GESTO_MODE_ON_END.rawValue
    case .continuous: GESTO_MODE_CONTINUOUS.rawValue
    case .repeat: GESTO_MODE_REPEAT.rawValue
    }
}

/// The report fields of a `struct gesto_recognized` (binding fields: none).
func makeRecord(_ gesture: RecognizedGesture, name: UnsafePointer<CChar>) -> gesto_recognized {
    var record = gesto_recognized()
    record.size = UInt32(MemoryLayout<gesto_recognized>.size)
    record.gesture = cGesture(gesture.name)
    record.phase = cPhase(gesture.phase)
    record.cancel_reason = cCancelReason(gesture.cancellationReason)
    record.fingers = UInt32(gesture.name.fingerCount)
    record.direction = cDirection(gesture.name)
    record.name = name
    record.time_usec = UInt64(max(gesture.time.microseconds, 0))
    record.translation_x = gesture.translation.x
    record.translation_y = gesture.translation.y
    record.velocity_x = gesture.velocity.x
    record.velocity_y = gesture.velocity.y
    record.predicted_end_x = gesture.predictedEndTranslation.x
    record.predicted_end_y = gesture.predictedEndTranslation.y
    record.scale = gesture.scale
    record.angle = gesture.angle
    record.progress = gesture.progress
    record.binding_index = -1
    record.mode = 0
    record.user_tag = 0
    record.exec = nil
    return record
}

/// The C value of `name`'s device and gesture: `enum gesto_gesture` has one per pair of
/// ``GestureName/catalogue`` (the ABI keeps them as it has them, one enum).
func cGesture(_ name: GestureName) -> UInt32 {
    switch name.device {
    case .touchpad:
        switch name.gesture {
        case .swipe: GESTO_GESTURE_SWIPE.rawValue
        case .pinch: GESTO_GESTURE_PINCH.rawValue
        case .rotate: GESTO_GESTURE_ROTATE.rawValue
        case .hold: GESTO_GESTURE_HOLD.rawValue
        case .longPress: GESTO_GESTURE_LONG_PRESS.rawValue
        case .longPressDrag: GESTO_GESTURE_LONG_PRESS_DRAG.rawValue
        case .tap, .doubleTap, .edgeSwipe: preconditionFailure("\(name.gesture.kind) is no touchpad gesture")
        }
    case .touchscreen:
        switch name.gesture {
        case .tap: GESTO_GESTURE_TAP.rawValue
        case .doubleTap: GESTO_GESTURE_DOUBLE_TAP.rawValue
        case .longPress: GESTO_GESTURE_TOUCH_LONG_PRESS.rawValue
        case .longPressDrag: GESTO_GESTURE_TOUCH_LONG_PRESS_DRAG.rawValue
        case .swipe: GESTO_GESTURE_TOUCH_SWIPE.rawValue
        case .pinch: GESTO_GESTURE_TOUCH_PINCH.rawValue
        case .rotate: GESTO_GESTURE_TOUCH_ROTATE.rawValue
        case .edgeSwipe: GESTO_GESTURE_EDGE_SWIPE.rawValue
        case .hold: preconditionFailure("hold is no touchscreen gesture")
        }
    }
}

private func cPhase(_ phase: RecognizerPhase) -> UInt32 {
    switch phase {
    case .arming: GESTO_PHASE_ARMING.rawValue
    case .began: GESTO_PHASE_BEGAN.rawValue
    case .changed: GESTO_PHASE_CHANGED.rawValue
    case .ended: GESTO_PHASE_ENDED.rawValue
    case .failed: GESTO_PHASE_FAILED.rawValue
    case .cancelled: GESTO_PHASE_CANCELLED.rawValue
    }
}

private func cCancelReason(_ reason: CancellationReason?) -> UInt32 {
    switch reason {
    case nil: GESTO_CANCEL_NONE.rawValue
    case .cancelledByLibinput: GESTO_CANCEL_BY_LIBINPUT.rawValue
    case .endOfInput: GESTO_CANCEL_END_OF_INPUT.rawValue
    case .fingerCountChanged: GESTO_CANCEL_FINGER_COUNT_CHANGED.rawValue
    case .preempted: GESTO_CANCEL_PREEMPTED.rawValue
    case .timeout: GESTO_CANCEL_TIMEOUT.rawValue
    case .interrupted: GESTO_CANCEL_INTERRUPTED.rawValue
    }
}

func cDirection(_ name: GestureName) -> UInt32 {
    switch name.gesture {
    case .swipe(let direction?):
        switch direction {
        case .left: GESTO_DIRECTION_LEFT.rawValue
        case .right: GESTO_DIRECTION_RIGHT.rawValue
        case .up: GESTO_DIRECTION_UP.rawValue
        case .down: GESTO_DIRECTION_DOWN.rawValue
        case .upLeft: GESTO_DIRECTION_UP_LEFT.rawValue
        case .upRight: GESTO_DIRECTION_UP_RIGHT.rawValue
        case .downLeft: GESTO_DIRECTION_DOWN_LEFT.rawValue
        case .downRight: GESTO_DIRECTION_DOWN_RIGHT.rawValue
        }
    case .pinch(let direction?):
        direction == .in ? GESTO_DIRECTION_IN.rawValue : GESTO_DIRECTION_OUT.rawValue
    case .rotate(let direction?):
        direction == .clockwise ? GESTO_DIRECTION_CLOCKWISE.rawValue : GESTO_DIRECTION_COUNTERCLOCKWISE.rawValue
    case .edgeSwipe(let edge):
        // The edge's inward motion (`edge-swipe:left` moves right); the edge is in the name.
        cDirection(GestureName(.swipe(edge.inward), fingers: name.fingerCount, on: name.device))
    case .swipe(nil), .pinch(nil), .rotate(nil), .hold, .longPress, .longPressDrag, .tap, .doubleTap:
        GESTO_DIRECTION_NONE.rawValue
    }
}
