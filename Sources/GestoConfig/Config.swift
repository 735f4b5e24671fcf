// gesto's config: YAML at $XDG_CONFIG_HOME/gesto/config.yaml with `settings` (thresholds)
// and `bindings` (gesture → action). Decoding is strict: unknown keys and wrong types are
// errors with FILE:LINE:COLUMN, never silently ignored.
import GestoCore
// The config's nodes, locations and errors are GestoYAML's: every client of the config sees them.
import GestoYAML

/// A decoded config file.
public struct Config: Sendable {
    /// Global recognizer thresholds.
    public var settings: RecognizerSettings
    /// The bindings, in file order (each with its settings merged from the global ones).
    public var bindings: [Binding]
    /// True when long-press-drag was switched on or off explicitly in `settings`.
    public var isLongPressDragExplicit: Bool
    /// The spring that animations driven by gestures settle with (`animation:`, the same
    /// names as `gestoctl motion`); niri's window-movement spring (ζ 1, stiffness 800) by default.
    public var animation: SpringParameters = .niriWindowMovement
    /// `input: {touchscreens: true}`: gestod also opens touchscreens (as `--touchscreens`),
    /// read when it starts. Keyboards are never opened.
    public var opensTouchscreens = false
    /// `input: {touchscreen-transform: auto|0|90|180|270}`: how the touchscreens' frame maps to
    /// the output the user sees (wl_output's transform), so edges and directions are the user's.
    /// nil (`auto`, the default): follow the transform the compositor gives the touchscreen's
    /// output (``touchscreenOutput``), or none without a compositor.
    public var touchscreenTransform: TouchTransform?
    /// `input: {touchscreen-output: NAME}`: the output (wl_output name, e.g. `eDP-1`) the
    /// touchscreens are part of, whose transform `auto` follows; nil: the only output, else the
    /// built-in panel.
    public var touchscreenOutput: String?
    /// What loads but is likely a mistake (a binding repeated with the same gesture, mode and
    /// app), in file order.
    public var warnings: [ConfigWarning] = []

    /// The spring for binding `index`: its own `animation:`, else the global one.
    public func animation(forBinding index: Int) -> SpringParameters {
        (bindings.indices.contains(index) ? bindings[index].animation : nil) ?? animation
    }

    /// The config used when there is no file: default thresholds, no bindings, every gesture
    /// kind recognized.
    public static let empty = Config(settings: RecognizerSettings(), bindings: [], isLongPressDragExplicit: false)

    /// The bindings' rules (gesture, mode, settings, app), in file order.
    public var rules: [BindingRule] { bindings.map(\.rule) }

    /// The config compiled into recognizer groups (one per distinct set of effective settings).
    public func makeRecognizerGroups() -> RecognizerGroups {
        RecognizerGroups(rules: rules, settings: settings, isLongPressDragExplicit: isLongPressDragExplicit)
    }
}

extension Config {
    /// Decodes a config from YAML text.
    /// - Parameter file: the path shown in error locations.
    /// - Throws: ``ConfigErrors`` listing every problem found.
    public static func parse(_ text: String, file: String) throws(ConfigErrors) -> Config {
        let root: YAMLNode
        do {
            root = try YAMLNode.parse(text, file: file)
        } catch {
            throw ConfigErrors(errors: [ConfigError(error.message, at: error.location)])
        }
        var decoder = ConfigDecoder()
        let config = decoder.decodeRoot(root)
        if !decoder.errors.isEmpty { throw ConfigErrors(errors: decoder.errors, partial: config) }
        return config
    }
}

/// The keys each part of the config accepts, for the "expected one of" part of errors.
enum ConfigKeys {
    static let root = ["settings", "animation", "bindings", "input"]
    static let input = ["touchscreens", "touchscreen-transform", "touchscreen-output"]
    static let settings = ["swipe", "pinch", "rotate", "long-press", "hold", "drag"] + touchSections
    static let drag = ["lift-timeout", "lock", "quick-swipe-distance", "quick-swipe-time"]
    static let swipe = ["threshold", "velocity", "flick-distance", "diagonals", "direction-lock", "lock-distance", "repeat-distance",
                        "commit-velocity", "commit-window"]
    static let pinch = ["in", "out", "deadband", "swipe-scale-tolerance", "repeat-scale", "commit-dominance", "commit-window", "commit"]
    static let rotate = ["threshold", "begin-angle", "repeat-angle", "commit-dominance", "commit-window"]
    static let longPress = ["duration", "tolerance", "then-drag"]
    static let hold = ["minimum-duration"]
    /// The long-press keys a binding may override (`then-drag` is global: it decides for every
    /// binding whether a rest then a swipe is a long-press-drag).
    static let longPressOverrides = ["duration", "tolerance"]
    static let actions = ActionKind.allCases.map(\.name)
    static let binding = ["gesture", "mode", "app", "animation", "consume"] + actions

    /// The setting keys a binding of `gesture`'s kind may override: its kind's settings section
    /// (for long presses, all but the global `then-drag`).
    static func overrides(for gesture: GestureName) -> [String] {
        if let section = touchSection(for: gesture) { return touchKeys(section, binding: true) }
        return switch gesture.gesture {
        case .swipe: swipe
        case .pinch: pinch
        case .rotate: rotate
        case .hold: hold
        case .longPress, .longPressDrag: longPressOverrides
        case .tap, .doubleTap, .edgeSwipe: []  // Touchscreen gestures: sectioned above.
        }
    }
}

