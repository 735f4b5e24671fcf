// gesto's one JSON writer: objects of strings, numbers, booleans, null and arrays, written in
// key order into one growing byte buffer and made one String at the end. Numbers are formatted from
// integers (value × 10^decimals, rounded), strings are copied a UTF-8 run at a time and only
// the bytes JSON must escape are looked at: `gestoctl replay --json` writes one object per
// recognized gesture, so this is a hot path (ARCHITECTURE.md, "Why JSON is Codable…").
// Foundation's encoder is not used so the executables stay free of Foundation.
import GestoCore

/// A growing buffer of UTF-8 bytes that JSON is written into: an append is a check for room
/// and a copy.
public struct JSONBytes: ~Copyable {
    private var start: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    /// How many bytes are written.
    public private(set) var count = 0

    /// An empty buffer with room for `capacity` bytes before it grows.
    public init(capacity: Int = 256) {
        self.capacity = max(capacity, 16)
        start = .allocate(capacity: self.capacity)
    }

    deinit { start.deallocate() }

    /// Makes room for `extra` more bytes, so the `…Reserved` appends need no check.
    mutating func reserve(_ extra: Int) {
        if count + extra > capacity { grow(by: extra) }
    }

    @inline(never)
    private mutating func grow(by extra: Int) {
        let grown = max(capacity * 2, count + extra)
        let moved = UnsafeMutablePointer<UInt8>.allocate(capacity: grown)
        moved.update(from: start, count: count)
        start.deallocate()
        start = moved
        capacity = grown
    }

    /// Appends one byte.
    public mutating func append(_ byte: UInt8) {
        reserve(1)
        start[count] = byte
        count += 1
    }

    /// Appends one byte into room made by ``reserve(_:)``.
    mutating func appendReserved(_ byte: UInt8) {
        start[count] = byte
        count += 1
    }

    /// Writes at most `maximum` bytes at the end through `body`, which returns how many it wrote.
    mutating func appendInPlace(maximum: Int, _ body: (UnsafeMutablePointer<UInt8>) -> Int) {
        reserve(maximum)
        count += body(start + count)
    }

    /// Appends `bytes` into room made by ``reserve(_:)``.
    mutating func appendReserved(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let base = bytes.baseAddress else { return }
        let destination = start + count
        for index in 0..<bytes.count { destination[index] = base[index] }
        count += bytes.count
    }

