// What gestod asks gesto-inputd to withhold from the compositor: the touchpad finger counts of
// the bindings that consume (protocol/inputd.md, "own"). The proxy decides on evdev frames,
// before libinput knows a swipe from a pinch, so a count is owned whole, whatever the gesture.
import GestoCore

extension GestureName {
    /// The finger count libinput reports for a touchpad gesture (swipe, pinch, rotate, hold,
    /// long press, long-press-drag); nil for touchscreen gestures, which gesto-inputd does not
    /// proxy.
    public var touchpadFingerCount: Int? {
        device == .touchpad ? fingerCount : nil
    }
}

extension Config {
    /// The largest finger count gesto-inputd tells apart: 5 stands for five or more
    /// (`BTN_TOOL_QUINTTAP`, the last finger count evdev reports).
    public static let largestOwnedFingerCount = 5

    /// The finger counts this config owns, sorted and without repeats: those of its touchpad
    /// bindings that consume, 5 standing for five or more.
    public var ownedFingerCounts: [Int] {
        var counts = Set<Int>()
        for binding in bindings where binding.consumes {
            guard let fingers = binding.gesture.touchpadFingerCount else { continue }
            counts.insert(min(fingers, Self.largestOwnedFingerCount))
        }
        return counts.sorted()
    }
}
