// Time on libinput's clock, as the recognizers see it.
// GestoCore never reads a clock: every handler takes the event's own time, and timers come back
// in as deadlines (libinput does the same in `tp_gesture_handle_event`).

/// A point in time in microseconds on libinput's monotonic clock
/// (`libinput_event_gesture_get_time_usec`), or the time printed by `libinput debug-events`
/// converted to microseconds.
public struct Timestamp: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// Microseconds since an arbitrary origin (libinput context creation, or boot).
    public var microseconds: Int64

    /// Makes a timestamp from microseconds.
    @inlinable public init(microseconds: Int64) { self.microseconds = microseconds }

    /// Makes a timestamp from seconds, rounded to the nearest microsecond.
    @inlinable public init(seconds: Double) {
        self.microseconds = Int64((seconds * 1_000_000).rounded())
    }

    /// The time in seconds.
    @inlinable public var seconds: Double { Double(microseconds) / 1_000_000 }

    /// The time `seconds` later (negative: earlier).
    @inlinable public func advanced(bySeconds seconds: Double) -> Timestamp {
        Timestamp(microseconds: microseconds + Int64((seconds * 1_000_000).rounded()))
    }

    /// Seconds from `other` to `self` (positive when `self` is later).
    @inlinable public func seconds(since other: Timestamp) -> Double {
        Double(microseconds - other.microseconds) / 1_000_000
    }

    @inlinable public static func < (a: Timestamp, b: Timestamp) -> Bool { a.microseconds < b.microseconds }

    /// Seconds with three decimals, as libinput 1.22 prints them.
    public var description: String { formatFixed(seconds, decimals: 3) }
}
