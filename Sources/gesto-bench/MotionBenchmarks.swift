// Benchmarks of the motion hot paths: one spring evaluation per animated value per frame, and
// one velocity-tracker sample (add + velocity query) per touchpad event. Targets: a spring
// evaluation under 50 ns; a tracker sample well under a 125 Hz event period.

import GestoSystem
import Glibc
import GestoCore

/// Spring evaluations timed per regime: 4 million (about 0.1 s each at the 50 ns target).
private let springEvaluations = 4_000_000
/// Velocity-tracker samples timed: 1 million (each an add and a full LSQ2 query).
private let trackerSamples = 1_000_000

/// Monotonic time in nanoseconds (CLOCK_MONOTONIC).
private func nanoseconds() -> UInt64 { MonotonicClock.nanoseconds() }

/// Runs the motion benchmarks and prints nanoseconds per operation, with a checksum that keeps
/// the optimizer from deleting the loops.
func runMotionBenchmarks() {
    // Inputs the compiler cannot see through, so nothing is constant-folded.
    let seed = Double(CommandLine.arguments.count)
    let regimes: [(String, Double)] = [("underdamped", 0.5), ("critical", 1.0), ("overdamped", 2.0)]
    print("motion benchmarks")
    for (name, zeta) in regimes {
        guard let parameters = try? SpringParameters(dampingRatio: zeta, stiffness: 400 + seed) else { continue }
        let spring = Spring(parameters: parameters, from: 0, to: 100 * seed, initialVelocity: 1000 * seed)
        var checksum = 0.0
        let start = nanoseconds()
        for index in 0..<springEvaluations {
            let state = spring.state(at: Double(index & 0xFFFF) * 1e-5)
            checksum += state.value + state.velocity
        }
        let elapsed = Double(nanoseconds() - start)
        print("  spring evaluation (\(name), value + velocity): \(formatFixed(elapsed / Double(springEvaluations), decimals: 1)) ns per evaluation (checksum \(formatFixed(checksum, decimals: 3)))")
    }

    var tracker = VelocityTracker()
    var checksum = 0.0
    var position = Vector2(x: 0, y: 0)
    let start = nanoseconds()
    for index in 0..<trackerSamples {
        // 125 Hz events (8 ms apart) with a wobbling direction.
        let time = Timestamp(microseconds: Int64(index) * 8_000)
        position += Vector2(x: 6 * seed + Double(index & 7) * 0.1, y: -2 * seed)
        tracker.add(position: position, at: time)
        let velocity = tracker.velocity(at: time)
        checksum += velocity.x + velocity.y
    }
    let elapsed = Double(nanoseconds() - start)
    print("  velocity tracker sample (add + velocity query, \(VelocityTracker.capacity)-sample LSQ2): \(formatFixed(elapsed / Double(trackerSamples), decimals: 1)) ns per sample (checksum \(formatFixed(checksum, decimals: 3)))")
}
