// gesto's one YAML builder: libyaml's event parser (Debian's libyaml) turned into
// ``YAMLNode`` trees with the line and column of every node. gesto's config needs no tags,
// anchors or multiple documents; those are reported as errors rather than guessed at, and so
// are they in a `libinput record` file, which never has them. Other tools' configs (fusuma's,
// for `gestoctl import`) use them: ``YAMLSyntax/otherTools`` resolves anchors, aliases and
// `<<` merge keys and returns every document. A reader may skip subtrees or take them as they
// complete (YAMLPath.swift).
import CYAML

/// What a document may contain, and how it is named in errors.
public struct YAMLSyntax: Sendable {
    /// Anchors, aliases (`*name`), merge keys (`<<: *name`) and several documents are read;
    /// otherwise each is an error.
    public var readsAliases: Bool
    /// How deeply collections may nest.
    public var maximumDepth: Int
    /// A key given twice in one mapping is an error; otherwise the first is kept and the
    /// second is another entry (for machine-written files, where checking costs time and finds
    /// nothing: each key compared with the mapping's others).
    public var rejectsDuplicateKeys: Bool
    /// The document's kind, for errors: "gesto's config".
    public var documentName: String
    /// How deep such a document nests, for the depth error: "gesto's config needs only a few".
    public var usualDepth: String

    public init(readsAliases: Bool, maximumDepth: Int = 64, rejectsDuplicateKeys: Bool = true,
                documentName: String, usualDepth: String) {
        self.readsAliases = readsAliases
        self.maximumDepth = maximumDepth
        self.rejectsDuplicateKeys = rejectsDuplicateKeys
        self.documentName = documentName
        self.usualDepth = usualDepth
    }

    /// gesto's config: one document, no aliases, 64 levels (it nests 5 at most: bindings, a
    /// binding, `animation:`…; a config nested 32,000 levels deep stalled gestod for seconds).
    public static let config = YAMLSyntax(readsAliases: false, documentName: "gesto's config",
                                          usualDepth: "gesto's config needs only a few")
    /// Other tools' configs, as YAML-reading tools such as fusuma (Ruby's Psych) read them.
    public static let otherTools = YAMLSyntax(readsAliases: true, documentName: "a config",
                                              usualDepth: "a config needs only a few")
}

/// Where the YAML text comes from.
public enum YAMLInput {
    /// UTF-8 bytes in memory (a syntax error in a line indented with a TAB says so).
    case bytes(UnsafeRawBufferPointer)
    /// Bytes read as libyaml asks for them: `read` fills the buffer it is given and returns
    /// the number of bytes (0 at the end), or nil when reading failed (the caller keeps why;
    /// the parse then throws at the mark libyaml reached). The text is never held whole.
    case reader((UnsafeMutableRawBufferPointer) -> Int?)
}

extension YAMLNode {
    /// How deeply collections may nest in gesto's config: 64.
    public static let maximumDepth = YAMLSyntax.config.maximumDepth

    /// The most nodes aliases may repeat in one file: 100,000. Aliases of aliases multiply
    /// (nine levels of ten make a billion nodes from a 1 KB file); real configs repeat a few.
    public static let maximumAliasedNodes = 100_000

    /// Parses `text` (UTF-8 YAML) as gesto's config. An empty document gives an empty mapping.
    /// - Throws: ``YAMLError`` at the first syntax error, duplicate key, alias, second document,
    ///   or collection nested deeper than ``maximumDepth``.
    public static func parse(_ text: String, file: String) throws(YAMLError) -> YAMLNode {
        try parse(text, file: file, syntax: .config).first ?? .mapping([], SourceLocation(file: file, line: 1, column: 1))
    }

    /// Parses every document of `text`, resolving anchors, aliases and merge keys (the aliased
    /// mapping's entries, which the mapping's own keys override). An empty document is an
    /// empty mapping.
    /// - Throws: ``YAMLError`` at the first syntax error, duplicate key, unknown alias, or
    ///   collection nested deeper than ``maximumDepth``; or when aliases repeat more than
    ///   ``maximumAliasedNodes`` nodes.
    public static func parseDocuments(_ text: String, file: String) throws(YAMLError) -> [YAMLNode] {
        try parse(text, file: file, syntax: .otherTools)
    }

    private static func parse(_ text: String, file: String, syntax: YAMLSyntax) throws(YAMLError) -> [YAMLNode] {
        var text = text
        let result = text.withUTF8 { bytes in
            Result { () throws(YAMLError) in
                try parse(.bytes(UnsafeRawBufferPointer(bytes)), file: file, syntax: syntax)
            }
        }
        return try result.get()
    }

