// The /proc readers the benchmarks rely on, checked against this test process.
import Glibc
import Testing
@testable import GestoDaemon

@Suite struct ProcessStatsTests {
    @Test func peakResidentMemoryOfThisProcessIsPositive() throws {
        #expect(try ProcessStats.peakResidentKilobytes(pid: getpid()) > 0)
    }

    @Test func contextSwitchesGrowWhenThisProcessSleeps() throws {
        let before = try ProcessStats.contextSwitches(pid: getpid())
        usleep(2_000)  // Sleeping is a voluntary context switch.
        #expect(try ProcessStats.contextSwitches(pid: getpid()) > before)
    }

    @Test func missingProcessIsUnreadable() {
        #expect(throws: ProcessStatsError.self) { try ProcessStats.peakResidentKilobytes(pid: -1) }
    }
}
