// What the recognizers judge: a contact stream, the fingers on one device from the moment they
// start a gesture to the moment they end it, one sample per report of the device. Each kind of
// device is a front end that turns its own events into samples (TouchpadFrontEnd.swift,
// TouchscreenFrontEnd.swift), so one recognizer judges a swipe, a pinch or a rotation whatever
// reported it (DESIGN.md, "Devices are front ends"; Flutter's trackpad pan-zoom events judged by
// its touch recognizers are the model).

/// The kind of device a contact stream comes from: what a recognizer says it accepts (as
/// Flutter's `supportedDevices`), and what names its gestures (`swipe:3` or `touch-swipe:3`).
public enum ContactDevice: Sendable, Hashable {
    /// A touchpad, through libinput's gesture events.
    case touchpad
    /// A touchscreen, through libinput's touch events assembled into frames.
    case touchscreen
}

/// Where a sample stands in its stream.
public enum ContactPhase: Sendable, Hashable {
    /// The stream starts: libinput's gesture BEGIN, or a stroke's first frame.
    case begin
    /// The fingers moved (or, on a touchscreen, a frame came).
    case update
    /// The fingers lifted: libinput's END, or a stroke's last frame.
    case end
    /// The device cancelled the stream: libinput's cancelled END, or `TOUCH_CANCEL`.
    case cancel
    /// The stream begins and ends in this one sample: a touchscreen's fingers landed and lifted
    /// between two frames. It moved nothing: only the recognizers that read positions (a tap)
    /// judge it; stream recognizers let it pass.
    case beginAndEnd
}

/// One sample of a contact stream.
///
/// Motion is given per sample (the step since the previous sample, as libinput's deltas), so a
/// recognizer measures from wherever it starts; the scale is the stream's own, relative to its
/// start. Distances are in ``unit``.
public struct ContactSample: Sendable, Hashable {
    // Every recognizer of every group is handed the sample: its stored fields are ordered and
    // sized to keep it within 128 bytes, which a copy moves in a few registers (larger, each
    // copy was a call to memcpy).

    /// The sample's time.
    public var time: Timestamp
    /// The fingers' spread relative to the stream's start (above 1 when they move apart).
    public var scale: Double
    /// The fingers' rotation since the previous sample, in degrees, clockwise positive.
    public var angleDelta: Double
    /// The centroid's motion since the previous sample (+x right, +y down), or nil when the
    /// input carries no position (libinput's BEGIN and END carry no deltas).
    public var motion: Vector2?
    /// Where the sample stands in its stream.
    public var phase: ContactPhase
    /// The device kind.
    public var device: ContactDevice
    /// On a touchpad, the gesture libinput reports (it decides swipe, pinch or hold itself);
    /// nil on a touchscreen, whose stroke every recognizer judges.
    public var touchpadGesture: GestureKind?
    /// The unit of ``motion`` and of every distance a recognizer compares it with.
    public var unit: ContactUnit
    /// Whether the fingers have settled: a touchscreen's fingers of one gesture land over
    /// ~100 ms, and a gesture decides its finger count only once they have (a touchpad's
    /// libinput decided it already: always true there).
    public var isSettled: Bool
    private var storedFingerCount: Int32
    private var storedFingersDown: Int32
    /// What only one kind of device gives: a touchpad's pointer motion, a touchscreen's positions.
    private var detail: Detail

    private enum Detail: Sendable, Hashable {
        case touchpad(pointerMotion: Vector2?)
        case touchscreen(ContactPositions?)
    }

    /// The stream's finger count: libinput's on a touchpad, the most fingers down at once so
    /// far on a touchscreen (lisgd's and hyprgrass's rule).
    public var fingerCount: Int {
        get { Int(storedFingerCount) }
        set { storedFingerCount = Int32(clamping: newValue) }
    }
    /// The fingers down now (a touchscreen's fingers lift one by one; on a touchpad, the finger
    /// count).
    public var fingersDown: Int {
        get { Int(storedFingersDown) }
        set { storedFingersDown = Int32(clamping: newValue) }
    }
    /// On a touchpad, the motion libinput's pointer acceleration makes of ``motion`` (its
    /// accelerated delta, in the same unit: what moves a pointer under one finger; a drag
    /// follows it); nil where the input carries none (BEGIN, END, a touchscreen).
    public var pointerMotion: Vector2? {
        if case .touchpad(let pointerMotion) = detail { return pointerMotion }
        return nil
    }
    /// Where the stroke is on the surface, from a device that reports each finger's position
    /// (a touchscreen); the recognizers of gestures that need absolute positions (taps, edge
    /// swipes) read it. Nil on a touchpad.
    public var positions: ContactPositions? {
        if case .touchscreen(let positions) = detail { return positions }
        return nil
    }
    /// The farthest any finger has moved from where it landed since the stream began, in
    /// ``unit``, on a device that reports each finger's position (a touchscreen: its
    /// ``positions``); nil on a touchpad, whose libinput gestures give the centroid only.
    public var fingerTravel: Double? { positions?.fingerTravel }

