// Shows the feedback of `continuous` bindings on gestod's Wayland session: one FeedbackOverlay per
// binding (a PinchFeedbackOverlay for a `pinch:F:in|out` one), made on the binding's first report
// while the session is connected, fed every report of its stream. Its frames are dispatched with
// the session's descriptor; nothing runs while idle. The overlays animate on the clock of their
// input (OverlayClock): CLOCK_MONOTONIC live, the recording's time carried on by the loop in a replay.
import GestoConfig
import GestoCore
import GestoSystem
import GestoWayland

/// The clock an overlay animates on: the clock its reports' times are on.
///
/// Live, that is CLOCK_MONOTONIC (libinput's clock). A replay feeds the recording's times, all at
/// once; its clock reads the time of the last report it followed, advanced by the loop's
/// monotonic time since, so a released pinch springs back in real time from where the
/// recording left it.
public final class OverlayClock {
    /// Whose times the reports carry.
    public enum Source: Sendable, Equatable {
        /// CLOCK_MONOTONIC: libinput's live events.
        case monotonic
        /// A recording's times, mapped onto the loop's monotonic clock.
        case replay
    }

    /// Whose times the reports carry.
    public let source: Source
    private let monotonic: () -> Timestamp
    /// The last report's time and the monotonic time it was followed at (replay only).
    private var anchor: (input: Timestamp, monotonic: Timestamp)?

    /// A clock for reports of `source`; `monotonic` reads CLOCK_MONOTONIC (tests inject one).
    public init(_ source: Source, monotonic: @escaping () -> Timestamp = MonotonicClock.now) {
        self.source = source
        self.monotonic = monotonic
    }

    /// Takes note of a report's time: from now on a replay's clock reads on from it.
    public func follow(_ time: Timestamp) {
        if source == .replay { anchor = (time, monotonic()) }
    }

    /// The time now on the reports' clock.
    public func now() -> Timestamp {
        let now = monotonic()
        guard source == .replay, let anchor else { return now }
        return anchor.input.advanced(byMicroseconds: max(0, now.microseconds(since: anchor.monotonic)))
    }
}

/// The overlays of the continuous bindings, keyed by binding index.
public final class FeedbackOverlayDriver {
    private let session: WaylandSession
    private let log: Log
    /// The clock the overlays animate on.
    public let clock: OverlayClock
    /// Called when the last overlay shown comes to rest (a replay ends once its overlays have).
    public var onRest: (() -> Void)?
    private var overlays: [Int: FeedbackOverlay] = [:]
    private var pinchOverlays: [Int: PinchFeedbackOverlay] = [:]
    private var hasWarned = false
    /// Why overlays cannot be drawn, once found (cairo or Pango missing): said once, then no
    /// overlay is tried again (each would fail the same way).
    private var drawingUnavailable: String?

    /// Makes a driver with no overlay yet, animating on `clock` (its input's).
    public init(session: WaylandSession, log: Log, clock: OverlayClock = OverlayClock(.monotonic)) {
        self.session = session
        self.log = log
        self.clock = clock
    }

