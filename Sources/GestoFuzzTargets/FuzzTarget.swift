// The fuzz targets: one entry point per edge where outside bytes enter gesto (debug-events
// text, `libinput record` YAML, the config, IPC request lines, the C ABI's event feed, other
// tools' configs given to `gestoctl import`). Each
// runs one input through the real code and checks what must hold for any input: no trap,
// and no NaN or out-of-range value reaching the recognizers, a binding or a C caller.
// `gesto-fuzz` drives these under libFuzzer; GestoFuzzTests runs the regression corpus.
import CGestoABI
import Gesto
import GestoConfig
import GestoCore
import GestoDaemon
import GestoImport
import GestoInput

/// An edge of gesto that takes outside bytes.
public enum FuzzTarget: String, CaseIterable, Sendable {
    /// `libinput debug-events` text, through the parser and the recognizers.
    case debugEvents = "debug-events"
    /// `libinput record` YAML, through the reader and the recognizers.
    case libinputRecord = "libinput-record"
    /// A config file, through the decoder and recognizers running with its settings.
    case config
    /// One IPC request line, through the request decoder.
    case ipcRequest = "ipc-request"
    /// The C ABI's event feed: the bytes are read as `struct gesto_gesture_event`s.
    case cABIEvents = "c-abi-events"
    /// Another tool's config through `gestoctl import`: the first byte picks the format
    /// (libinput-gestures, fusuma, touchegg, sway, hyprland), the rest is the file.
    case importConfig = "import"

    /// Runs one input. Returns for every input; a trap or a failed invariant (a
    /// `precondition`) is a finding.
    public func run(_ bytes: UnsafeRawBufferPointer) {
        switch self {
        case .debugEvents: Self.runDebugEvents(bytes)
        case .libinputRecord: Self.runLibinputRecord(bytes)
        case .config: Self.runConfig(bytes)
        case .ipcRequest: _ = try? IPCRequest(line: String(decoding: bytes, as: UTF8.self))
        case .cABIEvents: Self.runCABIEvents(bytes)
        case .importConfig: Self.runImport(bytes)
        }
    }

    /// Runs the input in `bytes`.
    public func run(_ bytes: [UInt8]) { bytes.withUnsafeBytes { run($0) } }

    // MARK: - Targets

    private static func runDebugEvents(_ bytes: UnsafeRawBufferPointer) {
        var parser = DebugEventsParser(fileName: "fuzz")
        var events: [GestureEvent] = []
        var touches: [TouchEvent] = []
        parser.parseAll(bytes.bindMemory(to: UInt8.self), { record in
            switch record {
            case .gesture(let event): events.append(event)
            case .touch(let event): touches.append(event)
            case .otherEvent(let time):
                precondition(Timestamp.acceptedMicroseconds.contains(time.microseconds), "an event at \(time)")
            case .deviceAdded, .deviceRemoved: break
            }
        }, warnings: { _ in })
        recognize(events, settings: RecognizerSettings())
        recognizeTouches(touches)
    }

    private static func runLibinputRecord(_ bytes: UnsafeRawBufferPointer) {
        guard let recording = try? LibinputRecording(parsing: bytes, fileName: "fuzz") else { return }
        recognize(recording.gestures, settings: RecognizerSettings())
        recognizeTouches(recording.touches)
    }

    /// Whatever the source, the import's output must be a valid gesto config.
    private static func runImport(_ bytes: UnsafeRawBufferPointer) {
        guard let first = bytes.first else { return }
        let format = ImportFormat.allCases[Int(first) % ImportFormat.allCases.count]
        let text = String(decoding: UnsafeRawBufferPointer(rebasing: bytes.dropFirst()), as: UTF8.self)
        let imported = GestoImport.importConfig(text, format: format, file: "fuzz")
        do {
            _ = try Config.parse(imported.configText, file: "imported")
        } catch {
            preconditionFailure("the import of a \(format.rawValue) config does not parse: \(error)\n\(imported.configText)")
        }
    }

    private static func runConfig(_ bytes: UnsafeRawBufferPointer) {
        guard let text = String(validating: bytes, as: UTF8.self),
              let config = try? Config.parse(text, file: "fuzz") else { return }
        for binding in config.bindings {
            if case .exec(let command) = binding.action { precondition(!command.utf8.contains(0), "an exec with a NUL") }
        }
        // Every distinct group of settings runs a fixed script: a config `check` accepts must
        // not trap once a finger touches (issue 18: long-press duration 1e13).
        var seen: [RecognizerSettings] = []
        for settings in [config.settings] + config.bindings.map(\.settings) where !seen.contains(settings) {
            seen.append(settings)
            if seen.count > 4 { break }
            recognize(configScript, settings: settings)
        }
    }

    /// Reads the bytes as consecutive events (the `size` field forced to the struct's size) into
    /// an engine with a few bindings, dispatching deadlines and draining gestures as a
    /// compositor would.
    private static func runCABIEvents(_ bytes: UnsafeRawBufferPointer) {
        var handle: OpaquePointer?
        let yaml = cABIConfig
        let status = yaml.withCString { gestoEngineNewFromConfig($0, yaml.utf8.count, &handle) }
        precondition(status == GESTO_OK.rawValue, "the fixed config was refused")
        defer { gestoEngineDestroy(handle) }
        let stride = MemoryLayout<gesto_gesture_event>.size
        var offset = 0
        while offset + stride <= bytes.count {
            var event = gesto_gesture_event()
            withUnsafeMutableBytes(of: &event) { $0.copyMemory(from: UnsafeRawBufferPointer(rebasing: bytes[offset..<(offset + stride)])) }
            event.size = UInt32(stride)
            offset += stride
            _ = gestoEngineHandleEvent(handle, &event)
            var deadline: UInt64 = 0
            if gestoEngineNextDeadline(handle, &deadline) == GESTO_OK.rawValue, deadline <= event.time_usec {
                _ = gestoEngineDispatchDeadline(handle, event.time_usec)
            }
            drain(handle)
        }
        _ = gestoEngineEndInput(handle, UInt64(1) << 61)
        drain(handle)
    }

