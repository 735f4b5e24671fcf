// Time on libinput's clock, as the recognizers see it.
// GestoCore never reads a clock: every handler takes the event's own time, and timers come back
// in as deadlines (libinput does the same in `tp_gesture_handle_event`).
// Time arithmetic here cannot trap: a time or duration that came from a config, a recording or
// the C ABI may be absurd, so conversions and sums saturate at the ends of the Int64 range.

/// A point in time in microseconds on libinput's monotonic clock
/// (`libinput_event_gesture_get_time_usec`), or the time printed by `libinput debug-events`
/// converted to microseconds.
public struct Timestamp: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// Microseconds since an arbitrary origin (libinput context creation, or boot).
    public var microseconds: Int64

    /// The latest representable time (`Int64.max` µs): where every later time saturates.
    public static let distantFuture = Timestamp(microseconds: .max)
    /// The earliest representable time (`Int64.min` µs): where every earlier time saturates.
    public static let distantPast = Timestamp(microseconds: .min)

    /// Makes a timestamp from microseconds.
    @inlinable public init(microseconds: Int64) { self.microseconds = microseconds }

    /// The times gesto accepts from outside (a recording's line, a libinput event, a C-ABI
    /// call), in microseconds: below 2^62 in magnitude (about 146,000 years), so that a time
    /// plus any duration gesto adds, or the difference of two accepted times, stays far inside
    /// Int64. libinput's clock starts near 0; a recording's first event may be just before it.
    public static let acceptedMicroseconds: Range<Int64> = -(1 << 62) ..< (1 << 62)

    /// Makes a timestamp from a time that came from outside, or nil if it is outside
    /// ``acceptedMicroseconds`` (every adapter checks its times here before they reach a
    /// recognizer).
    @inlinable public init?<Microseconds: BinaryInteger>(validatingMicroseconds value: Microseconds) {
        guard let microseconds = Int64(exactly: value), Self.acceptedMicroseconds.contains(microseconds) else { return nil }
        self.microseconds = microseconds
    }

    /// Makes a timestamp from seconds, rounded to the nearest microsecond. Seconds beyond the
    /// Int64 range of microseconds (about ±292,000 years) saturate to ``distantFuture`` or
    /// ``distantPast``; NaN is the origin (0).
    @inlinable public init(seconds: Double) {
        self.microseconds = Self.saturatingMicroseconds(seconds: seconds)
    }

    /// `seconds` in whole microseconds, rounded to nearest, clamped to the Int64 range; NaN is 0.
    @inlinable public static func saturatingMicroseconds(seconds: Double) -> Int64 {
        let scaled = (seconds * 1_000_000).rounded()
        guard scaled == scaled else { return 0 }
        // 2^63 is exactly representable as a Double; Int64.max (2^63 − 1) is not.
        if scaled >= 9_223_372_036_854_775_808.0 { return .max }
        if scaled <= -9_223_372_036_854_775_808.0 { return .min }
        return Int64(scaled)
    }

    /// The time in seconds.
    @inlinable public var seconds: Double { Double(microseconds) / 1_000_000 }

    /// The time `seconds` later (negative: earlier), saturating at ``distantFuture`` and
    /// ``distantPast``; NaN adds nothing.
    @inlinable public func advanced(bySeconds seconds: Double) -> Timestamp {
        advanced(byMicroseconds: Self.saturatingMicroseconds(seconds: seconds))
    }

    /// The time `microseconds` later (negative: earlier), saturating at ``distantFuture`` and
    /// ``distantPast``.
    @inlinable public func advanced(byMicroseconds delta: Int64) -> Timestamp {
        let (sum, overflow) = microseconds.addingReportingOverflow(delta)
        guard overflow else { return Timestamp(microseconds: sum) }
        return delta > 0 ? .distantFuture : .distantPast
    }

    /// Microseconds from `other` to `self` (positive when `self` is later), saturating at the
    /// Int64 range.
    @inlinable public func microseconds(since other: Timestamp) -> Int64 {
        let (difference, overflow) = microseconds.subtractingReportingOverflow(other.microseconds)
        guard overflow else { return difference }
        return microseconds > other.microseconds ? .max : .min
    }

    /// Seconds from `other` to `self` (positive when `self` is later); exact to the microsecond
    /// within ±2^53 µs, and never trapping beyond.
    @inlinable public func seconds(since other: Timestamp) -> Double {
        let (difference, overflow) = microseconds.subtractingReportingOverflow(other.microseconds)
        guard overflow else { return Double(difference) / 1_000_000 }
        return (Double(microseconds) - Double(other.microseconds)) / 1_000_000
    }

    @inlinable public static func < (a: Timestamp, b: Timestamp) -> Bool { a.microseconds < b.microseconds }

    /// Seconds with three decimals, as libinput 1.22 prints them.
    public var description: String { formatFixed(seconds, decimals: 3) }
}
