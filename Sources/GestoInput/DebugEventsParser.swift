// The `libinput debug-events` text parser: one line in, a gesture, a device, nothing or a
// warning out (or, for a touchscreen's TOUCH_FRAME, the lifts printed without their slots that it
// decides, then the frame). It reads every format libinput has printed (1.x to today: 2- or 3-decimal
// times, TABs or spaces, the repeat counter, with or without the unaccelerated deltas) and
// event text embedded in other tools' log lines, byte by byte, without allocating per line.
import GestoCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The outcome of one line of `libinput debug-events` text.
public enum ParsedLine: Sendable, Hashable {
    /// A gesture event or device line.
    case record(InputRecord)
    /// Not an event line (prompts, comments, other tools' text), or a non-gesture event whose
    /// time does not parse: skipped silently. (Pointer, touch and keyboard events with a time
    /// are ``InputRecord/otherEvent(at:)`` records.)
    case ignored
    /// The line looks like a gesture event but does not parse; reading goes on.
    case warning(InputWarning)
    /// The line is the continuation of a gesture event wrapped at the end of the previous line
    /// (e-mail, terminal width); the two were joined unambiguously into `record`. The warning
    /// says so, since the input was repaired.
    case rejoined(InputRecord, InputWarning)
    /// One line that stands for several records, in order: the lifts printed without their slots
    /// that a TOUCH_FRAME decides, then the frame (``SlotlessLifts``).
    case records([InputRecord])
}

/// Parses `libinput debug-events` output line by line.
///
/// Fields of a gesture line, in order (libinput's `tools/libinput-debug-events.c`):
/// an optional `-` (new device) or blank, the node `eventN` (→ ``GestureEvent/device`` = N),
/// the event name, an optional repeat counter (libinput 1.24+), the time `+T s` in seconds
/// (→ microseconds), the finger count; then on UPDATE the accelerated `dx/dy` and, since
/// libinput 1.1, `(dxu/dyu unaccelerated)` (absent: the unaccelerated deltas equal the
/// accelerated ones); on PINCH_UPDATE also `scale @ angleDelta` (degrees); on END an optional
/// `cancelled`. Text after the last field is ignored (other tools' decorations, comments).
///
/// Lines starting with `#` are ignored. A gesture UPDATE cut short at the end of its line is
/// warned about, and if the next line is its continuation (no event node, and joining the two
/// with or without a space gives exactly one valid event) it is rejoined.
public struct DebugEventsParser: Sendable {
    /// The file name put into warnings, if any.
    public var fileName: String?

    /// The UPDATE line cut short at its end, kept to rejoin with its continuation.
    private var pendingText: [UInt8] = []
    private var pendingLine = 0
    private var hasPending = false
    private var joinBuffer: [UInt8] = []
    /// The touches each touchscreen's lines put down: what a TOUCH_UP without its slot lifts.
    private var slotlessLifts = SlotlessLifts()

    /// Makes a parser. `fileName` is only used in warnings.
    public init(fileName: String? = nil) {
        self.fileName = fileName
    }

    /// Parses one line (without or with its trailing `\n` / `\r\n`). `number` is its 1-based
    /// line number, used in warnings.
    public mutating func parse(line: UnsafeBufferPointer<UInt8>, number: Int) -> ParsedLine {
        guard let base = line.baseAddress else {
            hasPending = false
            return .ignored
        }
        var end = line.count
        while end > 0, base[end - 1] == 0x0A || base[end - 1] == 0x0D { end -= 1 }
        if hasPending {
            hasPending = false
            if let joined = rejoin(base: base, end: end, number: number) { return joined }
        }
        return parse(base: base, end: end, number: number, mayContinue: true)
    }

    /// Parses one line given as a String (convenience for tests and small inputs).
    public mutating func parse(line: String, number: Int) -> ParsedLine {
        var text = line
        return text.withUTF8 { parse(line: $0, number: number) }
    }

