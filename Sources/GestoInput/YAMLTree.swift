// A small YAML tree built from libyaml's event parser, with the 1-based line and column of
// every node, for the `libinput record` reader. Bulky lists nobody reads here (evdev frames,
// HID report descriptors) are counted and dropped while parsing, and each entry of a device's
// `events:` can be handed to the reader as soon as it is complete, so memory follows the
// header, not the recording.
import CYAML
import GestoSystem
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A place in a YAML file, 1-based.
struct YAMLMark: Sendable, Hashable {
    var line: Int
    var column: Int
    init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }
    init(_ mark: yaml_mark_t) {
        line = Int(mark.line) + 1
        column = Int(mark.column) + 1
    }
}

/// A YAML node.
indirect enum YAMLNode: Sendable {
    case scalar(String, YAMLMark)
    case sequence([YAMLNode], YAMLMark)
    case mapping([(key: String, value: YAMLNode)], YAMLMark)
    /// A sequence whose items were counted and dropped (see ``YAMLTree/skippedKeys``).
    case skippedSequence(count: Int, YAMLMark)

    /// The value for `key` in a mapping.
    subscript(key: String) -> YAMLNode? {
        guard case .mapping(let pairs, _) = self else { return nil }
        return pairs.first { $0.key == key }?.value
    }

    /// The text of a scalar.
    var scalar: String? {
        if case .scalar(let text, _) = self { return text }
        return nil
    }

    /// The items of a sequence (empty for anything else).
    var items: [YAMLNode] {
        if case .sequence(let items, _) = self { return items }
        return []
    }

    /// The number of items of a sequence, counted or kept.
    var itemCount: Int {
        switch self {
        case .sequence(let items, _): items.count
        case .skippedSequence(let count, _): count
        case .scalar, .mapping: 0
        }
    }

    /// What the node is, for messages: "a list", "a mapping", "a value".
    var kindDescription: String {
        switch self {
        case .scalar: "a value"
        case .sequence, .skippedSequence: "a list"
        case .mapping: "a mapping"
        }
    }

    /// Where the node starts.
    var mark: YAMLMark {
        switch self {
        case .scalar(_, let mark), .sequence(_, let mark), .mapping(_, let mark), .skippedSequence(_, let mark): mark
        }
    }

    /// The scalar as a Double (nil if absent or not a number).
    var number: Double? { scalar.flatMap { Double($0.trimmingBlanks()) } }
}

extension String {
    /// The string without leading and trailing spaces.
    func trimmingBlanks() -> String {
        var text = Substring(self)
        while text.first == " " { text.removeFirst() }
        while text.last == " " { text.removeLast() }
        return String(text)
    }
}

/// Parses YAML text into a ``YAMLNode`` with libyaml.
enum YAMLTree {
    /// Mapping keys whose sequence values are counted, not kept: kernel event frames (`evdev`
    /// inside `events`) and HID report descriptors (`hid`).
    static let skippedKeys: Set<String> = ["evdev", "hid"]

    /// How deeply collections may nest: 64. A recording nests 6 levels; a deeper file is not a
    /// recording, and walking or freeing a tree that deep recursively could exhaust the stack.
    static let maximumDepth = 64

    /// Where the YAML text comes from.
    enum Input {
        /// Bytes in memory.
        case bytes(UnsafeRawBufferPointer)
        /// `prefix` (bytes already taken from the descriptor, a format probe), then the
        /// descriptor to its end, read as libyaml asks: the file is never held whole.
        case descriptor(Int32, prefix: [UInt8])
    }

    /// Feeds libyaml from a descriptor (its read handler's `data`).
    private final class DescriptorReader {
        let descriptor: Int32
        let prefix: [UInt8]
        var prefixOffset = 0
        /// The failed read, for the error libyaml then reports.
        var failure: SystemError?
        init(descriptor: Int32, prefix: [UInt8]) { self.descriptor = descriptor; self.prefix = prefix }

        /// Fills `buffer` with up to `size` bytes; false on a read error (EINTR is retried).
        func fill(_ buffer: UnsafeMutablePointer<UInt8>, size: Int, count: inout Int) -> Bool {
            if prefixOffset < prefix.count {
                count = min(size, prefix.count - prefixOffset)
                prefix.withUnsafeBufferPointer { buffer.update(from: $0.baseAddress! + prefixOffset, count: count) }
                prefixOffset += count
                return true
            }
            do {
                count = try FileDescriptor(rawValue: descriptor).read(into: UnsafeMutableRawBufferPointer(start: buffer, count: size))
                return true
            } catch {
                failure = error
                return false
            }
        }
    }

    /// Parses `bytes` (see ``parse(_:fileName:eventsEntry:)``).
    static func parse(_ bytes: UnsafeRawBufferPointer, fileName: String?) throws(InputError) -> YAMLNode? {
        try parse(.bytes(bytes), fileName: fileName, eventsEntry: nil)
    }

