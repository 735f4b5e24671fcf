// What was recognized, named in the binding syntax users write in their config:
// `swipe:3:left`, `pinch:2:out`, `rotate:2:clockwise`, `hold:1`, `long-press:3`, `long-press-drag:3`.

/// The eight swipe directions. Diagonals are reported only when diagonals are enabled.
/// libinput's axes: `right` is +x, `down` is +y.
public enum SwipeDirection: String, Sendable, Hashable, CaseIterable {
    case left, right, up, down
    case upLeft = "up-left", upRight = "up-right", downLeft = "down-left", downRight = "down-right"

    /// The unit vector of the direction (diagonals at 45°).
    public var unitVector: Vector2 {
        let d = 0.5.squareRoot()
        switch self {
        case .left: return Vector2(-1, 0)
        case .right: return Vector2(1, 0)
        case .up: return Vector2(0, -1)
        case .down: return Vector2(0, 1)
        case .upLeft: return Vector2(-d, -d)
        case .upRight: return Vector2(d, -d)
        case .downLeft: return Vector2(-d, d)
        case .downRight: return Vector2(d, d)
        }
    }

    /// The direction of `translation`: the nearer axis, or with `diagonals` the nearest of
    /// the eight 45° sectors. Nil for a zero vector.
    public init?(of translation: Vector2, diagonals: Bool) {
        let ax = abs(translation.x), ay = abs(translation.y)
        if ax == 0 && ay == 0 { return nil }
        if diagonals {
            // tan(22.5°): inside this ratio the motion is along an axis.
            let tan22 = 0.41421356237309503
            if ay <= ax * tan22 { self = translation.x < 0 ? .left : .right; return }
            if ax <= ay * tan22 { self = translation.y < 0 ? .up : .down; return }
            switch (translation.x < 0, translation.y < 0) {
            case (true, true): self = .upLeft
            case (false, true): self = .upRight
            case (true, false): self = .downLeft
            case (false, false): self = .downRight
            }
            return
        }
        if ax >= ay { self = translation.x < 0 ? .left : .right } else { self = translation.y < 0 ? .up : .down }
    }
}

/// Pinch directions. `out` is fingers spreading (scale above 1), `in` is fingers closing.
public enum PinchDirection: String, Sendable, Hashable, CaseIterable {
    case `in`, out
}

/// Rotation directions, as seen on the touchpad from above.
public enum RotationDirection: String, Sendable, Hashable, CaseIterable {
    case clockwise, counterclockwise
}

/// The name of a recognized gesture, in binding syntax.
public enum GestureName: Sendable, Hashable {
    /// `swipe:F:DIR`, or `swipe:F` while no direction is decided.
    case swipe(fingers: Int, direction: SwipeDirection?)
    /// `pinch:F:in|out`, or `pinch:F` while undecided.
    case pinch(fingers: Int, direction: PinchDirection?)
    /// `rotate:F:clockwise|counterclockwise`, or `rotate:F` while undecided.
    case rotate(fingers: Int, direction: RotationDirection?)
    /// `hold:F`: fingers resting, as libinput reports it.
    case hold(fingers: Int)
    /// `long-press:F`: a hold that lasted the minimum duration without moving.
    case longPress(fingers: Int)
    /// `long-press-drag:F`: a long press followed by a drag with the same fingers.
    case longPressDrag(fingers: Int)
    // Touchscreen gestures, recognized by gesto from raw touches (GestoCore/Touch).
    /// `tap:F`: F fingers down and up, briefly and without moving.
    case tap(fingers: Int)
    /// `double-tap:F`: two `tap:F` close in time and place.
    case doubleTap(fingers: Int)
    /// `touch-long-press:F`: F fingers resting on a touchscreen for the minimum duration.
    case touchLongPress(fingers: Int)
    /// `touch-long-press-drag:F`: a touch long press, then a drag with the same fingers.
    case touchLongPressDrag(fingers: Int)
    /// `touch-swipe:F:DIR`, or `touch-swipe:F` while undecided.
    case touchSwipe(fingers: Int, direction: SwipeDirection?)
    /// `touch-pinch:F:in|out`, or `touch-pinch:F` while undecided.
    case touchPinch(fingers: Int, direction: PinchDirection?)
    /// `touch-rotate:F:clockwise|counterclockwise`, or `touch-rotate:F` while undecided.
    case touchRotate(fingers: Int, direction: RotationDirection?)
    /// `edge-swipe:EDGE` (one finger) or `edge-swipe:EDGE:F`: from a screen edge, inward.
    case edgeSwipe(edge: ScreenEdge, fingers: Int)

