// libinput-gestures.conf → gesto bindings. The format (libinput-gestures' own parser):
// `gesture[:] ACTION MOTION [FINGERS] COMMAND`, `device NAME`, `swipe_threshold N`,
// `timeout N`; `#` starts a comment only at the start of a line. A gesture without a finger count
// matches any count, and a line with one wins over it for that count. Commands run without a
// shell (`shlex.split`), at the end of the gesture.
import GestoCore
import GestoConfig

enum LibinputGesturesImporter {
    /// A gesture line, parsed.
    struct GestureLine {
        var line: Int
        var kind: Kind
        var fingers: Int?
        var command: String
        var commandColumn: Int
    }

    enum Kind: Hashable {
        case swipe(SwipeDirection)
        case pinch(PinchDirection)
        case rotate(RotationDirection)
        /// `hold on` (delay nil) or `hold on+N` (N seconds).
        case hold(delay: Double?)
    }

    static func read(_ text: String, into recorder: inout ImportRecorder, options: ImportOptions) {
        var gestures: [GestureLine] = []
        for (index, raw) in recorder.lines.enumerated() {
            let number = index + 1
            let fields = Fields(raw)
            guard let keywordField = fields.next(), !keywordField.text.hasPrefix("#") else { continue }
            var keyword = keywordField.text.lowercased()
            if keyword.hasSuffix(":") { keyword.removeLast() }
            switch keyword {
            case "gesture":
                if let gesture = parseGesture(fields, line: number, keywordColumn: keywordField.column, recorder: &recorder) {
                    gestures.append(gesture)
                }
            case "device":
                recorder.skip(line: number, "gestod reads every touchpad; to choose one, run gestod with --device and its event node (/dev/input/eventN)")
            case "swipe_threshold":
                guard let value = fields.next(), let threshold = Double(value.text), threshold >= 0 else {
                    recorder.warn(line: number, column: keywordField.column, "swipe_threshold needs a number of 0 or more")
                    recorder.skip(line: number, "not understood (see the warning)")
                    continue
                }
                if threshold == 0 {
                    let threshold = formatCompact(SwipeSettings().threshold.deltaUnits, maxDecimals: 1)
                    recorder.skip(line: number, "gesto's swipe threshold must be above 0 (gesto's default, \(threshold) units, is kept)")
                } else {
                    // The same unaccelerated libinput units as gesto's swipe threshold.
                    recorder.set("swipe", "threshold", value.text, because: "line \(number): swipe_threshold \(value.text), in the same libinput units")
                }
            case "timeout":
                if let value = fields.next(), Double(value.text) == 0 {
                    recorder.choose("line \(number) `timeout 0`: no time limit on a gesture, which is gesto's behaviour")
                } else {
                    recorder.skip(line: number, "gesto has no maximum gesture duration")
                }
            default:
                recorder.warn(line: number, column: keywordField.column,
                              "unknown keyword '\(keywordField.text)' (expected gesture, device, swipe_threshold or timeout)"
                                + didYouMean(keywordField.text, among: ["gesture", "device", "swipe_threshold", "timeout"]))
                recorder.skip(line: number, "not understood (see the warning)")
            }
        }
        emit(gestures, into: &recorder, options: options)
    }

    /// Parses the fields after `gesture`; nil with a warning for a malformed line.
    private static func parseGesture(_ fields: Fields, line: Int, keywordColumn: Int, recorder: inout ImportRecorder) -> GestureLine? {
        func fail(_ message: String, column: Int) -> GestureLine? {
            recorder.warn(line: line, column: column, message)
            recorder.skip(line: line, "not understood (see the warning)")
            return nil
        }
        guard let action = fields.next() else { return fail("a gesture line needs an action (swipe, pinch, hold), a motion and a command", column: keywordColumn) }
        guard let motion = fields.next() else { return fail("a gesture line needs a motion and a command after '\(action.text)'", column: action.column) }
        guard var rest = fields.rest() else { return fail("the gesture has no command", column: motion.column) }
        var fingers: Int?
        let fingerColumn = rest.column
        if let first = Fields(rest.text).next(), first.text.count == 1, let digit = Int(first.text) {
            fingers = digit
            let after = Fields(rest.text)
            _ = after.next()
            guard let command = after.rest() else { return fail("the gesture has no command after its finger count", column: rest.column) }
            rest = (command.text, rest.column + command.column - 1)
        }
        let kind: Kind
        let motionName = motion.text.lowercased()
        switch action.text.lowercased() {
        case "swipe":
            let directions: [String: SwipeDirection] = [
                "up": .up, "down": .down, "left": .left, "right": .right,
                "left_up": .upLeft, "right_up": .upRight, "left_down": .downLeft, "right_down": .downRight,
            ]
            guard let direction = directions[motionName] else {
                let names = ["up", "down", "left", "right", "left_up", "right_up", "left_down", "right_down"]
                return fail("unknown swipe motion '\(motion.text)' (expected \(names.joined(separator: ", ")))"
                            + didYouMean(motionName, among: names), column: motion.column)
            }
            kind = .swipe(direction)
        case "pinch":
            switch motionName {
            case "in": kind = .pinch(.in)
            case "out": kind = .pinch(.out)
            case "clockwise": kind = .rotate(.clockwise)
            case "anticlockwise": kind = .rotate(.counterclockwise)
            default:
                let names = ["in", "out", "clockwise", "anticlockwise"]
                return fail("unknown pinch motion '\(motion.text)' (expected \(names.joined(separator: ", ")))"
                            + didYouMean(motionName, among: names), column: motion.column)
            }
        case "hold":
            if motionName == "on" {
                kind = .hold(delay: nil)
            } else if motionName.hasPrefix("on+"), let delay = Double(motionName.dropFirst(3)), delay.isFinite, delay > 0 {
                kind = .hold(delay: delay)
            } else {
                return fail("unknown hold motion '\(motion.text)' (expected on, or on+SECONDS)", column: motion.column)
            }
        default:
            return fail("unknown gesture action '\(action.text)' (expected swipe, pinch or hold)"
                        + didYouMean(action.text.lowercased(), among: ["swipe", "pinch", "hold"]), column: action.column)
        }
        if let fingers, !(1...5).contains(fingers) {
            return fail("a finger count of \(fingers): libinput reports 1 to 5 fingers", column: fingerColumn)
        }
        return GestureLine(line: line, kind: kind, fingers: fingers, command: rest.text, commandColumn: rest.column)
    }

