// Moving a window with a swipe (the `window-motion:` action): the window follows the fingers
// 1:1 while they move, and on release a critically damped 2-D spring carries it, with the
// release velocity, to a snap target chosen by projecting the flick (MOTION.md §4, §6).
// Scaling a window with a pinch (`window-motion:` on a pinch): the window grows and shrinks
// about its centre with the pinch's scale, and on release the same springs carry it to the
// target whose size is nearest (back, or maximize when it is among the snaps).
// Pure: the daemon's WindowMotionDriver reads rects from the compositor and applies frames.

/// A rectangle in compositor layout pixels: origin at the top-left, +y down.
public struct WindowRect: Hashable, Sendable, CustomStringConvertible {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x; self.y = y; self.width = width; self.height = height
    }

    /// The top-left corner.
    public var origin: Vector2 { Vector2(x, y) }
    /// The centre.
    public var center: Vector2 { Vector2(x + width / 2, y + height / 2) }

    public var description: String {
        "\(formatCompact(width))x\(formatCompact(height)) at (\(formatCompact(x)), \(formatCompact(y)))"
    }
}

/// Where a released window may settle.
public enum WindowSnap: String, Sendable, Hashable, CaseIterable {
    /// The left half of the output's usable area.
    case left
    /// The right half.
    case right
    /// The whole usable area.
    case maximize
    /// Back where the window was when the motion started.
    case back
}

/// One window's motion: grabbed by a swipe, dragged, released to a snap target, and grabbed
/// again (mid-flight too) by the next swipe.
///
/// Units: rects and positions in layout pixels; gesture translations and velocities in
/// libinput delta units (per second), converted by ``scale`` (pixels per delta unit; 1 by
/// default: a 1000-dpi normalised delta unit is roughly one pixel of a 96-dpi screen).
///
/// The position and the size each follow a spring with the same constants: the position
/// starts with the release velocity, the size from rest (the fingers only move the window).
public struct WindowMotion: Sendable {
    /// Where the motion is.
    public enum Phase: Sendable {
        /// Not moving, at `origin`.
        case idle(origin: Vector2)
        /// Following a gesture that grabbed the window at `origin`.
        case dragging(grabOrigin: Vector2)
        /// Carried by a spring toward ``targetRect``.
        case settling(SpringAnimation<Vector2>)
    }

    /// The window's rect when the motion started: the ``WindowSnap/back`` target.
    public let start: WindowRect
    /// The usable area of the window's output.
    public let area: WindowRect
    /// The snap targets a release may choose (never empty: ``WindowSnap/back`` when none given).
    public let snaps: [WindowSnap]
    /// Pixels per libinput delta unit.
    public let scale: Double
    /// The spring of the release (an `epsilon` below half a pixel is dropped for
    /// ``tolerance``).
    public let parameters: SpringParameters
    /// The deceleration the release velocity is projected with.
    public let rate: DecelerationRate
    /// Where the motion is.
    public private(set) var phase: Phase
    /// The target chosen by the last release, until the next grab.
    public private(set) var target: WindowSnap?
    /// The size shown while not settling (the start's, or the last target's once at rest).
    public private(set) var size: Vector2
    /// The size's spring, while settling.
    public private(set) var sizeSpring: SpringAnimation<Vector2>?

    /// A motion of a window at `start` on an output whose usable area is `area`.
    public init(
        start: WindowRect, area: WindowRect, snaps: [WindowSnap] = WindowSnap.allCases, scale: Double = 1,
        parameters: SpringParameters = .niriWindowMovement, rate: DecelerationRate = .touchpad
    ) {
        self.start = start
        self.area = area
        self.snaps = snaps.isEmpty ? [.back] : snaps
        self.scale = scale
        self.parameters = Self.pixelParameters(parameters)
        self.rate = rate
        self.phase = .idle(origin: start.origin)
        self.size = Vector2(start.width, start.height)
    }

    /// The rect of a snap target.
    public func rect(of snap: WindowSnap) -> WindowRect {
        switch snap {
        case .left: WindowRect(x: area.x, y: area.y, width: (area.width / 2).rounded(.down), height: area.height)
        case .right:
            WindowRect(x: area.x + (area.width / 2).rounded(.down), y: area.y,
                       width: area.width - (area.width / 2).rounded(.down), height: area.height)
        case .maximize: area
        case .back: start
        }
    }

