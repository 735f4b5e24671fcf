// Bindings' rules: when a binding fires (the fire mode) and for what. Pure: the binding record
// with its action is its user's (GestoConfig's `Binding`, one table per config);
// ``BindingMatcher`` decides when each binding fires from its own recognizer group's verdicts
// (DESIGN.md, "Bindings and verdicts"), over indices into that table, never touching an action.
#if canImport(Glibc)
import Glibc
#endif

/// When a binding's action runs during its gesture.
public enum FireMode: String, Sendable, Hashable, CaseIterable {
    /// As soon as the gesture is identified: a swipe (touchpad, touchscreen or edge swipe) once
    /// its recognizer group has committed to its direction (``CommitmentTracker``), a hold when
    /// it begins, a long press when its timer recognizes it, a pinch or rotation when its
    /// direction is known.
    case onBegin = "on-begin"
    /// As soon as the recognizer is sure: a swipe, pinch or rotation (touchpad or touchscreen,
    /// edge swipes too) once it has crossed its threshold *and* its recognizer group has
    /// committed to it (``CommitmentTracker``), even if the fingers keep moving; other kinds at
    /// their threshold. A gesture that never commits
    /// fires at its end, if it ends recognized. Once per gesture.
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

/// What a binding does for its gesture, as far as specificity goes: bindings of different
/// jobs never shadow each other (fusuma's and Touchégg's pair of an undirected `pinch:2`
/// continuous key-down/key-up binding beside a directed `pinch:2:in` repeat binding needs both).
public enum BindingJob: Sendable, Hashable {
    /// Fires once per gesture: `on-begin`, `on-threshold`, `on-end`.
    case once
    /// Fires every step: `repeat`.
    case steps
    /// Follows the gesture: `continuous`.
    case stream

    /// The job of a fire mode.
    public init(_ mode: FireMode) {
        switch mode {
        case .onBegin, .onThreshold, .onEnd: self = .once
        case .repeat: self = .steps
        case .continuous: self = .stream
        }
    }
}

/// A binding without its action: what decides when it fires.
public struct BindingRule: Sendable, Hashable {
    /// The gesture, in binding syntax. Without a direction it matches every direction.
    public var gesture: GestureName
    /// When the action runs.
    public var mode: FireMode
    /// Thresholds for this binding (the global settings with the binding's overrides): its
    /// recognizer group runs with them, so its verdicts and progress are measured against them.
    public var settings: RecognizerSettings
    /// The focused application this binding is limited to (exact app_id or glob), or nil.
    public var app: String?
    /// Non-nil for a `drag:` binding: its swipes are followed by a ``PointerDrag`` with these
    /// settings, which makes the binding's verdicts; no recognizer group listens for it.
    public var drag: DragSettings?

    public init(gesture: GestureName, mode: FireMode = .onEnd,
                settings: RecognizerSettings = RecognizerSettings(), app: String? = nil, drag: DragSettings? = nil) {
        self.gesture = gesture
        self.mode = mode
        self.settings = settings
        self.app = app
        self.drag = drag
    }

    /// Whether this binding's gesture names `name` (same kind and fingers; same direction, or
    /// no direction in the binding).
    @inlinable public func matches(_ name: GestureName) -> Bool {
        if gesture == name { return true }
        return gesture.directionName == nil && gesture == name.undirected
    }

    /// How specific the binding is: an app counts 2, a direction 1. Among the bindings of one
    /// job that match a report, only the most specific fire.
    public var specificity: Int { (app == nil ? 0 : 2) + (gesture.directionName == nil ? 0 : 1) }

    /// What the binding does for its gesture (see ``BindingJob``).
    public var job: BindingJob { BindingJob(mode) }

    /// Whether the binding applies while `focusedApp` is focused (`app` matches by glob).
    @inlinable public func applies(to focusedApp: String?) -> Bool {
        guard let app else { return true }
        guard let focusedApp else { return false }
        return globMatches(app, focusedApp)
    }
}

/// A binding firing: its index in the binding list, the action, and the firing itself: the
/// gesture, phase and progress of the report that fired it, measured with the binding's own
/// settings (for `continuous`, the phase says where the binding's stream stands).
public struct BindingFiring<Action: Sendable>: Sendable {
    public var bindingIndex: Int
    public var action: Action
    public var gesture: RecognizedGesture

