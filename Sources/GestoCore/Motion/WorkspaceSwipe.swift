// Switching workspaces with a swipe (the `workspace:` action): the workspaces follow the
// fingers while they move and, on release, a spring carries them, with the release velocity,
// on to the neighbouring workspace or back (MOTION.md §4, §6; niri's and GNOME's workspace
// swipes). The decision is the one projection the rest of gesto's motion uses: the release's
// projected end against half a workspace. Pure: the host (a compositor plugin) shows progress.

/// Which workspace a `workspace:` binding goes to.
public enum WorkspaceDirection: String, Sendable, Hashable, CaseIterable {
    /// The next workspace on the output (sway's `next_on_output`; Wayfire: the one to the right).
    case next
    /// The previous workspace on the output (sway's `prev_on_output`; Wayfire: the one to the left).
    case previous
    /// The workspace to the left on a grid (Wayfire), the previous one in a list (sway).
    case left
    /// The workspace to the right on a grid, the next one in a list.
    case right
    /// The workspace above on a grid (Wayfire); a list of workspaces (sway) has none.
    case up
    /// The workspace below on a grid; a list of workspaces has none.
    case down

    /// The step on a grid of workspaces, +x right, +y down.
    public var gridStep: (x: Int, y: Int) {
        switch self {
        case .next, .right: (1, 0)
        case .previous, .left: (-1, 0)
        case .up: (0, -1)
        case .down: (0, 1)
        }
    }

    /// The unit vector of finger motion that brings the workspace in: the content follows the
    /// fingers, so the workspace to the right comes in as the fingers move left (macOS, GNOME,
    /// Hyprland's and Wayfire's defaults).
    public var fingerAxis: Vector2 {
        let step = gridStep
        return Vector2(-Double(step.x), -Double(step.y))
    }
}

/// Where a released workspace swipe goes.
public enum WorkspaceSwipeTarget: Sendable, Hashable {
    /// On to the neighbouring workspace (progress 1).
    case neighbour
    /// Back to the workspace the swipe started on (progress 0).
    case back
}

/// One workspace swipe: progress 0 is the workspace it started on, 1 the neighbour.
///
/// Units: translations in libinput delta units along ``axis``; ``distance`` units of travel
/// move one workspace (progress 1.0). Past 0 and 1 the progress rubber-bands (niri's workspace
/// band); without a neighbour, past 0 in both directions.
public struct WorkspaceSwipe: Sendable {
    /// niri's touchpad distance per workspace (`MotionUnits.niriWorkspace`): 300 units, about
    /// 29 mm of finger travel.
    public static let defaultDistance = 300.0

    /// Who drives the progress.
    public enum Phase: Sendable {
        /// At rest at `progress` (0, or 1 once arrived at the neighbour).
        case idle(progress: Double)
        /// Following the fingers from `origin` (a swipe may grab a spring in flight).
        case dragging(origin: Double)
        /// Carried by a spring toward ``WorkspaceSwipe/target``.
        case settling(SpringAnimation<Double>)
    }

    /// The finger motion that brings the neighbour in (unit vector).
    public let axis: Vector2
    /// Whether there is a neighbour in that direction (a grid's edge has none).
    public let hasNeighbour: Bool
    /// Conversion (``distance`` units per workspace), bounds, band, projection and spring.
    public let handOff: GestureHandOff
    /// Where the swipe is.
    public private(set) var phase: Phase = .idle(progress: 0)
    /// The target of the last release, while settling or once at rest after it; nil before
    /// the first release and while the fingers hold on.
    public private(set) var target: WorkspaceSwipeTarget?

    /// A swipe toward `direction`, `distance` delta units per workspace, settling with `parameters`.
    public init(direction: WorkspaceDirection, hasNeighbour: Bool = true, distance: Double = defaultDistance,
                parameters: SpringParameters = .niriWorkspaceSwitch) {
        axis = direction.fingerAxis
        self.hasNeighbour = hasNeighbour
        handOff = GestureHandOff(units: MotionUnits(distance: max(distance, 1)), bounds: 0...(hasNeighbour ? 1 : 0),
                                 rate: .touchpad, parameters: parameters)
    }

    /// The decision of a release: the neighbour when the gesture ended recognized, there is
    /// a neighbour, and the release's projected end (`translation` plus the projection of
    /// `velocity`, along `axis`, at the touchpad deceleration rate) is past half a workspace;
    /// else back. A failed or cancelled gesture goes back: nothing fires on those (DESIGN.md).
    public static func decision(translation: Vector2, velocity: Vector2, isRecognized: Bool, axis: Vector2,
                                distance: Double, hasNeighbour: Bool = true, origin: Double = 0) -> WorkspaceSwipeTarget {
        guard isRecognized, hasNeighbour else { return .back }
        let handOff = GestureHandOff(units: MotionUnits(distance: max(distance, 1)), bounds: 0...1, rate: .touchpad)
        let progress = origin + handOff.units.progress(fromDeltaUnits: translation.dot(axis))
        let target = handOff.target(progress: progress, velocity: handOff.units.progress(fromDeltaUnits: velocity.dot(axis)),
                                    snapPoints: [0, 1])
        return target == 1 ? .neighbour : .back
    }

    /// The fingers take hold at `time`: a spring in flight stops where it is, without a jump.
    public mutating func grab(at time: Timestamp) {
        target = nil
        switch phase {
        case .idle(let progress): phase = .dragging(origin: progress)
        case .dragging: break
        case .settling(let spring): phase = .dragging(origin: spring.value(at: time))
        }
    }

    /// The progress shown while the fingers are `translation` units from where they took hold.
    public func progress(dragging translation: Vector2) -> Double {
        switch phase {
        case .dragging(let origin): handOff.displayedProgress(translation: translation.dot(axis), origin: origin)
        case .idle(let progress): progress
        case .settling(let spring): spring.from
        }
    }

    /// The fingers lift at `time`, `translation` units from where they took hold, moving at
    /// `velocity` units/s; `isRecognized` is the gesture's verdict (ended). Returns the target.
    @discardableResult
    public mutating func release(translation: Vector2, velocity: Vector2, isRecognized: Bool,
                                 at time: Timestamp) -> WorkspaceSwipeTarget {
        let origin: Double
        switch phase {
        case .dragging(let at): origin = at
        case .idle(let at): origin = at
        case .settling(let spring): origin = spring.value(at: time)
        }
        let along = translation.dot(axis), speed = velocity.dot(axis)
        let target = Self.decision(translation: translation, velocity: velocity, isRecognized: isRecognized, axis: axis,
                                   distance: handOff.units.distance, hasNeighbour: hasNeighbour, origin: origin)
        let spring = handOff.animation(translation: along, velocity: speed, at: time, origin: origin,
                                       snapPoints: [target == .neighbour ? 1 : 0])
        phase = .settling(spring)
        self.target = target
        return target
    }

    /// The progress shown at `time`, and whether the swipe is at rest there (a settled spring
    /// becomes ``Phase/idle(progress:)`` at its target).
    public mutating func frame(at time: Timestamp) -> (progress: Double, atRest: Bool) {
        switch phase {
        case .idle(let progress): return (progress, true)
        case .dragging(let origin): return (origin, false)
        case .settling(let spring):
            guard spring.isAtRest(at: time) else { return (spring.presentedState(at: time).value, false) }
            phase = .idle(progress: spring.to)
            return (spring.to, true)
        }
    }
}
