// The `libinput record` reader: the YAML header (file version, devices with their evdev
// description) and each device's `events:` list. Gestures come only from libinput's own
// interpretation (`- libinput:` entries of `libinput record --with-libinput`); a recording of
// kernel frames alone must be replayed through the kernel and libinput to yield gestures.
import GestoCore
import GestoSystem
import GestoYAML
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A device described in a recording's header.
public struct RecordedDevice: Sendable, Hashable {
    /// The device, as far as the header tells: node, name, and (with `--with-libinput`)
    /// libinput's capabilities and size; capabilities are empty otherwise.
    public var device: InputDevice
    /// The evdev id `[bustype, vendor, product, version]`, if given.
    public var evdevID: [Int]
    /// True if udev tagged it `ID_INPUT_TOUCHPAD=1`, false if it listed properties without
    /// that tag, nil if the recording has no udev properties.
    public var isTouchpad: Bool?
    /// Number of kernel event frames (`- evdev:` entries) recorded from it.
    public var evdevFrameCount: Int
    /// Number of libinput events (entries under `- libinput:`) recorded from it.
    public var libinputEventCount: Int
}

/// What a recording can tell about gestures.
public enum RecordingGestures: Sendable, Hashable {
    /// libinput's own gesture events were recorded (`--with-libinput`): ``LibinputRecording/gestures``.
    case recordedByLibinput
    /// Only kernel (evdev) frames: gestures exist only after libinput's gesture code runs on
    /// them, so replay the recording through the kernel (uinput) and read the touchpad live.
    case needsReplayThroughKernel
    /// Not a complete recording (no header with version and devices): nothing can be said.
    case incompleteRecording
    /// A complete recording without any events.
    case noEvents
}

/// A `libinput record` file, read.
public struct LibinputRecording: Sendable {
    /// The file format version (`version:`; 1 for every libinput so far), nil if absent.
    public var fileVersion: Int?
    /// The libinput version that recorded it (`libinput: version:`), if given.
    public var libinputVersion: String?
    /// The devices of the header, in order.
    public var devices: [RecordedDevice]
    /// Gesture events from `- libinput:` entries, in time order (stable), with
    /// ``GestureEvent/device`` set from the device node. Times are the recording's
    /// (seconds from the first event, to the microsecond). libinput record writes no
    /// `cancelled` flag, so END events are not cancelled unless a `cancelled: true` key is present.
    public var gestures: [GestureEvent]
    /// Touch events from `- libinput:` entries (touchscreens), in file order per device
    /// (LibinputRecordingTouches.swift).
    public var touches: [TouchEvent] = []
    /// The time of the latest `- libinput:` entry of any type (pointer, keyboard, gesture…):
    /// where the recording's clock ends. Nil without one.
    public var lastEventTime: Timestamp?
    /// Kernel frames in the whole file (also counted in a headerless fragment).
    public var evdevFrameCount: Int
    /// What the recording can tell about gestures.
    public var gestureAvailability: RecordingGestures
    /// Warnings about entries that were skipped (a gesture entry with a missing field).
    public var warnings: [InputWarning]

    /// True if the file has the header of a complete recording (version and devices).
    public var isComplete: Bool { gestureAvailability != .incompleteRecording }

    /// A sentence for the user about what the recording holds.
    public var summary: String {
        switch gestureAvailability {
        case .recordedByLibinput:
            return "\(gestures.count) gesture events recorded by libinput from \(devices.count) device(s)"
        case .needsReplayThroughKernel:
            return "only kernel events (\(evdevFrameCount) evdev frames), no libinput events: "
                + "gestures need libinput's gesture code, so replay the recording through the kernel "
                + "(evemu/uinput) and read the touchpad live, or record again with 'libinput record --with-libinput'"
        case .incompleteRecording:
            return "not a complete libinput recording (no header with version and devices; "
                + "\(evdevFrameCount) evdev frames): no gestures can be read from it"
        case .noEvents:
            return "a complete recording without events"
        }
    }

    /// Reads a recording held in memory. `fileName` is used in errors and warnings.
    /// - Throws: ``InputError/malformedRecording(file:line:column:problem:)`` for invalid YAML,
    ///   with libyaml's line and column.
    public init(parsing bytes: UnsafeRawBufferPointer, fileName: String? = nil) throws(InputError) {
        try self.init(input: .bytes(bytes), reader: nil, fileName: fileName)
    }