    /// Whether every overlay is at rest, its surface unmapped.
    public var isAtRest: Bool {
        overlays.values.allSatisfy { $0.surface.state == .unmapped }
            && pinchOverlays.values.allSatisfy { $0.surface.state == .unmapped }
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
    ///   - touchscreen: For a touchscreen's report: the unit its positions are in and the
    ///     physical size of its output as the user sees it (mm; nil when unknown), so the bar
    ///     is where the finger is.
    public func show(_ firing: BindingFiring<Action>, of binding: Binding,
                     animation: SpringParameters = .niriWindowMovement,
                     touchscreen: (unit: ContactUnit, outputSize: Vector2?)? = nil) {
        guard session.isConnected, session.offeredVersion(of: .layerShell) != nil else {
            if !hasWarned { log.info("no overlay for continuous bindings: no layer-shell compositor connected") }
            hasWarned = true
            return
        }
        guard drawingUnavailable == nil else { return }
        if let reason = OverlaySurface.drawingUnavailableReason {
            drawingUnavailable = reason
            log.warning("feedback overlays are off: \(reason); install libcairo2, libpango-1.0-0 and libpangocairo-1.0-0 "
                        + "(the gesto package recommends them) and restart gestod to see them. Every action still runs.")
            return
        }
        clock.follow(firing.gesture.time)
        let clock = self.clock
        switch binding.gesture.gesture {
        case .pinch(let direction?):
            let overlay = pinchOverlays[firing.bindingIndex]
                ?? makeResting(PinchFeedbackOverlay(session: session, feedback: PinchFeedback(direction: direction, parameters: animation),
                                                    units: touchscreen.map(Self.units) ?? .points(perUnit: 1), clock: clock.now))
            pinchOverlays[firing.bindingIndex] = overlay
            do {
                try overlay.handle(firing.gesture)
            } catch {
                log.warning("overlay: \(error)", ["binding": String(Binding.number(ofIndex: firing.bindingIndex))])
            }
            return
        default:
            break
        }
        let overlay = overlays[firing.bindingIndex]
            ?? makeResting(Self.swipeOverlay(of: binding, session: session, animation: animation, touchscreen: touchscreen, clock: clock.now))
        overlays[firing.bindingIndex] = overlay
        do {
            try overlay.handle(firing.gesture)
        } catch {
            log.warning("overlay: \(error)", ["binding": String(Binding.number(ofIndex: firing.bindingIndex))])
        }
    }

    /// The bar of a swipe binding: a touchpad's moves ``FeedbackOverlay/travelPerProgress``
    /// points per threshold; a touchscreen's (`touch-swipe`, `edge-swipe`) its threshold's own
    /// distance on the screen, following the finger 1:1.
    static func swipeOverlay(of binding: Binding, session: WaylandSession, animation: SpringParameters,
                             touchscreen: (unit: ContactUnit, outputSize: Vector2?)?, clock: @escaping () -> Timestamp) -> FeedbackOverlay {
        switch (binding.gesture.gesture, binding.gesture.device, touchscreen) {
        case (.swipe, .touchscreen, let touch?), (.edgeSwipe, .touchscreen, let touch?):
            return FeedbackOverlay(session: session, threshold: binding.settings.touch.swipe.threshold.value(in: touch.unit),
                                   units: units(touch), parameters: animation, clock: clock)
        default:
            return FeedbackOverlay(session: session, threshold: binding.settings.swipe.threshold.deltaUnits, parameters: animation, clock: clock)
        }
    }

    /// A touchscreen's report units: percent of the screen, or mm at the output's size (a
    /// touchpad's delta units are a point each, as the overlays draw them without a touchscreen).
    static func units(_ touchscreen: (unit: ContactUnit, outputSize: Vector2?)) -> ScreenUnits {
        switch touchscreen.unit {
        case .deltaUnits: .points(perUnit: 1)
        case .percent: .screenPercent
        case .millimeters: .millimeters(outputSize: touchscreen.outputSize)
        }
    }

    private func makeResting(_ overlay: PinchFeedbackOverlay) -> PinchFeedbackOverlay {
        overlay.onRest = { [unowned self] in if self.isAtRest { self.onRest?() } }
        return overlay
    }

    private func makeResting(_ overlay: FeedbackOverlay) -> FeedbackOverlay {
        overlay.onRest = { [unowned self] in if self.isAtRest { self.onRest?() } }
        return overlay
    }

    /// Drops every overlay (the config changed, so binding indices mean other bindings).
    public func reset() {
        for overlay in overlays.values { overlay.surface.unmap() }
        overlays = [:]
        for overlay in pinchOverlays.values { overlay.surface.unmap() }
        pinchOverlays = [:]
    }
}
