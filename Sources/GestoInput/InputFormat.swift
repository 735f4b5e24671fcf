// Tells `libinput debug-events` text from `libinput record` YAML by looking at the first
// lines, so `gestoctl replay FILE` and the daemon can take either without a flag.

/// How many bytes ``InputFormat/detect(in:)`` looks at: 64 KiB, enough for any header and
/// the other tools' preambles seen in bug reports.
public let inputFormatProbeLength = 64 * 1024

/// The kinds of recorded input gesto reads.
public enum InputFormat: Sendable, Hashable {
    /// `libinput debug-events` text (read with ``DebugEventsReader``).
    case debugEvents
    /// `libinput record` YAML, complete or a fragment (read with ``LibinputRecording``).
    case libinputRecording
    /// Neither was recognized in the first ``inputFormatProbeLength`` bytes.
    case unknown

    /// Decides from the first lines: the first line that is an event line (`eventN NAME …`)
    /// means debug-events; the first line that is a record key at the start (`version:`,
    /// `ndevices:`, `devices:`, `libinput:`, `system:`, `---`) or a record list entry
    /// (`- evdev:`, `- libinput:`, `- [ sec, usec, type, code, value]`) means a recording.
    /// Blank lines and `#` comments are skipped.
    public static func detect(in bytes: UnsafeRawBufferPointer) -> InputFormat {
        guard let raw = bytes.baseAddress else { return .unknown }
        let base = raw.assumingMemoryBound(to: UInt8.self)
        let limit = min(bytes.count, inputFormatProbeLength)
        var start = 0
        while start < limit {
            var end = start
            while end < limit, base[end] != 0x0A { end += 1 }
            var cursor = ByteCursor(base: base, end: end, position: start)
            cursor.skipBlanks()
            if !cursor.isAtEnd, cursor.current != UInt8(ascii: "#") {
                let indented = cursor.position > start
                if !indented, cursor.consume("version:") || cursor.consume("ndevices:") || cursor.consume("devices:")
                    || cursor.consume("libinput:") || cursor.consume("system:") || cursor.consume("---") {
                    return .libinputRecording
                }
                cursor.position = start
                cursor.skipBlanks()
                if cursor.consume(UInt8(ascii: "-")), cursor.skipBlanks() > 0,
                   cursor.consume("evdev:") || cursor.consume("libinput:") || cursor.consume("hid:")
                    || cursor.consume(UInt8(ascii: "[")) && cursor.skipBlanks() >= 0 && isDigit(cursor.current) {
                    return .libinputRecording
                }
                if DebugEventsParser.findEvent(base: base, end: end, from: start) != nil { return .debugEvents }
            }
            start = end + 1
        }
        return .unknown
    }

    /// Decides from the first bytes of `bytes` (see ``detect(in:)-(UnsafeRawBufferPointer)``).
    public static func detect(in bytes: [UInt8]) -> InputFormat {
        bytes.withUnsafeBytes { detect(in: $0) }
    }
}
