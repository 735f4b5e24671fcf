// Thresholds of the touchscreen recognizers, with the defaults gesto ships and where each comes
// from. Distances are ``TouchDistance``s: millimetres on a device that reports a resolution,
// else percent of the screen. Pixel values of the references are converted at 96 px per inch
// (0.26 mm per px) and Android's dp at 160 per inch (0.16 mm per dp).

/// Tap and double-tap thresholds (`tap:F`, `double-tap:F`).
public struct TapSettings: Sendable, Hashable {
    /// Longest a tap may last, first finger down to last finger up, in seconds: 0.4, below
    /// Android's long-press timeout (`ViewConfiguration.DEFAULT_LONG_PRESS_TIMEOUT`, 400 ms)
    /// and hyprgrass's `long_press_delay` (400 ms): longer is a press, not a tap.
    public var maximumDuration: Double = 0.4
    /// How far a finger may move during a tap: 3 mm or 1.5 % of the screen. UIKit's 10 pt
    /// (`allowableMovement`, 1.6 mm at 163 pt per inch) doubled: several fingers on a laptop
    /// touchscreen wobble more than one on a phone (checked against the 4-finger tap of corpus 030).
    public var maximumDistance = TouchDistance(millimeters: 3, percent: 1.5)
    /// Longest time from the first tap's lift to the second's, in seconds: 0.3, Android's
    /// `ViewConfiguration.DOUBLE_TAP_TIMEOUT` (300 ms).
    public var doubleTapInterval: Double = 0.3
    /// Farthest apart the two taps of a double tap may land: 16 mm or 8 % of the screen,
    /// Android's `DOUBLE_TAP_SLOP` (100 dp).
    public var doubleTapDistance = TouchDistance(millimeters: 16, percent: 8)

    public init() {}
}

/// Touch long-press and long-press-drag thresholds (`touch-long-press:F`, `touch-long-press-drag:F`).
public struct TouchLongPressSettings: Sendable, Hashable {
    /// How long the fingers must rest, in seconds: 0.4, Android's `DEFAULT_LONG_PRESS_TIMEOUT`
    /// (400 ms) and hyprgrass's `long_press_delay` (UIKit's `minimumPressDuration` is 0.5 s).
    /// The still 2-finger touch of corpus 029 (0.39 s) stays below it.
    public var minimumDuration: Double = 0.4
    /// Travel allowed while arming: 3 mm or 1.5 % of the screen (the tap's tolerance, UIKit's
    /// 10 pt doubled). More fails the press; the motion stays a swipe.
    public var maximumDistance = TouchDistance(millimeters: 3, percent: 1.5)
    /// Whether a recognized press followed by motion is a `touch-long-press-drag`.
    public var dragEnabled: Bool = true

    public init() {}
}

/// Touch-swipe and edge-swipe thresholds (`touch-swipe:F:DIR`, `edge-swipe:EDGE[:F]`).
public struct TouchSwipeSettings: Sendable, Hashable {
    /// Distance that makes a swipe count: 20 mm or 10 % of the screen, GNOME's edge
    /// `DRAG_DISTANCE` (80 px, js/ui/edgeDragAction.js); lisgd's `distancethreshold` is 125 px.
    public var threshold = TouchDistance(millimeters: 20, percent: 10)
    /// Release speed that makes a shorter swipe count (a flick): 60 mm/s or 30 %/s, the
    /// touchpad's 600 units/s (≈ 10 units per mm: SwipeSettings.velocity) on a touchscreen.
    public var velocity = TouchDistance(millimeters: 60, percent: 30)
    /// A flick must still travel this far: 3 mm or 1.5 %, so a resting finger's jitter never flicks.
    public var flickMinimumDistance = TouchDistance(millimeters: 3, percent: 1.5)
    /// Travel after which the direction is first decided (`began`): 2.5 mm or 1 %, Android's
    /// paging touch slop (16 dp).
    public var lockDistance = TouchDistance(millimeters: 2.5, percent: 1)
    /// Report the diagonals too. Off by default, as for touchpad swipes.
    public var diagonals: Bool = false
    /// How close to an edge an edge swipe must start: 5 mm or 2 % of the screen, GNOME's
    /// `EDGE_THRESHOLD` (20 px); hyprgrass's `edge_margin` and wf-touch's `EDGE_SWIPE_THRESHOLD`
    /// are 10 px, lisgd's `edgesize*` 50 px.
    public var edgeMargin = TouchDistance(millimeters: 5, percent: 2)
    /// Commitment (``CommitmentTracker``): the least velocity along the direction, per second,
    /// for a touch swipe or an edge swipe to commit before the lift: 250 mm/s or 200 %/s.
    /// 250 mm/s is the touchpad's `commit-velocity` (2500 units/s at ≈ 10 units per mm,
    /// SwipeSettings.commitVelocity): on the Dell Canvas of corpus 029 the 4-finger stroke
    /// that goes up 39 mm and then down peaks at 100 mm/s on its way up and never commits,
    /// while the straight 1-finger swipe right commits at 365 mm/s. Without a resolution a
    /// screen fraction says little of the finger's speed: 200 %/s is above the straight first
    /// leg of the 1-finger zigzag of corpus 030 (166 %/s down, ending left), so on the corpus's
    /// screens without millimetres (027, 028, 030) touch swipes act at their lift.
    public var commitVelocity = TouchDistance(millimeters: 250, percent: 200)
    /// Commitment: how long, in seconds, the travel, the velocity and the projected end must
    /// agree on the direction: 0.03, two frame intervals of the slowest touchscreen of the
    /// corpus (the Atmel maXTouch of 027 sends a frame every 15 ms; the others every 6–12 ms).
    public var commitWindow: Double = 0.03

