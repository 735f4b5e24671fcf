// The `workspace:` action: a swipe switches to the neighbouring workspace. gestod sends it to
// sway over its IPC once the binding fires; inside the compositor (the gesto-wayfire plugin) a
// continuous binding moves the workspaces with the fingers and springs on or back
// (GestoCore's WorkspaceSwipe decides which).

import GestoCore
import GestoYAML

/// Which workspace a swipe goes to, and how far the fingers travel per workspace.
///
/// ```yaml
/// - gesture: swipe:3:left
///   workspace: next                       # next, previous, left, right, up, down
/// - gesture: swipe:3
///   mode: continuous                      # follows the fingers (gesto-wayfire)
///   workspace: {to: right, distance: 300} # units of travel per workspace (default 300)
/// ```
public struct WorkspaceAction: Sendable, Hashable {
    /// The workspace to go to.
    public var direction: WorkspaceDirection
    /// libinput delta units of finger travel per workspace, for a continuous binding's
    /// following and its decision (default ``WorkspaceSwipe/defaultDistance``, niri's 300).
    public var distance: Double

    public init(direction: WorkspaceDirection, distance: Double = WorkspaceSwipe.defaultDistance) {
        self.direction = direction
        self.distance = distance
    }

    /// The keys of a `workspace:` mapping.
    static let keys = ["to", "distance"]

    /// sway's command for it, or nil where sway has none (its workspaces are a list, not a grid).
    public var swayCommand: String? {
        switch direction {
        case .next, .right: "workspace next_on_output"
        case .previous, .left: "workspace prev_on_output"
        case .up, .down: nil
        }
    }
}

extension ConfigDecoder {
    /// Decodes a `workspace:` value (a direction, or a mapping with `to:` and `distance:`);
    /// nil (with errors recorded) if it is wrong.
    mutating func decodeWorkspace(_ node: YAMLNode) -> WorkspaceAction? {
        let names = WorkspaceDirection.allCases.map(\.rawValue)
        func direction(_ value: YAMLNode, _ key: String) -> WorkspaceDirection? {
            guard let text = scalar(value, key) else { return nil }
            let trimmed = text.trimmingSpaces
            if let direction = WorkspaceDirection(rawValue: trimmed) { return direction }
            let message = trimmed.isEmpty ? "'workspace' needs a direction (\(names.joined(separator: ", ")))"
                : "unknown workspace direction '\(text)' (expected \(names.joined(separator: ", ")))" + didYouMean(trimmed, among: names)
            error(message, at: value.location)
            return nil
        }
        switch node {
        case .scalar:
            return direction(node, "workspace").map { WorkspaceAction(direction: $0) }
        case .mapping(let entries, let start):
            var to: WorkspaceDirection?
            var distance = WorkspaceSwipe.defaultDistance
            var ok = true
            for entry in entries {
                switch entry.key {
                case "to":
                    if let given = direction(entry.value, "to") { to = given } else { ok = false }
                case "distance":
                    if let given = number(entry.value, "distance", positive: true, atMost: 1e5, unit: " units") { distance = given } else { ok = false }
                default:
                    unknownKey(entry.key, at: entry.keyLocation, expected: WorkspaceAction.keys)
                    ok = false
                }
            }
            guard ok else { return nil }
            guard let to else {
                error("'workspace' needs 'to:' (\(names.joined(separator: ", "))), e.g. {to: next, distance: 300}", at: start)
                return nil
            }
            return WorkspaceAction(direction: to, distance: distance)
        default:
            error("'workspace' must be a direction (\(names.joined(separator: ", "))) or a mapping {to: …, distance: …}, not \(node.kindDescription)",
                  at: node.location)
            return nil
        }
    }
}
