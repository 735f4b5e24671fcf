// Fixed-point number formatting without Foundation: GestoCore may not import it, and the
// daemon and the C library print numbers on their hot paths (a replay JSON line prints ten):
// the digits are written into a stack buffer once, then made one String.

/// Formats `value` with exactly `decimals` digits after the point ("-0.00" prints as "0.00").
/// NaN prints as "nan" and infinities as "inf"/"-inf".
public func formatFixed(_ value: Double, decimals: Int) -> String {
    formatDecimal(value, decimals: decimals, dropsTrailingZeros: false)
}

/// Formats `value` with up to `maxDecimals` digits, dropping trailing zeros ("1.28", "3", "-0.5").
public func formatCompact(_ value: Double, maxDecimals: Int = 3) -> String {
    formatDecimal(value, decimals: maxDecimals, dropsTrailingZeros: true)
}

/// The most decimals formatted: 18 (10¹⁸ still fits a UInt64 scale).
private let maximumDecimals = 18

private func formatDecimal(_ value: Double, decimals requested: Int, dropsTrailingZeros: Bool) -> String {
    if value.isNaN { return "nan" }
    if value.isInfinite { return value < 0 ? "-inf" : "inf" }
    let decimals = min(max(requested, 0), maximumDecimals)
    var divisor: UInt64 = 1
    for _ in 0..<decimals { divisor *= 10 }
    let scaled = (abs(value) * Double(divisor)).rounded()
    // Beyond a UInt64 the fixed form would need more digits than make sense: Swift's own.
    if scaled >= 9.0e18 { return String(value) }
    let integer = UInt64(scaled)
    var whole = integer / divisor
    var fraction = integer % divisor
    // A sign, 20 integer digits, a point and 18 decimals.
    return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 40) { buffer in
        var count = 0
        if value < 0 && integer != 0 {
            buffer[count] = UInt8(ascii: "-")
            count += 1
        }
        let wholeStart = count
        repeat {
            buffer[count] = UInt8(ascii: "0") + UInt8(whole % 10)
            whole /= 10
            count += 1
        } while whole > 0
        buffer[wholeStart..<count].reverse()
        var shown = decimals
        if dropsTrailingZeros {
            while shown > 0 && fraction % 10 == 0 {
                fraction /= 10
                shown -= 1
            }
        }
        if shown > 0 {
            buffer[count] = UInt8(ascii: ".")
            count += 1
            var index = count + shown - 1
            for _ in 0..<shown {
                buffer[index] = UInt8(ascii: "0") + UInt8(fraction % 10)
                fraction /= 10
                index -= 1
            }
            count += shown
        }
        return String(decoding: UnsafeBufferPointer(rebasing: buffer[0..<count]), as: UTF8.self)
    }
}
