// What the recognizers report: SwiftUI's gesture phases and values for one gesture.

/// Why a gesture in progress was cancelled.
public enum CancellationReason: String, Sendable, Hashable {
    /// libinput ended the gesture with its cancelled flag (`libinput_event_gesture_get_cancelled`).
    case cancelledByLibinput = "cancelled by libinput"
    /// The input (a recording, or the device) ended while the gesture was in progress.
    case endOfInput = "end of input"
    /// A different number of fingers took over in the middle of the gesture.
    case fingerCountChanged = "finger count changed"
    /// A gesture with priority claimed the input (exclusive composition), or another kind of
    /// gesture started before this one ended.
    case preempted = "preempted"
    /// The gesture waited longer than its timeout for the input that continues it
    /// (a long press whose fingers moved but no drag followed).
    case timeout = "timeout"
    /// The host stopped following the gesture: gestod paused, the session locked, the config
    /// reloaded, the device went away or gestod is stopping (a drag releases its button).
    case interrupted = "interrupted"
}

/// Why a gesture failed, where a person would ask "why did my binding not fire?": a hold or
/// long press that never lasted. Durations are the setting's, in seconds; a distance is the
/// setting's, in the unit of the device that reported the gesture.
public enum FailureReason: Sendable, Hashable {
    /// The fingers lifted before the minimum duration (seconds): a tap, not a hold.
    case shorterThan(seconds: Double)
    /// libinput cancelled the hold (the fingers moved by its own threshold) before the minimum
    /// duration (seconds), and no swipe within the tolerance followed.
    case cancelledByLibinput(beforeSeconds: Double)
    /// The fingers travelled farther than the tolerance (its value in `unit`) while the press armed.
    case movedMoreThan(Double, ContactUnit)
    /// Another gesture began before the minimum duration (seconds) with no END of this one
    /// before it, which libinput always sends: the END was lost.
    case lostEnd(beforeSeconds: Double)
    /// The input ended before the minimum duration (seconds).
    case endOfInput(beforeSeconds: Double)

    /// The reason as `gestoctl replay` prints it: "shorter than 0.18 s", "cancelled by libinput
    /// before 0.18 s", "moved more than 10 units", "lost END, another gesture began before
    /// 0.18 s", "end of input before 0.18 s".
    public var description: String {
        switch self {
        case .shorterThan(let seconds): "shorter than " + formatCompact(seconds) + " s"
        case .cancelledByLibinput(let seconds): "cancelled by libinput before " + formatCompact(seconds) + " s"
        case .movedMoreThan(let distance, let unit): "moved more than " + formatCompact(distance) + " " + unit.rawValue
        case .lostEnd(let seconds): "lost END, another gesture began before " + formatCompact(seconds) + " s"
        case .endOfInput(let seconds): "end of input before " + formatCompact(seconds) + " s"
        }
    }
}

/// Where a recognizer stands, as SwiftUI and UIKit name it.
///
/// A gesture starts *possible* (not reported), may report ``arming`` (long press: fingers
/// rest, feedback may start), reports ``began`` when the recognizer is sure, ``changed`` while
/// it continues, then exactly one of ``ended`` (recognized, its action runs), ``failed``
/// (ended below every threshold) or ``cancelled(_:)``.
public enum RecognizerPhase: Sendable, Hashable {
    case arming
    case began
    case changed
    case ended
    case failed
    case cancelled(CancellationReason)

    /// True for ended, failed and cancelled: nothing follows for this gesture.
    public var isFinal: Bool {
        switch self {
        case .arming, .began, .changed: false
        case .ended, .failed, .cancelled: true
        }
    }

    /// The phase's name in `gestoctl replay --json`: "arming", "began", "changed", "ended",
    /// "failed", "cancelled".
    public var name: String {
        switch self {
        case .arming: "arming"
        case .began: "began"
        case .changed: "changed"
        case .ended: "ended"
        case .failed: "failed"
        case .cancelled: "cancelled"
        }
    }
}

/// A move of the dragged item in a reorder (slot indices).
public struct ReorderMove: Sendable, Hashable {
    public var from: Int
    public var to: Int
    public init(from: Int, to: Int) { self.from = from; self.to = to }
}

