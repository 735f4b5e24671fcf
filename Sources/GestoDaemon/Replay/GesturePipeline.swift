// One touchpad's gesture pipeline: recognizers, then bindings, then the decision which
// reports a person reading the output needs to see (outcomes, reports that fired actions, the
// long-press-drag stream). Shared by `gestoctl replay` and gestod, live or replaying.
import GestoCore
import GestoConfig

/// One report of the pipeline: a recognized gesture, the bindings it fired, and whether it
/// belongs in printed output (`gestoctl replay`, `gestod --print-gestures`).
public struct ReplayLine: Sendable {
    public var gesture: RecognizedGesture
    /// The bindings the report fired, in binding order (empty: none).
    public var firings: [BindingFiring<Action>]
    /// Whether a reader of the output needs this report (see ``GesturePipeline``).
    public var isPrinted: Bool
    /// Whether the report is its gesture's outcome (from the recognizer group that owns it),
    /// as opposed to another group's verdict on the same motion: counted once in `status`.
    public var isOutcome: Bool = true
    /// The recognizer group the report came from (0: the global settings).
    public var group: Int = 0
    /// The report's own name and phase (``gesture`` shows the firing's, which a `continuous`
    /// binding may restate): the verdict early actions are compared with.
    public var reportName: GestureName
    public var reportPhase: RecognizerPhase
    /// The commitment this report made (``ReportSource/isCommitment``), or nil.
    public var committed: GestureCommitment?

    public init(gesture: RecognizedGesture, firings: [BindingFiring<Action>], isPrinted: Bool, isOutcome: Bool = true,
                group: Int = 0, report: RecognizedGesture? = nil, committed: GestureCommitment? = nil) {
        self.gesture = gesture
        self.firings = firings
        self.isPrinted = isPrinted
        self.isOutcome = isOutcome
        self.group = group
        self.reportName = report?.name ?? gesture.name
        self.reportPhase = report?.phase ?? gesture.phase
        self.committed = committed
    }
    /// The actions fired.
    public var actions: [Action] { firings.map(\.action) }
}

/// Feeds gesture events to the config's ``RecognizerGroups``; every report comes out, with
/// the firings it caused, marked with whether it is printed.
///
/// Printed: of the group that owns a gesture (``ReportSource/isOutcome``), every final report except the `failed` of a gesture that never began (a tap
/// that moved 4 units is not an outcome), every report that fired an action, and — for
/// long-press-drag when a binding uses it, or always with `showAllPhases` — its arming, began
/// and reorder moves; of any group, a report that fired. With `showAllPhases` every report of
/// the owning group is printed.
public struct GesturePipeline: Sendable {
    /// The recognizer groups and the matcher over the bindings.
    public private(set) var groups: RecognizerGroups
    /// The actions, parallel to the config's bindings (touched only when a binding fires).
    private let actions: [Action]
    /// One reorder engine per `reorder:` binding, with the binding's index, group and action.
    private var reorders: [(index: Int, group: Int, action: ReorderAction, adapter: ReorderGestureAdapter)] = []
    private let showAllPhases: Bool
    private let showsLongPressDragStream: Bool
    /// Per group: the gestures that began (their failure is then an outcome worth a line).
    /// (``BindingMatcher/kindKey(_:)`` of each; a handful at most, so an array.)
    private var begun: [[Int]]
    /// A long-press-drag's arming line, printed only if the press goes on to begin (a press
    /// that fails is not worth a line; feedback consumers still get the unprinted report).
    private var heldArming: ReplayLine?
    private var lastTime: Timestamp?
    /// The focused application (`--app` in a replay; the compositor's focus live), for per-app bindings.
    public var focusedApp: String?
    /// The touchscreen's size in millimetres (nil: it reports no resolution, positions are in
    /// percent); set before its first touch event.
    public var touchscreenSize: Vector2?
    /// How the touchscreen's frame maps to the output (the config's `touchscreen-transform`, or
    /// the output's own when that is `auto`). A change takes effect once no finger is down, so
    /// a touch in progress keeps one frame.
    public var touchscreenTransform = TouchTransform.normal
    /// Whether reports no reader of gestod needs are dropped instead of emitted: a report that
    /// is not printed, fired nothing, is not final and is no long-press-drag (which moves a
    /// reorder strip). gestod sets it below `--log-level debug`, where such a line would only
    /// be logged; building and handing on each one cost ~300 instructions per input line.
    /// The recognizers, the matcher and the printed-line bookkeeping still see every report.
    public var dropsUnreadLines = false
    /// This device's touch events made into frames (made at the first touch event).
    private var touchFrames: TouchFrameAssembler?
    private var scratchFrames: [TouchFrame] = []

