// The one frame pacing of gesto's animated overlays (the continuous-swipe bar, the pinch ring,
// the reorder strip): an input report draws at once unless a frame is pending (then at its
// callback); a running spring draws one frame per frame callback and only while the clock
// moves; at rest the surface unmaps, so an idle overlay requests no frames and the compositor
// composites nothing of it. Each overlay is a model of it: it says what its frame is at a time
// (``OverlayFrame``) and draws it.
import GestoCore

/// What an overlay shows at a time.
enum OverlayFrame {
    /// Nothing is shown and nothing moves: the surface unmaps.
    case atRest
    /// Something is shown; `animating` when a spring still moves it (only then does the next
    /// frame come without input).
    case shown(animating: Bool)
}

/// The frame pacing an animated overlay runs on its ``OverlaySurface``.
final class OverlayFramePacer {
    /// The surface drawn on.
    let surface: OverlaySurface
    /// The animation clock (CLOCK_MONOTONIC µs by default); tests inject one.
    var clock: () -> Timestamp
    /// Called when the overlay comes to rest and unmaps its surface.
    var onRest: (() -> Void)?
    /// Called after a frame showing new input was committed (the input-to-commit delay).
    var onInputCommitted: (() -> Void)?
    /// Frame callbacks requested while nothing moved (the idle benchmark: should stay 0).
    private(set) var framesRequestedAtRest = 0
    /// The model's frame at a time (it may update itself from the surface's size first).
    var frameAt: (Timestamp) -> OverlayFrame = { _ in .atRest }
    /// Draws the model at a time; returns whether a buffer was committed.
    var draw: (Timestamp, _ animating: Bool) -> Bool = { _, _ in false }
    /// Input arrived that no committed frame shows yet.
    private var hasPendingInput = false
    private var isDirty = false
    /// The clock time of the last drawn frame: a frame callback at the same time has nothing new.
    private var lastRenderedTime: Timestamp?

    init(surface: OverlaySurface, clock: @escaping () -> Timestamp) {
        self.surface = surface
        self.clock = clock
        surface.onFrame = { [unowned self] in self.frame(force: false) }
        surface.onCommit = { [unowned self] in
            guard self.hasPendingInput else { return }
            self.hasPendingInput = false
            self.onInputCommitted?()
        }
    }

    /// New input for the model: maps the surface, or draws now, or at the pending frame.
    ///
    /// - Throws: ``WaylandError`` when the surface cannot be mapped.
    func inputArrived() throws(WaylandError) {
        hasPendingInput = true
        switch surface.state {
        case .unmapped:
            try surface.map()
        case .configuring:
            break  // The configure calls onFrame.
        case .mapped:
            if surface.isFramePending { isDirty = true } else { frame(force: false) }
        }
    }

    /// Counts a frame requested although nothing moves (a model's own idle rule).
    func countFrameAtRest() { framesRequestedAtRest += 1 }

    /// Draws the frame for the clock's time; with `force`, even when nothing changed.
    @discardableResult
    func frame(force: Bool) -> Bool {
        let now = clock()
        let animating: Bool
        switch frameAt(now) {
        case .atRest:
            isDirty = false
            hasPendingInput = false
            if surface.state != .unmapped {
                surface.unmap()
                onRest?()
            }
            return false
        case .shown(let moving):
            animating = moving
        }
        guard case .mapped = surface.state else { return false }
        let changed = isDirty || hasPendingInput || (animating && now != lastRenderedTime)
        guard force || changed else { return false }
        isDirty = false
        lastRenderedTime = now
        return draw(now, animating)
    }
}
