#if canImport(Glibc)
import Glibc
#endif

// Thresholds of the recognizers, with the defaults gesto ships and why they have those values.
// One settings type per gesture, for every device: distances are ``ContactDistance``s, given in
// libinput's delta units for touchpads (on the touchpads of the test corpus about 10 units per
// millimetre of finger travel: a 31 mm stroke sums to ~310 units), and in millimetres or percent
// of the screen for touchscreens. Pixel values of the references are converted at 96 px per
// inch (0.26 mm per px) and Android's dp at 160 per inch (0.16 mm per dp). Where a touchscreen
// needs another value than a touchpad for a setting that is not a distance, the type's
// `touchscreen` preset holds it.

/// Swipe recognition thresholds (`swipe:F:DIR`, `touch-swipe:F:DIR`, and edge swipes).
public struct SwipeSettings: Sendable, Hashable {
    /// Distance that makes a swipe count. Touchpads: 150 units (≈15 mm): real looping strokes
    /// that end near their start sum to under 100 units and must fail (corpus 004, 005).
    /// Touchscreens: 20 mm or 10 % of the screen, GNOME's edge `DRAG_DISTANCE` (80 px,
    /// js/ui/edgeDragAction.js); lisgd's `distancethreshold` is 125 px.
    public var threshold = ContactDistance(deltaUnits: 150, millimeters: 20, percent: 10)
    /// Release speed that makes a shorter swipe count (a flick), per second. Touchpads: 600
    /// units/s, the flick threshold GNOME, libadwaita and niri use for touchpads (MOTION.md §4).
    /// Touchscreens: 60 mm/s or 30 %/s, the touchpad's at ≈ 10 units per mm.
    public var velocity = ContactDistance(deltaUnits: 600, millimeters: 60, percent: 30)
    /// A flick must still travel this far, so that a resting finger's jitter never flicks:
    /// 30 units (≈3 mm), 3 mm or 1.5 %.
    public var flickMinimumDistance = ContactDistance(deltaUnits: 30, millimeters: 3, percent: 1.5)
    /// Report the four diagonals too (`up-left`, ...). Off by default: most bindings use four.
    public var diagonals: Bool = false
    /// Lock the direction once the swipe has travelled ``lockDistance``; later motion across
    /// it no longer changes the direction. Off by default: the direction comes from the net
    /// translation at the end (a Z drawn with three fingers ends as `down`).
    public var directionLock: Bool = false
    /// Travel after which a swipe's direction is first decided (the `began` report): 16 units,
    /// as GNOME and niri lock swipe directions; 2.5 mm or 1 %, Android's paging touch slop (16 dp).
    public var lockDistance = ContactDistance(deltaUnits: 16, millimeters: 2.5, percent: 1)
    /// For `repeat` bindings: travel between two firings (touchpad swipes: 100 units; touch
    /// gestures do not repeat yet).
    public var repeatDistance = ContactDistance(deltaUnits: 100, millimeters: 10, percent: 5)
    /// Commitment (``CommitmentTracker``): the least velocity along the direction, per second,
    /// for the swipe to commit before the lift; 0 commits at any speed. A slower swipe commits
    /// at its lift.
    ///
    /// Touchpads: 2500 units/s. Strokes drawn with three fingers never reach it
    /// (Tests/Fixtures/libinput-1.22: the Z's straight first bar peaks at 2260, the looped b at
    /// 1590, the circle at 2100, all on the T480) while the straight swipes users pasted pass it
    /// within 10–30 ms of their first motion (Tests/Fixtures/debug-events 001, 002, 003, 009,
    /// 010, 013: 3600–8000; 016 reaches 2820).
    ///
    /// Touchscreens: 250 mm/s, the touchpad's at ≈ 10 units per mm: on the Dell Canvas of
    /// corpus 029 the 4-finger stroke that goes up 39 mm and then down peaks at 100 mm/s on its
    /// way up and never commits, while the straight 1-finger swipe right commits at 365 mm/s.
    /// Without a resolution a screen fraction says little of the finger's speed: 200 %/s is
    /// above the straight first leg of the 1-finger zigzag of corpus 030 (166 %/s down, ending
    /// left), so on the corpus's screens without millimetres (027, 028, 030) touch swipes act
    /// at their lift.
    public var commitVelocity = ContactDistance(deltaUnits: 2500, millimeters: 250, percent: 200)
    /// Commitment: how long, in seconds, the travel, the velocity and the projected end must
    /// agree on the direction, so that one noisy velocity estimate never commits: two report
    /// intervals of the device. Touchpads: 0.016 (8 ms on libinput 1.22's T480, 10 ms in
    /// 2-decimal debug-events logs); touchscreens (``touchscreen``): 0.03 (the Atmel maXTouch of
    /// corpus 027 sends a frame every 15 ms; the others every 6–12 ms).
    public var commitWindow: Double = 0.016

    /// The touchpad defaults.
    public init() {}

