// One touchpad's gesture pipeline: recognizers, then bindings, then the decision which
// reports a person reading the output needs to see (outcomes, reports that fired actions, the
// long-press-drag stream). Shared by `gestoctl replay` and gestod, live or replaying.
import GestoCore
import GestoConfig

/// One report of the pipeline: a recognized gesture, the bindings it fired, and whether it
/// belongs in printed output (`gestoctl replay`, `gestod --print-gestures`).
///
/// What a line shows is what its actions see, the firing (DESIGN.md, "Bindings and
/// verdicts"). The firings of one report can differ in phase: a `continuous` binding restates
/// the report as its stream's `began`, or closes its stream `cancelled` (preempted) when the
/// gesture turns away from its direction, beside other bindings' firings of the report as it
/// is. Such a report becomes one line per run of firings (in binding order) that saw the same
/// gesture: the first line carries the report, the others continue it
/// (``continuesReport``).
public struct ReplayLine: Sendable {
    /// The gesture as this line's firings saw it (the report itself when none fired).
    public var gesture: RecognizedGesture
    /// The firings of this line, in binding order (empty: none), each of which saw ``gesture``.
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
    /// The commitment this report made (``CommitmentTracker``), or nil.
    public var committed: GestureCommitment?
    /// Whether an earlier line carried this line's report, whose other firings saw it in
    /// another phase: the report is counted, and its commitment printed, with that line only.
    public var continuesReport = false

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
/// that moved 4 units is not an outcome) unless it says why (``RecognizedGesture/failureReason``)
/// and a binding of the group listens to that gesture (a hold or long press too short for its
/// binding), every report that fired an action, and — for
/// long-press-drag when a binding uses it, or always with `showAllPhases` — its arming, began
/// and reorder moves; of any group, a report that fired. With `showAllPhases` every report of
/// the owning group is printed.
public struct GesturePipeline: Sendable {
    /// The recognizer groups and the matcher over the bindings.
    public private(set) var groups: RecognizerGroups
    /// What is made of each report: its firings' actions and whether it is printed.
    private var lines: ReportLines
    /// Whether the config compiled into more than one group (asked on every input).
    private let hasSeveralGroups: Bool
    private var lastTime: Timestamp?
    /// The focused application (`--app` in a replay; the compositor's focus live), for per-app bindings.
    public var focusedApp: String? {
        get { groups.focusedApp }
        set { groups.focusedApp = newValue }
    }
    /// The touchscreen's size in millimetres (nil: it reports no resolution, positions are in
    /// percent); set before its first touch event.
    public var touchscreenSize: Vector2? {
        get { touchscreen.size }
        set { touchscreen.size = newValue }
    }
    /// How the touchscreen's frame maps to the output (the config's `touchscreen-transform`, or
    /// the output's own when that is `auto`). A change takes effect once no finger is down, so
    /// a touch in progress keeps one frame.
    public var touchscreenTransform: TouchTransform {
        get { touchscreen.transform }
        set { touchscreen.transform = newValue }
    }
    /// Whether reports no reader needs are dropped instead of emitted: a report that is not
    /// printed, fired nothing, is not final and is no long-press-drag (which moves a reorder
    /// strip). gestod sets it below `--log-level debug`, where such a line would only be
    /// logged, and `gestoctl replay` always (it prints the printed lines and notes early
    /// actions from firings and outcomes); building and handing on each one cost ~300
    /// instructions per input line.
    /// The recognizers, the matcher and the printed-line bookkeeping still see every report.
    public var dropsUnreadLines: Bool {
        get { lines.dropsUnreadLines }
        set { lines.dropsUnreadLines = newValue }
    }
    /// This device's touch events made into contact samples (its front end).
    private var touchscreen = TouchscreenFrontEnd()
    /// The samples of one touch event, collected before they are fed (the front end is
    /// mutating while it emits them); kept to reuse its storage.
    private var scratchSamples: [ContactSample] = []

    /// Makes a session for `config`.
    public init(config: Config, showAllPhases: Bool = false, focusedApp: String? = nil) {
        groups = config.makeRecognizerGroups()
        hasSeveralGroups = groups.groups.count > 1
        lines = ReportLines(config: config, groups: groups.groups, showAllPhases: showAllPhases)
        self.focusedApp = focusedApp
        touchscreen.transform = config.touchscreenTransform ?? .normal
    }

