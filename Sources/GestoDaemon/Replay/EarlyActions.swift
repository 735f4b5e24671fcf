// Early actions beside their gesture's outcome: what `gestoctl replay --early-actions` prints
// and scripts/early-actions counts, so a user can tune the `commit-*` settings on their own
// recordings. An early action is an `on-threshold` or `on-begin` firing before the gesture
// ended; the lift then confirms it (the gesture ended recognized with that name: what an
// `on-end` binding with the same settings runs) or contradicts it (it ended otherwise, failed,
// or libinput cancelled it). A file that ends mid-gesture leaves it undecided.
import GestoCore
import GestoConfig
import GestoSystem

/// One early action and the verdict its gesture's outcome gives it.
public struct EarlyAction: Sendable {
    /// What the outcome says of the early action.
    public enum Verdict: String, Sendable {
        /// The gesture ended recognized with the early action's name.
        case confirmed
        /// The gesture ended otherwise: another name, failed, or cancelled by libinput.
        case contradicted
        /// The input ended before the gesture did.
        case undecided
    }

    /// The binding that fired (its index in the config).
    public var bindingIndex: Int
    /// The action, as `gestoctl replay` prints it.
    public var action: String
    /// The gesture the early action fired for, and when.
    public var gesture: GestureName
    public var time: Timestamp
    /// Seconds from the gesture's BEGIN (or its first UPDATE, when the input has no BEGIN).
    public var latency: Double
    /// The gesture's final report: its name, phase and time (nil until it comes).
    public var outcome: GestureName?
    public var outcomePhase: RecognizerPhase?
    public var outcomeTime: Timestamp?

    /// The verdict of the outcome.
    public var verdict: Verdict {
        switch outcomePhase {
        case nil, .cancelled(.endOfInput)?: .undecided
        case .ended?: outcome == gesture ? .confirmed : .contradicted
        case .failed?, .cancelled?, .arming?, .began?, .changed?: .contradicted
        }
    }
}

/// Collects the early actions of one device's replay (a touchpad's or a touchscreen's) and
/// pairs each with its outcome.
///
/// Feed every gesture event with ``note(_:)-event`` and every touch event with
/// ``note(touch:)`` before the pipeline handles it, and every line the pipeline emits (printed
/// or not) with ``note(_:)-line``. A touchpad gesture's latency counts from its BEGIN; a
/// touchscreen gesture's from the first finger down of its stroke (libinput sends no BEGIN
/// for touches: the finger landing is when the person started the gesture).
public struct EarlyActionLedger: Sendable {
    /// The early actions, in firing order; the outcome is filled in when the gesture ends.
    public private(set) var actions: [EarlyAction] = []
    private let modes: [FireMode]
    /// When the gesture in progress of each event kind and finger count began.
    private var starts: [Int: Timestamp] = [:]
    /// The touchscreen's fingers down (slots), and when the first of the current stroke landed.
    private var touchesDown: Set<Int32> = []
    private var touchStart: Timestamp?
    /// Indices into ``actions`` waiting for their gesture's final report, with the group and
    /// ``BindingMatcher/kindKey(_:)`` of that gesture.
    private var pending: [(index: Int, group: Int, key: Int)] = []

    /// Makes a ledger for the bindings of `config`.
    public init(config: Config) {
        modes = config.bindings.map(\.mode)
    }

    private static func startKey(_ kind: GestureKind, _ fingers: Int) -> Int {
        let code: Int = switch kind {
        case .swipe: 0
        case .pinch: 1
        case .hold: 2
        }
        return code &+ (fingers &<< 2)
    }

    /// Notes an input event: a BEGIN (or an UPDATE with nothing begun) starts its gesture.
    public mutating func note(_ event: GestureEvent) {
        let key = Self.startKey(event.kind, event.fingerCount)
        switch event.phase {
        case .begin: starts[key] = event.time
        case .update: if starts[key] == nil { starts[key] = event.time }
        case .end: starts[key] = nil
        }
    }

