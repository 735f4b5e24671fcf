// Runs the recognizers and bindings over a recorded stream and decides which reports a
// person reading `gestoctl replay` needs to see: outcomes, the reports that fired actions,
// and the long-press-drag stream. Shared by `gestoctl replay` and `gestod --replay`.
import GestoCore
import GestoConfig

/// One line of replay output: a gesture report and the actions it fired.
public struct ReplayLine: Sendable {
    public var gesture: RecognizedGesture
    /// The actions the report fired, in binding order (empty: none).
    public var actions: [Action]
}

/// Feeds gesture events to a ``GestureEngine`` and a ``BindingMatcher`` and reports what a
/// replay prints.
///
/// Printed: every final report except the `failed` of a gesture that never began (a tap
/// that moved 4 units is not an outcome), every report that fired an action, and — for
/// long-press-drag when a binding uses it, or always with `showAllPhases` — its arming, began
/// and reorder moves. With `showAllPhases` every report is printed.
public struct ReplaySession: Sendable {
    public private(set) var engine: GestureEngine
    private var matcher: BindingMatcher<Action>
    private let showAllPhases: Bool
    private let showsLongPressDragStream: Bool
    private var begun: Set<GestureName> = []
    private var lastTime: Timestamp?
    /// The application treated as focused (`--app`), for per-app bindings.
    public var focusedApp: String?

    /// Makes a session for `config`.
    public init(config: Config, showAllPhases: Bool = false, focusedApp: String? = nil) {
        engine = GestureEngine(settings: config.engineSettings)
        matcher = BindingMatcher(bindings: config.bindings)
        self.showAllPhases = showAllPhases
        self.focusedApp = focusedApp
        showsLongPressDragStream = config.bindings.contains {
            if case .longPressDrag = $0.gesture { return true }
            return false
        }
    }

    /// Feeds one event; `emit` receives the lines to print.
    public mutating func handle(_ event: GestureEvent, emit: (ReplayLine) -> Void) {
        lastTime = max(lastTime ?? event.time, event.time)
        process(.event(event), emit: emit)
    }

    /// Feeds a deadline (a live timer fired).
    public mutating func handleDeadline(_ time: Timestamp, emit: (ReplayLine) -> Void) {
        process(.deadline(time), emit: emit)
    }

    /// Ends the input: gestures in progress are cancelled with reason "end of input".
    public mutating func finish(emit: (ReplayLine) -> Void) {
        process(.endOfInput(lastTime ?? Timestamp(microseconds: 0)), emit: emit)
    }

    private mutating func process(_ input: RecognizerInput, emit: (ReplayLine) -> Void) {
        var reports: [RecognizedGesture] = []
        engine.handle(input) { reports.append($0) }
        for gesture in reports {
            var actions: [Action] = []
            matcher.handle(gesture, focusedApp: focusedApp) { actions.append($0.action) }
            if shouldShow(gesture, firedActions: !actions.isEmpty) {
                emit(ReplayLine(gesture: gesture, actions: actions))
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
            return showAllPhases || firedActions || gesture.phase != .failed || hadBegun
        }
    }
}
