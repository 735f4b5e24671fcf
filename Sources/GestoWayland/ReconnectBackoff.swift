// How long to wait before trying the compositor again after it went away: exponential
// backoff, capped, reset by a successful connect. A value with no clock; the daemon arms its
// timerfd with the delays, so a missing compositor costs one wakeup per delay, never a spin.

/// Delays between reconnect attempts.
public struct ReconnectBackoff: Sendable, Equatable {
    /// The first delay, in microseconds. 250 ms: a compositor restart takes about that long.
    public var initialMicroseconds: Int64
    /// The longest delay, in microseconds. 10 s keeps an absent compositor nearly free.
    public var maximumMicroseconds: Int64
    /// How many attempts have failed since the last success.
    public private(set) var failures = 0

    /// Makes a backoff; the defaults suit gestod.
    public init(initialMicroseconds: Int64 = 250_000, maximumMicroseconds: Int64 = 10_000_000) {
        precondition(initialMicroseconds > 0 && maximumMicroseconds >= initialMicroseconds,
                     "ReconnectBackoff: initialMicroseconds must be positive and at most maximumMicroseconds")
        self.initialMicroseconds = initialMicroseconds
        self.maximumMicroseconds = maximumMicroseconds
    }

    /// The delay before the next attempt: initial × 2^failures, capped; counts a failure.
    public mutating func nextDelay() -> Int64 {
        let shift = min(failures, 40)
        failures += 1
        let (doubled, overflow) = initialMicroseconds.multipliedReportingOverflow(by: 1 << shift)
        return overflow ? maximumMicroseconds : min(doubled, maximumMicroseconds)
    }

    /// Forgets the failures (after a successful connect).
    public mutating func reset() { failures = 0 }
}
