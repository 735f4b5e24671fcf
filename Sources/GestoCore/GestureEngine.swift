// The recognizers gesto runs on one touchpad's libinput stream, composed as DESIGN.md says:
//   hold · long-press · long-press-drag.exclusively(before: swipe) ·
//   pinch-as-swipe.exclusively(before: pinch.simultaneously(with: rotate))
// Pure: the caller feeds events and deadlines and receives recognized gestures.

/// Runs every gesto recognizer on one libinput gesture stream.
///
/// Feed events in time order with ``handle(_:emit:)``; it fires any deadline that falls
/// before the event first, so a replay needs no timer. A live caller arms a timer for
/// ``nextDeadline`` and feeds ``RecognizerInput/deadline(_:)`` when it fires. Reports come out
/// in input order: holds, long presses, swipes (and long-press-drags), then pinches and
/// rotations.
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
        /// The touchscreen recognizers (``TouchEngine``), fed touch frames.
        public static let touches = Families(rawValue: 1 << 4)
        /// Every recognizer.
        public static let all: Families = [.holds, .longPresses, .swipes, .pinches, .touches]

        /// The families that recognize `name` (a swipe of three or more fingers may arrive as
        /// pinch events, so swipes need both).
        public static func recognizing(_ name: GestureName) -> Families {
            switch name {
            case .hold: .holds
            case .longPress: .longPresses
            case .longPressDrag: .swipes
            case .swipe: [.swipes, .pinches]
            case .pinch, .rotate: .pinches
            case .tap, .doubleTap, .touchLongPress, .touchLongPressDrag, .touchSwipe, .touchPinch, .touchRotate, .edgeSwipe:
                .touches
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
    /// The touchscreen recognizers (fed touch frames only).
    private var touches: TouchEngine
    /// The touch engine's next deadline, noted after each input it is fed: a touchpad event
    /// then never asks it (reading its deadline from this mutating code copied it, ~3 KB).
    private var touchDeadline: Timestamp?
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
        nextDeadline = earliestRecognizerDeadline
    }

    /// The earliest time at which the engine needs a deadline input, or nil. (Stored, updated
    /// after each input, the only time the recognizers change: it is read before every event
    /// here and in ``RecognizerGroups``, and asking every recognizer each time cost ~100
    /// instructions a read.)
    public private(set) var nextDeadline: Timestamp?

    /// The earliest deadline of any recognizer: each touchpad recognizer's, asked, and the
    /// touch engine's, as noted. (Inlined, as their getters are: an out-of-line call from
    /// mutating code is handed a copy.)
    @inline(__always) private var earliestRecognizerDeadline: Timestamp? {
        holds.nextDeadline.earliest(longPresses.nextDeadline).earliest(swipes.nextDeadline).earliest(pinches.nextDeadline)
            .earliest(touchDeadline)
    }

    /// Whether a hold, a long press or a long-press-drag is in progress: the recognizers only a
    /// HOLD_BEGIN starts, and the only ones (with the touch recognizers) that keep deadlines.
    /// Noted with ``nextDeadline`` after each input that fed one of them; while it is false,
    /// swipe and pinch events pass them by without asking each.
    private var holdFamilyIsActive = false

    /// Notes ``nextDeadline`` and ``holdFamilyIsActive`` after an input that fed a recognizer
    /// of the hold family or the touch recognizers: nothing else changes them.
    @inline(__always) private mutating func noteHoldFamily() {
        nextDeadline = earliestRecognizerDeadline
        holdFamilyIsActive = anyOfHoldFamilyIsActive
    }

    /// Whether a hold, a long press or a long-press-drag is in progress, asked of each.
    @inline(__always) private var anyOfHoldFamilyIsActive: Bool {
        holds.isActive || longPresses.isActive || swipes.first.isActive
    }

    /// Checks, in debug builds (every test run), that what ``noteHoldFamily()`` notes is what
    /// the recognizers would give now.
    @inline(__always) private func assertHoldFamilyNoted() {
        assert(nextDeadline == earliestRecognizerDeadline, "a recognizer with a deadline was fed unnoted")
        assert(holdFamilyIsActive == anyOfHoldFamilyIsActive, "a hold, long press or long-press-drag was fed unnoted")
    }

    /// True while any gesture is in progress.
    @inline(__always) public var isActive: Bool {
        holds.isActive || longPresses.isActive || swipes.isActive || pinches.isActive || touches.isActive
    }

    /// Feeds one input and calls `emit` for every report, in order. For an event, deadlines at
    /// or before its time are fed first. Events older than the previous input are processed as
    /// if they happened at that time (timestamps never run backwards inside the engine).
    public mutating func handle(_ input: RecognizerInput, emit: (RecognizedGesture) -> Void) {
        handle(input, emit: emit, diagnose: { _ in })
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
        switch input {
        case .event(let event):
            handle(event, emit: emit, diagnose: diagnose, trace: trace)
        case .touches(let frame):
            feedDeadlines(through: frame.time, emit: emit, diagnose: diagnose, trace: trace)
            lastTime = max(lastTime ?? frame.time, frame.time)
            dispatch(input, emit: emit, diagnose: diagnose, trace: trace)
        case .deadline(let time), .endOfInput(let time):
            lastTime = max(lastTime ?? time, time)
            dispatch(input, emit: emit, diagnose: diagnose, trace: trace)
        }
    }

    /// Feeds a single event (see ``handle(_:emit:)``).
    public mutating func handle(_ event: GestureEvent, emit: (RecognizedGesture) -> Void) {
        handle(event, emit: emit, diagnose: { _ in }, trace: nil)
    }

    /// Feeds a single event as ``handle(_:emit:diagnose:trace:)`` does `.event(event)`. (Events
    /// go down to the recognizers as they are, not wrapped in a ``RecognizerInput``: wrapping
    /// copied every event, ~40 instructions.)
    public mutating func handle(_ event: GestureEvent, emit: (RecognizedGesture) -> Void,
                                diagnose: (RecognizerDiagnostic) -> Void,
                                trace: ((RecognizerTransition) -> Void)?) {
        guard let lastTime, event.time < lastTime else {
            lastEventTime = event.time
            feed(event, emit: emit, diagnose: diagnose, trace: trace)
            return
        }
        // Once per jump back, not for every event until the clock catches up.
        if let lastEventTime, event.time < lastEventTime {
            diagnose(RecognizerDiagnostic("engine", fingers: event.fingerCount, state: "running", event,
                                          outcome: "processed at the latest time seen: time ran backwards"))
        }
        lastEventTime = event.time
        var clamped = event
        clamped.time = lastTime
        feed(clamped, emit: emit, diagnose: diagnose, trace: trace)
    }

    /// Feeds the deadlines at or before `time`, each an input of its own.
    @inline(__always)
    private mutating func feedDeadlines(through time: Timestamp, emit: (RecognizedGesture) -> Void,
                                        diagnose: (RecognizerDiagnostic) -> Void, trace: ((RecognizerTransition) -> Void)?) {
        while let deadline = nextDeadline, deadline <= time {
            dispatch(.deadline(deadline), emit: emit, diagnose: diagnose, trace: trace)
        }
    }

    /// Feeds the deadlines at or before an event's time, then the event itself.
    @inline(__always)
    private mutating func feed(_ event: GestureEvent, emit: (RecognizedGesture) -> Void,
                               diagnose: (RecognizerDiagnostic) -> Void, trace: ((RecognizerTransition) -> Void)?) {
        feedDeadlines(through: event.time, emit: emit, diagnose: diagnose, trace: trace)
        lastTime = max(lastTime ?? event.time, event.time)
        guard trace == nil else {
            dispatch(.event(event), emit: emit, diagnose: diagnose, trace: trace)
            return
        }
        if feedRecognizers(event: event, emit: emit, diagnose: diagnose) { noteHoldFamily() }
        assertHoldFamilyNoted()
    }

    /// Every recognizer's state, in a fixed order, with the kind a trace names it by.
    private var traceStates: [(kind: String, state: RecognizerTraceState)] {
        [("hold", holds.traceState), ("long-press", longPresses.traceState),
         ("long-press-drag", swipes.first.traceState), ("swipe", swipes.second.traceState),
         ("pinch-swipe", pinches.first.traceState), ("pinch", pinches.second.first.traceState),
         ("rotate", pinches.second.second.traceState)]
    }

    /// Dispatches `input`; with a `trace`, reports each recognizer whose state it changed.
    private mutating func dispatch(_ input: RecognizerInput, emit: (RecognizedGesture) -> Void,
                                   diagnose: (RecognizerDiagnostic) -> Void, trace: ((RecognizerTransition) -> Void)?) {
        guard let trace else {
            dispatch(input, emit: emit, diagnose: diagnose)
            return
        }
        let before = traceStates
        dispatch(input, emit: emit, diagnose: diagnose)
        let after = traceStates
        for index in before.indices where before[index].state != after[index].state {
            let from = before[index].state, to = after[index].state
            trace(RecognizerTransition(kind: before[index].kind, fingers: to.fingers ?? from.fingers ?? 0,
                                       from: from.name, to: to.name, time: input.time, input: input.traceName))
        }
    }

    /// Feeds `input` to the recognizers, then notes their next deadline if one that keeps
    /// deadlines was fed.
    @inline(__always)
    private mutating func dispatch(_ input: RecognizerInput, emit: (RecognizedGesture) -> Void,
                                   diagnose: (RecognizerDiagnostic) -> Void) {
        if feedRecognizers(input, emit: emit, diagnose: diagnose) { noteHoldFamily() }
        assertHoldFamilyNoted()
    }

    /// Feeds `input` to the recognizers that care; returns whether it fed one that keeps
    /// deadlines (a hold, a long press, a long-press-drag or the touch recognizers): only then
    /// can ``nextDeadline`` have changed. (Swipes, pinches and rotations keep none, and asking
    /// every recognizer after each of their events cost ~30 instructions an event.)
    private mutating func feedRecognizers(_ input: RecognizerInput, emit: (RecognizedGesture) -> Void,
                                          diagnose: (RecognizerDiagnostic) -> Void) -> Bool {
        switch input {
        case .event(let event):
            return feedRecognizers(event: event, emit: emit, diagnose: diagnose)
        case .touches:
            if families.contains(.touches) { feedTouches(input, emit: emit, diagnose: diagnose) }
        case .deadline, .endOfInput:
            // Every recognizer hears a deadline and the end of the input.
            if families.contains(.touches) { feedTouches(input, emit: emit, diagnose: diagnose) }
            if families.contains(.holds) { holds.handle(input, emit: { emit($0) }, diagnose: diagnose) }
            if families.contains(.longPresses) { longPresses.handle(input) { emit($0) } }
            if families.contains(.swipes) {
                if swipes.first.isEnabled {
                    feedSwipeComposition(input, emit: emit, diagnose: diagnose)
                } else {
                    swipes.second.handle(input, emit: emit, diagnose: diagnose)
                }
            }
            if families.contains(.pinches) { feedPinchComposition(input, emit: emit, diagnose: diagnose) }
        }
        return true
    }

    /// Feeds `event` to the recognizers that care, as ``feedRecognizers(_:emit:diagnose:)``
    /// does (and returns).
    // Inlined into the event's path: called, it was handed a copy of the event.
    @inline(__always)
    private mutating func feedRecognizers(event: GestureEvent, emit: (RecognizedGesture) -> Void,
                                          diagnose: (RecognizerDiagnostic) -> Void) -> Bool {
        // Pinch events only matter to the swipe group while it is in progress (a pinch cancels
        // a pending long press), and swipe and hold events to the pinch group likewise: skipping
        // the idle group saves its composition machinery on every event.
        var feedsSwipes = families.contains(.swipes), feedsPinches = families.contains(.pinches)
        switch event.kind {
        case .swipe, .hold: feedsPinches = feedsPinches && pinches.isActive
        case .pinch: feedsSwipes = feedsSwipes && swipes.isActive
        }
        // Only a HOLD_BEGIN starts a hold, a long press or a long-press-drag: while none is in
        // progress, a swipe or pinch event (most events are motion) passes them by.
        var fedDeadlines = event.kind == .hold || holdFamilyIsActive
        if fedDeadlines { feedHoldsAndLongPresses(event, emit: emit, diagnose: diagnose) }
        if feedsSwipes, feedSwipes(event, emit: emit, diagnose: diagnose) { fedDeadlines = true }
        if feedsPinches { feedPinches(event, emit: emit, diagnose: diagnose) }
        return fedDeadlines
    }

    /// Feeds `event` to the hold and long-press recognizers that care: both, for a hold event;
    /// for another, the ones in progress (only a HOLD_BEGIN starts one).
    // Not inlined: the event's path then reads only the fields it tests, not the whole event.
    @inline(never)
    private mutating func feedHoldsAndLongPresses(_ event: GestureEvent, emit: (RecognizedGesture) -> Void,
                                                  diagnose: (RecognizerDiagnostic) -> Void) {
        let isMotion = event.kind != .hold
        if families.contains(.holds), !isMotion || holds.isActive {
            holds.handle(.event(event), emit: { emit($0) }, diagnose: diagnose)
        }
        // The long press watches the same holds: their anomalies are the hold recognizer's to report.
        if families.contains(.longPresses), !isMotion || longPresses.isActive {
            longPresses.handle(.event(event)) { emit($0) }
        }
    }

    private mutating func feedTouches(_ input: RecognizerInput, emit: (RecognizedGesture) -> Void,
                                      diagnose: (RecognizerDiagnostic) -> Void) {
        touches.handle(input, emit: emit, diagnose: diagnose)
        touchDeadline = touches.nextDeadline
    }

    /// Feeds `event` to the swipe composition; returns whether the long-press-drag (which
    /// keeps deadlines) was fed.
    private mutating func feedSwipes(_ event: GestureEvent, emit: (RecognizedGesture) -> Void,
                                     diagnose: (RecognizerDiagnostic) -> Void) -> Bool {
        // Without long-press-drag (a config with bindings but none for it), the exclusive
        // composition only passes the swipe's reports through as they come: its first never
        // reports nor is active, so every round releases the second at once. Feeding the swipe
        // directly gives the same reports without the wrapping (~150 instructions a swipe event).
        guard swipes.first.isEnabled else {
            swipes.second.handle(event: event, emit: emit, diagnose: diagnose)
            return false
        }
        // Idle, the long-press-drag starts only at a HOLD_BEGIN: for every other event the
        // composition would only pass the swipe's reports through.
        if event.kind != .hold || event.phase != .begin,
           swipes.handleSecond(whileFirstIdle: event, emit: emit, diagnose: diagnose) { return false }
        feedSwipeComposition(event, emit: emit, diagnose: diagnose)
        return true
    }

    /// Feeds `event` to the whole swipe composition.
    // Not inlined, as feedHoldsAndLongPresses(_:emit:diagnose:).
    @inline(never)
    private mutating func feedSwipeComposition(_ event: GestureEvent, emit: (RecognizedGesture) -> Void,
                                               diagnose: (RecognizerDiagnostic) -> Void) {
        feedSwipeComposition(.event(event), emit: emit, diagnose: diagnose)
    }

    /// Feeds `input` to the whole swipe composition (long-press-drag before swipe).
    private mutating func feedSwipeComposition(_ input: RecognizerInput, emit: (RecognizedGesture) -> Void,
                                               diagnose: (RecognizerDiagnostic) -> Void) {
        swipes.handle(input, emit: { update in
            switch update.value {
            case .first(let drag): emit(RecognizedGesture(update.phase, drag))
            case .second(let swipe): emit(RecognizedGesture(update.phase, swipe))
            }
        }, diagnose: diagnose)
    }

    /// Feeds `event` to the pinch composition (none of its recognizers keeps a deadline).
    private mutating func feedPinches(_ event: GestureEvent, emit: (RecognizedGesture) -> Void,
                                      diagnose: (RecognizerDiagnostic) -> Void) {
        // Idle, the pinch-as-swipe claim starts only at a pinch of three or more fingers: for
        // any other event the composition would only pass the pinch and rotation through.
        // Where each part reports at most once, its report is passed on as it comes, not
        // through the pair's combined value (which keeps only a part's last report).
        if event.kind != .pinch || event.fingerCount < 3 {
            if pinches.second.reportsAtMostOnceQuietly(event) {
                if pinches.handleSecondParts(whileFirstIdle: event, emit: emit, diagnose: diagnose) { return }
            } else if pinches.handleSecond(whileFirstIdle: .event(event), emit: { both in
                if let pinch = both.value.first { emit(pinch) }
                if let rotation = both.value.second { emit(rotation) }
            }, diagnose: diagnose) { return }
        }
        feedPinchComposition(.event(event), emit: emit, diagnose: diagnose)
    }

    /// Feeds `input` to the whole pinch composition (pinch-as-swipe before pinch with rotation).
    private mutating func feedPinchComposition(_ input: RecognizerInput, emit: (RecognizedGesture) -> Void,
                                               diagnose: (RecognizerDiagnostic) -> Void) {
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
