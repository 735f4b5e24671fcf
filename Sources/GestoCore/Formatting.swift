// Fixed-point number formatting without Foundation: GestoCore may not import it, and the
// daemon and the C library print numbers on their hot paths.

/// Formats `value` with exactly `decimals` digits after the point ("-0.00" prints as "0.00").
/// NaN prints as "nan" and infinities as "inf"/"-inf".
public func formatFixed(_ value: Double, decimals: Int) -> String {
    if value.isNaN { return "nan" }
    if value.isInfinite { return value < 0 ? "-inf" : "inf" }
    var scale = 1.0
    for _ in 0..<decimals { scale *= 10 }
    let scaled = (abs(value) * scale).rounded()
    if scaled >= 9.0e18 { return String(value) }
    let integer = UInt64(scaled)
    let divisor = UInt64(scale)
    let whole = integer / divisor
    let fraction = integer % divisor
    var text = (value < 0 && integer != 0) ? "-" : ""
    text += String(whole)
    if decimals > 0 {
        let digits = String(fraction)
        text += "."
        text += String(repeating: "0", count: decimals - digits.count) + digits
    }
    return text
}

/// Formats `value` with up to `maxDecimals` digits, dropping trailing zeros ("1.28", "3", "-0.5").
public func formatCompact(_ value: Double, maxDecimals: Int = 3) -> String {
    var text = formatFixed(value, decimals: maxDecimals)
    guard text.contains(".") else { return text }
    while text.hasSuffix("0") { text.removeLast() }
    if text.hasSuffix(".") { text.removeLast() }
    if text == "-0" { text = "0" }
    return text
}