    /// Notes a touch event: the first finger down starts a stroke, whose gestures' latencies
    /// count from it.
    public mutating func note(touch event: TouchEvent) {
        switch event.kind {
        case .down:
            if touchesDown.isEmpty { touchStart = event.time }
            touchesDown.insert(event.slot)
        case .up: touchesDown.remove(event.slot)
        case .cancel: touchesDown.removeAll()
        case .motion, .frame: break
        }
    }

    /// Notes a line of the pipeline: its early firings, and the outcome of a final report.
    public mutating func note(_ line: ReplayLine) {
        for firing in line.firings where !firing.gesture.phase.isFinal && firing.gesture.phase != .arming {
            switch modes[firing.bindingIndex] {
            case .onThreshold, .onBegin: break
            case .onEnd, .continuous, .repeat: continue
            }
            let name = firing.gesture.name
            let begun: Timestamp
            switch name.device {
            case .touchscreen:
                begun = touchStart.flatMap { $0 <= firing.gesture.time ? $0 : nil } ?? firing.gesture.time
            case .touchpad:
                // A swipe of three or more fingers may come as pinch events (PinchSwipeRecognizer).
                begun = [starts[Self.startKey(name.isPinchLike ? .pinch : .swipe, name.fingerCount)],
                         name.isPinchLike ? nil : starts[Self.startKey(.pinch, name.fingerCount)]]
                    .compactMap { $0 }.filter { $0 <= firing.gesture.time }.max() ?? firing.gesture.time
            }
            actions.append(EarlyAction(bindingIndex: firing.bindingIndex, action: firing.action.summary, gesture: name,
                                       time: firing.gesture.time, latency: firing.gesture.time.seconds(since: begun)))
            pending.append((actions.count - 1, line.group, BindingMatcher.kindKey(name)))
        }
        guard line.reportPhase.isFinal else { return }
        let key = BindingMatcher.kindKey(line.reportName)
        pending.removeAll { waiting in
            guard waiting.group == line.group && waiting.key == key else { return false }
            actions[waiting.index].outcome = line.reportName
            actions[waiting.index].outcomePhase = line.reportPhase
            actions[waiting.index].outcomeTime = line.gesture.time
            return true
        }
    }

    /// How many early actions have each verdict.
    public var counts: (confirmed: Int, contradicted: Int, undecided: Int) {
        var counts = (confirmed: 0, contradicted: 0, undecided: 0)
        for action in actions {
            switch action.verdict {
            case .confirmed: counts.confirmed += 1
            case .contradicted: counts.contradicted += 1
            case .undecided: counts.undecided += 1
            }
        }
        return counts
    }
}

extension GestureName {
    /// Pinches and rotations: the kinds libinput reports as pinch events.
    var isPinchLike: Bool {
        switch gesture {
        case .pinch, .rotate: true
        case .swipe, .hold, .longPress, .longPressDrag, .tap, .doubleTap, .edgeSwipe: false
        }
    }
}

extension EarlyAction {
    /// The `--early-actions --json` line: `{"early": "swipe:3:right", "time": 0.171, "latency":
    /// 0.09, "action": "exec: …", "outcome": "swipe:3:down", "outcome_phase": "ended",
    /// "outcome_time": 1.334, "verdict": "contradicted"}` (seconds; outcome fields null while
    /// undecided).
    public var json: String {
        var object = JSONObjectWriter()
        object.add("early", gesture.description)
        object.add("time", time.seconds, decimals: 6)
        object.add("latency", latency, decimals: 6)
        object.add("action", action)
        object.add("outcome", outcome?.description)
        object.add("outcome_phase", outcomePhase?.name)
        if let outcomeTime { object.add("outcome_time", outcomeTime.seconds, decimals: 6) } else { object.addRaw("outcome_time", "null") }
        object.add("verdict", verdict.rawValue)
        return object.json
    }

    /// The human line: `    0.171  swipe:3:right   +90 ms  → exec: true   outcome 1.334 swipe:3:down ended: contradicted`.
    public var text: String {
        let time = formatFixed(self.time.seconds, decimals: 3)
        var line = String(repeating: " ", count: max(0, 9 - time.count)) + time + "  " + gesture.description
        line += String(repeating: " ", count: max(1, 23 - gesture.description.count))
        line += "+" + formatFixed(latency * 1000, decimals: 0) + " ms after BEGIN  → " + action + "   outcome "
        if let outcome, let outcomePhase, let outcomeTime {
            line += formatFixed(outcomeTime.seconds, decimals: 3) + " " + outcome.description + " " + outcomePhase.name
            if let reason = outcomePhase.cancellationReasonName { line += " (" + reason + ")" }
        } else {
            line += "none yet"
        }
        return line + ": " + verdict.rawValue
    }
}

