// An imported config written as a gesto config file: a header saying where it came from and
// which choices were made, the settings, and the bindings in source order, each under a comment
// naming its source line; lines that could not be imported appear at their place, commented
// out, with the reason. `gestoctl check` accepts the result.
import GestoCore
import GestoConfig
import GestoYAML

extension ImportedConfig {
    /// The gesto config text.
    public var configText: String {
        var text = "# gesto config imported from \(oneLine(file)) (\(format.toolName)) by `gestoctl import \(format.rawValue)`.\n"
        let count = bindings.count
        text += "# \(count) binding\(count == 1 ? "" : "s") from \(importedSourceLines) source line\(importedSourceLines == 1 ? "" : "s"); "
        text += "\(unimportableSummary) not importable (commented out below, with the reason).\n"
        if !warnings.isEmpty {
            text += "# \(warnings.count) warning\(warnings.count == 1 ? "" : "s"): shown as `warning:` under the line concerned.\n"
        }
        for choice in choices { text += "# - \(oneLine(choice))\n" }
        if !settings.isEmpty {
            text += "settings:\n"
            var sections: [String] = []
            for setting in settings where !sections.contains(setting.section) { sections.append(setting.section) }
            for section in sections {
                let entries = settings.filter { $0.section == section }
                for entry in entries { text += "  # \(oneLine(entry.key)): \(oneLine(entry.reason))\n" }
                text += "  \(section): {" + entries.map { "\($0.key): \($0.value)" }.joined(separator: ", ") + "}\n"
            }
        }
        let items = sourceOrderedItems
        guard !items.isEmpty else { return text + "bindings: []\n" }
        text += bindings.isEmpty ? "bindings: []\n" : "bindings:\n"
        // Warnings by file and line, shown under their line.
        var warningsByLine: [String: [ImportWarning]] = [:]
        for warning in warnings { warningsByLine[Self.key(warning.location), default: []].append(warning) }
        var previous: String?
        for item in items {
            switch item {
            case .binding(let binding):
                if Self.key(binding.source.location) != previous {
                    text += "  # \(sourceName(binding.source))\n"
                    for warning in warningsByLine.removeValue(forKey: Self.key(binding.source.location)) ?? [] {
                        text += "  #   warning: \(oneLine(warning.message)) (column \(warning.location.column))\n"
                    }
                }
                text += "  - " + binding.yamlFlow + "\n"
                previous = Self.key(binding.source.location)
            case .unimportable(let skipped):
                text += "  # \(sourceName(skipped.source))\n"
                for warning in warningsByLine.removeValue(forKey: Self.key(skipped.source.location)) ?? [] {
                    text += "  #   warning: \(oneLine(warning.message)) (column \(warning.location.column))\n"
                }
                text += "  #   not importable: \(oneLine(skipped.reason))\n"
                previous = nil
            }
        }
        // Warnings on lines with neither a binding nor a skip (an include that matches nothing):
        // at the end, in file order.
        for warning in warnings where warningsByLine[Self.key(warning.location)] != nil {
            text += "  # \(sourceName(SourceLine(location: warning.location, text: "")))warning: \(oneLine(warning.message))\n"
        }
        return text
    }

    /// What is not importable, counted: `3 source lines`, or `2000 entries on 1 source line`
    /// when a line holds several (a minified or flow-style file).
    public var unimportableSummary: String {
        let lines = unimportableSourceLines
        let linesText = "\(lines) source line\(lines == 1 ? "" : "s")"
        if unimportable.count == lines { return linesText }
        return "\(unimportable.count) entr\(unimportable.count == 1 ? "y" : "ies") on \(linesText)"
    }

    /// `FILE:LINE`, to group what a line gave.
    static func key(_ location: SourceLocation) -> String { "\(location.file):\(location.line)" }

    enum Item {
        case binding(ImportedBinding)
        case unimportable(Unimportable)
        var location: SourceLocation {
            switch self {
            case .binding(let binding): binding.source.location
            case .unimportable(let skipped): skipped.source.location
            }
        }
    }

    /// Bindings and skipped lines by file (the file itself, then its includes) and source line
    /// (stable: a line's bindings keep their order).
    var sourceOrderedItems: [Item] {
        let items = bindings.map(Item.binding) + unimportable.map(Item.unimportable)
        let rank = fileRanks
        return items.enumerated().sorted { a, b in
            let (x, y) = (a.element.location, b.element.location)
            return (rank[x.file] ?? 0, x.line, a.offset) < (rank[y.file] ?? 0, y.line, b.offset)
        }.map(\.element)
    }

