// fusuma's config.yml → gesto bindings. The format (fusuma's README): `TYPE: [FINGERS:]
// [DIRECTION:] ACTION`, where TYPE is swipe, pinch, rotate or hold (tap with a plugin), an
// ACTION is `command:` (run by a shell), `sendkey:` (evdev names), `workspace:`/`window:`
// (fusuma-plugin-wmctrl) or fusuma 0.x's `shortcut:`, directly ("oneshot": as soon as fusuma's
// threshold is crossed → on-threshold) or under `begin:`/`update:`/`end:`. Later YAML documents
// with `context: {application: NAME}` bind per app. `threshold:` and `interval:` are fusuma's own
// units with no gesto counterpart (a hold's threshold scales its 0.7 s delay).
import GestoCore
import GestoConfig
import GestoYAML

enum FusumaImporter {
    static let types = ["swipe", "pinch", "rotate", "hold", "tap"]
    static let actionKeys = ["command", "sendkey", "shortcut", "workspace", "window"]
    static let directions: [String: [String]] = [
        "swipe": ["left", "right", "up", "down"], "pinch": ["in", "out"], "rotate": ["clockwise", "counterclockwise"],
    ]
    /// fusuma's hold delay at `threshold.hold: 1`, in seconds.
    static let holdDelay = 0.7

    /// The state of one walk through a document.
    struct Walk {
        var recorder: ImportRecorder
        let options: ImportOptions
        let translator: CommandTranslator
        var app: String?
        var holdThreshold = 1.0
        var warnedPinch = false

        /// Records the entry at `location` (under the YAML path `path`) as not importable.
        mutating func skip(_ location: SourceLocation, path: String, _ reason: String) {
            var source = recorder.source(line: location.line, column: location.column)
            source.text = path + ": " + source.text
            recorder.result.unimportable.append(Unimportable(source: source, reason: reason))
        }
    }

    static func read(_ text: String, into recorder: inout ImportRecorder, options: ImportOptions) {
        let documents: [YAMLNode]
        do {
            documents = try YAMLNode.parseDocuments(text, file: recorder.result.file)
        } catch {
            recorder.warn(line: error.location.line, column: error.location.column, error.message + "; nothing imported")
            recorder.skip(line: error.location.line, "the file is not valid YAML (see the warning)")
            return
        }
        var walk = Walk(recorder: recorder, options: options,
                        translator: CommandTranslator(runsInShell: true, workspaces: options.workspaces,
                                         workspacesAssumed: options.workspacesAssumed, tool: "fusuma"))
        for document in documents { read(document: document, walk: &walk) }
        recorder = walk.recorder
    }