extension GestureName {
    /// Whether this is a long press or a long-press-drag (whose `then-drag` setting is global).
    var isLongPressKind: Bool {
        switch gesture {
        case .longPress, .longPressDrag: true
        case .swipe, .pinch, .rotate, .hold, .tap, .doubleTap, .edgeSwipe: false
        }
    }
}

/// The longest duration a config may give, in seconds: a day. Longer is surely a typo, and
/// durations become microsecond deadlines on the event clock.
let longestDuration: Double = 86_400

/// The longest commitment window a config may give, in seconds: 2. Longer than any real
/// gesture in the corpus (the longest, 012, lasts 2.6 s with pauses), an early action would
/// then wait for the lift anyway.
let longestCommitWindow: Double = 2
/// The largest commitment velocity, in units per second: 8000, the velocity tracker's clamp
/// (``VelocityTracker/maximumSpeed``): a larger one could never be reached.
let longestCommitVelocity: Double = VelocityTracker.maximumSpeed
/// The largest commitment dominance: 100 (a ratio of finger motions; past it nothing commits
/// before the lift on real touchpads, where jitter alone gives 1 %).
let largestCommitDominance: Double = 100
/// The widest pinch deadband, touchpad or touchscreen: 0.5. A pinch's direction is decided once
/// its scale leaves 1 ± the deadband, so at 1 or more a pinch `in` could never begin (its scale
/// would have to reach 0). At 0.5 an `in` already has to close to half its spread, and an
/// `out` to spread by half, before either has a direction: the corpus's deepest pinches do
/// (the T480's 010 closes to 0.21, its 011 spreads to 2.18), shallower ones do not (012
/// spreads again only to 1.19). A wider band is surely a mistake.
let widestPinchDeadband: Double = 0.5
/// What follows ``widestPinchDeadband`` in its error.
let pinchDeadbandMeaning = " (a pinch's direction is decided once its scale leaves 1 ± the deadband)"

/// Walks the YAML tree, collecting every error.
struct ConfigDecoder {
    var errors: [ConfigError] = []
    var warnings: [ConfigWarning] = []

    mutating func error(_ message: String, at location: SourceLocation) {
        errors.append(ConfigError(message, at: location))
    }

    mutating func decodeRoot(_ root: YAMLNode) -> Config {
        var settings = RecognizerSettings()
        var bindings: [Binding] = []
        var animation = SpringParameters.niriWindowMovement
        var dragExplicit = false
        var input = InputSection()
        guard case .mapping(let entries, _) = root else {
            if case .scalar(let s, _) = root, s.isEmpty { return .empty }
            error("the config must be a mapping with 'settings' and 'bindings', not \(root.kindDescription)", at: root.location)
            return .empty
        }
        // Settings first, wherever they stand in the file: bindings merge their overrides
        // onto the final global settings.
        for entry in entries {
            switch entry.key {
            case "settings": dragExplicit = decodeSettings(entry.value, into: &settings)
            case "animation": if let spring = decodeAnimation(entry.value) { animation = spring }
            case "bindings": break
            case "input": input = decodeInput(entry.value)
            default: unknownKey(entry.key, at: entry.keyLocation, expected: ConfigKeys.root)
            }
        }
        for entry in entries where entry.key == "bindings" {
            guard case .sequence(let items, _) = entry.value else {
                if case .scalar(let s, _) = entry.value, s.isEmpty { continue }
                error("'bindings' must be a list of mappings (each starting with '- gesture:'), not \(entry.value.kindDescription)", at: entry.value.location)
                continue
            }
            for item in items {
                if let binding = decodeBinding(item, global: settings) { bindings.append(binding) }
            }
        }
        reportDuplicates(bindings)
        reportTouchesTheAppAlsoGets(bindings)
        reportBindingsUnderDrags(bindings)
        reportGesturesLibinputNeverMakes(bindings)
        var config = Config(settings: settings, bindings: bindings, isLongPressDragExplicit: dragExplicit)
        config.animation = animation
        config.warnings = warnings
        config.opensTouchscreens = input.opensTouchscreens
        config.touchscreenTransform = input.touchscreenTransform
        config.touchscreenOutput = input.touchscreenOutput
        return config
    }

    /// The `input:` section's values.
    struct InputSection {
        var opensTouchscreens = false
        var touchscreenTransform: TouchTransform?
        var touchscreenOutput: String?
    }

