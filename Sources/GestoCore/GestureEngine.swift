// The recognizers gesto runs on one device's input, composed plainly as DESIGN.md says. A
// touchpad's libinput stream:
//   hold · long-press · long-press-drag.exclusively(before: swipe) ·
//   pinch-as-swipe.exclusively(before: pinch.simultaneously(with: rotate))
// and a touchscreen's frames (TouchEngine, the same recognizers made for touchscreens, with taps
// and edge swipes). Every input goes to every family the engine runs; each recognizer lets pass
// what is not its device's or its gesture's. Pure: the caller feeds the samples the devices'
// front ends made (Contact/) and deadlines, and receives recognized gestures.

/// Runs every gesto recognizer on one device's input.
///
/// Feed events in time order with ``handle(_:emit:)``; it fires any deadline that falls
/// before the event first, so a replay needs no timer. A live caller arms a timer for
/// ``nextDeadline`` and feeds ``RecognizerInput/deadline(_:)`` when it fires. Reports come out
/// in input order: touch gestures, holds, long presses, swipes (and long-press-drags), then
/// pinches and rotations.
public struct GestureEngine: Sendable {
    /// The recognizer families an engine can run (a group whose bindings need no pinches runs
    /// no pinch recognizers).
    public struct Families: OptionSet, Sendable, Hashable {
        public let rawValue: UInt8
        public init(rawValue: UInt8) { self.rawValue = rawValue }
        /// `hold:F`.
        public static let holds = Families(rawValue: 1 << 0)
        /// `long-press:F`.
        public static let longPresses = Families(rawValue: 1 << 1)
        /// Swipes and long-press-drags from swipe events.
        public static let swipes = Families(rawValue: 1 << 2)
        /// Pinches and rotations, and swipes libinput reports as three-finger pinches.
        public static let pinches = Families(rawValue: 1 << 3)
        /// The touchscreen recognizers (``TouchEngine``), fed a touchscreen's samples.
        public static let touches = Families(rawValue: 1 << 4)
        /// Every recognizer.
        public static let all: Families = [.holds, .longPresses, .swipes, .pinches, .touches]

        /// The families that recognize `name` (a swipe of three or more fingers may arrive as
        /// pinch events, so swipes need both).
        public static func recognizing(_ name: GestureName) -> Families {
            guard name.device == .touchpad else { return .touches }
            return switch name.gesture {
            case .hold: .holds
            case .longPress: .longPresses
            case .longPressDrag: .swipes
            case .swipe: [.swipes, .pinches]
            case .pinch, .rotate: .pinches
            // Only touchscreens make these (GestureName.catalogue).
            case .tap, .doubleTap, .edgeSwipe: []
            }
        }
    }

    /// The thresholds in force.
    public private(set) var settings: RecognizerSettings
    /// The recognizers that run.
    public let families: Families

    private var holds: HoldRecognizer
    private var longPresses: LongPressRecognizer
    private var swipes: ExclusiveRecognizer<LongPressDragRecognizer, SwipeRecognizer>
    private var pinches: ExclusiveRecognizer<PinchSwipeRecognizer, SimultaneousRecognizer<PinchRecognizer, RotateRecognizer>>
    /// The touchscreen recognizers (fed a touchscreen's samples only).
    private var touches: TouchEngine
    /// The latest time fed: an event older than it is processed at it.
    private var lastTime: Timestamp?
    /// The previous event's own time (before clamping), to name each jump back once.
    private var lastEventTime: Timestamp?

    /// Makes an engine with the given thresholds, running the given recognizer families.
    public init(settings: RecognizerSettings = RecognizerSettings(), families: Families = .all) {
        self.settings = settings
        self.families = families
        holds = HoldRecognizer(settings: settings.hold)
        longPresses = LongPressRecognizer(settings: settings.longPress)
        swipes = LongPressDragRecognizer(settings: settings.longPress)
            .exclusively(before: SwipeRecognizer(settings: settings.swipe))
        pinches = PinchSwipeRecognizer(swipe: settings.swipe, pinch: settings.pinch)
            .exclusively(before: PinchRecognizer(settings: settings.pinch)
                .simultaneously(with: RotateRecognizer(settings: settings.rotate)))
        touches = TouchEngine(settings: settings.touch)
    }

    /// The earliest time at which the engine needs a deadline input, or nil.
    public var nextDeadline: Timestamp? {
        holds.nextDeadline.earliest(longPresses.nextDeadline).earliest(swipes.nextDeadline)
            .earliest(pinches.nextDeadline).earliest(touches.nextDeadline)
    }

    /// True while any gesture is in progress.
    public var isActive: Bool {
        holds.isActive || longPresses.isActive || swipes.isActive || pinches.isActive || touches.isActive
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

    /// Every recognizer's state, in a fixed order, with the kind a trace names it by: the
    /// touchpad's, then the touchscreen's.
    private var traceStates: [(kind: String, state: RecognizerTraceState)] {
        [("hold", holds.traceState), ("long-press", longPresses.traceState),
         ("long-press-drag", swipes.first.traceState), ("swipe", swipes.second.traceState),
         ("pinch-swipe", pinches.first.traceState), ("pinch", pinches.second.first.traceState),
         ("rotate", pinches.second.second.traceState)] + touches.traceStates
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

    /// Feeds `input` to every family the engine runs, in the order of their reports: touch
    /// gestures, holds, long presses, swipes (and long-press-drags), pinches and rotations. Each
    /// recognizer ignores the inputs that are not its own.
    private mutating func feedRecognizers(_ input: RecognizerInput, emit: (RecognizedGesture) -> Void,
                                          diagnose: (RecognizerDiagnostic) -> Void) {
        if families.contains(.touches) { touches.handle(input, emit: emit, diagnose: diagnose) }
        if families.contains(.holds) { holds.handle(input, emit: emit, diagnose: diagnose) }
        // The long press watches the same holds: their anomalies are the hold recognizer's to report.
        if families.contains(.longPresses) { longPresses.handle(input, emit: emit) }
        if families.contains(.swipes) {
            swipes.handle(input, emit: { update in
                switch update.value {
                case .first(let drag): emit(RecognizedGesture(update.phase, drag))
                case .second(let swipe): emit(RecognizedGesture(update.phase, swipe))
                }
            }, diagnose: diagnose)
        }
        if families.contains(.pinches) {
            pinches.handle(input, emit: { update in
                switch update.value {
                case .first(let swipe):
                    // The pinch-as-swipe claim only speaks once it is a swipe; its failure is the
                    // signal that releases the pinch, not an outcome of its own.
                    if update.phase != .failed { emit(RecognizedGesture(update.phase, swipe)) }
                case .second(let both):
                    if let pinch = both.first { emit(pinch) }
                    if let rotation = both.second { emit(rotation) }
                }
            }, diagnose: diagnose)
        }
    }
}
