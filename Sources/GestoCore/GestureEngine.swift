// The recognizers gesto runs on its devices' input: one DeviceEngine per device, each composed
// from that device's rows of one table (DeviceEngine.table, which says each composition). A
// sample goes to its device's engine; a deadline and the end of input to every engine, the
// touchscreen's first. Pure: the caller feeds the samples the devices' front ends made
// (Contact/) and deadlines, and receives recognized gestures.

/// Runs every gesto recognizer on the devices' input.
///
/// Feed events in time order with ``handle(_:emit:)``; it fires any deadline that falls
/// before the event first, so a replay needs no timer. A live caller arms a timer for
/// ``nextDeadline`` and feeds ``RecognizerInput/deadline(_:)`` when it fires. Reports come out
/// in input order: taps, holds, long presses, long-press-drags, swipes (and the gestures that
/// claim a swipe's strokes first), then pinches and rotations; at an input both devices see,
/// the touchscreen's first.
public struct GestureEngine: Sendable {
    /// The recognizers an engine can run: a set of rows of the composition table (a group whose
    /// bindings need no pinches runs no pinch recognizers).
    public struct Families: OptionSet, Sendable, Hashable {
        public let rawValue: UInt16
        public init(rawValue: UInt16) { self.rawValue = rawValue }

        /// Row `index` of the composition table.
        static func row(_ index: Int) -> Families { Families(rawValue: 1 << UInt16(index)) }

        /// Every recognizer.
        public static let all: Families = {
            precondition(DeviceEngine.table.count <= UInt16.bitWidth, "DeviceEngine.table: more rows than Families holds")
            return DeviceEngine.table.indices.reduce(into: []) { $0.insert(.row($1)) }
        }()

        /// The families that recognize `name`: each row of its device that reports its gesture
        /// (a touchpad's swipe of three or more fingers may arrive as pinch events, so its
        /// swipes need both its swipe and its pinch rows).
        public static func recognizing(_ name: GestureName) -> Families {
            DeviceEngine.table.indices.reduce(into: []) { families, index in
                let row = DeviceEngine.table[index]
                if row.device == name.device, row.kinds.contains(name.gesture.kind) { families.insert(.row(index)) }
            }
        }
    }

    /// The thresholds in force.
    public private(set) var settings: RecognizerSettings
    /// The recognizers that run.
    public let families: Families

    /// One engine per device with a row in `families`, in the table's order.
    private var devices: [DeviceEngine]
    /// The latest time fed: an event older than it is processed at it.
    private var lastTime: Timestamp?
    /// The previous event's own time (before clamping), to name each jump back once.
    private var lastEventTime: Timestamp?

    /// Makes an engine with the given thresholds, running the given recognizer families.
    public init(settings: RecognizerSettings = RecognizerSettings(), families: Families = .all) {
        self.settings = settings
        self.families = families
        var devices: [DeviceEngine] = []
        for row in DeviceEngine.table where !devices.contains(where: { $0.device == row.device }) {
            let rows = DeviceEngine.table.indices.filter { index in
                DeviceEngine.table[index].device == row.device && families.contains(.row(index))
            }
            // A device none of whose recognizers run has no engine.
            guard !rows.isEmpty else { continue }
            devices.append(DeviceEngine(device: row.device, rows: rows.map { DeviceEngine.table[$0] }, settings: settings))
        }
        self.devices = devices
    }

    /// The earliest time at which the engine needs a deadline input, or nil.
    public var nextDeadline: Timestamp? {
        var earliest: Timestamp? = nil
        for index in devices.indices { earliest = earliest.earliest(devices[index].nextDeadline) }
        return earliest
    }

    /// True while any gesture is in progress.
    public var isActive: Bool {
        devices.contains { $0.isActive }
    }

    /// Feeds one input and calls `emit` for every report, in order. For an event or a touch
    /// frame, deadlines at or before its time are fed first. Events older than the previous
    /// input are processed as if they happened at that time (timestamps never run backwards
    /// inside the engine).
    public mutating func handle(_ input: RecognizerInput, emit: (RecognizedGesture) -> Void) {
        handle(input, emit: emit, diagnose: { _ in }, trace: nil)
    }

    /// Feeds one input as ``handle(_:emit:)`` does; `diagnose` receives every input a
    /// recognizer's state did not expect (``RecognizerDiagnostic``), and an event whose time
    /// runs backwards.
    public mutating func handle(_ input: RecognizerInput, emit: (RecognizedGesture) -> Void,
                                diagnose: (RecognizerDiagnostic) -> Void) {
        handle(input, emit: emit, diagnose: diagnose, trace: nil)
    }

    /// Feeds one input as ``handle(_:emit:diagnose:)`` does; `trace`, if given, receives each
    /// recognizer's change of state (``RecognizerTransition``) after each input it was fed
    /// (a deadline the engine feeds first is an input of its own). Without it no state is
    /// compared or named.
    public mutating func handle(_ input: RecognizerInput, emit: (RecognizedGesture) -> Void,
                                diagnose: (RecognizerDiagnostic) -> Void,
                                trace: ((RecognizerTransition) -> Void)?) {
        handle(input, deadlinesFed: false, emit: emit, diagnose: diagnose, trace: trace)
    }

