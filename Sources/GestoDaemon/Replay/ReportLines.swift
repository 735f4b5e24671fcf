// What the pipeline makes of each report: the actions of the bindings it fired, the reorder
// steps of a long-press-drag, and whether a person reading the output needs to see it.
import GestoCore
import GestoConfig

/// Turns each report of the recognizer groups into the ``ReplayLine`` the pipeline emits (see
/// ``GesturePipeline`` for which lines are printed).
struct ReportLines: Sendable {
    /// The config's bindings (their actions read only when one fires).
    private let bindings: [Binding]
    /// One reorder engine per `reorder:` binding, with the binding's index, group and action.
    private var reorders: [(index: Int, group: Int, action: ReorderAction, adapter: ReorderGestureAdapter)] = []
    private let showAllPhases: Bool
    /// The long-press-drag kinds (`long-press-drag:F`, `touch-long-press-drag:F`) a binding
    /// uses: their arming, began and reorder moves are lines; without one, a press that never
    /// became a drag is noise.
    private let boundLongPressDrags: Set<ContactDevice>
    /// Per group: the gestures that began (their failure is then an outcome worth a line).
    /// (``BindingMatcher/kindKey(_:)`` of each; a handful at most, so an array.)
    private var begun: [[Int]]
    /// Per group: the gestures its bindings listen to (``BindingMatcher/kindKey(_:)`` of each).
    /// A failure that says why is printed for these only: it answers "why did my binding not
    /// fire?", and libinput 1.22 begins a hold at every touch (every tap, scroll and pinch brings
    /// a failed `hold:F` and `long-press:F`), which nobody else asks about.
    private let listened: [[Int]]
    /// A long-press-drag's arming line, printed only if the press goes on to begin (of a press
    /// that fails, only its failure is worth a line, which says why; feedback consumers still get
    /// the unprinted report).
    private var heldArming: ReplayLine?
    /// See ``GesturePipeline/dropsUnreadLines``.
    var dropsUnreadLines = false

    init(config: Config, groups: [RecognizerGroups.Group], showAllPhases: Bool) {
        bindings = config.bindings
        begun = Array(repeating: [], count: groups.count)
        var groupOf = Array(repeating: 0, count: config.bindings.count)
        for (group, members) in groups.enumerated() { for index in members.listeners { groupOf[index] = group } }
        listened = groups.map { group in group.listeners.map { BindingMatcher.kindKey(config.bindings[$0].gesture) } }
        for (index, binding) in config.bindings.enumerated() {
            guard case .reorder(let action) = binding.action,
                  let layout = try? ReorderLayout.touchpad(slot: action.slot, itemCount: action.items,
                                                           arrangement: action.arrangement == .row ? .row : .column)
            else { continue }
            let session = ReorderSession(layout: layout, settings: ReorderSettings(pointsPerDeltaUnit: 1))
            var adapter = ReorderGestureAdapter(session: session, fingers: binding.gesture.fingerCount, draggedSlot: action.start)
            // A touch-long-press-drag reorders in the touchscreen's units (`slot` in mm or %).
            adapter.device = binding.gesture.device
            reorders.append((index, groupOf[index], action, adapter))
        }
        self.showAllPhases = showAllPhases
        boundLongPressDrags = Set(config.bindings.compactMap { Self.longPressDragDevice($0.gesture) })
    }

    /// Matches `report` of `source`'s group through `match` and emits its line; a
    /// long-press-drag with a reorder binding becomes one line per slot move. `committed` is
    /// the commitment the report made, if any.
    mutating func take(_ report: RecognizedGesture, from source: ReportSource, committed: GestureCommitment?,
                       match: ReportMatching, emit: (ReplayLine) -> Void) {
        if !reorders.isEmpty, let slot = reorders.firstIndex(where: { $0.group == source.group && $0.adapter.follows(report) }) {
            let reorder = (index: reorders[slot].index, action: reorders[slot].action)
            for gesture in reorders[slot].adapter.annotate(report) {
                line(for: gesture, from: source, committed: committed, reorder: reorder, match: match, emit: emit)
            }
        } else {
            line(for: report, from: source, committed: committed, reorder: nil, match: match, emit: emit)
        }
    }