extension RecognizerPhase {
    var cancellationReasonName: String? {
        if case .cancelled(let reason) = self { return reason.rawValue }
        return nil
    }
}

extension GestureCommitment {
    /// The `--phases` line: `    0.112  swipe:3 committed right at 0.112 s: travel 96, velocity
    /// 1,240 units/s, projected 180` (a pinch or rotation gives its scale, angle and dominance; a
    /// touch swipe its travel in the touchscreen's mm or %, `edge-swipe:left:1 committed inward
    /// at …` for an edge swipe).
    public var text: String {
        let seconds = formatFixed(time.seconds, decimals: 3)
        var line = String(repeating: " ", count: max(0, 9 - seconds.count)) + seconds + "  "
        if case .edgeSwipe = name.gesture {
            line += name.description + " committed inward at " + seconds + " s: "
        } else {
            line += name.undirected.description + " committed " + (name.directionName ?? "") + " at " + seconds + " s: "
        }
        switch name.gesture {
        case .swipe where name.device == .touchpad:
            line += "travel \(grouped(travel)), velocity \(grouped(speed)) units/s, projected \(grouped(projected))"
        case .swipe, .edgeSwipe:
            line += "travel \(formatFixed(travel, decimals: 1)), velocity \(formatFixed(speed, decimals: 0))/s, "
                + "projected \(formatFixed(projected, decimals: 1)) (mm, or % of the screen)"
        case .pinch:
            line += "scale \(formatFixed(scale, decimals: 2)), angle \(signedDegrees(angle)), scale over turn \(ratio(dominance))"
        case .rotate:
            line += "angle \(signedDegrees(angle)), scale \(formatFixed(scale, decimals: 2)), turn over scale \(ratio(dominance))"
        case .hold, .longPress, .longPressDrag, .tap, .doubleTap:
            break  // Kinds that do not commit (CommitmentTracker.isTracked).
        }
        return line
    }

    /// The `--phases --json` line: `{"time": 0.112, "commitment": "swipe:3:right", "travel": 96,
    /// "velocity": 1240, "projected": 180}`, or for a pinch or rotation `"scale"`, `"angle"` and
    /// `"dominance"` (null when the other motion was nil). Units as in the report lines (a touch
    /// swipe's travel in the touchscreen's mm or %).
    public var json: String {
        var object = JSONObjectWriter()
        object.add("time", time.seconds, decimals: 6)
        object.add("commitment", name.description)
        switch name.gesture {
        case .swipe, .edgeSwipe:
            object.add("travel", travel, decimals: 2)
            object.add("velocity", speed, decimals: 1)
            object.add("projected", projected, decimals: 2)
        case .pinch, .rotate:
            object.add("scale", scale, decimals: 4)
            object.add("angle", angle, decimals: 2)
            if dominance.isFinite { object.add("dominance", dominance, decimals: 2) } else { object.addRaw("dominance", "null") }
        case .hold, .longPress, .longPressDrag, .tap, .doubleTap:
            break  // Kinds that do not commit (CommitmentTracker.isTracked).
        }
        return object.json
    }

    private func grouped(_ value: Double) -> String {
        guard value.isFinite, abs(value) < 1e15 else { return formatFixed(value, decimals: 0) }
        let rounded = Int(value.rounded())
        var digits = String(abs(rounded))
        var result = ""
        while digits.count > 3 {
            result = "," + String(digits.suffix(3)) + result
            digits.removeLast(3)
        }
        return (rounded < 0 ? "-" : "") + digits + result
    }

    private func signedDegrees(_ value: Double) -> String {
        (value >= 0 ? "+" : "") + formatFixed(value, decimals: 1) + "°"
    }

    private func ratio(_ value: Double) -> String {
        value.isFinite ? formatFixed(value, decimals: 1) : "unbounded (no other motion)"
    }
}