    private static func read(document: YAMLNode, walk: inout Walk) {
        guard case .mapping(let entries, _) = document else {
            if !isNull(document) {
                walk.recorder.warn(line: document.location.line, column: document.location.column,
                                   "a fusuma config is a mapping (swipe:, pinch:, …), not \(document.kindDescription): ignored")
            }
            return
        }
        walk.app = nil
        if let context = entries.first(where: { $0.key == "context" }) {
            guard case .mapping(let fields, _) = context.value, fields.count == 1, fields[0].key == "application",
                  case .scalar(let name, _) = fields[0].value else {
                walk.recorder.skip(line: context.keyLocation.line, column: context.keyLocation.column, "a fusuma context other than one application (thumbsense, keypress, remap): "
                                   + "gesto has none; this document's bindings are left out")
                for entry in entries where types.contains(entry.key) {
                    walk.recorder.skip(line: entry.keyLocation.line, column: entry.keyLocation.column, "in a context gesto cannot express (see above)")
                }
                return
            }
            walk.app = name
            if name.contains(where: \.isUppercase) {
                walk.recorder.warn(line: fields[0].value.location.line, column: fields[0].value.location.column,
                                   "'\(name)' is an X11 class name: gesto matches the Wayland app_id, case-sensitively "
                                   + "(often in lower case, e.g. google-chrome); check it with `gestoctl monitor`")
            }
        }
        // The hold threshold scales the hold delay, wherever it stands in the document.
        if let threshold = entries.first(where: { $0.key == "threshold" }), case .mapping(let fields, _) = threshold.value,
           let hold = fields.first(where: { $0.key == "hold" }), case .scalar(let text, _) = hold.value,
           let value = Double(text), value > 0, value.isFinite {
            walk.holdThreshold = value
        }
        for entry in entries {
            switch entry.key {
            case "context": continue
            case "swipe", "pinch", "rotate", "hold":
                readType(entry.key, entry.value, walk: &walk)
            case "tap":
                forEachBinding(entry.value) { line in
                    walk.recorder.skip(line: line, "tap (fusuma-plugin-tap): gesto has no tap gestures (libinput makes touchpad taps clicks)")
                }
            case "threshold", "interval":
                guard case .mapping(let fields, _) = entry.value else { continue }
                for field in fields {
                    if entry.key == "threshold" && field.key == "hold" { continue }
                    let reason = entry.key == "threshold"
                        ? "fusuma's threshold scales its own speed measure: no unit mapping to gesto's thresholds; gesto's defaults are kept"
                        : "fusuma's interval is a time between repeats; gesto repeats by distance travelled (settings: repeat-distance)"
                    walk.skip(field.keyLocation, path: "\(entry.key).\(field.key)", reason)
                }
            case "plugin":
                walk.skip(entry.keyLocation, path: "plugin", "settings of fusuma's plugins: nothing for gesto")
            default:
                walk.recorder.warn(line: entry.keyLocation.line, column: entry.keyLocation.column,
                                   "unknown fusuma key '\(entry.key)' (expected swipe, pinch, rotate, hold, tap, threshold, interval, plugin, context)"
                                   + didYouMean(entry.key, among: ["swipe", "pinch", "rotate", "hold", "tap", "threshold", "interval", "plugin", "context"]))
                walk.recorder.skip(line: entry.keyLocation.line, column: entry.keyLocation.column, "not understood (see the warning)")
            }
        }
    }

    /// Calls `body` with the line of every action under `node`.
    private static func forEachBinding(_ node: YAMLNode, _ body: (Int) -> Void) {
        guard case .mapping(let entries, _) = node else { return }
        for entry in entries {
            if actionKeys.contains(entry.key) { body(entry.keyLocation.line) } else { forEachBinding(entry.value, body) }
        }
    }

    static func isNull(_ node: YAMLNode) -> Bool {
        if case .scalar(let text, _) = node { return text.isEmpty || text == "~" || text == "null" }
        return false
    }

    /// `swipe:` and the like: finger counts, or directions straight away (any count).
    private static func readType(_ type: String, _ node: YAMLNode, walk: inout Walk) {
        guard case .mapping(let entries, _) = node else {
            if !isNull(node) { malformed(node, "'\(type)' must be a mapping of finger counts (3:, 4:), not \(node.kindDescription)", walk: &walk) }
            return
        }
        var anyCount: [(key: String, keyLocation: SourceLocation, value: YAMLNode)] = []
        for entry in entries {
            if let fingers = Int(entry.key) {
                guard (1...5).contains(fingers) else {
                    malformed(entry.value, "a finger count of \(fingers): libinput reports 1 to 5 fingers", walk: &walk, line: entry.keyLocation)
                    continue
                }
                readFingers(type, fingers: [fingers], entry.value, path: "\(type).\(fingers)", walk: &walk)
            } else {
                anyCount.append(entry)
            }
        }
        if !anyCount.isEmpty {
            let counts = type == "swipe" ? AnyFingerCount.swipe : type == "hold" ? AnyFingerCount.hold : AnyFingerCount.pinch
            let explicit = Set(entries.compactMap { Int($0.key) })
            walk.recorder.choose("a gesture without a finger count becomes one binding per count: swipes 3 and 4, pinches and rotations 2 to 4, holds 1 to 4 (5-finger gestures are left out)")
            readFingers(type, fingers: counts.filter { !explicit.contains($0) }, .mapping(anyCount, node.location), path: type, walk: &walk)
        }
    }

