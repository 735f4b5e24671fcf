// Reads a recording of touchpad input, whichever form it has: `libinput debug-events` text
// (streamed, any libinput version's format) or `libinput record` YAML. Shared by
// `gestoctl replay` and `gestod --replay`. A recording's clock runs to its last line, gesture
// or not: its other events stand in for the live daemon's timer.
import Glibc
import GestoCore
import GestoInput
import GestoSystem

/// Why a recording cannot be replayed at all (line-level problems are warnings instead).
public enum RecordedInputError: Error, Sendable, CustomStringConvertible {
    /// Opening or reading failed, or the YAML is malformed (with its line and column).
    case input(InputError)
    /// A `libinput record` file with only kernel events: libinput's gesture code has to run
    /// on them, which needs the recording replayed through the kernel.
    case needsKernelReplay(path: String, summary: String)
    /// Not a complete `libinput record` file (no header): nothing can be replayed.
    case incompleteRecording(path: String, summary: String)
    /// Neither debug-events text nor a libinput recording.
    case unknownFormat(path: String)

    public var description: String {
        switch self {
        case .input(let error):
            return error.description
        case .needsKernelReplay(let path, let summary):
            return "\(path): \(summary). It holds kernel events only; libinput's gesture code must see them: "
                + "replay it through the kernel (evemu-play, `libinput replay`) and run gestod on the device, "
                + "or record with `libinput record --with-libinput`"
        case .incompleteRecording(let path, let summary):
            return "\(path): \(summary)"
        case .unknownFormat(let path):
            return "\(path): neither `libinput debug-events` output nor a `libinput record` file "
                + "(no event line or recording header in its first 64 KiB)"
        }
    }
}

/// A recording file to replay.
public struct RecordedInput {
    /// The path ("-" is standard input).
    public let path: String

    /// Asked before each read(2) of the input (``InputReadGate``); nil reads freely.
    public let gate: InputReadGate?

    /// A recording at `path`; with a `gate`, reading stops where it says so, and the records
    /// read by then are all that is replayed (no error for a recording cut short).
    public init(path: String, gate: InputReadGate? = nil) {
        self.path = path
        self.gate = gate
    }

    /// How many warnings a replay passes on: 100. The rest are counted and told in one last
    /// warning (at the last of them), so a recording of a million broken lines prints 101
    /// warnings, not a million.
    public static let shownWarningLimit = 100

    /// Reads the whole recording, calling `body` with each record in order and `warnings` for
    /// each line that looks like an event but does not parse: the first ``shownWarningLimit``,
    /// then one that says how many more there were.
    /// - Returns: How many lines were warned about (shown or not).
    /// - Throws: ``RecordedInputError`` if the file cannot be read or replayed at all.
    @discardableResult
    public func forEach(_ body: (InputRecord) -> Void, warnings: (InputWarning) -> Void) throws(RecordedInputError) -> Int {
        var count = 0
        var lastHidden: InputWarning?
        defer {
            if let lastHidden {
                let hidden = count - Self.shownWarningLimit
                warnings(InputWarning(
                    file: lastHidden.file, line: lastHidden.line, column: lastHidden.column,
                    reason: "\(hidden) more warning\(hidden == 1 ? "" : "s") not shown (the last is here: \(lastHidden.reason))",
                    text: lastHidden.text))
            }
        }
        try readAll(body) { warning in
            count += 1
            if count <= Self.shownWarningLimit { warnings(warning) } else { lastHidden = warning }
        }
        return count
    }

