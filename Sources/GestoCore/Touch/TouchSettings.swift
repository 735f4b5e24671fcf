// The thresholds gesto judges touchscreen gestures by: the touchpad's settings types with their
// touchscreen presets (swipe, pinch, rotate, long press: RecognizerSettings.swift), and what
// only a touchscreen has, because it needs absolute positions: taps, double taps and edge swipes.

/// Tap and double-tap thresholds (`tap:F`, `double-tap:F`).
public struct TapSettings: Sendable, Hashable {
    /// Longest a tap may last, first finger down to last finger up, in seconds: 0.4, below
    /// Android's long-press timeout (`ViewConfiguration.DEFAULT_LONG_PRESS_TIMEOUT`, 400 ms)
    /// and hyprgrass's `long_press_delay` (400 ms): longer is a press, not a tap.
    public var maximumDuration: Double = 0.4
    /// How far a finger may move during a tap: 3 mm or 1.5 % of the screen. UIKit's 10 pt
    /// (`allowableMovement`, 1.6 mm at 163 pt per inch) doubled: several fingers on a laptop
    /// touchscreen wobble more than one on a phone (checked against the 4-finger tap of corpus
    /// 030). (Taps are recognized on touchscreens only: the delta-unit value, 30, is the same
    /// 3 mm on the corpus's touchpads.)
    public var maximumDistance = ContactDistance(deltaUnits: 30, millimeters: 3, percent: 1.5)
    /// Longest time from the first tap's lift to the second's, in seconds: 0.3, Android's
    /// `ViewConfiguration.DOUBLE_TAP_TIMEOUT` (300 ms).
    public var doubleTapInterval: Double = 0.3
    /// Farthest apart the two taps of a double tap may land: 16 mm or 8 % of the screen,
    /// Android's `DOUBLE_TAP_SLOP` (100 dp) (160 units on a touchpad, unused).
    public var doubleTapDistance = ContactDistance(deltaUnits: 160, millimeters: 16, percent: 8)

    public init() {}
}

/// Every touchscreen threshold.
public struct TouchSettings: Sendable, Hashable {
    public var tap = TapSettings()
    /// `touch-long-press:F`, `touch-long-press-drag:F`.
    public var longPress = LongPressSettings.touchscreen
    /// `touch-swipe:F:DIR` and `edge-swipe:EDGE[:F]`.
    public var swipe = SwipeSettings.touchscreen
    /// `touch-pinch:F:in|out`.
    public var pinch = PinchSettings.touchscreen
    /// `touch-rotate:F:DIR`.
    public var rotate = RotateSettings.touchscreen
    /// How close to an edge an edge swipe must start: 5 mm or 2 % of the screen, GNOME's
    /// `EDGE_THRESHOLD` (20 px); hyprgrass's `edge_margin` and wf-touch's `EDGE_SWIPE_THRESHOLD`
    /// are 10 px, lisgd's `edgesize*` 50 px. (Edge swipes are recognized on touchscreens only.)
    public var edgeMargin = ContactDistance(deltaUnits: 50, millimeters: 5, percent: 2)
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