    /// Feeds one event; `emit` receives every report, `trace` (if given) every recognizer's
    /// change of state (``RecognizerTransition``).
    public mutating func handle(_ event: GestureEvent, emit: (ReplayLine) -> Void,
                                diagnose: (RecognizerDiagnostic) -> Void = { _ in },
                                trace: ((RecognizerTransition) -> Void)? = nil) {
        lastTime = max(lastTime ?? event.time, event.time)
        process(.sample(ContactSample(touchpad: event)), emit: emit, diagnose: diagnose, trace: trace)
    }

    /// Feeds one touchscreen event; the sample of each TOUCH_FRAME it completes goes to the
    /// recognizers and `emit` receives every report. `warn` receives each repair of bad touch input.
    public mutating func handle(touch event: TouchEvent, emit: (ReplayLine) -> Void,
                                diagnose: (RecognizerDiagnostic) -> Void = { _ in },
                                warn: (TouchDiagnostic) -> Void = { _ in },
                                trace: ((RecognizerTransition) -> Void)? = nil) {
        lastTime = max(lastTime ?? event.time, event.time)
        var samples = scratchSamples
        samples.removeAll(keepingCapacity: true)
        touchscreen.handle(event, emit: { samples.append($0) }, diagnose: warn)
        for sample in samples { process(.sample(sample), emit: emit, diagnose: diagnose, trace: trace) }
        scratchSamples = samples
    }

    /// The earliest deadline the recognizers need (arm a timer for it), or nil: what the last
    /// input left, stored as each input is handled so that the daemon, which holds the pipeline
    /// in a class and asks after every event, reads it without touching the pipeline.
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
        var samples: [ContactSample] = []
        touchscreen.flush { samples.append($0) }
        for sample in samples { process(.sample(sample), emit: emit, diagnose: diagnose, trace: trace) }
        process(.endOfInput([lastTime, end].compactMap { $0 }.max() ?? Timestamp(microseconds: 0)), emit: emit,
                diagnose: diagnose, trace: trace)
    }

    /// Releases the button of a drag in progress (``RecognizerGroups/interruptDrags(at:reason:report:)``):
    /// its `cancelled` report, firing its binding, goes to `emit`.
    public mutating func interruptDrags(at time: Timestamp, emit: (ReplayLine) -> Void) {
        guard groups.isDragging else { return }
        groups.interruptDrags(at: max(time, lastTime ?? time)) { report, source, commitment, match in
            lines.take(report, from: source, committed: commitment, match: match, emit: emit)
        }
        nextDeadline = groups.nextDeadline
    }

    private mutating func process(_ input: RecognizerInput, emit: (ReplayLine) -> Void,
                                  diagnose: (RecognizerDiagnostic) -> Void, trace: ((RecognizerTransition) -> Void)?) {
        defer { nextDeadline = groups.nextDeadline }
        guard hasSeveralGroups else {
            // Each report becomes its line as the recognizer makes it: nothing is held between.
            groups.handle(input, report: { report, source, commitment, match in
                lines.take(report, from: source, committed: commitment, match: match, emit: emit)
            }, diagnose: diagnose, trace: trace)
            return
        }
        // With several groups, one motion can bring one group's unbound verdict beside
        // another's firing (long-press tiers: the shorter tier is outlasted): the firing is the
        // line a reader needs, the other stays unprinted for feedback consumers.
        var batch: [ReplayLine] = []
        groups.handle(input, report: { report, source, commitment, match in
            lines.take(report, from: source, committed: commitment, match: match) { batch.append($0) }
        }, diagnose: diagnose, trace: trace)
        // (The reports' phases: a stream a continuous binding closed on a `changed` report is no verdict.)
        for index in batch.indices where batch[index].isPrinted && batch[index].firings.isEmpty && batch[index].reportPhase.isFinal {
            let name = batch[index].gesture.name.undirected
            if batch.contains(where: { $0.isPrinted && !$0.firings.isEmpty && $0.reportPhase.isFinal && $0.gesture.name.undirected == name }) {
                batch[index].isPrinted = false
            }
        }
        batch.forEach(emit)
    }
}
