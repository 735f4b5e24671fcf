// The fast path of the `debug-events` parser: a GESTURE_* line in exactly the shape libinput's
// tool prints, read in one pass over its bytes. Anything else (other tools' prefixes, 1.27's
// repeat counter, a missing field, a value out of range) returns nil and takes the general
// path of DebugEventsParser.swift, which gives the same records and every warning with its
// column. The shapes, from libinput's tools/libinput-debug-events.c (src/util-libinput.c
// since 1.28):
//   header  "%c%-7s  %-23s " (1.19+; "%-16s " 1.6–1.18; TAB-separated before 1.6)
//   time    "%+6.3fs\t" (1.15+; "%+6.2fs\t" before)
//   BEGIN, END          "%d%s"  finger count, then " cancelled" or nothing
//   UPDATE              "%d %5.2f/%5.2f (%5.2f/%5.2f unaccelerated)"
//   PINCH_UPDATE adds   " %5.2f @ %5.2f"
import GestoCore

extension DebugEventsParser {
    /// Parses a gesture line of libinput's own shape in `base[0..<count]`, or returns nil
    /// when the line is anything else (the general path then decides, with the same result).
    ///
    /// - Precondition: `base[count]` is readable and is the line's `\n` (``parseLines`` hands
    ///   over lines found by memchr in its buffer). That byte is the sentinel that ends every
    ///   loop below: it is no blank, digit, sign, point or letter of a literal, so each scan
    ///   stops on it at the latest and no read goes past it; the multi-byte loads check the
    ///   length first. A `\r` before it (CRLF text) stops the scans the same way, so the
    ///   fields read are those the general path reads inside the line without its `\r\n`.
    @inline(__always)
    static func libinputGestureLine(base: UnsafePointer<UInt8>, count: Int) -> GestureEvent? {
        // No gesture line is shorter than " event0 GESTURE_HOLD_END +0.1s 1" (32 bytes); this
        // also covers the load of bytes 1–4 below. The name loads check their own length.
        guard count >= 32 else { return nil }
        let raw = UnsafeRawPointer(base)
        // " eventN" or "-eventN": libinput's first column is the new-device mark.
        guard base[0] == 0x20 || base[0] == UInt8(ascii: "-"),
              raw.loadUnaligned(fromByteOffset: 1, as: UInt32.self) == 0x6E65_7665 /* "even" */,
              base[5] == UInt8(ascii: "t") else { return nil }
        var p = base + 6
        // The node number: 1 to 3 digits (event0 … event999), as findEvent reads it.
        var digit = p[0] &- 0x30
        guard digit <= 9 else { return nil }
        var node = UInt32(digit)
        p += 1
        digit = p[0] &- 0x30
        if digit <= 9 {
            node = node &* 10 &+ UInt32(digit); p += 1
            digit = p[0] &- 0x30
            if digit <= 9 { node = node &* 10 &+ UInt32(digit); p += 1 }
        }
        guard isBlank(p[0]) else { return nil }
        repeat { p += 1 } while isBlank(p[0])
        // The name: "GESTURE_", the kind, the phase, then the blank of its padding.
        let nameStart = base.distance(to: p)
        guard count &- nameStart >= 22 else { return nil }
        let name = UnsafeRawPointer(p)
        guard name.loadUnaligned(as: UInt64.self) == 0x5F45_5255_5453_4547 /* "GESTURE_" */ else { return nil }
        let kindWord = name.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
        let kind: GestureKind
        var phaseOffset = 14
        if kindWord & mask(6) == 0x5F45_5049_5753 /* "SWIPE_" */ { kind = .swipe }
        else if kindWord & mask(6) == 0x5F48_434E_4950 /* "PINCH_" */ { kind = .pinch }
        else if kindWord & mask(5) == 0x5F44_4C4F_48 /* "HOLD_" */ { kind = .hold; phaseOffset = 13 }
        else { return nil }
        let phaseWord = name.loadUnaligned(fromByteOffset: phaseOffset, as: UInt64.self)
        let phase: GestureEventPhase
        if phaseWord & mask(7) == 0x20_4554_4144_5055 /* "UPDATE " */, kind != .hold { phase = .update; p += phaseOffset &+ 7 }
        else if phaseWord & mask(6) == 0x20_4E49_4745_42 /* "BEGIN " */ { phase = .begin; p += phaseOffset &+ 6 }
        else if phaseWord & mask(4) == 0x20_444E_45 /* "END " */ { phase = .end; p += phaseOffset &+ 4 }
        else { return nil }
        // The name's padding: four blanks at once (1.19+ pads to 23 columns), then the rest.
        if base.distance(to: p) &+ 4 <= count, UnsafeRawPointer(p).loadUnaligned(as: UInt32.self) == 0x2020_2020 { p += 4 }
        while isBlank(p[0]) { p += 1 }
        // The time: "+S.FFs" with 1 to 9 whole and 1 to 6 fraction digits (libinput prints
        // 2 or 3); the sign is always printed (`%+`) and the value never negative. Nine whole
        // digits keep it far inside Timestamp.acceptedMicroseconds, so it needs no range check.
        guard p[0] == UInt8(ascii: "+") else { return nil }
        p += 1
        var seconds: Int64 = 0
        let wholeStart = p
        while true { let d = p[0] &- 0x30; if d > 9 { break }; seconds = seconds &* 10 &+ Int64(d); p += 1 }
        let wholeDigits = wholeStart.distance(to: p)
        guard wholeDigits >= 1, wholeDigits <= 9, p[0] == UInt8(ascii: ".") else { return nil }
        p += 1
        var microseconds: Int64
        // libinput 1.15+'s three decimals, unrolled (each byte is read only after the one
        // before it was a digit, so no read passes the sentinel); other counts in a loop.
        if isDigit(p[0]), isDigit(p[1]), isDigit(p[2]), p[3] == UInt8(ascii: "s") {
            microseconds = seconds &* 1_000_000
                &+ (Int64(p[0] &- 0x30) &* 100 &+ Int64(p[1] &- 0x30) &* 10 &+ Int64(p[2] &- 0x30)) &* 1_000
            p += 3
        } else {
            var fraction: Int64 = 0
            let fractionStart = p
            while true { let d = p[0] &- 0x30; if d > 9 { break }; fraction = fraction &* 10 &+ Int64(d); p += 1 }
            let fractionDigits = fractionStart.distance(to: p)
            guard fractionDigits >= 1, fractionDigits <= 6 else { return nil }
            microseconds = seconds &* 1_000_000 &+ fraction &* Int64(powerOfTen(6 &- fractionDigits))
        }
        guard p[0] == UInt8(ascii: "s"), isBlank(p[1]) else { return nil }
        let time = Timestamp(microseconds: microseconds)
        p += 2
        while isBlank(p[0]) { p += 1 }
        // The finger count: one digit, 1 to 9 (10 and out-of-range counts take the general path).
        let fingers = Int(p[0] &- 0x30)
        guard fingers >= 1, fingers <= 9, !isDigit(p[1]) else { return nil }
        p += 1
        switch phase {
        case .begin:
            return GestureEvent(kind, .begin, fingers: fingers, time: time, device: node)
        case .end:
            while isBlank(p[0]) { p += 1 }
            // "cancelled" as one 8-byte load and its last letter, where the line is long enough.
            let cancelled = base.distance(to: p) &+ 9 <= count
                && UnsafeRawPointer(p).loadUnaligned(as: UInt64.self) == 0x656C_6C65_636E_6163 /* "cancelle" */
                && p[8] == UInt8(ascii: "d")
            return GestureEvent(kind, .end, fingers: fingers, time: time, cancelled: cancelled, device: node)
        case .update:
            guard isBlank(p[0]) else { return nil }
            guard let dx = decimal(&p), p[0] == UInt8(ascii: "/"),
                  let dy = decimal(&p, skipping: 1), p[0] == 0x20, p[1] == UInt8(ascii: "(") else { return nil }
            p += 2
            guard let ux = decimal(&p), p[0] == UInt8(ascii: "/"), let uy = decimal(&p, skipping: 1),
                  base.distance(to: p) &+ 15 <= count else { return nil }
            // " unaccelerated)" as two overlapping 8-byte loads (the length was checked).
            let tail = UnsafeRawPointer(p)
            guard tail.loadUnaligned(as: UInt64.self) == 0x6C65_6363_616E_7520 /* " unaccel" */,
                  tail.loadUnaligned(fromByteOffset: 7, as: UInt64.self) == 0x2964_6574_6172_656C /* "lerated)" */ else { return nil }
            p += 15
            var scale = 1.0, angle = 0.0
            if kind == .pinch {
                guard isBlank(p[0]), let s = decimal(&p), isBlank(p[0]) else { return nil }
                while isBlank(p[0]) { p += 1 }
                guard p[0] == UInt8(ascii: "@"), let a = decimal(&p, skipping: 1) else { return nil }
                scale = s
                angle = a
            }
            // The general path's range check, unchanged: it gives the warning when this fails.
            let largest = GestureEvent.largestMagnitude
            guard abs(dx) <= largest, abs(dy) <= largest, abs(ux) <= largest, abs(uy) <= largest,
                  abs(angle) <= largest, scale > 0, scale <= largest else { return nil }
            return GestureEvent(kind, .update, fingers: fingers, time: time, delta: Vector2(dx, dy),
                                unaccelerated: Vector2(ux, uy), scale: scale, angleDelta: angle, device: node)
        }
    }

