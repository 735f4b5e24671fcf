// gesto's monotonic clock: CLOCK_MONOTONIC in microseconds, the clock libinput stamps its events
// with, so "now" and event times compare directly. GestoCore never reads it; the daemon
// passes its readings in, as wlsunset's loop does with its injected clock.
import GestoCore
import Glibc

/// Reads CLOCK_MONOTONIC.
public enum MonotonicClock {
    /// The current time on CLOCK_MONOTONIC, in microseconds (libinput's event clock).
    public static func now() -> Timestamp {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Timestamp(microseconds: Int64(time.tv_sec) * 1_000_000 + Int64(time.tv_nsec) / 1_000)
    }

    /// The current time on CLOCK_MONOTONIC in nanoseconds, for benchmarks that time short runs.
    public static func nanoseconds() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }
}