    /// Appends `bytes`.
    public mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
        reserve(bytes.count)
        if bytes.count <= 16 {
            // Most appends are keys, punctuation and short values of a few bytes.
            let destination = start + count
            for index in 0..<bytes.count { destination[index] = base[index] }
        } else {
            (start + count).update(from: base, count: bytes.count)
        }
        count += bytes.count
    }

    /// Appends ASCII text.
    public mutating func append(_ text: StaticString) {
        text.withUTF8Buffer { append($0) }
    }

    /// Appends already-encoded JSON text.
    public mutating func appendRaw(_ text: String) {
        var text = text
        text.withUTF8 { append($0) }
    }

    /// Appends the bytes of `other` from `offset` on.
    public mutating func append(_ other: borrowing JSONBytes, from offset: Int) {
        guard offset < other.count else { return }
        append(UnsafeBufferPointer(start: other.start + offset, count: other.count - offset))
    }

    /// Appends `value` in decimal.
    public mutating func appendInteger(_ value: Int) {
        if value < 0 { append(UInt8(ascii: "-")) }
        appendDigits(UInt64(value.magnitude), minimumCount: 1)
    }

    /// Appends the decimal digits of `value`, left-padded with zeros to `minimumCount`.
    private mutating func appendDigits(_ value: UInt64, minimumCount: Int) {
        // Comparisons, not divisions, count the digits: gesto's numbers are mostly short.
        var digits = 1
        var bound: UInt64 = 10
        while value >= bound && digits < 19 {
            digits += 1
            bound &*= 10
        }
        if digits == 19 && value >= bound { digits = 20 }
        digits = max(digits, minimumCount)
        reserve(digits)
        var remaining = value
        var digit = start + count + digits
        for _ in 0..<digits {
            digit -= 1
            digit.pointee = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: remaining % 10)
            remaining /= 10
        }
        count += digits
    }

    /// Appends `value` with up to `decimals` digits after the point, trailing zeros dropped
    /// (`1.28`, `3`, `-0.5`), as ``formatCompact(_:maxDecimals:)`` prints it; null when not
    /// finite. The digits come from the integer `value × 10^decimals`, rounded.
    public mutating func appendNumber(_ value: Double, decimals requested: Int) {
        guard value.isFinite else { return append("null") }
        let decimals = min(max(requested, 0), 18)
        let divisor = Self.powerOfTen(decimals)
        let scaled = (abs(value) * Double(divisor)).rounded()
        // Beyond a UInt64 the fixed form would need more digits than make sense: the shared formatter.
        guard scaled < 9.0e18 else { return appendRaw(formatCompact(value, maxDecimals: decimals)) }
        let integer = UInt64(scaled)
        if value < 0 && integer != 0 { append(UInt8(ascii: "-")) }
        appendDigits(integer / divisor, minimumCount: 1)
        let fraction = integer % divisor
        guard decimals > 0, fraction != 0 else { return }
        // All `decimals` digits of the fraction, then its trailing zeros taken back.
        appendInPlace(maximum: decimals + 1) { out in
            out[0] = UInt8(ascii: ".")
            var remaining = fraction
            var index = decimals
            while index > 0 {
                out[index] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: remaining % 10)
                remaining /= 10
                index -= 1
            }
            var written = decimals + 1
            while out[written - 1] == UInt8(ascii: "0") { written -= 1 }
            return written
        }
    }

    /// 10^`exponent` for 0…18 (a switch is a table lookup; a global array would check its
    /// lazy initialization on every call).
    private static func powerOfTen(_ exponent: Int) -> UInt64 {
        switch exponent {
        case 0: return 1
        case 1: return 10
        case 2: return 100
        case 3: return 1_000
        case 4: return 10_000
        case 5: return 100_000
        case 6: return 1_000_000
        default:
            var value: UInt64 = 1_000_000
            for _ in 6..<exponent { value &*= 10 }
            return value
        }
    }

    /// Appends `text` as a JSON string literal: runs of bytes that need no escape are copied whole.
    public mutating func appendQuoted(_ text: String) {
        append(UInt8(ascii: "\""))
        var text = text
        // A native String is contiguous UTF-8 already: `withUTF8` copies only a bridged one.
        text.withUTF8 { utf8 in
            var runStart = 0
            for index in 0..<utf8.count {
                let byte = utf8[index]
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
                append(UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
                runStart = index + 1
                switch byte {
                case UInt8(ascii: "\""): append("\\\"")
                case UInt8(ascii: "\\"): append("\\\\")
                case UInt8(ascii: "\n"): append("\\n")
                case UInt8(ascii: "\r"): append("\\r")
                case UInt8(ascii: "\t"): append("\\t")
                default:
                    let hex: StaticString = "0123456789abcdef"
                    append("\\u00")
                    hex.withUTF8Buffer { digits in
                        append(digits[Int(byte >> 4)])
                        append(digits[Int(byte & 0xF)])
                    }
                }
            }
            append(UnsafeBufferPointer(rebasing: utf8[runStart...]))
        }
        append(UInt8(ascii: "\""))
    }

    /// The bytes as a String, with `suffix` (if any) after them: one copy.
    public func string(appending suffix: UInt8? = nil) -> String {
        let total = count + (suffix == nil ? 0 : 1)
        return String(unsafeUninitializedCapacity: total) { text in
            text.baseAddress!.update(from: start, count: count)
            if let suffix { text[count] = suffix }
            return total
        }
    }
}

/// Builds one JSON object, key by key, in the order keys are added.
public struct JSONObjectWriter: ~Copyable {
    private var bytes = JSONBytes()
    private var isEmpty = true

    /// An empty object (`{}` until members are added).
    public init() {
        bytes.append(UInt8(ascii: "{"))
    }