    /// The point a projected centre is compared with to choose `snap`: the target rect's
    /// centre, except for ``WindowSnap/maximize``, whose point is the middle of the area's top
    /// edge ("throw it at the top to maximize"). Its centre would be the centre of the
    /// output, where compositors place new floating windows, so a centred window could never
    /// tell maximize from back.
    public func choicePoint(of snap: WindowSnap) -> Vector2 {
        snap == .maximize ? Vector2(area.x + area.width / 2, area.y) : rect(of: snap).center
    }

    /// The target rect of the last release, if any.
    public var targetRect: WindowRect? { target.map(rect(of:)) }

    /// The origin and size the window shows at `time`, and whether it is at rest there.
    public func frame(at time: Timestamp) -> (origin: Vector2, size: Vector2, atRest: Bool) {
        switch phase {
        case .idle(let origin): return (origin, size, true)
        case .dragging(let grab): return (grab, size, false)
        case .settling(let spring):
            let state = spring.presentedState(at: time)
            let shownSize = sizeSpring?.presentedState(at: time).value ?? size
            return (state.value, shownSize, spring.isAtRest(at: time) && sizeSpring?.isAtRest(at: time) != false)
        }
    }

    /// The spring, while settling.
    public var spring: SpringAnimation<Vector2>? {
        if case .settling(let spring) = phase { return spring }
        return nil
    }

    /// A gesture grabs the window at `time`: a spring in flight stops where it is (MOTION.md
    /// §6.4), so the window does not jump. Returns the grab origin.
    @discardableResult
    public mutating func grab(at time: Timestamp) -> Vector2 {
        let origin: Vector2
        switch phase {
        case .idle(let at): origin = at
        case .dragging(let at): origin = at
        case .settling(let spring): origin = spring.value(at: time)
        }
        if let sizeSpring { size = sizeSpring.value(at: time) }
        sizeSpring = nil
        phase = .dragging(grabOrigin: origin)
        target = nil
        return origin
    }

    /// The scales a pinch may show a window at: a hundredth to a hundred times its size (a
    /// corrupt or runaway scale must not make a rect of zero or infinite size).
    public static let pinchScales: ClosedRange<Double> = 0.01...100

    /// The origin and size while a pinch that grabbed the window is at `pinchScale` (relative to
    /// the grab): the grabbed rect scaled about its centre.
    public func pinched(scale pinchScale: Double) -> (origin: Vector2, size: Vector2) {
        let factor = pinchScale.isFinite ? min(max(pinchScale, Self.pinchScales.lowerBound), Self.pinchScales.upperBound) : 1
        let origin: Vector2
        switch phase {
        case .dragging(let grab), .idle(let grab): origin = grab
        case .settling(let spring): origin = spring.from
        }
        let centre = origin + size * 0.5
        let scaled = size * factor
        return (centre - scaled * 0.5, scaled)
    }

    /// The snap target for a pinched window shown at `size`: among ``WindowSnap/back`` and,
    /// when it is one of ``snaps``, ``WindowSnap/maximize``, the one whose size is nearest
    /// (a pinch says how big, not where: left and right are not a pinch's).
    public func chooseTarget(size shown: Vector2) -> WindowSnap {
        var best = WindowSnap.back
        if snaps.contains(.maximize),
           (Self.size(of: rect(of: .maximize)) - shown).length < (Self.size(of: rect(of: .back)) - shown).length {
            best = .maximize
        }
        return best
    }

    /// A pinch that grabbed the window lifts at `time` at `pinchScale`: the springs start from
    /// the pinched rect, at rest (a pinch gives no velocity of the window's edges), toward the
    /// target of nearest size. Returns the target.
    @discardableResult
    public mutating func release(scale pinchScale: Double, at time: Timestamp) -> WindowSnap {
        let (from, shown) = pinched(scale: pinchScale)
        let snap = chooseTarget(size: shown)
        phase = .settling(SpringAnimation(parameters: parameters, from: from, to: rect(of: snap).origin,
                                          startTime: time, tolerance: Self.tolerance))
        size = shown
        sizeSpring = SpringAnimation(parameters: parameters, from: shown, to: Self.size(of: rect(of: snap)),
                                     startTime: time, tolerance: Self.tolerance)
        target = snap
        return snap
    }