/// What a recognizer knows of one gesture at `time`: its name and values, without its phase,
/// which lives once, in the ``RecognizerUpdate`` that carries the value.
///
/// Units: translations in libinput delta units (unaccelerated), velocities in delta units per
/// second, angles in degrees (clockwise positive), scale relative to the gesture start.
public struct GestureValue: Sendable, Hashable {
    /// The gesture, with its direction once decided.
    public var name: GestureName
    /// The time of the input that caused this report.
    public var time: Timestamp
    /// Sum of the unaccelerated deltas since the gesture began; for a `drag:` binding's reports
    /// (``PointerDrag``), the pointer's travel: the sum of libinput's *accelerated* deltas.
    public var translation: Vector2
    /// For a `drag:` binding's reports only: the sum of libinput's unaccelerated deltas since the
    /// drag began (delta units), what a pointer device the compositor accelerates itself (gesto-inputd's
    /// uinput mouse) moves by. Zero for every other gesture, whose ``translation`` is that already.
    public var unacceleratedTranslation: Vector2
    /// Least-squares velocity of the finger centroid (``VelocityTracker``).
    public var velocity: Vector2
    /// Where the translation would come to rest if the release velocity decayed at the
    /// touchpad deceleration rate (0.997 per ms; MOTION.md §4).
    public var predictedEndTranslation: Vector2
    /// Pinch scale relative to the start (1 for other gestures).
    public var scale: Double
    /// Accumulated rotation in degrees, clockwise positive (0 for other gestures).
    public var angle: Double
    /// Fraction of the recognition threshold reached: 0 at the start, 1 at the threshold,
    /// above 1 past it.
    public var progress: Double
    /// For long-press-drag with a reorder binding: the slot move this report announces.
    public var reorder: ReorderMove?
    /// On a `failed` report, why, where the recognizer says (``FailureReason``; read it through
    /// ``RecognizerUpdate/failureReason``, which ignores it in any other phase).
    public var failureReason: FailureReason?

    public init(
        name: GestureName, time: Timestamp,
        translation: Vector2 = .zero, velocity: Vector2 = .zero,
        predictedEndTranslation: Vector2? = nil, scale: Double = 1, angle: Double = 0,
        progress: Double = 0, reorder: ReorderMove? = nil, failureReason: FailureReason? = nil,
        unacceleratedTranslation: Vector2 = .zero
    ) {
        self.name = name
        self.time = time
        self.translation = translation
        self.unacceleratedTranslation = unacceleratedTranslation
        self.velocity = velocity
        self.predictedEndTranslation = predictedEndTranslation ?? translation
        self.scale = scale
        self.angle = angle
        self.progress = progress
        self.reorder = reorder
        self.failureReason = failureReason
    }
}

/// One report of one gesture: its phase and its value at `time`, as the recognizers, the
/// bindings and every output (replay, IPC, `GESTO_*`, the C ABI) see it.
public typealias RecognizedGesture = RecognizerUpdate<GestureValue>

extension RecognizerUpdate where Value == GestureValue {
    /// Makes a report of `name` in `phase` (the value's fields as in ``GestureValue``).
    @inlinable public init(
        name: GestureName, phase: RecognizerPhase, time: Timestamp,
        translation: Vector2 = .zero, velocity: Vector2 = .zero,
        predictedEndTranslation: Vector2? = nil, scale: Double = 1, angle: Double = 0,
        progress: Double = 0, reorder: ReorderMove? = nil, unacceleratedTranslation: Vector2 = .zero
    ) {
        self.init(phase, GestureValue(name: name, time: time, translation: translation, velocity: velocity,
                                      predictedEndTranslation: predictedEndTranslation, scale: scale, angle: angle,
                                      progress: progress, reorder: reorder, unacceleratedTranslation: unacceleratedTranslation))
    }

    /// An update in `phase` of `value`.
    @inlinable public static func report(_ phase: RecognizerPhase, _ value: GestureValue) -> Self {
        Self(phase, value)
    }

    /// The cancellation reason, if the phase is cancelled.
    public var cancellationReason: CancellationReason? {
        if case .cancelled(let reason) = phase { return reason }
        return nil
    }

    /// The failure reason, if the phase is failed and the recognizer gave one.
    public var failureReason: FailureReason? {
        phase == .failed ? value.failureReason : nil
    }

    /// Why the gesture was cancelled or failed, as every output prints it (the `reason` of
    /// `gestoctl replay --json`, the parenthesis after the phase in its text), or nil.
    public var reason: String? {
        if let reason = cancellationReason { return reason.rawValue }
        return failureReason?.description
    }

    // The value's fields, read and written through the report (``GestureValue`` documents each).
    @inlinable public var name: GestureName { get { value.name } set { value.name = newValue } }
    @inlinable public var time: Timestamp { get { value.time } set { value.time = newValue } }
    @inlinable public var translation: Vector2 { get { value.translation } set { value.translation = newValue } }
    @inlinable public var unacceleratedTranslation: Vector2 {
        get { value.unacceleratedTranslation }
        set { value.unacceleratedTranslation = newValue }
    }
    @inlinable public var velocity: Vector2 { get { value.velocity } set { value.velocity = newValue } }
    @inlinable public var predictedEndTranslation: Vector2 {
        get { value.predictedEndTranslation }
        set { value.predictedEndTranslation = newValue }
    }
    @inlinable public var scale: Double { get { value.scale } set { value.scale = newValue } }
    @inlinable public var angle: Double { get { value.angle } set { value.angle = newValue } }
    @inlinable public var progress: Double { get { value.progress } set { value.progress = newValue } }
    @inlinable public var reorder: ReorderMove? { get { value.reorder } set { value.reorder = newValue } }
}
