// Shell words as Python's `shlex.split` makes them (POSIX mode, no comments): how
// libinput-gestures turns a command into the argument list it starts without a shell, and how
// the importer reads any command's program and arguments. Each word keeps the column it
// starts at, so warnings about it point into the source line.

/// One word of a command line.
struct ShellWord: Equatable {
    /// The word with quotes and backslashes removed.
    var text: String
    /// Its first character's offset in the command, in characters.
    var offset: Int
    /// True if any part of it was quoted or escaped (a quoted `|` is no pipe).
    var isQuoted: Bool
}

enum ShellWords {
    /// Why a command line cannot be split.
    enum SplitError: Error, Equatable {
        /// A quote opened at `offset` is never closed.
        case unclosedQuote(Character, offset: Int)
    }

    /// Splits `command` as `shlex.split(command)` does.
    static func split(_ command: String) throws(SplitError) -> [ShellWord] {
        var words: [ShellWord] = []
        var current = ""
        var start: Int?
        var quoted = false
        var quote: (Character, Int)?
        var escaped = false
        for (offset, character) in command.enumerated() {
            if escaped {
                // Inside double quotes a backslash escapes only these; elsewhere anything.
                if let (q, _) = quote, q == "\"", !"\"\\$`\n".contains(character) { current.append("\\") }
                current.append(character)
                escaped = false
                continue
            }
            if let (q, _) = quote {
                if character == q { quote = nil } else if character == "\\" && q == "\"" { escaped = true } else { current.append(character) }
                continue
            }
            switch character {
            case " ", "\t", "\n":
                if let begun = start {
                    words.append(ShellWord(text: current, offset: begun, isQuoted: quoted))
                    current = ""
                    start = nil
                    quoted = false
                }
            case "'", "\"":
                if start == nil { start = offset }
                quote = (character, offset)
                quoted = true
            case "\\":
                if start == nil { start = offset }
                escaped = true
                quoted = true
            default:
                if start == nil { start = offset }
                current.append(character)
            }
        }
        if let (q, at) = quote { throw .unclosedQuote(q, offset: at) }
        if let begun = start { words.append(ShellWord(text: current, offset: begun, isQuoted: quoted)) }
        return words
    }

    /// The offset of the first unquoted `#` that starts a word, if any: a comment to a shell,
    /// but an argument to a tool that splits commands itself.
    static func inlineCommentOffset(_ command: String) -> Int? {
        var quote: Character?
        var escaped = false
        var previous: Character = " "
        for (offset, character) in command.enumerated() {
            defer { previous = character }
            if escaped { escaped = false; continue }
            if let q = quote {
                if character == q { quote = nil } else if character == "\\" && q == "\"" { escaped = true }
                continue
            }
            switch character {
            case "'", "\"": quote = character
            case "\\": escaped = true
            case "#" where previous == " " || previous == "\t": return offset
            default: break
            }
        }
        return nil
    }

    /// The shell operators and expansions in `command` outside quotes (`|`, `;`, `&&`, `>`,
    /// backquotes, `$(…)`, globs), each with its offset: what `/bin/sh -c` treats specially and
    /// a tool without a shell passes on as text.
    static func shellOperators(_ command: String) -> [(text: String, offset: Int)] {
        var found: [(String, Int)] = []
        var quote: Character?
        var escaped = false
        let characters = Array(command)
        var index = 0
        while index < characters.count {
            let character = characters[index]
            defer { index += 1 }
            if escaped { escaped = false; continue }
            if let q = quote {
                if character == q { quote = nil } else if character == "\\" && q == "\"" { escaped = true }
                else if q == "\"" && (character == "`" || (character == "$" && index + 1 < characters.count && characters[index + 1] == "(")) {
                    found.append((character == "`" ? "`" : "$(", index))
                }
                continue
            }
            switch character {
            case "'", "\"": quote = character
            case "\\": escaped = true
            case "|", ";", "&", "<", ">", "`", "*", "?":
                var text = String(character)
                if index + 1 < characters.count, characters[index + 1] == character, "|&<>".contains(character) {
                    text.append(character)
                    index += 1
                }
                found.append((text, index - (text.count - 1)))
            case "$" where index + 1 < characters.count && characters[index + 1] == "(":
                found.append(("$(", index))
            default: break
            }
        }
        return found
    }

    /// `word` quoted for `/bin/sh` if it needs it.
    static func quoted(_ word: String) -> String {
        let safe = word.allSatisfy { $0.isLetter || $0.isNumber || "-_./:=+,@%^~".contains($0) }
        if safe && !word.isEmpty { return word }
        return "'" + word.replacingAll("'", with: "'\\''") + "'"
    }
}

extension String {
    /// The string with every `target` replaced by `replacement` (no Foundation).
    func replacingAll(_ target: String, with replacement: String) -> String {
        guard !target.isEmpty else { return self }
        var result = ""
        var rest = self[...]
        while let range = rest.firstRange(of: target) {
            result += rest[..<range.lowerBound]
            result += replacement
            rest = rest[range.upperBound...]
        }
        return result + rest
    }
}
