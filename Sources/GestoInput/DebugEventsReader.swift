// Streaming reader of `libinput debug-events` text from a file or pipe: read(2) in large
// chunks, split lines with memchr, hand each line's bytes to ``DebugEventsParser``. Memory
// stays flat in the length of the input: one chunk; a line longer than a chunk is skipped
// with a warning (a 100 MB line cost 425 MB when the buffer grew to hold it).
import GestoCore
import GestoSystem
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The size of one read(2): 1 MiB. Large enough that system calls cost nothing next to
/// parsing (~15,000 lines), small enough to stay in L2/L3 cache.
public let debugEventsChunkSize = 1 << 20

/// Reads `libinput debug-events` text from a file descriptor, calling back per record.
///
/// ```swift
/// var reader = try DebugEventsReader(path: "swipe.txt")
/// try reader.forEach { record in … } warnings: { warning in print(warning) }
/// ```
public struct DebugEventsReader: ~Copyable {
    private let descriptor: Int32
    private let ownsDescriptor: Bool
    /// Bytes already taken from the descriptor (a format probe) that come before its rest.
    private let prefix: [UInt8]
    /// The name used in warnings and errors (the path, or what the caller gave).
    public let fileName: String?
    /// Asked before each read(2); nil reads freely.
    private let gate: InputReadGate?

    /// Reads from an open descriptor (a pipe from `libinput debug-events`, stdin). The caller
    /// keeps ownership of `fileDescriptor`; `fileName` is used in warnings.
    public init(fileDescriptor: Int32, fileName: String? = nil) {
        self.init(fileDescriptor: fileDescriptor, fileName: fileName, prefix: [])
    }

    /// Reads `prefix` first, then the rest of the descriptor: for a caller that already read
    /// the start of a pipe to detect its format (a pipe cannot be rewound).
    /// With a `gate`, each read(2) waits for its permission (``InputReadGate``).
    public init(fileDescriptor: Int32, fileName: String? = nil, prefix: [UInt8], gate: InputReadGate? = nil) {
        self.descriptor = fileDescriptor
        self.ownsDescriptor = false
        self.fileName = fileName
        self.prefix = prefix
        self.gate = gate
    }

    /// Opens the file at `path` for reading; it is closed when the reader goes away.
    /// - Throws: ``InputError/cannotOpen(path:error:)``.
    public init(path: String) throws(InputError) {
        do { self.descriptor = try FileDescriptor.openForReading(path).rawValue } catch { throw .cannotOpen(path: path, error: error) }
        self.ownsDescriptor = true
        self.fileName = path
        self.prefix = []
        self.gate = nil
    }

    deinit {
        if ownsDescriptor { close(descriptor) }
    }

