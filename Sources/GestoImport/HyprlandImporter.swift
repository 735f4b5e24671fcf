// Hyprland's trackpad gestures → gesto bindings. Hyprland 0.51+: `gesture = FINGERS, DIRECTION,
// [mod: MODS,] [scale: S,] ACTION[, ARGS]`; before it, `gestures { workspace_swipe = true … }`
// (0.51 removed workspace_swipe and its finger count but kept workspace_swipe_invert, which turns
// the `workspace` gesture round); Hyprland 0.55's Lua config (`hl.gesture({ … })`) is read by
// HyprlandLuaReader and bound here.
// Most of Hyprland's gesture actions follow the fingers 1:1 (workspace, move, resize, special);
// gesto runs an action once, at the end, so those become the dispatcher the gesture ends in, or
// are not importable. Hyprland's pinch words are reversed: `pinchin` is the scale growing.
import GestoCore
import GestoConfig

enum HyprlandImporter {
    /// How a config names Hyprland's dispatchers (``HyprlandDialect``).
    typealias Dialect = HyprlandDialect

    /// One gesture as either syntax states it.
    struct GestureSpec {
        var fingers: Int
        /// Hyprland's direction word, in lower case.
        var direction: String
        var modifier: String?
        var scale: String?
        /// The action as written (`workspace`, `dispatcher`, …); nil for a Lua function.
        var action: String
        var arguments: [String]
        /// The exec action a Lua function came to, if it was one.
        var luaFunction: Action?
    }

    /// The bindings a `workspace` gesture made (their index and whether they show the next
    /// workspace), turned round at the end if `workspace_swipe_invert` is false: Hyprland reads
    /// the whole config before it swipes.
    struct WorkspaceBindings {
        var made: [(index: Int, next: Bool, dialect: Dialect)] = []
        var invert = true

        func apply(to recorder: inout ImportRecorder) {
            for binding in made {
                let next = binding.next == invert
                recorder.result.bindings[binding.index].action = .exec(HyprlandImporter.workspaceCommand(next: next, dialect: binding.dialect))
            }
        }
    }

    static func workspaceCommand(next: Bool, dialect: Dialect) -> String {
        let workspace = next ? "m+1" : "m-1"
        return dialect.dispatchCommand(hyprlang: "workspace " + workspace, lua: "hl.dsp.focus({ workspace = \"\(workspace)\" })")
    }

    static func read(_ text: String, into recorder: inout ImportRecorder, options: ImportOptions) {
        if HyprlandLuaReader.isLua(text, file: recorder.result.file) {
            HyprlandLuaReader.read(into: &recorder)
            return
        }
        var variables: [(name: String, value: String)] = []
        var visited: Set<String> = [recorder.result.file, options.canonicalPath ?? recorder.result.file]
        readLines(into: &recorder, options: options, variables: &variables, depth: 0, visited: &visited)
    }

