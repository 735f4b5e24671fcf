// The `window-motion:` action of a continuous swipe or pinch binding: the focused window
// follows the fingers (a swipe moves it, a pinch scales it about its centre) and, on release,
// springs to a snap target chosen by the flick, or for a pinch by the size it was pinched to.

import GestoCore
import GestoYAML

/// How a swipe moves the focused window.
///
/// ```yaml
/// - gesture: swipe:4
///   mode: continuous
///   window-motion:
///     snap: [left, right, maximize, back]   # the default: all four
///     scale: 1                              # pixels per libinput delta unit (default 1)
///   animation: {damping-ratio: 1, stiffness: 800}   # the default spring
/// ```
public struct WindowMotionAction: Sendable, Hashable {
    /// The snap targets a release may choose, in tie-break order.
    public var snaps: [WindowSnap] = WindowSnap.allCases
    /// Pixels per libinput delta unit (1000-dpi normalised units: 1 is about one pixel of a
    /// 96-dpi screen).
    public var scale: Double = 1

    public init(snaps: [WindowSnap] = WindowSnap.allCases, scale: Double = 1) {
        self.snaps = snaps
        self.scale = scale
    }

    /// The keys of a `window-motion:` mapping.
    static let keys = ["snap", "scale"]
}

extension ConfigDecoder {
    /// Decodes a `window-motion:` value (a mapping, or empty for the defaults); nil (with
    /// errors recorded) if it is wrong.
    mutating func decodeWindowMotion(_ node: YAMLNode) -> WindowMotionAction? {
        var action = WindowMotionAction()
        let entries: [(key: String, keyLocation: SourceLocation, value: YAMLNode)]
        switch node {
        case .scalar(let text, _) where text.trimmingSpaces.isEmpty:
            return action
        case .mapping(let items, _):
            entries = items
        default:
            error("'window-motion' must be a mapping (e.g. {snap: [left, right, maximize, back]}), not \(node.kindDescription)", at: node.location)
            return nil
        }
        var ok = true
        for entry in entries {
            switch entry.key {
            case "snap":
                let items: [YAMLNode]
                switch entry.value {
                case .sequence(let list, _): items = list
                case .scalar: items = [entry.value]
                default:
                    error("'snap' must be a list of \(WindowSnap.allCases.map(\.rawValue).joined(separator: ", ")), not \(entry.value.kindDescription)", at: entry.value.location)
                    ok = false
                    continue
                }
                var snaps: [WindowSnap] = []
                for item in items {
                    guard let text = scalar(item, "snap") else { ok = false; continue }
                    guard let snap = WindowSnap(rawValue: text.trimmingSpaces) else {
                        let names = WindowSnap.allCases.map(\.rawValue)
                        error("unknown snap target '\(text)' (expected \(names.joined(separator: ", ")))"
                              + didYouMean(text.trimmingSpaces, among: names), at: item.location)
                        ok = false
                        continue
                    }
                    if !snaps.contains(snap) { snaps.append(snap) }
                }
                if snaps.isEmpty && ok {
                    error("'snap' needs at least one target (\(WindowSnap.allCases.map(\.rawValue).joined(separator: ", ")))", at: entry.value.location)
                    ok = false
                }
                action.snaps = snaps
            case "scale":
                guard let scale = number(entry.value, "scale", positive: true) else { ok = false; continue }
                action.scale = scale
            default:
                unknownKey(entry.key, at: entry.keyLocation, expected: WindowMotionAction.keys)
                ok = false
            }
        }
        return ok ? action : nil
    }
}