    /// Makes a session for `config`.
    public init(config: Config, showAllPhases: Bool = false, focusedApp: String? = nil) {
        groups = config.makeRecognizerGroups()
        actions = config.bindings.map(\.action)
        begun = Array(repeating: [], count: groups.groups.count)
        var groupOf = Array(repeating: 0, count: config.bindings.count)
        for (group, members) in groups.groups.enumerated() { for index in members.listeners { groupOf[index] = group } }
        for (index, binding) in config.bindings.enumerated() {
            guard case .reorder(let action) = binding.action,
                  let layout = try? ReorderLayout.touchpad(slot: action.slot, itemCount: action.items,
                                                           arrangement: action.arrangement == .row ? .row : .column)
            else { continue }
            let session = ReorderSession(layout: layout, settings: ReorderSettings(pointsPerDeltaUnit: 1))
            var adapter = ReorderGestureAdapter(session: session, fingers: binding.gesture.fingerCount, draggedSlot: action.start)
            // A touch-long-press-drag reorders in the touchscreen's units (`slot` in mm or %).
            if case .touchLongPressDrag = binding.gesture { adapter.followsTouchscreen = true }
            reorders.append((index, groupOf[index], action, adapter))
        }
        self.showAllPhases = showAllPhases
        self.focusedApp = focusedApp
        touchscreenTransform = config.touchscreenTransform ?? .normal
        showsLongPressDragStream = config.bindings.contains {
            if case .longPressDrag = $0.gesture { return true }
            return false
        }
    }

    /// Feeds one event; `emit` receives every report, `trace` (if given) every recognizer's
    /// change of state (``RecognizerTransition``).
    public mutating func handle(_ event: GestureEvent, emit: (ReplayLine) -> Void,
                                diagnose: (RecognizerDiagnostic) -> Void = { _ in },
                                trace: ((RecognizerTransition) -> Void)? = nil) {
        lastTime = max(lastTime ?? event.time, event.time)
        process(.event(event), emit: emit, diagnose: diagnose, trace: trace)
    }

    /// Feeds one touchscreen event; each TOUCH_FRAME it completes goes to the touch recognizers
    /// and `emit` receives every report. `warn` receives each repair of bad touch input.
    public mutating func handle(touch event: TouchEvent, emit: (ReplayLine) -> Void,
                                diagnose: (RecognizerDiagnostic) -> Void = { _ in },
                                warn: (TouchDiagnostic) -> Void = { _ in },
                                trace: ((RecognizerTransition) -> Void)? = nil) {
        lastTime = max(lastTime ?? event.time, event.time)
        if let idle = touchFrames, idle.transform != touchscreenTransform, !idle.isActive { touchFrames = nil }
        var assembler = touchFrames ?? TouchFrameAssembler(size: touchscreenSize, device: event.device,
                                                           transform: touchscreenTransform)
        var frames = scratchFrames
        frames.removeAll(keepingCapacity: true)
        assembler.handle(event, emit: { frames.append($0) }, diagnose: warn)
        touchFrames = assembler
        for frame in frames { process(.touches(frame), emit: emit, diagnose: diagnose, trace: trace) }
        scratchFrames = frames
    }

    /// The earliest deadline the recognizers need (arm a timer for it), or nil.
    /// (Stored, updated after each input: a caller holding the pipeline in a class reads it
    /// without copying the pipeline.)
    public private(set) var nextDeadline: Timestamp?