    /// Reads to the end of input, calling `body` for each gesture and device record in order
    /// and `warnings` for each line that looks like an event but does not parse (or was
    /// rejoined). A rejoined record comes after its warning.
    /// - Throws: ``InputError/readFailed(path:error:)`` if read(2) fails (EINTR is retried).
    public mutating func forEach(
        _ body: (InputRecord) -> Void, warnings: (InputWarning) -> Void
    ) throws(InputError) {
        var parser = DebugEventsParser(fileName: fileName)
        let capacity = max(debugEventsChunkSize, prefix.count * 2)
        let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
        defer { buffer.deallocate() }
        var filled = prefix.count
        prefix.withUnsafeBufferPointer { if let base = $0.baseAddress { buffer.update(from: base, count: $0.count) } }
        var lineNumber = 1
        if filled > 0 {
            let consumed = parser.parseLines(in: UnsafeBufferPointer(start: buffer, count: filled),
                                             firstLineNumber: &lineNumber, body, warnings)
            buffer.update(from: buffer + consumed, count: filled - consumed)
            filled -= consumed
        }
        // Inside a line longer than the buffer: its bytes are dropped up to its newline.
        var isSkippingLine = false
        while true {
            if filled == capacity {
                // A line longer than the buffer (libinput's are under 200 bytes): say so once,
                // then drop it, so memory stays one buffer whatever the input.
                if !isSkippingLine {
                    let shown = String(decoding: UnsafeBufferPointer(start: buffer, count: min(filled, 80)), as: UTF8.self)
                    warnings(InputWarning(file: fileName, line: lineNumber,
                                          reason: "line longer than \(capacity) bytes: skipped", text: shown + " …"))
                    isSkippingLine = true
                }
                filled = 0
            }
            let start = filled
            if let gate, !gate(descriptor) { return }
            let count: Int
            do {
                count = try FileDescriptor(rawValue: descriptor).read(into: UnsafeMutableRawBufferPointer(start: buffer + filled, count: capacity - filled))
            } catch { throw .readFailed(path: fileName, error: error) }
            if count == 0 {
                if filled > 0 && !isSkippingLine {
                    deliver(parser.parse(line: UnsafeBufferPointer(start: buffer, count: filled), number: lineNumber),
                            body, warnings)
                }
                return
            }
            filled += count
            if isSkippingLine {
                guard let newline = memchr(buffer + start, 0x0A, count) else { filled = 0; continue }
                let end = buffer.distance(to: newline.assumingMemoryBound(to: UInt8.self)) + 1
                buffer.update(from: buffer + end, count: filled - end)
                filled -= end
                lineNumber += 1
                isSkippingLine = false
            }
            let consumed = parser.parseLines(in: UnsafeBufferPointer(start: buffer, count: filled),
                                             firstLineNumber: &lineNumber, body, warnings)
            if consumed > 0 {
                (buffer).update(from: buffer + consumed, count: filled - consumed)
                filled -= consumed
            }
        }
    }
}

extension DebugEventsParser {
    /// Parses every complete (newline-terminated) line of `bytes`, numbering them from
    /// `firstLineNumber` (advanced past them). Returns how many bytes the complete lines took;
    /// a final line without a newline is left for the caller.
    mutating func parseLines(
        in bytes: UnsafeBufferPointer<UInt8>, firstLineNumber lineNumber: inout Int,
        _ body: (InputRecord) -> Void, _ warnings: (InputWarning) -> Void
    ) -> Int {
        guard let base = bytes.baseAddress else { return 0 }
        var start = 0
        while start < bytes.count,
              let newline = memchr(base + start, 0x0A, bytes.count - start) {
            let end = base.distance(to: newline.assumingMemoryBound(to: UInt8.self))
            // base[end] is this line's '\n', inside `bytes`: the sentinel scan relies on.
            scan(base: base + start, count: end - start, number: lineNumber, body, warnings)
            lineNumber += 1
            start = end + 1
        }
        return start
    }

    /// Parses a whole text held in memory (the last line may lack its newline) and calls back
    /// per record and warning, as ``DebugEventsReader/forEach(_:warnings:)`` does.
    public mutating func parseAll(
        _ bytes: UnsafeBufferPointer<UInt8>, _ body: (InputRecord) -> Void, warnings: (InputWarning) -> Void
    ) {
        var lineNumber = 1
        let consumed = parseLines(in: bytes, firstLineNumber: &lineNumber, body, warnings)
        if consumed < bytes.count, let base = bytes.baseAddress {
            deliver(parse(line: UnsafeBufferPointer(start: base + consumed, count: bytes.count - consumed),
                          number: lineNumber), body, warnings)
        }
    }

    /// Parses a whole text and returns its records and warnings (convenience for small inputs).
    public static func records(in text: String, fileName: String? = nil) -> (records: [InputRecord], warnings: [InputWarning]) {
        var parser = DebugEventsParser(fileName: fileName)
        var records: [InputRecord] = []
        var warnings: [InputWarning] = []
        var copy = text
        copy.withUTF8 { bytes in
            parser.parseAll(bytes, { records.append($0) }, warnings: { warnings.append($0) })
        }
        return (records, warnings)
    }
}

/// Routes one parsed line to the record and warning callbacks.
func deliver(_ parsed: ParsedLine, _ body: (InputRecord) -> Void, _ warnings: (InputWarning) -> Void) {
    switch parsed {
    case .record(let record): body(record)
    case .ignored: break
    case .warning(let warning): warnings(warning)
    case .rejoined(let record, let warning):
        warnings(warning)
        body(record)
    case .records(let records):
        for record in records { body(record) }
    }
}