    /// Reads a recording held in a byte array.
    /// - Throws: as ``init(parsing:fileName:)``.
    public init(parsing bytes: [UInt8], fileName: String? = nil) throws(InputError) {
        let result = bytes.withUnsafeBytes { raw in
            Result { () throws(InputError) in try LibinputRecording(input: .bytes(raw), reader: nil, fileName: fileName) }
        }
        self = try result.get()
    }

    /// Reads the recording at `path`, streamed: memory follows the gestures, not the file.
    /// - Throws: ``InputError/cannotOpen(path:error:)``, ``InputError/readFailed(path:error:)``,
    ///   or a malformed-recording error.
    public init(contentsOf path: String) throws(InputError) {
        let descriptor: CInt
        do { descriptor = try FileDescriptor.openForReading(path).rawValue } catch { throw .cannotOpen(path: path, error: error) }
        defer { close(descriptor) }
        try self.init(fileDescriptor: descriptor, prefix: [], fileName: path)
    }

    /// Reads `prefix` (bytes already taken from the descriptor to detect its format: a pipe
    /// cannot be rewound), then the descriptor to its end, streamed. The caller keeps the
    /// descriptor.
    /// - Throws: as ``init(contentsOf:)``.
    /// With a `gate`, each read(2) waits for its permission (``InputReadGate``); a recording
    /// it stops is read as far as it got.
    public init(fileDescriptor: Int32, prefix: [UInt8], fileName: String? = nil, gate: InputReadGate? = nil) throws(InputError) {
        let reader = DescriptorReader(descriptor: fileDescriptor, prefix: prefix, gate: gate)
        try self.init(input: .reader(reader.fill), reader: reader, fileName: fileName)
    }

    /// Feeds the YAML builder from a descriptor: the format probe's bytes, then the descriptor
    /// to its end, as libyaml asks (the file is never held whole).
    private final class DescriptorReader {
        let descriptor: FileDescriptor
        let prefix: [UInt8]
        var prefixOffset = 0
        /// The failed read, for the error the parse then throws.
        var failure: SystemError?
        let gate: InputReadGate?
        init(descriptor: Int32, prefix: [UInt8], gate: InputReadGate?) {
            self.descriptor = FileDescriptor(rawValue: descriptor)
            self.prefix = prefix
            self.gate = gate
        }