    /// Matches one report (or reorder step) and emits its line.
    private mutating func line(for gesture: RecognizedGesture, from source: ReportSource, committed: GestureCommitment?,
                               reorder: (index: Int, action: ReorderAction)?, match: ReportMatching,
                               emit: (ReplayLine) -> Void) {
        // Most reports fire nothing: no array is made (nor released: nil until a firing), and
        // the action table is touched only when something fired.
        var fired: [BindingFiring<Action>]? = nil
        match(gesture) { firing in
            // Reorder bindings act through their step and drop commands below.
            let action = bindings[firing.bindingIndex].action
            if case .reorder = action { return }
            Self.append(BindingFiring(bindingIndex: firing.bindingIndex, action: action, gesture: firing.gesture), to: &fired)
        }
        if let reorder {
            if let move = gesture.reorder, let command = reorder.action.stepCommand(from: move.from, to: move.to) {
                Self.append(BindingFiring(bindingIndex: reorder.index, action: .exec(command), gesture: gesture), to: &fired)
            }
            if gesture.phase == .ended, let drop = reorder.action.drop {
                Self.append(BindingFiring(bindingIndex: reorder.index, action: .exec(drop), gesture: gesture), to: &fired)
            }
        }
        let isPrinted = shouldShow(gesture, source: source, firedActions: fired != nil)
        if dropsUnreadLines && !isPrinted && fired == nil && !gesture.phase.isFinal {
            switch gesture.name.gesture {
            case .longPressDrag:
                break
            case .swipe, .pinch, .rotate, .hold, .longPress, .tap, .doubleTap, .edgeSwipe:
                return
            }
        }
        var firings = fired ?? []
        // What a reader sees is the firing: its phase (a continuous stream's began or
        // closing cancel) and progress against the binding's own threshold. Firings that saw
        // the report otherwise than the first are lines of their own (``ReplayLine``).
        var others: ArraySlice<BindingFiring<Action>> = []
        if firings.count > 1, let split = firings.firstIndex(where: { $0.gesture != firings[0].gesture }) {
            others = firings[split...]
            firings.removeSubrange(split...)
        }
        let shown = firings.first?.gesture ?? gesture
        var line = ReplayLine(gesture: shown, firings: firings, isPrinted: isPrinted,
                              isOutcome: source.isOutcome, group: source.group, report: gesture, committed: committed)
        if Self.longPressDragDevice(gesture.name) != nil, !showAllPhases {
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
        while let first = others.first {
            let end = others.firstIndex(where: { $0.gesture != first.gesture }) ?? others.endIndex
            var next = ReplayLine(gesture: first.gesture, firings: Array(others[..<end]), isPrinted: isPrinted,
                                  isOutcome: source.isOutcome, group: source.group, report: gesture)
            next.continuesReport = true
            emit(next)
            others = others[end...]
        }
    }

    private static func append(_ firing: BindingFiring<Action>, to firings: inout [BindingFiring<Action>]?) {
        if firings == nil { firings = [firing] } else { firings!.append(firing) }
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
        let dragDevice = Self.longPressDragDevice(gesture.name)
        let isDragStream = dragDevice.map { boundLongPressDrags.contains($0) } ?? false
        switch gesture.phase {
        case .arming:
            return showAllPhases || firedActions || isDragStream
        case .began, .changed:
            insertBegun(key, source.group)
            return showAllPhases || firedActions || (isDragStream && (gesture.phase == .began || gesture.reorder != nil))
        case .ended, .failed, .cancelled:
            let hadBegun = begun[source.group].contains(key)
            begun[source.group].removeAll { $0 == key }
            if dragDevice != nil, !isDragStream, gesture.phase != .ended {
                // Without a binding that uses it, a press that never became a drag is noise.
                return showAllPhases || firedActions
            }
            let explainsABinding = gesture.failureReason != nil && listened[source.group].contains(key)
            return showAllPhases || firedActions || gesture.phase != .failed || hadBegun || explainsABinding
        }
    }
}

extension ReportLines {
    /// The device whose long-press-drag `name` is (`long-press-drag:F`, `touch-long-press-drag:F`),
    /// or nil for any other gesture.
    static func longPressDragDevice(_ name: GestureName) -> ContactDevice? {
        if case .longPressDrag = name.gesture { name.device } else { nil }
    }
}