    /// Makes a firing (the pipeline makes them from ``BindingMatcher`` firings, for reorder
    /// steps, and `gestoctl trigger` for a binding it picked).
    public init(bindingIndex: Int, action: Action, gesture: RecognizedGesture) {
        self.bindingIndex = bindingIndex
        self.action = action
        self.gesture = gesture
    }
}

/// Decides when bindings fire, from the verdicts of their own recognizer groups.
///
/// The verdict is the recognizer's alone: an `on-end` binding fires on its group's `ended`,
/// never on `failed` or `cancelled`; only a `continuous` binding's closing report may carry
/// those. What the matcher adds is the binding's own: specificity (among bindings of one job,
/// the most specific that match fire), the fire mode, per-binding state (fired already, repeat
/// steps, stream open, when a long press armed) that resets when its gesture ends, and
/// long-press tiers (libinput-gestures' `hold on+N`): among `on-end` `long-press:F` bindings
/// of one finger count, a release fires only the one with the longest duration the hold reached.
///
/// Concrete and index-based: it never touches an action, so the hot path costs no generic
/// dispatch (STYLE.md §0). It keeps no copy of the rules it was made from, only its index over
/// them: the binding table (the config's) stays the one place of each binding's facts.
public struct BindingMatcher: Sendable {
    /// Per binding: kind and finger count packed into one integer (``kindKey(_:)``).
    private let keys: [Int]

    /// What the matcher reads of a rule to match a report: its direction, mode, specificity and
    /// repeat steps (an `app:` pattern is in ``appPatterns``, read only when set).
    private struct Brief: Sendable {
        /// ``directionCode(_:)`` of the binding's gesture: 0 when it has no direction.
        var direction: UInt8
        var mode: FireMode
        var specificity: Int
        var hasApp: Bool
        /// ``LongPressSettings/minimumDuration``, seconds (for long-press tiers).
        var pressDuration: Double
        /// The repeat steps of its settings (``stepsTravelled(_:steps:)``).
        var repeatSteps: RepeatSteps
        /// Where the binding's more specific rivals (usually none) are in ``superiorList``.
        var superiors: Range<Int> = 0..<0

        /// Whether the binding matches a report of its own kind and fingers whose
        /// ``directionCode(_:)`` is `direction` (the caller compared ``kindKey(_:)`` already).
        func matches(direction reported: UInt8) -> Bool {
            direction == 0 || direction == reported
        }
    }

    private let briefs: [Brief]
    /// Per binding: its `app:` pattern, read only when its brief ``Brief/hasApp``.
    private let appPatterns: [String?]
    /// Every binding's more specific rivals, one run per binding (``Brief/superiors``): the
    /// only rivals ``isEligible(_:direction:focusedApp:)`` has to look at.
    private let superiorList: [Int]
    /// Per binding: the bindings of the same kind, fingers and job (itself included), which
    /// compete on specificity.
    private let rivals: [[Int]]

    private struct PerGesture: Sendable {
        var fired = false
        var streaming = false
        var steps = 0
        /// When the long press this binding follows began arming (for tiers).
        var armedAt: Timestamp?
    }

    private var states: [PerGesture]

    /// The most repeat firings one gesture can cause: 10,000 (a step of 1 unit over a
    /// 10,000-unit swipe; a config cannot ask for smaller steps).
    public static var maximumRepeatSteps: Double { 10_000 }

    /// Every group's listeners by kind: those of group `g` whose ``kindKey(_:)`` is `k` (below
    /// ``keyTableSize``) are `keyedListeners[keyedRanges[g * keyTableSize + k]]`, so a report
    /// is matched against those only, not against every binding of its group.
    private let keyedListeners: [Int]
    private let keyedRanges: [Range<Int>]
    /// Parallel to ``keyedRanges``: whether any of those listeners acts before its gesture's
    /// end (a mode other than `on-end`). Where none does, a report that is neither final nor a
    /// long press arming concerns none of them and is not walked (most reports of a gesture).
    private let keyedActsEarly: [Bool]
    /// Each group's listeners, flat (for a kind key outside the table, and to find a
    /// gesture's owning group): group `g`'s are `groupListeners[groupRanges[g]]`.
    private let groupListeners: [Int]
    private let groupRanges: [Range<Int>]
    /// Kind keys of up to 15 fingers fit (touchpads report at most 10: ``GestureEvent/touchpadFingerCounts``).
    private static let keyTableSize = 512

