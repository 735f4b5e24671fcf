// What was recognized, named in the binding syntax users write in their config:
// `swipe:3:left`, `pinch:2:out`, `rotate:2:clockwise`, `hold:1`, `long-press:3`, `touch-swipe:2:up`,
// `tap:2`, `edge-swipe:left`. A name is a device, a gesture and a finger count: `touch-swipe` is
// the touchscreen's swipe, not a second kind of gesture (DESIGN.md, "Devices are front ends").

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

/// The name of a recognized gesture, in binding syntax: the device that reported it, the
/// gesture, and the finger count. Only the pairs of ``catalogue`` exist (a hold is a touchpad's,
/// a tap a touchscreen's); the parser rejects any other, and building one in code is a
/// programmer error (trapped in debug builds).
public struct GestureName: Sendable, Hashable {
    /// A gesture, whatever device reported it, with its direction once decided.
    public enum Gesture: Sendable, Hashable {
        /// `swipe:F:DIR`, or `swipe:F` while no direction is decided.
        case swipe(SwipeDirection?)
        /// `pinch:F:in|out`, or `pinch:F` while undecided.
        case pinch(PinchDirection?)
        /// `rotate:F:clockwise|counterclockwise`, or `rotate:F` while undecided.
        case rotate(RotationDirection?)
        /// `hold:F`: fingers resting, as libinput reports it.
        case hold
        /// `long-press:F`: fingers resting for the minimum duration without moving.
        case longPress
        /// `long-press-drag:F`: a long press followed by a drag with the same fingers.
        case longPressDrag
        /// `tap:F`: F fingers down and up, briefly and without moving.
        case tap
        /// `double-tap:F`: two `tap:F` close in time and place.
        case doubleTap
        /// `edge-swipe:EDGE` (one finger) or `edge-swipe:EDGE:F`: from a screen edge, inward.
        case edgeSwipe(ScreenEdge)

        /// The gesture without its direction or edge: its keyword.
        @inlinable public var kind: Kind {
            switch self {
            case .swipe: .swipe
            case .pinch: .pinch
            case .rotate: .rotate
            case .hold: .hold
            case .longPress: .longPress
            case .longPressDrag: .longPressDrag
            case .tap: .tap
            case .doubleTap: .doubleTap
            case .edgeSwipe: .edgeSwipe
            }
        }

        /// Whether the gesture has no direction (an edge swipe's edge counts as one).
        var directionless: Bool {
            switch self {
            case .swipe, .pinch, .rotate, .edgeSwipe: false
            case .hold, .longPress, .longPressDrag, .tap, .doubleTap: true
            }
        }
    }

    /// A gesture without its direction or edge. Its raw value is its keyword without a device's
    /// prefix (`swipe`, `long-press`); ``catalogue`` gives each device's keyword (`touch-swipe`).
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        case swipe, pinch, rotate, hold
        case longPress = "long-press", longPressDrag = "long-press-drag"
        case tap
        case doubleTap = "double-tap"
        case edgeSwipe = "edge-swipe"
    }

    /// The device that reported the gesture. (The three are constants: a name changes only as a
    /// whole, through the initializer that checks its pair.)
    public let device: ContactDevice
    /// The gesture and its direction.
    public let gesture: Gesture
    /// The finger count of the gesture (1...10).
    public let fingerCount: Int

    /// The name of `gesture` made with `fingers` fingers on `device`; the pair must be in
    /// ``catalogue``.
    @inlinable public init(_ gesture: Gesture, fingers: Int, on device: ContactDevice) {
        self.device = device
        self.gesture = gesture
        self.fingerCount = fingers
        assert(Self.entry(gesture.kind, on: device) != nil, "no \(gesture.kind) on a \(device)")
    }

    /// A touchpad's gesture: `.touchpad(.swipe(.left), fingers: 3)` is `swipe:3:left`.
    @inlinable public static func touchpad(_ gesture: Gesture, fingers: Int) -> GestureName {
        GestureName(gesture, fingers: fingers, on: .touchpad)
    }

    /// A touchscreen's gesture: `.touchscreen(.swipe(.left), fingers: 3)` is `touch-swipe:3:left`.
    @inlinable public static func touchscreen(_ gesture: Gesture, fingers: Int) -> GestureName {
        GestureName(gesture, fingers: fingers, on: .touchscreen)
    }
}

extension ContactDevice {
    /// What the binding syntax writes before the keyword of a gesture that more than one device
    /// reports: the one place the `touch-` of `touch-swipe` comes from.
    var keywordPrefix: String {
        switch self {
        case .touchpad: ""
        case .touchscreen: "touch-"
        }
    }
}

extension GestureName {
    /// One row of ``catalogue``: a device, a gesture it reports, and how it is written.
    public struct Entry: Sendable {
        /// The device.
        public let device: ContactDevice
        /// The gesture.
        public let kind: Kind
        /// The fewest fingers the gesture takes on the device (libinput makes no one-finger
        /// swipes, pinches or rotations; a touchscreen swipes with one finger).
        public let minimumFingers: Int
        /// The keyword of the binding syntax (`swipe`, `touch-swipe`, `tap`).
        public let keyword: String
    }

