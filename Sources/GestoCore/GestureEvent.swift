// The event model: libinput's touchpad gesture events, one value per libinput event.
// Every input source (live libinput, `libinput debug-events` text, `libinput record` YAML)
// produces these; a compositor linking libgesto builds them from its own libinput events.

/// The three touchpad gestures libinput reports (`LIBINPUT_EVENT_GESTURE_*`).
public enum GestureKind: Sendable, Hashable, CaseIterable {
    /// Fingers moving together (3+ fingers on most touchpads; 2 fingers are scrolling).
    case swipe
    /// Fingers moving apart or together, or rotating (2+ fingers).
    case pinch
    /// Fingers resting on the touchpad without moving (libinput 1.19 and later).
    case hold
}

/// Where an event stands in libinput's gesture sequence: BEGIN, then UPDATEs, then END.
/// Holds have no UPDATE.
public enum GestureEventPhase: Sendable, Hashable, CaseIterable {
    case begin
    case update
    case end
}

/// One libinput gesture event.
///
/// Deltas are in libinput's normalized delta units (1000 dpi equivalent; on real touchpads
/// about 10 units per millimetre of finger travel). Units and values per phase follow
/// `libinput_event_gesture_get_*`: deltas, scale and angle are meaningful on UPDATE only;
/// `isCancelled` on END only.
public struct GestureEvent: Sendable, Hashable {
    /// Swipe, pinch or hold.
    public var kind: GestureKind
    /// BEGIN, UPDATE or END.
    public var phase: GestureEventPhase
    /// Number of fingers on the touchpad (`libinput_event_gesture_get_finger_count`).
    public var fingerCount: Int
    /// Event time (`libinput_event_gesture_get_time_usec`).
    public var time: Timestamp
    /// Accelerated motion of the finger centroid since the last event, in delta units.
    public var delta: Vector2
    /// Unaccelerated motion of the finger centroid since the last event, in delta units
    /// (`get_dx_unaccelerated`). Recognizers use this one: it is proportional to finger travel.
    public var unacceleratedDelta: Vector2
    /// Pinch only: distance between the fingers relative to the BEGIN (1.0 at BEGIN,
    /// above 1 when spreading). 1.0 for swipes and holds.
    public var scale: Double
    /// Pinch only: rotation since the last event, in degrees, clockwise positive.
    public var angleDelta: Double
    /// END only: libinput cancelled the gesture (for example a hold interrupted by motion).
    public var isCancelled: Bool
    /// The device that sent it (an opaque number the input source assigns), if known.
    public var device: UInt32?

    /// Makes an event. Parameters not given take the values libinput reports for them outside
    /// UPDATE: zero deltas, scale 1, angle 0, not cancelled.
    public init(
        _ kind: GestureKind,
        _ phase: GestureEventPhase,
        fingers fingerCount: Int,
        time: Timestamp,
        delta: Vector2 = .zero,
        unaccelerated unacceleratedDelta: Vector2? = nil,
        scale: Double = 1,
        angleDelta: Double = 0,
        cancelled isCancelled: Bool = false,
        device: UInt32? = nil
    ) {
        self.kind = kind
        self.phase = phase
        self.fingerCount = fingerCount
        self.time = time
        self.delta = delta
        self.unacceleratedDelta = unacceleratedDelta ?? delta
        self.scale = scale
        self.angleDelta = angleDelta
        self.isCancelled = isCancelled
        self.device = device
    }
}

extension GestureKind: CustomStringConvertible {
    /// libinput's name: "swipe", "pinch", "hold".
    public var description: String {
        switch self {
        case .swipe: "swipe"
        case .pinch: "pinch"
        case .hold: "hold"
        }
    }
}

extension GestureEvent: CustomStringConvertible {
    /// The event in `libinput debug-events` form, e.g. `GESTURE_SWIPE_UPDATE +1.234s 3 -1.00/ 2.00`.
    public var description: String {
        let name: String
        switch phase {
        case .begin: name = "GESTURE_\(kind.description.uppercased())_BEGIN"
        case .update: name = "GESTURE_\(kind.description.uppercased())_UPDATE"
        case .end: name = "GESTURE_\(kind.description.uppercased())_END"
        }
        var text = "\(name) +\(time)s \(fingerCount)"
        if phase == .update {
            text += " \(formatFixed(delta.x, decimals: 2))/\(formatFixed(delta.y, decimals: 2))"
            text += " (\(formatFixed(unacceleratedDelta.x, decimals: 2))/\(formatFixed(unacceleratedDelta.y, decimals: 2)) unaccelerated)"
            if kind == .pinch {
                text += " \(formatFixed(scale, decimals: 2)) @ \(formatFixed(angleDelta, decimals: 2))"
            }
        }
        if phase == .end && isCancelled { text += " cancelled" }
        return text
    }
}

// MARK: - Ranges an input source accepts

extension GestureEvent {
    /// The finger counts a touchpad gesture may have: 1 to 10. Every input source (recordings,
    /// `debug-events` text, the C ABI) rejects events outside it.
    public static let touchpadFingerCounts: ClosedRange<Int> = 1...10

    /// The largest |delta|, |unaccelerated delta|, |angle delta| and scale an input source
    /// accepts: 1e6 (100 m of finger travel in one event). Larger values are not input but
    /// corruption, and sums of them could overflow a binding's repeat-step count. Values must
    /// also be finite.
    public static let largestMagnitude: Double = 1e6
}