    /// Decodes `input: {touchscreens: BOOL, touchscreen-transform: auto|DEGREES, touchscreen-output: NAME}`.
    mutating func decodeInput(_ node: YAMLNode) -> InputSection {
        var input = InputSection()
        guard case .mapping(let fields, _) = node else {
            error("'input' must be a mapping (\(ConfigKeys.input.joined(separator: ", "))), not \(node.kindDescription)", at: node.location)
            return input
        }
        for field in fields {
            switch field.key {
            case "touchscreens": input.opensTouchscreens = boolean(field.value, field.key) ?? false
            case "touchscreen-transform":
                guard let text = scalar(field.value, field.key) else { continue }
                if text == "auto" {
                    input.touchscreenTransform = nil
                } else if let degrees = Int(text), let value = TouchTransform(rawValue: degrees) {
                    input.touchscreenTransform = value
                } else {
                    error("'touchscreen-transform' is 'auto' (follow the output's wl_output transform) or the output's rotation: 0, 90, 180 or 270, not '\(text)'",
                          at: field.value.location)
                }
            case "touchscreen-output":
                guard let text = scalar(field.value, field.key) else { continue }
                if text.isEmpty {
                    error("'touchscreen-output' is an output's name (as `swaymsg -t get_outputs` or `wlr-randr` shows it, e.g. eDP-1), not empty",
                          at: field.value.location)
                } else {
                    input.touchscreenOutput = text
                }
            default: unknownKey(field.key, at: field.keyLocation, expected: ConfigKeys.input)
            }
        }
        return input
    }

    /// Two bindings with the same gesture, mode, app and settings both run on every such
    /// gesture: that is how one gesture runs two actions, but more often a copy left behind,
    /// so each later one is a warning naming both places. (Bindings that differ in settings
    /// are not repeats: long-press tiers differ in `duration`, on-threshold stages in `threshold`.)
    mutating func reportDuplicates(_ bindings: [Binding]) {
        var first: [BindingRule: Int] = [:]
        for (index, binding) in bindings.enumerated() {
            let rule = binding.rule
            guard let earlier = first[rule] else { first[rule] = index; continue }
            let app = rule.app.map { "app '\($0)'" } ?? "every app"
            warnings.append(ConfigWarning("duplicate binding: \(rule.gesture) in \(rule.mode.rawValue) mode for \(app) is also bound at \(bindings[earlier].location): "
                                          + "both actions run on every such gesture (remove one if that is not meant)", at: binding.location))
        }
    }

    /// A drag shares the strokes of its fingers with their swipe bindings: each stroke is judged
    /// by its speed (``PointerDrag``: a quick swipe is theirs, a slow or resting move the drag's).
    /// A second drag of the same fingers would press a second button on the same stroke, and a
    /// long-press-drag of them wants the rest-then-move that is the drag's: both are errors at
    /// the later binding, naming the drag.
    mutating func reportBindingsUnderDrags(_ bindings: [Binding]) {
        for (index, binding) in bindings.enumerated() {
            let fingers = binding.gesture.fingerCount
            guard binding.gesture.device == .touchpad else { continue }
            switch binding.gesture.gesture {
            case .swipe where binding.rule.drag != nil, .longPressDrag: break
            case .swipe, .pinch, .rotate, .hold, .longPress, .tap, .doubleTap, .edgeSwipe: continue
            }
            guard let dragIndex = bindings.indices.first(where: { other in
                guard other != index, bindings[other].rule.drag != nil,
                      bindings[other].gesture.undirected == .touchpad(.swipe(nil), fingers: fingers) else { return false }
                return binding.rule.drag == nil || other < index
            }) else { continue }
            let drag = "'\(bindings[dragIndex].action.summary)' at \(bindings[dragIndex].location)"
            let clash = binding.rule.drag != nil
                ? "\(drag) already presses a button on every \(fingers)-finger stroke that is not a quick swipe"
                : "a rest then a move of \(fingers) fingers is the drag's (\(drag))"
            error("\(binding.gesture): \(clash); bind another finger count", at: binding.location)
        }
    }

    mutating func unknownKey(_ key: String, at location: SourceLocation, expected: [String]) {
        error("unknown key '\(key)' (expected \(expected.joined(separator: ", ")))" + didYouMean(key, among: expected), at: location)
    }

    /// Returns true if `long-press: {then-drag: …}` was given (or its old spelling `drag`).
    mutating func decodeSettings(_ node: YAMLNode, into settings: inout RecognizerSettings) -> Bool {
        guard case .mapping(let entries, _) = node else {
            error("'settings' must be a mapping (swipe, pinch, rotate, long-press), not \(node.kindDescription)", at: node.location)
            return false
        }
        var dragExplicit = false
        for entry in entries {
            guard case .mapping(let fields, _) = entry.value else {
                if ConfigKeys.settings.contains(entry.key) {
                    error("'\(entry.key)' must be a mapping of thresholds, not \(entry.value.kindDescription)", at: entry.value.location)
                } else {
                    unknownKey(entry.key, at: entry.keyLocation, expected: ConfigKeys.settings)
                }
                continue
            }
            for field in fields {
                switch entry.key {
                case "swipe": decodeSwipe(field.key, field.value, field.keyLocation, &settings.swipe)
                case "pinch": decodePinch(field.key, field.value, field.keyLocation, &settings.pinch)
                case "rotate": decodeRotate(field.key, field.value, field.keyLocation, &settings.rotate)
                case "long-press":
                    if field.key == "then-drag" || field.key == "drag" { dragExplicit = true }
                    decodeLongPress(field.key, field.value, field.keyLocation, &settings.longPress)
                case "hold": decodeHold(field.key, field.value, field.keyLocation, &settings.hold)
                case "drag": decodeDrag(field.key, field.value, field.keyLocation, &settings.drag)
                case "tap", "touch-long-press", "touch-swipe", "touch-pinch":
                    decodeTouch(entry.key, field.key, field.value, field.keyLocation, &settings.touch)
                default:
                    unknownKey(entry.key, at: entry.keyLocation, expected: ConfigKeys.settings)
                }
            }
        }
        return dragExplicit
    }

