// The value behind continuous-gesture feedback, driven first by the finger and then by a spring
// (niri's `ViewOffset`: gesture-driven, then animating). Pure: time is an argument, so the overlay
// that draws it, the tests and the benchmarks all evaluate it at instants they choose.

/// Feedback progress for one `continuous` binding: 0 at the gesture start, 1 at the binding's
/// threshold, rubber-banded past 1; on release it flies out (committed) or springs back to 0.
///
/// Phases of the ``RecognizedGesture`` fed to ``handle(_:)`` (the firing's phase):
/// - `began`, `changed`: the finger drives the value 1:1 (translation along the direction ÷
///   threshold). A `began` during a release interrupts the spring: the finger continues from the
///   spring's current value, without a jump.
/// - `ended`: committed; a spring carries the released position and velocity to ``flyOutProgress``.
/// - `failed`, `cancelled`: a spring carries them back to 0.
/// - `arming`: ignored (no direction yet).
public struct ContinuousFeedback: Sendable {
    /// How a release ends.
    public enum Outcome: Sendable, Hashable {
        /// The gesture ended recognized: the indicator flies out.
        case committed
        /// The gesture failed or was cancelled: the indicator springs back.
        case cancelled
    }

    /// Who drives the value.
    public enum State: Sendable {
        /// Nothing to show (at rest after a release, or never started).
        case idle
        /// The finger drives the value; `origin` is the progress the gesture started from.
        case tracking(direction: SwipeDirection, origin: Double, displayed: Double)
        /// A spring drives the value after a release.
        case releasing(direction: SwipeDirection, animation: SpringAnimation<Double>, outcome: Outcome)
    }

    /// The value and where it moves, at one instant.
    public struct Presentation: Sendable, Equatable {
        /// The direction the gesture moves in (diagonals folded onto their horizontal part).
        public var direction: SwipeDirection
        /// Displayed progress (0 = start, 1 = threshold).
        public var progress: Double
    }

    /// Progress that the fly-out reaches by default: far enough that an indicator travelling a
    /// fifth of the screen per unit of progress leaves it.
    public static let defaultFlyOutProgress = 6.0

    /// Who drives the value now.
    public private(set) var state: State = .idle
    /// Conversion, rubber band (past 0…1), projection and spring of the release.
    public var handOff: GestureHandOff
    /// Where a committed release goes, in progress (beyond 1: off the screen).
    public var flyOutProgress: Double

    /// Makes idle feedback.
    ///
    /// - Parameters:
    ///   - threshold: The binding's swipe threshold in libinput delta units (progress 1).
    ///   - flyOutProgress: The target of a committed release, in progress.
    ///   - parameters: The release spring (default niri's window movement: ζ 1, k 800).
    public init(threshold: Double, flyOutProgress: Double = defaultFlyOutProgress,
                parameters: SpringParameters = .niriWindowMovement) {
        handOff = GestureHandOff(units: MotionUnits(distance: max(threshold, 1)), bounds: 0...1,
                                 rubberBand: RubberBand(coefficient: RubberBand.uiScrollViewCoefficient, dimension: 0.5),
                                 rate: .touchpad, parameters: parameters)
        self.flyOutProgress = flyOutProgress
    }

    /// The folded direction of a gesture name: right/left/up/down; diagonals use their horizontal
    /// part; an edge swipe moves inward from its edge; nil when no direction is decided yet.
    public static func direction(of name: GestureName) -> SwipeDirection? {
        let decided: SwipeDirection
        switch name.gesture {
        case .swipe(let direction?): decided = direction
        case .edgeSwipe(let edge): return edge.inward
        case .swipe(nil), .pinch, .rotate, .hold, .longPress, .longPressDrag, .tap, .doubleTap:
            return nil
        }
        switch decided {
        case .left, .upLeft, .downLeft: return .left
        case .right, .upRight, .downRight: return .right
        case .up: return .up
        case .down: return .down
        }
    }

    /// Feeds one report of the binding's stream (see the type's summary for each phase).
    public mutating func handle(_ gesture: RecognizedGesture) {
        let time = gesture.time
        switch gesture.phase {
        case .arming:
            return
        case .began, .changed:
            let origin: Double
            let direction: SwipeDirection
            switch state {
            case .tracking(let current, let start, _):
                direction = current
                origin = start
            case .releasing(let current, let animation, _):
                // Interrupted: continue from where the spring is now, in raw (unbanded) progress.
                let decided = Self.direction(of: gesture.name) ?? current
                direction = decided
                let shown = animation.value(at: time)
                origin = handOff.rubberBand?.raw(displayed: shown, within: handOff.bounds) ?? shown
                if decided != current { state = .idle; return handle(gesture) }
            case .idle:
                guard let decided = Self.direction(of: gesture.name) else { return }
                direction = decided
                origin = 0
            }
            let along = gesture.translation.dot(direction.unitVector)
            state = .tracking(direction: direction, origin: origin,
                              displayed: handOff.displayedProgress(translation: along, origin: origin))
        case .ended, .failed, .cancelled:
            guard case .tracking(let direction, let origin, _) = state else { return }
            let along = gesture.translation.dot(direction.unitVector)
            let velocity = gesture.velocity.dot(direction.unitVector)
            let outcome: Outcome = gesture.phase == .ended ? .committed : .cancelled
            let target = outcome == .committed ? flyOutProgress : 0
            let animation = handOff.animation(translation: along, velocity: velocity, at: time, origin: origin,
                                              snapPoints: [target])
            state = .releasing(direction: direction, animation: animation, outcome: outcome)
        }
    }

    /// What to show at `time`, or nil when idle.
    public func presentation(at time: Timestamp) -> Presentation? {
        switch state {
        case .idle:
            return nil
        case .tracking(let direction, _, let displayed):
            return Presentation(direction: direction, progress: displayed)
        case .releasing(let direction, let animation, _):
            return Presentation(direction: direction, progress: animation.presentedState(at: time).value)
        }
    }

    /// Whether nothing moves at `time`: idle, or a release whose spring is at rest. A finger
    /// on the touchpad counts as moving (it may move again at any report).
    public func isAtRest(at time: Timestamp) -> Bool {
        switch state {
        case .idle: return true
        case .tracking: return false
        case .releasing(_, let animation, _): return animation.isAtRest(at: time)
        }
    }

    /// Becomes idle if the release has come to rest at `time`; returns whether it is idle.
    @discardableResult
    public mutating func settle(at time: Timestamp) -> Bool {
        if case .releasing = state, isAtRest(at: time) { state = .idle }
        if case .idle = state { return true }
        return false
    }
}