    /// One finger count's section: directions, or (holds, and undirected begin/update/end)
    /// actions.
    private static func readFingers(_ type: String, fingers: [Int], _ node: YAMLNode, path: String, walk: inout Walk) {
        guard case .mapping(let entries, _) = node else {
            if !isNull(node) { malformed(node, "a finger count's section must be a mapping (directions, or command:), not \(node.kindDescription)", walk: &walk) }
            return
        }
        if type == "hold" {
            readAction(type, fingers: fingers, direction: nil, node, path: path, walk: &walk)
            return
        }
        let known = directions[type] ?? []
        let directed = entries.filter { known.contains($0.key) }
        let undirected = entries.filter { !known.contains($0.key) }
        // Directed swipes beside a drag recipe share its fingers: gesto gives a quick stroke to
        // the swipes and a slow one to the drag (gesto.yaml(5), quick-swipe-distance).
        for entry in directed {
            readAction(type, fingers: fingers, direction: entry.key, entry.value, path: "\(path).\(entry.key)", walk: &walk)
        }
        if !undirected.isEmpty {
            // An undirected once-binding is shadowed by directed ones of its job: repeat it per
            // direction when the section has any.
            readAction(type, fingers: fingers, direction: nil, .mapping(undirected, node.location), path: path,
                       walk: &walk, repeatPerDirection: directed.isEmpty ? nil : known)
        }
    }

    /// A direction's section: an action, `begin:`/`update:`/`end:`, `keypress:`, settings.
    private static func readAction(_ type: String, fingers: [Int], direction: String?, _ node: YAMLNode, path: String,
                                   walk: inout Walk, repeatPerDirection: [String]? = nil) {
        guard case .mapping(let entries, _) = node else {
            if !isNull(node) { malformed(node, "'\(path)' must be a mapping with command: (or sendkey:), not \(node.kindDescription)", walk: &walk) }
            return
        }
        let begin = entries.first { $0.key == "begin" }
        let end = entries.first { $0.key == "end" }
        let dragButton = MouseDrag.button(in: entries.map { ($0.key, command(of: $0.value)) })
        if let dragButton, let begin {
            readDrag(type, fingers: fingers, button: dragButton, begin: begin, path: path, walk: &walk)
        }
        var usedAction = false
        for entry in entries {
            if dragButton != nil, ["begin", "end"].contains(entry.key)
                || (entry.key == "update" && command(of: entry.value).map(MouseDrag.moves) == true) {
                continue  // The drag's (readDrag).
            }
            switch entry.key {
            case _ where actionKeys.contains(entry.key):
                if usedAction {
                    walk.skip(entry.keyLocation, path: "\(path).\(entry.key)", "a second action for the same gesture: fusuma runs one (the first is imported)")
                    continue
                }
                usedAction = true
                let mode: FireMode = type == "hold" ? .onBegin : .onThreshold
                emit(type, fingers: fingers, direction: direction, mode: mode, key: entry.key, value: entry.value,
                     line: entry.keyLocation.line, path: path, walk: &walk, repeatPerDirection: repeatPerDirection)
            case "begin":
                // With an end: one continuous script does both (below).
                if end != nil { continue }
                readPhase(type, fingers: fingers, direction: direction, entry, mode: .onBegin, path: path,
                          walk: &walk, repeatPerDirection: repeatPerDirection)
            case "update":
                readPhase(type, fingers: fingers, direction: direction, entry, mode: .repeat, path: path, walk: &walk,
                          repeatPerDirection: nil)
            case "end":
                readEnd(type, fingers: fingers, direction: direction, begin: begin, end: entry, path: path, walk: &walk)
            case "keypress":
                guard case .mapping(let keys, _) = entry.value else { continue }
                for key in keys {
                    walk.skip(key.keyLocation, path: "\(path).keypress.\(key.key)", "only while \(key.key) is held: gesto binds no keyboard modifiers (it never opens keyboards)")
                }
            case "threshold":
                walk.skip(entry.keyLocation, path: "\(path).threshold", "fusuma's threshold scales its own speed measure: no unit mapping; gesto's default is kept")
            case "interval":
                walk.skip(entry.keyLocation, path: "\(path).interval", "fusuma's interval is a time between repeats; gesto repeats by distance travelled")
            case "clearmodifiers":
                walk.skip(entry.keyLocation, path: "\(path).clearmodifiers", clearModifiersReason)
            case _ where isPluginAction(entry.value):
                walk.skip(entry.keyLocation, path: "\(path).\(entry.key)", pluginActionReason(entry.key))
            default:
                malformed(entry.value, "unknown key '\(entry.key)' in '\(path)' (expected \((directions[type] ?? []) + actionKeys + ["begin", "update", "end", "keypress", "threshold", "interval"]))",
                          walk: &walk, line: entry.keyLocation)
            }
        }
    }