    mutating func decodeSwipe(_ key: String, _ value: YAMLNode, _ at: SourceLocation, _ s: inout SwipeSettings) {
        switch key {
        case "threshold": s.threshold.deltaUnits = number(value, key, positive: true) ?? s.threshold.deltaUnits
        case "velocity": s.velocity.deltaUnits = number(value, key, positive: true) ?? s.velocity.deltaUnits
        case "flick-distance": s.flickMinimumDistance.deltaUnits = number(value, key, positive: false) ?? s.flickMinimumDistance.deltaUnits
        case "diagonals": s.diagonals = boolean(value, key) ?? s.diagonals
        case "direction-lock": s.directionLock = boolean(value, key) ?? s.directionLock
        case "lock-distance": s.lockDistance.deltaUnits = number(value, key, positive: true) ?? s.lockDistance.deltaUnits
        case "repeat-distance": s.repeatDistance.deltaUnits = number(value, key, atLeast: 1, unit: " unit") ?? s.repeatDistance.deltaUnits
        case "commit-velocity": s.commitVelocity.deltaUnits = number(value, key, positive: false, atMost: longestCommitVelocity, unit: " units/s (8000 is the fastest velocity measured)") ?? s.commitVelocity.deltaUnits
        case "commit-window": s.commitWindow = commitWindow(value, key) ?? s.commitWindow
        default: unknownKey(key, at: at, expected: ConfigKeys.swipe)
        }
    }

    mutating func decodePinch(_ key: String, _ value: YAMLNode, _ at: SourceLocation, _ s: inout PinchSettings) {
        switch key {
        case "in":
            if let v = number(value, key, positive: true) {
                if v < 1 { s.inScale = v } else { error("'in' is the scale a closing pinch reaches: it must be below 1 (e.g. 0.8), not \(formatCompact(v))", at: value.location) }
            }
        case "out":
            if let v = number(value, key, positive: true) {
                if v > 1 { s.outScale = v } else { error("'out' is the scale a spreading pinch reaches: it must be above 1 (e.g. 1.25), not \(formatCompact(v))", at: value.location) }
            }
        case "deadband":
            s.directionDeadband = number(value, key, positive: true, atMost: widestPinchDeadband, unit: pinchDeadbandMeaning) ?? s.directionDeadband
        case "swipe-scale-tolerance": s.swipeScaleTolerance = number(value, key, positive: true) ?? s.swipeScaleTolerance
        case "repeat-scale": s.repeatScale = number(value, key, atLeast: 1.001, unit: " (1.1 fires every 10 %)") ?? s.repeatScale
        case "commit-dominance": s.commitDominance = number(value, key, positive: false, atMost: largestCommitDominance) ?? s.commitDominance
        case "commit-window": s.commitWindow = commitWindow(value, key) ?? s.commitWindow
        case "commit": s.commit = commitTime(value, key) ?? s.commit
        default: unknownKey(key, at: at, expected: ConfigKeys.pinch)
        }
    }

    mutating func decodeRotate(_ key: String, _ value: YAMLNode, _ at: SourceLocation, _ s: inout RotateSettings) {
        switch key {
        case "threshold": s.threshold = number(value, key, positive: true) ?? s.threshold
        case "begin-angle": s.beginAngle = number(value, key, positive: true) ?? s.beginAngle
        case "repeat-angle": s.repeatAngle = number(value, key, atLeast: 0.1, unit: " degrees") ?? s.repeatAngle
        case "commit-dominance": s.commitDominance = number(value, key, positive: false, atMost: largestCommitDominance) ?? s.commitDominance
        case "commit-window": s.commitWindow = commitWindow(value, key) ?? s.commitWindow
        default: unknownKey(key, at: at, expected: ConfigKeys.rotate)
        }
    }

    mutating func decodeLongPress(_ key: String, _ value: YAMLNode, _ at: SourceLocation, _ s: inout LongPressSettings) {
        switch key {
        case "duration": s.minimumDuration = number(value, key, positive: true, atMost: longestDuration, unit: " s (a day)") ?? s.minimumDuration
        case "tolerance": s.maximumDistance.deltaUnits = number(value, key, positive: false) ?? s.maximumDistance.deltaUnits
        case "then-drag": s.dragEnabled = boolean(value, key) ?? s.dragEnabled
        case "drag":
            oldThenDrag(section: "long-press", at: at)
            s.dragEnabled = boolean(value, key) ?? s.dragEnabled
        default: unknownKey(key, at: at, expected: ConfigKeys.longPress)
        }
    }

    /// `drag` in a long-press section: the spelling before `then-drag`, read as before with a
    /// warning naming the new one, since `drag` now means only the pointer drag (`drag: left`
    /// and `settings: {drag: …}`).
    mutating func oldThenDrag(section: String, at location: SourceLocation) {
        warnings.append(ConfigWarning("'drag' in '\(section)' is now spelled 'then-drag' (whether a rest then a swipe is a \(section)-drag; "
                                      + "'drag' names only the pointer drag): read as before, rename it", at: location))
    }

