// Touchégg's touchegg.conf (XML, read with libxml2) → gesto bindings. Touchégg 2:
// `<application name="All|A,B"><gesture type="SWIPE|PINCH|TAP" fingers="N" direction="…">
// <action type="…">` with the action's options as child elements (`<keys>`, `<modifiers>`,
// `<command>`, `<repeat>`, `<on>begin|end</on>`, `<animate>`). Touchégg 1.x wrote the action's
// parameter as its text (`<action type="SEND_KEYS">Control+Alt+Left</action>`), had DRAG and
// ROTATE gestures, `direction="ALL"` (each direction not bound exactly) and DRAG_AND_DROP (a
// button held while the fingers move: gesto's drag); those are translated too. Animated window
// actions run when the gesture ends; keys and commands on begin unless `<on>end</on>`;
// `<repeat>true</repeat>` repeats. Key names are typed as Touchégg types them: the key bearing
// the keysym, without Shift (``KeyNames/gestoName(toucheggKey:)``).
import CGestoXML
import GestoCore
import GestoConfig

enum ToucheggImporter {
    /// An element of the parsed document, copied out of libxml2's tree.
    struct Element {
        var name: String
        var attributes: [String: String]
        var children: [Element]
        var text: String
        var line: Int
        /// Where its tag starts on a line too long to show whole (``placeColumns(_:recorder:cursors:)``),
        /// else nil: libxml2 gives elements a line only.
        var column: Int?

        func child(_ name: String) -> Element? { children.first { $0.name == name } }
        func childText(_ name: String) -> String? { child(name).map { $0.text.trimmingSpaces } }
    }

    /// Where and why the XML does not parse.
    struct ParseError: Error {
        var line: Int
        var column: Int
        var message: String
    }

