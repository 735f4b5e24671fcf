// The touchscreen sections of the config's `settings` (and of a touch binding's overrides):
// `tap`, `touch-long-press`, `touch-swipe`, `touch-pinch`. Distances are written with their
// unit, `20mm` or `10%` (a bare number is millimetres): a device with a resolution uses the
// millimetres, one without uses the percent of the screen, and each keeps its default until set.
import GestoCore
import GestoYAML

extension ConfigKeys {
    static let tap = ["duration", "tolerance", "double-tap-interval", "double-tap-distance"]
    static let touchLongPress = ["duration", "tolerance", "then-drag"]
    static let touchLongPressOverrides = ["duration", "tolerance"]
    static let touchSwipe = ["threshold", "velocity", "flick-distance", "lock-distance", "diagonals", "edge-margin",
                             "commit-velocity", "commit-window"]
    static let touchPinch = ["in", "out", "deadband", "rotate-threshold", "rotate-begin-angle", "commit-dominance", "commit-window", "commit"]
    /// The touch sections of `settings`.
    static let touchSections = ["tap", "touch-long-press", "touch-swipe", "touch-pinch"]

    /// The section whose keys a binding of touch gesture `gesture` may override, or nil for a
    /// touchpad gesture: named by the keyword of its gesture (a double tap's is `tap`, an edge
    /// swipe's `touch-swipe`, a rotation's `touch-pinch`).
    static func touchSection(for gesture: GestureName) -> String? {
        guard gesture.device == .touchscreen else { return nil }
        let section: GestureName.Kind? = switch gesture.gesture {
        case .tap, .doubleTap: .tap
        case .longPress, .longPressDrag: .longPress
        case .swipe, .edgeSwipe: .swipe
        case .pinch, .rotate: .pinch
        case .hold: nil
        }
        return section.map { GestureName.keyword($0, on: gesture.device) }
    }

    /// The keys of a touch section (for a binding: without the global `then-drag`).
    static func touchKeys(_ section: String, binding: Bool) -> [String] {
        switch section {
        case "tap": tap
        case "touch-long-press": binding ? touchLongPressOverrides : touchLongPress
        case "touch-swipe": touchSwipe
        default: touchPinch
        }
    }
}