    /// The origin while the fingers are `translation` delta units from where they grabbed.
    public func dragged(translation: Vector2) -> Vector2 {
        switch phase {
        case .dragging(let grab): grab + translation * scale
        case .idle(let origin): origin + translation * scale
        case .settling(let spring): spring.from
        }
    }

    /// The snap target for a window at `origin` moving at `velocity` pixels per second: the
    /// one whose ``choicePoint(of:)`` is nearest the projected centre (earlier in ``snaps``
    /// on a tie).
    public func chooseTarget(origin: Vector2, velocity: Vector2) -> WindowSnap {
        let centre = origin + Vector2(start.width / 2, start.height / 2)
        let projected = centre + Vector2(rate.project(velocity: velocity.x), rate.project(velocity: velocity.y))
        var best = snaps[0]
        for snap in snaps.dropFirst()
        where (choicePoint(of: snap) - projected).length < (choicePoint(of: best) - projected).length {
            best = snap
        }
        return best
    }

    /// The fingers lift at `time`, `translation` delta units from the grab, moving at `velocity`
    /// delta units per second: a spring starts from the dragged position with that velocity
    /// toward the chosen target's origin. Returns the target.
    @discardableResult
    public mutating func release(translation: Vector2, velocity: Vector2, at time: Timestamp) -> WindowSnap {
        let from = dragged(translation: translation)
        let pixelsPerSecond = velocity * scale
        let snap = chooseTarget(origin: from, velocity: pixelsPerSecond)
        phase = .settling(SpringAnimation(parameters: parameters, from: from, to: rect(of: snap).origin,
                                          initialVelocity: pixelsPerSecond, startTime: time,
                                          tolerance: Self.tolerance))
        sizeSpring = SpringAnimation(parameters: parameters, from: size, to: Self.size(of: rect(of: snap)),
                                     startTime: time, tolerance: Self.tolerance)
        target = snap
        return snap
    }

    /// Sends a window in flight (or at rest) to another target from `time` on, keeping its
    /// position and velocity continuous (MOTION.md §6.3).
    public mutating func retarget(to snap: WindowSnap, at time: Timestamp) {
        switch phase {
        case .settling(let spring):
            phase = .settling(spring.retargeted(to: rect(of: snap).origin, at: time))
        case .idle(let origin), .dragging(let origin):
            phase = .settling(SpringAnimation(parameters: parameters, from: origin, to: rect(of: snap).origin,
                                              startTime: time, tolerance: Self.tolerance))
        }
        sizeSpring = sizeSpring?.retargeted(to: Self.size(of: rect(of: snap)), at: time)
            ?? SpringAnimation(parameters: parameters, from: size, to: Self.size(of: rect(of: snap)),
                               startTime: time, tolerance: Self.tolerance)
        target = snap
    }

    /// Marks the motion at rest at its target, position and size (the driver calls this once
    /// it showed the frame at rest).
    public mutating func settle() {
        if case .settling(let spring) = phase { phase = .idle(origin: spring.to) }
        if let sizeSpring { size = sizeSpring.to }
        sizeSpring = nil
    }

    /// A rect's size as a vector (width, height).
    static func size(of rect: WindowRect) -> Vector2 { Vector2(rect.width, rect.height) }

    /// Window positions are whole pixels: rest within half a pixel, moving under 31 px/s.
    public static let tolerance = RestTolerance(position: 0.5)
}

extension WindowMotion {
    /// The release spring's parameters for pixels: a progress-sized `epsilon` (niri's 1e-4)
    /// would keep the frame timer running long after the window stopped visibly moving.
    static func pixelParameters(_ parameters: SpringParameters) -> SpringParameters {
        var result = parameters
        if let tolerance = result.restTolerance, tolerance.position < WindowMotion.tolerance.position { result.restTolerance = nil }
        return result
    }
}
