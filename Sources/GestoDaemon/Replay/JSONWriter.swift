// A minimal JSON line writer for gesto's outputs (`replay --json`, IPC replies): objects of
// strings, numbers, booleans, null and arrays, written in key order. Foundation's encoder is
// not used so the executables stay free of Foundation (size, start-up and idle memory).
import GestoCore
import GestoConfig

/// Builds one JSON object, key by key, in the order keys are added.
public struct JSONObjectWriter: Sendable {
    private var text = "{"
    private var isEmpty = true

    public init() {}

    private mutating func key(_ key: String) {
        if !isEmpty { text += ", " }
        isEmpty = false
        text += jsonQuoted(key) + ": "
    }

    /// Adds a string (or null).
    public mutating func add(_ name: String, _ value: String?) {
        key(name)
        text += value.map(jsonQuoted) ?? "null"
    }

    /// Adds a number with up to `decimals` digits (NaN and infinities become null).
    public mutating func add(_ name: String, _ value: Double, decimals: Int = 3) {
        key(name)
        text += jsonNumber(value, decimals: decimals)
    }

    /// Adds an integer.
    public mutating func add(_ name: String, _ value: Int) {
        key(name)
        text += String(value)
    }

    /// Adds a boolean.
    public mutating func add(_ name: String, _ value: Bool) {
        key(name)
        text += value ? "true" : "false"
    }

    /// Adds a 2-D vector as `[x, y]`.
    public mutating func add(_ name: String, _ value: Vector2, decimals: Int = 2) {
        key(name)
        text += "[\(jsonNumber(value.x, decimals: decimals)), \(jsonNumber(value.y, decimals: decimals))]"
    }

    /// Adds already-encoded JSON (an object or array built elsewhere).
    public mutating func addRaw(_ name: String, _ json: String) {
        key(name)
        text += json
    }

    /// The finished object.
    public var json: String { text + "}" }
}

/// A JSON number with up to `decimals` digits; NaN and infinities are written as null.
public func jsonNumber(_ value: Double, decimals: Int = 3) -> String {
    guard value.isFinite else { return "null" }
    return formatCompact(value, maxDecimals: decimals)
}

/// `text` as a JSON string literal, with quotes, backslashes and control characters escaped.
public func jsonQuoted(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\"": result += "\\\""
        case "\\": result += "\\\\"
        case "\n": result += "\\n"
        case "\r": result += "\\r"
        case "\t": result += "\\t"
        default:
            if scalar.value < 0x20 {
                let hex = String(scalar.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
    }
    return result + "\""
}
