// The existing LSQ2 VelocityTracker against the reference vectors (velocity_estimation:
// lsq2 and lsq2_with_stale_cutoff); the 150 ms window average is documented there only as the
// estimator gesto does not use.

import Testing
@testable import GestoCore

@Suite struct MotionVelocityTests {
    @Test func velocityTrackerMatchesLSQ2Vectors() {
        let cases = motionVectors["velocity_estimation"]["cases"].array
        #expect(cases.count == 3)
        for c in cases {
            let id = c["id"].string, tol = c["tolerance_pt_per_s"].double
            var tracker = VelocityTracker()
            var newest = Timestamp(microseconds: 0)
            for sample in c["samples"].array {
                newest = Timestamp(microseconds: Int64((sample["t_ms"].double * 1000).rounded()))
                tracker.add(position: sample["position_pt"].double, at: newest)
            }
            let v = tracker.velocity(at: newest).x
            #expect(abs(v - c["lsq2_velocity_pt_per_s"].double) <= tol, "\(id): \(v)")
            for lift in c["per_lift"].array {
                let time = Timestamp(microseconds: Int64((lift["lift_time_ms"].double * 1000).rounded()))
                let measured = tracker.velocity(at: time).x
                #expect(abs(measured - lift["lsq2_with_stale_cutoff_pt_per_s"].double) <= tol, "\(id) lift \(time): \(measured)")
            }
        }
    }
}