    /// Reads the recorder's lines; `source = PATH` reads that file in place, as Hyprland does,
    /// with the variables set so far.
    private static func readLines(into recorder: inout ImportRecorder, options: ImportOptions,
                                  variables: inout [(name: String, value: String)], depth: Int, visited: inout Set<String>) {
        var categories: [String] = []
        var legacySwipe: (line: Int, enabled: Bool)?
        var legacyFingers: (line: Int, count: Int)?
        var legacyInvert = true
        var workspaces = WorkspaceBindings()
        var hasGestureLines = false
        for (index, raw) in recorder.lines.enumerated() {
            let number = index + 1
            var line = String(raw)
            // `#` starts a comment, `##` is a literal `#`.
            if let comment = commentStart(line) { line = String(line.prefix(comment)) }
            line = line.trimmingSpaces
            if line.isEmpty { continue }
            if line == "}" { _ = categories.popLast(); continue }
            if line.hasSuffix("{") { categories.append(String(line.dropLast()).trimmingSpaces); continue }
            guard let equals = line.firstIndex(of: "=") else { continue }
            var key = String(line[..<equals]).trimmingSpaces
            var value = String(line[line.index(after: equals)...]).trimmingSpaces
            // The value's first character, 1-based, in the raw line.
            let characters = Array(raw)
            var valueOffset = (characters.firstIndex(of: "=") ?? 0) + 1
            while valueOffset < characters.count, characters[valueOffset] == " " || characters[valueOffset] == "\t" { valueOffset += 1 }
            let valueColumn = valueOffset + 1
            if !categories.isEmpty { key = categories.joined(separator: ":") + ":" + key }
            if key.hasPrefix("$") {
                variables.append((key, value))
                variables.sort { $0.name.count > $1.name.count }
                continue
            }
            for variable in variables { value = value.replacingAll(variable.name, with: variable.value) }
            switch key {
            case "gesture":
                hasGestureLines = true
                readGesture(value, line: number, column: valueColumn, into: &recorder, workspaces: &workspaces)
            case "source":
                guard let reader = options.readIncluded else {
                    recorder.skip(line: number, "a source this import does not follow: import the sourced file too (`gestoctl import hyprland FILE`)")
                    continue
                }
                let files = reader(value, recorder.result.file)
                if files.isEmpty { recorder.warn(line: number, column: valueColumn, "source = \(value): no file matches") }
                for file in files {
                    guard depth < SwayImporter.maximumIncludeDepth, !visited.contains(file.path) else {
                        recorder.warn(line: number, column: valueColumn, "source = \(file.path): already read, or sourced \(SwayImporter.maximumIncludeDepth) levels deep: not read again")
                        continue
                    }
                    visited.insert(file.path)
                    var sourced = ImportRecorder(format: .hyprland, file: file.path, text: file.text)
                    readLines(into: &sourced, options: options, variables: &variables, depth: depth + 1, visited: &visited)
                    recorder.merge(&sourced)
                }
            case "gestures:workspace_swipe":
                legacySwipe = (number, ["true", "yes", "on", "1"].contains(value.lowercased()))
            case "gestures:workspace_swipe_fingers":
                if let count = Int(value), (3...5).contains(count) { legacyFingers = (number, count) } else {
                    recorder.warn(line: number, column: valueColumn, "workspace_swipe_fingers must be 3, 4 or 5, not '\(value)'")
                }
            case "gestures:workspace_swipe_invert":
                legacyInvert = !["false", "no", "off", "0"].contains(value.lowercased())
            default:
                if key.hasPrefix("gestures:") {
                    recorder.skip(line: number, "tunes Hyprland's own 1:1 gesture animation; gesto has nothing 1:1 to tune")
                }
            }
        }
        workspaces.invert = legacyInvert
        workspaces.apply(to: &recorder)
        if hasGestureLines {
            // A config of 0.51 or later that kept its old settings: Hyprland no longer knows them
            // (it reports them as errors), and its gesture = lines say what swipes do.
            for line in [legacySwipe?.line, legacyFingers?.line].compactMap({ $0 }) {
                recorder.skip(line: line, "removed in Hyprland 0.51, whose gesture = lines (imported here) replace it: not imported again")
            }
            return
        }
        if let legacySwipe, legacySwipe.enabled {
            let legacyFingers = legacyFingers?.count ?? 3
            let source = recorder.source(line: legacySwipe.line)
            recorder.warn(line: legacySwipe.line, column: source.location.column,
                          "Hyprland's workspace swipe follows the fingers 1:1; gesto switches workspaces once the swipe ends")
            recorder.sourceBinds([.touchpad(.swipe(.left), fingers: legacyFingers), .touchpad(.swipe(.right), fingers: legacyFingers)],
                                 line: legacySwipe.line)
            let (left, right) = legacyInvert ? ("m+1", "m-1") : ("m-1", "m+1")
            recorder.add(ImportedBinding(gesture: .touchpad(.swipe(.left), fingers: legacyFingers),
                                         action: .exec("hyprctl dispatch workspace \(left)"), source: source))
            recorder.add(ImportedBinding(gesture: .touchpad(.swipe(.right), fingers: legacyFingers),
                                         action: .exec("hyprctl dispatch workspace \(right)"), source: source))
        }
    }

    /// The offset of the first `#` that is not doubled.
    private static func commentStart(_ line: String) -> Int? {
        let characters = Array(line)
        var index = 0
        while index < characters.count {
            if characters[index] == "#" {
                if index + 1 < characters.count, characters[index + 1] == "#" { index += 2; continue }
                return index
            }
            index += 1
        }
        return nil
    }