    mutating func decodeHold(_ key: String, _ value: YAMLNode, _ at: SourceLocation, _ s: inout HoldSettings) {
        switch key {
        case "minimum-duration": s.minimumDuration = number(value, key, positive: true, atMost: longestDuration, unit: " s (a day)") ?? s.minimumDuration
        default: unknownKey(key, at: at, expected: ConfigKeys.hold)
        }
    }

    mutating func decodeDrag(_ key: String, _ value: YAMLNode, _ at: SourceLocation, _ s: inout DragSettings) {
        switch key {
        case "lift-timeout":
            s.liftTimeout = number(value, key, positive: false, atMost: DragSettings.longestLiftTimeout,
                                   unit: " s (longer, a finished drag would hold its button until it times out)") ?? s.liftTimeout
        case "lock":
            guard let text = scalar(value, key) else { return }
            let names = DragLock.allCases.map(\.rawValue)
            if let lock = DragLock(rawValue: text.trimmingSpaces) { s.lock = lock } else {
                error("'lock' is what holds a drag's button after its fingers lift: timeout (until 'lift-timeout' passes) or sticky "
                      + "(until the next tap), not '\(text)'" + didYouMean(text.trimmingSpaces, among: names), at: value.location)
            }
        case "quick-swipe-distance":
            s.quickSwipeDistance = number(value, key, atLeast: 1, unit: " unit") ?? s.quickSwipeDistance
        case "quick-swipe-time":
            s.quickSwipeTime = number(value, key, positive: true, atMost: DragSettings.longestQuickSwipeTime,
                                      unit: " s (longer, every drag beside swipe bindings would press late enough to feel)") ?? s.quickSwipeTime
        default: unknownKey(key, at: at, expected: ConfigKeys.drag)
        }
    }

