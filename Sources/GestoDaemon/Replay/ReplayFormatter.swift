// How `gestoctl replay` prints a line: one JSON object per line with `--json` (the contract
// scripts and tests rely on), or an aligned human-readable line.
import GestoCore
import GestoConfig
import GestoSystem

extension ReplayLine {
    /// The `--json` line: `{"time": 110.066, "gesture": "pinch:2:out", "phase": "cancelled",
    /// "reason": "end of input", "fingers": 2, "translation": [dx, dy], "velocity": [vx, vy],
    /// "scale": 1.28, "angle": 3.8, "progress": 0.9, "actions": [], "action": null}` (plus
    /// `"reorder": {"from": I, "to": J}` on a reorder move). The gesture, phase and progress are
    /// the firing's when the report fired a binding (progress against that binding's threshold;
    /// firings that saw the report in another phase are lines of their own: ``ReplayLine``);
    /// `actions` lists every action fired, `action` repeats the first. Units: seconds, delta units, delta units per second, degrees.
    public var json: String { jsonObject.json }

    /// ``json`` as an object still open for more members (the monitor's event puts its own first).
    public var jsonObject: JSONObjectWriter {
        var object = JSONObjectWriter()
        object.add("time", gesture.time.seconds, decimals: 6)
        object.add("gesture", gesture.name.description)
        object.add("phase", gesture.phase.name)
        object.add("reason", gesture.reason)
        object.add("fingers", gesture.name.fingerCount)
        object.add("translation", gesture.translation)
        object.add("velocity", gesture.velocity, decimals: 1)
        object.add("scale", gesture.scale, decimals: 4)
        object.add("angle", gesture.angle, decimals: 2)
        object.add("progress", gesture.progress, decimals: 3)
        if let move = gesture.reorder {
            var reorder = JSONObjectWriter()
            reorder.add("from", move.from)
            reorder.add("to", move.to)
            object.addRaw("reorder", reorder.json)
        }
        // Every action the report fired; "action" (the first, or null) stays for scripts
        // written before "actions" existed.
        object.add("actions", actions.map(\.summary))
        object.add("action", actions.first?.summary)
        return object
    }

    /// The human line: `   1.334  swipe:3:down         ended      (+310, +373) units   → exec: …`.
    public var text: String {
        var phase = gesture.phase.name
        if let reason = gesture.reason { phase += " (\(reason))" }
        var details: String
        switch gesture.name.gesture {
        case .swipe, .longPressDrag, .edgeSwipe:
            switch gesture.name.device {
            case .touchpad:
                details = "moved \(signed(gesture.translation.x))/\(signed(gesture.translation.y)) units"
                if gesture.velocity != .zero {
                    details += ", \(signed(gesture.velocity.x))/\(signed(gesture.velocity.y)) units/s"
                }
            case .touchscreen:
                // Touchscreen distances: mm where the device reports a resolution, else % of the screen.
                details = "moved \(signed(gesture.translation.x, decimals: 1))/\(signed(gesture.translation.y, decimals: 1))"
            }
        case .pinch:
            details = "scale \(formatFixed(gesture.scale, decimals: 2))"
        case .rotate:
            details = "angle \(gesture.angle >= 0 ? "+" : "")\(formatFixed(gesture.angle, decimals: 1))°"
        case .hold, .longPress, .tap, .doubleTap:
            details = ""
        }
        if let move = gesture.reorder { details += (details.isEmpty ? "" : ", ") + "move \(move.from) → \(move.to)" }
        var line = pad(formatFixed(gesture.time.seconds, decimals: 3), 9, left: true) + "  "
            + pad(gesture.name.description, 22) + pad(phase, 26) + details
        for action in actions { line += "  → " + action.summary }
        while line.hasSuffix(" ") { line.removeLast() }
        return line
    }

    private func signed(_ value: Double, decimals: Int = 0) -> String {
        (value >= 0 ? "+" : "") + formatFixed(value, decimals: decimals)
    }

    private func pad(_ text: String, _ width: Int, left: Bool = false) -> String {
        let fill = String(repeating: " ", count: max(0, width - text.count))
        return left ? fill + text : text + " " + fill
    }
}

extension RecognizerDiagnostic {
    /// The `--phases --json` line: `{"time": 1.234, "diagnostic": "GESTURE_SWIPE_END",
    /// "recognizer": "swipe[3fg]", "state": "idle", "blame": "input", "outcome": "ignored: …"}`.
    public var json: String {
        var object = JSONObjectWriter()
        object.add("time", time.seconds, decimals: 6)
        object.add("diagnostic", event)
        object.add("recognizer", recognizer)
        object.add("state", state)
        object.add("blame", blame.rawValue)
        object.add("outcome", outcome)
        return object.json
    }

    /// The `--phases` line: `   1.234  ! swipe[3fg]: GESTURE_SWIPE_END in state idle (input bug): ignored …`.
    public var text: String {
        let time = formatFixed(self.time.seconds, decimals: 3)
        return String(repeating: " ", count: max(0, 9 - time.count)) + time + "  ! " + recognizer + ": " + event
            + " in state " + state + " (" + blame.rawValue + " bug): " + outcome
    }
}

extension TouchDiagnostic {
    /// The `--phases --json` line of a repaired touch input: `{"time": 1.234, "diagnostic":
    /// "TOUCH_DOWN", "slot": 3, "blame": "input", "outcome": "…"}`.
    public var json: String {
        var object = JSONObjectWriter()
        object.add("time", time.seconds, decimals: 6)
        object.add("diagnostic", event)
        object.add("slot", Int(slot))
        object.add("blame", "input")
        object.add("outcome", outcome)
        return object.json
    }
}