    /// Feeds a deadline (a live timer fired).
    public mutating func handleDeadline(_ time: Timestamp, emit: (ReplayLine) -> Void,
                                        diagnose: (RecognizerDiagnostic) -> Void = { _ in },
                                        trace: ((RecognizerTransition) -> Void)? = nil) {
        process(.deadline(time), emit: emit, diagnose: diagnose, trace: trace)
    }

    /// Ends the input (at `end`, a recording's last line, when later than the last event):
    /// gestures in progress are cancelled with reason "end of input".
    public mutating func finish(at end: Timestamp? = nil, emit: (ReplayLine) -> Void,
                                diagnose: (RecognizerDiagnostic) -> Void = { _ in },
                                trace: ((RecognizerTransition) -> Void)? = nil) {
        if var assembler = touchFrames {
            var frames: [TouchFrame] = []
            assembler.flush { frames.append($0) }
            touchFrames = nil
            for frame in frames { process(.touches(frame), emit: emit, diagnose: diagnose, trace: trace) }
        }
        process(.endOfInput([lastTime, end].compactMap { $0 }.max() ?? Timestamp(microseconds: 0)), emit: emit,
                diagnose: diagnose, trace: trace)
    }

    private mutating func process(_ input: RecognizerInput, emit: (ReplayLine) -> Void,
                                  diagnose: (RecognizerDiagnostic) -> Void, trace: ((RecognizerTransition) -> Void)?) {
        var reports = InputReports()
        groups.handle(input, emit: { reports.append(($0, $1)) }, diagnose: diagnose, trace: trace)
        nextDeadline = groups.nextDeadline
        guard groups.groups.count > 1 else {
            process(reports, emit: emit)
            return
        }
        // With several groups, one motion can bring one group's unbound verdict beside
        // another's firing (long-press tiers: the shorter tier is outlasted): the firing is the
        // line a reader needs, the other stays unprinted for feedback consumers.
        var batch: [ReplayLine] = []
        process(reports) { batch.append($0) }
        for index in batch.indices where batch[index].isPrinted && batch[index].firings.isEmpty && batch[index].gesture.phase.isFinal {
            let name = batch[index].gesture.name.undirected
            if batch.contains(where: { $0.isPrinted && !$0.firings.isEmpty && $0.gesture.phase.isFinal && $0.gesture.name.undirected == name }) {
                batch[index].isPrinted = false
            }
        }
        batch.forEach(emit)
    }

    private mutating func process(_ reports: borrowing InputReports, emit: (ReplayLine) -> Void) {
        reports.forEach { report, source in
            // A long-press-drag with a reorder binding becomes one report per slot move.
            if let slot = reorders.firstIndex(where: { $0.group == source.group && $0.adapter.follows(report) }) {
                let reorder = (index: reorders[slot].index, action: reorders[slot].action)
                for gesture in reorders[slot].adapter.annotate(report) {
                    line(for: gesture, from: source, reorder: reorder, emit: emit)
                }
            } else {
                line(for: report, from: source, reorder: nil, emit: emit)
            }
        }
    }

