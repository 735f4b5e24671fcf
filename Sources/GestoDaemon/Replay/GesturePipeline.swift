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
    /// The actions fired.
    public var actions: [Action] { firings.map(\.action) }
}

/// Feeds gesture events to a ``GestureEngine`` and a ``BindingMatcher``; every report comes
/// out, marked with whether it is printed.
///
/// Printed: every final report except the `failed` of a gesture that never began (a tap
/// that moved 4 units is not an outcome), every report that fired an action, and — for
/// long-press-drag when a binding uses it, or always with `showAllPhases` — its arming, began
/// and reorder moves. With `showAllPhases` every report is printed.
public struct GesturePipeline: Sendable {
    public private(set) var engine: GestureEngine
    private var matcher: BindingMatcher<Action>
    /// One reorder engine per `reorder:` binding, with the binding's index and action.
    private var reorders: [(index: Int, action: ReorderAction, adapter: ReorderGestureAdapter)] = []
    private let showAllPhases: Bool
    private let showsLongPressDragStream: Bool
    private var begun: Set<GestureName> = []
    /// A long-press-drag's arming line, printed only if the press goes on to begin (a press
    /// that fails is not worth a line; feedback consumers still get the unprinted report).
    private var heldArming: ReplayLine?
    private var lastTime: Timestamp?
    /// The focused application (`--app` in a replay; the compositor's focus live), for per-app bindings.
    public var focusedApp: String?

    /// Makes a session for `config`.
    public init(config: Config, showAllPhases: Bool = false, focusedApp: String? = nil) {
        engine = GestureEngine(settings: config.engineSettings)
        matcher = BindingMatcher(bindings: config.bindings)
        for (index, binding) in config.bindings.enumerated() {
            guard case .reorder(let action) = binding.action,
                  let layout = try? ReorderLayout.touchpad(slot: action.slot, itemCount: action.items,
                                                           arrangement: action.arrangement == .row ? .row : .column)
            else { continue }
            let session = ReorderSession(layout: layout, settings: ReorderSettings(pointsPerDeltaUnit: 1))
            reorders.append((index, action, ReorderGestureAdapter(session: session, fingers: binding.gesture.fingerCount,
                                                                  draggedSlot: action.start)))
        }
        self.showAllPhases = showAllPhases
        self.focusedApp = focusedApp
        showsLongPressDragStream = config.bindings.contains {
            if case .longPressDrag = $0.gesture { return true }
            return false
        }
    }

    /// Feeds one event; `emit` receives every report.
    public mutating func handle(_ event: GestureEvent, emit: (ReplayLine) -> Void) {
        lastTime = max(lastTime ?? event.time, event.time)
        process(.event(event), emit: emit)
    }

    /// The earliest deadline the recognizers need (arm a timer for it), or nil.
    public var nextDeadline: Timestamp? { engine.nextDeadline }

    /// Feeds a deadline (a live timer fired).
    public mutating func handleDeadline(_ time: Timestamp, emit: (ReplayLine) -> Void) {
        process(.deadline(time), emit: emit)
    }

    /// Ends the input (at `end`, a recording's last line, when later than the last event):
    /// gestures in progress are cancelled with reason "end of input".
    public mutating func finish(at end: Timestamp? = nil, emit: (ReplayLine) -> Void) {
        process(.endOfInput([lastTime, end].compactMap { $0 }.max() ?? Timestamp(microseconds: 0)), emit: emit)
    }

    private mutating func process(_ input: RecognizerInput, emit: (ReplayLine) -> Void) {
        var reports: [RecognizedGesture] = []
        engine.handle(input) { reports.append($0) }
        for report in reports {
            // A long-press-drag with a reorder binding becomes one report per slot move.
            var expanded = [report]
            var reorder: (index: Int, action: ReorderAction)?
            if let slot = reorders.firstIndex(where: { $0.adapter.follows(report) }) {
                expanded = reorders[slot].adapter.annotate(report)
                reorder = (reorders[slot].index, reorders[slot].action)
            }
            for gesture in expanded {
                var firings: [BindingFiring<Action>] = []
                matcher.handle(gesture, focusedApp: focusedApp) { firing in
                    // Reorder bindings act through their step and drop commands below.
                    if case .reorder = firing.action { return }
                    firings.append(firing)
                }
                if let reorder {
                    if let move = gesture.reorder, let command = reorder.action.stepCommand(from: move.from, to: move.to) {
                        firings.append(BindingFiring(bindingIndex: reorder.index, action: .exec(command), gesture: gesture))
                    }
                    if gesture.phase == .ended, let drop = reorder.action.drop {
                        firings.append(BindingFiring(bindingIndex: reorder.index, action: .exec(drop), gesture: gesture))
                    }
                }
                var line = ReplayLine(gesture: gesture, firings: firings, isPrinted: shouldShow(gesture, firedActions: !firings.isEmpty))
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
        }
    }

    private mutating func shouldShow(_ gesture: RecognizedGesture, firedActions: Bool) -> Bool {
        let key = gesture.name.undirected
        let isDragStream: Bool
        if case .longPressDrag = gesture.name { isDragStream = showsLongPressDragStream } else { isDragStream = false }
        switch gesture.phase {
        case .arming:
            return showAllPhases || firedActions || isDragStream
        case .began, .changed:
            begun.insert(key)
            return showAllPhases || firedActions || (isDragStream && (gesture.phase == .began || gesture.reorder != nil))
        case .ended, .failed, .cancelled:
            let hadBegun = begun.remove(key) != nil
            if case .longPressDrag = gesture.name, !isDragStream, gesture.phase != .ended {
                // Without a binding that uses it, a press that never became a drag is noise.
                return showAllPhases || firedActions
            }
            return showAllPhases || firedActions || gesture.phase != .failed || hadBegun
        }
    }
}
