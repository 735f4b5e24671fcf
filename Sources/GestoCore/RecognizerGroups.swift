// The config compiled into recognizer groups (DESIGN.md, "Bindings and verdicts"): one
// GestureEngine per distinct set of effective settings, each binding listening to its own
// group's stream only, so a gesture's verdict is made once, by the recognizer, with the
// settings of the bindings that hear it. Group 0 runs the global settings and every
// recognizer: its reports are the outcomes printed for gestures nothing else owns.

/// Where a report came from, and whether it is the outcome a reader should see for its gesture.
public struct ReportSource: Sendable, Hashable {
    /// The recognizer group (0: the global settings).
    public var group: Int
    /// Whether this group owns the report's gesture: the first group with a binding for its
    /// exact name, else the first with a binding for its kind and fingers, else group 0.
    /// Another group's report of the same motion is shown only if it fires something.
    public var isOutcome: Bool
    /// The gesture (with its direction) its group committed to (``CommitmentTracker``), once
    /// it did: it persists on every later report of the gesture until its final one. Nil for
    /// kinds that do not commit and for final reports. (The name only: the report that made
    /// the commitment is handed the whole ``GestureCommitment`` beside its source.)
    public var committedName: GestureName? = nil

    public init(group: Int, isOutcome: Bool, committedName: GestureName? = nil) {
        self.group = group
        self.isOutcome = isOutcome
        self.committedName = committedName
    }
}

/// One group's commitment trackers: one per committing kind (an engine has at most one swipe,
/// one pinch and one rotation in progress, and one of each touch kind).
struct GroupCommitments: Sendable {
    var swipe: CommitmentTracker
    var pinch: CommitmentTracker
    var rotate: CommitmentTracker
    var touchSwipe: CommitmentTracker
    var edgeSwipe: CommitmentTracker
    var touchPinch: CommitmentTracker
    var touchRotate: CommitmentTracker
    /// The touch swipes' thresholds, whose commit velocity depends on the touchscreen's unit.
    private let touchSwipeSettings: SwipeSettings

    init(settings: RecognizerSettings) {
        swipe = CommitmentTracker(settings: settings.swipe.commitment(in: .deltaUnits))
        pinch = CommitmentTracker(settings: settings.pinch.commitment)
        rotate = CommitmentTracker(settings: settings.rotate.commitment)
        touchSwipeSettings = settings.touch.swipe
        touchSwipe = CommitmentTracker(settings: settings.touch.swipe.commitment(in: .millimeters))
        edgeSwipe = CommitmentTracker(settings: settings.touch.swipe.commitment(in: .millimeters, isEdgeSwipe: true))
        touchPinch = CommitmentTracker(settings: settings.touch.pinch.commitment)
        touchRotate = CommitmentTracker(settings: settings.touch.rotate.commitment)
    }

    /// Measures touch swipes in `unit`, the unit of the touchscreen's frames (a group's
    /// pipeline serves one device).
    mutating func measureTouches(in unit: ContactUnit) {
        touchSwipe.settings = touchSwipeSettings.commitment(in: unit)
        edgeSwipe.settings = touchSwipeSettings.commitment(in: unit, isEdgeSwipe: true)
    }

    /// Feeds `report` to its kind's tracker and marks `source` with the commitment; a
    /// commitment the report made is stored in `made`.
    mutating func observe(_ report: RecognizedGesture, into source: inout ReportSource, made: inout GestureCommitment?) {
        // Kinds that do not commit (CommitmentTracker.isTracked) pass; each device commits its own.
        switch report.name.device {
        case .touchpad:
            switch report.name.gesture {
            case .swipe: Self.observe(report, &swipe, &source, &made)
            case .pinch: Self.observe(report, &pinch, &source, &made)
            case .rotate: Self.observe(report, &rotate, &source, &made)
            case .hold, .longPress, .longPressDrag, .tap, .doubleTap, .edgeSwipe: return
            }
        case .touchscreen:
            switch report.name.gesture {
            case .swipe: Self.observe(report, &touchSwipe, &source, &made)
            case .edgeSwipe: Self.observe(report, &edgeSwipe, &source, &made)
            case .pinch: Self.observe(report, &touchPinch, &source, &made)
            case .rotate: Self.observe(report, &touchRotate, &source, &made)
            case .hold, .longPress, .longPressDrag, .tap, .doubleTap: return
            }
        }
    }

