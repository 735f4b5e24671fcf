// Hyprland 0.55's Lua config (`hyprland.lua`) → the gestures HyprlandImporter binds. Not a Lua
// interpreter: a tokenizer and a reader of the call forms the wiki documents and public configs
// use: `hl.gesture({ fingers = N, direction = "…", action = "…" | function() … end | NAME, … })`
// with literal values, and `workspace_swipe_invert = BOOL` in an `hl.config({ gestures = … })`.
// A function is read when its body is one `hl.exec_cmd("…")`, `hl.dispatch(hl.dsp.exec_cmd("…"))`
// or `hl.dispatch(EXPR)` built from `hl.…` and literals only (run as `hyprctl dispatch 'EXPR'`);
// anything computed (variables, concatenation, conditions, live gesture tables) is listed as not
// importable with the reason, never guessed.
import GestoCore
import GestoConfig

enum HyprlandLuaReader {
    /// A Lua token, with where it starts (1-based line and column) and its offsets in the text.
    struct Token {
        enum Kind: Equatable {
            case name(String)
            case string(String)
            case number(String)
            case symbol(String)
        }

        var kind: Kind
        var line: Int
        var column: Int
        var start: Int
        var end: Int

        func isSymbol(_ text: String) -> Bool { kind == .symbol(text) }
        func isName(_ text: String) -> Bool { kind == .name(text) }
    }

    /// True if `text` is Hyprland's Lua config rather than hyprlang: a `.lua` file, or one that
    /// calls `hl.` functions (standard input has no name).
    static func isLua(_ text: String, file: String) -> Bool {
        file.hasSuffix(".lua") || text.contains("hl.gesture(") || text.contains("hl.config(")
    }

    static func read(into recorder: inout ImportRecorder) {
        let text = Array(recorder.lines.joined(separator: "\n"))
        let tokens = tokenize(text)
        recorder.choose("Hyprland's Lua config is read, not run: gestures with literal values and functions that run one command or dispatcher are imported; anything computed is listed as not importable")
        var workspaces = HyprlandImporter.WorkspaceBindings()
        let functions = namedFunctions(tokens)
        var index = 0
        while index < tokens.count {
            // hl.config({ … workspace_swipe_invert = false … })
            if tokens[index].isName("workspace_swipe_invert"), index + 2 < tokens.count, tokens[index + 1].isSymbol("=") {
                if case .name(let value) = tokens[index + 2].kind, value == "true" || value == "false" { workspaces.invert = value == "true" }
            }
            if tokens[index].isName("require"), index > 0, !tokens[index - 1].isSymbol(".") {
                recorder.skip(line: tokens[index].line, column: tokens[index].column, "a required Lua file this import does not follow: import it too (`gestoctl import hyprland FILE.lua`)")
            }
            guard tokens[index].isName("hl"), index + 3 < tokens.count, tokens[index + 1].isSymbol("."), tokens[index + 2].isName("gesture"),
                  tokens[index + 3].isSymbol("(") else {
                index += 1
                continue
            }
            let call = tokens[index]
            let open = index + 4
            guard open < tokens.count, tokens[open].isSymbol("{"), let close = matching(tokens, from: open) else {
                recorder.warn(line: call.line, column: call.column, "hl.gesture takes a table ({ fingers = 3, direction = \"…\", action = \"…\" })")
                recorder.skip(line: call.line, column: call.column, "not understood (see the warning)")
                index = open
                continue
            }
            readGesture(fields(tokens, from: open + 1, to: close), call: call, text: text, tokens: tokens, functions: functions,
                        into: &recorder, workspaces: &workspaces)
            index = close + 1
        }
        workspaces.apply(to: &recorder)
    }

    /// One field of a table: `name = value`, the value's tokens from `start` up to `end`.
    struct Field {
        var name: String
        var start: Int
        var end: Int
    }

