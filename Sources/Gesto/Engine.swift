// The state behind a `gesto_engine *`: GestoCore's RecognizerGroups (one recognizer group per
// distinct set of binding settings, and the matcher), fed as gestod feeds them, plus what a
// C caller needs around them: one record per binding (its tag and C strings with the rest),
// interned gesture names, the output queue and the callback.

import CGestoABI
import GestoConfig
import GestoCore
import Glibc

/// One delivery: a report (`bindingIndex` -1) or a binding firing, with the effects the
/// firing makes the host carry out.
struct EngineOutput {
    var gesture: RecognizedGesture
    var bindingIndex: Int
    var effects: [Effect] = []
    /// False for a suppressed firing delivered only for its effects (a disabled drag's
    /// motion): the gesture callback and queue do not get it.
    var isFiringDelivered = true
}

/// One binding as a C caller sees it: everything known of it, in one record. Its C strings are
/// owned by the engine and freed with it.
struct EngineBinding {
    /// When and for what it fires.
    let rule: BindingRule
    /// The config's action; nil for a binding added with `gesto_engine_add_binding`.
    let action: Action?
    /// The spring its animations settle with (its `animation:`, else the config's).
    let animation: SpringParameters
    /// The caller's tag (0 for config bindings).
    let tag: UInt64
    /// False when the host said it cannot perform it (it neither fires nor claims).
    var isEnabled = true
    /// Its gesture name and `app:` pattern as C strings.
    let gestureString: UnsafeMutablePointer<CChar>?
    let appString: UnsafeMutablePointer<CChar>?
    /// Its `exec:` command as a C string, or nil: session, reorder, window-motion and
    /// workspace actions are the host's to carry out (the binding still fires, with its index).
    let exec: UnsafeMutablePointer<CChar>?
    /// Its `sway:` command or `hyprland:` dispatch as a C string, or nil (the `command` of a
    /// GESTO_EFFECT_SWAY_COMMAND or GESTO_EFFECT_HYPRLAND_DISPATCH).
    let compositorCommand: UnsafeMutablePointer<CChar>?
    /// Its `keys:` keysym names as a C array of C strings (``KeyNames``), or nil.
    let keysyms: UnsafeMutableBufferPointer<UnsafePointer<CChar>?>?

    init(rule: BindingRule, action: Action?, animation: SpringParameters, tag: UInt64) {
        self.rule = rule
        self.action = action
        self.animation = animation
        self.tag = tag
        gestureString = strdup(rule.gesture.description)
        appString = rule.app.flatMap { strdup($0) }
        if case .exec(let command)? = action { exec = strdup(command) } else { exec = nil }
        switch action {
        case .session(.sway(let command))?, .session(.hyprland(let command))?: compositorCommand = strdup(command)
        default: compositorCommand = nil
        }
        if case .session(.keys(let combination))? = action {
            let names = KeyNames(combination).keysymNames
            let array = UnsafeMutableBufferPointer<UnsafePointer<CChar>?>.allocate(capacity: names.count)
            for (slot, name) in names.enumerated() { array[slot] = UnsafePointer(strdup(name)) }
            keysyms = array
        } else {
            keysyms = nil
        }
    }

    /// Frees the C strings.
    func free() {
        Glibc.free(gestureString)
        Glibc.free(appString)
        Glibc.free(exec)
        Glibc.free(compositorCommand)
        if let keysyms {
            for name in keysyms { Glibc.free(UnsafeMutablePointer(mutating: name)) }
            keysyms.deallocate()
        }
    }
}

/// A recognizer engine owned by C through an `Unmanaged` reference.
final class EngineBox {
    /// The global thresholds (the config's `settings`, or the defaults).
    private let settings: RecognizerSettings
    /// Whether the config switched long-press-drag on or off explicitly.
    private let isLongPressDragExplicit: Bool

    private(set) var engine: RecognizerGroups
    /// The bindings, in order: config bindings in file order, then added ones.
    var bindings: [EngineBinding] = []
    /// Each gesture name handed out, as a C string owned here (a small, bounded set).
    private var names: [GestureName: UnsafeMutablePointer<CChar>] = [:]

    /// Reports and firings waiting for `gesto_engine_next_gesture` (from `queueHead` on).
    private var queue: [EngineOutput] = []
    private var queueHead = 0

    var callback: gesto_gesture_callback?
    var userData: UnsafeMutableRawPointer?
    /// Receives each firing's effects (`gesto_engine_set_effect_callback`).
    var effectCallback: gesto_effect_callback?
    var effectUserData: UnsafeMutableRawPointer?
    /// What each firing makes the host do, and the drags' buttons that are down: a
    /// compositor plugin, where the workspaces follow the fingers.
    private var effects = EffectPlanner(host: .compositor)
    /// `GESTO_DELIVER_*` bits.
    var delivery = GESTO_DELIVER_REPORTS.rawValue | GESTO_DELIVER_FIRINGS.rawValue
    /// The focused application's app_id, for `app:` bindings.
    var focusedApp: String?
    /// Recovers unaccelerated deltas for callers that have only accelerated ones.
    var accelerationInverse = AccelerationInverse()
    /// True while outputs are being delivered to the callback: feeding calls are refused.
    private(set) var isDelivering = false