    /// Parses one line and calls back directly: the hot path of the readers. A gesture line
    /// that parses never builds a ``ParsedLine``; everything else takes ``parse(line:number:)``.
    /// - Precondition: `base[count]` is readable and is the line's `\n` (the sentinel of
    ///   ``libinputGestureLine(base:count:)``), as in ``parseLines``.
    @inline(__always)
    mutating func scan(
        base: UnsafePointer<UInt8>, count: Int, number: Int,
        _ body: (InputRecord) -> Void, _ warnings: (InputWarning) -> Void
    ) {
        if !hasPending {
            // libinput's own shape first (DebugEventsGestureLine.swift), then the general path.
            if let event = Self.libinputGestureLine(base: base, count: count) {
                body(.gesture(event))
                return
            }
            var end = count
            while end > 0, base[end - 1] == 0x0A || base[end - 1] == 0x0D { end -= 1 }
            var cursor = ByteCursor(base: base, end: end)
            cursor.skipBlanks()
            if let node = Self.findEvent(base: base, end: end, from: cursor.position) {
                cursor.position = node.nameStart
                if case .gesture(let kind, let phase) = Self.eventName(&cursor) {
                    var event = GestureEvent(kind, phase, fingers: 0, time: Timestamp(microseconds: 0),
                                             device: node.number)
                    if Self.parseGesture(&cursor, into: &event) == nil {
                        body(.gesture(event))
                        return
                    }
                }
            }
        }
        deliver(parse(line: UnsafeBufferPointer(start: base, count: count), number: number), body, warnings)
    }

    // MARK: - One line

    private mutating func parse(
        base: UnsafePointer<UInt8>, end: Int, number: Int, mayContinue: Bool
    ) -> ParsedLine {
        var cursor = ByteCursor(base: base, end: end)
        cursor.skipBlanks()
        if cursor.current == UInt8(ascii: "#") { return .ignored }
        guard let node = Self.findEvent(base: base, end: end, from: cursor.position) else {
            if Self.looksLikeStrayGestureText(base: base, end: end) {
                return .warning(warning(
                    number, column: nil,
                    reason: "gesture deltas without an event name (the rest of a wrapped line?)",
                    base: base, end: end))
            }
            return .ignored
        }
        cursor.position = node.nameStart
        switch Self.eventName(&cursor) {
        case .other:
            // Touchscreen lines are parsed in DebugEventsTouchLine.swift.
            switch Self.parseTouch(base: base, nameStart: node.nameStart, cursor: cursor, device: node.number) {
            case .success(let line)?:
                let events = slotlessLifts.events(for: line.event, printsSlot: line.printsSlot)
                switch events.count {
                // A lift decided at its frame, or a dropped motion: the line still advances the clock.
                case 0: return .record(.otherEvent(at: line.event.time))
                case 1: return .record(.touch(events[0]))
                default: return .records(events.map { .touch($0) })
                }
            case .failure(let problem)?:
                return .warning(warning(number, column: problem.offset + 1, reason: problem.reason, base: base, end: end))
            case nil: break
            }
            // Only its time matters (the recording's clock for deadlines); no time, no record.
            guard case .success(let time) = Self.parseTime(&cursor) else { return .ignored }
            return .record(.otherEvent(at: time))
        case .unknownGesture:
            return .warning(warning(
                number, column: node.nameStart + 1,
                reason: "unknown gesture event '\(text(base, node.nameStart, cursor.position))'",
                base: base, end: end))
        case .device(let added):
            let device = Self.parseDevice(base: base, end: end, node: node, cursor: cursor)
            slotlessLifts.forget(device: node.number)
            return .record(added ? .deviceAdded(device) : .deviceRemoved(device))
        case .gesture(let kind, let phase):
            var event = GestureEvent(kind, phase, fingers: 0, time: Timestamp(microseconds: 0), device: node.number)
            if let problem = Self.parseGesture(&cursor, into: &event) {
                let name = text(base, node.nameStart, node.nameEnd(in: base, end: end))
                if problem.isTruncated && mayContinue && phase == .update {
                    pendingText.removeAll(keepingCapacity: true)
                    pendingText.append(contentsOf: UnsafeBufferPointer(start: base, count: end))
                    pendingLine = number
                    hasPending = true
                }
                let reason = problem.isTruncated
                    ? "\(name) ends before its \(problem.field.description) (line wrapped?)"
                    : "\(name): expected \(problem.field.description)"
                return .warning(warning(number, column: problem.offset + 1, reason: reason, base: base, end: end))
            }
            return .record(.gesture(event))
        }
    }