    private static func readGesture(_ fields: [Field], call: Token, text: [Character], tokens: [Token], functions: [String: Range<Int>],
                                    into recorder: inout ImportRecorder, workspaces: inout HyprlandImporter.WorkspaceBindings) {
        let line = call.line
        func fail(_ message: String) {
            recorder.warn(line: line, column: call.column, message)
            recorder.skip(line: line, column: call.column, "not understood (see the warning)")
        }
        func literal(_ name: String) -> String? {
            guard let field = fields.first(where: { $0.name == name }), field.end == field.start + 1 else { return nil }
            switch tokens[field.start].kind {
            case .string(let value), .number(let value): return value
            case .name(let value) where value == "true" || value == "false": return value
            default: return nil
            }
        }
        func isComputed(_ name: String) -> Bool { fields.contains { $0.name == name } && literal(name) == nil }
        for name in ["fingers", "direction", "mods", "scale", "workspace_name", "mode"] where isComputed(name) {
            recorder.skip(line: line, column: call.column, "\(name) is computed in Lua (a variable or an expression): this reader takes literal values only; write the value or bind the gesture by hand")
            return
        }
        guard let fingerText = literal("fingers"), let fingers = Int(fingerText), (2...5).contains(fingers) else {
            return fail("hl.gesture needs fingers = 2 to 5")
        }
        guard let direction = literal("direction") else { return fail("hl.gesture needs direction = \"…\"") }
        guard let action = fields.first(where: { $0.name == "action" }) else { return fail("hl.gesture needs an action") }
        var spec = HyprlandImporter.GestureSpec(fingers: fingers, direction: direction.lowercased(), modifier: literal("mods"), scale: literal("scale"),
                                                action: "", arguments: [])
        if fields.contains(where: { $0.name == "disable_inhibit" }) {
            recorder.warn(line: line, column: call.column, "disable_inhibit: gesto does not know shortcut inhibitors (it is not the compositor): left out")
        }
        if let value = literal("action") {
            spec.action = value
            switch value.lowercased() {
            case "special": spec.arguments = [literal("workspace_name") ?? ""]
            case "fullscreen", "float": spec.arguments = literal("mode").map { [$0] } ?? []
            default: break
            }
        } else if spec.modifier == nil {
            // Hyprland acts on the gesture whatever gesto can read of the function.
            func notImportable(_ reason: String) {
                if let gestures = HyprlandImporter.gestureNames(fingers: fingers, direction: spec.direction) {
                    recorder.sourceBinds(gestures, line: line, column: call.column)
                }
                recorder.skip(line: line, column: call.column, reason)
            }
            // A function: inline, or named by a local defined earlier in the file.
            var body: Range<Int>?
            if tokens[action.start].isName("function"), let end = matchingEnd(tokens, from: action.start),
               let parameters = tokens[(action.start + 1)...].firstIndex(where: { $0.isSymbol(")") }), parameters < end {
                body = (parameters + 1)..<end
            } else if action.end == action.start + 1, case .name(let name) = tokens[action.start].kind {
                body = functions[name]
                if body == nil {
                    notImportable("action = \(name): a Lua function this reader did not find as `local \(name) = function() … end` in this file; bind `exec:` to what it does")
                    return
                }
            } else if tokens[action.start].isSymbol("{") {
                notImportable("a live Lua gesture (start/update/finish functions fed the fingers' deltas): gesto runs no Lua; a `continuous` binding's command sees GESTO_PHASE, GESTO_DX, GESTO_DY, GESTO_SCALE instead")
                return
            }
            guard let body, let made = command(of: body, tokens: tokens, text: text) else {
                notImportable("a Lua function gesto cannot read (more than one hl.exec_cmd or hl.dispatch with literal arguments): gesto runs no Lua; bind `exec:` to a script doing the same")
                return
            }
            spec.luaFunction = made
        }
        HyprlandImporter.bind(spec, line: line, column: call.column, dialect: .lua, into: &recorder, workspaces: &workspaces)
    }