    public init() {}

    /// The commitment rule's constants for touch swipes (edge swipes: `diagonals` off, their
    /// direction is an edge's inward normal), on a device whose positions are in `unit`.
    public func commitment(in unit: TouchUnit, isEdgeSwipe: Bool = false) -> CommitmentSettings {
        CommitmentSettings(window: commitWindow, minimumSpeed: commitVelocity.value(in: unit),
                           diagonals: isEdgeSwipe ? false : diagonals)
    }
}

/// Touch pinch and rotation thresholds (`touch-pinch:F:in|out`, `touch-rotate:F:DIR`): the
/// touchpad's (PinchSettings, RotateSettings), so a binding means the same on both. wf-touch
/// uses a pinch threshold of 1.5.
public struct TouchPinchSettings: Sendable, Hashable {
    /// Spread ratio at or below which a closing pinch counts: 0.8.
    public var inScale: Double = 0.8
    /// Spread ratio at or above which a spreading pinch counts: 1.25.
    public var outScale: Double = 1.25
    /// The direction is decided once the scale leaves 1 ± this: 0.05.
    public var directionDeadband: Double = 0.05
    /// Rotation that makes a rotation count, in degrees: 30.
    public var rotateThreshold: Double = 30
    /// Rotation at which a rotation is first reported, in degrees: 15.
    public var rotateBeginAngle: Double = 15
    /// Commitment (``CommitmentTracker``): how many times a touch pinch's scale path must exceed
    /// its angle path (and a touch rotation's angle path its scale path) to commit: 1, the
    /// touchpad's (PinchSettings.commitDominance). The 2-finger drag of corpus 030 that turns
    /// +95° spreads to 1.36 on the way (turn over scale 3.4) and its 3-finger drag to 1.28 (6.0):
    /// both fired `touch-pinch:F:out` and then failed as pinches; the 5-finger pinch of 029
    /// (scale over turn 3.7) commits.
    public var commitDominance: Double = 1
    /// Commitment: how long, in seconds, the scale (or the angle) must stay on its side and not
    /// move back: the touch swipe's window (``TouchSwipeSettings/commitWindow``).
    public var commitWindow: Double = 0.03
    /// Commitment: whether a touch pinch (not a touch rotation) commits early or only at its
    /// lift: at its lift, as a touchpad pinch (``PinchSettings/commit``), for the same reason.
    public var commit: CommitTime = .lift

    public init() {}

    /// The commitment rule's constants for touch pinches (no unit: scale and angle are the
    /// same on every touchscreen).
    public var pinchCommitment: CommitmentSettings {
        CommitmentSettings(window: commitWindow, dominance: commitDominance, time: commit)
    }

    /// The commitment rule's constants for touch rotations: always early.
    public var rotationCommitment: CommitmentSettings {
        CommitmentSettings(window: commitWindow, dominance: commitDominance)
    }
}

/// Every touchscreen threshold.
public struct TouchSettings: Sendable, Hashable {
    public var tap = TapSettings()
    public var longPress = TouchLongPressSettings()
    public var swipe = TouchSwipeSettings()
    public var pinch = TouchPinchSettings()
    /// Finger counts whose `tap:F` waits for the double-tap interval before it ends, because a
    /// `double-tap:F` is bound (SwiftUI's exclusive composition: the double tap has precedence).
    /// Bit F is finger count F.
    public var tapWaitsForDoubleTap: UInt16 = 0

    public init() {}

    /// Whether `tap:fingers` waits for a possible double tap.
    @inlinable public func waitsForDoubleTap(fingers: Int) -> Bool {
        fingers >= 0 && fingers < 16 && tapWaitsForDoubleTap & (1 << UInt16(fingers)) != 0
    }
}