    /// The `command:` text of a phase's section, if it has one.
    private static func command(of node: YAMLNode) -> String? {
        guard case .mapping(let fields, _) = node, let field = fields.first(where: { $0.key == "command" }),
              case .scalar(let text, _) = field.value else { return nil }
        return text
    }

    /// `begin:` or `update:` with an action under it.
    private static func readPhase(_ type: String, fingers: [Int], direction: String?,
                                  _ entry: (key: String, keyLocation: SourceLocation, value: YAMLNode), mode: FireMode, path: String,
                                  walk: inout Walk, repeatPerDirection: [String]?) {
        guard case .mapping(let fields, _) = entry.value, let action = fields.first(where: { actionKeys.contains($0.key) }) else {
            if case .mapping(let fields, _) = entry.value, let plugin = fields.first(where: { isPluginAction($0.value) }) {
                walk.skip(plugin.keyLocation, path: "\(path).\(entry.key).\(plugin.key)", pluginActionReason(plugin.key))
                return
            }
            if !isNull(entry.value) { malformed(entry.value, "'\(path).\(entry.key)' needs command: (or sendkey:)", walk: &walk, line: entry.keyLocation) }
            return
        }
        emit(type, fingers: fingers, direction: direction, mode: mode, key: action.key, value: action.value,
             line: action.keyLocation.line, path: path + "." + entry.key, walk: &walk, repeatPerDirection: repeatPerDirection)
        for field in fields where field.key != action.key {
            switch field.key {
            case "interval":
                walk.recorder.skip(line: field.keyLocation.line, column: field.keyLocation.column, "fusuma repeats \(path).update per time interval; gesto's repeat steps by distance (repeat-distance)")
            case "accel":
                walk.recorder.skip(line: field.keyLocation.line, column: field.keyLocation.column, "fusuma's accel multiplies its per-event deltas; gesto gives the command GESTO_DX/GESTO_DY since the start")
            case "clearmodifiers":
                walk.recorder.skip(line: field.keyLocation.line, column: field.keyLocation.column, clearModifiersReason)
            default:
                walk.recorder.skip(line: field.keyLocation.line, column: field.keyLocation.column, "'\(field.key)' under \(entry.key): nothing for gesto")
            }
        }
        if case .scalar(let command, _) = action.value, command.contains("$move_") || command.contains("$zoom") || command.contains("$rotate") {
            walk.recorder.warn(line: action.keyLocation.line, column: action.value.location.column,
                               "fusuma's per-event variables ($move_x, …) have no counterpart: gesto gives GESTO_DX/GESTO_DY, the translation since the start")
        }
    }

    /// `end:` (with `begin:` if there is one): a continuous binding whose script acts on the
    /// final phase, since fusuma runs it however the gesture ends and gesto's on-end only for a
    /// recognized gesture.
    private static func readEnd(_ type: String, fingers: [Int], direction: String?,
                                begin: (key: String, keyLocation: SourceLocation, value: YAMLNode)?,
                                end: (key: String, keyLocation: SourceLocation, value: YAMLNode), path: String, walk: inout Walk) {
        func command(_ node: YAMLNode) -> (String, Int)? {
            guard case .mapping(let fields, _) = node, let field = fields.first(where: { $0.key == "command" }),
                  case .scalar(let text, _) = field.value, !text.isEmpty else { return nil }
            return (text, field.keyLocation.line)
        }
        guard let (endCommand, endLine) = command(end.value) else {
            if !isNull(end.value) {
                walk.recorder.skip(line: end.keyLocation.line, column: end.keyLocation.column, "an end: action other than command: cannot run on the final phase; only command: can")
            }
            if let begin { readPhase(type, fingers: fingers, direction: direction, begin, mode: .onBegin, path: path, walk: &walk, repeatPerDirection: nil) }
            return
        }
        var script = "case \"$GESTO_PHASE\" in "
        if let begin, let (beginCommand, _) = command(begin.value) {
            script += "began) \(beginCommand) ;; "
        } else if let begin, !isNull(begin.value) {
            // begin: sendkey (or a plugin's action) beside end: command: bound on its own.
            readPhase(type, fingers: fingers, direction: direction, begin, mode: .onBegin, path: path, walk: &walk, repeatPerDirection: nil)
        }
        script += "ended|failed|cancelled) \(endCommand) ;; esac"
        let line = begin.flatMap { command($0.value) != nil ? $0.keyLocation.line : nil } ?? endLine
        walk.recorder.choose("fusuma's end: runs however a gesture ends: it becomes a continuous binding whose script acts on the final GESTO_PHASE (with begin: on began)")
        for count in fingers {
            guard let gesture = gestureName(type, fingers: count, direction: direction, line: end.keyLocation.line, walk: &walk) else { return }
            walk.recorder.add(ImportedBinding(gesture: gesture, mode: .continuous, app: walk.app, action: .exec(script),
                                              source: source(line: line, path: path, walk: walk)))
        }
    }