    /// ``forEach(_:warnings:)`` without the cap.
    private func readAll(_ body: (InputRecord) -> Void, _ warnings: (InputWarning) -> Void) throws(RecordedInputError) {
        let name = path == "-" ? "<stdin>" : path
        let file: FileDescriptor
        do { file = path == "-" ? FileDescriptor(rawValue: STDIN_FILENO) : try .openForReading(path) } catch {
            throw .input(.cannotOpen(path: path, error: error))
        }
        let fd = file.rawValue
        defer { if fd != STDIN_FILENO { try? file.close() } }
        // A gate that said stop once says stop for good: nothing read after it is replayed.
        var isStopped = false
        let gate: InputReadGate? = self.gate.map { ask in { descriptor in
            if !isStopped && !ask(descriptor) { isStopped = true }
            return !isStopped
        } }
        // Read the probe (which a pipe cannot give back), decide the format, then stream. The
        // probe ends at the first complete line that decides (the rest of the 64 KiB only for a
        // preamble of other lines), so a pipe fed line by line is replayed as it arrives.
        var probe: [UInt8] = []
        do throws(SystemError) {
            var chunk = [UInt8](repeating: 0, count: inputFormatProbeLength)
            while probe.count < inputFormatProbeLength {
                if let gate, !gate(fd) { return }
                let wanted = inputFormatProbeLength - probe.count
                let count = try chunk.withUnsafeMutableBytes { buffer in
                    Result { () throws(SystemError) in try file.read(into: UnsafeMutableRawBufferPointer(rebasing: buffer[..<wanted])) }
                }.get()
                if count == 0 { break }
                probe += chunk.prefix(count)
                if Self.formatOfCompleteLines(probe) != .unknown { break }
            }
        } catch { throw .input(.readFailed(path: name, error: error)) }
        switch InputFormat.detect(in: probe) {
        case .debugEvents:
            // The probe's bytes go first, then the rest of the stream (a pipe cannot rewind).
            // The reader asks the gate before each read and delivers nothing after a stop, so
            // every record it delivers is one read before the gate said stop.
            var reader = DebugEventsReader(fileDescriptor: fd, fileName: name, prefix: probe, gate: gate)
            do { try reader.forEach(body, warnings: warnings) } catch { throw .input(error) }
        case .libinputRecording:
            // Streamed from the descriptor, the probe first: the file is never held whole.
            let recording: LibinputRecording
            do {
                recording = try LibinputRecording(fileDescriptor: fd, prefix: probe, fileName: name, gate: gate)
            } catch {
                if isStopped { return }
                throw .input(error)
            }
            // Stopped while reading: the YAML was cut short, and nothing of it is replayed.
            if isStopped { return }
            recording.warnings.forEach(warnings)
            switch recording.gestureAvailability {
            case .recordedByLibinput, .noEvents:
                for device in recording.devices { body(.deviceAdded(device.device)) }
                // Gestures (touchpads) and touches (touchscreens) merged in time order.
                var touches = recording.touches[...]
                for event in recording.gestures {
                    while let touch = touches.first, touch.time <= event.time { body(.touch(touch)); touches.removeFirst() }
                    body(.gesture(event))
                }
                for touch in touches { body(.touch(touch)) }
                if let last = recording.lastEventTime, recording.gestures.last.map({ last > $0.time }) ?? true {
                    body(.otherEvent(at: last))
                }
            case .needsReplayThroughKernel:
                throw .needsKernelReplay(path: name, summary: recording.summary)
            case .incompleteRecording:
                throw .incompleteRecording(path: name, summary: recording.summary)
            }
        case .unknown:
            if probe.isEmpty { return }  // An empty file: nothing happened.
            throw .unknownFormat(path: name)
        }
    }
}

extension RecordedInput {
    /// The format the complete (newline-terminated) lines of `probe` decide, or unknown while
    /// none does: a line cut at the end of a read might read as the wrong thing.
    static func formatOfCompleteLines(_ probe: [UInt8]) -> InputFormat {
        guard let lastNewline = probe.lastIndex(of: 0x0A) else { return .unknown }
        return probe.withUnsafeBytes { InputFormat.detect(in: UnsafeRawBufferPointer(rebasing: $0[...lastNewline])) }
    }
}

/// Where a replay's clock is: the time of the recording's latest line, gesture or not.
public struct ReplayClock: Sendable {
    /// The latest time seen, nil before the first event.
    public private(set) var now: Timestamp?

    public init() {}

    /// Moves the clock to `record`'s time if it carries a later one; returns the time when
    /// `record` is another device's event, the moment to fire the deadlines up to.
    public mutating func advance(past record: InputRecord) -> Timestamp? {
        switch record {
        case .gesture(let event):
            now = max(now ?? event.time, event.time)
            return nil
        case .otherEvent(let time):
            now = max(now ?? time, time)
            return time
        case .touch(let event):
            // Touch frames carry their own time into the recognizers (deadlines fire before them).
            now = max(now ?? event.time, event.time)
            return nil
        case .deviceAdded, .deviceRemoved:
            return nil
        }
    }
}

extension GesturePipeline {
    /// Feeds every deadline at or before `time`, earliest first: what the live daemon's timer
    /// fires while the fingers rest and only other devices report.
    public mutating func handleDeadlines(through time: Timestamp, emit: (ReplayLine) -> Void,
                                         diagnose: (RecognizerDiagnostic) -> Void = { _ in },
                                         trace: ((RecognizerTransition) -> Void)? = nil) {
        while let deadline = nextDeadline, deadline <= time {
            handleDeadline(deadline, emit: emit, diagnose: diagnose, trace: trace)
        }
    }
}