    mutating func decodeBinding(_ node: YAMLNode, global: RecognizerSettings) -> Binding? {
        guard case .mapping(let entries, let start) = node else {
            error("each binding must be a mapping with 'gesture:' and one action key, not \(node.kindDescription)", at: node.location)
            return nil
        }
        var gesture: GestureName?
        var mode = FireMode.onEnd
        var modeLocation: SourceLocation?
        var app: String?
        // Each action with where its key and its value are written.
        var actions: [(Action, SourceLocation, value: SourceLocation)] = []
        var settings = global
        var overrides: [(String, YAMLNode, SourceLocation)] = []
        var bindingAnimation: SpringParameters?
        // `consume:` as written, with where its key is.
        var consume: (value: Bool, at: SourceLocation)?
        var ok = true
        // An action key whose value was wrong already has its error: no "has no action" too.
        var sawActionKey = false
        for entry in entries {
            switch entry.key {
            case "gesture":
                guard let text = scalar(entry.value, "gesture") else { ok = false; continue }
                do { gesture = try GestureName(parsing: text) } catch {
                    self.error("bad gesture '\(text)': \(error)", at: entry.value.location)
                    ok = false
                }
            case "mode":
                guard let text = scalar(entry.value, "mode") else { ok = false; continue }
                modeLocation = entry.value.location
                if let m = FireMode(rawValue: text) { mode = m } else {
                    let names = FireMode.allCases.map(\.rawValue)
                    error("unknown mode '\(text)' (expected \(names.joined(separator: ", ")))" + didYouMean(text, among: names), at: entry.value.location)
                    ok = false
                }
            case "app":
                app = scalar(entry.value, "app")
            case "animation":
                if let spring = decodeAnimation(entry.value) { bindingAnimation = spring } else { ok = false }
            case "consume":
                if let value = boolean(entry.value, "consume") { consume = (value, entry.keyLocation) } else { ok = false }
            default:
                guard let kind = ActionKind(name: entry.key) else {
                    overrides.append((entry.key, entry.value, entry.keyLocation))
                    continue
                }
                sawActionKey = true
                if let action = decodeAction(kind, entry.value) {
                    actions.append((action, entry.keyLocation, value: entry.value.location))
                } else {
                    ok = false
                }
            }
        }
        guard let gesture else {
            // Without a gesture no override key is known: each other key is named against the
            // binding's own keys, so `gestrue:` gets its did-you-mean.
            var namedGesture = false
            for (key, _, location) in overrides {
                unknownKey(key, at: location, expected: ConfigKeys.binding)
                if closest(key, among: ConfigKeys.binding) == "gesture" { namedGesture = true }
            }
            if ok && !namedGesture { error("binding has no 'gesture:' (e.g. 'gesture: swipe:3:left')", at: start) }
            return nil
        }
        // Setting overrides are the keys of the gesture's own settings section; anything else
        // is a typo of a binding key or of one of those (`exce:`, `kyes:`, `mdoe:`).
        let overrideKeys = ConfigKeys.overrides(for: gesture)
        for (key, value, location) in overrides {
            if key == "then-drag" && gesture.isLongPressKind {
                // A touch long press's `then-drag` is the touch-long-press section's, not the touchpad's.
                let section = GestureName.keyword(.longPress, on: gesture.device)
                let drag = GestureName.keyword(.longPressDrag, on: gesture.device)
                error("'then-drag' is a global setting (whether a rest then a swipe is a \(drag), for every binding): "
                      + "write it under 'settings: {\(section): {then-drag: …}}'", at: location)
                ok = false
                continue
            }
            guard overrideKeys.contains(key) else {
                let expected = ConfigKeys.binding + overrideKeys
                unknownKey(key, at: location, expected: expected)
                // A mistyped action key already has its error: no "has no action" too.
                if let suggestion = closest(key, among: expected), ConfigKeys.actions.contains(suggestion) { sawActionKey = true }
                ok = false
                continue
            }
            if let section = ConfigKeys.touchSection(for: gesture) {
                decodeTouch(section, key, value, location, &settings.touch)
                continue
            }
            switch gesture.gesture {
            case .swipe: decodeSwipe(key, value, location, &settings.swipe)
            case .pinch: decodePinch(key, value, location, &settings.pinch)
            case .rotate: decodeRotate(key, value, location, &settings.rotate)
            case .longPress, .longPressDrag: decodeLongPress(key, value, location, &settings.longPress)
            case .hold: decodeHold(key, value, location, &settings.hold)
            case .tap, .doubleTap, .edgeSwipe: break  // Touchscreen gestures: sectioned above.
            }
        }
        switch actions.count {
        case 0:
            if sawActionKey { return nil }
            error("binding for \(gesture) has no action (expected one of: \(ConfigKeys.actions.joined(separator: ", ")))", at: start)
            return nil
        case 1:
            break
        default:
            error("binding for \(gesture) has \(actions.count) actions; give exactly one", at: actions[1].1)
            return nil
        }
        guard ok else { return nil }
        var drag: DragSettings?
        if case .drag = actions[0].0 {
            // No swipe setting changes what a drag does (its strokes are told from quick swipes
            // by its own settings), so one written on it is refused rather than ignored.
            if let first = overrides.first {
                let (key, _, location) = first
                error("'\(key)' is a swipe setting, which a 'drag' does not use: remove it; the drag's own settings "
                      + "(\(ConfigKeys.drag.joined(separator: ", "))) are global, under 'settings: {drag: …}'",
                      at: location)
                return nil
            }
            guard let settings = validateDrag(gesture: gesture, mode: mode, modeLocation: modeLocation, app: app,
                                              global: global, at: actions[0].1) else { return nil }
            drag = settings
            mode = .continuous
        }
        if let consume {
            guard validateConsume(consume.value, gesture: gesture, isDrag: drag != nil, at: consume.at) else { return nil }
        }
        if case .reorder = actions[0].0 {
            if gesture.gesture.kind != .longPressDrag {
                error("'reorder' belongs to a long-press-drag gesture (e.g. 'gesture: long-press-drag:3' or "
                      + "'touch-long-press-drag:3'), not \(gesture)", at: actions[0].1)
                return nil
            }
        }
        if case .windowMotion = actions[0].0 {
            // A swipe moves the window, a pinch scales it; both follow the fingers.
            let follows = gesture.gesture.kind == .swipe || gesture.gesture.kind == .pinch
            guard gesture.device == .touchpad, follows, mode == .continuous else {
                error("'window-motion' follows the fingers: it needs a swipe (moves the window) or a pinch (scales it) "
                      + "in continuous mode (e.g. 'gesture: swipe:4' or 'gesture: pinch:2' with 'mode: continuous'), "
                      + "not \(gesture) in \(mode.rawValue) mode", at: actions[0].1)
                return nil
            }
        }
        if case .session(.workspace(let workspace)) = actions[0].0 {
            let isSwipe = gesture.device == .touchpad && gesture.gesture.kind == .swipe
            if mode == .continuous, !isSwipe {
                error("'workspace' in continuous mode follows the fingers: it needs a swipe gesture (e.g. 'gesture: swipe:3'), "
                      + "not \(gesture); other modes switch once the binding fires", at: actions[0].1)
                return nil
            }
            if workspace.swayCommand == nil {
                warnings.append(ConfigWarning("'workspace: \(workspace.direction.rawValue)' moves on a grid of workspaces, which only the "
                                              + "gesto-wayfire plugin has: gestod cannot perform it (sway's workspaces are a list, "
                                              + "use next or previous), so under gestod this binding is inactive", at: actions[0].1))
            }
        }
        var binding = Binding(gesture: gesture, mode: mode, action: actions[0].0, settings: settings, app: app,
                              location: node.location, actionLocation: actions[0].value, animation: bindingAnimation)
        binding.rule.drag = drag
        // A drag always consumes: its fingers move the pointer, and the desktop must not act on
        // the same swipe.
        binding.consumes = drag != nil || consume?.value == true
        return binding
    }

    /// Checks a `consume:` key: only touchpad gestures can be withheld (gesto-inputd proxies
    /// touchpads only), and a drag cannot give its fingers back. Returns false with the error
    /// recorded.
    mutating func validateConsume(_ value: Bool, gesture: GestureName, isDrag: Bool, at location: SourceLocation) -> Bool {
        guard gesture.touchpadFingerCount != nil else {
            error("'consume' withholds touchpad gestures from the compositor (through gesto-inputd, which proxies touchpads "
                  + "only): \(gesture) is a touchscreen gesture and cannot be consumed", at: location)
            return false
        }
        if isDrag && !value {
            error("a 'drag' always consumes its fingers (the desktop must not act on the swipe that moves the pointer): "
                  + "remove 'consume: false'", at: location)
            return false
        }
        return true
    }