    /// Makes a matcher over `rules`, whose recognizer groups' listeners are `groups` (indices
    /// into `rules`; by default one group of all).
    public init(rules: [BindingRule], groups: [[Int]]? = nil) {
        let keys = rules.map { Self.kindKey($0.gesture) }
        self.keys = keys
        let groups = groups ?? [Array(rules.indices)]
        var keyed: [Int] = [], ranges: [Range<Int>] = []
        for indices in groups {
            for key in 0..<Self.keyTableSize {
                let start = keyed.count
                keyed += indices.filter { keys[$0] == key }
                ranges.append(start..<keyed.count)
            }
        }
        keyedListeners = keyed
        keyedRanges = ranges
        keyedActsEarly = ranges.map { range in keyed[range].contains { rules[$0].mode != .onEnd } }
        groupListeners = groups.flatMap { $0 }
        var start = 0
        groupRanges = groups.map { indices in
            defer { start += indices.count }
            return start..<(start + indices.count)
        }
        var briefs = rules.map {
            Brief(direction: Self.directionCode($0.gesture), mode: $0.mode, specificity: $0.specificity,
                  hasApp: $0.app != nil, pressDuration: $0.settings.longPress.minimumDuration,
                  repeatSteps: RepeatSteps($0.settings))
        }
        appPatterns = rules.map(\.app)
        let rivals = rules.indices.map { index in
            rules.indices.filter { keys[$0] == keys[index] && rules[$0].job == rules[index].job }
        }
        self.rivals = rivals
        var superiorList: [Int] = []
        for index in rules.indices {
            let start = superiorList.count
            superiorList += rivals[index].filter { $0 != index && briefs[$0].specificity > briefs[index].specificity }
            briefs[index].superiors = start..<superiorList.count
        }
        self.superiorList = superiorList
        self.briefs = briefs
        states = Array(repeating: PerGesture(), count: rules.count)
    }

    /// The device, kind and finger count of `name` as one integer (equal for every direction).
    @inlinable public static func kindKey(_ name: GestureName) -> Int {
        let kind: Int = switch name.gesture {
        case .swipe: 0
        case .pinch: 1
        case .rotate: 2
        case .hold: 3
        case .longPress: 4
        case .longPressDrag: 5
        case .tap: 6
        case .doubleTap: 7
        case .edgeSwipe: 8
        }
        let device: Int = switch name.device {
        case .touchpad: 0
        case .touchscreen: 16
        }
        return kind &+ device &+ (name.fingerCount &<< 5)
    }

    /// The direction of `name` as a small number, 0 for none: with ``kindKey(_:)`` equal, two
    /// names are equal exactly when their codes are (the hot path compares bytes, not names).
    static func directionCode(_ name: GestureName) -> UInt8 {
        switch name.gesture {
        case .swipe(let direction):
            switch direction {
            case nil: 0
            case .left: 1
            case .right: 2
            case .up: 3
            case .down: 4
            case .upLeft: 5
            case .upRight: 6
            case .downLeft: 7
            case .downRight: 8
            }
        case .pinch(let direction):
            switch direction {
            case nil: 0
            case .in: 1
            case .out: 2
            }
        case .rotate(let direction):
            switch direction {
            case nil: 0
            case .clockwise: 1
            case .counterclockwise: 2
            }
        // The edge is part of every edge-swipe name (its "direction": the edge it starts from).
        case .edgeSwipe(let edge):
            switch edge {
            case .left: 1
            case .right: 2
            case .top: 3
            case .bottom: 4
            }
        case .hold, .longPress, .longPressDrag, .tap, .doubleTap: 0
        }
    }

    /// The recognizer group that owns reports named `name`: the first with a binding for the
    /// exact name, else the first with a binding of its kind and fingers, else group 0
    /// (``ReportSource/isOutcome``).
    func owner(of name: GestureName) -> Int {
        let key = Self.kindKey(name)
        var sameKind: Int? = nil
        let direction = Self.directionCode(name)
        for group in groupRanges.indices {
            for index in groupListeners[groupRanges[group]] where keys[index] == key {
                if briefs[index].matches(direction: direction) { return group }
                if sameKind == nil { sameKind = group }
            }
        }
        return sameKind ?? 0
    }

