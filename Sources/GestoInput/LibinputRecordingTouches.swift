// The touch entries of a `libinput record --with-libinput` file (touchscreens): libinput's
// `tools/libinput-record.c` writes, under `- libinput:`,
//   {time: S.US, type: TOUCH_DOWN|TOUCH_MOTION, slot: N, seat_slot: N, point: [x, y], transformed: [x%, y%]}
//   {time: S.US, type: TOUCH_UP|TOUCH_CANCEL, slot: N, seat_slot: N}
//   {time: S.US, type: TOUCH_FRAME}
// `point` is libinput_event_touch_get_x/_y (mm only where the device has a resolution),
// `transformed` is get_x/y_transformed(event, 100): percent of the device. A single-touch
// screen (no multitouch slots) has `slot: -1` (TouchEvent.singleTouchSlot).
import GestoCore
import GestoYAML

extension LibinputRecording {
    /// The touch event of one `libinput:` entry, nil for other event types, or a warning.
    static func touch(from item: YAMLNode, device: UInt32?, fileName: String?) -> Result<TouchEvent, InputWarning>? {
        guard let type = item["type"]?.scalar, type.hasPrefix("TOUCH_") else { return nil }
        let mark = item.location
        func problem(_ reason: String) -> Result<TouchEvent, InputWarning> {
            .failure(InputWarning(file: fileName, line: mark.line, column: mark.column, reason: reason, text: type))
        }
        let kind: TouchEventKind
        switch type {
        case "TOUCH_DOWN": kind = .down
        case "TOUCH_MOTION": kind = .motion
        case "TOUCH_UP": kind = .up
        case "TOUCH_CANCEL": kind = .cancel
        case "TOUCH_FRAME": kind = .frame
        default: return problem("unknown touch event type '\(type)'")
        }
        guard let timeText = item["time"]?.scalar, let microseconds = Self.touchMicroseconds(timeText) else {
            return problem("\(type) without a 'time: SECONDS'")
        }
        guard let time = Timestamp(validatingMicroseconds: microseconds) else {
            return problem("\(type) with time \(timeText.trimmingBlanks()): times are below 2^62 µs (about 4.6e12 s) in magnitude")
        }
        var event = TouchEvent(kind, time: time, device: device)
        switch kind {
        case .frame, .cancel:
            return .success(event)
        case .down, .motion, .up:
            guard let slotText = item["slot"]?.scalar, let slot = Int32(slotText), TouchEvent.slotRange.contains(slot) else {
                return problem("\(type) without a 'slot' from \(TouchEvent.slotRange.lowerBound) to \(TouchEvent.slotRange.upperBound)")
            }
            event.slot = slot
            if let seatText = item["seat_slot"]?.scalar, let seat = Int32(seatText), seat >= 0 { event.seatSlot = seat }
        }
        guard kind != .up else { return .success(event) }
        func pair(_ key: String) -> Vector2? {
            let values = item[key]?.items.compactMap(\.number) ?? []
            guard values.count == 2, values.allSatisfy({ $0.isFinite && abs($0) <= GestureEvent.largestMagnitude }) else { return nil }
            return Vector2(values[0], values[1])
        }
        guard let percent = pair("transformed") else { return problem("\(type) without 'transformed: [x, y]' in percent") }
        event.percent = percent
        event.millimeters = pair("point")
        return .success(event)
    }

    /// `S.US` seconds as microseconds.
    private static func touchMicroseconds(_ text: String) -> Int64? {
        var copy = text
        return copy.withUTF8 { bytes -> Int64? in
            guard let base = bytes.baseAddress else { return nil }
            var cursor = ByteCursor(base: base, end: bytes.count)
            cursor.skipBlanks()
            guard let value = cursor.microseconds() else { return nil }
            cursor.skipBlanks()
            return cursor.isAtEnd ? value : nil
        }
    }
}
