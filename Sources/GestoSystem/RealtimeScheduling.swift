// Real-time scheduling for the daemons that carry input (gestod, gesto-inputd): on a loaded
// machine a process at normal priority waits for the CPU behind whatever else runs (measured:
// gestod's drag motion 3.8–16 ms late at the 99th percentile on a real sway at normal priority,
// 72–136 µs at real-time priority). Safe because each wakeup's work is bounded (one input frame,
// one message, one timer) and neither daemon ever polls; the limits below catch a bug anyway.
import CGestoSys
import Glibc

/// The calling thread's scheduling: asking for SCHED_RR, and what it has.
public enum RealtimeScheduling {
    /// The priority asked for: 1, the lowest real-time priority. It is enough to run before
    /// every normal process; audio servers (rtkit gives them up to 20) and the kernel's
    /// interrupt threads (50) still run before it.
    public static let priority: CInt = 1
    /// RLIMIT_RTTIME's soft cap: 100 ms of CPU without blocking. Past it the kernel sends
    /// SIGXCPU and the thread goes back to normal priority (a bounded wakeup takes well under
    /// a millisecond, so only a runaway gets there).
    public static let softLimitMicroseconds = 100_000
    /// RLIMIT_RTTIME's hard cap: 200 ms (rtkit's own default maximum). Past it the kernel kills
    /// the process; the soft cap's handler makes that happen only if the handler itself failed.
    public static let hardLimitMicroseconds = 200_000

    /// What the thread runs at.
    public enum Policy: Sendable, Hashable, CustomStringConvertible {
        /// SCHED_OTHER, SCHED_BATCH or SCHED_IDLE: the normal time-sharing.
        case normal
        /// SCHED_FIFO or SCHED_RR at this priority.
        case realtime(priority: Int)

        /// "normal priority", "real-time priority 1".
        public var description: String {
            switch self {
            case .normal: "normal priority"
            case .realtime(let priority): "real-time priority \(priority)"
            }
        }
    }

    /// The calling thread's policy now.
    public static var current: Policy {
        var priority: CInt = 0
        let policy = gesto_scheduling_policy(&priority)
        return policy == 1 || policy == 2 ? .realtime(priority: Int(priority)) : .normal
    }

    /// Caps RLIMIT_RTTIME at `soft` / `hard` microseconds (never raising a lower cap) and makes
    /// SIGXCPU return the calling thread to normal priority.
    public static func prepare(softMicroseconds soft: Int = softLimitMicroseconds,
                               hardMicroseconds hard: Int = hardLimitMicroseconds) throws(SystemError) {
        let result = gesto_realtime_prepare(soft, hard)
        if result < 0 { throw SystemError(code: -result, call: "setrlimit(RLIMIT_RTTIME)") }
    }

    /// Makes the calling thread SCHED_RR ``priority`` itself (children start at normal
    /// priority), after ``prepare(softMicroseconds:hardMicroseconds:)``. The kernel grants it to
    /// a process with CAP_SYS_NICE or an RLIMIT_RTPRIO of at least ``priority`` (gesto-inputd's
    /// unit sets it; a user's limits.conf may).
    /// - Throws: `SystemError` (EPERM when neither is there).
    public static func enter() throws(SystemError) {
        try prepare()
        let result = gesto_realtime_enter(priority)
        if result < 0 { throw SystemError(code: -result, call: "sched_setscheduler") }
    }

    /// Whether SIGXCPU has returned the thread to normal priority since it entered.
    public static var wasDropped: Bool { gesto_realtime_was_dropped() != 0 }

    /// The calling thread's kernel ID (what rtkit is told).
    public static var threadID: Int { gesto_thread_id() }
}
