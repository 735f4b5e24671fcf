// Finger velocity from touchpad samples: an unweighted least-squares fit of degree 2 (LSQ2)
// over the newest samples, as Android's VelocityTracker, Flutter and Compose do
// (see MOTION.md §3 and the `velocity_estimation` vectors). Pure value type, no allocation.

/// Estimates the velocity of a position that is sampled at irregular times.
///
/// Feed the *cumulative* position (the sum of unaccelerated deltas) with each event's time.
/// The fit window holds the newest samples that are at most ``horizon`` older than the newest,
/// with no gap between two of them over ``maximumGap`` (at most ``capacity``); the fit is
/// `x(τ) = b₀ + b₁τ + b₂τ²` (τ = time from the newest sample) and the velocity is `b₁`. The
/// window's normal-equation sums are kept up to date as samples come and go, so a query costs
/// a 3×3 solve. With two usable
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

    /// Sums of the normal equations of the fit over the samples in the window, in time
    /// `s` (seconds since ``origin``) and positions relative to the origin's position. Kept up
    /// to date as samples enter and leave, so a query costs a 3×3 solve, not a walk.
    private struct Sums {
        var n = 0.0, s1 = 0.0, s2 = 0.0, s3 = 0.0, s4 = 0.0
        var x = 0.0, xs = 0.0, xs2 = 0.0, y = 0.0, ys = 0.0, ys2 = 0.0

        mutating func add(s: Double, x dx: Double, y dy: Double, sign: Double) {
            let s2v = s * s
            n += sign; s1 += sign * s; s2 += sign * s2v; s3 += sign * s2v * s; s4 += sign * s2v * s2v
            x += sign * dx; xs += sign * dx * s; xs2 += sign * dx * s2v
            y += sign * dy; ys += sign * dy * s; ys2 += sign * dy * s2v
        }
    }

    /// After this span from the origin the sums are rebuilt around the oldest sample, so the
    /// powers of `s` stay small and the fit well conditioned: 150 ms.
    private static let rebaseSpan: Int64 = 150_000

    private var samples: InlineArray<20, Sample> = .init(repeating: Sample(time: 0, x: 0, y: 0))
    private var newest = -1
    private var count = 0
    private var origin = Sample(time: 0, x: 0, y: 0)
    /// The newest sample again (`samples[newest]` while `count > 0`): a query reads it without
    /// touching the ring, whose subscript copies all 20 samples when read outside a mutation.
    private var head = Sample(time: 0, x: 0, y: 0)
    /// The sample before ``head`` (with two samples in the window, the oldest: a window only
    /// ever loses its oldest samples, so the last two remain).
    private var previous = Sample(time: 0, x: 0, y: 0)
    private var sums = Sums()

    /// Makes an empty tracker.
    public init() {}

    /// Forgets every sample (at the start of a new gesture).
    public mutating func reset() { newest = -1; count = 0; sums = Sums() }

    /// The number of samples in the fit window (at most ``capacity``).
    public var sampleCount: Int { count }

    private var oldestIndex: Int {
        let index = newest - count + 1
        return index < 0 ? index + Self.capacity : index
    }

    /// Microseconds from `earlier` to `later`, saturating (times come from input and may be
    /// at the ends of the Int64 range).
    private static func elapsed(_ later: Int64, since earlier: Int64) -> Int64 {
        Timestamp(microseconds: later).microseconds(since: Timestamp(microseconds: earlier))
    }

    // Inlined: with `sign` a constant, the 11 products by it fold away (sign · v is exact).
    @inline(__always) private mutating func include(_ sample: Sample, sign: Double) {
        sums.add(s: Double(Self.elapsed(sample.time, since: origin.time)) / 1_000_000, x: sample.x - origin.x, y: sample.y - origin.y, sign: sign)
    }

    /// Adds the position `position` (cumulative, in any unit) observed at `time`.
    /// A sample older than the newest one is dropped (out-of-order input).
    public mutating func add(position: Vector2, at time: Timestamp) {
        let sample = Sample(time: time.microseconds, x: position.x, y: position.y)
        if count > 0 {
            let last = head
            if sample.time < last.time { return }
            if sample.time == last.time {
                include(last, sign: -1)
                samples[newest] = sample
                head = sample
                include(sample, sign: 1)
                return
            }
            // A pause longer than the gap: the fingers stopped; earlier samples no longer count.
            if Self.elapsed(sample.time, since: last.time) > Self.maximumGap.microseconds { count = 0; sums = Sums() }
        }
        if count == 0 { origin = sample }
        if count == Self.capacity { evictOldest() }
        newest = newest + 1 == Self.capacity ? 0 : newest + 1
        samples[newest] = sample
        previous = head
        head = sample
        count += 1
        include(sample, sign: 1)
        while count > 1 && Self.elapsed(sample.time, since: samples[oldestIndex].time) > Self.horizon.microseconds { evictOldest() }
        if Self.elapsed(sample.time, since: origin.time) > Self.rebaseSpan { rebase() }
    }

    /// Adds a scalar position (stored on the x axis; read it back with ``velocity(at:)``'s `x`).
    public mutating func add(position: Double, at time: Timestamp) {
        add(position: Vector2(x: position, y: 0), at: time)
    }

    private mutating func evictOldest() {
        include(samples[oldestIndex], sign: -1)
        count -= 1
    }

    /// Rebuilds the sums around the oldest sample in the window.
    private mutating func rebase() {
        origin = samples[oldestIndex]
        sums = Sums()
        var index = oldestIndex
        for _ in 0..<count {
            include(samples[index], sign: 1)
            index = index + 1 == Self.capacity ? 0 : index + 1
        }
    }

    /// The velocity at `time` (normally the newest sample's time, or the lift time), in
    /// position units per second. Zero if fewer than two samples are usable or if the fingers
    /// rested more than ``maximumGap`` before `time`.
    @inline(__always) public func velocity(at time: Timestamp) -> Vector2 {
        guard count > 0 else { return .zero }
        let head = self.head
        if Self.elapsed(time.microseconds, since: head.time) > Self.maximumGap.microseconds { return .zero }
        var result: Vector2
        let sums = self.sums
        if count >= 3, let (c1, c2) = Self.solveLinearAndQuadraticTerms(sums) {
            // x(s) = c0 + c1·s + c2·s²: the velocity at the newest sample is c1 + 2·c2·s_newest.
            let sNewest = Double(Self.elapsed(head.time, since: origin.time)) / 1_000_000
            result = c1 + c2 * (2 * sNewest)
        } else if count >= 2 {
            let oldest = previous
            let span = Double(Self.elapsed(head.time, since: oldest.time)) / 1_000_000
            result = Vector2(x: (head.x - oldest.x) / span, y: (head.y - oldest.y) / span)
        } else {
            return .zero
        }
        result.x = min(max(result.x, -Self.maximumSpeed), Self.maximumSpeed)
        result.y = min(max(result.y, -Self.maximumSpeed), Self.maximumSpeed)
        return result
    }

    /// Solves the 3×3 normal equations of the quadratic fit for the linear and quadratic
    /// coefficients of both axes (Cramer's rule); nil when the system is singular.
    // Inlined into the query: called, it was handed a copy of the 11 sums (with the call, ~30
    // instructions an event on the benchmark).
    @inline(__always)
    private static func solveLinearAndQuadraticTerms(_ m: Sums) -> (Vector2, Vector2)? {
        // | n  s1 s2 | |c0|   | Σx    |
        // | s1 s2 s3 | |c1| = | Σxs   |
        // | s2 s3 s4 | |c2|   | Σxs²  |
        let n = m.n, s1 = m.s1, s2 = m.s2, s3 = m.s3, s4 = m.s4
        let det = n * (s2 * s4 - s3 * s3) - s1 * (s1 * s4 - s3 * s2) + s2 * (s1 * s3 - s2 * s2)
        let scale = max(abs(n * s2 * s4), 1e-300)
        guard abs(det) > 1e-12 * scale else { return nil }
        func terms(_ r0: Double, _ r1: Double, _ r2: Double) -> (Double, Double) {
            let d1 = n * (r1 * s4 - s3 * r2) - r0 * (s1 * s4 - s3 * s2) + s2 * (s1 * r2 - r1 * s2)
            let d2 = n * (s2 * r2 - r1 * s3) - s1 * (s1 * r2 - r1 * s2) + r0 * (s1 * s3 - s2 * s2)
            return (d1 / det, d2 / det)
        }
        let (x1, x2) = terms(m.x, m.xs, m.xs2)
        let (y1, y2) = terms(m.y, m.ys, m.ys2)
        return (Vector2(x: x1, y: y1), Vector2(x: x2, y: y2))
    }
}