    /// `FINGERS, DIRECTION, [mod: …,] [scale: …,] ACTION[, ARGS]`.
    private static func readGesture(_ value: String, line: Int, column: Int, into recorder: inout ImportRecorder,
                                    workspaces: inout WorkspaceBindings) {
        let fields = value.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingSpaces }
        func fail(_ message: String) {
            recorder.warn(line: line, column: column, message)
            recorder.skip(line: line, "not understood (see the warning)")
        }
        guard fields.count >= 3 else { return fail("a gesture needs FINGERS, DIRECTION and an ACTION (e.g. 3, horizontal, workspace)") }
        guard let fingers = Int(fields[0]), (2...5).contains(fingers) else { return fail("'\(fields[0])' is not a finger count (2 to 5)") }
        var rest = Array(fields.dropFirst(2))
        var modifier: String?
        var scale: String?
        while let first = rest.first, let colon = first.firstIndex(of: ":") {
            let option = first[..<colon].trimmingSpaces.lowercased()
            let optionValue = first[first.index(after: colon)...].trimmingSpaces
            if option == "mod" { modifier = optionValue } else if option == "scale" { scale = optionValue } else { break }
            rest.removeFirst()
        }
        guard let action = rest.first else {
            if modifier != nil { return bind(GestureSpec(fingers: fingers, direction: fields[1].lowercased(), modifier: modifier, scale: scale, action: "", arguments: []),
                                             line: line, column: column, dialect: .hyprlang, into: &recorder, workspaces: &workspaces) }
            return fail("the gesture has no action")
        }
        bind(GestureSpec(fingers: fingers, direction: fields[1].lowercased(), modifier: modifier, scale: scale, action: action,
                         arguments: Array(rest.dropFirst())),
             line: line, column: column, dialect: .hyprlang, into: &recorder, workspaces: &workspaces)
    }

    /// The gestures a Hyprland gesture line binds, from its finger count and direction word
    /// (lower case); nil for a word Hyprland does not know. Hyprland's pinch words are
    /// reversed: `pinchin` is the scale growing (fingers spreading), gesto's `pinch:F:out`.
    static func gestureNames(fingers: Int, direction: String) -> [GestureName]? {
        switch direction {
        case "swipe": [.touchpad(.swipe(nil), fingers: fingers)]
        case "left", "right", "up", "down": [.touchpad(.swipe(SwipeDirection(rawValue: direction)), fingers: fingers)]
        case "horizontal": [.touchpad(.swipe(.left), fingers: fingers), .touchpad(.swipe(.right), fingers: fingers)]
        case "vertical": [.touchpad(.swipe(.up), fingers: fingers), .touchpad(.swipe(.down), fingers: fingers)]
        case "pinch": [.touchpad(.pinch(nil), fingers: fingers)]
        case "pinchin", "zoomin": [.touchpad(.pinch(.out), fingers: fingers)]
        case "pinchout", "zoomout": [.touchpad(.pinch(.in), fingers: fingers)]
        default: nil
        }
    }

    /// Binds one gesture, whichever syntax stated it.
    static func bind(_ spec: GestureSpec, line: Int, column: Int, dialect: Dialect, into recorder: inout ImportRecorder,
                     workspaces: inout WorkspaceBindings) {
        func fail(_ message: String) {
            recorder.warn(line: line, column: column, message)
            recorder.skip(line: line, column: column, "not understood (see the warning)")
        }
        let fingers = spec.fingers
        let direction = spec.direction
        // Hyprland acts on the gesture whatever gesto makes of it (with a modifier, while it is
        // held, when gestod's binding of the same gesture fires too).
        if spec.action.lowercased() != "unset", let gestures = gestureNames(fingers: fingers, direction: direction) {
            recorder.sourceBinds(gestures, line: line, column: column)
        }
        if let modifier = spec.modifier {
            recorder.skip(line: line, column: column, "only while \(modifier) is held: gesto binds no keyboard modifiers (it never opens keyboards), "
                          + "and without the condition this binding would take over plain swipes")
            return
        }
        let actionName = spec.action.lowercased()
        let arguments = spec.arguments
        if spec.scale != nil {
            recorder.warn(line: line, column: column, "scale: tunes Hyprland's animation that follows the fingers; gesto has none to tune: left out")
        }
        // The gesture names the line binds.
        guard let gestures = gestureNames(fingers: fingers, direction: direction) else {
            let names = ["swipe", "horizontal", "vertical", "left", "right", "up", "down", "pinch", "pinchin", "pinchout"]
            return fail("unknown direction '\(direction)' (expected \(names.joined(separator: ", ")))" + didYouMean(direction, among: names))
        }
        if direction.hasPrefix("pinchin") || direction.hasPrefix("pinchout") || direction.hasPrefix("zoom") {
            recorder.choose("Hyprland's pinchin (scale growing) is gesto's pinch out, and pinchout its pinch in")
        }
        let source = recorder.source(line: line, column: column)
        func add(_ action: (GestureName) -> Action?) {
            for gesture in gestures { if let made = action(gesture) { recorder.add(ImportedBinding(gesture: gesture, action: made, source: source)) } }
        }
        /// A dispatcher as a command: hyprlang's words, or a Lua expression.
        func dispatch(hyprlang: String, lua: String) -> Action {
            .exec(dialect.dispatchCommand(hyprlang: hyprlang, lua: lua))
        }
        if let function = spec.luaFunction {
            add { _ in function }
            return
        }
        switch actionName {
        case "dispatcher" where dialect == .hyprlang:
            guard let dispatcher = arguments.first, !dispatcher.isEmpty else { return fail("dispatcher needs the dispatcher's name") }
            let parameters = arguments.dropFirst().joined(separator: ",").trimmingSpaces
            let command = "hyprctl dispatch " + ShellWords.quoted(dispatcher) + (parameters.isEmpty ? "" : " " + ShellWords.quoted(parameters))
            add { _ in .exec(command) }
        case "workspace":
            recorder.warn(line: line, column: column, "Hyprland's workspace gesture follows the fingers 1:1; gesto switches workspaces once the swipe ends")
            // Hyprland's default workspace_swipe_invert: a swipe left shows the next workspace.
            for gesture in gestures {
                guard case .swipe(let swipe) = gesture.gesture else { continue }
                let next = swipe == .left || swipe == .up || swipe == nil
                let before = recorder.result.bindings.count
                recorder.add(ImportedBinding(gesture: gesture, action: .exec(workspaceCommand(next: next, dialect: dialect)), source: source))
                if recorder.result.bindings.count > before { workspaces.made.append((before, next, dialect)) }
            }
            if direction == "swipe" || direction.hasPrefix("pinch") || direction.hasPrefix("zoom") {
                recorder.warn(line: line, column: column, "a workspace gesture without a direction: imported as the next workspace")
            }
        case "close": add { _ in .session(.window(.close)) }
        case "fullscreen": add { _ in .session(.window(arguments.first?.lowercased() == "maximize" ? .maximize : .fullscreen)) }
        case "float":
            let mode = arguments.first?.lowercased()
            let dispatcher = mode == "float" ? "setfloating" : mode == "tile" ? "settiled" : "togglefloating"
            let luaAction = mode == "float" ? "set" : mode == "tile" ? "unset" : "toggle"
            add { _ in dispatch(hyprlang: dispatcher, lua: "hl.dsp.window.float({ action = \"\(luaAction)\" })") }
        case "special":
            recorder.warn(line: line, column: column, "Hyprland's special-workspace gesture follows the fingers 1:1; gesto toggles it once the gesture ends")
            let name = arguments.first ?? ""
            add { _ in dispatch(hyprlang: "togglespecialworkspace" + (name.isEmpty ? "" : " " + ShellWords.quoted(name)),
                                lua: "hl.dsp.workspace.toggle_special(\"\(name)\")") }
        case "move", "resize", "scroll_move", "cursorzoom", "cursor_zoom":
            recorder.skip(line: line, column: column, "Hyprland's \(spec.action) gesture follows the fingers 1:1; gesto has no such action "
                          + "(window-motion does, on sway only)")
        case "unset":
            recorder.skip(line: line, column: column, "removes a gesture bound earlier; leave that gesture out instead")
        default:
            let names = (dialect == .hyprlang ? ["dispatcher"] : ["a Lua function"])
                + ["workspace", "move", "resize", "special", "close", "fullscreen", "float", "scroll_move",
                   dialect == .hyprlang ? "cursorZoom" : "cursor_zoom", "unset"]
            return fail("unknown gesture action '\(spec.action)' (expected \(names.joined(separator: ", ")))" + didYouMean(spec.action, among: names))
        }
    }
}
