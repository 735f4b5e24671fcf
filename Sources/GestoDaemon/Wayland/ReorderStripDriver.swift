// Shows the reorder strip of `reorder:` bindings on gestod's Wayland session: on a press's
// `arming` report a ReorderStripOverlay is made from the session's windows (app id, title), then
// fed every report of the long-press-drag. It only draws; the pipeline's step commands reorder.
import GestoConfig
import GestoCore
import GestoSystem
import GestoWayland

/// The strips of the reorder bindings, keyed by binding index.
public final class ReorderStripDriver {
    private let session: WaylandSession
    private let log: Log
    private var strips: [Int: ReorderStripOverlay] = [:]
    private var hasWarned = false

    /// Makes a driver with no strip yet.
    public init(session: WaylandSession, log: Log) {
        self.session = session
        self.log = log
    }

    /// The strip of binding `index`, if one was made.
    public func strip(forBinding index: Int) -> ReorderStripOverlay? { strips[index] }

    /// Feeds a `long-press-drag` or `touch-long-press-drag` report to the strip of the first
    /// `reorder:` binding it drives
    /// (as the pipeline's reorder engine picks it). A press's first report, when that strip is at
    /// rest, makes a new strip of the windows open now. Without a connection, layer-shell or
    /// windows it does nothing (the missing compositor is logged once). With `startsStrip` false
    /// (actions suppressed) only a strip already shown is fed, so it still reaches its drop.
    public func show(_ gesture: RecognizedGesture, bindings: [Binding], startsStrip: Bool = true) {
        guard let index = bindings.firstIndex(where: { binding in
                  guard case .reorder = binding.action else { return false }
                  return binding.gesture == gesture.name && gesture.name.gesture.kind == .longPressDrag
              }),
              case .reorder(let action) = bindings[index].action,
              action.arrangement == .row  // The strip is a row; a column reorder shows nothing yet.
        else { return }
        guard session.isConnected, session.offeredVersion(of: .layerShell) != nil else {
            if !hasWarned { log.info("no reorder strip: no layer-shell compositor connected") }
            hasWarned = true
            return
        }
        var strip = strips[index]
        if gesture.phase == .arming || gesture.phase == .began, let old = strip, old.isAtRest(at: gesture.time) {
            old.surface.unmap()
            strip = nil
        }
        if strip == nil {
            guard startsStrip, gesture.phase == .arming || gesture.phase == .began else { return }
            let labels = session.toplevels.prefix(action.items).map { ReorderStripOverlay.Label(appID: $0.appID, title: $0.title) }
            strip = try? ReorderStripOverlay(session: session, labels: Array(labels), slot: action.slot,
                                             fingers: bindings[index].gesture.fingerCount, draggedSlot: action.start,
                                             device: bindings[index].gesture.device)
            guard strip != nil else { return }  // No windows: nothing to show.
        }
        strips[index] = strip
        do {
            try strip!.handle(gesture)
        } catch {
            log.warning("reorder strip: \(error)", ["binding": String(Binding.number(ofIndex: index))])
        }
    }

    /// Drops every strip (the config changed, so binding indices mean other bindings).
    public func reset() {
        for strip in strips.values { strip.surface.unmap() }
        strips = [:]
    }
}