    /// Joins the pending cut-short UPDATE with this line if that gives exactly one event.
    private mutating func rejoin(base: UnsafePointer<UInt8>, end: Int, number: Int) -> ParsedLine? {
        var cursor = ByteCursor(base: base, end: end)
        cursor.skipBlanks()
        let first = cursor.current
        guard isDigit(first) || first == UInt8(ascii: "-") || first == UInt8(ascii: ".")
            || first == UInt8(ascii: "(") || first == UInt8(ascii: "+") || first == UInt8(ascii: "@")
        else { return nil }
        guard Self.findEvent(base: base, end: end, from: cursor.position) == nil else { return nil }
        var results: [InputRecord] = []
        for separator in [[UInt8(ascii: " ")], []] as [[UInt8]] {
            joinBuffer.removeAll(keepingCapacity: true)
            joinBuffer.append(contentsOf: pendingText)
            joinBuffer.append(contentsOf: separator)
            joinBuffer.append(contentsOf: UnsafeBufferPointer(start: base + cursor.position, count: end - cursor.position))
            let outcome = joinBuffer.withUnsafeBufferPointer { joined in
                parse(base: joined.baseAddress!, end: joined.count, number: pendingLine, mayContinue: false)
            }
            if case .record(let record) = outcome, !results.contains(record) { results.append(record) }
        }
        switch results.count {
        case 1:
            return .rejoined(results[0], warning(
                number, column: nil,
                reason: "continuation of the gesture event wrapped at the end of line \(pendingLine); rejoined",
                base: base, end: end))
        case 0:
            return .warning(warning(
                number, column: nil,
                reason: "looks like the rest of the event wrapped at line \(pendingLine), but joined they do not parse",
                base: base, end: end))
        default:
            return .warning(warning(
                number, column: nil,
                reason: "the event wrapped at line \(pendingLine) can be rejoined with this line in more than one way; skipped",
                base: base, end: end))
        }
    }

    /// The most of a line a warning keeps, in bytes: 240.
    let maximumWarningTextBytes = 240

    private func warning(
        _ line: Int, column: Int?, reason: String, base: UnsafePointer<UInt8>, end: Int
    ) -> InputWarning {
        // The line as the warning shows it: at most 240 bytes (a libinput line is under 200).
        let shown = min(end, maximumWarningTextBytes)
        return InputWarning(file: fileName, line: line, column: column, reason: reason,
                            text: text(base, 0, shown) + (shown < end ? " …" : ""))
    }

    // MARK: - Node and event name

    /// Where `eventN` and the event name after it are.
    struct Node {
        var number: UInt32
        var nodeStart: Int
        var nodeEnd: Int
        var nameStart: Int

        /// Where the event name ends (computed on demand: the hot path does not need it).
        func nameEnd(in base: UnsafePointer<UInt8>, end: Int) -> Int {
            var index = nameStart
            while index < end, isUppercaseOrUnderscore(base[index]) { index += 1 }
            return index
        }
    }

    /// Finds the first `eventN<blanks>NAME` at or after `start` where NAME is an uppercase
    /// word: the event header, at the start of the line or inside another tool's log record.
    static func findEvent(base: UnsafePointer<UInt8>, end: Int, from start: Int) -> Node? {
        var index = start
        while index + 6 < end {
            if base[index] == UInt8(ascii: "e"), base[index + 1] == UInt8(ascii: "v"),
               base[index + 2] == UInt8(ascii: "e"), base[index + 3] == UInt8(ascii: "n"),
               base[index + 4] == UInt8(ascii: "t"), isDigit(base[index + 5]),
               index == 0 || !isAlphanumeric(base[index - 1]) {
                var cursor = ByteCursor(base: base, end: end, position: index + 5)
                if let number = cursor.unsignedInteger() {
                    let nodeEnd = cursor.position
                    if cursor.skipBlanks() > 0 || cursor.current == UInt8(ascii: "-") {
                        let nameStart = cursor.position
                        if nameStart + 2 < end, isUppercaseOrUnderscore(base[nameStart]),
                           isUppercaseOrUnderscore(base[nameStart + 1]), isUppercaseOrUnderscore(base[nameStart + 2]) {
                            return Node(number: UInt32(number), nodeStart: index, nodeEnd: nodeEnd, nameStart: nameStart)
                        }
                    }
                }
            }
            index += 1
        }
        return nil
    }