    /// The direction of a swipe or a touch swipe (nil for any other gesture, or before it has one).
    var swipeDirection: SwipeDirection? {
        switch self {
        case .swipe(_, let direction), .touchSwipe(_, let direction): direction
        case .pinch, .rotate, .hold, .longPress, .longPressDrag, .tap, .doubleTap, .touchLongPress, .touchLongPressDrag,
             .touchPinch, .touchRotate, .edgeSwipe: nil
        }
    }

    /// The direction of a pinch or a touch pinch (nil for any other gesture, or before it has one).
    var pinchDirection: PinchDirection? {
        switch self {
        case .pinch(_, let direction), .touchPinch(_, let direction): direction
        case .swipe, .rotate, .hold, .longPress, .longPressDrag, .tap, .doubleTap, .touchLongPress, .touchLongPressDrag,
             .touchSwipe, .touchRotate, .edgeSwipe: nil
        }
    }

    /// The finger count of the gesture.
    public var fingerCount: Int {
        switch self {
        case .swipe(let f, _), .pinch(let f, _), .rotate(let f, _): f
        case .hold(let f), .longPress(let f), .longPressDrag(let f): f
        case .tap(let f), .doubleTap(let f), .touchLongPress(let f), .touchLongPressDrag(let f): f
        case .touchSwipe(let f, _), .touchPinch(let f, _), .touchRotate(let f, _), .edgeSwipe(_, let f): f
        }
    }

    /// The kind's keyword: "swipe", "pinch", "rotate", "hold", "long-press", "long-press-drag".
    public var kindName: String {
        switch self {
        case .swipe: "swipe"
        case .pinch: "pinch"
        case .rotate: "rotate"
        case .hold: "hold"
        case .longPress: "long-press"
        case .longPressDrag: "long-press-drag"
        case .tap: "tap"
        case .doubleTap: "double-tap"
        case .touchLongPress: "touch-long-press"
        case .touchLongPressDrag: "touch-long-press-drag"
        case .touchSwipe: "touch-swipe"
        case .touchPinch: "touch-pinch"
        case .touchRotate: "touch-rotate"
        case .edgeSwipe: "edge-swipe"
        }
    }

    /// The direction keyword, if the gesture has one and it is decided.
    public var directionName: String? {
        switch self {
        case .swipe(_, let d): d?.rawValue
        case .pinch(_, let d): d?.rawValue
        case .rotate(_, let d), .touchRotate(_, let d): d?.rawValue
        case .touchSwipe(_, let d): d?.rawValue
        case .touchPinch(_, let d): d?.rawValue
        case .edgeSwipe(let edge, _): edge.rawValue
        case .hold, .longPress, .longPressDrag, .tap, .doubleTap, .touchLongPress, .touchLongPressDrag: nil
        }
    }

    /// The same gesture without its direction (`swipe:3:left` → `swipe:3`).
    public var undirected: GestureName {
        switch self {
        case .swipe(let f, _): .swipe(fingers: f, direction: nil)
        case .pinch(let f, _): .pinch(fingers: f, direction: nil)
        case .rotate(let f, _): .rotate(fingers: f, direction: nil)
        case .touchSwipe(let f, _): .touchSwipe(fingers: f, direction: nil)
        case .touchPinch(let f, _): .touchPinch(fingers: f, direction: nil)
        case .touchRotate(let f, _): .touchRotate(fingers: f, direction: nil)
        case .hold, .longPress, .longPressDrag, .tap, .doubleTap, .touchLongPress, .touchLongPressDrag, .edgeSwipe: self
        }
    }
}

extension GestureName: CustomStringConvertible {
    /// The binding syntax: `swipe:3:left`, `hold:2`.
    public var description: String {
        if case .edgeSwipe(let edge, let fingers) = self {
            return fingers == 1 ? "edge-swipe:\(edge.rawValue)" : "edge-swipe:\(edge.rawValue):\(fingers)"
        }
        var text = "\(kindName):\(fingerCount)"
        if let direction = directionName { text += ":" + direction }
        return text
    }
}