    /// The action a function body comes to, if it is one command or one dispatcher of literals.
    private static func command(of body: Range<Int>, tokens: [Token], text: [Character]) -> Action? {
        var range = body
        if let last = range.last, tokens[last].isSymbol(";") { range = range.dropLast() }
        let part = Array(tokens[range])
        func call(_ path: [String], at offset: Int) -> Int? {
            // hl.a.b( → the index of the token after `(`.
            var index = offset
            for (number, name) in path.enumerated() {
                if number > 0 {
                    guard index < part.count, part[index].isSymbol(".") else { return nil }
                    index += 1
                }
                guard index < part.count, part[index].isName(name) else { return nil }
                index += 1
            }
            guard index < part.count, part[index].isSymbol("(") else { return nil }
            return index + 1
        }
        // hl.exec_cmd("…")
        if let argument = call(["hl", "exec_cmd"], at: 0), argument + 2 == part.count, case .string(let command) = part[argument].kind,
           part[argument + 1].isSymbol(")") {
            return .exec(command)
        }
        guard let argument = call(["hl", "dispatch"], at: 0), part.last?.isSymbol(")") == true, argument < part.count - 1 else { return nil }
        // hl.dispatch(hl.dsp.exec_cmd("…"))
        if let inner = call(["hl", "dsp", "exec_cmd"], at: argument), inner + 3 == part.count, case .string(let command) = part[inner].kind,
           part[inner + 1].isSymbol(")") {
            return .exec(command)
        }
        // hl.dispatch(EXPR), EXPR of hl.… names, table keys and literals: hyprctl runs it.
        let expression = part[argument..<(part.count - 1)]
        for (offset, token) in zip(expression.indices, expression) {
            guard case .name(let name) = token.kind else { continue }
            let afterDot = offset > expression.startIndex && part[offset - 1].isSymbol(".")
            let isKey = offset + 1 < part.count && part[offset + 1].isSymbol("=")
            if !(name == "hl" || afterDot || isKey || ["true", "false", "nil"].contains(name)) { return nil }
        }
        let source = String(text[expression.first!.start..<expression.last!.end])
        return .exec("hyprctl dispatch " + ShellWords.quoted(source))
    }

    /// `local NAME = function() … end`, `local function NAME() … end`, `function NAME() … end`:
    /// the body's token range by name.
    private static func namedFunctions(_ tokens: [Token]) -> [String: Range<Int>] {
        var functions: [String: Range<Int>] = [:]
        for index in tokens.indices where tokens[index].isName("function") {
            var name: String?
            if index + 1 < tokens.count, case .name(let named) = tokens[index + 1].kind, index + 2 < tokens.count, tokens[index + 2].isSymbol("(") {
                name = named
            } else if index >= 2, tokens[index - 1].isSymbol("="), case .name(let named) = tokens[index - 2].kind, index >= 3, tokens[index - 3].isName("local") {
                name = named
            }
            guard let name, let end = matchingEnd(tokens, from: index),
                  let parameters = tokens[index...].firstIndex(where: { $0.isSymbol(")") }), parameters < end else { continue }
            functions[name] = (parameters + 1)..<end
        }
        return functions
    }

    /// The fields of a table whose tokens run from `start` to `end` (exclusive): `name = value`
    /// at depth 0, separated by `,` or `;`.
    private static func fields(_ tokens: [Token], from start: Int, to end: Int) -> [Field] {
        var fields: [Field] = []
        var index = start
        while index < end {
            var valueStart = index
            var name = ""
            if index + 1 < end, case .name(let key) = tokens[index].kind, tokens[index + 1].isSymbol("=") {
                name = key
                valueStart = index + 2
            }
            var cursor = valueStart
            var depth = 0
            while cursor < end {
                let token = tokens[cursor]
                if depth == 0, token.isSymbol(",") || token.isSymbol(";") { break }
                if token.isSymbol("(") || token.isSymbol("{") || token.isSymbol("[") || opensBlock(token) { depth += 1 }
                if token.isSymbol(")") || token.isSymbol("}") || token.isSymbol("]") || token.isName("end") { depth -= 1 }
                cursor += 1
            }
            if !name.isEmpty, cursor > valueStart { fields.append(Field(name: name, start: valueStart, end: cursor)) }
            index = cursor + 1
        }
        return fields
    }

    /// Lua's block openers closed by `end` (`while … do` and `for … do` open once, at `do`).
    private static func opensBlock(_ token: Token) -> Bool {
        token.isName("function") || token.isName("if") || token.isName("do")
    }

    /// The index of the bracket closing the one at `open`.
    private static func matching(_ tokens: [Token], from open: Int) -> Int? {
        var depth = 0
        for index in open..<tokens.count {
            if tokens[index].isSymbol("{") || tokens[index].isSymbol("(") || tokens[index].isSymbol("[") { depth += 1 }
            if tokens[index].isSymbol("}") || tokens[index].isSymbol(")") || tokens[index].isSymbol("]") {
                depth -= 1
                if depth == 0 { return index }
            }
        }
        return nil
    }