    /// Skips `separator` bytes at `p` (a `/` or `@` the caller checked, or none), then reads
    /// blanks, then `[-+]D.F` with 1 to 9 whole and 1 to 9 fraction digits, computing the
    /// value as ``ByteCursor/decimal()`` does (one integer mantissa over all the digits,
    /// divided once by 10^fractionDigits), so both paths give the same Double; nil for any
    /// other shape. The scans stop at the line's sentinel (see ``libinputGestureLine``).
    @inline(__always)
    private static func decimal(_ p: inout UnsafePointer<UInt8>, skipping separator: Int = 0) -> Double? {
        var q = p + separator
        while isBlank(q[0]) { q += 1 }
        let negative = q[0] == UInt8(ascii: "-")
        if negative || q[0] == UInt8(ascii: "+") { q += 1 }
        var mantissa: Int64 = 0
        let wholeStart = q
        while true { let d = q[0] &- 0x30; if d > 9 { break }; mantissa = mantissa &* 10 &+ Int64(d); q += 1 }
        let wholeDigits = wholeStart.distance(to: q)
        guard wholeDigits >= 1, wholeDigits <= 9, q[0] == UInt8(ascii: ".") else { return nil }
        q += 1
        let fractionDigits: Int
        // `%5.2f`'s two decimals, unrolled (each byte read only after the one before it was
        // a digit); other counts in a loop.
        if isDigit(q[0]), isDigit(q[1]), !isDigit(q[2]) {
            mantissa = mantissa &* 100 &+ Int64(q[0] &- 0x30) &* 10 &+ Int64(q[1] &- 0x30)
            q += 2
            fractionDigits = 2
        } else {
            let fractionStart = q
            while true { let d = q[0] &- 0x30; if d > 9 { break }; mantissa = mantissa &* 10 &+ Int64(d); q += 1 }
            fractionDigits = fractionStart.distance(to: q)
            guard fractionDigits >= 1, fractionDigits <= 9 else { return nil }
        }
        p = q
        return Double(negative ? -mantissa : mantissa) / powerOfTen(fractionDigits)
    }
}