        /// Fills `buffer`; the number of bytes (0 at the end), nil on a read error (EINTR is retried).
        func fill(_ buffer: UnsafeMutableRawBufferPointer) -> Int? {
            if prefixOffset < prefix.count {
                let count = min(buffer.count, prefix.count - prefixOffset)
                prefix.withUnsafeBytes { buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: $0[prefixOffset..<prefixOffset + count])) }
                prefixOffset += count
                return count
            }
            if let gate, !gate(descriptor.rawValue) { return 0 }
            do {
                return try descriptor.read(into: buffer)
            } catch {
                failure = error
                return nil
            }
        }
    }

    /// What the streamed `events:` entries of one device held.
    private struct DeviceEvents {
        var frames = 0
        var libinputEntries = 0
        /// The latest time of any libinput entry, gesture or not (the replay's clock runs to it).
        var lastTime: Timestamp?
    }

    /// What the reader builds of a recording: the header, with its bulky lists skipped (HID
    /// report descriptors, quirks, the evdev code, axis and property tables: of `evdev:` only
    /// the name and id are read), and each device's `events:` entry (the path
    /// `devices[i].events[j]`) handed over as it completes, its kernel frames skipped (only
    /// counted). A fragment's frames (`evdev:` lists anywhere) are skipped too.
    static func handling(_ path: YAMLPath, _ kind: YAMLCollectionKind) -> YAMLHandling {
        // Asked at every collection: the common paths (entries, their lists) decide first.
        switch path.count {
        case 3, 4:
            guard path[0] == .key("devices"), case .index = path[1] else { break }
            switch (path.count, path[2], path[path.count - 1]) {
            case (4, .key("events"), .index): return .handOver
            case (3, _, .key("hid")), (3, _, .key("quirks")),
                 (4, .key("evdev"), .key("codes")), (4, .key("evdev"), .key("absinfo")), (4, .key("evdev"), .key("properties")):
                return .skip
            default: break
            }
        default:
            break
        }
        if kind == .sequence, path.last == .key("evdev") { return .skip }
        return .build
    }

    /// A recording's YAML: one document, no aliases (libinput record writes none), 64 levels;
    /// a key given twice is not looked for (libinput writes each once; lookups take the first).
    static let syntax = YAMLSyntax(readsAliases: false, rejectsDuplicateKeys: false,
                                   documentName: "a libinput recording", usualDepth: "a recording needs 6")

    /// Parses the header into a tree and each device's `events:` entry as it completes.
    private init(input: YAMLInput, reader: DescriptorReader?, fileName: String?) throws(InputError) {
        var streamed: [Int: DeviceEvents] = [:]
        var gestures: [GestureEvent] = []
        var touches: [TouchEvent] = []
        var warnings: [InputWarning] = []
        var deviceNumbers: [Int: UInt32?] = [:]
        /// One `events:` entry of device `deviceIndex`, whose entries so far are `device`.
        func take(_ entry: YAMLNode, deviceIndex: Int, device: @autoclosure () -> [YAMLEntry]) {
            let number: UInt32?
            if let known = deviceNumbers[deviceIndex] {
                number = known
            } else {
                // libinput record writes `node:` first in each device.
                number = InputDevice.number(ofNode: device().first { $0.key == "node" }?.value.scalar ?? "")
                deviceNumbers[deviceIndex] = number
            }
            var counts = streamed[deviceIndex] ?? DeviceEvents()
            if entry["evdev"] != nil { counts.frames += 1 }
            if let libinput = entry["libinput"] {
                for item in libinput.items {
                    counts.libinputEntries += 1
                    if let text = item["time"]?.scalar, let microseconds = Self.microseconds(text),
                       let time = Timestamp(validatingMicroseconds: microseconds) {
                        counts.lastTime = max(counts.lastTime ?? time, time)
                    }
                    switch Self.gesture(from: item, device: number, fileName: fileName) {
                    case .none: break
                    case .some(.success(let event)): gestures.append(event)
                    case .some(.failure(let warning)): warnings.append(warning)
                    }
                    switch Self.touch(from: item, device: number, fileName: fileName) {
                    case .none: break
                    case .some(.success(let event)): touches.append(event)
                    case .some(.failure(let warning)): warnings.append(warning)
                    }
                }
            }
            streamed[deviceIndex] = counts
        }
        let documents: [YAMLNode]
        do {
            documents = try YAMLNode.parse(input, file: fileName ?? "", syntax: Self.syntax, handling: Self.handling) { path, entry in
                // Handed over only at devices[i].events[j] (``handling(_:_:)``).
                guard case .index(let deviceIndex) = path[1] else { return }
                take(entry, deviceIndex: deviceIndex, device: path.entriesSoFar(at: 2))
            }
        } catch {
            if let failure = reader?.failure { throw .readFailed(path: fileName, error: failure) }
            throw .malformedRecording(file: fileName, line: error.location.line, column: error.location.column, problem: error.message)
        }
        self.init(root: documents.first, streamed: streamed, gestures: gestures, warnings: warnings, fileName: fileName)
        self.touches = touches
    }

    private init(root: YAMLNode?, streamed: [Int: DeviceEvents], gestures streamedGestures: [GestureEvent],
                 warnings streamedWarnings: [InputWarning], fileName: String?) {
        libinputVersion = root?["libinput"]?["version"]?.scalar
        devices = []
        gestures = []
        warnings = []
        fileVersion = nil
        if let version = root?["version"] {
            // A whole number of at least 1; anything else (nan, 1e20, 1.5) leaves the
            // recording incomplete, with a warning at the value.
            if let number = version.number, let whole = Int(exactly: number), whole >= 1 {
                fileVersion = whole
            } else {
                warnings.append(InputWarning(
                    file: fileName, line: version.location.line, column: version.location.column,
                    reason: "'version' must be a whole number of at least 1, not '\(version.scalar ?? version.kindDescription)'",
                    text: version.scalar ?? ""))
            }
        }
        evdevFrameCount = 0
        gestureAvailability = .incompleteRecording

        guard let root, case .mapping = root, fileVersion != nil, let deviceList = root["devices"] else {
            // A fragment: count what can be counted, promise nothing.
            if let root { evdevFrameCount = Self.countFrames(root) }
            evdevFrameCount += streamed.values.reduce(0) { $0 + $1.frames }
            return
        }
        var libinputEvents = 0
        for (index, node) in deviceList.items.enumerated() {
            let path = node["node"]?.scalar ?? ""
            let nodeName = path.split(separator: "/").last.map(String.init) ?? path
            let evdev = node["evdev"]
            var capabilities: DeviceCapabilities = []
            for name in node["libinput"]?["capabilities"]?.items.compactMap(\.scalar) ?? [] {
                switch name {
                case "keyboard": capabilities.insert(.keyboard)
                case "pointer": capabilities.insert(.pointer)
                case "touch": capabilities.insert(.touch)
                case "tablet": capabilities.insert(.tabletTool)
                case "pad": capabilities.insert(.tabletPad)
                case "gesture": capabilities.insert(.gesture)
                case "switch": capabilities.insert(.switch)
                default: break
                }
            }
            var size: DeviceSize?
            if let sizeNode = node["libinput"]?["size"] {
                let dimensions = sizeNode.items.compactMap(\.number)
                if dimensions.count == 2, dimensions.allSatisfy({ $0 > 0 && $0 <= Self.largestDeviceSize }) {
                    size = DeviceSize(widthMillimeters: dimensions[0], heightMillimeters: dimensions[1])
                } else {
                    warnings.append(InputWarning(
                        file: fileName, line: sizeNode.location.line, column: sizeNode.location.column,
                        reason: "device size must be [WIDTH, HEIGHT] in millimetres, each above 0 and at most \(Int(Self.largestDeviceSize)); size ignored",
                        text: "size"))
                }
            }
            var isTouchpad: Bool?
            if let properties = node["udev"]?["properties"]?.items.compactMap(\.scalar) {
                isTouchpad = properties.contains("ID_INPUT_TOUCHPAD=1")
            }
            let device = InputDevice(node: nodeName, name: evdev?["name"]?.scalar ?? "", capabilities: capabilities, size: size)
            // The entries were handed over while parsing (``handling(_:_:)``).
            let frames = streamed[index]?.frames ?? 0
            let entries = streamed[index]?.libinputEntries ?? 0
            if let time = streamed[index]?.lastTime { lastEventTime = max(lastEventTime ?? time, time) }
            evdevFrameCount += frames
            libinputEvents += entries
            devices.append(RecordedDevice(
                device: device, evdevID: evdev?["id"]?.items.compactMap { $0.scalar.flatMap(Self.integer) } ?? [],
                isTouchpad: isTouchpad, evdevFrameCount: frames, libinputEventCount: entries))
        }
        warnings += streamedWarnings
        // Stable sort by time: events of several devices interleave. One device's events are
        // in order already, and sorting them would double the memory of the largest array.
        if zip(streamedGestures, streamedGestures.dropFirst()).allSatisfy({ $0.time <= $1.time }) {
            gestures = streamedGestures
        } else {
            gestures = streamedGestures.enumerated().sorted {
                ($0.element.time, $0.offset) < ($1.element.time, $1.offset)
            }.map(\.element)
        }
        if libinputEvents > 0 {
            gestureAvailability = .recordedByLibinput
        } else if evdevFrameCount > 0 {
            gestureAvailability = .needsReplayThroughKernel
        } else {
            gestureAvailability = .noEvents
        }
    }

    /// Counts `evdev:` entries anywhere under `node` (for fragments).
    private static func countFrames(_ node: YAMLNode) -> Int {
        switch node {
        case .scalar: return 0
        case .sequence(let items, _): return items.reduce(0) { $0 + countFrames($1) }
        case .mapping(let pairs, _):
            return pairs.reduce(0) { $0 + ($1.key == "evdev" ? 1 : countFrames($1.value)) }
        }
    }

    /// The largest device side accepted, in millimetres: 10 m (a wall-sized touchscreen is
    /// under 3 m); larger or non-finite sizes are corruption.
    static let largestDeviceSize = 10_000.0

    /// `0x1d` or `29` as an integer.
    private static func integer(_ text: String) -> Int? {
        let trimmed = text.trimmingBlanks()
        if trimmed.hasPrefix("0x") { return Int(trimmed.dropFirst(2), radix: 16) }
        return Int(trimmed)
    }

    /// The gesture event of one `libinput:` entry, nil for other event types, or a warning.
    private static func gesture(from item: YAMLNode, device: UInt32?, fileName: String?) -> Result<GestureEvent, InputWarning>? {
        guard let type = item["type"]?.scalar, type.hasPrefix("GESTURE_") else { return nil }
        let mark = item.location
        func problem<Value>(_ reason: String, at place: SourceLocation? = nil) -> Result<Value, InputWarning> {
            let place = place ?? mark
            return .failure(InputWarning(file: fileName, line: place.line, column: place.column, reason: reason, text: type))
        }
        let parts = type.split(separator: "_")
        guard parts.count == 3 else { return problem("unknown gesture event type '\(type)'") }
        let kind: GestureKind
        switch parts[1] {
        case "SWIPE": kind = .swipe
        case "PINCH": kind = .pinch
        case "HOLD": kind = .hold
        default: return problem("unknown gesture event type '\(type)'")
        }
        let phase: GestureEventPhase
        switch parts[2] {
        case "BEGIN": phase = .begin
        case "UPDATE": phase = .update
        case "END": phase = .end
        default: return problem("unknown gesture event type '\(type)'")
        }
        guard let timeText = item["time"]?.scalar, let microseconds = Self.microseconds(timeText) else {
            return problem("\(type) without a valid 'time'")
        }
        guard let time = Timestamp(validatingMicroseconds: microseconds) else {
            return problem("\(type) with time \(timeText.trimmingBlanks()): times are below 2^62 µs (about 4.6e12 s) in magnitude")
        }
        guard let fingersNode = item["nfingers"] else { return problem("\(type) without 'nfingers'") }
        // Int(exactly:) is nil for nan, infinities, fractions and values beyond Int: no trap.
        guard let fingers = fingersNode.number.flatMap({ Int(exactly: $0) }),
              GestureEvent.touchpadFingerCounts.contains(fingers) else {
            return problem("\(type) with nfingers '\(fingersNode.scalar ?? fingersNode.kindDescription)': a touchpad gesture has "
                + "\(GestureEvent.touchpadFingerCounts.lowerBound) to \(GestureEvent.touchpadFingerCounts.upperBound) fingers",
                at: fingersNode.location)
        }
        var event = GestureEvent(kind, phase, fingers: fingers, time: time, device: device)
        if phase == .update {
            /// A finite number of magnitude at most ``GestureEvent/largestMagnitude``, or why not.
            func bounded(_ node: YAMLNode, _ name: String) -> Result<Double, InputWarning> {
                guard let value = node.number, value.isFinite, abs(value) <= GestureEvent.largestMagnitude else {
                    return problem("\(type) with \(name) '\(node.scalar ?? node.kindDescription)': "
                        + "expected a finite number of magnitude at most 1e6", at: node.location)
                }
                return .success(value)
            }
            /// A `[x, y]` pair of bounded numbers.
            func pair(_ key: String) -> Result<Vector2, InputWarning>? {
                guard let node = item[key] else { return nil }
                guard case .sequence(let items, _) = node, items.count == 2 else {
                    return problem("\(type) without '\(key): [dx, dy]'", at: node.location)
                }
                return bounded(items[0], "\(key) x").flatMap { x in bounded(items[1], "\(key) y").map { Vector2(x, $0) } }
            }
            switch pair("delta") {
            case nil: return problem("\(type) without 'delta: [dx, dy]'")
            case .failure(let warning)?: return .failure(warning)
            case .success(let delta)?: event.delta = delta
            }
            event.unacceleratedDelta = event.delta
            switch pair("unaccel") {
            case nil: break
            case .failure(let warning)?: return .failure(warning)
            case .success(let unaccelerated)?: event.unacceleratedDelta = unaccelerated
            }
            if kind == .pinch {
                if let node = item["scale"] {
                    switch bounded(node, "scale") {
                    case .failure(let warning): return .failure(warning)
                    case .success(let scale) where scale <= 0:
                        return problem("\(type) with scale '\(node.scalar ?? "")': a scale is above 0", at: node.location)
                    case .success(let scale): event.scale = scale
                    }
                }
                if let node = item["angle_delta"] {
                    switch bounded(node, "angle_delta") {
                    case .failure(let warning): return .failure(warning)
                    case .success(let angle): event.angleDelta = angle
                    }
                }
            }
        }
        if phase == .end, let cancelled = item["cancelled"]?.scalar {
            event.isCancelled = cancelled == "true" || cancelled == "1"
        }
        return .success(event)
    }

    /// Seconds with up to six decimals (`1.234567`) as exact microseconds.
    private static func microseconds(_ text: String) -> Int64? {
        var copy = text.trimmingBlanks()
        return copy.withUTF8 { bytes -> Int64? in
            guard let base = bytes.baseAddress else { return nil }
            var cursor = ByteCursor(base: base, end: bytes.count)
            guard let value = cursor.microseconds(), cursor.isAtEnd else { return nil }
            return value
        }
    }
}

extension YAMLNode {
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
