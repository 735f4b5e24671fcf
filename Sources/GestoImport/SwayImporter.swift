// sway's `bindgesture` → gesto bindings (sway(5): `bindgesture [--exact] [--input-device=D]
// [--no-warn] TYPE[:FINGERS][:DIRECTIONS] COMMAND`, also as a `bindgesture { … }` block).
// sway runs the command when the gesture ends, as gesto's on-end does; a sway command becomes
// `sway:` (sent over the same IPC), `exec wtype …` typing one combination becomes `keys:`, and
// any other `exec CMD` becomes gesto's `exec:`. Everything else in a sway config is sway's own
// business and is read only for `set $var` (also in a `set { … }` block) and blocks.
import GestoCore
import GestoConfig

enum SwayImporter {
    struct GestureLine {
        var line: Int
        var type: String
        var fingers: Int?
        var gesture: (Int) -> GestureName
        var key: String
        var command: String
        var commandColumn: Int
    }

    /// How deeply includes may nest (sway's own configs nest one or two levels).
    static let maximumIncludeDepth = 8

    static func read(_ text: String, into recorder: inout ImportRecorder, options: ImportOptions) {
        var variables: [(name: String, value: String)] = []
        var visited: Set<String> = [recorder.result.file, options.canonicalPath ?? recorder.result.file]
        readLines(into: &recorder, options: options, variables: &variables, depth: 0, visited: &visited)
    }

    /// Reads the recorder's lines with the variables set so far (sway reads a config and its
    /// includes in order, so an included file sees the `set`s above its include).
    private static func readLines(into recorder: inout ImportRecorder, options: ImportOptions,
                                  variables: inout [(name: String, value: String)], depth: Int, visited: inout Set<String>) {
        // Open blocks: the words before `{` ("bindgesture --exact", "mode \"resize\"", "input …").
        var blocks: [String] = []
        var gestures: [GestureLine] = []
        var index = 0
        let lines = recorder.lines
        while index < lines.count {
            let number = index + 1
            var line = String(lines[index]).trimmingSpaces
            index += 1
            // A backslash at the end continues the line.
            while line.hasSuffix("\\"), index < lines.count {
                line = String(line.dropLast()) + " " + String(lines[index]).trimmingSpaces
                index += 1
            }
            let indentation = lines[number - 1].prefix { $0 == " " || $0 == "\t" }.count
            if line.isEmpty || line.hasPrefix("#") { continue }
            if line == "}" || line.hasPrefix("} ") { _ = blocks.popLast(); continue }
            if line.hasSuffix("{") {
                blocks.append(String(line.dropLast()).trimmingSpaces)
                continue
            }
            let fields = Fields(line)
            guard let first = fields.next() else { continue }
            // Inside a `set { … }` block each line is `$name value` (sway applies a block's
            // words before every line in it).
            if blocks.last == "set" {
                if first.text.hasPrefix("$"), let value = fields.rest() { define(first.text, value.text, in: &variables) }
                continue
            }
            // Inside a bindgesture block each line is `[flags] GESTURE COMMAND`.
            if let block = blocks.last, block.hasPrefix("bindgesture") {
                let flags = Fields(block)
                _ = flags.next()
                var flagWords: [(String, Int)] = []
                while let flag = flags.next() { flagWords.append((flag.text, indentation + 1)) }
                parseBinding(Fields(line), flags: flagWords, line: number, indentation: indentation, inMode: modeName(blocks),
                             variables: variables, into: &gestures, recorder: &recorder)
                continue
            }
            switch first.text {
            case "set":
                if let name = fields.next(), name.text.hasPrefix("$"), let value = fields.rest() {
                    define(name.text, value.text, in: &variables)
                }
            case "bindgesture":
                parseBinding(fields, flags: [], line: number, indentation: indentation, inMode: modeName(blocks),
                             variables: variables, into: &gestures, recorder: &recorder)
            case "unbindgesture":
                recorder.skip(line: number, "removes a binding made earlier (by an included file); leave the binding out instead")
            case "include":
                guard let reader = options.readIncluded, let pattern = fields.rest() else {
                    recorder.skip(line: number, "an include this import does not follow: import the included file too (`gestoctl import sway FILE`)")
                    continue
                }
                var path = pattern.text
                for variable in variables { path = path.replacingAll(variable.name, with: variable.value) }
                if path.count >= 2, let quote = path.first, quote == "\"" || quote == "'", path.last == quote { path = String(path.dropFirst().dropLast()) }
                let files = reader(path, recorder.result.file)
                if files.isEmpty {
                    recorder.warn(line: number, column: indentation + pattern.column, "include \(path): no file matches (sway skips it too)")
                }
                for file in files {
                    guard depth < maximumIncludeDepth, !visited.contains(file.path) else {
                        recorder.warn(line: number, column: indentation + pattern.column,
                                      "include \(file.path): already read, or included \(maximumIncludeDepth) levels deep: not read again")
                        continue
                    }
                    visited.insert(file.path)
                    var included = ImportRecorder(format: .sway, file: file.path, text: file.text)
                    readLines(into: &included, options: options, variables: &variables, depth: depth + 1, visited: &visited)
                    recorder.merge(&included)
                }
            default:
                continue
            }
        }
        emit(gestures, into: &recorder, options: options)
    }