    /// The touchscreen defaults: the touchpad's, with a commitment window of 0.03 s.
    public static var touchscreen: SwipeSettings {
        var settings = SwipeSettings()
        settings.commitWindow = 0.03
        return settings
    }

    /// The commitment rule's constants for swipes on a device whose positions are in `unit`
    /// (edge swipes: `diagonals` off, their direction is an edge's inward normal).
    public func commitment(in unit: ContactUnit, isEdgeSwipe: Bool = false) -> CommitmentSettings {
        CommitmentSettings(window: commitWindow, minimumSpeed: commitVelocity.value(in: unit),
                           diagonals: isEdgeSwipe ? false : diagonals)
    }
}

/// Pinch recognition thresholds (`pinch:F:in|out`, `touch-pinch:F:in|out`). Scale is relative to
/// the gesture start: libinput's on touchpads, the fingers' spread ratio on touchscreens. The
/// same values on both, so a binding means the same on both; wf-touch uses a pinch threshold
/// of 1.5.
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
    /// two report intervals of the device, as ``SwipeSettings/commitWindow`` (0.016 on
    /// touchpads, 0.03 on touchscreens).
    public var commitWindow: Double = 0.016
    /// Commitment: whether a pinch commits early, by the rule, or only at its lift: at its lift
    /// (``CommitTime/lift``), so that no early action fires for a pinch the fingers then undo.
    /// With `early` a clear pinch acts 110–150 ms after BEGIN (Tests/Fixtures/libinput-1.22
    /// 010 and 011), and the in-and-out pinch of 012 fires `pinch:2:in` and ends failed.
    public var commit: CommitTime = .lift

    /// The touchpad defaults.
    public init() {}

    /// The touchscreen defaults: the touchpad's, with a commitment window of 0.03 s. The
    /// dominance rule holds there too: the 2-finger drag of corpus 030 that turns +95° spreads to
    /// 1.36 on the way (turn over scale 3.4) and its 3-finger drag to 1.28 (6.0); without the
    /// rule both fired `touch-pinch:F:out` and then failed as pinches. The 5-finger pinch of 029
    /// (scale over turn 3.7) commits.
    public static var touchscreen: PinchSettings {
        var settings = PinchSettings()
        settings.commitWindow = 0.03
        return settings
    }

    /// The commitment rule's constants for pinches.
    public var commitment: CommitmentSettings {
        CommitmentSettings(window: commitWindow, dominance: commitDominance, time: commit)
    }
}

/// Rotation recognition thresholds (`rotate:F:DIR`, `touch-rotate:F:DIR`), in degrees
/// (clockwise positive), the same on every device.
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
    /// two report intervals of the device, as ``SwipeSettings/commitWindow``.
    public var commitWindow: Double = 0.016

    /// The touchpad defaults.
    public init() {}

    /// The touchscreen defaults: the touchpad's, with a commitment window of 0.03 s.
    public static var touchscreen: RotateSettings {
        var settings = RotateSettings()
        settings.commitWindow = 0.03
        return settings
    }

    /// The commitment rule's constants for rotations.
    public var commitment: CommitmentSettings {
        CommitmentSettings(window: commitWindow, dominance: commitDominance)
    }
}

/// Long-press and long-press-drag thresholds (`long-press:F`, `long-press-drag:F`,
/// `touch-long-press:F`, `touch-long-press-drag:F`).
public struct LongPressSettings: Sendable, Hashable {
    /// How long fingers must rest, in seconds. Touchpads: 0.18 (DESIGN.md; libinput's own hold
    /// delay). Touchscreens (``touchscreen``): 0.4, Android's `DEFAULT_LONG_PRESS_TIMEOUT`
    /// (400 ms) and hyprgrass's `long_press_delay` (UIKit's `minimumPressDuration` is 0.5 s);
    /// the still 2-finger touch of corpus 029 (0.39 s) stays below it.
    public var minimumDuration: Double = 0.18
    /// Travel allowed while the press is arming; more fails the press and the motion stays an
    /// ordinary swipe. Touchpads: 10 units. Touchscreens: 3 mm or 1.5 % of the screen (the tap's
    /// tolerance, UIKit's 10 pt `allowableMovement` doubled).
    public var maximumDistance = ContactDistance(deltaUnits: 10, millimeters: 3, percent: 1.5)
    /// Whether a recognized press followed by motion is a long-press-drag.
    public var dragEnabled: Bool = true

    /// The touchpad defaults.
    public init() {}

    /// The touchscreen defaults: a minimum duration of 0.4 s.
    public static var touchscreen: LongPressSettings {
        var settings = LongPressSettings()
        settings.minimumDuration = 0.4
        return settings
    }
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
    /// The three-finger drag's lift timeout (`drag:` bindings).
    public var drag = DragSettings()
    /// The thresholds on touchscreens (GestoCore/Touch): the same types, with the
    /// touchscreen presets and what only touchscreens have (taps, edge swipes).
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