    /// Feeds one input as ``handle(_:emit:diagnose:trace:)`` does; with `deadlinesFed` the
    /// caller has fed every deadline due at or before a sample's time already
    /// (``RecognizerGroups`` does, in time order across its groups), so none is looked for.
    mutating func handle(_ input: RecognizerInput, deadlinesFed: Bool, emit: (RecognizedGesture) -> Void,
                         diagnose: (RecognizerDiagnostic) -> Void, trace: ((RecognizerTransition) -> Void)?) {
        switch input {
        case .sample(let sample):
            guard let lastTime, sample.time < lastTime else {
                lastEventTime = sample.time
                // Deadlines that fell due before the sample come first, each an input of its own.
                if !deadlinesFed { feedDeadlines(through: sample.time, emit: emit, diagnose: diagnose, trace: trace) }
                lastTime = sample.time
                dispatch(input, emit: emit, diagnose: diagnose, trace: trace)
                return
            }
            // Named once per jump back, not for every sample until the clock catches up.
            if let lastEventTime, sample.time < lastEventTime {
                diagnose(RecognizerDiagnostic("engine", fingers: sample.fingerCount, state: "running", sample,
                                              outcome: "processed at the latest time seen: time ran backwards"))
            }
            lastEventTime = sample.time
            var late = sample
            late.time = lastTime
            feedDeadlines(through: lastTime, emit: emit, diagnose: diagnose, trace: trace)
            dispatch(.sample(late), emit: emit, diagnose: diagnose, trace: trace)
        case .deadline(let time), .endOfInput(let time):
            lastTime = max(lastTime ?? time, time)
            dispatch(input, emit: emit, diagnose: diagnose, trace: trace)
        }
    }

    /// Feeds a single touchpad event, made a sample by its front end (see ``handle(_:emit:)``).
    public mutating func handle(_ event: GestureEvent, emit: (RecognizedGesture) -> Void) {
        handle(.sample(ContactSample(touchpad: event)), emit: emit, diagnose: { _ in }, trace: nil)
    }

    /// Feeds a single touchpad event as ``handle(_:emit:diagnose:trace:)`` does its sample.
    public mutating func handle(_ event: GestureEvent, emit: (RecognizedGesture) -> Void,
                                diagnose: (RecognizerDiagnostic) -> Void,
                                trace: ((RecognizerTransition) -> Void)?) {
        handle(.sample(ContactSample(touchpad: event)), emit: emit, diagnose: diagnose, trace: trace)
    }

    /// Feeds the deadlines at or before `time`, each an input of its own.
    private mutating func feedDeadlines(through time: Timestamp, emit: (RecognizedGesture) -> Void,
                                        diagnose: (RecognizerDiagnostic) -> Void, trace: ((RecognizerTransition) -> Void)?) {
        while let deadline = nextDeadline, deadline <= time {
            dispatch(.deadline(deadline), emit: emit, diagnose: diagnose, trace: trace)
        }
    }

    /// Every recognizer's state, in a fixed order, with the kind a trace names it by: each
    /// device's (``DeviceEngine/traceStates``), in the table's order.
    private var traceStates: [(kind: String, state: RecognizerTraceState)] {
        devices.flatMap(\.traceStates)
    }

    /// Feeds `input` to the recognizers; with a `trace`, reports each recognizer whose state
    /// it changed.
    private mutating func dispatch(_ input: RecognizerInput, emit: (RecognizedGesture) -> Void,
                                   diagnose: (RecognizerDiagnostic) -> Void, trace: ((RecognizerTransition) -> Void)?) {
        guard let trace else {
            feedRecognizers(input, emit: emit, diagnose: diagnose)
            return
        }
        let before = traceStates
        feedRecognizers(input, emit: emit, diagnose: diagnose)
        let after = traceStates
        for index in before.indices where before[index].state != after[index].state {
            let from = before[index].state, to = after[index].state
            trace(RecognizerTransition(kind: before[index].kind, fingers: to.fingers ?? from.fingers ?? 0,
                                       from: from.name, to: to.name, time: input.time, input: input.traceName))
        }
    }

    /// Feeds a sample to its device's engine, a deadline or the end of input to every engine.
    private mutating func feedRecognizers(_ input: RecognizerInput, emit: (RecognizedGesture) -> Void,
                                          diagnose: (RecognizerDiagnostic) -> Void) {
        let device: ContactDevice?
        switch input {
        case .sample(let sample): device = sample.device
        case .deadline, .endOfInput: device = nil
        }
        for index in devices.indices where device == nil || devices[index].device == device {
            devices[index].handle(input, emit: emit, diagnose: diagnose)
        }
    }
}
