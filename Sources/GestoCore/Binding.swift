// Bindings: which action a recognized gesture runs, and when (the fire mode). Pure: the
// action is an opaque value the daemon or a library user defines; ``BindingMatcher`` only
// decides when each binding fires.
#if canImport(Glibc)
import Glibc
#endif

/// When a binding's action runs during its gesture.
public enum FireMode: String, Sendable, Hashable, CaseIterable {
    /// As soon as the gesture is identified (a swipe's direction is known, a hold begins, a
    /// long press is recognized by its timer).
    case onBegin = "on-begin"
    /// As soon as the recognizer is sure: the gesture crossed its threshold, even if the
    /// fingers keep moving. Once per gesture.
    case onThreshold = "on-threshold"
    /// When the gesture ends recognized (the default).
    case onEnd = "on-end"
    /// On every report while the gesture lasts: began, changed, and its end (ended, failed or
    /// cancelled), so the action can follow the finger.
    case continuous
    /// Every time the gesture travels another step (``SwipeSettings/repeatDistance``,
    /// ``PinchSettings/repeatScale``, ``RotateSettings/repeatAngle``) in its direction.
    case `repeat`
}

/// A gesture bound to an action.
public struct Binding<Action: Sendable>: Sendable {
    /// The gesture, in binding syntax. Without a direction it matches every direction.
    public var gesture: GestureName
    /// When the action runs.
    public var mode: FireMode
    /// What runs.
    public var action: Action
    /// Thresholds for this binding (the global settings with the binding's overrides).
    public var settings: RecognizerSettings
    /// The focused application this binding is limited to (exact app_id or glob), or nil.
    public var app: String?

    public init(gesture: GestureName, mode: FireMode = .onEnd, action: Action,
                settings: RecognizerSettings = RecognizerSettings(), app: String? = nil) {
        self.gesture = gesture
        self.mode = mode
        self.action = action
        self.settings = settings
        self.app = app
    }

    /// Whether this binding's gesture names `name` (same kind and fingers; same direction, or
    /// no direction in the binding).
    public func matches(_ name: GestureName) -> Bool {
        if gesture == name { return true }
        return gesture.directionName == nil && gesture == name.undirected
    }

    /// How specific the binding is: an app counts 2, a direction 1. The most specific
    /// matching bindings win.
    public var specificity: Int { (app == nil ? 0 : 2) + (gesture.directionName == nil ? 0 : 1) }
}

/// A binding firing: its index in the binding list, the action, and the gesture report that
/// fired it (for `continuous`, the report's phase says where the gesture stands).
public struct BindingFiring<Action: Sendable>: Sendable {
    public var bindingIndex: Int
    public var action: Action
    public var gesture: RecognizedGesture

    /// Makes a firing (the matcher makes them; the pipeline makes them for reorder steps and
    /// `gestoctl trigger` for a binding it picked).
    public init(bindingIndex: Int, action: Action, gesture: RecognizedGesture) {
        self.bindingIndex = bindingIndex
        self.action = action
        self.gesture = gesture
    }
}

/// Decides when bindings fire, from the stream of recognized gestures.
///
/// Each binding keeps per-gesture state (fired already, repeat steps, continuous stream
/// started) that resets when its gesture ends, fails or is cancelled. Thresholds are checked
/// with each binding's own settings, so a binding can be more or less sensitive than the
/// global recognizers.
public struct BindingMatcher<Action: Sendable>: Sendable {
    /// The bindings, in config order.
    public private(set) var bindings: [Binding<Action>]

    private struct PerGesture: Sendable {
        var fired = false
        var streaming = false
        var steps = 0
    }

    private var states: [PerGesture]

    /// The most repeat firings one gesture can cause: 10,000 (a step of 1 unit over a
    /// 10,000-unit swipe; a config cannot ask for smaller steps).
    public static var maximumRepeatSteps: Double { 10_000 }

    /// Makes a matcher over `bindings`.
    public init(bindings: [Binding<Action>]) {
        self.bindings = bindings
        self.states = Array(repeating: PerGesture(), count: bindings.count)
    }

    /// Feeds one report; `focusedApp` is the focused toplevel's app_id (nil if unknown).
    /// `app` matches by glob (`*` and `?`).
    public mutating func handle(_ gesture: RecognizedGesture, focusedApp: String? = nil,
                                emit: (BindingFiring<Action>) -> Void) {
        // The most specific bindings for the gesture's kind and fingers win; a binding for a
        // different direction still needs its state reset when the gesture ends.
        var best = -1
        for (index, binding) in bindings.enumerated() where binding.gesture.undirected == gesture.name.undirected {
            if let app = binding.app, !(focusedApp.map { globMatches(app, $0) } ?? false) { continue }
            if binding.matches(gesture.name) || states[index].streaming { best = max(best, binding.specificity) }
        }
        for index in bindings.indices where bindings[index].gesture.undirected == gesture.name.undirected {
            let binding = bindings[index]
            let appMatches = binding.app.map { app in focusedApp.map { globMatches(app, $0) } ?? false } ?? true
            let eligible = appMatches && binding.specificity == best
            fire(index, binding, gesture, eligible: eligible, emit: emit)
            if gesture.phase.isFinal { states[index] = PerGesture() }
        }
    }