    private static func observe(_ report: RecognizedGesture, _ tracker: inout CommitmentTracker, _ source: inout ReportSource,
                                _ made: inout GestureCommitment?) {
        if let commitment = tracker.observe(report) { made = commitment }
        source.committedName = tracker.commitment?.name
    }
}

/// One binding's firing: the binding's index and the report as that binding sees it (its
/// group's verdict, progress against its own thresholds, and for `continuous` the phase of
/// its stream).
public struct MatchedFiring: Sendable {
    public var bindingIndex: Int
    public var gesture: RecognizedGesture
}

/// Matches one report of a group, or one part of it (the reorder adapter makes a report per
/// slot move), against that group's bindings: it calls its second argument with each firing.
public typealias ReportMatching = (RecognizedGesture, (MatchedFiring) -> Void) -> Void

/// Recognizer groups and the matcher over their bindings: gesture events in, reports and the
/// firings each report caused out.
///
/// Feed inputs in time order with ``handle(_:focusedApp:emit:diagnose:)``; deadlines at or
/// before an event's time are fed first, across all groups in time order, so a replay needs no
/// timer. A live caller arms a timer for ``nextDeadline`` and feeds
/// ``RecognizerInput/deadline(_:)``.
public struct RecognizerGroups: Sendable {
    /// What a group is: its settings and the bindings that listen to it.
    public struct Group: Sendable {
        /// The effective settings of every binding in the group.
        public let settings: RecognizerSettings
        /// The recognizers the group runs (group 0 runs all).
        public let families: GestureEngine.Families
        /// Indices of the bindings that listen to this group.
        public let listeners: [Int]
    }

    /// The groups; group 0 has the global settings.
    public let groups: [Group]
    /// Per group: its engine.
    private var engines: [GestureEngine]
    /// Per group: its commitment trackers, fed every report of the group.
    private var commitments: [GroupCommitments]
    /// The unit of the touch frames seen so far (the trackers' touch swipe speeds are in it).
    private var touchUnit = ContactUnit.millimeters
    /// The bindings each group's reports are matched against. (A stored part of its own: the
    /// report handler, called while an engine runs, matches through it, which it could not
    /// do through `self`.)
    private var bindings: GroupBindings
    /// With one group every report is the outcome: ``owner(of:)`` need not be asked.
    private let hasSeveralGroups: Bool
    /// The `drag:` bindings' drags, with the index of each one's binding: they follow their
    /// swipes beside the groups and fire only their own binding (no group listens to them).
    private var drags: [(binding: Int, drag: PointerDrag)]

    /// The focused toplevel's app_id (nil if unknown), for `app:` bindings: the matcher's
    /// state, not the recognizers' input.
    public var focusedApp: String? {
        get { bindings.focusedApp }
        set { bindings.focusedApp = newValue }
    }

