// Shared by the runtime tests: run a loop under a watchdog timer, so a missing event fails the
// test after a generous bound instead of hanging it. Durations are never pass/fail criteria.
import GestoCore
import GestoSystem
@testable import GestoDaemon

/// How long a test loop may run before the watchdog stops it, in seconds.
let watchdogSeconds = 5.0

/// Runs `loop` until a handler stops it or the watchdog fires; returns whether it fired.
func runUnderWatchdog(_ loop: EventLoop) throws -> Bool {
    var fired = false
    let watchdog = try TimerFD(loop: loop) {
        fired = true
        loop.stop()
    }
    try watchdog.arm(at: MonotonicClock.now().advanced(bySeconds: watchdogSeconds))
    try loop.run()
    return fired
}
