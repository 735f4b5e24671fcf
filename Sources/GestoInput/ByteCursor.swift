// Byte-level scanning of one line of text: blanks, words, integers and decimals, with no
// String and no allocation. The `debug-events` parser and the recording reader read numbers
// with it; a decimal is read as an integer mantissa and scaled once, so "-2.55" is exact to
// the last printed digit (a single correctly rounded division).

/// The most significant digits a decimal keeps: 18 (10^18 < 2^63). Further fraction digits
/// are read and dropped; libinput prints at most 6.
let maximumDecimalDigits = 18

/// A read position in the bytes `base[0..<end]`.
struct ByteCursor {
    let base: UnsafePointer<UInt8>
    let end: Int
    var position: Int

    init(base: UnsafePointer<UInt8>, end: Int, position: Int = 0) {
        self.base = base
        self.end = end
        self.position = position
    }

    /// True when every byte has been read.
    var isAtEnd: Bool { position >= end }

    /// The byte at the position, or 0 at the end.
    var current: UInt8 { position < end ? base[position] : 0 }

    /// Skips spaces and TABs; returns how many were skipped.
    @discardableResult
    mutating func skipBlanks() -> Int {
        let start = position
        var index = position
        while index < end, base[index] == 0x20 || base[index] == 0x09 { index &+= 1 }
        position = index
        return index &- start
    }

    /// Reads `byte` if it is next.
    mutating func consume(_ byte: UInt8) -> Bool {
        guard position < end, base[position] == byte else { return false }
        position += 1
        return true
    }

    /// Reads `word` (ASCII) if it comes next.
    mutating func consume(_ word: StaticString) -> Bool {
        let count = word.utf8CodeUnitCount
        guard end - position >= count else { return false }
        let bytes = word.utf8Start
        for offset in 0..<count where base[position + offset] != bytes[offset] { return false }
        position += count
        return true
    }

    /// Reads the word `unaccelerated` if it comes next (two 64-bit comparisons).
    mutating func consumeUnaccelerated() -> Bool {
        guard end - position >= 13 else { return false }
        let raw = UnsafeRawPointer(base + position)
        // "unaccele" and "elerated" (overlapping) as little-endian words.
        guard raw.loadUnaligned(as: UInt64.self) == 0x656C_6563_6361_6E75,
              raw.loadUnaligned(fromByteOffset: 5, as: UInt64.self) == 0x6465_7461_7265_6C65 else { return false }
        position += 13
        return true
    }

    /// Reads an unsigned integer of 1 to 9 digits.
    mutating func unsignedInteger() -> Int? {
        var value = 0
        let start = position
        var index = start
        while index < end, index &- start < 9 {
            let digit = base[index] &- 0x30
            if digit > 9 { break }
            value = value &* 10 &+ Int(digit)
            index &+= 1
        }
        position = index
        return index == start ? nil : value
    }

    /// Reads `[+-]digits[.digits]` as an exact integer mantissa and a count of fraction digits.
    /// Nil if there is no digit, or more than ``maximumDecimalDigits`` before the point (the
    /// position is then on the first digit too many).
    mutating func fixedPoint() -> (mantissa: Int64, fractionDigits: Int)? {
        // One local index and wrapping counters: every line has four to six of these numbers,
        // so the digit loops are the parser's innermost code.
        var index = position
        var negative = false
        if index < end {
            if base[index] == UInt8(ascii: "-") { negative = true; index &+= 1 }
            else if base[index] == UInt8(ascii: "+") { index &+= 1 }
        }
        var mantissa: Int64 = 0
        let start = index
        while index < end {
            let digit = base[index] &- 0x30
            if digit > 9 { break }
            if index &- start == maximumDecimalDigits {
                position = index
                return nil
            }
            mantissa = mantissa &* 10 &+ Int64(digit)
            index &+= 1
        }
        var digits = index &- start
        var sawDigit = digits > 0
        var fractionDigits = 0
        if index < end, base[index] == UInt8(ascii: ".") {
            index &+= 1
            while index < end {
                let digit = base[index] &- 0x30
                if digit > 9 { break }
                sawDigit = true
                if digits < maximumDecimalDigits {
                    mantissa = mantissa &* 10 &+ Int64(digit)
                    digits &+= 1
                    fractionDigits &+= 1
                }
                index &+= 1
            }
        }
        position = index
        guard sawDigit else { return nil }
        return (negative ? -mantissa : mantissa, fractionDigits)
    }

    /// Reads a decimal number (`-2.55`, `+0.036`, `13`) as a Double.
    mutating func decimal() -> Double? {
        guard let (mantissa, fractionDigits) = fixedPoint() else { return nil }
        return Double(mantissa) / powerOfTen(fractionDigits)
    }

    /// Reads seconds in decimal (`+9.53`, `4294967.295`) as whole microseconds; digits past
    /// the sixth decimal are dropped. Nil if the microseconds do not fit in Int64 (over
    /// about 9.2e12 s), which no clock reaches.
    mutating func microseconds() -> Int64? {
        guard let (mantissa, fractionDigits) = fixedPoint() else { return nil }
        let scale: Int64
        switch fractionDigits {
        case 3: scale = 1_000
        case 2: scale = 10_000
        case 0...6: scale = Int64(powerOfTen(6 - fractionDigits))
        default: return mantissa / Int64(powerOfTen(fractionDigits - 6))
        }
        let (value, overflow) = mantissa.multipliedReportingOverflow(by: scale)
        return overflow ? nil : value
    }
}

/// 10^k, exact for k ≤ 22. libinput prints 2 or 3 decimals, so those two are answered first.
func powerOfTen(_ k: Int) -> Double {
    if k == 2 { return 100 }
    if k == 3 { return 1_000 }
    return powerOfTenSlow(k)
}

@inline(never) func powerOfTenSlow(_ k: Int) -> Double {
    var value = 1.0
    for _ in 0..<k { value *= 10 }
    return value
}

func isDigit(_ byte: UInt8) -> Bool { byte &- 0x30 <= 9 }
func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }
func isUppercaseOrUnderscore(_ byte: UInt8) -> Bool {
    (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z")) || byte == UInt8(ascii: "_")
}
func isAlphanumeric(_ byte: UInt8) -> Bool {
    isDigit(byte) || ((byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z"))
}