    /// Parses `text` into elements (libxml2, through CGestoXML), or gives the parser's error.
    static func parse(_ text: String) -> Result<Element, ParseError> {
        var line = 1, column = 1
        var message = [CChar](repeating: 0, count: 512)
        let bytes = Array(text.utf8)
        let document = bytes.withUnsafeBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: max(buffer.count, 1)) { pointer in
                gesto_xml_read(pointer, Int32(buffer.count), &line, &column, &message, message.count)
            }
        }
        guard let document else {
            let text = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self).trimmingSpaces
            return .failure(ParseError(line: line, column: max(1, column), message: (text.isEmpty ? "not well-formed XML" : text).replacingAll("\n", with: " ")))
        }
        defer { gesto_xml_free(document) }
        guard let root = gesto_xml_root(document) else { return .failure(ParseError(line: 1, column: 1, message: "the document has no root element")) }
        return .success(element(root))
    }

    private static func element(_ node: OpaquePointer) -> Element {
        var attributes: [String: String] = [:]
        var attribute = gesto_xml_first_attribute(node)
        while let current = attribute {
            let name = String(cString: gesto_xml_attribute_name(current))
            var value = ""
            var child = gesto_xml_attribute_children(current)
            while let text = child {
                if let content = gesto_xml_content(text) { value += String(cString: content) }
                child = gesto_xml_next(text)
            }
            attributes[name] = value
            attribute = gesto_xml_next_attribute(current)
        }
        var children: [Element] = []
        var text = ""
        var child = gesto_xml_first_child(node)
        while let current = child {
            switch gesto_xml_type(current) {
            case Int32(GESTO_XML_ELEMENT): children.append(element(current))
            case Int32(GESTO_XML_TEXT), Int32(GESTO_XML_CDATA):
                if let content = gesto_xml_content(current) { text += String(cString: content) }
            default: break
            }
            child = gesto_xml_next(current)
        }
        return Element(name: String(cString: gesto_xml_name(node)), attributes: attributes, children: children, text: text,
                       line: gesto_xml_line(node), column: nil)
    }

    /// Gives each element on a long line (a minified file) the column of its tag, found in
    /// document order from where the previous tag on that line was: one pass over each line.
    static func placeColumns(_ element: inout Element, recorder: ImportRecorder, cursors: inout [Int: Int]) {
        if let characters = recorder.longLineCharacters(element.line) {
            let tag = Array("<" + element.name)
            var offset = cursors[element.line, default: 0]
            while offset + tag.count <= characters.count, !characters[offset..<(offset + tag.count)].elementsEqual(tag) { offset += 1 }
            if offset + tag.count <= characters.count {
                element.column = offset + 1
                cursors[element.line] = offset + tag.count
            } else {
                cursors[element.line] = characters.count
            }
        }
        for index in element.children.indices { placeColumns(&element.children[index], recorder: recorder, cursors: &cursors) }
    }

    static func read(_ text: String, into recorder: inout ImportRecorder, options: ImportOptions) {
        var root: Element
        switch parse(text) {
        case .success(let element): root = element
        case .failure(let error):
            recorder.warn(line: max(1, error.line), column: error.column, "not well-formed XML: \(error.message); nothing imported")
            recorder.skip(line: max(1, error.line), "the file is not well-formed XML (see the warning)")
            return
        }
        var cursors: [Int: Int] = [:]
        placeColumns(&root, recorder: recorder, cursors: &cursors)
        if root.name != "touchégg" && root.name != "touchegg" {
            recorder.warn(line: root.line, column: 1, "the root element is <\(root.name)>, not <touchégg>: read anyway")
        }
        var drags = Drags(root)
        let translator = CommandTranslator(runsInShell: true, workspaces: options.workspaces,
                                         workspacesAssumed: options.workspacesAssumed, tool: "Touchégg")
        for section in root.children {
            switch section.name {
            case "settings":
                for property in section.children {
                    let name = property.attributes["name"] ?? property.name
                    let reason = switch name {
                    case "action_execute_threshold": "a percentage of Touchégg's own animation: no unit mapping to gesto's thresholds; gesto's defaults are kept"
                    case "composed_gestures_time": "Touchégg 1.x's time to compose taps (double tap, tap and hold): gesto has no tap gestures"
                    default: "Touchégg's animation setting: gesto has no animation that follows the fingers here"
                    }
                    recorder.skip(line: property.line, column: property.column, reason)
                }
            case "application":
                let names = (section.attributes["name"] ?? "All").split(separator: ",").map { $0.trimmingSpaces }.filter { !$0.isEmpty }
                let apps: [String?] = isEveryApp(section) ? [nil] : names.map { $0 }
                for app in apps.compactMap({ $0 }) where app.contains(where: \.isUppercase) {
                    recorder.warn(line: section.line, column: 1, "'\(app)' is an X11 class name: gesto matches the Wayland app_id, case-sensitively "
                                  + "(often in lower case, e.g. google-chrome); check it with `gestoctl monitor`")
                }
                for gesture in section.children {
                    guard gesture.name == "gesture" else {
                        recorder.warn(line: gesture.line, column: 1, "<\(gesture.name)> in an <application> (expected <gesture>): ignored")
                        recorder.skip(line: gesture.line, column: gesture.column, "not understood (see the warning)")
                        continue
                    }
                    readGesture(gesture, apps: apps, siblings: section.children, drags: &drags, translator: translator, into: &recorder)
                }
            default:
                recorder.warn(line: section.line, column: 1, "unknown element <\(section.name)> (expected <settings> or <application>): ignored")
                recorder.skip(line: section.line, column: section.column, "not understood (see the warning)")
            }
        }
    }

    /// Touchégg 1.x's DRAG_AND_DROP gestures that become gesto drags: the finger counts of those
    /// in an `All` application, each with the line of the first; a swipe bound beside one gets
    /// only the quick strokes of its fingers (the import warns).
    struct Drags {
        var lines: [Int: Int] = [:]
        /// The finger counts already bound to a drag.
        var bound: Set<Int> = []

        init(_ root: Element) {
            for section in root.children where section.name == "application" && isEveryApp(section) {
                for gesture in section.children where gesture.name == "gesture" {
                    guard let fingers = gesture.attributes["fingers"].flatMap({ Int($0) }), fingers >= 3, lines[fingers] == nil,
                          ["DRAG", "SWIPE"].contains((gesture.attributes["type"] ?? "").uppercased()),
                          ["ALL", ""].contains((gesture.attributes["direction"] ?? "").uppercased()),
                          let action = gesture.child("action"), (action.attributes["type"] ?? "").uppercased() == "DRAG_AND_DROP",
                          dragButton(action.text.trimmingSpaces).button != nil else { continue }
                    lines[fingers] = gesture.line
                }
            }
        }
    }

    /// True if an `<application>` is for every app (`name="All"`, or one of a list).
    static func isEveryApp(_ section: Element) -> Bool {
        (section.attributes["name"] ?? "All").split(separator: ",").contains { $0.trimmingSpaces.lowercased() == "all" }
    }

    /// Touchégg 1.x's `direction="ALL"`: every direction of the gesture's type that no gesture
    /// of the same application, type and fingers names exactly (Touchégg 1.x's
    /// `Config::getAssociatedAction` looks for the exact direction first, in the application and
    /// then in All; gesto's app: bindings win over bindings for every app the same way).
    private static func everyDirection(of gesture: Element, type: String, fingers: Int, siblings: [Element]) -> [String] {
        let all: [String] = switch type {
        case "PINCH": ["IN", "OUT"]
        case "ROTATE": ["LEFT", "RIGHT"]
        default: ["UP", "DOWN", "LEFT", "RIGHT"]
        }
        let sameType: Set<String> = type == "PINCH" || type == "ROTATE" ? [type] : ["DRAG", "SWIPE"]
        let exact = Set(siblings.filter { sibling in
            sibling.name == "gesture" && sameType.contains((sibling.attributes["type"] ?? "").uppercased())
                && sibling.attributes["fingers"].flatMap({ Int($0) }) == fingers
        }.map { ($0.attributes["direction"] ?? "").uppercased() })
        return all.filter { !exact.contains($0) }
    }

    /// Touchégg 1.x's DRAG_AND_DROP (`BUTTON=N`, 1 by default): the button pressed when the
    /// fingers start moving, the pointer moved with them, the button released when they lift
    /// (DragAndDrop.cpp): gesto's `drag:` of the undirected swipe, where gesto can drag.
    private static func readDragAndDrop(_ gesture: Element, type: String, direction: String, fingers: Int, apps: [String?],
                                        parameter: String, drags: inout Drags, into recorder: inout ImportRecorder) {
        let line = gesture.line
        let column = gesture.column
        guard type == "DRAG" || type == "SWIPE" else {
            return recorder.skip(line: line, column: column, "DRAG_AND_DROP on a \(type): gesto's drag follows swipes (a DRAG of 3 or more fingers)")
        }
        guard direction == "ALL" || direction.isEmpty else {
            return recorder.skip(line: line, column: column, "DRAG_AND_DROP on one direction: gesto's drag follows the swipe in every direction (direction=\"ALL\")")
        }
        guard apps == [nil] else {
            return recorder.skip(line: line, column: column, "a drag holds the button wherever the pointer is: gesto's drag is for every app, not one")
        }
        guard fingers >= 3 else {
            return recorder.skip(line: line, column: column, "a \(fingers)-finger drag: libinput reports fewer than 3 moving fingers as pointer motion or scrolling, never as a swipe")
        }
        guard !drags.bound.contains(fingers) else {
            return recorder.skip(line: line, column: column, "a second drag on \(fingers) fingers: gesto binds one (the first is imported)")
        }
        let (number, button, wellFormed) = dragButton(parameter)
        if !wellFormed {
            recorder.warn(line: line, column: 1, "'\(parameter)' is not BUTTON=N (1 to 9): Touchégg 1.x drags with button 1 then, as imported")
        }
        guard let button else {
            return recorder.skip(line: line, column: column, "DRAG_AND_DROP with button \(number) (a wheel or side button): gesto's drag holds left, middle or right")
        }
        drags.bound.insert(fingers)
        recorder.choose("Touchégg 1.x's DRAG_AND_DROP (a button held while the fingers move) becomes gesto's drag action, "
                        + "which moves the pointer with the fingers")
        var source = recorder.source(line: line, column: column)
        source.text += " <action type=\"DRAG_AND_DROP\">"
        recorder.add(ImportedBinding(gesture: .touchpad(.swipe(nil), fingers: fingers), mode: .continuous, action: .drag(button), source: source))
    }

    /// DRAG_AND_DROP's `BUTTON=N` (DragAndDrop.cpp: 1 to 9, else 1 with a warning): the number,
    /// gesto's button for it (X11's 1 left, 2 middle, 3 right; 4 to 9 are the wheel and side
    /// buttons, none), and whether the text was well formed (empty counts as well formed).
    static func dragButton(_ parameter: String) -> (number: Int, button: DragButton?, wellFormed: Bool) {
        let setting = parameter.split(separator: "=", maxSplits: 1).map { $0.trimmingSpaces }
        var number = 1
        var wellFormed = parameter.isEmpty
        if setting.count == 2, setting[0] == "BUTTON", let value = Int(setting[1]), (1...9).contains(value) {
            number = value
            wellFormed = true
        }
        let buttons: [Int: DragButton] = [1: .left, 2: .middle, 3: .right]
        return (number, buttons[number], wellFormed)
    }

    private static func readGesture(_ gesture: Element, apps: [String?], siblings: [Element], drags: inout Drags,
                                    translator: CommandTranslator, into recorder: inout ImportRecorder) {
        let line = gesture.line
        let column = gesture.column
        func fail(_ message: String) {
            recorder.warn(line: line, column: 1, message)
            recorder.skip(line: line, column: column, "not understood (see the warning)")
        }
        let type = (gesture.attributes["type"] ?? "").uppercased()
        let directionName = (gesture.attributes["direction"] ?? "").uppercased()
        guard let fingerText = gesture.attributes["fingers"], let fingers = Int(fingerText), (1...5).contains(fingers) else {
            return fail("<gesture> needs fingers=\"N\" (2 to 5)")
        }
        guard let action = gesture.child("action") else { return fail("<gesture> has no <action>") }
        let actionType = (action.attributes["type"] ?? "").uppercased()
        // Touchégg 1.x: the parameter is the action's text, gestures are DRAG and ROTATE.
        let isLegacy = ["DRAG", "ROTATE", "TAP_AND_HOLD", "DOUBLE_TAP"].contains(type) || (action.children.isEmpty && !action.text.trimmingSpaces.isEmpty)
        if isLegacy {
            recorder.choose("Touchégg 1.x gestures (DRAG, ROTATE, parameters as the action's text) are translated to Touchégg 2's meaning")
        }
        // Actions gesto has no counterpart for are named as such whatever the gesture: Touchégg
        // 1.x binds them to direction="ALL" (MOVE_WINDOW on DRAG, RESIZE_WINDOW on PINCH), which
        // is no direction gesto could read.
        let isTap = ["TAP", "DOUBLE_TAP", "TAP_AND_HOLD"].contains(type)
        let parameter = action.text.trimmingSpaces
        if !isTap, actionType == "DRAG_AND_DROP" {
            return readDragAndDrop(gesture, type: type, direction: directionName, fingers: fingers, apps: apps, parameter: parameter,
                                   drags: &drags, into: &recorder)
        }
        if !isTap, let reason = unbindableReason(actionType) {
            recorder.skip(line: line, column: column, reason)
            return
        }
        if type == "DRAG" || type == "SWIPE", let dragLine = drags.lines[fingers] {
            // gesto shares the fingers: a quick stroke is the swipe's, a slow one the drag's
            // (gesto.yaml(5), quick-swipe-distance); Touchégg gave this direction's every stroke here.
            recorder.warn(line: line, column: column ?? 1, "the DRAG_AND_DROP of line \(dragLine) drags with \(fingers) fingers too: gesto gives "
                          + "this binding the quick strokes only, and a slow stroke in this direction drags")
        }
        // Touchégg 1.x's ALL: each direction no gesture of this application names exactly.
        let directions = directionName == "ALL" && !isTap
            ? everyDirection(of: gesture, type: type, fingers: fingers, siblings: siblings) : [directionName]
        if directions.isEmpty {
            recorder.skip(line: line, column: column, "direction=\"ALL\": every direction has a gesture of its own, which Touchégg prefers")
            return
        }
        var names: [GestureName] = []
        for direction in directions {
            switch (type, direction) {
            case ("SWIPE", _), ("DRAG", _):
                let swipes: [String: SwipeDirection] = ["UP": .up, "DOWN": .down, "LEFT": .left, "RIGHT": .right]
                guard let swipe = swipes[direction] else {
                    return fail("unknown swipe direction '\(directionName)' (expected UP, DOWN, LEFT, RIGHT)"
                                + didYouMean(directionName, among: ["UP", "DOWN", "LEFT", "RIGHT"]))
                }
                names.append(.touchpad(.swipe(swipe), fingers: fingers))
            case ("PINCH", "IN"): names.append(.touchpad(.pinch(.in), fingers: fingers))
            case ("PINCH", "OUT"): names.append(.touchpad(.pinch(.out), fingers: fingers))
            case ("ROTATE", "RIGHT"): names.append(.touchpad(.rotate(.clockwise), fingers: fingers))
            case ("ROTATE", "LEFT"): names.append(.touchpad(.rotate(.counterclockwise), fingers: fingers))
            case ("TAP", _), ("DOUBLE_TAP", _), ("TAP_AND_HOLD", _):
                recorder.skip(line: line, column: column, "a tap gesture: gesto has none (libinput makes touchpad taps clicks)")
                return
            default:
                return fail("unknown gesture type '\(type)' with direction '\(directionName)' "
                            + "(expected SWIPE or DRAG: UP, DOWN, LEFT, RIGHT, ALL; PINCH: IN, OUT, ALL; ROTATE: LEFT, RIGHT, ALL)")
            }
        }
        var mode: FireMode = .onEnd
        let made: Action
        switch actionType {
        case "MAXIMIZE_RESTORE_WINDOW": made = .session(.window(.maximize))
        case "MINIMIZE_WINDOW": made = .session(.window(.minimize))
        case "FULLSCREEN_WINDOW": made = .session(.window(.fullscreen))
        case "CLOSE_WINDOW": made = .session(.window(.close))
        case "CHANGE_DESKTOP", "CHANGE_VIEWPORT":
            let direction = (action.childText("direction") ?? parameter).lowercased()
            switch direction {
            case "next", "right", "down": made = translator.workspaceAction(next: true, line: line, column: 1, recorder: &recorder)
            case "previous", "prev", "left", "up": made = translator.workspaceAction(next: false, line: line, column: 1, recorder: &recorder)
            case "auto":
                recorder.skip(line: line, column: column, "CHANGE_DESKTOP auto decides the direction from natural scrolling at run time: bind next or previous instead")
                return
            default: return fail("unknown CHANGE_DESKTOP direction '\(direction)' (expected previous, next, up, down, left, right, auto)")
            }
            // <cyclic>true</cyclic> (Touchégg 2.0.11) wraps from the last desktop to the first.
            let cyclic = action.childText("cyclic")?.lowercased() == "true"
            if translator.workspaces == .sway {
                recorder.choose(cyclic
                    ? "CHANGE_DESKTOP with <cyclic>true</cyclic> wraps from the last desktop to the first, as sway's `workspace next|prev` does"
                    : "CHANGE_DESKTOP without <cyclic>true</cyclic> stops at the last desktop; sway's `workspace next|prev` wraps around")
            } else if cyclic {
                recorder.warn(line: action.child("cyclic")?.line ?? line, column: 1,
                              "<cyclic>true</cyclic> wraps from the last desktop to the first: check that your compositor's command does")
            }
        case "SEND_KEYS":
            mode = timing(action, legacy: isLegacy && action.children.isEmpty, line: line, into: &recorder)
            let modifiers = action.childText("modifiers") ?? ""
            let keys = action.childText("keys") ?? (isLegacy ? parameter : "")
            let parts = (modifiers.split(separator: "+") + keys.split(separator: "+")).map { $0.trimmingSpaces }.filter { !$0.isEmpty }
            guard !parts.isEmpty else { return fail("SEND_KEYS needs <keys>") }
            var names: [String] = []
            for part in parts {
                guard let named = KeyNames.gestoName(toucheggKey: part) else {
                    recorder.warn(line: line, column: 1, "unknown key name '\(part)' (xkbcommon knows no such keysym)")
                    recorder.skip(line: line, column: column, "a key gesto cannot name (see the warning)")
                    return
                }
                names.append(named)
            }
            // Touchégg 1.x holds only Control, Shift, Super, Alt and AltGr around the other keys;
            // any other name (Control_L) it presses and releases in turn, before the next key.
            let held: Set<String> = ["Control", "Shift", "Super", "Alt", "AltGr"]
            if isLegacy && action.child("keys") == nil, parts.count > 1,
               let tapped = parts.dropLast().first(where: { !held.contains($0) && KeyNames.modifierAliases[$0.lowercased()] != nil }) {
                recorder.warn(line: line, column: 1, "Touchégg 1.x holds only Control, Shift, Super, Alt and AltGr: it pressed and released '\(tapped)' "
                              + "before the next key, so '\(parameter)' never typed a combination; imported as the combination it names")
            }
            if action.child("decreaseKeys") != nil {
                recorder.warn(line: line, column: 1, "<decreaseKeys> (typed when a repeating gesture turns back): gesto's repeat steps only in its own direction; left out")
            }
            made = .session(.keys(names.joined(separator: "+")))
        case "RUN_COMMAND":
            mode = timing(action, legacy: isLegacy && action.children.isEmpty, line: line, into: &recorder)
            guard let command = action.childText("command") ?? (isLegacy ? parameter : nil), !command.isEmpty else { return fail("RUN_COMMAND needs <command>") }
            if action.child("decreaseCommand") != nil {
                recorder.warn(line: line, column: 1, "<decreaseCommand> (run when a repeating gesture turns back): gesto's repeat steps only in its own direction; left out")
            }
            made = translator.action(for: command, line: action.child("command")?.line ?? line, column: 1, recorder: &recorder)
        case _ where unbindableReason(actionType) != nil:
            recorder.skip(line: line, column: column, unbindableReason(actionType) ?? "")
            return
        default:
            let names = ["MAXIMIZE_RESTORE_WINDOW", "MINIMIZE_WINDOW", "TILE_WINDOW", "FULLSCREEN_WINDOW", "CLOSE_WINDOW",
                         "CHANGE_DESKTOP", "SHOW_DESKTOP", "SEND_KEYS", "RUN_COMMAND", "MOUSE_CLICK"]
            return fail("unknown action type '\(actionType)' (expected \(names.joined(separator: ", ")))" + didYouMean(actionType, among: names))
        }
        if action.childText("animate") == "true" {
            recorder.choose("Touchégg's animations (windows following the fingers) are lost: gesto runs the window action when the gesture ends")
        }
        var source = recorder.source(line: line, column: column)
        source.text += " <action type=\"\(actionType)\">"
        for app in apps {
            for name in names { recorder.add(ImportedBinding(gesture: name, mode: mode, app: app, action: made, source: source)) }
        }
    }

    /// Why gesto cannot bind Touchégg action `type` (1.x and 2.x names), or nil if it can.
    private static func unbindableReason(_ type: String) -> String? {
        switch type {
        case "SHOW_DESKTOP": "SHOW_DESKTOP: gesto has no show-desktop action (on sway, a workspace or scratchpad command via sway:)"
        case "TILE_WINDOW": "TILE_WINDOW: gesto has no tiling action (on sway, a `move` or `split` command via sway:)"
        case "MOUSE_CLICK", "SCROLL", "MOUSE_WHEEL_UP", "MOUSE_WHEEL_DOWN": "\(type): gesto emulates no mouse (no pointer device of its own)"
        case "MOVE_WINDOW", "RESIZE_WINDOW": "\(type) follows the fingers 1:1: gesto has no such action (window-motion does, on sway)"
        default: nil
        }
    }

    /// SEND_KEYS and RUN_COMMAND: a Touchégg 1.x action (its parameter as its text) at the end;
    /// a Touchégg 2 one (options as child elements, even inside a 1.x DRAG gesture) repeats with
    /// `<repeat>true</repeat>`, else runs when `<on>` (default begin) says.
    private static func timing(_ action: Element, legacy: Bool, line: Int, into recorder: inout ImportRecorder) -> FireMode {
        if legacy { return .onEnd }
        if action.childText("repeat")?.lowercased() == "true" { return .repeat }
        switch action.childText("on")?.lowercased() {
        case nil, "begin": return .onBegin
        case "end": return .onEnd
        case let other?:
            recorder.warn(line: action.child("on")?.line ?? line, column: 1, "<on>\(other)</on> (expected begin or end): read as begin, Touchégg's default")
            return .onBegin
        }
    }
}
