// The inverse of libinput's touchpad pointer acceleration at the default speed: a host that has
// only libinput's accelerated gesture deltas (wlroots passes no others to a compositor plugin)
// gets back the unaccelerated deltas gesto's thresholds are written in. Pure: time is the
// events' own. Ported from the behaviour of libinput 1.22 (Debian 12), `src/filter-touchpad.c`
// (`touchpad_accel_profile_linear`, `touchpad_constant_filter`, `speed_factor`) and
// `src/filter.c` (`trackers_velocity`, `calculate_acceleration_simpsons`).

/// Recovers libinput's unaccelerated touchpad gesture deltas from its accelerated ones.
///
/// What libinput 1.22 does to one gesture UPDATE with the adaptive profile (the default) at
/// speed 0 (the default; `speed_factor(0)` = 1), for a device-unit delta `d` at time `t`:
/// - unaccelerated = `d` normalised to 1000 dpi × `TP_MAGIC_SLOWDOWN` (0.2968) × the baseline
///   (0.9), so one unaccelerated unit is 25.4 / (1000 · 0.2968 · 0.9) ≈ 0.0951 mm of travel;
/// - accelerated = `d` normalised × 0.2968 × `f`, with `f` Simpson's average of the profile
///   `p` at the velocity `v` of this event, at the previous event's velocity `v′` and at their
///   mean: `(p(v) + p(v′) + 4·p((v + v′)/2)) / 6`;
/// - `v` is this delta's length over the time since the previous one (plus 1 µs; at most 1 s,
///   libinput's `MOTION_TIMEOUT`), in mm/s: without velocity averaging (the default for
///   touchpads) libinput keeps two trackers, so only the last delta counts;
/// - `p(v)` = min(0.9, 0.1·v + 0.3) below 7 mm/s, 0.9 up to 130 mm/s, then
///   0.0025·(v/130)·(v − 130) + 0.9 with `v` capped at 4 × 130 mm/s.
///
/// So accelerated = unaccelerated × `f / 0.9`: 1 on the plateau (7 to 130 mm/s), down to 1/3
/// for very slow motion, up to 5.3 for fast flicks. Given the accelerated delta `a`, the
/// unaccelerated length `s` solves `s · f(s/dt·0.0951, v′)/0.9 = |a|`, increasing in `s`
/// (`p` never decreases), found by bisection; the direction is `a`'s.
///
/// Limits (why the result is an estimate, within 0.2 % of the path libinput reports on the
/// recordings of Tests/Fixtures/libinput-1.22): the first UPDATE of a sequence has no previous
/// time the caller knows (libinput's tracker may hold pointer motion from before the gesture),
/// so it is taken on the plateau; Bluetooth touchpads' delta smoothing and a non-default
/// pointer speed or profile are not modelled.
public struct AccelerationInverse: Sendable, Hashable {
    /// Millimetres of finger travel per libinput unaccelerated delta unit: 25.4 mm per inch over
    /// 1000 dpi (`DEFAULT_MOUSE_DPI`), `TP_MAGIC_SLOWDOWN` 0.2968 and the baseline 0.9 that
    /// `touchpad_constant_filter` applies.
    public static let millimetersPerUnit = 25.4 / (1000 * 0.2968 * 0.9)
    /// `MOTION_TIMEOUT` (`src/filter.c`): an earlier delta no longer counts for the velocity.
    public static let motionTimeoutMicroseconds: Int64 = 1_000_000
    /// The profile's plateau, by which `touchpad_constant_filter` also multiplies.
    static let baseline = 0.9
    /// The speed (mm/s) above which the profile accelerates (`filter->threshold = 130`).
    static let threshold = 130.0

    /// The time of the previous UPDATE, or nil before the first of a sequence.
    public private(set) var previousTime: Timestamp?
    /// libinput's velocity of the previous UPDATE in mm/s (its `last_velocity`), or nil.
    public private(set) var previousVelocity: Double?

    /// An inverse at the start of a sequence.
    public init() {}

    /// libinput's `touchpad_accel_profile_linear` without `TP_MAGIC_SLOWDOWN`, at speed 0, for a
    /// velocity in mm/s (unitless).
    public static func profile(millimetersPerSecond speed: Double) -> Double {
        if speed < 7 { return min(baseline, 0.1 * speed + 0.3) }
        if speed < threshold { return baseline }
        let capped = min(speed, 4 * threshold)
        return 0.0025 * (capped / threshold) * (capped - threshold) + baseline
    }

    /// The ratio accelerated ÷ unaccelerated libinput applies to a delta whose velocity is
    /// `speed` after one whose velocity was `previous` (mm/s): Simpson's average of the profile,
    /// over the baseline of the unaccelerated deltas.
    public static func ratio(speed: Double, previous: Double) -> Double {
        let f = (profile(millimetersPerSecond: speed) + profile(millimetersPerSecond: previous)
                 + 4 * profile(millimetersPerSecond: (speed + previous) / 2)) / 6
        return f / baseline
    }

    /// Starts a sequence (libinput's BEGIN): the next UPDATE is the first.
    public mutating func reset() {
        previousTime = nil
        previousVelocity = nil
    }

    /// The unaccelerated delta of an UPDATE at `time` whose accelerated delta is `delta`
    /// (delta units), and the state for the next one.
    public mutating func unaccelerated(_ delta: Vector2, at time: Timestamp) -> Vector2 {
        defer { previousTime = time }
        let length = delta.length
        guard let previousTime else {
            // The first UPDATE: libinput's previous tracker time is unknown here; the plateau.
            previousVelocity = nil
            return delta
        }
        guard length > 0, length.isFinite else {
            previousVelocity = 0
            return .zero
        }
        let elapsed = min(max(time.microseconds - previousTime.microseconds, 0), Self.motionTimeoutMicroseconds) + 1
        let seconds = Double(elapsed) / 1e6
        let previous = previousVelocity
        func acceleratedLength(ofUnaccelerated s: Double) -> Double {
            let speed = s * Self.millimetersPerUnit / seconds
            return s * Self.ratio(speed: speed, previous: previous ?? speed)
        }
        // The ratio is at least 1/3 (0.3 / 0.9), so s lies in [0, 3·|a|].
        var low = 0.0, high = 3 * length
        for _ in 0..<64 {
            let middle = (low + high) / 2
            if acceleratedLength(ofUnaccelerated: middle) < length { low = middle } else { high = middle }
        }
        let s = (low + high) / 2
        previousVelocity = s * Self.millimetersPerUnit / seconds
        return delta * (s / length)
    }
}