    /// True for a line without an event node that carries gesture deltas (`unaccelerated)`).
    static func looksLikeStrayGestureText(base: UnsafePointer<UInt8>, end: Int) -> Bool {
        var index = 0
        while index + 14 <= end {
            if base[index] == UInt8(ascii: "u") {
                var cursor = ByteCursor(base: base, end: end, position: index)
                if cursor.consume("unaccelerated)") { return true }
            }
            index += 1
        }
        return false
    }

    enum EventName {
        case gesture(GestureKind, GestureEventPhase)
        case device(added: Bool)
        case unknownGesture
        case other
    }

    /// The low `count` bytes of a 64-bit word.
    static func mask(_ count: Int) -> UInt64 { count >= 8 ? ~0 : (1 << UInt64(count * 8)) &- 1 }

    /// Reads the event name at the cursor and classifies it. Gesture names are recognized
    /// from 64-bit loads of their parts (`GESTURE_`, `SWIPE_`, `UPDATE`); other names are
    /// scanned as an uppercase word.
    static func eventName(_ cursor: inout ByteCursor) -> EventName {
        let base = cursor.base
        let start = cursor.position
        // The longest name part load ends 22 bytes after the start ("GESTURE_SWIPE_" + 8).
        if cursor.end - start >= 22 {
            let raw = UnsafeRawPointer(base + start)
            if raw.loadUnaligned(as: UInt64.self) == 0x5F45_5255_5453_4547 /* "GESTURE_" */ {
                let kindWord = raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
                var kind: GestureKind?
                var phaseOffset = 14
                if kindWord & mask(6) == 0x5F45_5049_5753 /* "SWIPE_" */ { kind = .swipe }
                else if kindWord & mask(6) == 0x5F48_434E_4950 /* "PINCH_" */ { kind = .pinch }
                else if kindWord & mask(5) == 0x5F44_4C4F_48 /* "HOLD_" */ { kind = .hold; phaseOffset = 13 }
                if let kind {
                    let phaseWord = raw.loadUnaligned(fromByteOffset: phaseOffset, as: UInt64.self)
                    var phase: GestureEventPhase?
                    var length = 0
                    if phaseWord & mask(6) == 0x4554_4144_5055 /* "UPDATE" */, kind != .hold { phase = .update; length = 6 }
                    else if phaseWord & mask(5) == 0x4E_4947_4542 /* "BEGIN" */ { phase = .begin; length = 5 }
                    else if phaseWord & mask(3) == 0x44_4E45 /* "END" */ { phase = .end; length = 3 }
                    let nameEnd = start + phaseOffset + length
                    if let phase, nameEnd == cursor.end || !isUppercaseOrUnderscore(base[nameEnd]) {
                        cursor.position = nameEnd
                        return .gesture(kind, phase)
                    }
                }
            }
        }
        var nameEnd = start
        while nameEnd < cursor.end, isUppercaseOrUnderscore(base[nameEnd]) { nameEnd += 1 }
        cursor.position = nameEnd
        var name = ByteCursor(base: base, end: nameEnd, position: start)
        if name.consume("GESTURE_") { return .unknownGesture }
        if name.consume("DEVICE_ADDED"), name.isAtEnd { return .device(added: true) }
        name.position = start
        if name.consume("DEVICE_REMOVED"), name.isAtEnd { return .device(added: false) }
        return .other
    }

    // MARK: - Gesture fields

    /// A field of a gesture line, for warnings.
    enum Field: Error, CustomStringConvertible {
        case time, timeRange, fingerCount, fingerRange, valueRange, deltas, deltaY, unacceleratedDeltas, unacceleratedDeltaY, closingParenthesis
        case scale, angleDelta

        var description: String {
            switch self {
            case .time: "time ('+SECONDS s')"
            case .timeRange: "a time of magnitude below 2^62 µs (about 4.6e12 s)"
            case .fingerCount: "finger count"
            case .valueRange: "deltas and angle of magnitude at most 1e6 and a scale above 0 and at most 1e6"
            case .fingerRange: "a finger count of \(GestureEvent.touchpadFingerCounts.lowerBound) to \(GestureEvent.touchpadFingerCounts.upperBound) (a touchpad gesture)"
            case .deltas: "deltas ('dx/dy')"
            case .deltaY: "dy after '/'"
            case .unacceleratedDeltas: "unaccelerated deltas ('(dx/dy unaccelerated)')"
            case .unacceleratedDeltaY: "unaccelerated dy after '/'"
            case .closingParenthesis: "'unaccelerated)'"
            case .scale: "scale ('SCALE @ ANGLE')"
            case .angleDelta: "angle delta after '@'"
            }
        }
    }

