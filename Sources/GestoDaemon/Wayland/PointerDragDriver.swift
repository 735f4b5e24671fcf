// Carries out `drag:` firings through gesto-inputd's virtual mouse while gestod is linked to
// it (any compositor: GNOME and KDE offer clients no virtual pointer), else through the
// compositor's virtual pointer: the button goes down
// on the drag's `began`, the pointer moves by the change of the drag's translation on each
// `changed`, and the button comes up on its final report. The drag's verdicts are GestoCore's
// (`PointerDrag`); this only remembers, per binding, whether it pressed and where the pointer
// got to, so that a release is sent exactly once for each press, paused or not.
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
    /// One drag's press: the button, where it went, and the drag's translation at its last
    /// motion in the sink's units.
    private struct Press {
        var button: UInt32
        var sink: Sink
        var translation: Vector2
    }
    /// Per binding index: its press.
    private var held: [Int: Press] = [:]
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

    /// gesto-inputd's link ended: it released the buttons pressed through it itself, so those
    /// drags are forgotten here (their later reports send nothing, and nothing is released twice).
    func inputProxyLinkEnded() {
        held = held.filter { $0.value.sink != .inputProxy }
    }

    /// Whether any binding's button is down.
    var isHoldingButton: Bool { !held.isEmpty }

    /// Makes the virtual pointer now if `config` has a `drag:` binding (at connect and reload),
    /// so that the compositor announces its pointer to clients before the first press: a
    /// pointer device made by the press itself would deliver it before any client holds a
    /// wl_pointer (a session with no other pointer, a tablet's). Says once when it cannot.
    func prepare(for config: Config) {
        guard !isDryRun, config.bindings.contains(where: { $0.action.kind == .drag }), proxy() == nil,
              let session = session(), session.isConnected else { return }
        do { try session.prepareDragPointer() } catch { sayCannotRun(error) }
    }

    /// Performs one firing of a `drag: button` binding. `suppressed` (paused, locked) stops a
    /// new drag from pressing; a drag already pressed still moves to its release.
    /// - Returns: True when the firing pressed the button: a drag begun, counted as an action run.
    @discardableResult
    func handle(_ firing: BindingFiring<Action>, button: DragButton, suppressed: String?) -> Bool {
        let gesture = firing.gesture
        let index = firing.bindingIndex
        switch gesture.phase {
        case .began:
            guard suppressed == nil, held[index] == nil else { return false }
            let sink: Sink = proxy() != nil ? .inputProxy : .wayland
            guard send(.press(button.code), to: sink, gesture) else { return false }
            held[index] = Press(button: button.code, sink: sink, translation: sink.translation(of: gesture))
            return true
        case .changed:
            guard var press = held[index] else { return false }
            let translation = press.sink.translation(of: gesture)
            let delta = translation - press.translation
            press.translation = translation
            held[index] = press
            _ = send(.motion(delta), to: press.sink, gesture)
        case .ended, .failed, .cancelled:
            guard let state = held.removeValue(forKey: index) else { return false }
            _ = send(.release(state.button), to: state.sink, gesture)
        case .arming:
            break
        }
        return false
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
    /// The drag's travel in the units this sink moves by. The compositor's virtual pointer
    /// moves by libinput's accelerated deltas, the motion one finger would make. gesto-inputd's
    /// mouse moves by the unaccelerated ones: the compositor accelerates that mouse as any
    /// 1000-dpi mouse, and libinput's unaccelerated touchpad deltas are in those units, so the
    /// pointer moves about as it does under one finger instead of being accelerated twice.
    func translation(of gesture: RecognizedGesture) -> Vector2 {
        switch self {
        case .inputProxy: gesture.unacceleratedTranslation
        case .wayland: gesture.translation
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