    /// An engine with `settings` and no bindings.
    init(settings: RecognizerSettings = RecognizerSettings(), isLongPressDragExplicit: Bool = false) {
        self.settings = settings
        self.isLongPressDragExplicit = isLongPressDragExplicit
        engine = RecognizerGroups(rules: [], settings: settings, isLongPressDragExplicit: isLongPressDragExplicit)
    }

    /// An engine for a decoded config, its bindings in file order.
    convenience init(config: Config) {
        self.init(settings: config.settings, isLongPressDragExplicit: config.isLongPressDragExplicit)
        bindings = config.bindings.indices.map { index in
            EngineBinding(rule: config.bindings[index].rule, action: config.bindings[index].action,
                          animation: config.animation(forBinding: index), tag: 0)
        }
        rebuild()
    }

    deinit {
        for binding in bindings { binding.free() }
        for name in names.values { free(name) }
    }

    // MARK: Bindings

    /// Adds a binding with the global thresholds; returns its index.
    func addBinding(_ gesture: GestureName, mode: FireMode, tag: UInt64) -> Int {
        let index = bindings.count
        bindings.append(EngineBinding(rule: BindingRule(gesture: gesture, mode: mode, settings: settings), action: nil,
                                      animation: .niriWindowMovement, tag: tag))
        rebuild()
        return index
    }

    /// Whether a binding may fire on a libinput sequence of `kind` with `fingers` fingers.
    func claims(_ kind: GestureKind, fingers: Int) -> Bool {
        bindings.contains { $0.isEnabled && $0.rule.claims(kind, fingers: fingers, focusedApp: focusedApp) }
    }

    /// Compiles the bindings into new recognizer groups. Only called while no gesture is in
    /// progress.
    private func rebuild() {
        engine = RecognizerGroups(rules: bindings.map(\.rule), settings: settings,
                                  isLongPressDragExplicit: isLongPressDragExplicit)
    }

    // MARK: Input

    /// Feeds one input and delivers its reports and firings.
    func feed(_ input: RecognizerInput) {
        deliverOutputs { emit in engine.handle(input, focusedApp: focusedApp, emit: emit) }
    }

    /// Releases every drag in progress (`gesto_engine_interrupt_drags`): its binding fires
    /// `cancelled`, interrupted (a drag's reports are no outcome: only the firing is delivered).
    func interruptDrags(at time: Timestamp) {
        deliverOutputs { emit in
            engine.interruptDrags(at: time) { made, source, _, match in
                var fired: [MatchedFiring] = []
                match(made) { fired.append($0) }
                emit(made, source, fired)
            }
        }
    }

    /// Runs `body`, which feeds the engine, and delivers what it emits: reports of the group
    /// that owns their gesture, firings of enabled bindings, as `delivery` asks, each with its
    /// effects. The matcher sees every report of every group, delivered or not: its
    /// per-gesture state needs them. A drag's motion and release follow its press whatever the
    /// host switched off since (``EffectPlanner``), so no button stays down.
    private func deliverOutputs(_ body: (_ emit: (RecognizedGesture, ReportSource, [MatchedFiring]) -> Void) -> Void) {
        var outputs: [EngineOutput] = []
        let reports = delivery & GESTO_DELIVER_REPORTS.rawValue != 0
        let firings = delivery & GESTO_DELIVER_FIRINGS.rawValue != 0
        body { gesture, source, fired in
            if reports && source.isOutcome { outputs.append(EngineOutput(gesture: gesture, bindingIndex: -1)) }
            for firing in fired {
                let index = firing.bindingIndex, binding = self.bindings[index]
                let isActive = firings && binding.isEnabled
                var planned: [Effect] = []
                if let action = binding.action {
                    self.effects.plan(BindingFiring(bindingIndex: index, action: action, gesture: firing.gesture),
                                      isContinuous: binding.rule.mode == .continuous, isSuppressed: !isActive) { planned.append($0) }
                }
                // A suppressed firing still does what it must: a drag's motion and release
                // (effects). As a firing, only the release is delivered (gesto.h: a disabled
                // drag's CHANGED firings stop at once, its final one comes).
                let releases = planned.contains { $0.kind == .release }
                guard isActive || !planned.isEmpty else { continue }
                outputs.append(EngineOutput(gesture: firing.gesture, bindingIndex: index, effects: planned,
                                            isFiringDelivered: isActive || releases))
            }
        }
        deliver(outputs)
    }

    /// The touchscreen's front end: its size in mm (`gesto_engine_set_touchscreen_size`; nil:
    /// percent) and its events made into samples.
    var touchscreen = TouchscreenFrontEnd()

