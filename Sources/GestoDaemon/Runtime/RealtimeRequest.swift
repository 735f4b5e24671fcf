// gestod's request for real-time scheduling (GestoSystem's RealtimeScheduling says why, and why
// it is safe): the kernel's own grant where this user has one (CAP_SYS_NICE, an RLIMIT_RTPRIO
// from limits.conf), else rtkit's over the system bus, else normal priority, said once.
import CGestoRealtimeKit
import CGestoSys
import GestoSystem
import Glibc

enum RealtimeRequest {
    /// How long gestod waits for each of rtkit's answers at its start: 1 s (rtkit answers in
    /// milliseconds; a bus that does not answer must not hold the start up for sd-bus's 25 s).
    static let rtkitTimeoutMicroseconds = 1_000_000

    /// Asks for ``RealtimeScheduling/priority`` for the calling (main) thread and logs the
    /// outcome: info when granted or refused (normal priority works, with more latency on a
    /// loaded machine), a warning only when the kernel's limits could not be set.
    static func run(log: Log) {
        if case .realtime = RealtimeScheduling.current {
            log.info("scheduling: already \(RealtimeScheduling.current)")
            return
        }
        let direct: SystemError
        switch Result(catching: { () throws(SystemError) in try RealtimeScheduling.enter() }) {
        case .success:
            log.info("scheduling: \(RealtimeScheduling.current) (SCHED_RR, granted by the kernel)")
            return
        case .failure(let error):
            direct = error
        }
        guard direct.code == EPERM else {
            log.warning("scheduling: normal priority: \(direct)")
            return
        }
        var reason = [CChar](repeating: 0, count: 256)
        let given = gesto_rtkit_make_realtime(RealtimeScheduling.threadID, RealtimeScheduling.priority,
                                              rtkitTimeoutMicroseconds, { gesto_realtime_prepare($0, $1) },
                                              &reason, reason.count)
        if given > 0 {
            log.info("scheduling: \(RealtimeScheduling.current) (SCHED_RR, granted by rtkit)")
        } else {
            let why = String(decoding: reason.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            log.info("scheduling: normal priority: the kernel refused real-time (\(direct)), and \(why)")
        }
    }
}