    /// Which gestures each device reports: the one table the keywords, the parser and the checks
    /// of pairs come from, in the order the parser's errors list them. A gesture that more than
    /// one device reports is written with the device's ``ContactDevice/keywordPrefix``
    /// (`touch-swipe`); one that only one device reports is not (`hold`, `tap`, `edge-swipe`).
    public static let catalogue: [Entry] = {
        let rows: [(ContactDevice, Kind, minimumFingers: Int)] = [
            (.touchpad, .swipe, 2), (.touchpad, .pinch, 2), (.touchpad, .rotate, 2), (.touchpad, .hold, 1),
            (.touchpad, .longPress, 1), (.touchpad, .longPressDrag, 1),
            (.touchscreen, .tap, 1), (.touchscreen, .doubleTap, 1), (.touchscreen, .longPress, 1),
            (.touchscreen, .longPressDrag, 1), (.touchscreen, .swipe, 1), (.touchscreen, .pinch, 2),
            (.touchscreen, .rotate, 2), (.touchscreen, .edgeSwipe, 1),
        ]
        return rows.map { device, kind, minimum in
            let isShared = rows.filter { $0.1 == kind }.count > 1
            return Entry(device: device, kind: kind, minimumFingers: minimum,
                         keyword: (isShared ? device.keywordPrefix : "") + kind.rawValue)
        }
    }()

    /// Every keyword of the binding syntax, in ``catalogue``'s order.
    public static let kindNames = catalogue.map(\.keyword)

    /// The row of ``catalogue`` for `kind` on `device`, or nil where the device has no such gesture.
    @usableFromInline static func entry(_ kind: Kind, on device: ContactDevice) -> Entry? {
        catalogue.first { $0.kind == kind && $0.device == device }
    }

    /// The keyword of `kind` on `device` (`swipe`, `touch-swipe`): how diagnostics and traces
    /// name a recognizer.
    public static func keyword(_ kind: Kind, on device: ContactDevice) -> String {
        entry(kind, on: device)?.keyword ?? device.keywordPrefix + kind.rawValue
    }

    /// The row of ``catalogue`` whose keyword is `keyword`.
    static func entry(keyword: String) -> Entry? {
        catalogue.first { $0.keyword == keyword }
    }

    /// The direction of a swipe (nil for any other gesture, or before it has one).
    var swipeDirection: SwipeDirection? {
        if case .swipe(let direction) = gesture { return direction }
        return nil
    }

    /// The direction of a pinch (nil for any other gesture, or before it has one).
    var pinchDirection: PinchDirection? {
        if case .pinch(let direction) = gesture { return direction }
        return nil
    }

    /// The keyword: "swipe", "touch-swipe", "hold", "tap", "edge-swipe".
    public var kindName: String {
        Self.keyword(gesture.kind, on: device)
    }

    /// The direction keyword (an edge swipe's edge), if the gesture has one and it is decided.
    public var directionName: String? {
        switch gesture {
        case .swipe(let d): d?.rawValue
        case .pinch(let d): d?.rawValue
        case .rotate(let d): d?.rawValue
        case .edgeSwipe(let edge): edge.rawValue
        case .hold, .longPress, .longPressDrag, .tap, .doubleTap: nil
        }
    }

    /// The same gesture without its direction (`swipe:3:left` → `swipe:3`); an edge swipe keeps
    /// its edge, which is part of its name.
    public var undirected: GestureName {
        let undirected: Gesture
        switch gesture {
        case .swipe: undirected = .swipe(nil)
        case .pinch: undirected = .pinch(nil)
        case .rotate: undirected = .rotate(nil)
        case .hold, .longPress, .longPressDrag, .tap, .doubleTap, .edgeSwipe: return self
        }
        return GestureName(undirected, fingers: fingerCount, on: device)
    }
}

extension GestureName: CustomStringConvertible {
    /// The binding syntax: `swipe:3:left`, `hold:2`, `touch-pinch:2:in`, `edge-swipe:left`.
    public var description: String {
        if case .edgeSwipe(let edge) = gesture {
            return fingerCount == 1 ? "\(kindName):\(edge.rawValue)" : "\(kindName):\(edge.rawValue):\(fingerCount)"
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
    /// Parses the binding syntax (`swipe:3:left`, `pinch:2`, `hold:1`, `touch-swipe:1:up`, ...):
    /// the keyword names the device and the gesture (``catalogue``).
    /// - Throws: ``GestureNameError`` naming the part that is wrong.
    public init(parsing text: String) throws(GestureNameError) {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        let keyword = parts[0]
        guard let entry = Self.entry(keyword: keyword) else { throw .unknownKind(keyword) }
        if entry.kind == .edgeSwipe {
            self = try Self.edgeSwipe(parsing: parts, on: entry.device)
            return
        }
        guard parts.count >= 2 else { throw .badFingerCount("") }
        guard let fingers = Int(parts[1]), (entry.minimumFingers...10).contains(fingers) else {
            throw .badFingerCount(parts[1])
        }
        if parts.count > 3 { throw .unexpectedPart(parts[3...].joined(separator: ":")) }
        let direction: String? = parts.count >= 3 ? parts[2] : nil
        func decode<D: RawRepresentable & CaseIterable>(_: D.Type) throws(GestureNameError) -> D?
        where D.RawValue == String {
            guard let direction else { return nil }
            guard let value = D(rawValue: direction) else {
                throw .unknownDirection(direction, kind: keyword, allowed: D.allCases.map(\.rawValue))
            }
            return value
        }
        let gesture: Gesture
        switch entry.kind {
        case .swipe: gesture = .swipe(try decode(SwipeDirection.self))
        case .pinch: gesture = .pinch(try decode(PinchDirection.self))
        case .rotate: gesture = .rotate(try decode(RotationDirection.self))
        case .hold: gesture = .hold
        case .longPress: gesture = .longPress
        case .longPressDrag: gesture = .longPressDrag
        case .tap: gesture = .tap
        case .doubleTap: gesture = .doubleTap
        case .edgeSwipe: preconditionFailure("edge swipes are parsed above: their second part is the edge")
        }
        if let direction, gesture.directionless { throw .unexpectedPart(direction) }
        self.init(gesture, fingers: fingers, on: entry.device)
    }
}
