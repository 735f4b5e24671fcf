#if canImport(Glibc)
import Glibc
#endif

// Thresholds of the recognizers, with the defaults gesto ships and why they have those values.
// Distances are in libinput's unaccelerated delta units: on the touchpads in the test corpus
// about 10 units per millimetre of finger travel (a 31 mm stroke sums to ~310 units).

/// Swipe recognition thresholds.
public struct SwipeSettings: Sendable, Hashable {
    /// Distance that makes a swipe count, in delta units: 150 (≈15 mm). Real looping strokes
    /// that end near their start sum to under 100 units and must fail (corpus 004, 005).
    public var threshold: Double = 150
    /// Release speed that makes a shorter swipe count (a flick), in delta units per second:
    /// 600, the flick threshold GNOME, libadwaita and niri use for touchpads (MOTION.md §4).
    public var velocity: Double = 600
    /// A flick must still travel this far, in delta units: 30 (≈3 mm), so that a resting
    /// finger's jitter never flicks.
    public var flickMinimumDistance: Double = 30
    /// Report the four diagonals too (`up-left`, ...). Off by default: most bindings use four.
    public var diagonals: Bool = false
    /// Lock the direction once the swipe has travelled ``lockDistance``; later motion across
    /// it no longer changes the direction. Off by default: the direction comes from the net
    /// translation at the end (a Z drawn with three fingers ends as `down`).
    public var directionLock: Bool = false
    /// Travel after which a swipe's direction is first decided (the `began` report), in delta
    /// units: 16, as GNOME and niri lock swipe directions.
    public var lockDistance: Double = 16
    /// For `repeat` bindings: travel between two firings, in delta units.
    public var repeatDistance: Double = 100
    /// Commitment (``CommitmentTracker``): the least velocity along the direction, in delta
    /// units per second, for the swipe to commit before the lift: 2500. Strokes drawn with
    /// three fingers never reach it (Tests/Fixtures/libinput-1.22: the Z's straight first bar
    /// peaks at 2260, the looped b at 1590, the circle at 2100, all on the T480) while the
    /// straight swipes users pasted pass it within 10–30 ms of their first motion
    /// (Tests/Fixtures/debug-events 001, 002, 003, 009, 010, 013: 3600–8000; 016 reaches 2820).
    /// A slower swipe commits at its lift. 0 commits at any speed.
    public var commitVelocity: Double = 2500
    /// Commitment: how long, in seconds, the travel, the velocity and the projected end must
    /// agree on the direction: 0.016, two report intervals of both clocks in the corpus
    /// (8 ms on libinput 1.22's T480, 10 ms in 2-decimal debug-events logs), so that one noisy
    /// velocity estimate never commits.
    public var commitWindow: Double = 0.016

    public init() {}

    /// The commitment rule's constants for swipes.
    public var commitment: CommitmentSettings {
        CommitmentSettings(window: commitWindow, minimumSpeed: commitVelocity, diagonals: diagonals)
    }
}

/// Pinch recognition thresholds. Scale is libinput's: relative to the gesture start.
public struct PinchSettings: Sendable, Hashable {
    /// Scale at or below which a closing pinch (`in`) counts: 0.8.
    public var inScale: Double = 0.8
    /// Scale at or above which a spreading pinch (`out`) counts: 1.25. Two-finger rotations
    /// on real touchpads drift to about 1.24 (corpus 013, 015) and should not also pinch.
    public var outScale: Double = 1.25
    /// The direction is decided once the scale leaves 1 ± this: 0.05. A pinch that ends
    /// inside it has no direction (`pinch:2`).
    public var directionDeadband: Double = 0.05
    /// With three or more fingers, libinput reports a pinch whose scale stays within 1 ± this
    /// while the centre travels; that is a swipe: 0.1.
    public var swipeScaleTolerance: Double = 0.1
    /// For `repeat` bindings: scale factor between two firings (1.1 = every 10 %).
    public var repeatScale: Double = 1.1
    /// Commitment (``CommitmentTracker``): how many times the scale's path (Σ|Δ ln scale|)
    /// must exceed the angle's (Σ|Δθ|, radians) for a pinch to commit: 1, the fingers moving
    /// more apart or together than around. Real pinches are 2 or more when they commit
    /// (Tests/Fixtures: libinput-1.22 010 20, 011 10; debug-events 006, with +5.8° of jitter,
    /// 2.0); a rotation's scale drift is 0.1–0.2 of its turn (libinput-1.22 013, and 015, which
    /// crosses 1.25 inside its rotation; also with `out: 1.1`).
    public var commitDominance: Double = 1
    /// Commitment: how long, in seconds, the scale must stay on its side and not move back:
    /// 0.016, two report intervals (as ``SwipeSettings/commitWindow``).
    public var commitWindow: Double = 0.016
    /// Commitment: whether a pinch commits early, by the rule, or only at its lift: at its lift
    /// (``CommitTime/lift``), so that no early action fires for a pinch the fingers then undo.
    /// With `early` a clear pinch acts 110–150 ms after BEGIN (Tests/Fixtures/libinput-1.22
    /// 010 and 011), and the in-and-out pinch of 012 fires `pinch:2:in` and ends failed.
    public var commit: CommitTime = .lift

