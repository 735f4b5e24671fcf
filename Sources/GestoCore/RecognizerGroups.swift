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
}

/// One binding's firing: the binding's index and the report as that binding sees it (its
/// group's verdict, progress against its own thresholds, and for `continuous` the phase of
/// its stream).
public struct MatchedFiring: Sendable {
    public var bindingIndex: Int
    public var gesture: RecognizedGesture
}

/// Recognizer groups and the matcher over their bindings: gesture events in, reports and the
/// firings each report caused out.
///
/// Feed inputs in time order with ``handle(_:focusedApp:emit:)``; deadlines at or before an
/// event's time are fed first, across all groups in time order, so a replay needs no timer. A
/// live caller arms a timer for ``nextDeadline`` and feeds ``RecognizerInput/deadline(_:)``.
public struct RecognizerGroups: Sendable {
    struct Sourced: Sendable {
        var report: RecognizedGesture
        var source: ReportSource
    }

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
    /// Per group: its engine, and its listeners again, each in an array of its own so the hot
    /// path touches only what it needs (reading a whole ``Group`` per report copied it).
    private var engines: [GestureEngine]
    private let listeners: [[Int]]
    /// The matcher over every binding.
    public private(set) var matcher: BindingMatcher
    /// With one group every report is the outcome: ``owner(of:)`` need not be asked.
    private let hasSeveralGroups: Bool
    /// Reports of the current input, reused between inputs (swapped out while in use).
    private var scratchReports: [Sourced] = []
    private var scratchFirings: [MatchedFiring] = []

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
            dragEnabled = rules.contains {
                if case .longPressDrag = $0.gesture { return true }
                return false
            }
        }
        // A tap beside a bound double tap of its finger count waits for the double-tap
        // interval, in every group (SwiftUI's exclusive composition: TapRecognizer).
        let tapWaits = rules.reduce(UInt16(0)) { mask, rule in
            if case .doubleTap(let fingers) = rule.gesture, (0..<16).contains(fingers) { return mask | (1 << UInt16(fingers)) }
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
        for (index, rule) in rules.enumerated() {
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
        listeners = members
        matcher = BindingMatcher(rules: rules)
        hasSeveralGroups = groups.count > 1
    }

    /// The earliest time any group needs a deadline input, or nil.
    public var nextDeadline: Timestamp? {
        var earliest: Timestamp? = nil
        for index in engines.indices { earliest = earliest.earliest(engines[index].nextDeadline) }
        return earliest
    }

    /// True while any group has a gesture in progress.
    public var isActive: Bool { engines.indices.contains { engines[$0].isActive } }

    /// Feeds one input; `emit` receives every report with its source and the firings it
    /// caused (empty: none), group by group, in input order. `focusedApp` is the focused
    /// toplevel's app_id, for `app:` bindings.
    public mutating func handle(_ input: RecognizerInput, focusedApp: String? = nil,
                                emit: (RecognizedGesture, ReportSource, [MatchedFiring]) -> Void,
                                diagnose: (RecognizerDiagnostic) -> Void = { _ in }) {
        var reports = scratchReports
        var firings = scratchFirings
        scratchReports = []
        scratchFirings = []
        reports.removeAll(keepingCapacity: true)
        handle(input, emit: { report, source in reports.append(Sourced(report: report, source: source)) }, diagnose: diagnose)
        for sourced in reports {
            firings.removeAll(keepingCapacity: true)
            match(sourced.report, from: sourced.source, focusedApp: focusedApp) { firings.append($0) }
            emit(sourced.report, sourced.source, firings)
        }
        scratchReports = reports
        scratchFirings = firings
    }

    /// Feeds one input to the recognizers only; `emit` receives every report with its source.
    /// Each report must then go to ``match(_:from:focusedApp:emit:)``, in order, before the
    /// next input (a caller that expands a report, as the reorder adapter does, matches each part).
    /// `diagnose` receives every input a recognizer's state did not expect, once (from
    /// group 0, which sees every event).
    public mutating func handle(_ input: RecognizerInput, emit: (RecognizedGesture, ReportSource) -> Void,
                                diagnose: (RecognizerDiagnostic) -> Void = { _ in }) {
        if case .event(let event) = input {
            // Deadlines first, in time order across groups (a long-press tier's timer in one
            // group comes before a later lift in another).
            while let deadline = nextDeadline, deadline <= event.time {
                dispatch(.deadline(deadline), emit: emit, diagnose: diagnose)
            }
        }
        if case .touches(let frame) = input {
            while let deadline = nextDeadline, deadline <= frame.time {
                dispatch(.deadline(deadline), emit: emit, diagnose: diagnose)
            }
        }
        dispatch(input, emit: emit, diagnose: diagnose)
    }

    /// Decides which bindings of `source`'s group `report` fires; `emit` receives each firing.
    public mutating func match(_ report: RecognizedGesture, from source: ReportSource, focusedApp: String? = nil,
                               emit: (MatchedFiring) -> Void) {
        matcher.handle(report, listeners: listeners[source.group], focusedApp: focusedApp) { index, gesture in
            emit(MatchedFiring(bindingIndex: index, gesture: gesture))
        }
    }

    private mutating func dispatch(_ input: RecognizerInput, emit: (RecognizedGesture, ReportSource) -> Void,
                                   diagnose: (RecognizerDiagnostic) -> Void) {
        let silent: (RecognizerDiagnostic) -> Void = { _ in }
        for group in engines.indices {
            if case .deadline(let time) = input, !(engines[group].nextDeadline.map { $0 <= time } ?? false) { continue }
            if hasSeveralGroups {
                var reports: [RecognizedGesture] = []
                engines[group].handle(input, emit: { reports.append($0) }, diagnose: group == 0 ? diagnose : silent)
                for report in reports {
                    emit(report, ReportSource(group: group, isOutcome: owner(of: report.name) == group))
                }
            } else {
                engines[group].handle(input, emit: { emit($0, ReportSource(group: group, isOutcome: true)) }, diagnose: diagnose)
            }
        }
    }

    /// The group that owns reports named `name` (see ``ReportSource/isOutcome``).
    public func owner(of name: GestureName) -> Int {
        let key = BindingMatcher.kindKey(name)
        var sameKind: Int? = nil
        for group in listeners.indices {
            for index in listeners[group] {
                if matcher.rules[index].matches(name) { return group }
                if sameKind == nil && BindingMatcher.kindKey(matcher.rules[index].gesture) == key { sameKind = group }
            }
        }
        return sameKind ?? 0
    }
}