    /// The first document's root node, or nil for an empty stream.
    ///
    /// With `eventsEntry`, each item of a device's `events:` list (the path
    /// `devices[i].events[j]` of a recording) is handed to it as soon as it is complete, with
    /// the device's index and the pairs of its mapping read so far (libinput record writes
    /// `node:` and the header first), and is not kept: the tree stays the size of the header
    /// and memory does not grow with the recording.
    /// - Throws: ``InputError/malformedRecording(file:line:column:problem:)`` at libyaml's mark,
    ///   or where collections nest deeper than ``maximumDepth``; ``InputError/readFailed(path:error:)``.
    static func parse(
        _ input: Input, fileName: String?,
        eventsEntry: ((_ deviceIndex: Int, _ device: [(key: String, value: YAMLNode)], _ entry: YAMLNode) -> Void)?
    ) throws(InputError) -> YAMLNode? {
        let parser = UnsafeMutablePointer<yaml_parser_t>.allocate(capacity: 1)
        let event = UnsafeMutablePointer<yaml_event_t>.allocate(capacity: 1)
        var reader: Unmanaged<DescriptorReader>?
        defer {
            yaml_parser_delete(parser)
            parser.deallocate()
            event.deallocate()
            reader?.release()
        }
        guard yaml_parser_initialize(parser) != 0 else {
            throw .malformedRecording(file: fileName, line: 1, column: 1, problem: "libyaml could not start")
        }
        switch input {
        case .bytes(let bytes):
            yaml_parser_set_input_string(parser, bytes.baseAddress?.assumingMemoryBound(to: UInt8.self) ?? nil,
                                         bytes.count)
        case .descriptor(let descriptor, let prefix):
            let retained = Unmanaged.passRetained(DescriptorReader(descriptor: descriptor, prefix: prefix))
            reader = retained
            yaml_parser_set_input(parser, { data, buffer, size, sizeRead in
                guard let data, let buffer, let sizeRead else { return 0 }
                var count = 0
                let ok = Unmanaged<DescriptorReader>.fromOpaque(data).takeUnretainedValue()
                    .fill(buffer, size: size, count: &count)
                sizeRead.pointee = count
                return ok ? 1 : 0
            }, retained.toOpaque())
        }

        /// An open collection: its items, or its pairs and the key waiting for a value. The
        /// stack's top is appended to in place (`stack[top].items.append`), and a finished
        /// collection's array is moved into its node: building is linear in the input. (An
        /// enum payload popped, appended to and pushed back copied the array on every append:
        /// a 4 MB recording took 19 s, a 700 KB one of 50,000 empty frames 22 s.)
        struct Open {
            var isMapping: Bool
            var mark: YAMLMark
            var items: [YAMLNode] = []
            var pairs: [(key: String, value: YAMLNode)] = []
            var pendingKey: String?
        }
        var stack: [Open] = []
        var root: YAMLNode?
        var skipDepth = 0
        var skippedCount = 0
        var skipMark = YAMLMark(line: 0, column: 0)

        func add(_ node: YAMLNode) {
            let top = stack.count - 1
            guard top >= 0 else {
                if root == nil { root = node }
                return
            }
            // An item of devices[i].events, complete: streamed, not kept.
            if let eventsEntry, top == 3, !stack[3].isMapping, stack[2].isMapping, stack[2].pendingKey == "events",
               !stack[1].isMapping, stack[0].isMapping, stack[0].pendingKey == "devices" {
                eventsEntry(stack[1].items.count, stack[2].pairs, node)
                return
            }
            if !stack[top].isMapping {
                stack[top].items.append(node)
            } else if let key = stack[top].pendingKey {
                stack[top].pairs.append((key, node))
                stack[top].pendingKey = nil
            } else {
                stack[top].pendingKey = node.scalar ?? ""
            }
        }
        var pendingKeyIsSkipped: Bool {
            if let open = stack.last, open.isMapping, let key = open.pendingKey { return skippedKeys.contains(key) }
            return false
        }

        while true {
            guard yaml_parser_parse(parser, event) != 0 else {
                if let failure = reader?.takeUnretainedValue().failure {
                    throw .readFailed(path: fileName, error: failure)
                }
                let problem = parser.pointee.problem.map { String(cString: $0) } ?? "unknown YAML error"
                let context = parser.pointee.context.map { String(cString: $0) }
                let mark = YAMLMark(parser.pointee.problem_mark)
                throw .malformedRecording(file: fileName, line: mark.line, column: mark.column,
                                          problem: context.map { "\(problem) \($0)" } ?? problem)
            }
            defer { yaml_event_delete(event) }
            let mark = YAMLMark(event.pointee.start_mark)
            let type = event.pointee.type
            if skipDepth > 0 {
                switch type {
                case YAML_SEQUENCE_START_EVENT, YAML_MAPPING_START_EVENT:
                    if skipDepth == 1 { skippedCount += 1 }
                    skipDepth += 1
                case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
                    skipDepth -= 1
                    if skipDepth == 0 { add(.skippedSequence(count: skippedCount, skipMark)) }
                case YAML_SCALAR_EVENT, YAML_ALIAS_EVENT:
                    if skipDepth == 1 { skippedCount += 1 }
                default:
                    break
                }
                continue
            }
            if type == YAML_SEQUENCE_START_EVENT || type == YAML_MAPPING_START_EVENT, stack.count >= maximumDepth {
                throw .malformedRecording(file: fileName, line: mark.line, column: mark.column,
                                          problem: "collections nest deeper than \(maximumDepth) levels; a recording needs 6")
            }
            switch type {
            case YAML_STREAM_END_EVENT, YAML_DOCUMENT_END_EVENT:
                if root != nil || type == YAML_STREAM_END_EVENT { return root }
            case YAML_SCALAR_EVENT:
                let scalar = event.pointee.data.scalar
                let text = String(decoding: UnsafeBufferPointer(start: scalar.value, count: scalar.length), as: UTF8.self)
                add(.scalar(text, mark))
            case YAML_ALIAS_EVENT:
                add(.scalar("", mark))
            case YAML_SEQUENCE_START_EVENT:
                if pendingKeyIsSkipped {
                    skipDepth = 1
                    skippedCount = 0
                    skipMark = mark
                } else {
                    stack.append(Open(isMapping: false, mark: mark))
                }
            case YAML_MAPPING_START_EVENT:
                stack.append(Open(isMapping: true, mark: mark))
            case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
                guard let top = stack.popLast() else { break }
                add(top.isMapping ? .mapping(top.pairs, top.mark) : .sequence(top.items, top.mark))
            default:
                break
            }
        }
    }
}
