// Finger velocity from touchpad samples: an unweighted least-squares fit of degree 2 (LSQ2)
// over the newest samples, as Android's VelocityTracker, Flutter and Compose do
// (see MOTION.md §3 and the `velocity_estimation` vectors). Pure value type, no allocation
// (with Swift 6.2 or later; older compilers take an Array, see `samples`).

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

    /// After this span from the origin the sums are rebuilt around the oldest sample in the
    /// window: 400 ms. Rebuilding sheds the rounding the running sums gather and keeps the
    /// powers of `s` small; the fit loses about (span / window)⁴ of its precision to their
    /// size, here at most 4⁴ (≈ 2.5 of double's 16 digits), while a gesture of up to ~0.4 s
    /// (most of them) is never rebuilt.
    private static let rebaseSpan: Int64 = 400_000

    /// A sample: its time (µs) and position as they came, and its time relative to the
    /// ``origin`` in seconds (`s`), kept so that a sample leaving the window subtracts exactly
    /// the terms it added.
    private struct Sample { var time: Int64; var x: Double; var y: Double; var s: Double }

    /// Sums of the normal equations of the fit over the samples in the window, in time
    /// `s` (seconds since ``origin``) and positions relative to the origin's position. Kept up
    /// to date as samples enter and leave, so a query costs a 3×3 solve, not a walk.
    private struct Sums {
        var n = 0.0, s1 = 0.0, s2 = 0.0, s3 = 0.0, s4 = 0.0
        var x = 0.0, xs = 0.0, xs2 = 0.0, y = 0.0, ys = 0.0, ys2 = 0.0

        // With `sign` a constant (±1) the products by it fold away (sign · v is exact), so a
        // sample's removal subtracts exactly what its addition added.
        mutating func add(_ sample: Sample, from origin: Sample, sign: Double) {
            let s = sample.s, s2v = s * s, dx = sample.x - origin.x, dy = sample.y - origin.y
            n += sign; s1 += sign * s; s2 += sign * s2v; s3 += sign * s2v * s; s4 += sign * s2v * s2v
            x += sign * dx; xs += sign * dx * s; xs2 += sign * dx * s2v
            y += sign * dy; ys += sign * dy * s; ys2 += sign * dy * s2v
        }
    }

    #if compiler(>=6.2)
    private var samples: InlineArray<20, Sample> = .init(repeating: Sample(time: 0, x: 0, y: 0, s: 0))
    #else
    // Swift 6.0 and 6.1 (Debian 13's swiftlang) have no InlineArray: the same ring in an Array,
    // one allocation per tracker (HACKING.md, "Swift versions").
    private var samples = [Sample](repeating: Sample(time: 0, x: 0, y: 0, s: 0), count: VelocityTracker.capacity)
    #endif
    /// The ring index of the newest sample (meaningful while `count > 0`).
    private var newest = Self.capacity - 1
    private var count = 0
    /// The sample the sums are relative to (its `s` is 0).
    private var origin = Sample(time: 0, x: 0, y: 0, s: 0)
    /// The newest sample again (`samples[newest]` while `count > 0`): a query reads it without
    /// touching the ring, whose subscript copies all 20 samples when read outside a mutation.
    private var head = Sample(time: 0, x: 0, y: 0, s: 0)
    /// The sample before ``head`` (with two samples in the window, the oldest: a window only
    /// ever loses its oldest samples, so the last two remain).
    private var previous = Sample(time: 0, x: 0, y: 0, s: 0)
    private var sums = Sums()

    /// Makes an empty tracker.
    public init() {}

    /// Forgets every sample (at the start of a new gesture).
    public mutating func reset() { count = 0; sums = Sums() }

    /// The number of samples in the fit window (at most ``capacity``).
    public var sampleCount: Int { count }

    /// The ring index of the oldest sample in the window (`count` is 1...capacity).
    private var oldestIndex: Int {
        let index = newest &- count &+ 1
        return index < 0 ? index &+ Self.capacity : index
    }

    /// Microseconds from `earlier` to `later`, saturating (times come from input and may be
    /// at the ends of the Int64 range).
    private static func elapsed(_ later: Int64, since earlier: Int64) -> Int64 {
        Timestamp(microseconds: later).microseconds(since: Timestamp(microseconds: earlier))
    }

    /// The seconds from `origin` to `time`.
    private static func seconds(_ time: Int64, since origin: Sample) -> Double {
        Double(elapsed(time, since: origin.time)) / 1_000_000
    }

    /// Adds the position `position` (cumulative, in any unit) observed at `time`.
    /// A sample older than the newest one is dropped (out-of-order input).
    public mutating func add(position: Vector2, at time: Timestamp) {
        var sample = Sample(time: time.microseconds, x: position.x, y: position.y, s: 0)
        if count > 0 {
            if sample.time < head.time { return }
            if sample.time == head.time {
                sums.add(head, from: origin, sign: -1)
                sample.s = head.s
                samples[newest] = sample
                head = sample
                sums.add(sample, from: origin, sign: 1)
                return
            }
            // A pause longer than the gap: the fingers stopped; earlier samples no longer count.
            if Self.elapsed(sample.time, since: head.time) > Self.maximumGap.microseconds { count = 0; sums = Sums() }
        }
        if count == 0 {
            origin = sample
        } else if count == Self.capacity {
            sums.add(samples[oldestIndex], from: origin, sign: -1)
            count &-= 1
        }
        sample.s = Self.seconds(sample.time, since: origin)
        newest = newest == Self.capacity - 1 ? 0 : newest &+ 1
        samples[newest] = sample
        previous = head
        head = sample
        count &+= 1
        sums.add(sample, from: origin, sign: 1)
        // Samples past the horizon leave, oldest first.
        var oldest = oldestIndex
        while count > 1, Self.elapsed(sample.time, since: samples[oldest].time) > Self.horizon.microseconds {
            sums.add(samples[oldest], from: origin, sign: -1)
            count &-= 1
            oldest = oldest == Self.capacity - 1 ? 0 : oldest &+ 1
        }
        if Self.elapsed(sample.time, since: origin.time) > Self.rebaseSpan { rebase(from: oldest) }
    }

    /// Adds a scalar position (stored on the x axis; read it back with ``velocity(at:)``'s `x`).
    public mutating func add(position: Double, at time: Timestamp) {
        add(position: Vector2(x: position, y: 0), at: time)
    }

    /// Rebuilds the samples and the sums around the oldest sample in the window (at ring
    /// index `oldest`).
    private mutating func rebase(from oldest: Int) {
        origin = samples[oldest]
        origin.s = 0
        sums = Sums()
        var index = oldest
        for _ in 0..<count {
            samples[index].s = Self.seconds(samples[index].time, since: origin)
            sums.add(samples[index], from: origin, sign: 1)
            index = index == Self.capacity - 1 ? 0 : index &+ 1
        }
        head = samples[newest]
        let previousIndex = newest == 0 ? Self.capacity - 1 : newest &- 1
        if count > 1 { previous = samples[previousIndex] }
    }

    /// The velocity at `time` (normally the newest sample's time, or the lift time), in
    /// position units per second. Zero if fewer than two samples are usable or if the fingers
    /// rested more than ``maximumGap`` before `time`.
    // Inlined: called, it is handed a copy of the whole tracker, ring included.
    @inline(__always)
    public func velocity(at time: Timestamp) -> Vector2 {
        guard count > 0 else { return .zero }
        let head = self.head
        if Self.elapsed(time.microseconds, since: head.time) > Self.maximumGap.microseconds { return .zero }
        var result: Vector2
        if count >= 3, let slope = Self.slopeOfFit(sums, at: head.s) {
            result = slope
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

    /// The slope at `s` of the quadratic fit `x(s) = c₀ + c₁s + c₂s²` of both axes,
    /// `c₁ + 2c₂s`, from the 3×3 normal equations by Cramer's rule; nil when they are singular.
    ///
    /// ```
    /// | n  s1 s2 | |c0|   | Σx   |
    /// | s1 s2 s3 | |c1| = | Σxs  |
    /// | s2 s3 s4 | |c2|   | Σxs² |
    /// ```
    /// With the cofactors `a`…`g` below, `c₁·det = Σx·a + Σxs·b + Σxs²·c` and
    /// `c₂·det = Σx·d + Σxs·c + Σxs²·f`, so the slope is one weighted sum of the right-hand side
    /// whose weights both axes share.
    // Inlined into the query: called, it was handed a copy of the 11 sums.
    private static func slopeOfFit(_ m: Sums, at s: Double) -> Vector2? {
        let n = m.n, s1 = m.s1, s2 = m.s2, s3 = m.s3, s4 = m.s4
        let a = s2 * s3 - s1 * s4, b = n * s4 - s2 * s2, c = s1 * s2 - n * s3
        let d = s1 * s3 - s2 * s2, f = n * s2 - s1 * s1, g = s2 * s4 - s3 * s3
        let det = n * g + s1 * a + s2 * d
        let scale = max(abs(n * s2 * s4), 1e-300)
        guard abs(det) > 1e-12 * scale else { return nil }
        let twoS = 2 * s, inverse = 1 / det
        let w0 = (a + twoS * d) * inverse, w1 = (b + twoS * c) * inverse, w2 = (c + twoS * f) * inverse
        return Vector2(x: m.x * w0 + m.xs * w1 + m.xs2 * w2, y: m.y * w0 + m.ys * w1 + m.ys2 * w2)
    }
}
