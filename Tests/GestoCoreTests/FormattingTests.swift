// Number formatting: the stack-buffer formatter gives what the String-building one gave
// (kept here as the reference), on hand-picked edges and on many values of every magnitude.
import Testing
@testable import GestoCore

/// The formatter before it wrote digits into a buffer: the reference.
private func referenceFixed(_ value: Double, decimals: Int) -> String {
    if value.isNaN { return "nan" }
    if value.isInfinite { return value < 0 ? "-inf" : "inf" }
    var scale = 1.0
    for _ in 0..<decimals { scale *= 10 }
    let scaled = (abs(value) * scale).rounded()
    if scaled >= 9.0e18 { return String(value) }
    let integer = UInt64(scaled)
    let divisor = UInt64(scale)
    var text = (value < 0 && integer != 0) ? "-" : ""
    text += String(integer / divisor)
    if decimals > 0 {
        let digits = String(integer % divisor)
        text += "." + String(repeating: "0", count: decimals - digits.count) + digits
    }
    return text
}

private func referenceCompact(_ value: Double, maxDecimals: Int) -> String {
    var text = referenceFixed(value, decimals: maxDecimals)
    guard text.contains(".") else { return text }
    while text.hasSuffix("0") { text.removeLast() }
    if text.hasSuffix(".") { text.removeLast() }
    if text == "-0" { text = "0" }
    return text
}

@Suite struct FormattingTests {
    @Test(arguments: [(1.2345, 2, "1.23"), (-0.001, 2, "0.00"), (-1.5, 0, "-2"), (0, 3, "0.000"),
                      (123456.789, 6, "123456.789000"), (Double.nan, 2, "nan"), (-Double.infinity, 1, "-inf"),
                      (1e20, 2, "1e+20"), (9.5, 0, "10")])
    func fixed(value: Double, decimals: Int, text: String) {
        #expect(formatFixed(value, decimals: decimals) == text)
    }

    @Test(arguments: [(1.280, 3, "1.28"), (3, 3, "3"), (-0.5, 3, "-0.5"), (-0.0004, 3, "0"), (0, 2, "0"),
                      (0.1 + 0.2, 3, "0.3"), (52.38, 2, "52.38"), (1.746, 3, "1.746"), (-310.2, 1, "-310.2")])
    func compact(value: Double, decimals: Int, text: String) {
        #expect(formatCompact(value, maxDecimals: decimals) == text)
    }

    @Test func agreesWithTheReferenceAcrossMagnitudes() {
        var state: UInt64 = 0x9e37_79b9_7f4a_7c15
        func next() -> UInt64 {
            state &+= 0x9e37_79b9_7f4a_7c15
            var z = state
            z = (z ^ (z >> 30)) &* 0xbf58_476d_1ce4_e5b9
            z = (z ^ (z >> 27)) &* 0x94d0_49bb_1331_11eb
            return z ^ (z >> 31)
        }
        for _ in 0..<20_000 {
            let mantissa = Double(next() % 2_000_001) / 1_000 - 1_000
            let exponent = Int(next() % 15) - 6
            var value = mantissa
            for _ in 0..<abs(exponent) { value = exponent > 0 ? value * 10 : value / 10 }
            let decimals = Int(next() % 7)
            #expect(formatFixed(value, decimals: decimals) == referenceFixed(value, decimals: decimals), "\(value) \(decimals)")
            #expect(formatCompact(value, maxDecimals: decimals) == referenceCompact(value, maxDecimals: decimals), "\(value) \(decimals)")
        }
    }
}