    /// Records `set $name value`; the longest names are substituted first, so `$mod2` is not
    /// read as `$mod` and a 2.
    private static func define(_ name: String, _ value: String, in variables: inout [(name: String, value: String)]) {
        variables.append((name, value))
        variables.sort { $0.name.count > $1.name.count }
    }

    private static func modeName(_ blocks: [String]) -> String? {
        blocks.first { $0.hasPrefix("mode") }.map { String($0.dropFirst(4)).trimmingSpaces }
    }

    /// Parses `[--flags] GESTURE COMMAND` from `fields`.
    private static func parseBinding(_ fields: Fields, flags blockFlags: [(String, Int)], line: Int, indentation: Int, inMode mode: String?,
                                     variables: [(name: String, value: String)], into gestures: inout [GestureLine],
                                     recorder: inout ImportRecorder) {
        var flags = blockFlags
        var spec: (text: String, column: Int)?
        while let field = fields.next() {
            if field.text.hasPrefix("--") { flags.append((field.text, indentation + field.column)); continue }
            spec = (field.text, indentation + field.column)
            break
        }
        guard let spec else {
            recorder.warn(line: line, column: indentation + 1, "bindgesture needs a gesture (e.g. swipe:3:right) and a command")
            recorder.skip(line: line, "not understood (see the warning)")
            return
        }
        guard var command = fields.rest() else {
            recorder.warn(line: line, column: spec.column, "bindgesture \(spec.text) has no command")
            recorder.skip(line: line, "not understood (see the warning)")
            return
        }
        command.column += indentation
        if let mode {
            recorder.skip(line: line, "bound only in sway's mode \(mode); gesto's bindings hold in every mode")
            return
        }
        for (flag, column) in flags {
            switch flag {
            case "--no-warn": break
            case "--exact":
                recorder.warn(line: line, column: column, "--exact: gesto gives every swipe one direction (its main axis, or a diagonal with diagonals on), so the flag has no counterpart")
            default:
                if flag.hasPrefix("--input-device") {
                    recorder.warn(line: line, column: column, "\(flag): gesto binds gestures on every touchpad gestod reads")
                } else {
                    recorder.warn(line: line, column: column, "unknown bindgesture flag '\(flag)' (expected --exact, --input-device=NAME, --no-warn): ignored")
                }
            }
        }
        var text = command.text
        for variable in variables { text = text.replacingAll(variable.name, with: variable.value) }
        if text.contains("${") {
            recorder.warn(line: line, column: command.column, "'${…}' looks like an interpolation of the file this text was taken from (Nix?): replace it with its value")
        }
        let parts = spec.text.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        let type = parts[0]
        var fingers: Int?
        var directionText: String?
        if parts.count >= 2 {
            if let count = Int(parts[1]) { fingers = count; directionText = parts.count >= 3 ? parts[2] : nil } else { directionText = parts[1] }
        }
        func fail(_ message: String) {
            recorder.warn(line: line, column: spec.column, message)
            recorder.skip(line: line, "not understood (see the warning)")
        }
        if let fingers, !(1...5).contains(fingers) { return fail("a finger count of \(fingers): libinput reports 1 to 5 fingers") }
        let directions = directionText.map { $0.split(separator: "+").map(String.init) } ?? []
        let gesture: (Int) -> GestureName
        switch type {
        case "swipe":
            let known: [String: SwipeDirection] = ["up": .up, "down": .down, "left": .left, "right": .right]
            guard directions.allSatisfy({ known[$0] != nil }) else { return fail("unknown swipe direction in '\(spec.text)' (expected up, down, left, right)") }
            let chosen = directions.compactMap { known[$0] }
            switch chosen.count {
            case 0: gesture = { .touchpad(.swipe(nil), fingers: $0) }
            case 1: gesture = { [direction = chosen[0]] in .touchpad(.swipe(direction), fingers: $0) }
            default:
                let set = Set(chosen)
                let diagonal: SwipeDirection? = set == [.up, .left] ? .upLeft : set == [.up, .right] ? .upRight
                    : set == [.down, .left] ? .downLeft : set == [.down, .right] ? .downRight : nil
                guard let diagonal, chosen.count == 2 else {
                    recorder.skip(line: line, "a swipe in opposite directions at once: gesto gives a swipe one direction")
                    return
                }
                recorder.set("swipe", "diagonals", "true", because: "a diagonal (two directions in sway) is bound")
                gesture = { .touchpad(.swipe(diagonal), fingers: $0) }
            }
        case "pinch":
            let known = ["inward", "outward", "clockwise", "counterclockwise"]
            guard directions.allSatisfy({ known.contains($0) }) else { return fail("unknown pinch direction in '\(spec.text)' (expected inward, outward, clockwise, counterclockwise)") }
            guard directions.count <= 1 else {
                recorder.skip(line: line, "a pinch in two directions at once (\(directionText ?? "")): a gesto binding has one")
                return
            }
            switch directions.first {
            case nil: gesture = { .touchpad(.pinch(nil), fingers: $0) }
            case "inward": gesture = { .touchpad(.pinch(.in), fingers: $0) }
            case "outward": gesture = { .touchpad(.pinch(.out), fingers: $0) }
            case "clockwise": gesture = { .touchpad(.rotate(.clockwise), fingers: $0) }
            default: gesture = { .touchpad(.rotate(.counterclockwise), fingers: $0) }
            }
            if directions.first == "inward" || directions.first == "outward" || directions.isEmpty {
                recorder.set("pinch", "in", "0.9", because: "sway counts a pinch once the scale passes 10 %")
                recorder.set("pinch", "out", "1.1", because: "sway counts a pinch once the scale passes 10 %")
            }
        case "hold":
            guard directions.isEmpty else { return fail("a hold has no direction ('\(spec.text)')") }
            gesture = { .touchpad(.hold, fingers: $0) }
        default:
            return fail("unknown gesture type '\(type)' (expected swipe, pinch or hold)" + didYouMean(type, among: ["swipe", "pinch", "hold"]))
        }
        gestures.append(GestureLine(line: line, type: type, fingers: fingers, gesture: gesture,
                                    key: type + ":" + (directionText ?? ""), command: text, commandColumn: command.column))
    }