    /// Matches one report (or reorder step) and emits its line.
    private mutating func line(for gesture: RecognizedGesture, from source: ReportSource,
                               reorder: (index: Int, action: ReorderAction)?, emit: (ReplayLine) -> Void) {
        // The matcher's firings first (most reports fire nothing: no array is made), then their
        // actions, so the action table is touched only when something fired.
        var matched: [MatchedFiring] = []
        groups.match(gesture, from: source, focusedApp: focusedApp) { matched.append($0) }
        var firings: [BindingFiring<Action>] = []
        for firing in matched {
            // Reorder bindings act through their step and drop commands below.
            let action = actions[firing.bindingIndex]
            if case .reorder = action { continue }
            firings.append(BindingFiring(bindingIndex: firing.bindingIndex, action: action, gesture: firing.gesture))
        }
        if let reorder {
            if let move = gesture.reorder, let command = reorder.action.stepCommand(from: move.from, to: move.to) {
                firings.append(BindingFiring(bindingIndex: reorder.index, action: .exec(command), gesture: gesture))
            }
            if gesture.phase == .ended, let drop = reorder.action.drop {
                firings.append(BindingFiring(bindingIndex: reorder.index, action: .exec(drop), gesture: gesture))
            }
        }
        let isPrinted = shouldShow(gesture, source: source, firedActions: !firings.isEmpty)
        if dropsUnreadLines && !isPrinted && firings.isEmpty && !gesture.phase.isFinal {
            switch gesture.name {
            case .longPressDrag, .touchLongPressDrag:
                break
            case .swipe, .pinch, .rotate, .hold, .longPress, .tap, .doubleTap, .touchLongPress, .touchSwipe, .touchPinch,
                 .touchRotate, .edgeSwipe:
                return
            }
        }
        // What a reader sees is the firing: its phase (a continuous stream's began or
        // closing cancel) and progress against the binding's own threshold.
        let shown = firings.first?.gesture ?? gesture
        var line = ReplayLine(gesture: shown, firings: firings, isPrinted: isPrinted,
                              isOutcome: source.isOutcome, group: source.group, report: gesture,
                              committed: source.madeCommitmentIndex.map { groups.madeCommitments[$0] })
        if case .longPressDrag = gesture.name, !showAllPhases {
            switch gesture.phase {
            case .arming:
                if line.isPrinted && firings.isEmpty {
                    heldArming = line
                    line.isPrinted = false
                }
            case .began:
                if var arming = heldArming, line.isPrinted {
                    arming.firings = []
                    emit(arming)
                }
                heldArming = nil
            case .changed, .ended, .failed, .cancelled:
                heldArming = nil
            }
        }
        emit(line)
    }

    private mutating func insertBegun(_ key: Int, _ group: Int) {
        if !begun[group].contains(key) { begun[group].append(key) }
    }

    private mutating func shouldShow(_ gesture: RecognizedGesture, source: ReportSource, firedActions: Bool) -> Bool {
        let key = BindingMatcher.kindKey(gesture.name)
        if !source.isOutcome {
            // Another group's verdict on the same motion: shown only when it fired.
            if gesture.phase.isFinal { begun[source.group].removeAll { $0 == key } } else if gesture.phase != .arming { insertBegun(key, source.group) }
            return firedActions
        }
        let isDragStream: Bool
        if case .longPressDrag = gesture.name { isDragStream = showsLongPressDragStream } else { isDragStream = false }
        switch gesture.phase {
        case .arming:
            return showAllPhases || firedActions || isDragStream
        case .began, .changed:
            insertBegun(key, source.group)
            return showAllPhases || firedActions || (isDragStream && (gesture.phase == .began || gesture.reorder != nil))
        case .ended, .failed, .cancelled:
            let hadBegun = begun[source.group].contains(key)
            begun[source.group].removeAll { $0 == key }
            if case .longPressDrag = gesture.name, !isDragStream, gesture.phase != .ended {
                // Without a binding that uses it, a press that never became a drag is noise.
                return showAllPhases || firedActions
            }
            return showAllPhases || firedActions || gesture.phase != .failed || hadBegun
        }
    }
}

/// The reports of one input with their sources: the first two inline (an input causes at most
/// two in all but odd cases), the rest in an array, so the common input allocates nothing and
/// clears no array.
private struct InputReports {
    private var first, second: (RecognizedGesture, ReportSource)?
    private var more: [(RecognizedGesture, ReportSource)]?

    mutating func append(_ report: (RecognizedGesture, ReportSource)) {
        if first == nil { first = report }
        else if second == nil { second = report }
        else if more == nil { more = [report] }
        else { more!.append(report) }
    }

    /// Calls `body` with each report, in order.
    func forEach(_ body: (RecognizedGesture, ReportSource) -> Void) {
        guard let first else { return }
        body(first.0, first.1)
        guard let second else { return }
        body(second.0, second.1)
        more?.forEach { body($0.0, $0.1) }
    }
}
