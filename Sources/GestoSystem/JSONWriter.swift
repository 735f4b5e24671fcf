// gesto's one JSON writer: objects of strings, numbers, booleans, null and arrays, written in
// key order into a byte buffer and made one String at the end. Numbers are formatted from
// integers (value × 10^decimals, rounded), strings are copied a UTF-8 run at a time and only
// the bytes JSON must escape are looked at: `gestoctl replay --json` writes one object per
// recognized gesture, so this is a hot path (measured in README's layer section).
// Foundation's encoder is not used so the executables stay free of Foundation.
import GestoCore

/// Builds one JSON object, key by key, in the order keys are added.
public struct JSONObjectWriter: Sendable {
    private var bytes: [UInt8]
    private var isEmpty = true

    /// An empty object (`{}` until members are added).
    public init() {
        bytes = []
        bytes.reserveCapacity(256)
        bytes.append(UInt8(ascii: "{"))
    }

    private mutating func key(_ key: StaticString) {
        if !isEmpty { bytes.append(UInt8(ascii: ",")); bytes.append(UInt8(ascii: " ")) }
        isEmpty = false
        bytes.append(UInt8(ascii: "\""))
        key.withUTF8Buffer { bytes.append(contentsOf: $0) }
        bytes.append(contentsOf: [UInt8(ascii: "\""), UInt8(ascii: ":"), UInt8(ascii: " ")])
    }

    private mutating func key(_ key: String) {
        if !isEmpty { bytes.append(UInt8(ascii: ",")); bytes.append(UInt8(ascii: " ")) }
        isEmpty = false
        appendJSONQuoted(key, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        bytes.append(UInt8(ascii: " "))
    }

    /// Adds a string (or null).
    public mutating func add(_ name: StaticString, _ value: String?) {
        key(name)
        if let value { appendJSONQuoted(value, to: &bytes) } else { appendNull() }
    }

    /// Adds a number with up to `decimals` digits (NaN and infinities become null).
    public mutating func add(_ name: StaticString, _ value: Double, decimals: Int = 3) {
        key(name)
        appendJSONNumber(value, decimals: decimals, to: &bytes)
    }

    /// Adds an integer.
    public mutating func add(_ name: StaticString, _ value: Int) {
        key(name)
        appendInteger(value, to: &bytes)
    }

    /// Adds a boolean.
    public mutating func add(_ name: StaticString, _ value: Bool) {
        key(name)
        if value {
            bytes.append(contentsOf: [UInt8(ascii: "t"), UInt8(ascii: "r"), UInt8(ascii: "u"), UInt8(ascii: "e")])
        } else {
            bytes.append(contentsOf: [UInt8(ascii: "f"), UInt8(ascii: "a"), UInt8(ascii: "l"), UInt8(ascii: "s"), UInt8(ascii: "e")])
        }
    }

    /// Adds a 2-D vector as `[x, y]`.
    public mutating func add(_ name: StaticString, _ value: Vector2, decimals: Int = 2) {
        key(name)
        bytes.append(UInt8(ascii: "["))
        appendJSONNumber(value.x, decimals: decimals, to: &bytes)
        bytes.append(UInt8(ascii: ","))
        bytes.append(UInt8(ascii: " "))
        appendJSONNumber(value.y, decimals: decimals, to: &bytes)
        bytes.append(UInt8(ascii: "]"))
    }

    /// Adds an array of strings.
    public mutating func add(_ name: StaticString, _ values: [String]) {
        key(name)
        bytes.append(UInt8(ascii: "["))
        for (index, value) in values.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")); bytes.append(UInt8(ascii: " ")) }
            appendJSONQuoted(value, to: &bytes)
        }
        bytes.append(UInt8(ascii: "]"))
    }

    /// Adds already-encoded JSON (an object or array built elsewhere).
    public mutating func addRaw(_ name: StaticString, _ json: String) {
        key(name)
        bytes.append(contentsOf: json.utf8)
    }

    /// Adds a string (or null) under a key known only at run time.
    public mutating func add(key name: String, _ value: String?) {
        key(name)
        if let value { appendJSONQuoted(value, to: &bytes) } else { appendNull() }
    }

    /// Adds already-encoded JSON under a key known only at run time.
    public mutating func addRaw(key name: String, _ json: String) {
        key(name)
        bytes.append(contentsOf: json.utf8)
    }

    /// Adds the members of another object after this one's (`{"a": 1}` + `{"b": 2}` is
    /// `{"a": 1, "b": 2}`), without re-encoding them.
    public mutating func addMembers(of other: JSONObjectWriter) {
        guard !other.isEmpty else { return }
        if !isEmpty { bytes.append(UInt8(ascii: ",")); bytes.append(UInt8(ascii: " ")) }
        isEmpty = false
        bytes.append(contentsOf: other.bytes[1...])
    }