    private mutating func key(_ key: StaticString) {
        // One check for room, then the punctuation and the name written through one pointer.
        let separated = !isEmpty
        isEmpty = false
        key.withUTF8Buffer { name in
            bytes.appendInPlace(maximum: name.count + 6) { out in
                var index = 0
                if separated {
                    out[0] = UInt8(ascii: ",")
                    out[1] = UInt8(ascii: " ")
                    index = 2
                }
                out[index] = UInt8(ascii: "\"")
                index += 1
                for byte in name {
                    out[index] = byte
                    index += 1
                }
                out[index] = UInt8(ascii: "\"")
                out[index + 1] = UInt8(ascii: ":")
                out[index + 2] = UInt8(ascii: " ")
                return index + 3
            }
        }
    }

    private mutating func key(_ key: String) {
        if !isEmpty { bytes.append(", ") }
        isEmpty = false
        bytes.appendQuoted(key)
        bytes.append(": ")
    }

    /// Adds a string (or null).
    public mutating func add(_ name: StaticString, _ value: String?) {
        key(name)
        if let value { bytes.appendQuoted(value) } else { bytes.append("null") }
    }

    /// Adds a string (or null) under a key known only at run time.
    public mutating func add(key name: String, _ value: String?) {
        key(name)
        if let value { bytes.appendQuoted(value) } else { bytes.append("null") }
    }

    /// Adds a number with up to `decimals` digits (NaN and infinities become null).
    public mutating func add(_ name: StaticString, _ value: Double, decimals: Int = 3) {
        key(name)
        bytes.appendNumber(value, decimals: decimals)
    }

    /// Adds an integer.
    public mutating func add(_ name: StaticString, _ value: Int) {
        key(name)
        bytes.appendInteger(value)
    }

    /// Adds a boolean.
    public mutating func add(_ name: StaticString, _ value: Bool) {
        key(name)
        bytes.append(value ? "true" : "false")
    }

    /// Adds a 2-D vector as `[x, y]`.
    public mutating func add(_ name: StaticString, _ value: Vector2, decimals: Int = 2) {
        key(name)
        bytes.append(UInt8(ascii: "["))
        bytes.appendNumber(value.x, decimals: decimals)
        bytes.append(UInt8(ascii: ","))
        bytes.append(UInt8(ascii: " "))
        bytes.appendNumber(value.y, decimals: decimals)
        bytes.append(UInt8(ascii: "]"))
    }

    /// Adds an array of strings.
    public mutating func add(_ name: StaticString, _ values: [String]) {
        key(name)
        bytes.append(UInt8(ascii: "["))
        for (index, value) in values.enumerated() {
            if index > 0 { bytes.append(", ") }
            bytes.appendQuoted(value)
        }
        bytes.append(UInt8(ascii: "]"))
    }

    /// Adds already-encoded JSON (an object or array built elsewhere).
    public mutating func addRaw(_ name: StaticString, _ json: String) {
        key(name)
        bytes.appendRaw(json)
    }

    /// Adds already-encoded JSON under a key known only at run time.
    public mutating func addRaw(key name: String, _ json: String) {
        key(name)
        bytes.appendRaw(json)
    }

    /// Adds the members of another object after this one's (`{"a": 1}` + `{"b": 2}` is
    /// `{"a": 1, "b": 2}`), without re-encoding them.
    public mutating func addMembers(of other: borrowing JSONObjectWriter) {
        guard !other.isEmpty else { return }
        if !isEmpty { bytes.append(", ") }
        isEmpty = false
        bytes.append(other.bytes, from: 1)
    }

    /// The finished object.
    public var json: String { bytes.string(appending: UInt8(ascii: "}")) }
}

/// A JSON number with up to `decimals` digits; NaN and infinities are written as null.
public func jsonNumber(_ value: Double, decimals: Int = 3) -> String {
    var bytes = JSONBytes(capacity: 32)
    bytes.appendNumber(value, decimals: decimals)
    return bytes.string()
}

/// `text` as a JSON string literal, with quotes, backslashes and control characters escaped.
public func jsonQuoted(_ text: String) -> String {
    var bytes = JSONBytes(capacity: text.utf8.count + 8)
    bytes.appendQuoted(text)
    return bytes.string()
}