    /// Adds the bindings of one action entry.
    private static func emit(_ type: String, fingers: [Int], direction: String?, mode: FireMode, key: String, value: YAMLNode,
                             line: Int, path: String, walk: inout Walk, repeatPerDirection: [String]?) {
        guard let action = action(key, value, line: line, walk: &walk) else { return }
        var overrides: [ImportedBinding.Override] = []
        if type == "hold" {
            overrides.append(.init(key: "duration", value: formatCompact(holdDelay * walk.holdThreshold, maxDecimals: 3)))
        }
        let directionsToBind: [String?] = direction == nil && mode != .repeat ? (repeatPerDirection.map { $0.map { Optional($0) } } ?? [nil]) : [direction]
        for count in fingers {
            for each in directionsToBind {
                guard let gesture = gestureName(type, fingers: count, direction: each, line: line, walk: &walk) else { return }
                walk.recorder.add(ImportedBinding(gesture: gesture, mode: mode, app: walk.app, action: action, overrides: overrides,
                                                  source: source(line: line, path: path, walk: walk)))
            }
        }
    }

    /// fusuma's drag recipe: a `drag:` binding of the undirected swipe, per finger count, where
    /// gesto can drag (3 fingers or more, every app); otherwise the recipe is listed with why.
    private static func readDrag(_ type: String, fingers: [Int], button: DragButton,
                                 begin: (key: String, keyLocation: SourceLocation, value: YAMLNode), path: String, walk: inout Walk) {
        let line = begin.keyLocation.line
        guard type == "swipe" else {
            walk.skip(begin.keyLocation, path: "\(path).begin", "a mouse drag on a \(type): gesto's drag follows swipes (e.g. swipe:3 with drag: left)")
            return
        }
        guard walk.app == nil else {
            walk.skip(begin.keyLocation, path: "\(path).begin", "a drag holds the button wherever the pointer is: gesto's drag is for every app, not one")
            return
        }
        walk.recorder.choose("fusuma's three-finger-drag recipe (a button held from begin: to end:, the pointer moved on update:) "
                             + "becomes gesto's drag action, which moves the pointer with libinput's own acceleration")
        for count in fingers {
            guard count >= 3 else {
                walk.skip(begin.keyLocation, path: "\(path).begin", "a \(count)-finger drag: libinput reports fewer than 3 moving fingers as pointer motion or scrolling, never as a swipe")
                continue
            }
            walk.recorder.add(ImportedBinding(gesture: .touchpad(.swipe(nil), fingers: count), mode: .continuous, action: .drag(button),
                                              source: source(line: line, path: path + ".begin", walk: walk)))
        }
    }

    private static func source(line: Int, path: String, walk: Walk) -> SourceLine {
        var source = walk.recorder.source(line: line)
        source.text = path + ": " + source.text
        return source
    }

