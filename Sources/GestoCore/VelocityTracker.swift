// Finger velocity from touchpad samples: an unweighted least-squares fit of degree 2 (LSQ2)
// over the newest samples, as Android's VelocityTracker, Flutter and Compose do
// (see MOTION.md §3 and the `velocity_estimation` vectors). Pure value type, no allocation.

/// Estimates the velocity of a position that is sampled at irregular times.
///
/// Feed the *cumulative* position (the sum of unaccelerated deltas) with each event's time.
/// ``velocity(at:)`` walks back from the newest sample while samples are at most
/// ``horizon`` old and no gap between two taken samples exceeds ``maximumGap`` (at most
/// ``capacity`` samples), fits `x(τ) = b₀ + b₁τ + b₂τ²` and returns `b₁`. With two usable
/// samples it falls back to their slope; with fewer it returns zero. If the query time is
/// more than ``maximumGap`` after the newest sample, the fingers paused before lifting and the
/// velocity is zero (touchpads send nothing while fingers rest). The result is clamped to
/// ``maximumSpeed`` per axis.
///
/// Samples with the same timestamp as the newest one replace it (2-decimal `debug-events`
/// timestamps repeat), so no fit ever divides by a zero time span.
public struct VelocityTracker: Sendable {
    /// Samples older than this (relative to the newest) are ignored: 100 ms (Android, Flutter).
    public static let horizon = Timestamp(microseconds: 100_000)
    /// A gap longer than this between samples, or between the newest sample and the query,
    /// means the fingers stopped: 40 ms (Android's `ASSUME_POINTER_STOPPED_TIME`).
    public static let maximumGap = Timestamp(microseconds: 40_000)
    /// The largest speed reported, per axis, in units per second: 8000 (Android's fling limit).
    public static let maximumSpeed = 8000.0
    /// How many samples the fit uses at most: 20 (Android, Flutter).
    public static let capacity = 20

    private struct Sample { var time: Int64; var x: Double; var y: Double }

    private var samples: InlineArray<20, Sample> = .init(repeating: Sample(time: 0, x: 0, y: 0))
    private var newest = -1
    private var count = 0

    /// Makes an empty tracker.
    public init() {}

    /// Forgets every sample (at the start of a new gesture).
    public mutating func reset() { newest = -1; count = 0 }

    /// The number of samples held (at most ``capacity``).
    public var sampleCount: Int { count }

    /// Adds the position `position` (cumulative, in any unit) observed at `time`.
    /// A sample older than the newest one is dropped (out-of-order input).
    public mutating func add(position: Vector2, at time: Timestamp) {
        if count > 0 {
            let last = samples[newest]
            if time.microseconds < last.time { return }
            if time.microseconds == last.time {
                samples[newest] = Sample(time: time.microseconds, x: position.x, y: position.y)
                return
            }
        }
        newest = newest + 1 == Self.capacity ? 0 : newest + 1
        samples[newest] = Sample(time: time.microseconds, x: position.x, y: position.y)
        count = min(count + 1, Self.capacity)
    }

    /// Adds a scalar position (stored on the x axis; read it back with ``velocity(at:)``'s `x`).
    public mutating func add(position: Double, at time: Timestamp) {
        add(position: Vector2(x: position, y: 0), at: time)
    }

    /// The velocity at `time` (normally the newest sample's time, or the lift time), in
    /// position units per second. Zero if fewer than two samples are usable or if the fingers
    /// rested more than ``maximumGap`` before `time`.
    public func velocity(at time: Timestamp) -> Vector2 {
        guard count > 0 else { return .zero }
        let samples = self.samples.span
        let head = samples[newest]
        if time.microseconds - head.time > Self.maximumGap.microseconds { return .zero }
        // Walk back, accumulating the sums of the normal equations in τ (seconds, ≤ 0).
        var n = 0.0, s1 = 0.0, s2 = 0.0, s3 = 0.0, s4 = 0.0
        var sx = 0.0, sxt = 0.0, sxt2 = 0.0, sy = 0.0, syt = 0.0, syt2 = 0.0
        var previousTime = head.time
        var oldest = head
        var index = newest
        for _ in 0..<count {
            let sample = samples[index]
            if head.time - sample.time > Self.horizon.microseconds { break }
            if previousTime - sample.time > Self.maximumGap.microseconds { break }
            let tau = Double(sample.time - head.time) / 1_000_000
            let tau2 = tau * tau
            let dx = sample.x - head.x, dy = sample.y - head.y
            n += 1; s1 += tau; s2 += tau2; s3 += tau2 * tau; s4 += tau2 * tau2
            sx += dx; sxt += dx * tau; sxt2 += dx * tau2
            sy += dy; syt += dy * tau; syt2 += dy * tau2
            previousTime = sample.time
            oldest = sample
            index = index == 0 ? Self.capacity - 1 : index - 1
        }
        var result: Vector2
        if n >= 3, let solved = Self.solveLinearTerm(n, s1, s2, s3, s4, sx, sxt, sxt2, sy, syt, syt2) {
            result = solved
        } else if n >= 2 {
            let span = Double(head.time - oldest.time) / 1_000_000
            result = Vector2(x: (head.x - oldest.x) / span, y: (head.y - oldest.y) / span)
        } else {
            return .zero
        }
        result.x = min(max(result.x, -Self.maximumSpeed), Self.maximumSpeed)
        result.y = min(max(result.y, -Self.maximumSpeed), Self.maximumSpeed)
        return result
    }

    /// Solves the 3×3 normal equations of the quadratic fit for the linear coefficient b₁
    /// of both axes (Cramer's rule); nil when the system is singular.
    private static func solveLinearTerm(
        _ n: Double, _ s1: Double, _ s2: Double, _ s3: Double, _ s4: Double,
        _ sx: Double, _ sxt: Double, _ sxt2: Double,
        _ sy: Double, _ syt: Double, _ syt2: Double
    ) -> Vector2? {
        // | n  s1 s2 | |b0|   | Σx    |
        // | s1 s2 s3 | |b1| = | Σxτ   |
        // | s2 s3 s4 | |b2|   | Σxτ²  |
        let det = n * (s2 * s4 - s3 * s3) - s1 * (s1 * s4 - s3 * s2) + s2 * (s1 * s3 - s2 * s2)
        let scale = max(abs(n * s2 * s4), 1e-300)
        guard abs(det) > 1e-12 * scale else { return nil }
        func b1(_ r0: Double, _ r1: Double, _ r2: Double) -> Double {
            let d1 = n * (r1 * s4 - s3 * r2) - r0 * (s1 * s4 - s3 * s2) + s2 * (s1 * r2 - r1 * s2)
            return d1 / det
        }
        return Vector2(x: b1(sx, sxt, sxt2), y: b1(sy, syt, syt2))
    }
}