    /// Whether binding `index` applies while `focusedApp` is focused (see ``BindingRule/applies(to:)``).
    private func applies(_ index: Int, to focusedApp: String?) -> Bool {
        guard briefs[index].hasApp, let app = appPatterns[index] else { return true }
        guard let focusedApp else { return false }
        return globMatches(app, focusedApp)
    }

    /// Feeds one report of recognizer group `group` (an index into the init's `groups`) to
    /// the group's bindings of its kind; `focusedApp` is the focused toplevel's app_id (nil if unknown);
    /// `committedName` is the gesture the group committed to (``ReportSource/committedName``),
    /// which `on-threshold` and swipes' `on-begin` wait for. `emit` receives each firing: the
    /// binding's index and the report as that binding sees it.
    public mutating func handle(_ gesture: RecognizedGesture, group: Int, focusedApp: String? = nil,
                                committedName: GestureName? = nil, emit: (Int, RecognizedGesture) -> Void) {
        let key = Self.kindKey(gesture.name)
        if key >= 0 && key < Self.keyTableSize {
            let slot = group * Self.keyTableSize + key
            if !keyedActsEarly[slot] {
                switch gesture.phase {
                case .ended, .failed, .cancelled: break
                case .arming: if case .longPress = gesture.name.gesture, gesture.name.device == .touchpad { break } else { return }
                case .began, .changed: return
                }
            }
            handle(gesture, key: key, listeners: keyedRanges[slot], in: keyedListeners,
                   focusedApp: focusedApp, committedName: committedName, emit: emit)
        } else {
            handle(gesture, key: key, listeners: groupRanges[group], in: groupListeners,
                   focusedApp: focusedApp, committedName: committedName, emit: emit)
        }
    }

    private mutating func handle(_ gesture: RecognizedGesture, key: Int, listeners range: Range<Int>, in listeners: [Int],
                                 focusedApp: String?, committedName: GestureName?, emit: (Int, RecognizedGesture) -> Void) {
        if range.isEmpty { return }
        let direction = Self.directionCode(gesture.name)
        // What the loop asks of the report, asked once.
        let isEnded = gesture.phase == .ended, isFinal = gesture.phase.isFinal
        var isLongPressArming = false
        if case .longPress = gesture.name.gesture, gesture.name.device == .touchpad, gesture.phase == .arming {
            isLongPressArming = true
        }
        for position in range where keys[listeners[position]] == key {
            let index = listeners[position]
            // An on-end binding acts only on its group's `ended` (and notes when a long press
            // arms): most reports are neither, and are decided here.
            if briefs[index].mode == .onEnd && !isEnded {
                if isLongPressArming { states[index].armedAt = gesture.time }
            } else {
                fire(index, gesture, direction: direction, focusedApp: focusedApp, committedName: committedName, emit: emit)
            }
            if isFinal { states[index] = PerGesture() }
        }
    }

    /// Whether binding `index` may fire for a report whose ``directionCode(_:)`` is
    /// `direction`: it applies to the focused app, and no rival that applies and matches (or
    /// streams) is more specific.
    private func isEligible(_ index: Int, direction: UInt8, focusedApp: String?) -> Bool {
        guard applies(index, to: focusedApp) else { return false }
        for position in briefs[index].superiors {
            let rival = superiorList[position]
            if applies(rival, to: focusedApp) && (briefs[rival].matches(direction: direction) || states[rival].streaming) { return false }
        }
        return true
    }

    /// Whether a long press released after `heldFor` seconds reached a longer tier than
    /// binding `index`'s (an `on-end` `long-press:F` rival with a longer duration it lasted).
    private func isOutlasted(_ index: Int, heldFor: Double, focusedApp: String?) -> Bool {
        let own = briefs[index].pressDuration
        for rival in rivals[index] where rival != index && briefs[rival].mode == .onEnd {
            let duration = briefs[rival].pressDuration
            if duration > own && duration <= heldFor && applies(rival, to: focusedApp)
                && briefs[rival].specificity == briefs[index].specificity { return true }
        }
        return false
    }

