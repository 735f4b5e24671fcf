// The touchscreen front end: one touchscreen's touch events in, contact samples out. It owns
// what only a touchscreen needs, the frame assembler (TouchFrameAssembler: slots into frames,
// the stroke's motion, spread and turn from the raw points) and the transform of the device's
// frame to the screen the user sees, and makes each frame a sample once. libinput makes no
// gestures of touches, so the stream is the stroke, first finger down to last finger up, and
// every recognizer judges it; taps and edge swipes read the frame's positions from the sample.

/// One touchscreen's events made into contact samples.
///
/// Feed its events in order with ``handle(_:emit:diagnose:)``; each `TOUCH_FRAME` that changes
/// something emits one sample. ``size`` and ``transform`` take effect at the first event and,
/// once changed, when no finger is down, so a touch in progress keeps one frame.
public struct TouchscreenFrontEnd: Sendable {
    /// The device's size in millimetres (nil: it reports no resolution, positions are in
    /// percent); set before its first event.
    public var size: Vector2?
    /// How the device's frame maps to the output the user sees (the config's
    /// `touchscreen-transform`, or the output's own when that is `auto`).
    public var transform: TouchTransform
    /// The events made into frames (made at the first event).
    private var assembler: TouchFrameAssembler?

    /// Makes the front end of a touchscreen of `size` millimetres (nil: percent), shown
    /// through `transform`.
    public init(size: Vector2? = nil, transform: TouchTransform = .normal) {
        self.size = size
        self.transform = transform
    }

    /// True while a finger is down or changes wait for their frame.
    public var isActive: Bool { assembler?.isActive ?? false }

    /// Feeds one touch event; `emit` receives the sample of each frame it completes,
    /// `diagnose` each repair of bad touch input (``TouchDiagnostic``).
    public mutating func handle(_ event: TouchEvent, emit: (ContactSample) -> Void,
                                diagnose: (TouchDiagnostic) -> Void) {
        if let idle = assembler, idle.transform != transform, !idle.isActive { assembler = nil }
        var frames = assembler ?? TouchFrameAssembler(size: size, device: event.device, transform: transform)
        frames.handle(event, emit: { emit(ContactSample(touchscreen: $0)) }, diagnose: diagnose)
        assembler = frames
    }

    /// Frames the changes still waiting for their `TOUCH_FRAME` (the input ended); `emit`
    /// receives their sample. The next event starts afresh.
    public mutating func flush(emit: (ContactSample) -> Void) {
        guard var frames = assembler else { return }
        frames.flush { emit(ContactSample(touchscreen: $0)) }
        assembler = nil
    }
}

extension ContactSample {
    /// The sample of a touch frame: the stroke's first frame begins, its last ends, a
    /// `TOUCH_CANCEL` cancels, a frame whose stroke begins and ends in it (a finger that landed
    /// and lifted between two frames) is ``ContactPhase/beginAndEnd``, every other frame
    /// updates. The frame's stroke, its origin and the screen's extent are the sample's
    /// ``positions``.
    public init(touchscreen frame: TouchFrame) {
        let phase: ContactPhase
        if frame.isCancelled {
            phase = .cancel
        } else if frame.isStrokeEnd {
            phase = frame.startsStroke ? .beginAndEnd : .end
        } else {
            phase = frame.startsStroke ? .begin : .update
        }
        self.init(phase, device: .touchscreen, fingers: frame.stroke.fingerCount, fingersDown: frame.touches.count,
                  time: frame.time, unit: frame.unit, motion: frame.motion, scale: frame.stroke.scale,
                  angleDelta: frame.turn, isSettled: frame.stroke.isSettled(at: frame.time),
                  positions: ContactPositions(origin: frame.stroke.origin, extent: frame.extent,
                                              translation: frame.stroke.translation, startTime: frame.stroke.startTime,
                                              fingerTravel: frame.stroke.maximumTravel,
                                              allLanded: frame.landed > 0 && frame.touches.count == frame.landed))
    }
}
