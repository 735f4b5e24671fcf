// Commitment: the moment a recognizer's gesture is really happening, not merely past its first
// threshold crossing. `on-threshold` (and `on-begin` for swipes) bindings fire on it, so an early
// action is the gesture the lift will confirm. One rule for touchpads and touchscreens. Pure:
// fed the recognizer's own reports.
// State diagram: watching ─reports agree for the window→ committed ─final report→ (reset)
//                watching ─a report disagrees→ watching (the window starts again).
#if canImport(Glibc)
import Glibc
#endif

/// What a recognizer committed to: the gesture (with its direction) and why, at `time`.
///
/// Units: `travel` and `projected` in the recognizer's distance units (libinput's
/// unaccelerated delta units on touchpads), `speed` in those units per second, `scale` relative
/// to the start, `angle` in degrees (clockwise positive). `dominance` is how many times more
/// of the fingers' motion went into the committed quantity than into the other one (scale
/// against rotation for a pinch, rotation against scale for a rotation; 0 for a swipe).
public struct GestureCommitment: Sendable, Hashable {
    /// The gesture committed to, with its direction.
    public var name: GestureName
    /// The time of the report that committed.
    public var time: Timestamp
    /// Swipe: travel along the direction at the commitment.
    public var travel: Double = 0
    /// Swipe: velocity along the direction (the recognizer's least-squares estimate).
    public var speed: Double = 0
    /// Swipe: the projected end (travel plus the velocity's projection) along the direction.
    public var projected: Double = 0
    /// Pinch and rotation: the scale at the commitment.
    public var scale: Double = 1
    /// Pinch and rotation: the accumulated angle at the commitment.
    public var angle: Double = 0
    /// Pinch and rotation: the committed motion over the other (see the type's summary).
    public var dominance: Double = 0

    public init(name: GestureName, time: Timestamp) {
        self.name = name
        self.time = time
    }
}

/// When a gesture kind may commit (the `commit` setting of pinches).
public enum CommitTime: String, Sendable, Hashable, CaseIterable {
    /// Once its reports agree for the window (``CommitmentTracker``'s rule).
    case early
    /// Only at its lift: the gesture never commits, so an early binding fires at the end if the
    /// gesture ends recognized, as an on-end one. A pinch is reversible, and on a real
    /// touchpad its reversal comes too late for any rule to see: libinput-1.22 recording 012
    /// closes from 1 to 0.23 and opens again to end at 1.04, and for its first 0.6 s it is,
    /// within 0.05 of scale at every instant, recording 010's complete pinch in.
    case lift
}

/// The rule's constants for one gesture kind (``SwipeSettings``, ``PinchSettings`` and
/// ``RotateSettings`` carry them as `commit-*` settings).
public struct CommitmentSettings: Sendable, Hashable {
    /// Whether the kind commits early, by this rule, or only at its lift.
    public var time: CommitTime
    /// How long every report must agree before the gesture commits, in seconds.
    public var window: Double
    /// Swipes: the least velocity along the direction, in distance units per second (0: any).
    public var minimumSpeed: Double
    /// Pinches and rotations: how many times the committed motion must exceed the other (0: any).
    public var dominance: Double
    /// Swipes: whether the direction sectors are the eight 45° ones (else the four axes).
    public var diagonals: Bool

    public init(window: Double, minimumSpeed: Double = 0, dominance: Double = 0, diagonals: Bool = false,
                time: CommitTime = .early) {
        self.time = time
        self.window = window
        self.minimumSpeed = minimumSpeed
        self.dominance = dominance
        self.diagonals = diagonals
    }
}

/// Decides, from one gesture's reports, when the recognizer has committed to it.
///
/// Feed every report of one gesture, in order, to ``observe(_:)``; after a final report the
/// tracker is ready for the next gesture. A report *agrees* when:
/// - **swipe**: its direction is decided, the translation, the velocity and the projected end
///   (``GestureValue/predictedEndTranslation``) all lie in that direction's sector (four axes,
///   or eight with diagonals), and the velocity along it is at least
///   ``CommitmentSettings/minimumSpeed``;
/// - **pinch**: its direction is decided, it reached its threshold (progress 1: the few
///   hundredths a pinch or a rotation first moves by say nothing of which it is), the scale is
///   on that side of 1 and did not move back
///   since the previous report, and the path the scale travelled (Σ|Δ ln scale|) is at least
///   ``CommitmentSettings/dominance`` times the path the angle travelled (Σ|Δθ| in radians):
///   for two fingers a distance d apart these are the radial and the tangential finger motion
///   over d/2, so the pinch is where the fingers' motion went;
/// - **rotation**: the same with angle and scale exchanged.
///
/// The gesture commits on the report that agrees when every report since the first of an
/// unbroken run of agreeing ones with the same name is at least ``CommitmentSettings/window``
/// old; a disagreeing report starts the run again. The commitment then holds for the rest of
/// the gesture (committed state persists; a stroke that turns later does not un-commit, which
/// is why the rule asks for agreement first). A stroke that keeps turning (a Z, a looped b, a
/// circle) never holds one sector at speed and never commits; a rotation's scale drift is
/// dominated by its angle, and never commits as a pinch.
///
/// Other gesture kinds (holds, long presses, long-press-drags, taps, touch long presses) are not
/// tracked: ``observe(_:)`` returns nil for them.
///
/// Touchscreens: touch swipes, edge swipes, touch pinches and touch rotations commit by the same
/// rule over the fingers' centroid travel, spread and turn (their reports carry both scale and
/// angle, as libinput's pinch events do), with the touchscreen presets of ``SwipeSettings``,
/// ``PinchSettings`` and ``RotateSettings`` (``TouchSettings``) in the touchscreen's unit (millimetres, or percent of the screen: the caller sets
/// the minimum speed for the unit of the frames). An edge swipe's direction is its edge's inward
/// normal. Keep one tracker per gesture in progress, next to the recognizer or the group that
/// owns the verdict (``RecognizerGroups`` keeps one per kind and group).
public struct CommitmentTracker: Sendable {
    /// The rule's constants.
    public var settings: CommitmentSettings