    /// Turns the parsed lines into bindings: counts expanded where none is given (a count
    /// given on another line wins), holds with delays as long-press tiers.
    private static func emit(_ gestures: [GestureLine], into recorder: inout ImportRecorder, options: ImportOptions) {
        let translator = CommandTranslator(runsInShell: false, workspaces: options.workspaces,
                                         workspacesAssumed: options.workspacesAssumed, tool: "libinput-gestures")
        let explicit = Set(gestures.compactMap { gesture in gesture.fingers.map { Explicit(kind: gesture.kind, fingers: $0) } })
        // Finger counts with a delayed hold: their holds are tiers of long presses.
        var tiered: Set<Int> = []
        for gesture in gestures {
            guard case .hold(delay: .some) = gesture.kind else { continue }
            for fingers in gesture.fingers.map({ [$0] }) ?? AnyFingerCount.hold { tiered.insert(fingers) }
        }
        for gesture in gestures {
            let counts: [Int]
            if let fingers = gesture.fingers {
                counts = [fingers]
            } else {
                let all: [Int]
                switch gesture.kind {
                case .swipe: all = AnyFingerCount.swipe
                case .pinch, .rotate: all = AnyFingerCount.pinch
                case .hold: all = AnyFingerCount.hold
                }
                counts = all.filter { !explicit.contains(Explicit(kind: gesture.kind, fingers: $0)) }
                if counts.isEmpty {
                    recorder.skip(line: gesture.line, "every finger count it matches has a line of its own, which libinput-gestures prefers")
                    continue
                }
            }
            if case .swipe(let direction) = gesture.kind, direction.rawValue.contains("-") {
                recorder.set("swipe", "diagonals", "true", because: "diagonal swipes are bound (libinput-gestures looks for them only then, in the same 45° sectors)")
            }
            if case .rotate = gesture.kind {
                recorder.set("rotate", "threshold", "15", because: "libinput-gestures counts a rotation past 15°")
            }
            let action = translator.action(for: gesture.command, line: gesture.line, column: gesture.commandColumn, recorder: &recorder)
            for fingers in counts {
                var overrides: [ImportedBinding.Override] = []
                let name: GestureName
                switch gesture.kind {
                case .swipe(let direction): name = .touchpad(.swipe(direction), fingers: fingers)
                case .pinch(let direction): name = .touchpad(.pinch(direction), fingers: fingers)
                case .rotate(let direction): name = .touchpad(.rotate(direction), fingers: fingers)
                case .hold(let delay):
                    if let delay {
                        name = .touchpad(.longPress, fingers: fingers)
                        overrides.append(.init(key: "duration", value: formatCompact(delay, maxDecimals: 3)))
                    } else if tiered.contains(fingers) {
                        // The shortest tier: gesto's default long-press duration, 0.18 s.
                        name = .touchpad(.longPress, fingers: fingers)
                    } else {
                        name = .touchpad(.hold, fingers: fingers)
                    }
                }
                recorder.add(ImportedBinding(gesture: name, action: action, overrides: overrides, source: recorder.source(line: gesture.line)))
            }
        }
        if !tiered.isEmpty {
            recorder.choose("`hold on` and `hold on+N` of one finger count become long-press tiers: a release runs only the longest "
                            + "`duration` reached, as libinput-gestures does (`hold on` is gesto's default long press, 0.18 s)")
        }
    }

    private struct Explicit: Hashable {
        var kind: Kind
        var fingers: Int
    }
}

/// Whitespace-separated fields of a line, each with its 1-based column; ``rest()`` gives the
/// remainder of the line from the next field on, as written.
final class Fields {
    private let characters: [Character]
    private var index = 0

    init<S: StringProtocol>(_ text: S) { characters = Array(text) }

    private func skipBlanks() {
        while index < characters.count, characters[index] == " " || characters[index] == "\t" { index += 1 }
    }

    /// The next field and its column, or nil at the end of the line.
    func next() -> (text: String, column: Int)? {
        skipBlanks()
        guard index < characters.count else { return nil }
        let start = index
        while index < characters.count, characters[index] != " " && characters[index] != "\t" { index += 1 }
        return (String(characters[start..<index]), start + 1)
    }

    /// The rest of the line from the next field, trailing blanks removed, and its column.
    func rest() -> (text: String, column: Int)? {
        skipBlanks()
        guard index < characters.count else { return nil }
        let text = String(characters[index...]).trimmingSpaces
        let column = index + 1
        index = characters.count
        return (text, column)
    }
}
