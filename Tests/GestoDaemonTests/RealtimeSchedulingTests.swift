// The real-time scheduling gestod and gesto-inputd ask for, and its safety net: a thread that
// runs at real-time priority without ever sleeping is returned to normal priority by the
// RLIMIT_RTTIME soft cap's SIGXCPU, long before the hard cap would kill the process.
import Glibc
import Testing
import GestoCore
import GestoSystem

// It runs in a test process of its own (scripts/test: GESTO_REALTIME_TEST=1 and a filter): the
// kernel sends RLIMIT_RTTIME's SIGXCPU to the process, and among the hundreds of threads of the
// whole suite the one it picks may not run before the hard cap kills the process (gestod, one
// thread, has no such race).
@Suite(.serialized, .enabled(if: getenv("GESTO_REALTIME_TEST").map { String(cString: $0) } == "1",
                             "runs alone: GESTO_REALTIME_TEST=1 swift test --filter RealtimeSchedulingTests"))
struct RealtimeSchedulingTests {
    @Test("a real-time thread that never sleeps goes back to normal priority at the soft cap, and the process lives")
    func aRunawayIsDroppedToNormalPriority() throws {
        // A thread of its own: the test runner's threads keep their scheduling.
        final class Outcome: @unchecked Sendable {
            var entered: SystemError?
            var policyWhileRunning = RealtimeScheduling.Policy.normal
            var policyAfter = RealtimeScheduling.Policy.normal
            var seconds = 0.0
        }
        let outcome = Outcome()
        var thread = pthread_t()
        let box = Unmanaged.passRetained(outcome)
        let created = pthread_create(&thread, nil, { argument in
            let outcome = Unmanaged<Outcome>.fromOpaque(argument!).takeRetainedValue()
            if case .failure(let error) = Result(catching: { () throws(SystemError) in try RealtimeScheduling.enter() }) {
                outcome.entered = error
                return nil
            }
            outcome.policyWhileRunning = RealtimeScheduling.current
            let start = MonotonicClock.now()
            // Busy, never blocking, until the handler drops the thread (or 2 s pass: the test fails).
            while RealtimeScheduling.current != .normal && MonotonicClock.now().seconds(since: start) < 2 {}
            outcome.seconds = MonotonicClock.now().seconds(since: start)
            outcome.policyAfter = RealtimeScheduling.current
            return nil
        }, box.toOpaque())
        guard created == 0 else {
            box.release()
            Issue.record("pthread_create: \(created)")
            return
        }
        pthread_join(thread, nil)
        if let error = outcome.entered {
            // Neither CAP_SYS_NICE nor an RLIMIT_RTPRIO: nothing to test here (CI runs as root).
            try #require(error.code == EPERM, "\(error)")
            return
        }
        #expect(outcome.policyWhileRunning == .realtime(priority: Int(RealtimeScheduling.priority)))
        #expect(outcome.policyAfter == .normal)
        #expect(RealtimeScheduling.wasDropped)
        // The soft cap is 100 ms of CPU; on a busy machine the thread's CPU time lags the clock.
        #expect(outcome.seconds >= 0.09 && outcome.seconds < 2, "dropped after \(outcome.seconds) s")
    }
}