/// Why a gesture name in binding syntax was rejected.
public enum GestureNameError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The part before the first colon is not a gesture kind.
    case unknownKind(String)
    /// The finger count is missing, not a number, or outside 1...10 (swipes and pinches: 2...10).
    case badFingerCount(String)
    /// The direction does not belong to the kind.
    case unknownDirection(String, kind: String, allowed: [String])
    /// More parts than `kind:fingers:direction`, or a direction on a kind that has none.
    case unexpectedPart(String)

    public var description: String {
        switch self {
        case .unknownKind(let k):
            "unknown gesture kind '\(k)' (expected \(GestureName.kindNames.joined(separator: ", ")))" + didYouMean(k, among: GestureName.kindNames)
        case .badFingerCount(let f):
            "bad finger count '\(f)' (expected a number from 1 to 10; swipes, pinches and rotations need 2 or more)"
        case .unknownDirection(let d, let kind, let allowed):
            "unknown \(kind) direction '\(d)' (expected \(allowed.joined(separator: ", ")))" + didYouMean(d, among: allowed)
        case .unexpectedPart(let p):
            "unexpected '\(p)' (expected kind:fingers or kind:fingers:direction)"
        }
    }
}

extension GestureName {
    /// Parses the binding syntax (`swipe:3:left`, `pinch:2`, `hold:1`, ...).
    /// - Throws: ``GestureNameError`` naming the part that is wrong.
    public init(parsing text: String) throws(GestureNameError) {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        let kind = parts[0]
        if kind == "edge-swipe" {
            self = try Self.edgeSwipe(parsing: parts)
            return
        }
        guard parts.count >= 2 else {
            if Self.kindNames.contains(kind) {
                throw .badFingerCount("")
            }
            throw .unknownKind(kind)
        }
        guard let fingers = Int(parts[1]), (1...10).contains(fingers) else { throw .badFingerCount(parts[1]) }
        let direction: String? = parts.count >= 3 ? parts[2] : nil
        if parts.count > 3 { throw .unexpectedPart(parts[3...].joined(separator: ":")) }
        func decode<D: RawRepresentable & CaseIterable>(_: D.Type) throws(GestureNameError) -> D?
        where D.RawValue == String {
            guard let direction else { return nil }
            guard let value = D(rawValue: direction) else {
                throw .unknownDirection(direction, kind: kind, allowed: D.allCases.map(\.rawValue))
            }
            return value
        }
        switch kind {
        case "swipe", "pinch", "rotate", "touch-pinch", "touch-rotate":
            guard fingers >= 2 else { throw .badFingerCount(parts[1]) }
            switch kind {
            case "swipe": self = .swipe(fingers: fingers, direction: try decode(SwipeDirection.self))
            case "pinch": self = .pinch(fingers: fingers, direction: try decode(PinchDirection.self))
            case "touch-pinch": self = .touchPinch(fingers: fingers, direction: try decode(PinchDirection.self))
            case "touch-rotate": self = .touchRotate(fingers: fingers, direction: try decode(RotationDirection.self))
            default: self = .rotate(fingers: fingers, direction: try decode(RotationDirection.self))
            }
        case "touch-swipe":
            self = .touchSwipe(fingers: fingers, direction: try decode(SwipeDirection.self))
        case "hold", "long-press", "long-press-drag", "tap", "double-tap", "touch-long-press", "touch-long-press-drag":
            if let direction { throw .unexpectedPart(direction) }
            switch kind {
            case "hold": self = .hold(fingers: fingers)
            case "long-press": self = .longPress(fingers: fingers)
            case "tap": self = .tap(fingers: fingers)
            case "double-tap": self = .doubleTap(fingers: fingers)
            case "touch-long-press": self = .touchLongPress(fingers: fingers)
            case "touch-long-press-drag": self = .touchLongPressDrag(fingers: fingers)
            default: self = .longPressDrag(fingers: fingers)
            }
        default:
            throw .unknownKind(kind)
        }
    }
}
