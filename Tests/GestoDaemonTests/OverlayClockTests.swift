// The feedback overlays animate on the clock of their input (issue 15, item 11).
import GestoCore
import Testing
@testable import GestoDaemon

/// The overlays' clock in a replay: the recording's time, carried on by the loop.
@Suite struct OverlayClockTests {
    final class Monotonic: @unchecked Sendable { var now = Timestamp(microseconds: 5_000_000_000) }

    @Test func replayClockReadsOnFromTheLastReport() {
        let monotonic = Monotonic()
        let clock = OverlayClock(.replay) { monotonic.now }
        clock.follow(Timestamp(microseconds: 163_000))
        #expect(clock.now() == Timestamp(microseconds: 163_000))
        monotonic.now = monotonic.now.advanced(byMicroseconds: 16_000)
        #expect(clock.now() == Timestamp(microseconds: 179_000))
        let live = OverlayClock(.monotonic) { monotonic.now }
        live.follow(Timestamp(microseconds: 163_000))
        #expect(live.now() == monotonic.now)
    }
}
