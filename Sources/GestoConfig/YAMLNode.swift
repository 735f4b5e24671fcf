// A YAML document as a tree of scalars, mappings and sequences, each with its location,
// built from libyaml's event parser (Debian's libyaml). gesto's config needs no tags,
// anchors or multiple documents; those are reported as errors rather than guessed at.
import CYAML

/// One node of a YAML document, with the location where it starts.
public indirect enum YAMLNode: Sendable {
    /// A scalar, as written (libyaml resolves no types; the config decoder does).
    case scalar(String, SourceLocation)
    /// A mapping: keys in document order (keys are scalars; duplicates are rejected).
    case mapping([(key: String, keyLocation: SourceLocation, value: YAMLNode)], SourceLocation)
    /// A sequence.
    case sequence([YAMLNode], SourceLocation)

    /// Where the node starts.
    public var location: SourceLocation {
        switch self {
        case .scalar(_, let l), .mapping(_, let l), .sequence(_, let l): l
        }
    }

    /// "a scalar", "a mapping" or "a list", for error messages.
    public var kindDescription: String {
        switch self {
        case .scalar: "a scalar"
        case .mapping: "a mapping"
        case .sequence: "a list"
        }
    }
}

/// A YAML syntax problem, with libyaml's own description and position.
public struct YAMLError: Error, Sendable, CustomStringConvertible {
    public var location: SourceLocation
    public var message: String
    public var description: String { "\(location): \(message)" }
}

extension YAMLNode {
    /// Parses `text` (UTF-8 YAML) with libyaml. An empty document gives an empty mapping.
    /// - Throws: ``YAMLError`` at the first syntax error, duplicate key, alias, or second document.
    public static func parse(_ text: String, file: String) throws(YAMLError) -> YAMLNode {
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) != 0 else {
            throw YAMLError(location: SourceLocation(file: file, line: 1, column: 1), message: "cannot initialize libyaml")
        }
        defer { yaml_parser_delete(&parser) }
        var bytes = Array(text.utf8)
        return try bytes.withUnsafeMutableBufferPointer { (buffer) throws(YAMLError) -> YAMLNode in
            yaml_parser_set_input_string(&parser, buffer.baseAddress, buffer.count)
            var builder = Builder(file: file)
            while true {
                var event = yaml_event_t()
                guard yaml_parser_parse(&parser, &event) != 0 else {
                    let mark = parser.problem_mark
                    let problem = parser.problem.map { String(cString: $0) } ?? "syntax error"
                    let context = parser.context.map { String(cString: $0) + ": " } ?? ""
                    let line = Int(mark.line) + 1
                    if let column = indentingTabColumn(in: buffer, line: line) {
                        throw YAMLError(location: SourceLocation(file: file, line: line, column: column),
                                        message: "YAML does not allow TAB for indentation; use spaces (libyaml: \(context)\(problem))")
                    }
                    throw YAMLError(location: SourceLocation(file: file, line: line, column: Int(mark.column) + 1),
                                    message: "YAML syntax: \(context)\(problem)")
                }
                defer { yaml_event_delete(&event) }
                if try builder.consume(&event) { break }
            }
            return builder.root ?? .mapping([], SourceLocation(file: file, line: 1, column: 1))
        }
    }

    /// The 1-based byte column of the first TAB in the indentation of line `line` (1-based)
    /// of `text`, if its indentation has one: libyaml's message for that ("found character
    /// that cannot start any token") does not say the cause.
    private static func indentingTabColumn(in text: UnsafeMutableBufferPointer<UInt8>, line: Int) -> Int? {
        var current = 1
        var index = 0
        while current < line, index < text.count {
            if text[index] == UInt8(ascii: "\n") { current += 1 }
            index += 1
        }
        guard current == line else { return nil }
        let lineStart = index
        while index < text.count {
            switch text[index] {
            case UInt8(ascii: "\t"): return index - lineStart + 1
            case UInt8(ascii: " "): index += 1
            default: return nil
            }
        }
        return nil
    }

    /// Turns libyaml's event stream into nodes.
    private struct Builder {
        let file: String
        var root: YAMLNode?
        var documents = 0
        /// Open collections: a mapping's entries with a pending key, or a sequence's items.
        enum Open {
            case mapping([(key: String, keyLocation: SourceLocation, value: YAMLNode)], pendingKey: (String, SourceLocation)?, SourceLocation)
            case sequence([YAMLNode], SourceLocation)
        }
        var stack: [Open] = []

        init(file: String) { self.file = file }

        func location(_ mark: yaml_mark_t) -> SourceLocation {
            SourceLocation(file: file, line: Int(mark.line) + 1, column: Int(mark.column) + 1)
        }

        /// Returns true at the end of the stream.
        mutating func consume(_ event: inout yaml_event_t) throws(YAMLError) -> Bool {
            let here = location(event.start_mark)
            switch event.type {
            case YAML_STREAM_END_EVENT:
                return true
            case YAML_DOCUMENT_START_EVENT:
                documents += 1
                if documents > 1 { throw YAMLError(location: here, message: "only one YAML document is allowed") }
            case YAML_ALIAS_EVENT:
                throw YAMLError(location: here, message: "aliases (*name) are not supported in gesto's config")
            case YAML_SCALAR_EVENT:
                let scalar = event.data.scalar
                let value = scalar.value.map { pointer in
                    String(decoding: UnsafeBufferPointer(start: pointer, count: Int(scalar.length)), as: UTF8.self)
                } ?? ""
                try add(.scalar(value, here))
            case YAML_MAPPING_START_EVENT:
                stack.append(.mapping([], pendingKey: nil, here))
            case YAML_SEQUENCE_START_EVENT:
                stack.append(.sequence([], here))
            case YAML_MAPPING_END_EVENT:
                if case .mapping(let entries, _, let start)? = stack.popLast() { try add(.mapping(entries, start)) }
            case YAML_SEQUENCE_END_EVENT:
                if case .sequence(let items, let start)? = stack.popLast() { try add(.sequence(items, start)) }
            default:
                break  // stream start, document end, no-op events
            }
            return false
        }

        mutating func add(_ node: YAMLNode) throws(YAMLError) {
            guard let top = stack.popLast() else { root = node; return }
            switch top {
            case .sequence(var items, let start):
                items.append(node)
                stack.append(.sequence(items, start))
            case .mapping(var entries, let pending, let start):
                if let (key, keyLocation) = pending {
                    entries.append((key, keyLocation, node))
                    stack.append(.mapping(entries, pendingKey: nil, start))
                } else {
                    guard case .scalar(let key, let keyLocation) = node else {
                        throw YAMLError(location: node.location, message: "a mapping key must be a plain name, not \(node.kindDescription)")
                    }
                    if let first = entries.first(where: { $0.key == key }) {
                        throw YAMLError(location: keyLocation, message: "duplicate key '\(key)' (first given at line \(first.keyLocation.line))")
                    }
                    stack.append(.mapping(entries, pendingKey: (key, keyLocation), start))
                }
            }
        }
    }
}