    /// Feeds one touch event; the sample of each frame it completes goes to the recognizers.
    /// Repairs of bad touch input are the front end's (a C caller has no log to see them in).
    func feed(touch event: TouchEvent) {
        var samples: [ContactSample] = []
        touchscreen.handle(event, emit: { samples.append($0) }, diagnose: { _ in })
        for sample in samples { feed(.sample(sample)) }
    }

    /// Dispatches every deadline at or before `now`, each at its own time.
    func dispatchDeadlines(upTo now: Timestamp) {
        while let deadline = engine.nextDeadline, deadline <= now {
            feed(.deadline(deadline))
            // A recognizer that keeps its deadline after being fed it would loop forever.
            if engine.nextDeadline == deadline { break }
        }
    }

    // MARK: Output

    private func deliver(_ outputs: [EngineOutput]) {
        isDelivering = true
        defer { isDelivering = false }
        for output in outputs {
            let callsBack = output.isFiringDelivered && callback != nil
            let hasEffects = effectCallback != nil && !output.effects.isEmpty
            if output.isFiringDelivered && callback == nil { queue.append(output) }
            guard callsBack || hasEffects else { continue }
            // One record for the firing's callback and each of its effects.
            var record = self.record(output)
            if callsBack, let callback { callback(&record, userData) }
            guard hasEffects, let effectCallback else { continue }
            for effect in output.effects {
                withUnsafePointer(to: &record) { gesture in
                    var made = cEffect(effect, bindingIndex: output.bindingIndex, gesture: gesture)
                    effectCallback(&made, effectUserData)
                }
            }
        }
    }

    /// The C form of `effect`; its strings are the binding's, owned by the engine.
    private func cEffect(_ effect: Effect, bindingIndex: Int, gesture: UnsafePointer<gesto_recognized>) -> gesto_effect {
        var made = gesto_effect()
        made.size = UInt32(MemoryLayout<gesto_effect>.size)
        made.kind = effect.kind.rawValue
        made.binding_index = Int32(bindingIndex)
        made.gesture = gesture
        let binding = bindings[bindingIndex]
        switch effect {
        case .run:
            made.command = UnsafePointer(binding.exec)
        case .swayCommand, .hyprlandDispatch:
            made.command = UnsafePointer(binding.compositorCommand)
        case .keys:
            made.keysyms = UnsafePointer(binding.keysyms?.baseAddress)
            made.keysym_count = UInt32(binding.keysyms?.count ?? 0)
        case .window(let operation):
            made.window_operation = operation.cOperation.rawValue
        case .switchWorkspace(let workspace), .workspaceMotion(let workspace):
            let step = workspace.direction.gridStep
            made.workspace_dx = Int32(step.x)
            made.workspace_dy = Int32(step.y)
        case .press(let button), .release(let button):
            made.button = button.code
        case .move(let motion):
            made.dx = motion.delta.x
            made.dy = motion.delta.y
            made.unaccelerated_dx = motion.unacceleratedDelta.x
            made.unaccelerated_dy = motion.unacceleratedDelta.y
        case .windowMotion, .reorder:
            break  // The firing (`gesture`) is all the host's animation or reorder engine needs.
        }
        return made
    }

    /// Takes the oldest queued output.
    func dequeue() -> EngineOutput? {
        guard queueHead < queue.count else { return nil }
        let output = queue[queueHead]
        queueHead += 1
        if queueHead == queue.count {
            queue.removeAll(keepingCapacity: true)
            queueHead = 0
        } else if queueHead >= 256 && queueHead * 2 >= queue.count {
            queue.removeFirst(queueHead)
            queueHead = 0
        }
        return output
    }

    /// The C form of an output; its strings are owned by the engine.
    func record(_ output: EngineOutput) -> gesto_recognized {
        var record = makeRecord(output.gesture, name: cName(output.gesture.name))
        if output.bindingIndex >= 0 {
            let binding = bindings[output.bindingIndex]
            record.binding_index = Int32(output.bindingIndex)
            record.mode = cMode(binding.rule.mode)
            record.user_tag = binding.tag
            record.exec = UnsafePointer(binding.exec)
        }
        return record
    }

    /// The interned C string of `name` ("swipe:3:left").
    private func cName(_ name: GestureName) -> UnsafePointer<CChar> {
        if let existing = names[name] { return UnsafePointer(existing) }
        guard let copy = strdup(name.description) else {
            // Out of memory: an empty name rather than a NULL the caller does not expect.
            let empty: StaticString = ""
            return UnsafeRawPointer(empty.utf8Start).assumingMemoryBound(to: CChar.self)
        }
        names[name] = copy
        return UnsafePointer(copy)
    }
}

extension WindowOperation {
    /// The operation's `enum gesto_window_operation`.
    var cOperation: gesto_window_operation {
        switch self {
        case .activate: GESTO_WINDOW_ACTIVATE
        case .close: GESTO_WINDOW_CLOSE
        case .minimize: GESTO_WINDOW_MINIMIZE
        case .maximize: GESTO_WINDOW_MAXIMIZE
        case .fullscreen: GESTO_WINDOW_FULLSCREEN
        }
    }
}
