// The TOUCH_* lines of `libinput debug-events` (touchscreens, `cap:t`): the touch half of the
// text parser, kept beside DebugEventsParser.swift, which hands it every event name it does not
// know. libinput's `tools/libinput-debug-events.c` prints, after the time:
//   TOUCH_DOWN / TOUCH_MOTION   SLOT (SEAT_SLOT) X%/Y% (Xmm/Ymm mm)
//   TOUCH_UP                    SLOT (SEAT_SLOT)
//   TOUCH_FRAME / TOUCH_CANCEL  nothing
// SLOT is -1 on a single-touch screen (no multitouch slots: TouchEvent.singleTouchSlot).
// Before libinput 1.17 (its commit "tools/debug-events: rework touch event printing", 2020) the
// tool printed TOUCH_UP, like TOUCH_CANCEL and TOUCH_FRAME, with nothing after the time (its
// print_touch_event_without_coords), though libinput's event has its slot: Debian 11's 1.16 and
// Ubuntu 20.04's 1.15 print every lift so. Such a line is one touch's lift, and the text does not
// say whose: ``SlotlessLifts`` decides from the touches the device's lines put down.
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

    /// A parsed TOUCH_* line: its event, and whether the line printed its slot (a TOUCH_UP of
    /// libinput before 1.17 does not; `event.slot` is then ``TouchEvent/singleTouchSlot``).
    struct TouchLine {
        var event: TouchEvent
        var printsSlot = true
    }

    /// Parses the fields of a TOUCH_* line whose name starts at `nameStart` and ends at the
    /// cursor; nil if the name is not a touch event.
    static func parseTouch(base: UnsafePointer<UInt8>, nameStart: Int, cursor start: ByteCursor,
                           device: UInt32) -> Result<TouchLine, TouchProblem>? {
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
            return .success(TouchLine(event: event))
        case .down, .motion, .up:
            break
        }
        cursor.skipBlanks()
        if kind == .up, cursor.isAtEnd {
            event.slot = TouchEvent.singleTouchSlot
            return .success(TouchLine(event: event, printsSlot: false))
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
        if kind == .up { return .success(TouchLine(event: event)) }
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
        return .success(TouchLine(event: event))
    }
}

/// What a TOUCH_UP printed without its slot lifts. libinput's own event always has the slot; the
/// text of libinput before 1.17 leaves it out, but still prints one TOUCH_UP per lifted touch,
/// then the frame's TOUCH_FRAME. So each such line lifts exactly one of the device's touches,
/// and a touch never stays down after its finger lifted (a tap would become a long press):
/// - one touch down: that touch;
/// - several: decided at the frame's TOUCH_FRAME, among the touches that did not move in that
///   frame (a finger that moved is still down), the earliest landed first. When more touches
///   than lifts stood still, the text cannot say which lifted: a touch lifted by that guess that
///   moves later is ignored until it lands again (the touch kept instead lifts with the next
///   lift), so the gesture sees a still finger rather than a jump;
/// - none: the single touch's slot, -1 (a single-touch screen's lift with nothing seen down:
///   the frame assembler reports it when nothing was).
struct SlotlessLifts: Sendable {
    /// One device's touches as its lines told them.
    struct Device: Sendable {
        /// The slots down, in landing order.
        var down: [Int32] = []
        /// The slots that moved since the last TOUCH_FRAME.
        var moved: [Int32] = []
        /// Lifts without a slot waiting for their TOUCH_FRAME, and their time.
        var pendingLifts = 0
        var pendingTime = Timestamp(microseconds: 0)
        /// Slots lifted by a guess whose finger may still be down: their motion is ignored.
        var guessed: [Int32] = []

        var isEmpty: Bool { down.isEmpty && pendingLifts == 0 && guessed.isEmpty }
    }
    private var devices: [UInt32: Device] = [:]

    /// The events a parsed TOUCH_* line stands for, in order: none (a lift decided at its
    /// frame, or the motion of a touch lifted by a guess), the line's own event, or lifts
    /// decided now followed by it.
    mutating func events(for event: TouchEvent, printsSlot: Bool) -> [TouchEvent] {
        let key = event.device ?? 0
        var device = devices[key] ?? Device()
        defer { devices[key] = device.isEmpty ? nil : device }
        // Lifts whose frame never came are decided when the device's time moves on.
        var events: [TouchEvent] = []
        if device.pendingLifts > 0 && (event.time > device.pendingTime || event.kind == .frame) {
            events = Self.decideLifts(&device, at: device.pendingTime, on: event.device)
        }
        switch event.kind {
        case .up where !printsSlot:
            if device.down.isEmpty && device.pendingLifts == 0 { return events + [event] }
            if device.down.count == 1 && device.pendingLifts == 0 {
                // The one touch down; decided now, as libinput 1.17 would have printed it.
                var lift = event
                lift.slot = device.down.removeFirst()
                device.guessed.removeAll()
                return events + [lift]
            }
            device.pendingLifts += 1
            device.pendingTime = event.time
            return events
        case .up:
            if let index = device.down.firstIndex(of: event.slot) { device.down.remove(at: index) }
            if device.down.isEmpty { device.guessed.removeAll() }
        case .down:
            device.guessed.removeAll { $0 == event.slot }
            if !device.down.contains(event.slot) { device.down.append(event.slot) }
            if !device.moved.contains(event.slot) { device.moved.append(event.slot) }
        case .motion:
            if device.guessed.contains(event.slot) { return events }
            if !device.moved.contains(event.slot) { device.moved.append(event.slot) }
        case .frame:
            device.moved.removeAll(keepingCapacity: true)
        case .cancel:
            device = Device()
        }
        return events + [event]
    }

    /// Forgets a device's touches (it went away).
    mutating func forget(device: UInt32) {
        devices[device] = nil
    }

    /// Lifts as many touches as lifts wait: those that did not move in the frame first, each
    /// group in landing order.
    private static func decideLifts(_ device: inout Device, at time: Timestamp, on node: UInt32?) -> [TouchEvent] {
        let still = device.down.filter { !device.moved.contains($0) }
        let candidates = still + device.down.filter { device.moved.contains($0) }
        let count = min(device.pendingLifts, candidates.count)
        let isGuess = still.count > count
        var lifts: [TouchEvent] = []
        for slot in candidates.prefix(count) {
            lifts.append(TouchEvent(.up, slot: slot, time: time, device: node))
            device.down.removeAll { $0 == slot }
            if isGuess { device.guessed.append(slot) }
        }
        device.pendingLifts = 0
        if device.down.isEmpty { device.guessed.removeAll() }
        return lifts
    }
}
