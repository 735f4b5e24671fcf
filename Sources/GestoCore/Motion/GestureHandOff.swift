// The moment a continuous gesture ends: its position and velocity become a spring's initial
// state, so the motion continues without a jump (MOTION.md §6; niri `view_offset_gesture_end`).
// Units are converted explicitly, the rubber band is honoured, and the target is the snap point
// nearest the projected end.

/// How a released gesture turns into a spring animation of progress.
///
/// On release at raw progress `p` (finger position converted by ``units``) with raw velocity
/// `v` (progress/s):
/// 1. target = the snap point nearest `p + rate.project(velocity: v)` (nil snap points: `p`
///    clamped into ``bounds``);
/// 2. from = the displayed value (rubber-banded past ``bounds``);
/// 3. initial velocity = `v · b′(e)` in overscroll (the displayed value's true velocity), else `v`.
public struct GestureHandOff: Sendable {
    /// Converts libinput delta units to progress.
    public var units: MotionUnits
    /// Where progress may go without resistance.
    public var bounds: ClosedRange<Double>
    /// The resistance past ``bounds``, or nil for a hard clamp of the displayed value.
    public var rubberBand: RubberBand?
    /// The deceleration used to project the release velocity (touchpad 0.997 per ms).
    public var rate: DecelerationRate
    /// The spring that takes over.
    public var parameters: SpringParameters

    /// Makes a hand-off. Defaults: niri's workspace gesture band (c 0.5, L 0.05 of a page),
    /// touchpad deceleration, niri's workspace-switch spring.
    public init(
        units: MotionUnits, bounds: ClosedRange<Double>,
        rubberBand: RubberBand? = RubberBand(coefficient: 0.5, dimension: 0.05),
        rate: DecelerationRate = .touchpad, parameters: SpringParameters = .niriWorkspaceSwitch
    ) {
        self.units = units
        self.bounds = bounds
        self.rubberBand = rubberBand
        self.rate = rate
        self.parameters = parameters
    }

    /// The progress displayed while the finger is at `translation` libinput delta units from the
    /// gesture start, starting from `origin` progress.
    public func displayedProgress(translation: Double, origin: Double = 0) -> Double {
        let raw = origin + units.progress(fromDeltaUnits: translation)
        guard let rubberBand else { return min(max(raw, bounds.lowerBound), bounds.upperBound) }
        return rubberBand.displayed(raw: raw, within: bounds)
    }

    /// The snap point nearest the projected end of a release at `progress` moving at `velocity`
    /// progress/s, or the projected end clamped into ``bounds`` when `snapPoints` is empty.
    public func target(progress: Double, velocity: Double, snapPoints: [Double]) -> Double {
        let projected = progress + rate.project(velocity: velocity)
        guard var best = snapPoints.first else { return min(max(projected, bounds.lowerBound), bounds.upperBound) }
        for point in snapPoints where abs(point - projected) < abs(best - projected) { best = point }
        return best
    }

    /// The spring that continues a gesture released at `time` with the finger at `translation`
    /// libinput delta units from the start (progress `origin` at the start), moving at
    /// `velocity` delta units per second (the ``VelocityTracker`` result at lift time).
    public func animation(
        translation: Double, velocity: Double, at time: Timestamp, origin: Double = 0, snapPoints: [Double]
    ) -> SpringAnimation<Double> {
        let raw = origin + units.progress(fromDeltaUnits: translation)
        let rawVelocity = units.progress(fromDeltaUnits: velocity)
        let from = displayedProgress(translation: translation, origin: origin)
        let slope: Double
        if let rubberBand {
            slope = rubberBand.slope(raw: raw, within: bounds)
        } else {
            slope = bounds.contains(raw) ? 1 : 0
        }
        let target = target(progress: raw, velocity: rawVelocity, snapPoints: snapPoints)
        return SpringAnimation(parameters: parameters, from: from, to: target, initialVelocity: rawVelocity * slope,
                               startTime: time, tolerance: .progress)
    }

    /// A 2-D hand-off in points (a dragged window or overlay): the spring starts at the released
    /// translation with the tracker's velocity, both converted from delta units to points.
    /// ``parameters``' own epsilon is for progress, so rest uses `tolerance` (points) instead.
    public func animation2D(
        translation: Vector2, velocity: Vector2, to target: Vector2, at time: Timestamp,
        tolerance: RestTolerance = .points
    ) -> SpringAnimation<Vector2> {
        let scale = units.pointsPerDeltaUnit
        var pointParameters = parameters
        pointParameters.restTolerance = nil
        return SpringAnimation(parameters: pointParameters, from: translation * scale, to: target,
                               initialVelocity: velocity * scale, startTime: time, tolerance: tolerance)
    }
}