    private mutating func fire(_ index: Int, _ gesture: RecognizedGesture, direction: UInt8, focusedApp: String?,
                               committedName: GestureName?, emit: (Int, RecognizedGesture) -> Void) {
        // (An on-end binding comes here only with an `ended`: ``handle(_:listeners:focusedApp:committedName:emit:)``.)
        let matches = briefs[index].matches(direction: direction) && isEligible(index, direction: direction, focusedApp: focusedApp)
        // Committed to this very name: a swipe that committed to `right` and then turned is not
        // committed to `down`. Kinds that do not commit (holds, long presses) count as committed.
        let isCommitted = !CommitmentTracker.isTracked(gesture.name) || committedName == gesture.name
        switch briefs[index].mode {
        case .onEnd:
            guard matches else { return }  // Only `ended` comes this far.
            if case .longPress = gesture.name.gesture, gesture.name.device == .touchpad, let armedAt = states[index].armedAt,
               isOutlasted(index, heldFor: gesture.time.seconds(since: armedAt), focusedApp: focusedApp) {
                return
            }
            emit(index, gesture)
        case .onBegin:
            guard matches, !states[index].fired else { return }
            switch gesture.phase {
            case .began, .changed:
                // A swipe's direction is known at the lock distance but it is only identified
                // once committed; pinches and rotations begin with their direction.
                switch gesture.name.gesture {
                case .swipe, .edgeSwipe: if !isCommitted { return }
                case .pinch, .rotate, .hold, .longPress, .longPressDrag, .tap, .doubleTap: break
                }
                states[index].fired = true
                emit(index, gesture)
            case .ended:
                emit(index, gesture)
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
                // The recognizer measured progress against this binding's own threshold, and
                // its group committed to the gesture.
                if gesture.progress >= 1 && isCommitted {
                    states[index].fired = true
                    emit(index, gesture)
                }
            case .ended:
                emit(index, gesture)
            }
        case .continuous:
            if states[index].streaming {
                if matches {
                    emit(index, gesture)
                } else {
                    // The gesture turned away from this binding's direction: end its stream.
                    var cancelled = gesture
                    cancelled.phase = .cancelled(.preempted)
                    emit(index, cancelled)
                    states[index].streaming = false
                    states[index].fired = true
                }
            } else if matches && !states[index].fired && !gesture.phase.isFinal && gesture.phase != .arming {
                states[index].streaming = true
                var began = gesture
                began.phase = .began
                emit(index, began)
            }
        case .repeat:
            guard matches, !gesture.phase.isFinal || gesture.phase == .ended else { return }
            // Clamped so an absurdly small step can never overflow or fire without end.
            let steps = Int(min(Self.stepsTravelled(gesture, steps: briefs[index].repeatSteps), Self.maximumRepeatSteps).rounded(.down))
            while states[index].steps < steps {
                states[index].steps += 1
                emit(index, gesture)
            }
        }
    }

    /// A binding's repeat steps: its settings' ``SwipeSettings/repeatDistance`` (delta units),
    /// ``PinchSettings/repeatScale`` (a ratio) and ``RotateSettings/repeatAngle`` (degrees).
    struct RepeatSteps: Sendable {
        var distance: Double
        var scale: Double
        var angle: Double

        init(_ settings: RecognizerSettings) {
            distance = settings.swipe.repeatDistance.deltaUnits
            scale = settings.pinch.repeatScale
            angle = settings.rotate.repeatAngle
        }
    }

    /// How many repeat `steps` `gesture` has travelled in its own direction (0 for a NaN).
    static func stepsTravelled(_ gesture: RecognizedGesture, steps repeatSteps: RepeatSteps) -> Double {
        let steps: Double
        // Touch gestures do not repeat yet: their distances are in mm or %, not delta units.
        guard gesture.name.device == .touchpad else { return 0 }
        switch gesture.name.gesture {
        case .swipe(let direction?):
            steps = max(0, gesture.translation.dot(direction.unitVector)) / repeatSteps.distance
        case .pinch(let direction?):
            let logScale = log(max(gesture.scale, 1e-9))
            let signed = direction == .out ? logScale : -logScale
            steps = max(0, signed) / log(repeatSteps.scale)
        case .rotate(let direction?):
            let signed = direction == .clockwise ? gesture.angle : -gesture.angle
            steps = max(0, signed) / repeatSteps.angle
        case .swipe(nil), .pinch(nil), .rotate(nil), .hold, .longPress, .longPressDrag, .tap, .doubleTap, .edgeSwipe:
            steps = 0
        }
        return steps.isNaN ? 0 : steps
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
