// The existing LSQ2 VelocityTracker against the reference vectors (velocity_estimation:
// lsq2 and lsq2_with_stale_cutoff); the 150 ms window average is documented there only as the
// estimator gesto does not use.

import Testing
#if canImport(Glibc)
import Glibc
#endif
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

    /// The running sums the tracker keeps (and rebuilds now and then) give the fit a direct
    /// least-squares solve over the same window gives, through gestures long enough to be
    /// rebuilt many times, with pauses that empty the window, repeated timestamps and
    /// positions far from zero.
    @Test func velocityTrackerMatchesADirectFitThroughLongGestures() {
        var random = UInt64(0x5eed)
        func next() -> Double {  // xorshift64*, in [0, 1)
            random ^= random >> 12; random ^= random << 25; random ^= random >> 27
            return Double((random &* 2685821657736338717) >> 11) / Double(1 << 53)
        }
        var tracker = VelocityTracker()
        var window: [(t: Int64, x: Double, y: Double)] = []
        var time: Int64 = 5_000_000, x = 12_345.0, y = -6_789.0
        var compared = 0
        for step in 0..<3_000 {
            // Mostly 6–9 ms apart, now and then a repeated timestamp or a pause past the gap.
            let roll = next()
            time += roll < 0.03 ? 0 : roll < 0.05 ? 45_000 + Int64(next() * 50_000) : 6_000 + Int64(next() * 3_000)
            let speed = 400 * sin(Double(step) / 40)
            x += speed * 0.007 + (next() - 0.5) * 0.5
            y -= 0.3 * speed * 0.007 + (next() - 0.5) * 0.5
            tracker.add(position: Vector2(x: x, y: y), at: Timestamp(microseconds: time))
            // The window as VelocityTracker documents it, kept the plain way.
            if let last = window.last, last.t == time { window.removeLast() }
            if let last = window.last, time - last.t > VelocityTracker.maximumGap.microseconds { window.removeAll() }
            window.append((time, x, y))
            window = Array(window.suffix(VelocityTracker.capacity).drop { time - $0.t > VelocityTracker.horizon.microseconds })
            #expect(tracker.sampleCount == window.count)
            guard window.count >= 3 else { continue }
            let expected = Self.directFitSlope(window)
            let measured = tracker.velocity(at: Timestamp(microseconds: time))
            for (m, e) in [(measured.x, expected.x), (measured.y, expected.y)] {
                let clamped = min(max(e, -VelocityTracker.maximumSpeed), VelocityTracker.maximumSpeed)
                #expect(abs(m - clamped) <= 1e-6 * max(1, abs(clamped)), "step \(step): \(m) against \(clamped)")
            }
            compared += 1
        }
        #expect(compared > 2_500)
    }

    /// The slope at the newest sample of the least-squares quadratic through `samples`, in τ =
    /// seconds from the newest sample and positions from its own, by Gaussian elimination.
    static func directFitSlope(_ samples: [(t: Int64, x: Double, y: Double)]) -> (x: Double, y: Double) {
        let newest = samples[samples.count - 1]
        var m = [[Double]](repeating: [Double](repeating: 0, count: 5), count: 3)
        for sample in samples {
            let tau = Double(sample.t - newest.t) / 1_000_000
            let powers = [1, tau, tau * tau]
            for row in 0..<3 {
                for column in 0..<3 { m[row][column] += powers[row] * powers[column] }
                m[row][3] += powers[row] * (sample.x - newest.x)
                m[row][4] += powers[row] * (sample.y - newest.y)
            }
        }
        for pivot in 0..<3 {
            let best = (pivot..<3).max { abs(m[$0][pivot]) < abs(m[$1][pivot]) }!
            m.swapAt(pivot, best)
            for row in 0..<3 where row != pivot {
                let factor = m[row][pivot] / m[pivot][pivot]
                for column in pivot..<5 { m[row][column] -= factor * m[pivot][column] }
            }
        }
        return (m[1][3] / m[1][1], m[1][4] / m[1][1])
    }
}
