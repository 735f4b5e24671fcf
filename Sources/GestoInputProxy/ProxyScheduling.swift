// gesto-inputd asks for real-time scheduling for itself (GestoSystem's RealtimeScheduling says
// why, and why it is safe): its unit grants it with LimitRTPRIO=1, which lets a process without
// capabilities take SCHED_RR priority 1 and no more. Refused (another init, a container that
// forbids it), it says so and runs at normal priority, with more latency on a loaded machine.
import GestoSystem

enum ProxyScheduling {
    static func raise(log: Log) {
        do {
            try RealtimeScheduling.enter()
            log.info("scheduling: \(RealtimeScheduling.current) (SCHED_RR)")
        } catch {
            log.info("scheduling: normal priority: \(error) (the gesto-inputd unit's LimitRTPRIO=1 allows real-time)")
        }
    }
}
