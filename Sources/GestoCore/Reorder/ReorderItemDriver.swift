// Who drives one item's displayed position in a reorder: nothing (it rests in its slot), a
// spring (it moves to its slot), or the finger (it is the dragged item). niri's `ViewOffset`
// makes the same split; the drawing code reads positions, the engine decides the driver.

/// What drives an item's displayed position (its top-left corner, in points).
public enum ReorderItemDriver: Sendable {
    /// At rest at `origin` (points): its slot.
    case resting(origin: Vector2)
    /// Moving under a spring toward its slot; `presentedState(at:)` gives the position.
    case springing(SpringAnimation<Vector2>)
    /// Following the finger: displayed at `origin + offset` (points), moving at `velocity` (points
    /// per second). `origin` is where the item was shown when it was lifted.
    case following(origin: Vector2, offset: Vector2, velocity: Vector2)

    /// The displayed position and velocity at `time` (points, points per second). A spring at
    /// rest shows its target exactly, with velocity 0.
    public func state(at time: Timestamp) -> MotionState<Vector2> {
        switch self {
        case .resting(let origin): MotionState(value: origin, velocity: .zero)
        case .springing(let animation): animation.presentedState(at: time)
        case .following(let origin, let offset, let velocity): MotionState(value: origin + offset, velocity: velocity)
        }
    }

    /// Whether nothing moves this item at `time`: resting, or a spring at rest. The finger
    /// never counts as at rest.
    public func isAtRest(at time: Timestamp) -> Bool {
        switch self {
        case .resting: true
        case .springing(let animation): animation.isAtRest(at: time)
        case .following: false
        }
    }

    /// Whether the finger drives the item.
    public var isFollowing: Bool {
        switch self {
        case .resting, .springing: false
        case .following: true
        }
    }

    /// The same item heading for `target` (points) from `time`: a resting item starts a spring
    /// from where it rests; a moving spring is retargeted from its value and velocity at `time`
    /// (no jump in either), or restarted from its target if it had already come to rest; a
    /// spring already headed for `target`, or an item resting there, is left alone. The finger
    /// hands over its position and velocity to the new spring.
    func heading(to target: Vector2, at time: Timestamp, settings: ReorderSettings) -> ReorderItemDriver {
        func spring(from state: MotionState<Vector2>) -> ReorderItemDriver {
            .springing(SpringAnimation(parameters: settings.spring, from: state.value, to: target,
                                       initialVelocity: state.velocity, startTime: time, tolerance: settings.tolerance))
        }
        switch self {
        case .resting(let origin):
            return origin == target ? self : spring(from: MotionState(value: origin, velocity: .zero))
        case .springing(let animation):
            if animation.to == target { return self }
            if animation.isAtRest(at: time) { return spring(from: MotionState(value: animation.to, velocity: .zero)) }
            return .springing(animation.retargeted(to: target, at: time))
        case .following(let origin, let offset, let velocity):
            return spring(from: MotionState(value: origin + offset, velocity: velocity))
        }
    }
}