    /// Makes a sample; what is not given is what a sample without motion has. `pointerMotion`
    /// is a touchpad's, `positions` a touchscreen's.
    public init(_ phase: ContactPhase, device: ContactDevice, touchpadGesture: GestureKind? = nil,
                fingers fingerCount: Int, fingersDown: Int? = nil, time: Timestamp, unit: ContactUnit,
                motion: Vector2? = nil, scale: Double = 1, angleDelta: Double = 0, isSettled: Bool = true,
                pointerMotion: Vector2? = nil, positions: ContactPositions? = nil) {
        self.phase = phase
        self.device = device
        self.touchpadGesture = touchpadGesture
        storedFingerCount = Int32(clamping: fingerCount)
        storedFingersDown = Int32(clamping: fingersDown ?? fingerCount)
        self.time = time
        self.unit = unit
        self.motion = motion
        self.scale = scale
        self.angleDelta = angleDelta
        self.isSettled = isSettled
        switch device {
        case .touchpad: detail = .touchpad(pointerMotion: pointerMotion)
        case .touchscreen: detail = .touchscreen(positions)
        }
    }

    /// The input the sample came from, as libinput names it (`GESTURE_SWIPE_UPDATE`,
    /// `TOUCH_FRAME`): diagnostics and traces name it.
    public var inputName: String {
        guard let kind = touchpadGesture else { return phase == .cancel ? "TOUCH_CANCEL" : "TOUCH_FRAME" }
        let gesture = kind.description.uppercased()
        switch phase {
        case .begin: return "GESTURE_\(gesture)_BEGIN"
        case .update: return "GESTURE_\(gesture)_UPDATE"
        case .end, .cancel, .beginAndEnd: return "GESTURE_\(gesture)_END"
        }
    }

    /// The input as a trace names it (``RecognizerTransition/input``): libinput's event name,
    /// and `TOUCH_FRAME` for every frame of a touchscreen, a cancelled one too.
    var traceName: String { touchpadGesture == nil ? "TOUCH_FRAME" : inputName }
}

/// Where a stroke is on the surface, from a device that reports each finger's position (a
/// touchscreen): what taps and edge swipes judge beside the sample's motion. Positions are in
/// the sample's ``ContactSample/unit``, +x right, +y down, from the surface's top left corner.
/// (A plain value with no reference in it: every recognizer is handed the sample it is part of.)
public struct ContactPositions: Sendable, Hashable {
    /// Where the stroke's first finger landed (an edge swipe starts there).
    public var origin: Vector2
    /// The surface's width and height.
    public var extent: Vector2
    /// The centroid's motion since the stroke began.
    public var translation: Vector2
    /// When the stroke's first finger landed.
    public var startTime: Timestamp
    /// The farthest any finger has moved from where it landed since the stroke began.
    public var fingerTravel: Double
    /// Whether every finger down landed in this sample (a stroke's first fingers, or a new
    /// stroke's): a second tap has begun.
    public var allLanded: Bool

    /// Makes the positions of a sample.
    public init(origin: Vector2, extent: Vector2, translation: Vector2, startTime: Timestamp, fingerTravel: Double,
                allLanded: Bool) {
        self.origin = origin
        self.extent = extent
        self.translation = translation
        self.startTime = startTime
        self.fingerTravel = fingerTravel
        self.allLanded = allLanded
    }
}

extension ContactSample {
    /// Whether the sample belongs to a stream the pinch and rotate recognizers judge on
    /// `device`: libinput's pinches on a touchpad (which carry the rotation too), every stroke
    /// on a touchscreen.
    func isPinchStream(on device: ContactDevice) -> Bool {
        self.device == device && (touchpadGesture == nil || touchpadGesture == .pinch)
    }
}
