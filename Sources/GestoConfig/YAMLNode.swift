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
    /// How deeply collections may nest: 64. gesto's config nests 5 levels at most (bindings,
    /// a binding, `animation:`…); a config nested 32,000 levels deep stalled gestod for seconds.
    public static let maximumDepth = 64

    /// Parses `text` (UTF-8 YAML) with libyaml. An empty document gives an empty mapping.
    /// - Throws: ``YAMLError`` at the first syntax error, duplicate key, alias, second document,
    ///   or collection nested deeper than ``maximumDepth``.
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
        /// An open collection: a mapping's entries with a pending key and the lines its keys
        /// were first given at, or a sequence's items. The stack's top is appended to in place
        /// and a finished collection's array is moved into its node, so building is linear in
        /// the input (popping an enum, appending and pushing it back copied the array every
        /// time: a config of 20,000 bindings took 4.3 s).
        struct Open {
            var isMapping: Bool
            var start: SourceLocation
            var entries: [(key: String, keyLocation: SourceLocation, value: YAMLNode)] = []
            var items: [YAMLNode] = []
            var pendingKey: (String, SourceLocation)?
            /// Each key's first line, for duplicate-key errors in constant time.
            var keyLines: [String: Int] = [:]
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
            case YAML_MAPPING_START_EVENT, YAML_SEQUENCE_START_EVENT:
                guard stack.count < YAMLNode.maximumDepth else {
                    throw YAMLError(location: here, message: "collections nest deeper than \(YAMLNode.maximumDepth) levels; gesto's config needs only a few")
                }
                stack.append(Open(isMapping: event.type == YAML_MAPPING_START_EVENT, start: here))
            case YAML_MAPPING_END_EVENT, YAML_SEQUENCE_END_EVENT:
                guard let top = stack.popLast() else { break }
                try add(top.isMapping ? .mapping(top.entries, top.start) : .sequence(top.items, top.start))
            default:
                break  // stream start, document end, no-op events
            }
            return false
        }

        mutating func add(_ node: YAMLNode) throws(YAMLError) {
            let top = stack.count - 1
            guard top >= 0 else { root = node; return }
            guard stack[top].isMapping else {
                stack[top].items.append(node)
                return
            }
            if let (key, keyLocation) = stack[top].pendingKey {
                stack[top].entries.append((key, keyLocation, node))
                stack[top].pendingKey = nil
                return
            }
            guard case .scalar(let key, let keyLocation) = node else {
                throw YAMLError(location: node.location, message: "a mapping key must be a plain name, not \(node.kindDescription)")
            }
            if let line = stack[top].keyLines[key] {
                throw YAMLError(location: keyLocation, message: "duplicate key '\(key)' (first given at line \(line))")
            }
            stack[top].keyLines[key] = keyLocation.line
            stack[top].pendingKey = (key, keyLocation)
        }
    }
}
