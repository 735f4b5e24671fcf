// The screen edges of edge swipes, and their binding syntax `edge-swipe:EDGE[:F]`, whose second
// part is the edge rather than the finger count (as hyprgrass's `edge:r:l` and lisgd's edge swipes).

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
    /// Parses `edge-swipe:EDGE` (one finger) or `edge-swipe:EDGE:F`, split at the colons, as
    /// `device`'s edge swipe.
    static func edgeSwipe(parsing parts: [String], on device: ContactDevice) throws(GestureNameError) -> GestureName {
        let keyword = parts[0]
        guard parts.count >= 2 else {
            throw .unknownDirection("", kind: keyword, allowed: ScreenEdge.allCases.map(\.rawValue))
        }
        guard let edge = ScreenEdge(rawValue: parts[1]) else {
            throw .unknownDirection(parts[1], kind: keyword, allowed: ScreenEdge.allCases.map(\.rawValue))
        }
        if parts.count > 3 { throw .unexpectedPart(parts[3...].joined(separator: ":")) }
        var fingers = 1
        if parts.count == 3 {
            guard let count = Int(parts[2]), (1...10).contains(count) else { throw .badFingerCount(parts[2]) }
            fingers = count
        }
        return GestureName(.edgeSwipe(edge), fingers: fingers, on: device)
    }
}