    private mutating func fire(_ index: Int, _ binding: Binding<Action>, _ gesture: RecognizedGesture,
                               eligible: Bool, emit: (BindingFiring<Action>) -> Void) {
        let firing = BindingFiring(bindingIndex: index, action: binding.action, gesture: gesture)
        let matches = eligible && binding.matches(gesture.name)
        switch binding.mode {
        case .onEnd:
            // A failed report still fires a binding whose own thresholds are lower; a cancelled
            // gesture never fires.
            let completed = gesture.phase == .ended || gesture.phase == .failed
            if matches && completed && Self.isRecognized(gesture, by: binding, final: true) {
                emit(firing)
            }
        case .onBegin:
            guard matches, !states[index].fired else { return }
            switch gesture.phase {
            case .began, .changed:
                states[index].fired = true
                emit(firing)
            case .ended:
                emit(firing)
            case .arming, .failed, .cancelled:
                // Arming is feedback before recognition (a press not yet long enough).
                return
            }
        case .onThreshold:
            guard matches, !states[index].fired else { return }
            switch gesture.phase {
            case .arming, .failed, .cancelled:
                return
            case .began, .changed:
                if Self.isRecognized(gesture, by: binding, final: false) {
                    states[index].fired = true
                    emit(firing)
                }
            case .ended:
                if Self.isRecognized(gesture, by: binding, final: true) { emit(firing) }
            }
        case .continuous:
            if states[index].streaming {
                if matches {
                    emit(firing)
                } else {
                    // The gesture turned away from this binding's direction: end its stream.
                    var cancelled = firing
                    cancelled.gesture.phase = .cancelled(.preempted)
                    emit(cancelled)
                    states[index].streaming = false
                    states[index].fired = true
                }
            } else if matches && !states[index].fired && !gesture.phase.isFinal {
                states[index].streaming = true
                var began = firing
                began.gesture.phase = .began
                emit(began)
            }
        case .repeat:
            guard matches, !gesture.phase.isFinal || gesture.phase == .ended else { return }
            // Clamped so an absurdly small step can never overflow or fire without end.
            let steps = Int(min(Self.stepsTravelled(gesture, settings: binding.settings), Self.maximumRepeatSteps).rounded(.down))
            while states[index].steps < steps {
                states[index].steps += 1
                emit(firing)
            }
        }
    }

    /// Whether `gesture` meets `binding`'s thresholds. Mid-gesture (`final` false) a swipe
    /// counts by distance only: velocity decides only at the release.
    static func isRecognized(_ gesture: RecognizedGesture, by binding: Binding<Action>, final: Bool) -> Bool {
        let settings = binding.settings
        switch gesture.name {
        case .swipe:
            return SwipeRecognizer.meets(settings.swipe, translation: gesture.translation,
                                         velocity: final ? gesture.velocity : .zero, direction: gesture.name)
        case .pinch:
            return PinchRecognizer.meets(settings.pinch, scale: gesture.scale, name: gesture.name)
        case .rotate:
            return abs(gesture.angle) >= settings.rotate.threshold
        case .hold, .longPress, .longPressDrag:
            return gesture.phase == .ended || !final
        }
    }

    /// How many repeat steps `gesture` has travelled in its own direction.
    static func stepsTravelled(_ gesture: RecognizedGesture, settings: RecognizerSettings) -> Double {
        switch gesture.name {
        case .swipe(_, let direction?):
            return max(0, gesture.translation.dot(direction.unitVector)) / settings.swipe.repeatDistance
        case .pinch(_, let direction?):
            let logScale = log(max(gesture.scale, 1e-9))
            let signed = direction == .out ? logScale : -logScale
            return max(0, signed) / log(settings.pinch.repeatScale)
        case .rotate(_, let direction?):
            let signed = direction == .clockwise ? gesture.angle : -gesture.angle
            return max(0, signed) / settings.rotate.repeatAngle
        case .swipe, .pinch, .rotate, .hold, .longPress, .longPressDrag:
            return 0
        }
    }
}

/// Shell-style glob match of `text` against `pattern` (`*` any run, `?` one character).
public func globMatches(_ pattern: String, _ text: String) -> Bool {
    let p = Array(pattern.unicodeScalars), t = Array(text.unicodeScalars)
    var pi = 0, ti = 0, star = -1, mark = 0
    while ti < t.count {
        if pi < p.count && (p[pi] == "?" || p[pi] == t[ti]) { pi += 1; ti += 1 }
        else if pi < p.count && p[pi] == "*" { star = pi; mark = ti; pi += 1 }
        else if star >= 0 { pi = star + 1; mark += 1; ti = mark }
        else { return false }
    }
    while pi < p.count && p[pi] == "*" { pi += 1 }
    return pi == p.count
}