    /// Compiles `rules` into groups. `settings` are the global thresholds; long-press-drag is
    /// recognized (in every group, so all agree whether a rest then a swipe is a drag) only
    /// where something uses it: a `long-press-drag` binding, no bindings at all, or
    /// `isLongPressDragExplicit` (then `settings.longPress.dragEnabled` decides).
    public init(rules: [BindingRule], settings: RecognizerSettings = RecognizerSettings(),
                isLongPressDragExplicit: Bool = false) {
        let dragEnabled: Bool
        if isLongPressDragExplicit || rules.isEmpty {
            dragEnabled = settings.longPress.dragEnabled
        } else {
            // The touchpad's long-press-drag: a touchscreen's follows its own `then-drag`.
            dragEnabled = rules.contains { $0.gesture.device == .touchpad && $0.gesture.gesture.kind == .longPressDrag }
        }
        // A tap beside a bound double tap of its finger count waits for the double-tap
        // interval, in every group (SwiftUI's exclusive composition: TapRecognizer).
        let tapWaits = rules.reduce(UInt16(0)) { mask, rule in
            let fingers = rule.gesture.fingerCount
            if rule.gesture.gesture.kind == .doubleTap, (0..<16).contains(fingers) { return mask | (1 << UInt16(fingers)) }
            return mask
        }
        func effective(_ settings: RecognizerSettings) -> RecognizerSettings {
            var result = settings
            result.longPress.dragEnabled = dragEnabled
            result.touch.tapWaitsForDoubleTap = tapWaits
            return result
        }
        var keys = [effective(settings)]
        var members: [[Int]] = [[]]
        for (index, rule) in rules.enumerated() where rule.drag == nil {
            let key = effective(rule.settings)
            if let group = keys.firstIndex(of: key) {
                members[group].append(index)
            } else {
                keys.append(key)
                members.append([index])
            }
        }
        let groups = keys.indices.map { group in
            let families: GestureEngine.Families = group == 0
                ? .all
                : members[group].reduce(into: []) { $0.formUnion(.recognizing(rules[$1].gesture)) }
            return Group(settings: keys[group], families: families, listeners: members[group])
        }
        self.groups = groups
        engines = groups.map { GestureEngine(settings: $0.settings, families: $0.families) }
        commitments = groups.map { GroupCommitments(settings: $0.settings) }
        bindings = GroupBindings(rules: rules, listeners: members)
        hasSeveralGroups = groups.count > 1
        drags = rules.indices.compactMap { index in
            let fingers = rules[index].gesture.fingerCount
            guard let settings = rules[index].drag, rules[index].gesture.device == .touchpad, rules[index].gesture.gesture.kind == .swipe else {
                return nil
            }
            // Swipe bindings of the same fingers share its strokes: each is then judged by its speed.
            let shares = rules.contains { rule in
                rule.drag == nil && rule.gesture.undirected == .touchpad(.swipe(nil), fingers: fingers)
            }
            return (index, PointerDrag(fingerCount: fingers, settings: settings, sharesFingersWithSwipes: shares))
        }
    }

    /// The earliest time any group or drag needs a deadline input, or nil: stored as each
    /// input is dispatched (only an input changes it), since it is read twice per input (the
    /// due deadlines before an event, then the caller's timer).
    public private(set) var nextDeadline: Timestamp? = nil

    /// Computes ``nextDeadline`` from the engines and drags.
    private func earliestDeadline() -> Timestamp? {
        var earliest: Timestamp? = nil
        for index in engines.indices { earliest = earliest.earliest(engines[index].nextDeadline) }
        for entry in drags { earliest = earliest.earliest(entry.drag.nextDeadline) }
        return earliest
    }

    /// True while any group has a gesture in progress or a drag holds its button.
    public var isActive: Bool { engines.indices.contains { engines[$0].isActive } || isDragging }

    /// True while a drag holds its button.
    public var isDragging: Bool { drags.contains { $0.drag.isHoldingButton } }

    /// Releases every drag's button now (``PointerDrag/interrupt(at:reason:emit:)``): the host
    /// stops following the fingers (paused, locked, stopping). `report` receives each drag's
    /// `cancelled` report as ``handle(_:report:diagnose:trace:)``'s does, its matching firing
    /// the drag's binding.
    public mutating func interruptDrags(at time: Timestamp, reason: CancellationReason = .interrupted,
                                        report: (RecognizedGesture, ReportSource, GestureCommitment?, ReportMatching) -> Void) {
        forEachDrag(report: report) { drag, fire in drag.interrupt(at: time, reason: reason, emit: fire) }
        nextDeadline = earliestDeadline()
    }

    /// A drag's reports come from no group; they are never another report's outcome (the
    /// swipe's own is the swipe recognizer's), and always fire their binding.
    private static let dragSource = ReportSource(group: 0, isOutcome: false)

    /// Feeds `input` to the drags; returns what they took from the recognizers (one claim for
    /// all: libinput reports one gesture at a time, and each drag has its own finger count).
    private mutating func dispatchDrags(_ input: RecognizerInput,
                                        report: (RecognizedGesture, ReportSource, GestureCommitment?, ReportMatching) -> Void) -> (claim: DragClaim, fingers: Int) {
        var taken = (claim: DragClaim.none, fingers: 0)
        forEachDrag(report: report) { drag, fire in
            let claim: DragClaim
            switch input {
            case .sample(let sample): claim = drag.handle(sample, emit: fire)
            case .deadline(let time): claim = drag.handleDeadline(time, emit: fire)
            case .endOfInput(let time): drag.interrupt(at: time, reason: .endOfInput, emit: fire); claim = .none
            }
            if claim != .none { taken = (claim, drag.fingerCount) }
        }
        return taken
    }