    /// The gesto gesture; pinch words read by fusuma's version.
    private static func gestureName(_ type: String, fingers: Int, direction: String?, line: Int, walk: inout Walk) -> GestureName? {
        switch type {
        case "swipe": return .touchpad(.swipe(direction.flatMap(SwipeDirection.init(rawValue:))), fingers: fingers)
        case "rotate": return .touchpad(.rotate(direction.flatMap(RotationDirection.init(rawValue:))), fingers: fingers)
        case "hold": return .touchpad(.longPress, fingers: fingers)
        default:
            guard let direction else { return .touchpad(.pinch(nil), fingers: fingers) }
            let reading = walk.options.fusumaPinch ?? .version2
            if walk.options.fusumaPinch == nil && !walk.warnedPinch {
                walk.warnedPinch = true
                walk.recorder.warn(line: line, column: 1, "fusuma 3.0 reversed the pinch words and the file does not say which fusuma it is for: "
                                   + "read as fusuma 2.x (`in` = fingers spreading, gesto's pinch out); give --fusuma-version 3 for fusuma 3 and later")
            }
            walk.recorder.choose(reading == .version2
                                 ? "fusuma pinch words read as fusuma 2.x: `in` (fingers spreading) is gesto's pinch out, `out` its pinch in"
                                 : "fusuma pinch words read as fusuma 3: `in` is fingers closing, as in gesto")
            let spreading = (direction == "in") == (reading == .version2)
            return .touchpad(.pinch(spreading ? .out : .in), fingers: fingers)
        }
    }

    /// The gesto action of `command:`, `sendkey:`, `shortcut:`, `workspace:` or `window:`.
    private static func action(_ key: String, _ value: YAMLNode, line: Int, walk: inout Walk) -> Action? {
        let column = value.location.column
        if key == "window", case .mapping(let fields, _) = value, let field = fields.first {
            switch field.key {
            case "maximized": return .session(.window(.maximize))
            case "fullscreen": return .session(.window(.fullscreen))
            default:
                walk.recorder.skip(line: line, "window: \(field.key) (fusuma-plugin-wmctrl): gesto has no such window operation")
                return nil
            }
        }
        if key == "sendkey", case .sequence(let items, _) = value {
            // fusuma-plugin-sendkey 0.10+: combinations typed one after another.
            guard items.count == 1, case .scalar = items[0] else {
                walk.recorder.skip(line: line, "sendkey: a list of \(items.count) key combinations typed in turn: gesto's keys: types one combination; "
                                   + "bind exec: to a tool that types the sequence (wtype, ydotool)")
                return nil
            }
            return action(key, items[0], line: line, walk: &walk)
        }
        guard case .scalar(let text, _) = value, !text.trimmingSpaces.isEmpty else {
            walk.recorder.warn(line: line, column: column, "'\(key)' needs a value")
            walk.recorder.skip(line: line, "not understood (see the warning)")
            return nil
        }
        switch key {
        case "command":
            return walk.translator.action(for: text, line: line, column: column, recorder: &walk.recorder)
        case "sendkey":
            var unknown: String?
            guard let keys = KeyNames.combination(evdev: text, unknown: &unknown) else {
                walk.recorder.warn(line: line, column: column, "unknown evdev key name '\(unknown ?? text)' (fusuma-plugin-sendkey takes names such as LEFTCTRL, TAB, PAGEDOWN)")
                walk.recorder.skip(line: line, "a key gesto cannot name (see the warning)")
                return nil
            }
            return .session(.keys(keys.keys))
        case "shortcut":
            walk.recorder.warn(line: line, column: column, "shortcut: is fusuma 0.x's (removed in fusuma 1.0, which ignores it): imported for its intent")
            var unknown: String?
            guard let keys = KeyNames.combination(x11: text.trimmingSpaces, unknown: &unknown) else {
                walk.recorder.warn(line: line, column: column, "unknown key name '\(unknown ?? text)'")
                walk.recorder.skip(line: line, "a key gesto cannot name (see the warning)")
                return nil
            }
            return .session(.keys(keys.keys))
        case "workspace":
            switch text.trimmingSpaces {
            case "next", "right", "down": return walk.translator.workspaceAction(next: true, line: line, column: column, recorder: &walk.recorder)
            case "prev", "left", "up": return walk.translator.workspaceAction(next: false, line: line, column: column, recorder: &walk.recorder)
            default:
                walk.recorder.skip(line: line, "workspace: \(text) (fusuma-plugin-wmctrl): gesto knows next and prev")
                return nil
            }
        default:  // window
            switch text.trimmingSpaces {
            case "close": return .session(.window(.close))
            case "next", "prev":
                if walk.options.workspaces == .sway { return .session(.sway("move container to workspace \(text.trimmingSpaces); workspace \(text.trimmingSpaces)")) }
                walk.recorder.skip(line: line, "window: \(text) moves the window to another workspace; only sway's command is known")
                return nil
            default:
                walk.recorder.skip(line: line, "window: \(text) (fusuma-plugin-wmctrl): gesto has no such window operation")
                return nil
            }
        }
    }