    /// Parses `input` with libyaml into its documents (at most one unless `syntax` reads
    /// aliases; none for an empty stream).
    ///
    /// `handling` is asked, as each collection starts, what to do with it (``YAMLHandling``),
    /// given its path and kind; `handOver` receives each collection handed over, when it is
    /// complete, with the path of its parent's slot.
    /// - Throws: ``YAMLError`` at libyaml's mark for a syntax or read error, or at the node for
    ///   a duplicate key, a key that is not a scalar, an alias or second document the syntax
    ///   does not read, an unknown alias, a collection nested deeper than the syntax allows,
    ///   or aliases repeating more than ``maximumAliasedNodes`` nodes.
    public static func parse(
        _ input: YAMLInput, file: String, syntax: YAMLSyntax,
        handling: (YAMLPath, YAMLCollectionKind) -> YAMLHandling = { _, _ in .build },
        handOver: (YAMLPath, YAMLNode) -> Void = { _, _ in }
    ) throws(YAMLError) -> [YAMLNode] {
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) != 0 else {
            throw YAMLError(location: SourceLocation(file: file, line: 1, column: 1), message: "cannot initialize libyaml")
        }
        defer { yaml_parser_delete(&parser) }
        // libyaml keeps the reader's context pointer; the box lives until the parser is deleted.
        var readerBox: Unmanaged<ReaderBox>?
        defer { readerBox?.release() }
        var text: UnsafeRawBufferPointer?
        switch input {
        case .bytes(let bytes):
            text = bytes
            yaml_parser_set_input_string(&parser, bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), bytes.count)
        case .reader(let read):
            let box = Unmanaged.passRetained(ReaderBox(read))
            readerBox = box
            yaml_parser_set_input(&parser, { data, buffer, size, sizeRead in
                guard let data, let buffer, let sizeRead else { return 0 }
                let read = Unmanaged<ReaderBox>.fromOpaque(data).takeUnretainedValue().read
                guard let count = read(UnsafeMutableRawBufferPointer(start: buffer, count: size)) else { return 0 }
                sizeRead.pointee = count
                return 1
            }, box.toOpaque())
        }
        var builder = YAMLBuilder(file: file, syntax: syntax)
        // One event's storage for the whole stream (libyaml fills it; deleting frees its strings).
        var event = yaml_event_t()
        while true {
            guard yaml_parser_parse(&parser, &event) != 0 else {
                throw syntaxError(parser, file: file, text: text)
            }
            defer { yaml_event_delete(&event) }
            if try builder.consume(&event, handling: handling, handOver: handOver) { break }
        }
        return builder.documents
    }

    /// Holds the reader of a ``YAMLInput/reader(_:)`` for libyaml's read handler.
    private final class ReaderBox {
        let read: (UnsafeMutableRawBufferPointer) -> Int?
        init(_ read: @escaping (UnsafeMutableRawBufferPointer) -> Int?) { self.read = read }
    }

    /// libyaml's error at its mark; for text in memory, one in a line indented with a TAB says so.
    private static func syntaxError(_ parser: yaml_parser_t, file: String, text: UnsafeRawBufferPointer?) -> YAMLError {
        let mark = parser.problem_mark
        let problem = parser.problem.map { String(cString: $0) } ?? "syntax error"
        let context = parser.context.map { String(cString: $0) + ": " } ?? ""
        let line = Int(mark.line) + 1
        if let text, let column = indentingTabColumn(in: text, line: line) {
            return YAMLError(location: SourceLocation(file: file, line: line, column: column),
                             message: "YAML does not allow TAB for indentation; use spaces (libyaml: \(context)\(problem))")
        }
        // The common cause of this one: an unquoted value with `: ` inside, such as
        // `exec: notify-send title: body`, which YAML reads as a second mapping.
        let hint = problem == "mapping values are not allowed in this context"
            ? " (a value with `: ` inside, such as a command, must be quoted: exec: \"notify-send 'title: body'\")" : ""
        return YAMLError(location: SourceLocation(file: file, line: line, column: Int(mark.column) + 1),
                         message: "YAML syntax: \(context)\(problem)\(hint)")
    }

    /// The 1-based byte column of the first TAB in the indentation of line `line` (1-based)
    /// of `text`, if its indentation has one: libyaml's message for that ("found character
    /// that cannot start any token") does not say the cause.
    private static func indentingTabColumn(in text: UnsafeRawBufferPointer, line: Int) -> Int? {
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
}

/// Turns libyaml's event stream into nodes.
struct YAMLBuilder {
    let file: String
    let syntax: YAMLSyntax
    /// The documents finished so far.
    var documents: [YAMLNode] = []
    /// The current document's root, once complete.
    var root: YAMLNode?
    var documentCount = 0
    /// Anchored nodes by name, with their sizes in nodes.
    var anchors: [String: (node: YAMLNode, size: Int)] = [:]
    var aliasedNodes = 0

