// The event loop and its timer: readiness reaches handlers, one-shot timers fire exactly once,
// disarmed timers stay quiet, and an idle loop does not wake up.
import GestoCore
import GestoSystem
import Glibc
import Testing
@testable import GestoDaemon

@Suite struct EventLoopTests {
    @Test func readablePipeRunsItsHandler() throws {
        let loop = try EventLoop()
        let (readEnd, writeEnd) = try FileDescriptor.pipe(options: .nonBlocking)
        defer { try? readEnd.close(); try? writeEnd.close() }
        var received: [UInt8] = []
        try loop.register(readEnd) { readiness in
            #expect(readiness.contains(.readable))
            var buffer = [UInt8](repeating: 0, count: 16)
            let count = (try? buffer.withUnsafeMutableBytes { try readEnd.read(into: $0) }) ?? 0
            received += buffer.prefix(count)
            loop.stop()
        }
        try writeEnd.writeAll([42, 7])
        #expect(try runUnderWatchdog(loop) == false)
        #expect(received == [42, 7])
    }

    @Test func timerArmedTwentyMillisecondsAheadFiresOnceAndNotAgain() throws {
        let loop = try EventLoop()
        var fires = 0
        let timer = try TimerFD(loop: loop) { fires += 1 }
        let stopper = try TimerFD(loop: loop) { loop.stop() }
        let now = MonotonicClock.now()
        try timer.arm(at: now.advanced(bySeconds: 0.020))
        #expect(timer.state == .armed(deadline: now.advanced(bySeconds: 0.020)))
        // Long enough after the deadline that a repeating timer would have fired again.
        try stopper.arm(at: now.advanced(bySeconds: 0.200))
        #expect(try runUnderWatchdog(loop) == false)
        #expect(fires == 1)
        #expect(timer.state == .disarmed)
    }

    @Test func disarmedTimerNeverFires() throws {
        let loop = try EventLoop()
        var fired = false
        let timer = try TimerFD(loop: loop) { fired = true }
        let stopper = try TimerFD(loop: loop) { loop.stop() }
        let now = MonotonicClock.now()
        try timer.arm(at: now.advanced(bySeconds: 0.020))
        try timer.disarm()
        try stopper.arm(at: now.advanced(bySeconds: 0.100))
        #expect(try runUnderWatchdog(loop) == false)
        #expect(fired == false)
    }

    @Test func timerDisarmedAfterItsDeadlinePassedDoesNotFire() throws {
        let loop = try EventLoop()
        var fired = false
        let timer = try TimerFD(loop: loop) { fired = true }
        let stopper = try TimerFD(loop: loop) { loop.stop() }
        try timer.arm(at: MonotonicClock.now())
        usleep(5_000)  // The timerfd is readable now, but the loop has not run.
        try timer.disarm()
        try stopper.arm(at: MonotonicClock.now().advanced(bySeconds: 0.050))
        #expect(try runUnderWatchdog(loop) == false)
        #expect(fired == false)
    }

    @Test func idleLoopWithNoTimerArmedDoesNotWakeUp() throws {
        let counters = EventLoopCounters()
        let loop = try EventLoop(counters: counters)
        // Registered but quiet: a pipe nobody writes and a timer nobody arms.
        let (readEnd, writeEnd) = try FileDescriptor.pipe(options: .nonBlocking)
        defer { try? readEnd.close(); try? writeEnd.close() }
        try loop.register(readEnd) { _ in Issue.record("quiet pipe became readable") }
        let quietTimer = try TimerFD(loop: loop) { Issue.record("unarmed timer fired") }
        _ = quietTimer
        // The only event: the stopper, 300 ms later.
        let stopper = try TimerFD(loop: loop) { loop.stop() }
        try stopper.arm(at: MonotonicClock.now().advanced(bySeconds: 0.300))
        try loop.run()
        #expect(counters.waitReturns == 1)
        #expect(counters.handlerCalls == 1)
    }

    @Test func handlerUnregisteredEarlierInTheBatchIsNotCalled() throws {
        let loop = try EventLoop()
        let first = try FileDescriptor.pipe(options: .nonBlocking)
        let second = try FileDescriptor.pipe(options: .nonBlocking)
        defer { for fd in [first.readEnd, first.writeEnd, second.readEnd, second.writeEnd] { try? fd.close() } }
        var calls = 0
        // Whichever runs first unregisters the other, then stops the loop.
        try loop.register(first.readEnd) { _ in calls += 1; try? loop.unregister(second.readEnd); loop.stop() }
        try loop.register(second.readEnd) { _ in calls += 1; try? loop.unregister(first.readEnd); loop.stop() }
        try first.writeEnd.writeAll([1])
        try second.writeEnd.writeAll([1])
        #expect(try runUnderWatchdog(loop) == false)
        #expect(calls == 1)
    }

    @Test func registeringAClosedDescriptorThrowsTheCallAndErrno() throws {
        let loop = try EventLoop()
        let (readEnd, writeEnd) = try FileDescriptor.pipe()
        try readEnd.close()
        try writeEnd.close()
        #expect(throws: SystemError(code: EBADF, call: "epoll_ctl")) {
            try loop.register(readEnd) { _ in }
        }
        #expect(SystemError(code: EBADF, call: "epoll_ctl").description == "epoll_ctl: Bad file descriptor")
    }
}
