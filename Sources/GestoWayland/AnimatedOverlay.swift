// What every animated overlay (the continuous-swipe bar, the pinch ring, the reorder strip) is
// to its users: a surface, a clock, a rest callback and a frame count at rest, all of them its
// one OverlayFramePacer's. Each overlay subclasses it and says what its frames are.
import GestoCore

/// An overlay drawn by an ``OverlayFramePacer`` on an ``OverlaySurface``.
public class AnimatedOverlay {
    /// The frame pacing the overlay runs on (the subclass sets its `frameAt` and `draw`).
    let pacer: OverlayFramePacer

    init(pacer: OverlayFramePacer) { self.pacer = pacer }

    /// The surface drawn on.
    public var surface: OverlaySurface { pacer.surface }
    /// The animation clock (CLOCK_MONOTONIC µs, libinput's clock, by default); tests inject one.
    public var clock: () -> Timestamp {
        get { pacer.clock }
        set { pacer.clock = newValue }
    }
    /// Called when the overlay comes to rest and unmaps its surface (a replay waits for it).
    public var onRest: (() -> Void)? {
        get { pacer.onRest }
        set { pacer.onRest = newValue }
    }
    /// Frame callbacks requested while the overlay was at rest (the idle benchmark: should stay 0).
    public var framesRequestedAtRest: Int { pacer.framesRequestedAtRest }

    /// Draws the frame for ``clock``'s time now, ignoring frame pacing (tests and benchmarks).
    /// Returns false when nothing was drawn (unmapped, at rest, or no free buffer).
    @discardableResult
    public func renderNow() -> Bool { pacer.frame(force: true) }
}