    /// An open collection: a mapping's entries with a pending key, or a sequence's items. The
    /// stack's top is appended to in place and a finished collection's array is moved into
    /// its node, so building is linear in the input (popping an enum, appending and pushing it
    /// back copied the array every time: a config of 20,000 bindings took 4.3 s, a 4 MB
    /// recording 19 s).
    struct Open {
        var isMapping: Bool
        var start: SourceLocation
        var entries: [YAMLEntry] = []
        var items: [YAMLNode] = []
        var pendingKey: (key: String, location: SourceLocation)?
        /// Each key's first line, once the mapping has ``keyIndexThreshold`` keys: below
        /// that, scanning the entries is cheaper than hashing (a recording's entries have 6).
        var keyLines: [String: Int]?
        /// Where a merge key (`<<`) was given, which is not kept as an entry.
        var mergeKeyLine: Int?
        /// Keys that came from a merge key: the mapping's own entry replaces them (nil until a
        /// merge, so that no key of a recording pays for hashing).
        var mergedKeys: Set<String>?
        /// The collection's anchor (`&name`), stored when it ends.
        var anchor: String?
        /// Items handed over (``YAMLHandling/handOver``): counted for the next item's index.
        var handedOver = 0
        /// This collection is handed over when it ends.
        var isHandedOver = false
    }
    var stack: [Open] = []

    /// A skipped collection being read: its depth inside itself, kind and start.
    var skipDepth = 0
    var skipped: (isMapping: Bool, start: SourceLocation)?

    static let keyIndexThreshold = 16

    init(file: String, syntax: YAMLSyntax) {
        self.file = file
        self.syntax = syntax
    }