    /// `FILE:LINE: TEXT`, with the file's last path component (the path relative to the
    /// imported file's folder for an included file).
    func sourceName(_ source: SourceLine) -> String {
        let file = source.location.file
        let folder = self.file.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/") + "/"
        let name = file != self.file && file.hasPrefix(folder) && folder != "/" ? String(file.dropFirst(folder.count))
            : file.split(separator: "/").last.map(String.init) ?? file
        return "\(oneLine(name)):\(source.location.line): \(oneLine(source.text))"
    }

    /// The text on one line, as a comment can hold it: line breaks (YAML's, NEL and the
    /// Unicode separators included) become spaces, and what libyaml refuses even in a comment
    /// (control characters) is written as its escape (`\x17`).
    func oneLine(_ text: String) -> String {
        var line = ""
        var pendingSpace = false
        for scalar in text.unicodeScalars {
            if isYAMLBreak(scalar) {
                pendingSpace = !line.isEmpty
                continue
            }
            if pendingSpace { line += " " }
            pendingSpace = false
            if isYAMLPrintable(scalar) { line.unicodeScalars.append(scalar) } else { line += yamlEscape(scalar) }
        }
        return line
    }
}

extension ImportedBinding {
    /// The binding as a YAML flow mapping: `{gesture: swipe:3:left, mode: on-threshold, keys: super+Tab}`.
    public var yamlFlow: String {
        var parts = ["gesture: \(gesture)"]
        if let app { parts.append("app: \(yamlScalar(app))") }
        if mode != .onEnd { parts.append("mode: \(mode.rawValue)") }
        for override in overrides { parts.append("\(override.key): \(yamlScalar(override.value))") }
        let value: String
        switch action {
        case .exec(let command): value = command
        case .session(.keys(let keys)): value = keys
        case .session(.window(let operation)): value = operation.rawValue
        case .session(.sway(let command)), .session(.hyprland(let command)): value = command
        case .reorder, .windowMotion: value = action.summary
        case .session(.workspace(let workspace)): value = workspace.direction.rawValue
        case .drag(let button): value = button.rawValue
        }
        parts.append("\(action.key): \(yamlScalar(value))")
        return "{" + parts.joined(separator: ", ") + "}"
    }
}

/// `text` as a YAML scalar that reads back as exactly `text` inside a flow mapping: plain when
/// that is safe, double-quoted otherwise.
public func yamlScalar(_ text: String) -> String {
    let reserved: Set<String> = ["true", "false", "yes", "no", "on", "off", "null", "~", "y", "n"]
    var isPlain = !text.isEmpty && !reserved.contains(text.lowercased())
    if let first = text.first, "-?:,[]{}#&*!|>'\"%@` \t".contains(first) { isPlain = false }
    if let last = text.last, last == " " || last == "\t" || last == ":" { isPlain = false }
    if text.contains(": ") || text.contains(" #") || text.contains(where: { ",[]{}\"'\\\t".contains($0) })
        || text.unicodeScalars.contains(where: { !isYAMLPrintable($0) || isYAMLBreak($0) }) {
        isPlain = false
    }
    if isPlain { return text }
    var quoted = "\""
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\"": quoted += "\\\""
        case "\\": quoted += "\\\\"
        case "\n": quoted += "\\n"
        case "\t": quoted += "\\t"
        case "\r": quoted += "\\r"
        default:
            // A break inside double quotes would fold into a space: escaped like a control.
            if !isYAMLPrintable(scalar) || isYAMLBreak(scalar) { quoted += yamlEscape(scalar) } else { quoted.unicodeScalars.append(scalar) }
        }
    }
    return quoted + "\""
}

/// Whether libyaml's reader takes `scalar` anywhere in a document, comments included (YAML
/// 1.1's printable set, checked in libyaml's `yaml_parser_update_buffer`: tab, LF, CR,
/// U+0020–U+007E, NEL, U+00A0–U+D7FF, U+E000–U+FFFD and above U+FFFF); it stops with
/// "control characters are not allowed" at any other.
func isYAMLPrintable(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x09, 0x0A, 0x0D, 0x20...0x7E, 0x85, 0xA0...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: true
    default: false
    }
}

/// Whether YAML 1.1 (libyaml's IS_BREAK) ends a line at `scalar`: LF, CR, NEL, and the Unicode
/// line and paragraph separators. A comment ends there, so what follows would be read as YAML.
func isYAMLBreak(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x0A, 0x0D, 0x85, 0x2028, 0x2029: true
    default: false
    }
}

/// `scalar` as a YAML double-quoted escape: `\xHH` up to U+00FF, `\uHHHH` above.
func yamlEscape(_ scalar: Unicode.Scalar) -> String {
    let hex = String(scalar.value, radix: 16)
    let width = scalar.value <= 0xFF ? 2 : 4
    return (width == 2 ? "\\x" : "\\u") + String(repeating: "0", count: max(0, width - hex.count)) + hex
}
