// The wall clock, beside the monotonic one so every clock read of gesto is in this layer:
// CLOCK_REALTIME for times shown to people, never for durations or deadlines.
import Glibc

/// The wall clock, for times shown to people (`config loaded at`); durations use the monotonic clock.
public enum WallClock {
    /// Seconds since the Unix epoch (CLOCK_REALTIME).
    public static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    /// `YYYY-MM-DD HH:MM:SS` in local time for Unix-epoch `seconds`.
    public static func localText(_ seconds: Double) -> String {
        var time = time_t(seconds.rounded(.down))
        var parts = tm()
        localtime_r(&time, &parts)
        var buffer = [CChar](repeating: 0, count: 32)
        let count = strftime(&buffer, buffer.count, "%Y-%m-%d %H:%M:%S", &parts)
        return String(decoding: buffer.prefix(count).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
