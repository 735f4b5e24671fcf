// One touch frame: the set of active touches after one hardware frame, with the motion gesto
// computed from their raw points (centroid, spread, angle) since the previous frame and since
// the first finger landed. This is what every touch recognizer is fed, one frame per input.

/// One finger on the screen.
public struct TouchPoint: Sendable, Hashable {
    /// The device's slot (``TouchEvent/singleTouchSlot`` for the touch of a single-touch screen).
    public var slot: Int32
    /// Where it is, in the frame's ``TouchFrame/unit``.
    public var position: Vector2
    /// Where it landed, in the same unit.
    public var landing: Vector2
    /// When it landed.
    public var landingTime: Timestamp

    /// Makes a touch.
    public init(slot: Int32, position: Vector2, landing: Vector2? = nil, landingTime: Timestamp) {
        self.slot = slot
        self.position = position
        self.landing = landing ?? position
        self.landingTime = landingTime
    }
}

/// What the fingers did from the first landing to this frame (a *stroke*: the first finger down
/// to the last finger up), accumulated frame by frame over the touches present in both of two
/// consecutive frames, so a finger landing or lifting moves nothing by itself.
public struct TouchStroke: Sendable, Hashable {
    /// When the first finger landed.
    public var startTime: Timestamp
    /// The most fingers down at once so far: the stroke's finger count (lisgd's and hyprgrass's rule).
    public var fingerCount: Int
    /// Motion of the fingers' centroid, in the frame's unit (+x right, +y down).
    public var translation: Vector2
    /// Spread (mean distance of the fingers from their centroid) relative to the start: above 1
    /// when the fingers move apart. 1 with fewer than two fingers.
    public var scale: Double
    /// Rotation of the fingers about their centroid, in degrees, clockwise on screen positive.
    public var angle: Double
    /// The largest distance any finger has been from where it landed, in the frame's unit.
    public var maximumTravel: Double
    /// Where the first finger landed, in the frame's unit (edge swipes start there).
    public var origin: Vector2
    /// When a finger last landed: fingers of one gesture land over ~100 ms (corpus 027: four in
    /// 114 ms), and a gesture decides its finger count only once they have settled.
    public var lastLandingTime: Timestamp

    /// The settling time after a landing before a gesture's finger count is decided: 0.1 s,
    /// libinput's `DEFAULT_GESTURE_SWITCH_TIMEOUT` (100 ms, src/evdev-mt-touchpad-gestures.c).
    public static let settlingSeconds = 0.1

    /// Whether the fingers have settled at `time` (no landing in the last ``settlingSeconds``).
    @inlinable public func isSettled(at time: Timestamp) -> Bool {
        time.seconds(since: lastLandingTime) >= Self.settlingSeconds
    }

    /// A stroke that starts at `time` with its first finger at `origin`.
    public init(startTime: Timestamp, origin: Vector2) {
        self.startTime = startTime
        fingerCount = 0
        translation = .zero
        scale = 1
        angle = 0
        maximumTravel = 0
        self.origin = origin
        lastLandingTime = startTime
    }
}

/// One recognizer input from a touchscreen: the active touches after one `TOUCH_FRAME`.
public struct TouchFrame: Sendable, Hashable {
    /// The frame's time (its `TOUCH_FRAME`).
    public var time: Timestamp
    /// The device, as in ``TouchEvent/device``.
    public var device: UInt32?
    /// The unit of every position and distance of the frame: millimetres where the device
    /// reports a resolution, else percent.
    public var unit: ContactUnit
    /// The device's width and height in ``unit`` (100 × 100 in percent).
    public var extent: Vector2
    /// The touches down after this frame, in landing order.
    public var touches: [TouchPoint]
    /// Touches that landed in this frame.
    public var landed: Int
    /// Touches that lifted in this frame (0 when ``isCancelled``).
    public var lifted: Int
    /// libinput cancelled every touch (`TOUCH_CANCEL`): no gesture of this stroke may end.
    public var isCancelled: Bool
    /// The stroke this frame belongs to, up to and including it.
    public var stroke: TouchStroke
    /// The first finger of the stroke landed in this frame.
    public var startsStroke: Bool
    /// The motion of the fingers' centroid in this frame, over the touches down in the previous
    /// frame too (the step the stroke's ``TouchStroke/translation`` took), in ``unit``.
    public var motion: Vector2
    /// The fingers' rotation about their centroid in this frame, over the touches down in the
    /// previous frame too (the step the stroke's ``TouchStroke/angle`` took), in degrees.
    public var turn: Double

    /// Makes a frame.
    public init(time: Timestamp, device: UInt32? = nil, unit: ContactUnit, extent: Vector2, touches: [TouchPoint],
                landed: Int, lifted: Int, isCancelled: Bool = false, stroke: TouchStroke,
                startsStroke: Bool = false, motion: Vector2 = .zero, turn: Double = 0) {
        self.time = time
        self.device = device
        self.unit = unit
        self.extent = extent
        self.touches = touches
        self.landed = landed
        self.lifted = lifted
        self.isCancelled = isCancelled
        self.stroke = stroke
        self.startsStroke = startsStroke
        self.motion = motion
        self.turn = turn
    }

    /// True when no finger is left down: the stroke ended with this frame.
    @inlinable public var isStrokeEnd: Bool { touches.isEmpty }

    /// The centroid of the touches down, or nil with none.
    public var centroid: Vector2? {
        guard !touches.isEmpty else { return nil }
        var sum = Vector2.zero
        for touch in touches { sum += touch.position }
        return sum * (1 / Double(touches.count))
    }
}
