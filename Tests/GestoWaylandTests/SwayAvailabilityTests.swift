// Whether the real-compositor tests ran: in CI they must, elsewhere they may skip.
import Glibc
import Testing

/// In CI (`GESTO_REQUIRE_INTEGRATION=1`) a missing compositor is a failure, not a skip, so a
/// broken install step cannot pass unnoticed.
@Suite struct SwayAvailabilityTests {
    @Test func swayRunsWhereIntegrationIsRequired() {
        guard getenv("GESTO_REQUIRE_INTEGRATION").map({ String(cString: $0) }) == "1" else { return }
        #expect(SwayHarness.unavailableReason == nil, "\(SwayHarness.unavailableReason ?? "")")
        #expect(dragSwayUnavailableReason == nil, "\(dragSwayUnavailableReason ?? "")")
    }
}