    /// Checks a `drag:` binding: an undirected touchpad swipe of 3 or more fingers (libinput
    /// reports two moving fingers as scrolling, never as a swipe), in continuous mode or none
    /// given, for every app. Returns its settings, or nil with the error recorded.
    mutating func validateDrag(gesture: GestureName, mode: FireMode, modeLocation: SourceLocation?, app: String?,
                               global: RecognizerSettings, at location: SourceLocation) -> DragSettings? {
        let fingers = gesture.fingerCount
        guard gesture.device == .touchpad, case .swipe(let direction) = gesture.gesture, fingers >= 3 else {
            error("'drag' follows the fingers of a touchpad swipe of 3 or more fingers (e.g. 'gesture: swipe:3'), not \(gesture)",
                  at: location)
            return nil
        }
        if direction != nil {
            error("'drag' follows the swipe in every direction: write 'gesture: swipe:\(fingers)', without a direction", at: location)
            return nil
        }
        if let modeLocation, mode != .continuous {
            error("'drag' holds its button for as long as the fingers move: it has no mode but continuous, not \(mode.rawValue)",
                  at: modeLocation)
            return nil
        }
        if app != nil {
            error("'drag' holds the button wherever the pointer is: it cannot be limited to an app", at: location)
            return nil
        }
        return global.drag
    }

    /// Decodes the value of an action key of `kind`; nil (with errors recorded) if it is wrong.
    mutating func decodeAction(_ kind: ActionKind, _ value: YAMLNode) -> Action? {
        switch kind {
        case .exec:
            guard let command = scalar(value, kind.name) else { return nil }
            if command.allSatisfy({ $0 == " " || $0 == "\t" }) {
                error("'exec' needs a command to run", at: value.location)
                return nil
            }
            return .exec(command)
        case .keys: return decodeKeys(value).map { .session(.keys($0)) }
        case .window: return decodeWindowOperation(value).map { .session(.window($0)) }
        case .sway: return decodeSwayCommand(value).map { .session(.sway($0)) }
        case .hyprland: return decodeHyprlandDispatch(value).map { .session(.hyprland($0)) }
        case .workspace: return decodeWorkspace(value).map { .session(.workspace($0)) }
        case .reorder: return decodeReorder(value).map { .reorder($0) }
        case .windowMotion: return decodeWindowMotion(value).map { .windowMotion($0) }
        case .drag: return decodeDragButton(value).map { .drag($0) }
        }
    }

    /// Decodes a `drag:` value: the button to hold.
    mutating func decodeDragButton(_ value: YAMLNode) -> DragButton? {
        guard let text = scalar(value, ActionKind.drag.name) else { return nil }
        let trimmed = text.trimmingSpaces
        if let button = DragButton(rawValue: trimmed) { return button }
        let names = DragButton.allCases.map(\.rawValue)
        var message = "'drag' holds a pointer button: \(names.joined(separator: ", ")), not '\(text)'"
        if ["true", "false", "yes", "no", "on", "off"].contains(trimmed.lowercased()) {
            message += " (whether a rest then a swipe is a long-press-drag is the setting 'then-drag: \(trimmed)' under "
                + "'settings: {long-press: …}' or 'settings: {touch-long-press: …}')"
        } else {
            message += didYouMean(trimmed, among: names)
        }
        error(message, at: value.location)
        return nil
    }

    /// Decodes a `keys:` value. Key names are checked here only for shape; whether xkbcommon
    /// knows them is checked by GestoWayland's `KeyCombination`.
    mutating func decodeKeys(_ value: YAMLNode) -> String? {
        guard let text = scalar(value, ActionKind.keys.name) else { return nil }
        let trimmed = text.trimmingSpaces
        let parts = trimmed.split(separator: "+", omittingEmptySubsequences: false)
        guard !trimmed.isEmpty, !parts.contains(where: { $0.trimmingSpaces.isEmpty }) else {
            error("'keys' needs key names joined by '+' (e.g. 'super+shift+Right'), not '\(text)'", at: value.location)
            return nil
        }
        return trimmed
    }

    /// Decodes a `window:` value.
    mutating func decodeWindowOperation(_ value: YAMLNode) -> WindowOperation? {
        guard let text = scalar(value, ActionKind.window.name) else { return nil }
        let trimmed = text.trimmingSpaces
        guard let operation = WindowOperation(rawValue: trimmed) else {
            let names = WindowOperation.allCases.map(\.rawValue)
            error("unknown window operation '\(text)' (expected \(names.joined(separator: ", ")))" + didYouMean(trimmed, among: names), at: value.location)
            return nil
        }
        return operation
    }

    /// Decodes a `sway:` value.
    mutating func decodeSwayCommand(_ value: YAMLNode) -> String? {
        guard let text = scalar(value, ActionKind.sway.name) else { return nil }
        let trimmed = text.trimmingSpaces
        guard !trimmed.isEmpty else {
            error("'sway' needs a sway command (e.g. 'workspace next')", at: value.location)
            return nil
        }
        return trimmed
    }