    static let clearModifiersReason = "fusuma-plugin-sendkey's clearmodifiers releases the modifiers held on the keyboard first; "
        + "gesto types through its own virtual keyboard, whose modifiers are its own: nothing to clear"

    /// True if `value` can be an action of a fusuma executor plugin gesto does not know (a
    /// `server:` or FIFO executor): a scalar under a key fusuma's own executors do not use (a
    /// mapping there is more likely a misspelt direction, which stays a warning).
    private static func isPluginAction(_ value: YAMLNode) -> Bool {
        if case .scalar(let text, _) = value { return !text.trimmingSpaces.isEmpty }
        return false
    }

    private static func pluginActionReason(_ key: String) -> String {
        "'\(key):' is no action of fusuma or its known plugins (command, sendkey, workspace, window): a third-party executor plugin's "
            + "(or a misspelt key), which gesto cannot run; bind exec: to a command that does what it did"
    }

    private static func malformed(_ node: YAMLNode, _ message: String, walk: inout Walk, line: SourceLocation? = nil) {
        let location = line ?? node.location
        walk.recorder.warn(line: location.line, column: location.column, message)
        walk.recorder.skip(line: location.line, column: location.column, "not understood (see the warning)")
    }
}

/// fusuma's three-finger-drag recipe (its wiki's "mimic Mac" page, copied widely): a mouse
/// button pressed on `begin:`, the pointer moved by `$move_x, $move_y` on `update:`, the button
/// released on `end:`, with xdotool (mousedown/mousemove_relative/mouseup) or ydotool (click
/// 0x40/mousemove/click 0x80). It becomes gesto's `drag:` action.
enum MouseDrag {
    /// The button of a recipe among a section's `(key, command)` pairs: `begin` presses it and
    /// `end` releases one; nil when the section is no drag recipe.
    static func button(in entries: [(String, String?)]) -> DragButton? {
        guard let begin = entries.first(where: { $0.0 == "begin" })?.1,
              let end = entries.first(where: { $0.0 == "end" })?.1, isRecipe(begin: begin, end: end) else { return nil }
        let words = begin.split(whereSeparator: \.isWhitespace).map(String.init)
        if let index = words.firstIndex(of: "mousedown") {
            // xdotool's buttons: 1 left, 2 middle, 3 right.
            switch words.dropFirst(index + 1).first { case "2": return .middle; case "3": return .right; default: return .left }
        }
        // ydotool's click code: 0x40 | button, with 0 left, 1 right, 2 middle.
        switch (ydotoolClick(words) ?? 0x40) & 0x0F { case 1: return .right; case 2: return .middle; default: return .left }
    }

    /// True if `begin` presses a mouse button and `end` releases one.
    static func isRecipe(begin: String?, end: String?) -> Bool {
        guard let begin, let end else { return false }
        return presses(begin) && releases(end)
    }

    /// xdotool `mousedown N`, ydotool `click 0x4N` (ydotool reads the code as hexadecimal).
    static func presses(_ command: String) -> Bool {
        let words = command.split(whereSeparator: \.isWhitespace).map(String.init)
        return words.contains("mousedown") || ydotoolClick(words).map { $0 & 0xC0 == 0x40 } == true
    }

    /// xdotool `mouseup N`, ydotool `click 0x8N`.
    static func releases(_ command: String) -> Bool {
        let words = command.split(whereSeparator: \.isWhitespace).map(String.init)
        return words.contains("mouseup") || ydotoolClick(words).map { $0 & 0xC0 == 0x80 } == true
    }

    /// True if `command` moves the pointer (xdotool mousemove_relative, ydotool mousemove).
    static func moves(_ command: String) -> Bool {
        command.contains("mousemove")
    }

    private static func ydotoolClick(_ words: [String]) -> Int? {
        guard let tool = words.firstIndex(where: { $0.hasSuffix("ydotool") }), tool + 2 < words.count,
              words[tool + 1] == "click" else { return nil }
        var code = words[tool + 2].lowercased()
        if code.hasPrefix("0x") { code.removeFirst(2) }
        return Int(code, radix: 16)
    }
}