    /// The index of the `end` closing the `function` at `start`.
    private static func matchingEnd(_ tokens: [Token], from start: Int) -> Int? {
        var depth = 0
        for index in start..<tokens.count {
            if opensBlock(tokens[index]) { depth += 1 }
            if tokens[index].isName("end") {
                depth -= 1
                if depth == 0 { return index }
            }
        }
        return nil
    }

    /// Lua's tokens: names, numbers, strings (quoted and long brackets, escapes read), symbols;
    /// comments (`--` to the end of the line, `--[[ … ]]`) skipped.
    static func tokenize(_ text: [Character]) -> [Token] {
        var tokens: [Token] = []
        var index = 0
        var line = 1
        var lineStart = 0
        func advance() {
            if text[index] == "\n" { line += 1; lineStart = index + 1 }
            index += 1
        }
        /// A long bracket `[[`, `[=[` … at `index`: its level, or nil.
        func longBracket(at offset: Int) -> Int? {
            guard offset < text.count, text[offset] == "[" else { return nil }
            var level = 0
            var cursor = offset + 1
            while cursor < text.count, text[cursor] == "=" { level += 1; cursor += 1 }
            return cursor < text.count && text[cursor] == "[" ? level : nil
        }
        func skipLong(level: Int) -> String {
            index += level + 2
            var content = ""
            while index < text.count {
                if text[index] == "]" {
                    var cursor = index + 1
                    var closing = 0
                    while cursor < text.count, text[cursor] == "=" { closing += 1; cursor += 1 }
                    if closing == level, cursor < text.count, text[cursor] == "]" {
                        index = cursor + 1
                        return content
                    }
                }
                content.append(text[index])
                advance()
            }
            return content
        }
        while index < text.count {
            let character = text[index]
            let (startLine, startColumn, start) = (line, index - lineStart + 1, index)
            if character.isWhitespace { advance(); continue }
            if character == "-", index + 1 < text.count, text[index + 1] == "-" {
                index += 2
                if let level = longBracket(at: index) { _ = skipLong(level: level); continue }
                while index < text.count, text[index] != "\n" { index += 1 }
                continue
            }
            if character == "\"" || character == "'" {
                index += 1
                var value = ""
                while index < text.count, text[index] != character, text[index] != "\n" {
                    if text[index] == "\\", index + 1 < text.count {
                        index += 1
                        switch text[index] {
                        case "n": value.append("\n")
                        case "t": value.append("\t")
                        default: value.append(text[index])
                        }
                    } else {
                        value.append(text[index])
                    }
                    index += 1
                }
                if index < text.count, text[index] == character { index += 1 }
                tokens.append(Token(kind: .string(value), line: startLine, column: startColumn, start: start, end: index))
                continue
            }
            if let level = longBracket(at: index) {
                let value = skipLong(level: level)
                tokens.append(Token(kind: .string(value), line: startLine, column: startColumn, start: start, end: index))
                continue
            }
            if character.isLetter || character == "_" {
                var name = ""
                while index < text.count, text[index].isLetter || text[index].isNumber || text[index] == "_" { name.append(text[index]); index += 1 }
                tokens.append(Token(kind: .name(name), line: startLine, column: startColumn, start: start, end: index))
                continue
            }
            if character.isNumber {
                var number = ""
                while index < text.count, text[index].isNumber || text[index] == "." || text[index].isLetter { number.append(text[index]); index += 1 }
                tokens.append(Token(kind: .number(number), line: startLine, column: startColumn, start: start, end: index))
                continue
            }
            // `..` and `==` are one symbol each, so a `=` is always an assignment.
            let pair = index + 1 < text.count ? String([character, text[index + 1]]) : ""
            if ["..", "==", "~=", "<=", ">="].contains(pair) {
                tokens.append(Token(kind: .symbol(pair), line: startLine, column: startColumn, start: start, end: index + 2))
                index += 2
                continue
            }
            tokens.append(Token(kind: .symbol(String(character)), line: startLine, column: startColumn, start: start, end: index + 1))
            index += 1
        }
        return tokens
    }
}
