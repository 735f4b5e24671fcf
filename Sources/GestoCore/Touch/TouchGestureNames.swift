// The binding syntax of the touchscreen gestures: `tap:F`, `double-tap:F`, `touch-long-press:F`,
// `touch-long-press-drag:F`, `touch-swipe:F:DIR`, `touch-pinch:F:in|out`,
// `touch-rotate:F:clockwise|counterclockwise`, and `edge-swipe:EDGE[:F]`, whose second part is
// the edge rather than the finger count (as hyprgrass's `edge:r:l` and lisgd's edge swipes).

/// A screen edge an edge swipe starts from, in the device's frame (+y down).
public enum ScreenEdge: String, Sendable, Hashable, CaseIterable {
    case left, right, top, bottom

    /// The direction a swipe from this edge moves: inward.
    public var inward: SwipeDirection {
        switch self {
        case .left: .right
        case .right: .left
        case .top: .down
        case .bottom: .up
        }
    }
}

extension GestureName {
    /// Every gesture kind of the binding syntax, touchpad then touchscreen.
    public static let kindNames = [
        "swipe", "pinch", "rotate", "hold", "long-press", "long-press-drag",
        "tap", "double-tap", "touch-long-press", "touch-long-press-drag", "touch-swipe", "touch-pinch",
        "touch-rotate", "edge-swipe",
    ]

    /// Whether the gesture is one gesto recognizes on touchscreens (from touch frames).
    public var isTouchscreenGesture: Bool {
        switch self {
        case .swipe, .pinch, .rotate, .hold, .longPress, .longPressDrag: false
        case .tap, .doubleTap, .touchLongPress, .touchLongPressDrag, .touchSwipe, .touchPinch, .touchRotate, .edgeSwipe: true
        }
    }

    /// Parses `edge-swipe:EDGE` (one finger) or `edge-swipe:EDGE:F`, split at the colons.
    static func edgeSwipe(parsing parts: [String]) throws(GestureNameError) -> GestureName {
        guard parts.count >= 2 else {
            throw .unknownDirection("", kind: "edge-swipe", allowed: ScreenEdge.allCases.map(\.rawValue))
        }
        guard let edge = ScreenEdge(rawValue: parts[1]) else {
            throw .unknownDirection(parts[1], kind: "edge-swipe", allowed: ScreenEdge.allCases.map(\.rawValue))
        }
        if parts.count > 3 { throw .unexpectedPart(parts[3...].joined(separator: ":")) }
        var fingers = 1
        if parts.count == 3 {
            guard let count = Int(parts[2]), (1...10).contains(count) else { throw .badFingerCount(parts[2]) }
            fingers = count
        }
        return .edgeSwipe(edge: edge, fingers: fingers)
    }
}