extension ConfigDecoder {
    /// Decodes one key of touch section `section` into `s`.
    mutating func decodeTouch(_ section: String, _ key: String, _ value: YAMLNode, _ at: SourceLocation,
                              _ s: inout TouchSettings) {
        switch (section, key) {
        case ("tap", "duration"):
            s.tap.maximumDuration = number(value, key, positive: true, atMost: longestDuration, unit: " s (a day)") ?? s.tap.maximumDuration
        case ("tap", "tolerance"): distance(value, key, &s.tap.maximumDistance)
        case ("tap", "double-tap-interval"):
            s.tap.doubleTapInterval = number(value, key, positive: true, atMost: longestDuration, unit: " s (a day)") ?? s.tap.doubleTapInterval
        case ("tap", "double-tap-distance"): distance(value, key, &s.tap.doubleTapDistance)
        case ("touch-long-press", "duration"):
            s.longPress.minimumDuration = number(value, key, positive: true, atMost: longestDuration, unit: " s (a day)") ?? s.longPress.minimumDuration
        case ("touch-long-press", "tolerance"): distance(value, key, &s.longPress.maximumDistance)
        case ("touch-long-press", "then-drag"): s.longPress.dragEnabled = boolean(value, key) ?? s.longPress.dragEnabled
        case ("touch-long-press", "drag"):
            oldThenDrag(section: "touch-long-press", at: at)
            s.longPress.dragEnabled = boolean(value, key) ?? s.longPress.dragEnabled
        case ("touch-swipe", "threshold"): distance(value, key, &s.swipe.threshold)
        case ("touch-swipe", "velocity"): distance(value, key, &s.swipe.velocity, perSecond: true)
        case ("touch-swipe", "flick-distance"): distance(value, key, &s.swipe.flickMinimumDistance)
        case ("touch-swipe", "lock-distance"): distance(value, key, &s.swipe.lockDistance)
        case ("touch-swipe", "edge-margin"): distance(value, key, &s.edgeMargin)
        case ("touch-swipe", "diagonals"): s.swipe.diagonals = boolean(value, key) ?? s.swipe.diagonals
        case ("touch-swipe", "commit-velocity"): distance(value, key, &s.swipe.commitVelocity, perSecond: true)
        case ("touch-swipe", "commit-window"): s.swipe.commitWindow = commitWindow(value, key) ?? s.swipe.commitWindow
        case ("touch-pinch", "in"):
            if let v = number(value, key, positive: true) {
                if v < 1 { s.pinch.inScale = v } else { error("'in' is the scale a closing pinch reaches: it must be below 1 (e.g. 0.8), not \(formatCompact(v))", at: value.location) }
            }
        case ("touch-pinch", "out"):
            if let v = number(value, key, positive: true) {
                if v > 1 { s.pinch.outScale = v } else { error("'out' is the scale a spreading pinch reaches: it must be above 1 (e.g. 1.25), not \(formatCompact(v))", at: value.location) }
            }
        case ("touch-pinch", "deadband"):
            s.pinch.directionDeadband = number(value, key, positive: false, atMost: widestPinchDeadband, unit: pinchDeadbandMeaning)
                ?? s.pinch.directionDeadband
        case ("touch-pinch", "rotate-threshold"): s.rotate.threshold = number(value, key, positive: true, atMost: 3600) ?? s.rotate.threshold
        case ("touch-pinch", "rotate-begin-angle"): s.rotate.beginAngle = number(value, key, positive: false, atMost: 3600) ?? s.rotate.beginAngle
        // The touch-pinch section's commitment keys are its rotation's too (one section for both).
        case ("touch-pinch", "commit-dominance"):
            if let dominance = number(value, key, positive: false, atMost: largestCommitDominance) {
                s.pinch.commitDominance = dominance
                s.rotate.commitDominance = dominance
            }
        case ("touch-pinch", "commit-window"):
            if let window = commitWindow(value, key) {
                s.pinch.commitWindow = window
                s.rotate.commitWindow = window
            }
        case ("touch-pinch", "commit"): s.pinch.commit = commitTime(value, key) ?? s.pinch.commit
        default:
            unknownKey(key, at: at, expected: ConfigKeys.touchKeys(section, binding: false))
        }
    }

    /// A distance written `20mm`, `10%` or `20` (millimetres): sets that unit's value of `d`.
    mutating func distance(_ node: YAMLNode, _ key: String, _ d: inout ContactDistance, perSecond: Bool = false) {
        guard let text = scalar(node, key) else { return }
        let suffixes = perSecond ? ["mm/s", "%/s"] : ["mm", "%"]
        var body = Substring(text)
        var isPercent = false
        if body.hasSuffix(suffixes[1]) { isPercent = true; body = body.dropLast(suffixes[1].count) }
        else if body.hasSuffix(suffixes[0]) { body = body.dropLast(suffixes[0].count) }
        guard let value = Double(body.trimmingBlanks), value.isFinite, value >= 0, value <= 1e6 else {
            error("'\(key)' must be a distance such as 20\(suffixes[0]) or 10\(suffixes[1]) (0 to 1e6), not '\(text)'", at: node.location)
            return
        }
        if isPercent { d.percent = value } else { d.millimeters = value }
    }
}

extension Substring {
    /// Without leading and trailing blanks.
    fileprivate var trimmingBlanks: Substring {
        var s = self
        while s.first == " " { s.removeFirst() }
        while s.last == " " { s.removeLast() }
        return s
    }
}

extension ConfigDecoder {
    /// Warns about touchscreen bindings that the app under the finger also acts on: gestod never
    /// grabs a touchscreen, so a `tap:1` is also a click and a `touch-swipe:2` also a scroll.
    /// Edge swipes and gestures of three or more fingers are the safe ones.
    mutating func reportTouchesTheAppAlsoGets(_ bindings: [Binding]) {
        for binding in bindings where binding.gesture.device == .touchscreen {
            if case .edgeSwipe = binding.gesture.gesture { continue }
            guard binding.gesture.fingerCount < 3 else { continue }
            warnings.append(ConfigWarning(
                "\(binding.gesture) also reaches the app under the finger (gestod never grabs the touchscreen): "
                + "bind an edge swipe or a gesture of 3 or more fingers if that is not meant", at: binding.location))
        }
    }
}