    /// Where and why a gesture line failed; truncated when the line ended first.
    struct Problem: Error {
        var field: Field
        var offset: Int
        var isTruncated: Bool
    }

    static func fail(_ field: Field, _ cursor: ByteCursor) -> Problem? {
        Problem(field: field, offset: cursor.position, isTruncated: cursor.isAtEnd)
    }

    /// Parses the time after an event name (`+0.260s`, after libinput 1.24's repeat counter
    /// if there is one: `GESTURE_PINCH_UPDATE  2  +0.260s`); with the cursor where it
    /// stopped, `.time` if there is none and `.timeRange` if it is outside
    /// ``Timestamp/acceptedMicroseconds`` (a huge time would overflow the arithmetic after it).
    static func parseTime(_ cursor: inout ByteCursor) -> Result<Timestamp, Field> {
        cursor.skipBlanks()
        if isDigit(cursor.current) {
            var probe = cursor
            _ = probe.unsignedInteger()
            if probe.current != UInt8(ascii: "."), probe.current != UInt8(ascii: "s"), probe.skipBlanks() > 0 {
                cursor = probe
            }
        }
        let start = cursor.position
        guard let microseconds = cursor.microseconds(), cursor.consume(UInt8(ascii: "s")) else { return .failure(.time) }
        guard let time = Timestamp(validatingMicroseconds: microseconds) else {
            cursor.position = start
            return .failure(.timeRange)
        }
        return .success(time)
    }

    /// Parses the fields after the event name into `event` (whose kind, phase and device the
    /// caller set); returns the problem if the line does not parse.
    static func parseGesture(_ cursor: inout ByteCursor, into event: inout GestureEvent) -> Problem? {
        let kind = event.kind
        let time: Timestamp
        switch parseTime(&cursor) {
        case .success(let parsed): time = parsed
        case .failure(let field): return fail(field, cursor)
        }
        guard cursor.skipBlanks() > 0 else { return fail(.fingerCount, cursor) }
        let fingersStart = cursor.position
        guard let fingers = cursor.unsignedInteger() else { return fail(.fingerCount, cursor) }
        // No `swipe:0:left` or `swipe:2147483647:right`: a count outside the touchpad's range
        // (or with more digits than unsignedInteger reads) is not a gesture.
        guard GestureEvent.touchpadFingerCounts.contains(fingers), !isDigit(cursor.current) else {
            return Problem(field: .fingerRange, offset: fingersStart, isTruncated: false)
        }
        event.fingerCount = fingers
        event.time = time
        switch event.phase {
        case .begin:
            break
        case .end:
            cursor.skipBlanks()
            event.isCancelled = cursor.consume("cancelled")
        case .update:
            guard cursor.skipBlanks() > 0 else { return fail(.deltas, cursor) }
            let valuesStart = cursor.position
            guard let dx = cursor.decimal() else { return fail(.deltas, cursor) }
            cursor.skipBlanks()
            guard cursor.consume(UInt8(ascii: "/")) else { return fail(.deltaY, cursor) }
            cursor.skipBlanks()
            guard let dy = cursor.decimal() else { return fail(.deltaY, cursor) }
            event.delta = Vector2(dx, dy)
            event.unacceleratedDelta = event.delta
            let blanks = cursor.skipBlanks()
            if cursor.consume(UInt8(ascii: "(")) {
                cursor.skipBlanks()
                guard let ux = cursor.decimal() else { return fail(.unacceleratedDeltas, cursor) }
                cursor.skipBlanks()
                guard cursor.consume(UInt8(ascii: "/")) else { return fail(.unacceleratedDeltaY, cursor) }
                cursor.skipBlanks()
                guard let uy = cursor.decimal() else { return fail(.unacceleratedDeltaY, cursor) }
                guard cursor.skipBlanks() > 0, cursor.consumeUnaccelerated() else {
                    return fail(.closingParenthesis, cursor)
                }
                cursor.skipBlanks()
                guard cursor.consume(UInt8(ascii: ")")) else { return fail(.closingParenthesis, cursor) }
                event.unacceleratedDelta = Vector2(ux, uy)
            } else if kind == .pinch, blanks == 0 {
                return fail(.scale, cursor)
            }
            if kind == .pinch {
                cursor.skipBlanks()
                guard let scale = cursor.decimal() else { return fail(.scale, cursor) }
                cursor.skipBlanks()
                guard cursor.consume(UInt8(ascii: "@")) else { return fail(.angleDelta, cursor) }
                cursor.skipBlanks()
                guard let angle = cursor.decimal() else { return fail(.angleDelta, cursor) }
                event.scale = scale
                event.angleDelta = angle
            }
            // Values no touchpad reports (a fuzzed 1e13 scale) are refused like a C caller's.
            let largest = GestureEvent.largestMagnitude
            guard abs(event.delta.x) <= largest, abs(event.delta.y) <= largest,
                  abs(event.unacceleratedDelta.x) <= largest, abs(event.unacceleratedDelta.y) <= largest,
                  abs(event.angleDelta) <= largest, event.scale > 0, event.scale <= largest else {
                return Problem(field: .valueRange, offset: valuesStart, isTruncated: false)
            }
        }
        return nil
    }

