// The `reorder:` action of a long-press-drag binding: the touchpad drag moves an item along a
// row or column of slots (iOS drag-to-reorder), and shell commands run for each slot crossed,
// on drop, and in reverse on cancel (e.g. `swaymsg move left` to move a window).

import GestoCore
import GestoYAML

/// How a long-press-drag reorders, and what runs when it does.
///
/// ```yaml
/// - gesture: long-press-drag:3
///   reorder:
///     slot: 120                    # delta units of drag per slot (about 12 mm)
///     items: 5                     # how many slots (default 10)
///     start: 2                     # the slot of the item the press lifts (default 0)
///     arrangement: row             # or column
///     step-left: swaymsg move left
///     step-right: swaymsg move right
///     drop: notify-send "moved"
/// ```
public struct ReorderAction: Sendable, Hashable {
    /// How the slots are laid out.
    public enum Arrangement: String, Sendable, Hashable, CaseIterable {
        /// Left to right: moves run `step-left`/`step-right`.
        case row
        /// Top to bottom: moves run `step-up`/`step-down`.
        case column
    }

    /// Drag distance per slot, in libinput delta units.
    public var slot: Double
    /// Number of slots.
    public var items: Int = 10
    /// Slot of the item the long press lifts.
    public var start: Int = 0
    public var arrangement: Arrangement = .row
    /// Shell commands per direction of a one-slot move (run through `/bin/sh -c`).
    public var stepLeft: String?
    public var stepRight: String?
    public var stepUp: String?
    public var stepDown: String?
    /// Shell command run when the item is dropped (the gesture ended).
    public var drop: String?

    public init(slot: Double) { self.slot = slot }

    /// The command for a move from slot `from` to slot `to` (one slot apart), if configured.
    public func stepCommand(from: Int, to: Int) -> String? {
        switch (arrangement, to > from) {
        case (.row, true): stepRight
        case (.row, false): stepLeft
        case (.column, true): stepDown
        case (.column, false): stepUp
        }
    }

    /// The keys of a `reorder:` mapping.
    static let keys = ["slot", "items", "start", "arrangement", "step-left", "step-right", "step-up", "step-down", "drop"]
}

extension ConfigDecoder {
    /// Decodes a `reorder:` mapping; nil (with errors recorded) if it is wrong.
    mutating func decodeReorder(_ node: YAMLNode) -> ReorderAction? {
        guard case .mapping(let entries, let start) = node else {
            error("'reorder' must be a mapping with at least 'slot' (drag units per slot), not \(node.kindDescription)", at: node.location)
            return nil
        }
        guard let slotEntry = entries.first(where: { $0.key == "slot" }) else {
            error("'reorder' needs 'slot': the drag distance per slot in libinput units (e.g. 120)", at: start)
            return nil
        }
        guard let slot = number(slotEntry.value, "slot", positive: true) else { return nil }
        var action = ReorderAction(slot: slot)
        var ok = true
        for entry in entries {
            switch entry.key {
            case "slot":
                continue
            case "items", "start":
                guard let value = number(entry.value, entry.key, positive: entry.key == "items") else { ok = false; continue }
                guard value == value.rounded(), value <= 10_000 else {
                    error("'\(entry.key)' must be a whole number up to 10000, not \(formatCompact(value))", at: entry.value.location)
                    ok = false
                    continue
                }
                if entry.key == "items" { action.items = Int(value) } else { action.start = Int(value) }
            case "arrangement":
                guard let text = scalar(entry.value, "arrangement") else { ok = false; continue }
                guard let arrangement = ReorderAction.Arrangement(rawValue: text) else {
                    let names = ReorderAction.Arrangement.allCases.map(\.rawValue)
                    error("unknown arrangement '\(text)' (expected \(names.joined(separator: ", ")))" + didYouMean(text, among: names), at: entry.value.location)
                    ok = false
                    continue
                }
                action.arrangement = arrangement
            case "step-left", "step-right", "step-up", "step-down", "drop":
                guard let command = scalar(entry.value, entry.key), !command.trimmingSpaces.isEmpty else {
                    error("'\(entry.key)' needs a command to run", at: entry.value.location)
                    ok = false
                    continue
                }
                switch entry.key {
                case "step-left": action.stepLeft = command
                case "step-right": action.stepRight = command
                case "step-up": action.stepUp = command
                case "step-down": action.stepDown = command
                default: action.drop = command
                }
            default:
                unknownKey(entry.key, at: entry.keyLocation, expected: ReorderAction.keys)
                ok = false
            }
        }
        if action.start >= action.items {
            error("'start' (\(action.start)) must be a slot below 'items' (\(action.items))", at: start)
            ok = false
        }
        return ok ? action : nil
    }
}