    /// Tells the drags still deciding a stroke of `fingers` that a recognizer committed to it
    /// (``PointerDrag/swipeCommitted()``).
    private mutating func swipeCommitted(fingers: Int) {
        for index in drags.indices where drags[index].drag.fingerCount == fingers { drags[index].drag.swipeCommitted() }
    }

    /// Runs `body` on each drag with the emitter of its reports: each goes to `report` from
    /// ``dragSource`` and fires the drag's own binding.
    private mutating func forEachDrag(report: (RecognizedGesture, ReportSource, GestureCommitment?, ReportMatching) -> Void,
                                      _ body: (inout PointerDrag, (RecognizedGesture) -> Void) -> Void) {
        // Both closures are called only during this call: neither escapes.
        withoutActuallyEscaping(report) { report in
            for index in drags.indices {
                let binding = drags[index].binding
                body(&drags[index].drag) { made in
                    report(made, Self.dragSource, nil) { part, fire in fire(MatchedFiring(bindingIndex: binding, gesture: part)) }
                }
            }
        }
    }

    /// Feeds one input; `emit` receives every report with its source and the firings it
    /// caused (empty: none), group by group, in input order. `focusedApp` is the focused
    /// toplevel's app_id, for `app:` bindings.
    public mutating func handle(_ input: RecognizerInput, focusedApp: String? = nil,
                                emit: (RecognizedGesture, ReportSource, [MatchedFiring]) -> Void,
                                diagnose: (RecognizerDiagnostic) -> Void = { _ in }) {
        if self.focusedApp != focusedApp { self.focusedApp = focusedApp }
        handle(input, report: { report, source, _, match in
            var firings: [MatchedFiring] = []
            match(report) { firings.append($0) }
            emit(report, source, firings)
        }, diagnose: diagnose)
    }

    /// Feeds one input; `report` receives, as each is made, every report with its source, the
    /// commitment it made (``CommitmentTracker``; nil for most), and the matching of its group:
    /// the handler must match the report (or each part it makes of it) through that, in order,
    /// before it returns, or the bindings miss it. Nothing is collected between recognizer and
    /// handler (with one group). `diagnose` receives every input a recognizer's state did not expect, once
    /// (from group 0, which sees every event). `trace`, if given, receives every recognizer's
    /// change of state in every group (``RecognizerTransition/group`` says which).
    public mutating func handle(_ input: RecognizerInput,
                                report: (RecognizedGesture, ReportSource, GestureCommitment?, ReportMatching) -> Void,
                                diagnose: (RecognizerDiagnostic) -> Void = { _ in },
                                trace: ((RecognizerTransition) -> Void)? = nil) {
        if case .sample(let sample) = input, sample.device == .touchscreen, sample.unit != touchUnit {
            touchUnit = sample.unit
            for group in commitments.indices { commitments[group].measureTouches(in: sample.unit) }
        }
        // Deadlines first, in time order across groups (a long-press tier's timer in one group
        // comes before a later lift in another).
        if let time = input.eventTime {
            while let deadline = nextDeadline, deadline <= time {
                dispatch(.deadline(deadline), report: report, diagnose: diagnose, trace: trace)
            }
        }
        dispatch(input, report: report, diagnose: diagnose, trace: trace)
    }

