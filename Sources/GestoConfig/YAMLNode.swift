// A YAML document as a tree of scalars, mappings and sequences, each with its location,
// built from libyaml's event parser (Debian's libyaml). gesto's config needs no tags,
// anchors or multiple documents; those are reported as errors rather than guessed at. Other
// tools' configs (fusuma's, for `gestoctl import`) use them: ``parseDocuments(_:file:)``
// resolves anchors, aliases and `<<` merge keys and returns every document.
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
        try parse(text, file: file, lenient: false).first ?? .mapping([], SourceLocation(file: file, line: 1, column: 1))
    }

    /// The most nodes aliases may repeat in one file: 100,000. Aliases of aliases multiply
    /// (nine levels of ten make a billion nodes from a 1 KB file); real configs repeat a few.
    public static let maximumAliasedNodes = 100_000

    /// Parses every document of `text`, resolving anchors, aliases (`*name`) and merge keys
    /// (`<<: *name`: the aliased mapping's entries, which the mapping's own keys override), as
    /// YAML-reading tools such as fusuma (Ruby's Psych) do. An empty document is an empty mapping.
    /// - Throws: ``YAMLError`` at the first syntax error, duplicate key, unknown alias, or
    ///   collection nested deeper than ``maximumDepth``; or when aliases repeat more than
    ///   ``maximumAliasedNodes`` nodes.
    public static func parseDocuments(_ text: String, file: String) throws(YAMLError) -> [YAMLNode] {
        try parse(text, file: file, lenient: true)
    }

    private static func parse(_ text: String, file: String, lenient: Bool) throws(YAMLError) -> [YAMLNode] {
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) != 0 else {
            throw YAMLError(location: SourceLocation(file: file, line: 1, column: 1), message: "cannot initialize libyaml")
        }
        defer { yaml_parser_delete(&parser) }
        var bytes = Array(text.utf8)
        return try bytes.withUnsafeMutableBufferPointer { (buffer) throws(YAMLError) -> [YAMLNode] in
            yaml_parser_set_input_string(&parser, buffer.baseAddress, buffer.count)
            var builder = Builder(file: file, lenient: lenient)
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
            if !lenient { return builder.root.map { [$0] } ?? [] }
            return builder.documents
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
        /// Anchors, aliases, merge keys and several documents are read (``parseDocuments``).
        let lenient: Bool
        var root: YAMLNode?
        var documentCount = 0
        /// The documents finished so far (lenient parsing).
        var documents: [YAMLNode] = []
        /// Anchored nodes by name, and the anchor of each open collection.
        var anchors: [String: (node: YAMLNode, size: Int)] = [:]
        var aliasedNodes = 0
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
            /// Keys that came from a merge key (`<<`): the mapping's own entry replaces them.
            var mergedKeys: Set<String> = []
            /// The collection's anchor (`&name`), stored when it ends.
            var anchor: String?
        }
        var stack: [Open] = []

        init(file: String, lenient: Bool) {
            self.file = file
            self.lenient = lenient
        }

        /// The number of nodes in `node`.
        static func size(of node: YAMLNode) -> Int {
            switch node {
            case .scalar: 1
            case .mapping(let entries, _): entries.reduce(1) { $0 + size(of: $1.value) }
            case .sequence(let items, _): items.reduce(1) { $0 + size(of: $1) }
            }
        }

        static func anchorName(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
            pointer.map { String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self)) }
        }

        mutating func remember(_ node: YAMLNode, anchor: String?) {
            guard lenient, let anchor else { return }
            anchors[anchor] = (node, Self.size(of: node))
        }

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
                documentCount += 1
                if documentCount > 1 && !lenient { throw YAMLError(location: here, message: "only one YAML document is allowed") }
            case YAML_DOCUMENT_END_EVENT:
                if lenient {
                    documents.append(root ?? .mapping([], here))
                    root = nil
                }
            case YAML_ALIAS_EVENT:
                guard lenient else {
                    throw YAMLError(location: here, message: "aliases (*name) are not supported in gesto's config")
                }
                let name = Self.anchorName(event.data.alias.anchor) ?? ""
                guard let anchored = anchors[name] else {
                    throw YAMLError(location: here, message: "the alias *\(name) names no anchor (&\(name)) before it")
                }
                aliasedNodes += anchored.size
                guard aliasedNodes <= YAMLNode.maximumAliasedNodes else {
                    throw YAMLError(location: here, message: "aliases repeat more than \(YAMLNode.maximumAliasedNodes) nodes; a config needs a few")
                }
                try add(anchored.node)
            case YAML_SCALAR_EVENT:
                let scalar = event.data.scalar
                let value = scalar.value.map { pointer in
                    String(decoding: UnsafeBufferPointer(start: pointer, count: Int(scalar.length)), as: UTF8.self)
                } ?? ""
                remember(.scalar(value, here), anchor: Self.anchorName(scalar.anchor))
                try add(.scalar(value, here))
            case YAML_MAPPING_START_EVENT, YAML_SEQUENCE_START_EVENT:
                guard stack.count < YAMLNode.maximumDepth else {
                    throw YAMLError(location: here, message: "collections nest deeper than \(YAMLNode.maximumDepth) levels; gesto's config needs only a few")
                }
                let isMapping = event.type == YAML_MAPPING_START_EVENT
                var open = Open(isMapping: isMapping, start: here)
                open.anchor = Self.anchorName(isMapping ? event.data.mapping_start.anchor : event.data.sequence_start.anchor)
                stack.append(open)
            case YAML_MAPPING_END_EVENT, YAML_SEQUENCE_END_EVENT:
                guard let top = stack.popLast() else { break }
                let node: YAMLNode = top.isMapping ? .mapping(top.entries, top.start) : .sequence(top.items, top.start)
                remember(node, anchor: top.anchor)
                try add(node)
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
                stack[top].pendingKey = nil
                if lenient && key == "<<" {
                    try merge(node, into: top, at: keyLocation)
                    return
                }
                stack[top].entries.append((key, keyLocation, node))
                return
            }
            guard case .scalar(let key, let keyLocation) = node else {
                throw YAMLError(location: node.location, message: "a mapping key must be a plain name, not \(node.kindDescription)")
            }
            if stack[top].mergedKeys.remove(key) != nil {
                // The mapping's own key overrides the merged one.
                stack[top].entries.removeAll { $0.key == key }
                stack[top].keyLines[key] = nil
            }
            if let line = stack[top].keyLines[key] {
                throw YAMLError(location: keyLocation, message: "duplicate key '\(key)' (first given at line \(line))")
            }
            stack[top].keyLines[key] = keyLocation.line
            stack[top].pendingKey = (key, keyLocation)
        }

        /// `<<: *name` (or a list of them): the entries of the aliased mappings whose keys the
        /// mapping does not have yet.
        mutating func merge(_ node: YAMLNode, into top: Int, at location: SourceLocation) throws(YAMLError) {
            let sources: [YAMLNode]
            switch node {
            case .mapping: sources = [node]
            case .sequence(let items, _): sources = items
            case .scalar: throw YAMLError(location: location, message: "a merge key (<<) needs a mapping (an alias such as *defaults), not a scalar")
            }
            for source in sources {
                guard case .mapping(let entries, _) = source else {
                    throw YAMLError(location: location, message: "a merge key (<<) merges mappings only, not \(source.kindDescription)")
                }
                for entry in entries where stack[top].keyLines[entry.key] == nil {
                    stack[top].entries.append(entry)
                    stack[top].keyLines[entry.key] = entry.keyLocation.line
                    stack[top].mergedKeys.insert(entry.key)
                }
            }
        }
    }
}