    public init() {}

    /// The commitment rule's constants for pinches.
    public var commitment: CommitmentSettings {
        CommitmentSettings(window: commitWindow, dominance: commitDominance, time: commit)
    }
}

/// Rotation recognition thresholds, in degrees (clockwise positive).
public struct RotateSettings: Sendable, Hashable {
    /// Accumulated angle that makes a rotation count: 30°.
    public var threshold: Double = 30
    /// Accumulated angle at which a rotation is first reported: 15°. Two-finger pinches and
    /// scrolls jitter by a few degrees (corpus 006: +5.8° total) and must not rotate.
    public var beginAngle: Double = 15
    /// For `repeat` bindings: angle between two firings.
    public var repeatAngle: Double = 15
    /// Commitment (``CommitmentTracker``): how many times the angle's path (radians) must
    /// exceed the scale's (Σ|Δ ln scale|) for a rotation to commit: 1. The rotations of
    /// Tests/Fixtures/libinput-1.22 turn 6.3 (013) and 14.9 (015) times more than they scale
    /// when they commit past 30°.
    public var commitDominance: Double = 1
    /// Commitment: how long, in seconds, the angle must keep its sign and not turn back:
    /// 0.016, two report intervals (as ``SwipeSettings/commitWindow``).
    public var commitWindow: Double = 0.016

    public init() {}

    /// The commitment rule's constants for rotations.
    public var commitment: CommitmentSettings {
        CommitmentSettings(window: commitWindow, dominance: commitDominance)
    }
}

/// Long-press and long-press-drag thresholds.
public struct LongPressSettings: Sendable, Hashable {
    /// How long fingers must rest, in seconds: 0.18 (DESIGN.md; libinput's own hold delay).
    public var minimumDuration: Double = 0.18
    /// Travel allowed while the press is arming, in delta units: 10. More fails the press and
    /// the motion stays an ordinary swipe.
    public var maximumDistance: Double = 10
    /// Whether long-press-drag takes a hold followed by a swipe (exclusive before the swipe).
    public var dragEnabled: Bool = true

    public init() {}
}

/// Hold thresholds (`hold:F`, libinput's own hold gesture).
public struct HoldSettings: Sendable, Hashable {
    /// How long libinput's hold must last before it counts, in seconds: 0.18, libinput's tap
    /// timeout (`DEFAULT_TAP_TIMEOUT_PERIOD`, 180 ms, `src/evdev-mt-touchpad-tap.c`). libinput
    /// 1.22 begins a hold at every touch, so each tap brings a hold that ends 3–84 ms later, and
    /// the hold before a pinch or scroll is cancelled after 46–224 ms (Tests/Fixtures/libinput-1.22):
    /// below this a hold is a tap, not a hold, and fails.
    public var minimumDuration: Double = 0.18

    public init() {}
}

/// Every recognizer threshold. Defaults are gesto's shipped defaults.
public struct RecognizerSettings: Sendable, Hashable {
    public var swipe = SwipeSettings()
    public var pinch = PinchSettings()
    public var rotate = RotateSettings()
    public var longPress = LongPressSettings()
    public var hold = HoldSettings()
    /// The touchscreen recognizers' thresholds (GestoCore/Touch).
    public var touch = TouchSettings()

    public init() {}

    /// The deceleration that projects predicted end translations: the touchpad rate
    /// (``DecelerationRate/touchpad``, 0.997 per ms), the same the motion library springs with.
    public static let decelerationRate = DecelerationRate.touchpad

    /// Distance a release velocity carries a value decaying at ``decelerationRate``
    /// (``DecelerationRate/project(velocity:)`` on each axis; it is linear in the velocity).
    @inlinable public static func projection(of velocity: Vector2) -> Vector2 {
        velocity * decelerationRate.project(velocity: 1)
    }
}