    /// Decodes a `hyprland:` value: what Hyprland's `dispatch` request takes, which gesto
    /// passes on as written (Hyprland checks it when it runs it).
    mutating func decodeHyprlandDispatch(_ value: YAMLNode) -> String? {
        guard let text = scalar(value, ActionKind.hyprland.name) else { return nil }
        let trimmed = text.trimmingSpaces
        guard !trimmed.isEmpty else {
            error("'hyprland' needs what Hyprland's dispatch takes (e.g. 'hl.dsp.focus({ workspace = \"+1\" })' "
                  + "on Hyprland 0.57, whose config is Lua)", at: value.location)
            return nil
        }
        return trimmed
    }

    /// Decodes an `animation:` mapping of spring options (the names `gestoctl motion` takes:
    /// response, damping-fraction, duration, bounce, damping-ratio, stiffness, mass, damping,
    /// epsilon); nil with the error recorded at the mapping.
    mutating func decodeAnimation(_ node: YAMLNode) -> SpringParameters? {
        guard case .mapping(let entries, let start) = node else {
            error("'animation' must be a mapping of spring options (e.g. {response: 0.35, damping-fraction: 0.8}), not \(node.kindDescription)", at: node.location)
            return nil
        }
        var options: [String: Double] = [:]
        for entry in entries {
            guard SpringParameters.optionNames.contains(entry.key) else {
                unknownKey(entry.key, at: entry.keyLocation, expected: SpringParameters.optionNames)
                return nil
            }
            // Signs are checked by the spring itself (a bounce may be negative).
            guard let text = scalar(entry.value, entry.key) else { return nil }
            guard let value = Double(text), value.isFinite else {
                error("'\(entry.key)' must be a number, not '\(text)'", at: entry.value.location)
                return nil
            }
            if ["duration", "response"].contains(entry.key), value > longestDuration {
                error("'\(entry.key)' must be at most \(formatCompact(longestDuration)) s (a day), not \(text)", at: entry.value.location)
                return nil
            }
            options[entry.key] = value
        }
        do {
            return try SpringParameters(parsing: options)
        } catch {
            self.error("bad animation spring: \(error)", at: start)
            return nil
        }
    }

    /// A scalar's text; nil with the error recorded for a collection, or for text with a NUL
    /// (`"\0"` in double quotes): commands and names end at a NUL, so `exec` would show one
    /// command and run another.
    mutating func scalar(_ node: YAMLNode, _ key: String) -> String? {
        guard case .scalar(let text, _) = node else {
            error("'\(key)' must be a single value, not \(node.kindDescription)", at: node.location)
            return nil
        }
        guard !text.utf8.contains(0) else {
            error("'\(key)' must not contain a NUL character (\\0): everything after it would be lost", at: node.location)
            return nil
        }
        return text
    }

    /// A finite number above 0 (`positive`) or at least 0, and at most `maximum` (`unit`
    /// follows the maximum in the message); nil with the error recorded at the value.
    mutating func number(_ node: YAMLNode, _ key: String, positive: Bool,
                         atMost maximum: Double = .infinity, unit: String = "") -> Double? {
        guard let text = scalar(node, key) else { return nil }
        guard let value = Double(text), value.isFinite else {
            error("'\(key)' must be a number, not '\(text)'", at: node.location)
            return nil
        }
        if positive ? value <= 0 : value < 0 {
            error("'\(key)' must be \(positive ? "above" : "at least") 0, not \(text)", at: node.location)
            return nil
        }
        guard value <= maximum else {
            error("'\(key)' must be at most \(formatCompact(maximum))\(unit), not \(text)", at: node.location)
            return nil
        }
        return value
    }

    /// A number of at least `minimum` (repeat steps: a smaller one would fire without end);
    /// `unit` follows the minimum in the message.
    mutating func number(_ node: YAMLNode, _ key: String, atLeast minimum: Double, unit: String) -> Double? {
        guard let value = number(node, key, positive: true) else { return nil }
        guard value >= minimum else {
            error("'\(key)' must be at least \(formatCompact(minimum))\(unit), not \(formatCompact(value, maxDecimals: 6))", at: node.location)
            return nil
        }
        return value
    }

    /// A commitment window: seconds from 0 to ``longestCommitWindow``.
    mutating func commitWindow(_ node: YAMLNode, _ key: String) -> Double? {
        number(node, key, positive: false, atMost: longestCommitWindow, unit: " s")
    }

    /// When a pinch commits: `early` or `lift`.
    mutating func commitTime(_ node: YAMLNode, _ key: String) -> CommitTime? {
        guard let text = scalar(node, key) else { return nil }
        guard let time = CommitTime(rawValue: text) else {
            error("'\(key)' must be early (when the pinch is clear) or lift (at its end), not '\(text)'", at: node.location)
            return nil
        }
        return time
    }

    mutating func boolean(_ node: YAMLNode, _ key: String) -> Bool? {
        guard let text = scalar(node, key) else { return nil }
        switch text {
        case "true", "yes", "on": return true
        case "false", "no", "off": return false
        default:
            error("'\(key)' must be true or false, not '\(text)'", at: node.location)
            return nil
        }
    }
}

extension StringProtocol {
    /// The text without leading and trailing spaces and tabs.
    var trimmingSpaces: String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else { return "" }
        return String(self[first...last])
    }
}
