// Shows the feedback of `continuous` bindings on gestod's Wayland session: one FeedbackOverlay per
// binding (a PinchFeedbackOverlay for a `pinch:F:in|out` one), made on the binding's first report
// while the session is connected, fed every report of its stream. Its frames are dispatched with
// the session's descriptor; nothing runs while idle.
import GestoConfig
import GestoCore
import GestoWayland

/// The overlays of the continuous bindings, keyed by binding index.
public final class FeedbackOverlayDriver {
    private let session: WaylandSession
    private let log: Log
    private var overlays: [Int: FeedbackOverlay] = [:]
    private var pinchOverlays: [Int: PinchFeedbackOverlay] = [:]
    private var hasWarned = false

    /// Makes a driver with no overlay yet.
    public init(session: WaylandSession, log: Log) {
        self.session = session
        self.log = log
    }

    /// The overlay of binding `index`, if one was made.
    public func overlay(forBinding index: Int) -> FeedbackOverlay? { overlays[index] }

    /// The pinch overlay of binding `index`, if one was made.
    public func pinchOverlay(forBinding index: Int) -> PinchFeedbackOverlay? { pinchOverlays[index] }

    /// Feeds one report of a continuous binding's stream to its overlay (made on first use).
    /// Without a connection or layer-shell it does nothing (warned once).
    ///
    /// - Parameters:
    ///   - firing: The firing, whose gesture carries the stream's phase.
    ///   - binding: The binding that fired (its swipe threshold is progress 1).
    ///   - animation: The spring that takes over at the release (the binding's `animation:`,
    ///     else the config's; niri's window movement by default).
    public func show(_ firing: BindingFiring<Action>, of binding: Binding<Action>,
                     animation: SpringParameters = .niriWindowMovement) {
        guard session.isConnected, session.offeredVersion(of: .layerShell) != nil else {
            if !hasWarned { log.info("no overlay for continuous bindings: no layer-shell compositor connected") }
            hasWarned = true
            return
        }
        if case .pinch(_, let direction?) = binding.gesture {
            let overlay = pinchOverlays[firing.bindingIndex]
                ?? PinchFeedbackOverlay(session: session, feedback: PinchFeedback(direction: direction, parameters: animation))
            pinchOverlays[firing.bindingIndex] = overlay
            do {
                try overlay.handle(firing.gesture)
            } catch {
                log.warning("overlay: \(error)", ["binding": String(firing.bindingIndex)])
            }
            return
        }
        let overlay = overlays[firing.bindingIndex]
            ?? FeedbackOverlay(session: session, threshold: binding.settings.swipe.threshold, parameters: animation)
        overlays[firing.bindingIndex] = overlay
        do {
            try overlay.handle(firing.gesture)
        } catch {
            log.warning("overlay: \(error)", ["binding": String(firing.bindingIndex)])
        }
    }

    /// Drops every overlay (the config changed, so binding indices mean other bindings).
    public func reset() {
        for overlay in overlays.values { overlay.surface.unmap() }
        overlays = [:]
        for overlay in pinchOverlays.values { overlay.surface.unmap() }
        pinchOverlays = [:]
    }
}