    private enum State: Sendable {
        /// No report of a gesture yet.
        case idle
        /// Reports seen; `runStart` is the first of the current run of agreeing reports.
        case watching(runStart: Timestamp?, runName: GestureName?)
        case committed(GestureCommitment)
    }

    private var state: State = .idle
    /// The previous report's scale and angle, and the paths each travelled (pinch, rotation).
    private var lastLogScale = 0.0
    private var lastAngle = 0.0
    private var scalePath = 0.0
    private var anglePath = 0.0

    /// Makes a tracker with the rule's constants.
    public init(settings: CommitmentSettings) { self.settings = settings }

    /// The commitment made for the gesture in progress, or nil.
    public var commitment: GestureCommitment? {
        switch state {
        case .committed(let commitment): commitment
        case .idle, .watching: nil
        }
    }

    /// Forgets the gesture in progress.
    public mutating func reset() {
        state = .idle
        lastLogScale = 0
        lastAngle = 0
        scalePath = 0
        anglePath = 0
    }

    /// Feeds the next report of the gesture; returns the commitment if it was made by this
    /// report (nil otherwise, also for a final report: the lift is not a commitment).
    public mutating func observe(_ report: RecognizedGesture) -> GestureCommitment? {
        guard Self.isTracked(report.name), settings.time == .early else { return nil }
        if report.phase.isFinal {
            reset()
            return nil
        }
        switch state {
        case .idle: state = .watching(runStart: nil, runName: nil)
        case .watching: break
        // Committed, nothing more is decided until the final report resets the tracker: the
        // paths below are read only while watching.
        case .committed: return nil
        }
        let logScale = log(max(report.scale, 1e-9))
        let scaleStep = logScale - lastLogScale, angleStep = report.angle - lastAngle
        if scaleStep.isFinite { scalePath += abs(scaleStep) }
        if angleStep.isFinite { anglePath += abs(angleStep) * .pi / 180 }
        lastLogScale = logScale
        lastAngle = report.angle
        switch state {
        case .idle, .committed:
            return nil
        case .watching(let runStart, let runName):
            guard report.phase != .arming, let made = agreement(report, scaleStep: scaleStep, angleStep: angleStep) else {
                state = .watching(runStart: nil, runName: nil)
                return nil
            }
            let start = runName == report.name ? (runStart ?? report.time) : report.time
            if report.time.seconds(since: start) >= settings.window {
                state = .committed(made)
                return made
            }
            state = .watching(runStart: start, runName: report.name)
            return nil
        }
    }

    /// Whether `name`'s kind commits: swipes, pinches and rotations, on touchpads and on
    /// touchscreens (touch swipes, edge swipes, touch pinches and touch rotations).
    public static func isTracked(_ name: GestureName) -> Bool {
        switch name.gesture {
        case .swipe, .pinch, .rotate, .edgeSwipe: true
        case .hold, .longPress, .longPressDrag, .tap, .doubleTap: false
        }
    }

    /// The commitment `report` would make if the window had passed, or nil if it disagrees.
    private func agreement(_ report: RecognizedGesture, scaleStep: Double, angleStep: Double) -> GestureCommitment? {
        var made = GestureCommitment(name: report.name, time: report.time)
        switch report.name.gesture {
        case .swipe(let direction?):
            guard swipeAgrees(report, direction, &made) else { return nil }
        case .edgeSwipe(let edge):
            // An edge swipe's direction is its edge's inward normal.
            guard swipeAgrees(report, edge.inward, &made) else { return nil }
        case .pinch(let direction?):
            let sign: Double = direction == .out ? 1 : -1
            guard report.progress >= 1, sign * log(max(report.scale, 1e-9)) > 0, sign * scaleStep >= 0,
                  scalePath >= settings.dominance * anglePath else { return nil }
            made.dominance = anglePath > 0 ? scalePath / anglePath : .infinity
        case .rotate(let direction?):
            let sign: Double = direction == .clockwise ? 1 : -1
            let angleRadians = anglePath
            guard report.progress >= 1, sign * report.angle > 0, sign * angleStep >= 0,
                  angleRadians >= settings.dominance * scalePath else { return nil }
            made.dominance = scalePath > 0 ? angleRadians / scalePath : .infinity
        case .swipe(nil), .pinch(nil), .rotate(nil), .hold, .longPress, .longPressDrag, .tap, .doubleTap:
            return nil
        }
        made.scale = report.scale
        made.angle = report.angle
        return made
    }

    /// Whether a swipe's report agrees on `direction`: the translation, the velocity and the
    /// projected end all in its sector, at ``CommitmentSettings/minimumSpeed`` or faster.
    private func swipeAgrees(_ report: RecognizedGesture, _ direction: SwipeDirection, _ made: inout GestureCommitment) -> Bool {
        let diagonals = settings.diagonals
        guard SwipeDirection(of: report.translation, diagonals: diagonals) == direction,
              SwipeDirection(of: report.velocity, diagonals: diagonals) == direction,
              SwipeDirection(of: report.predictedEndTranslation, diagonals: diagonals) == direction
        else { return false }
        let axis = direction.unitVector
        made.speed = report.velocity.dot(axis)
        guard made.speed >= settings.minimumSpeed else { return false }
        made.travel = report.translation.dot(axis)
        made.projected = report.predictedEndTranslation.dot(axis)
        return true
    }
}
