// Signals arrive through the loop as values, not through handlers.
import GestoSystem
import Glibc
import Testing
@testable import GestoDaemon

@Suite struct SignalFDTests {
    @Test func hangupSentToSelfArrivesAsHangup() throws {
        let loop = try EventLoop()
        var received: [GestoSystem.Signal] = []
        let signals = try SignalFD(loop: loop) { signal in
            received.append(signal)
            if signal == .hangup { loop.stop() }
        }
        // Directed at this thread: the test runner's other threads do not block SIGHUP, and a
        // process-directed signal could go to one of them (and end the process).
        #expect(pthread_kill(pthread_self(), SIGHUP) == 0)
        #expect(try runUnderWatchdog(loop) == false)
        #expect(received.contains(.hangup))
        _ = signals
    }

    @Test func signalNumbersRoundTrip() {
        for signal in GestoSystem.Signal.allCases {
            #expect(GestoSystem.Signal(number: signal.number) == signal)
        }
        #expect(GestoSystem.Signal(number: SIGUSR1) == nil)
    }
}