    // MARK: - Device lines

    /// Parses `NAME  SEAT LOGICAL_SEAT [groupN]  cap:LETTERS [size WxHmm] ...` after
    /// DEVICE_ADDED / DEVICE_REMOVED. Device names may contain blanks; the seat fields are
    /// found by walking back from `cap:`.
    static func parseDevice(base: UnsafePointer<UInt8>, end: Int, node: Node, cursor: ByteCursor) -> InputDevice {
        var words: [Range<Int>] = []
        var index = cursor.position
        while index < end {
            while index < end, isBlank(base[index]) { index += 1 }
            let start = index
            while index < end, !isBlank(base[index]) { index += 1 }
            if index > start { words.append(start..<index) }
        }
        func word(_ i: Int) -> String { text(base, words[i].lowerBound, words[i].upperBound) }
        func starts(_ i: Int, with prefix: StaticString) -> Bool {
            var probe = ByteCursor(base: base, end: words[i].upperBound, position: words[i].lowerBound)
            return probe.consume(prefix)
        }
        let nodeName = text(base, node.nodeStart, node.nodeEnd)
        guard let capIndex = words.indices.first(where: { starts($0, with: "cap:") }) else {
            let name = words.isEmpty ? "" : text(base, words[0].lowerBound, words[words.count - 1].upperBound)
            return InputDevice(node: nodeName, name: name, capabilities: [])
        }
        var capabilities: DeviceCapabilities = []
        for position in (words[capIndex].lowerBound + 4)..<words[capIndex].upperBound {
            if let capability = DeviceCapabilities(letter: base[position]) { capabilities.insert(capability) }
        }
        var last = capIndex - 1
        if last >= 0, starts(last, with: "group") { last -= 1 }
        var seat: String?
        var nameEndWord = last
        if last >= 2 {
            seat = word(last - 1)
            nameEndWord = last - 2
        }
        let name = nameEndWord >= 0
            ? text(base, words[0].lowerBound, words[nameEndWord].upperBound) : ""
        var size: DeviceSize?
        if capIndex + 2 < words.count, word(capIndex + 1) == "size" {
            var sizeCursor = ByteCursor(base: base, end: words[capIndex + 2].upperBound,
                                        position: words[capIndex + 2].lowerBound)
            if let width = sizeCursor.decimal(), sizeCursor.consume(UInt8(ascii: "x")),
               let height = sizeCursor.decimal() {
                size = DeviceSize(widthMillimeters: width, heightMillimeters: height)
            }
        }
        return InputDevice(node: nodeName, name: name, seat: seat, capabilities: capabilities, size: size)
    }
}

/// The bytes `base[start..<end]` decoded as UTF-8 (invalid bytes replaced).
func text(_ base: UnsafePointer<UInt8>, _ start: Int, _ end: Int) -> String {
    String(decoding: UnsafeBufferPointer(start: base + start, count: max(0, end - start)), as: UTF8.self)
}
