// An imported config written as a gesto config file: a header saying where it came from and
// which choices were made, the settings, and the bindings in source order, each under a comment
// naming its source line; lines that could not be imported appear at their place, commented
// out, with the reason. `gestoctl check` accepts the result.
import GestoCore
import GestoConfig

extension ImportedConfig {
    /// The gesto config text.
    public var configText: String {
        var text = "# gesto config imported from \(file) (\(format.toolName)) by `gestoctl import \(format.rawValue)`.\n"
        let count = bindings.count
        text += "# \(count) binding\(count == 1 ? "" : "s") from \(importedSourceLines) source line\(importedSourceLines == 1 ? "" : "s"); "
        text += "\(unimportable.count) source line\(unimportable.count == 1 ? "" : "s") not importable (commented out below, with the reason).\n"
        if !warnings.isEmpty {
            text += "# \(warnings.count) warning\(warnings.count == 1 ? "" : "s"): shown as `warning:` under the line concerned.\n"
        }
        for choice in choices { text += "# - \(choice)\n" }
        if !settings.isEmpty {
            text += "settings:\n"
            var sections: [String] = []
            for setting in settings where !sections.contains(setting.section) { sections.append(setting.section) }
            for section in sections {
                let entries = settings.filter { $0.section == section }
                for entry in entries { text += "  # \(entry.key): \(entry.reason)\n" }
                text += "  \(section): {" + entries.map { "\($0.key): \($0.value)" }.joined(separator: ", ") + "}\n"
            }
        }
        let items = sourceOrderedItems
        guard !items.isEmpty else { return text + "bindings: []\n" }
        text += bindings.isEmpty ? "bindings: []\n" : "bindings:\n"
        var warningsByLine: [Int: [ImportWarning]] = [:]
        for warning in warnings { warningsByLine[warning.location.line, default: []].append(warning) }
        var previousLine: Int?
        for item in items {
            switch item {
            case .binding(let binding):
                if binding.source.location.line != previousLine {
                    text += "  # \(sourceName(binding.source))\n"
                    for warning in warningsByLine.removeValue(forKey: binding.source.location.line) ?? [] {
                        text += "  #   warning: \(oneLine(warning.message)) (column \(warning.location.column))\n"
                    }
                }
                text += "  - " + binding.yamlFlow + "\n"
                previousLine = binding.source.location.line
            case .unimportable(let skipped):
                text += "  # \(sourceName(skipped.source))\n"
                for warning in warningsByLine.removeValue(forKey: skipped.source.location.line) ?? [] {
                    text += "  #   warning: \(oneLine(warning.message)) (column \(warning.location.column))\n"
                }
                text += "  #   not importable: \(oneLine(skipped.reason))\n"
                previousLine = nil
            }
        }
        // Warnings on lines with neither a binding nor a skip (rare): at the end.
        for line in warningsByLine.keys.sorted() {
            for warning in warningsByLine[line]! { text += "  # \(warning.location): warning: \(oneLine(warning.message))\n" }
        }
        return text
    }

    enum Item {
        case binding(ImportedBinding)
        case unimportable(Unimportable)
        var line: Int {
            switch self {
            case .binding(let binding): binding.source.location.line
            case .unimportable(let skipped): skipped.source.location.line
            }
        }
    }

    /// Bindings and skipped lines by source line (stable: a line's bindings keep their order).
    var sourceOrderedItems: [Item] {
        let items = bindings.map(Item.binding) + unimportable.map(Item.unimportable)
        return items.enumerated().sorted { a, b in
            a.element.line != b.element.line ? a.element.line < b.element.line : a.offset < b.offset
        }.map(\.element)
    }

    /// `FILE:LINE: TEXT`, with the file's last path component.
    func sourceName(_ source: SourceLine) -> String {
        let name = file.split(separator: "/").last.map(String.init) ?? file
        return "\(name):\(source.location.line): \(oneLine(source.text))"
    }

    /// The text on one line (a comment cannot hold a line break).
    func oneLine(_ text: String) -> String {
        text.split(whereSeparator: { $0 == "\n" || $0 == "\r" }).joined(separator: " ")
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
        case .keys(let keys): value = keys
        case .window(let operation): value = operation.rawValue
        case .sway(let command): value = command
        case .reorder, .windowMotion: value = action.summary
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
    if text.contains(": ") || text.contains(" #") || text.contains(where: { ",[]{}\"'\\\t".contains($0) || $0.asciiValue.map { $0 < 0x20 } == true }) {
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
            if scalar.value < 0x20 || scalar.value == 0x7f {
                let hex = String(scalar.value, radix: 16)
                quoted += "\\x" + String(repeating: "0", count: 2 - hex.count) + hex
            } else {
                quoted.unicodeScalars.append(scalar)
            }
        }
    }
    return quoted + "\""
}