    func location(_ mark: yaml_mark_t) -> SourceLocation {
        SourceLocation(file: file, line: Int(mark.line) + 1, column: Int(mark.column) + 1)
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

    /// Keeps `node` under its anchor's name, if it has one and the syntax reads aliases.
    mutating func remember(_ node: YAMLNode, anchor: String?) {
        guard let anchor else { return }
        anchors[anchor] = (node, Self.size(of: node))
    }

    /// Reads one event; returns true at the end of the stream.
    mutating func consume(
        _ event: inout yaml_event_t,
        handling: (YAMLPath, YAMLCollectionKind) -> YAMLHandling,
        handOver: (YAMLPath, YAMLNode) -> Void
    ) throws(YAMLError) -> Bool {
        if skipDepth > 0 {
            switch event.type {
            case YAML_MAPPING_START_EVENT, YAML_SEQUENCE_START_EVENT:
                skipDepth += 1
            case YAML_MAPPING_END_EVENT, YAML_SEQUENCE_END_EVENT:
                skipDepth -= 1
                if skipDepth == 0, let skipped {
                    self.skipped = nil
                    try add(skipped.isMapping ? .mapping([], skipped.start) : .sequence([], skipped.start), handOver: handOver)
                }
            default:
                break
            }
            return false
        }
        // Computed where a node or an error needs it, not for every end event.
        var here: SourceLocation { location(event.start_mark) }
        switch event.type {
        case YAML_STREAM_END_EVENT:
            return true
        case YAML_DOCUMENT_START_EVENT:
            documentCount += 1
            if documentCount > 1 && !syntax.readsAliases {
                throw YAMLError(location: here, message: "only one YAML document is allowed")
            }
        case YAML_DOCUMENT_END_EVENT:
            if let root {
                documents.append(root)
            } else if syntax.readsAliases {
                documents.append(.mapping([], here))
            }
            root = nil
        case YAML_ALIAS_EVENT:
            guard syntax.readsAliases else {
                throw YAMLError(location: here, message: "aliases (*name) are not supported in \(syntax.documentName)")
            }
            let name = Self.anchorName(event.data.alias.anchor) ?? ""
            guard let anchored = anchors[name] else {
                throw YAMLError(location: here, message: "the alias *\(name) names no anchor (&\(name)) before it")
            }
            aliasedNodes += anchored.size
            guard aliasedNodes <= YAMLNode.maximumAliasedNodes else {
                throw YAMLError(location: here, message: "aliases repeat more than \(YAMLNode.maximumAliasedNodes) nodes; a config needs a few")
            }
            try add(anchored.node, handOver: handOver)
        case YAML_SCALAR_EVENT:
            let scalar = event.data.scalar
            let value = scalar.value.map { pointer in
                String(decoding: UnsafeBufferPointer(start: pointer, count: Int(scalar.length)), as: UTF8.self)
            } ?? ""
            let node = YAMLNode.scalar(value, here)
            if syntax.readsAliases, scalar.anchor != nil { remember(node, anchor: Self.anchorName(scalar.anchor)) }
            try add(node, handOver: handOver)
        case YAML_MAPPING_START_EVENT, YAML_SEQUENCE_START_EVENT:
            guard stack.count < syntax.maximumDepth else {
                throw YAMLError(location: here, message: "collections nest deeper than \(syntax.maximumDepth) levels; \(syntax.usualDepth)")
            }
            let isMapping = event.type == YAML_MAPPING_START_EVENT
            if let top = stack.indices.last, stack[top].isMapping, stack[top].pendingKey == nil {
                throw YAMLError(location: here, message: "a mapping key must be a plain name, not \(isMapping ? "a mapping" : "a list")")
            }
            let start = here
            var open = Open(isMapping: isMapping, start: start)
            switch handling(YAMLPath(frames: stack), isMapping ? .mapping : .sequence) {
            case .build: break
            case .handOver: open.isHandedOver = true
            case .skip:
                skipDepth = 1
                skipped = (isMapping, start)
                return false
            }
            if syntax.readsAliases {
                open.anchor = Self.anchorName(isMapping ? event.data.mapping_start.anchor : event.data.sequence_start.anchor)
            }
            stack.append(open)
        case YAML_MAPPING_END_EVENT, YAML_SEQUENCE_END_EVENT:
            guard let top = stack.popLast() else { break }
            let node: YAMLNode = top.isMapping ? .mapping(top.entries, top.start) : .sequence(top.items, top.start)
            remember(node, anchor: top.anchor)
            if top.isHandedOver {
                handOver(YAMLPath(frames: stack), node)
                passOver()
            } else {
                try add(node, handOver: handOver)
            }
        default:
            break  // stream start, no-op events
        }
        return false
    }

    /// Moves the top collection past a value handed over instead of added.
    mutating func passOver() {
        let top = stack.count - 1
        guard top >= 0 else { return }
        if stack[top].isMapping { stack[top].pendingKey = nil } else { stack[top].handedOver += 1 }
    }

    /// The line where `key` was first given in the mapping at `top`, if it was.
    func firstLine(of key: String, in top: Int) -> Int? {
        if syntax.readsAliases && key == "<<" { return stack[top].mergeKeyLine }
        if let keyLines = stack[top].keyLines { return keyLines[key] }
        return stack[top].entries.first { $0.key == key }?.keyLocation.line
    }

    mutating func add(_ node: YAMLNode, handOver: (YAMLPath, YAMLNode) -> Void) throws(YAMLError) {
        let top = stack.count - 1
        guard top >= 0 else { root = node; return }
        guard stack[top].isMapping else {
            stack[top].items.append(node)
            return
        }
        if let (key, keyLocation) = stack[top].pendingKey {
            stack[top].pendingKey = nil
            if syntax.readsAliases && key == "<<" {
                try merge(node, into: top, at: keyLocation)
                return
            }
            stack[top].entries.append((key, keyLocation, node))
            return
        }
        guard case .scalar(let key, let keyLocation) = node else {
            throw YAMLError(location: node.location, message: "a mapping key must be a plain name, not \(node.kindDescription)")
        }
        if stack[top].mergedKeys?.remove(key) != nil {
            // The mapping's own key overrides the merged one.
            stack[top].entries.removeAll { $0.key == key }
            stack[top].keyLines?[key] = nil
        }
        if syntax.rejectsDuplicateKeys, let line = firstLine(of: key, in: top) {
            throw YAMLError(location: keyLocation, message: "duplicate key '\(key)' (first given at line \(line))")
        }
        if syntax.readsAliases && key == "<<" {
            stack[top].mergeKeyLine = keyLocation.line
        } else if !syntax.rejectsDuplicateKeys {
            // No index of keys to keep.
        } else if stack[top].keyLines != nil {
            stack[top].keyLines?[key] = keyLocation.line
        } else if stack[top].entries.count >= Self.keyIndexThreshold {
            var lines: [String: Int] = [key: keyLocation.line]
            for entry in stack[top].entries where lines[entry.key] == nil { lines[entry.key] = entry.keyLocation.line }
            stack[top].keyLines = lines
        }
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
            for entry in entries where firstLine(of: entry.key, in: top) == nil {
                stack[top].entries.append(entry)
                stack[top].keyLines?[entry.key] = entry.keyLocation.line
                stack[top].mergedKeys = stack[top].mergedKeys ?? []
                stack[top].mergedKeys?.insert(entry.key)
            }
        }
    }
}