    private static func emit(_ gestures: [GestureLine], into recorder: inout ImportRecorder, options: ImportOptions) {
        struct Explicit: Hashable { var key: String; var fingers: Int }
        let explicit = Set(gestures.compactMap { g in g.fingers.map { Explicit(key: g.key, fingers: $0) } })
        for gesture in gestures {
            var counts: [Int]
            if let fingers = gesture.fingers {
                counts = [fingers]
            } else {
                counts = gesture.type == "swipe" ? AnyFingerCount.swipe : gesture.type == "pinch" ? AnyFingerCount.pinch : AnyFingerCount.hold
                counts = counts.filter { !explicit.contains(Explicit(key: gesture.key, fingers: $0)) }
                if counts.isEmpty {
                    recorder.skip(line: gesture.line, "every finger count it matches has a line of its own, which sway prefers")
                    continue
                }
                recorder.choose("a gesture without a finger count becomes one binding per count: swipes 3 and 4, pinches 2 to 4, holds 1 to 4 (5-finger gestures are left out)")
            }
            let action = action(for: gesture.command, line: gesture.line, column: gesture.commandColumn, recorder: &recorder)
            for fingers in counts {
                recorder.add(ImportedBinding(gesture: gesture.gesture(fingers), action: action, source: recorder.source(line: gesture.line)))
            }
        }
    }

    /// `exec CMD` → exec; anything else is a sway command.
    private static func action(for command: String, line: Int, column: Int, recorder: inout ImportRecorder) -> Action {
        let fields = Fields(command)
        if let first = fields.next(), first.text == "exec" || first.text == "exec_always", !command.contains(";") {
            var rest = fields.rest()
            if let r = rest, r.text.hasPrefix("--no-startup-id") {
                let after = Fields(r.text)
                _ = after.next()
                rest = after.rest()
            }
            if let rest {
                // A keystroke tool sway runs types keys, which gesto's keys: does without one.
                if rest.text.hasPrefix("wtype ") {
                    let translator = CommandTranslator(runsInShell: true, workspaces: .sway, tool: "sway")
                    return translator.action(for: rest.text, line: line, column: column + rest.column - 1, recorder: &recorder)
                }
                return .exec(rest.text)
            }
        }
        return .session(.sway(command))
    }
}
