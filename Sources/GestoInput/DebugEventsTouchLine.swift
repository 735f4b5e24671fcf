// The TOUCH_* lines of `libinput debug-events` (touchscreens, `cap:t`): the touch half of the
// text parser, kept beside DebugEventsParser.swift, which hands it every event name it does not
// know. libinput's `tools/libinput-debug-events.c` prints, after the time:
//   TOUCH_DOWN / TOUCH_MOTION   SLOT (SEAT_SLOT) X%/Y% (Xmm/Ymm mm)
//   TOUCH_UP                    SLOT (SEAT_SLOT)
//   TOUCH_FRAME / TOUCH_CANCEL  nothing
// SLOT is -1 on a single-touch screen (no multitouch slots: TouchEvent.singleTouchSlot), and
// older versions of the tool print TOUCH_UP with nothing after the time (its
// print_touch_event_without_coords): such a lift is taken as the single touch's.
// The "mm" are millimetres only where the device reports a resolution; TouchFrameAssembler
// decides which column to use from the device's size.
import GestoCore

extension DebugEventsParser {
    /// Why a TOUCH_* line did not parse: where (byte offset) and what was expected.
    struct TouchProblem: Error {
        var offset: Int
        var reason: String
    }

    /// libinput's tool prints event times as 32-bit milliseconds since its first event: an
    /// event stamped just before it (the first touch of a recording) wraps to 4294967.295 s,
    /// i.e. −0.001 s (corpus libinput-1.22/027, 029). Times within a day of the wrap are
    /// taken as that many microseconds before the start.
    static let wrappedTimeMicroseconds: Int64 = 4_294_967_296_000
    static let wrapWindowMicroseconds: Int64 = 86_400_000_000

    /// Parses the fields of a TOUCH_* line whose name starts at `nameStart` and ends at the
    /// cursor; nil if the name is not a touch event.
    static func parseTouch(base: UnsafePointer<UInt8>, nameStart: Int, cursor start: ByteCursor,
                           device: UInt32) -> Result<TouchEvent, TouchProblem>? {
        var name = ByteCursor(base: base, end: start.position, position: nameStart)
        guard name.consume("TOUCH_") else { return nil }
        let kind: TouchEventKind
        if name.consume("DOWN") { kind = .down }
        else if name.consume("MOTION") { kind = .motion }
        else if name.consume("UP") { kind = .up }
        else if name.consume("FRAME") { kind = .frame }
        else if name.consume("CANCEL") { kind = .cancel }
        else { return nil }
        guard name.isAtEnd else { return nil }
        var cursor = start
        var time: Timestamp
        switch parseTime(&cursor) {
        case .success(let parsed): time = parsed
        case .failure(let field):
            return .failure(TouchProblem(offset: cursor.position, reason: "\(kind.eventName): expected \(field)"))
        }
        // parseTime accepted the time, so this difference cannot overflow.
        let sinceWrap = time.microseconds - wrappedTimeMicroseconds
        if sinceWrap > -wrapWindowMicroseconds && sinceWrap < wrapWindowMicroseconds {
            time = Timestamp(microseconds: sinceWrap)
        }
        var event = TouchEvent(kind, time: time, device: device)
        switch kind {
        case .frame, .cancel:
            return .success(event)
        case .down, .motion, .up:
            break
        }
        cursor.skipBlanks()
        if kind == .up, cursor.isAtEnd {
            event.slot = TouchEvent.singleTouchSlot
            return .success(event)
        }
        let slotStart = cursor.position
        let isNegative = cursor.consume(UInt8(ascii: "-"))
        guard let magnitude = cursor.unsignedInteger(), case let slot = isNegative ? -magnitude : magnitude,
              TouchEvent.slotRange.contains(Int32(slot)) else {
            return .failure(TouchProblem(offset: slotStart, reason: "\(kind.eventName): expected a slot from "
                                         + "\(TouchEvent.slotRange.lowerBound) to \(TouchEvent.slotRange.upperBound)"))
        }
        event.slot = Int32(slot)
        cursor.skipBlanks()
        if cursor.consume(UInt8(ascii: "(")) {
            guard let seatSlot = cursor.unsignedInteger(), seatSlot <= Int(Int32.max), cursor.consume(UInt8(ascii: ")")) else {
                return .failure(TouchProblem(offset: cursor.position, reason: "\(kind.eventName): expected the seat slot ('(N)')"))
            }
            event.seatSlot = Int32(seatSlot)
        }
        if kind == .up { return .success(event) }
        cursor.skipBlanks()
        let positionStart = cursor.position
        // libinput pads each number to its width ("65.99/ 8.54"): blanks may follow each part.
        guard let x = cursor.decimal(), cursor.skipBlanks() >= 0, cursor.consume(UInt8(ascii: "/")),
              cursor.skipBlanks() >= 0, let y = cursor.decimal() else {
            return .failure(TouchProblem(offset: positionStart, reason: "\(kind.eventName): expected the position in percent ('X/Y')"))
        }
        event.percent = Vector2(x, y)
        cursor.skipBlanks()
        if cursor.consume(UInt8(ascii: "(")) {
            cursor.skipBlanks()
            let mmStart = cursor.position
            guard let mx = cursor.decimal(), cursor.skipBlanks() >= 0, cursor.consume(UInt8(ascii: "/")),
                  cursor.skipBlanks() >= 0, let my = cursor.decimal(), cursor.consume("mm") else {
                return .failure(TouchProblem(offset: mmStart, reason: "\(kind.eventName): expected the position in mm ('(X/Ymm)')"))
            }
            event.millimeters = Vector2(mx, my)
        }
        let largest = GestureEvent.largestMagnitude
        guard [event.percent.x, event.percent.y, event.millimeters?.x ?? 0, event.millimeters?.y ?? 0]
            .allSatisfy({ $0.isFinite && abs($0) <= largest }) else {
            return .failure(TouchProblem(offset: positionStart, reason: "\(kind.eventName): positions of magnitude at most 1e6"))
        }
        return .success(event)
    }
}
