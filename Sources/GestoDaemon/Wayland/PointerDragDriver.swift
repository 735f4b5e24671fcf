// Carries out a drag's pointer effects (``Effect/press(_:)``, ``Effect/move(_:)``,
// ``Effect/release(_:)``, which GestoConfig's ``EffectPlanner`` decides: one release per press,
// the motion in both of libinput's units) through gesto-inputd's virtual mouse while gestod is
// linked to it (any compositor: GNOME and KDE offer clients no virtual pointer), else through the
// compositor's virtual pointer. What it remembers is only where each press went, so that the
// drag's motion and release go there too.
import GestoConfig
import GestoCore
import GestoSystem
import GestoWayland

/// The `drag:` bindings' pointer.
final class PointerDragDriver {
    /// Where a drag's events go: each press's motion and release go where the press went.
    enum Sink {
        /// gesto-inputd's uinput mouse.
        case inputProxy
        /// The compositor's wlr virtual pointer.
        case wayland
    }
    /// Per binding index: where its press went.
    private var sinks: [Int: Sink] = [:]
    /// gesto-inputd's link while it is up: the sink of new presses then.
    private let proxy: () -> InputProxyLink?
    /// Where the events go: the session's virtual pointer, or nil without a compositor.
    private let session: () -> WaylandSession?
    private let log: Log
    private let isDryRun: Bool
    /// Whether "no virtual pointer" was said (once per gestod: the compositor will not grow one).
    private var saidMissing = false

    init(log: Log, isDryRun: Bool, proxy: @escaping () -> InputProxyLink? = { nil }, session: @escaping () -> WaylandSession?) {
        self.log = log
        self.isDryRun = isDryRun
        self.proxy = proxy
        self.session = session
    }

    /// gesto-inputd's link ended: it released the buttons pressed through it itself.
    /// - Returns: The bindings whose presses went there, for the planner to forget
    ///   (``EffectPlanner/forget(bindingIndex:)``), so nothing is released twice.
    func inputProxyLinkEnded() -> [Int] {
        let released = sinks.filter { $0.value == .inputProxy }.map(\.key).sorted()
        for index in released { sinks[index] = nil }
        return released
    }

    /// Makes the virtual pointer now if `config` has a `drag:` binding (at connect and reload),
    /// so that the compositor announces its pointer to clients before the first press: a
    /// pointer device made by the press itself would deliver it before any client holds a
    /// wl_pointer (a session with no other pointer, a tablet's). Says once when it cannot.
    func prepare(for config: Config) {
        guard !isDryRun, config.bindings.contains(where: { $0.action.kind == .drag }), proxy() == nil,
              let session = session(), session.isConnected else { return }
        do { try session.prepareDragPointer() } catch { sayCannotRun(error) }
    }

    /// Carries out one of a drag's pointer effects for binding `index`; others are not this
    /// sink's and do nothing.
    /// - Returns: False when a press could not be sent (logged): the drag did not begin.
    @discardableResult
    func carryOut(_ effect: Effect, bindingIndex index: Int, _ gesture: RecognizedGesture) -> Bool {
        switch effect {
        case .press(let button):
            let sink: Sink = proxy() != nil ? .inputProxy : .wayland
            guard send(.press(button.code), to: sink, gesture) else { return false }
            sinks[index] = sink
            return true
        case .move(let motion):
            guard let sink = sinks[index] else { return false }
            return send(.motion(sink.delta(of: motion)), to: sink, gesture)
        case .release(let button):
            guard let sink = sinks.removeValue(forKey: index) else { return false }
            return send(.release(button.code), to: sink, gesture)
        case .run, .keys, .window, .swayCommand, .hyprlandDispatch, .switchWorkspace, .windowMotion, .workspaceMotion, .reorder:
            return false
        }
    }

    /// Sends `event` to `sink`; false when it could not be sent (logged, once for a missing protocol).
    private func send(_ event: PointerDragEvent, to sink: Sink, _ gesture: RecognizedGesture) -> Bool {
        if isDryRun {
            if case .motion = event { return true }
            log.info("would \(event.summary)", ["gesture": gesture.name.description, "phase": gesture.phase.name])
            return true
        }
        switch sink {
        case .inputProxy:
            // The motion is unaccelerated (``Sink/translation(of:)``). A link that ended
            // meanwhile released the button itself (``inputProxyLinkEnded()``).
            guard let link = proxy() else { return false }
            return link.send(.pointer(event))
        case .wayland:
            break
        }
        guard let session = session(), session.isConnected else {
            log.warning("drag: \(event.summary) not sent: no Wayland session", ["gesture": gesture.name.description])
            return false
        }
        do {
            try session.drag(event)
            return true
        } catch {
            if case .missingProtocol = error {
                sayCannotRun(error)
            } else {
                log.warning("drag: \(event.summary) failed: \(error)", ["gesture": gesture.name.description])
            }
            return false
        }
    }

    /// Says, once, that drags cannot run on this compositor, and what works instead.
    private func sayCannotRun(_ error: WaylandError) {
        guard !saidMissing else { return }
        saidMissing = true
        log.warning("drag: actions cannot run: \(error); this compositor offers no virtual pointer "
                    + "(sway, Hyprland, labwc, river and Wayfire do; inside Wayfire the gesto-wayfire plugin drags)")
    }
}

extension PointerDragDriver.Sink {
    /// The drag's motion in the units this sink moves by. The compositor's virtual pointer
    /// moves by libinput's accelerated deltas, the motion one finger would make. gesto-inputd's
    /// mouse moves by the unaccelerated ones: the compositor accelerates that mouse as any
    /// 1000-dpi mouse, and libinput's unaccelerated touchpad deltas are in those units, so the
    /// pointer moves about as it does under one finger instead of being accelerated twice.
    func delta(of motion: PointerMotion) -> Vector2 {
        switch self {
        case .inputProxy: motion.unacceleratedDelta
        case .wayland: motion.delta
        }
    }
}

extension PointerDragEvent {
    /// What the event does, for the log: "press button 272".
    var summary: String {
        switch self {
        case .press(let code): "press button \(code)"
        case .motion(let delta): "move the pointer by \(delta.x),\(delta.y)"
        case .release(let code): "release button \(code)"
        }
    }
}