    private mutating func appendNull() {
        bytes.append(contentsOf: [UInt8(ascii: "n"), UInt8(ascii: "u"), UInt8(ascii: "l"), UInt8(ascii: "l")])
    }

    /// The finished object.
    public var json: String {
        var finished = bytes
        finished.append(UInt8(ascii: "}"))
        return String(decoding: finished, as: UTF8.self)
    }
}

/// A JSON number with up to `decimals` digits; NaN and infinities are written as null.
public func jsonNumber(_ value: Double, decimals: Int = 3) -> String {
    var bytes: [UInt8] = []
    appendJSONNumber(value, decimals: decimals, to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
}

/// `text` as a JSON string literal, with quotes, backslashes and control characters escaped.
public func jsonQuoted(_ text: String) -> String {
    var bytes: [UInt8] = []
    appendJSONQuoted(text, to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
}

/// Appends `value` in decimal.
func appendInteger(_ value: Int, to bytes: inout [UInt8]) {
    if value < 0 { bytes.append(UInt8(ascii: "-")) }
    appendDigits(value.magnitude, minimumCount: 1, to: &bytes)
}

/// Appends the decimal digits of `value`, left-padded with zeros to `minimumCount`.
private func appendDigits(_ value: UInt, minimumCount: Int, to bytes: inout [UInt8]) {
    // 20 digits hold any UInt64.
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { buffer in
        var remaining = value
        var index = 20
        repeat {
            index -= 1
            buffer[index] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: remaining % 10)
            remaining /= 10
        } while remaining > 0
        while 20 - index < minimumCount && index > 0 {
            index -= 1
            buffer[index] = UInt8(ascii: "0")
        }
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[index...]))
    }
}

/// Powers of ten up to 10^18, the most decimals written.
private let powersOfTen: [UInt64] = (0...18).map { exponent in (0..<exponent).reduce(1) { value, _ in value * 10 } }

/// Appends `value` with up to `decimals` digits after the point, trailing zeros dropped
/// (`1.28`, `3`, `-0.5`), as ``formatCompact(_:maxDecimals:)`` prints it; null when not finite.
func appendJSONNumber(_ value: Double, decimals requested: Int, to bytes: inout [UInt8]) {
    guard value.isFinite else {
        bytes.append(contentsOf: [UInt8(ascii: "n"), UInt8(ascii: "u"), UInt8(ascii: "l"), UInt8(ascii: "l")])
        return
    }
    let decimals = min(max(requested, 0), 18)
    let divisor = powersOfTen[decimals]
    let scaled = (abs(value) * Double(divisor)).rounded()
    // Beyond a UInt64 the fixed form would need more digits than make sense: the shared formatter.
    guard scaled < 9.0e18 else {
        bytes.append(contentsOf: formatCompact(value, maxDecimals: decimals).utf8)
        return
    }
    let integer = UInt64(scaled)
    if value < 0 && integer != 0 { bytes.append(UInt8(ascii: "-")) }
    appendDigits(UInt(integer / divisor), minimumCount: 1, to: &bytes)
    var fraction = integer % divisor
    var shown = decimals
    while shown > 0 && fraction % 10 == 0 {
        fraction /= 10
        shown -= 1
    }
    if shown > 0 {
        bytes.append(UInt8(ascii: "."))
        appendDigits(UInt(fraction), minimumCount: shown, to: &bytes)
    }
}

/// Appends `text` as a JSON string literal: runs of bytes that need no escape are copied whole.
func appendJSONQuoted(_ text: String, to bytes: inout [UInt8]) {
    bytes.append(UInt8(ascii: "\""))
    var text = text
    text.withUTF8 { utf8 in
        var runStart = 0
        for index in 0..<utf8.count {
            let byte = utf8[index]
            guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
            runStart = index + 1
            bytes.append(UInt8(ascii: "\\"))
            switch byte {
            case UInt8(ascii: "\""): bytes.append(UInt8(ascii: "\""))
            case UInt8(ascii: "\\"): bytes.append(UInt8(ascii: "\\"))
            case UInt8(ascii: "\n"): bytes.append(UInt8(ascii: "n"))
            case UInt8(ascii: "\r"): bytes.append(UInt8(ascii: "r"))
            case UInt8(ascii: "\t"): bytes.append(UInt8(ascii: "t"))
            default:
                let hex: [UInt8] = Array("0123456789abcdef".utf8)
                bytes.append(contentsOf: [UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"), hex[Int(byte >> 4)], hex[Int(byte & 0xF)]])
            }
        }
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart...]))
    }
    bytes.append(UInt8(ascii: "\""))
}