    private mutating func dispatch(_ input: RecognizerInput,
                                   report: (RecognizedGesture, ReportSource, GestureCommitment?, ReportMatching) -> Void,
                                   diagnose: (RecognizerDiagnostic) -> Void, trace: ((RecognizerTransition) -> Void)?) {
        defer { nextDeadline = earliestDeadline() }
        guard !drags.isEmpty else { return dispatchToGroups(input, report: report, diagnose: diagnose, trace: trace) }
        let (claim, fingers) = dispatchDrags(input, report: report)
        // The closures below pass `report` and its matching on, only during this call.
        withoutActuallyEscaping(report) { report in
            if let time = claim.cancelsSwipe {
                // The drag took a stroke the recognizers saw begin: they see it cancelled, as
                // libinput 1.31 cancels the swipe of a stroke it makes a drag; the reports of that
                // cancellation say the drag preempted it, not libinput.
                let end = GestureEvent(.swipe, .end, fingers: fingers, time: time, cancelled: true)
                dispatchToGroups(.sample(ContactSample(touchpad: end)), report: { made, source, commitment, match in
                    var made = made
                    if made.phase == .cancelled(.cancelledByLibinput) { made.phase = .cancelled(.preempted) }
                    report(made, source, commitment, match)
                }, diagnose: diagnose, trace: trace)
            }
            guard !claim.withholdsInput else { return }
            var committed: Int? = nil
            dispatchToGroups(input, report: { made, source, commitment, match in
                if let commitment, commitment.name.device == .touchpad, case .swipe = commitment.name.gesture {
                    committed = commitment.name.fingerCount
                }
                report(made, source, commitment, match)
            }, diagnose: diagnose, trace: trace)
            if let committed { swipeCommitted(fingers: committed) }
        }
    }

    /// Feeds `input` to every group's engine.
    private mutating func dispatchToGroups(_ input: RecognizerInput,
                                           report: (RecognizedGesture, ReportSource, GestureCommitment?, ReportMatching) -> Void,
                                           diagnose: (RecognizerDiagnostic) -> Void, trace: ((RecognizerTransition) -> Void)?) {
        let silent: (RecognizerDiagnostic) -> Void = { _ in }
        for group in engines.indices {
            if case .deadline(let time) = input, !(engines[group].nextDeadline.map { $0 <= time } ?? false) { continue }
            let groupTrace: ((RecognizerTransition) -> Void)? = trace.map { trace in
                { transition in
                    var transition = transition
                    transition.group = group
                    trace(transition)
                }
            }
            if hasSeveralGroups {
                // Collected first: which group owns a report is asked of the bindings, which
                // the handler's matching also needs.
                var reports: [RecognizedGesture] = []
                engines[group].handle(input, deadlinesFed: true, emit: { reports.append($0) },
                                      diagnose: group == 0 ? diagnose : silent, trace: groupTrace)
                for made in reports {
                    var source = ReportSource(group: group, isOutcome: bindings.owner(of: made.name) == group)
                    var commitment: GestureCommitment? = nil
                    commitments[group].observe(made, into: &source, made: &commitment)
                    report(made, source, commitment) { part, fire in
                        bindings.match(part, from: source, emit: fire)
                    }
                }
            } else {
                // Streamed: each report goes to its handler as the engine makes it.
                engines[group].handle(input, deadlinesFed: true, emit: { made in
                    var source = ReportSource(group: group, isOutcome: true)
                    var commitment: GestureCommitment? = nil
                    commitments[group].observe(made, into: &source, made: &commitment)
                    report(made, source, commitment) { part, fire in
                        bindings.match(part, from: source, emit: fire)
                    }
                }, diagnose: diagnose, trace: groupTrace)
            }
        }
    }

    /// The group that owns reports named `name` (see ``ReportSource/isOutcome``).
    public func owner(of name: GestureName) -> Int { bindings.owner(of: name) }
}

/// The bindings of every group, and the matcher over them.
struct GroupBindings: Sendable {
    /// The matcher over every binding, which also holds each group's listeners.
    private var matcher: BindingMatcher
    /// See ``RecognizerGroups/focusedApp``.
    var focusedApp: String?

    init(rules: [BindingRule], listeners members: [[Int]]) {
        matcher = BindingMatcher(rules: rules, groups: members)
    }

    /// Decides which bindings of `source`'s group `report` fires; `emit` receives each firing.
    mutating func match(_ report: RecognizedGesture, from source: ReportSource, emit: (MatchedFiring) -> Void) {
        matcher.handle(report, group: source.group, focusedApp: focusedApp, committedName: source.committedName) { index, gesture in
            emit(MatchedFiring(bindingIndex: index, gesture: gesture))
        }
    }

    /// The group that owns reports named `name` (see ``ReportSource/isOutcome``).
    func owner(of name: GestureName) -> Int { matcher.owner(of: name) }
}