    // MARK: - Shared checks

    /// The events a config's settings are tried on: a hold, a long press, a swipe, a pinch.
    private static let configScript: [GestureEvent] = {
        func at(_ seconds: Double) -> Timestamp { Timestamp(seconds: 5000 + seconds) }
        var events = [GestureEvent(.hold, .begin, fingers: 3, time: at(0)),
                      GestureEvent(.hold, .end, fingers: 3, time: at(0.5)),
                      GestureEvent(.swipe, .begin, fingers: 3, time: at(1))]
        for step in 1...10 {
            events.append(GestureEvent(.swipe, .update, fingers: 3, time: at(1 + Double(step) * 0.007),
                                       delta: Vector2(30, 0), unaccelerated: Vector2(30, 0)))
        }
        events.append(GestureEvent(.swipe, .end, fingers: 3, time: at(1.1)))
        events.append(GestureEvent(.pinch, .begin, fingers: 2, time: at(2)))
        events.append(GestureEvent(.pinch, .update, fingers: 2, time: at(2.01), scale: 0.5, angleDelta: 30))
        events.append(GestureEvent(.pinch, .end, fingers: 2, time: at(2.02), scale: 0.5))
        return events
    }()

    /// Bindings for the C ABI target: a swipe, a pinch, a long press and a hold.
    private static let cABIConfig = """
        bindings:
          - {gesture: swipe:3:left, exec: a}
          - {gesture: pinch:2:in, mode: continuous, exec: b}
          - {gesture: long-press:3, exec: c}
          - {gesture: hold:4, exec: d}
        """

    /// Checks the events as an input source hands them on, then runs them (with deadlines and
    /// an end of input) through an engine and checks every recognized gesture.
    private static func recognize(_ events: [GestureEvent], settings: RecognizerSettings) {
        var engine = GestureEngine(settings: settings)
        var last = Timestamp(microseconds: 0)
        for event in events {
            checkInput(event)
            while let deadline = engine.nextDeadline, deadline <= event.time {
                engine.handle(.deadline(deadline), emit: checkOutput)
            }
            engine.handle(event, emit: checkOutput)
            last = max(last, event.time)
        }
        engine.handle(.endOfInput(last), emit: checkOutput)
    }

    /// Runs touch events (of any devices, as one) through a touchscreen front end and an
    /// engine, with deadlines and an end of input, and checks every recognized gesture.
    private static func recognizeTouches(_ events: [TouchEvent]) {
        guard !events.isEmpty else { return }
        var frontEnd = TouchscreenFrontEnd()
        var engine = GestureEngine()
        var last = Timestamp(microseconds: 0)
        func run(_ sample: ContactSample) {
            precondition(Timestamp.acceptedMicroseconds.contains(sample.time.microseconds), "a frame at \(sample.time)")
            while let deadline = engine.nextDeadline, deadline <= sample.time {
                engine.handle(.deadline(deadline), emit: checkOutput, diagnose: { _ in })
            }
            engine.handle(.sample(sample), emit: checkOutput, diagnose: { _ in })
        }
        for event in events {
            precondition(Timestamp.acceptedMicroseconds.contains(event.time.microseconds), "a touch at \(event.time)")
            frontEnd.handle(event, emit: run, diagnose: { _ in })
            last = max(last, event.time)
        }
        frontEnd.flush(emit: run)
        engine.handle(.endOfInput(last), emit: checkOutput, diagnose: { _ in })
    }

    /// What every input source guarantees about an event.
    private static func checkInput(_ event: GestureEvent) {
        precondition(Timestamp.acceptedMicroseconds.contains(event.time.microseconds), "an event at \(event.time)")
        precondition(GestureEvent.touchpadFingerCounts.contains(event.fingerCount), "finger count \(event.fingerCount)")
        for value in [event.delta.x, event.delta.y, event.unacceleratedDelta.x, event.unacceleratedDelta.y, event.angleDelta] {
            precondition(value.isFinite && abs(value) <= GestureEvent.largestMagnitude, "an event value \(value)")
        }
        precondition(event.scale.isFinite && event.scale > 0 && event.scale <= GestureEvent.largestMagnitude, "scale \(event.scale)")
    }

    /// What must hold for every recognized gesture: no NaN reaches a binding.
    private static func checkOutput(_ gesture: RecognizedGesture) {
        for value in [gesture.translation.x, gesture.translation.y, gesture.velocity.x, gesture.velocity.y,
                      gesture.scale, gesture.angle, gesture.progress] {
            precondition(!value.isNaN, "a NaN in \(gesture.name) \(gesture.phase)")
        }
    }

    /// Takes every queued gesture from a C ABI engine and checks it.
    private static func drain(_ handle: OpaquePointer?) {
        var record = gesto_recognized()
        record.size = UInt32(MemoryLayout<gesto_recognized>.size)
        while gestoEngineNextGesture(handle, &record) == GESTO_OK.rawValue {
            for value in [record.translation_x, record.translation_y, record.velocity_x, record.velocity_y,
                          record.predicted_end_x, record.predicted_end_y, record.scale, record.angle, record.progress] {
                precondition(!value.isNaN, "a NaN handed to a C caller")
            }
            precondition(record.fingers >= 1 && record.fingers <= 10, "a recognized gesture with \(record.fingers) fingers")
            record.size = UInt32(MemoryLayout<gesto_recognized>.size)
        }
    }
}
