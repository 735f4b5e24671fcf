// Touch events in, touch frames out: the one place where libinput's per-slot TOUCH_DOWN /
// MOTION / UP / CANCEL events become the set of active touches of one TOUCH_FRAME, and where
// the stroke's motion (centroid, spread, angle) is computed from the raw points. Bad input
// (events with no frame, a slot reused without UP, more than ten fingers) is repaired and
// reported as a ``TouchDiagnostic``, never trapped on.
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// An input the assembler did not expect, and what it did about it.
public struct TouchDiagnostic: Sendable, Hashable, CustomStringConvertible {
    /// The time of the event.
    public var time: Timestamp
    /// The event, as libinput names it (`TOUCH_DOWN`).
    public var event: String
    /// The slot (``TouchEvent/singleTouchSlot``, -1, on a single-touch screen); -1 and unused
    /// for TOUCH_FRAME and TOUCH_CANCEL.
    public var slot: Int32
    /// What was wrong and what the assembler did.
    public var outcome: String

    public init(time: Timestamp, event: String, slot: Int32, outcome: String) {
        self.time = time
        self.event = event
        self.slot = slot
        self.outcome = outcome
    }

    /// `touch: TOUCH_DOWN slot 3 at 1.234 s (input bug): …`.
    public var description: String {
        let hasSlot = slot >= 0 || (event != TouchEventKind.frame.eventName && event != TouchEventKind.cancel.eventName)
        return "touch: \(event)\(hasSlot ? " slot \(slot)" : "") at \(time) s (input bug): \(outcome)"
    }
}

/// Assembles one touchscreen's events into ``TouchFrame``s.
///
/// Feed events in order with ``handle(_:emit:diagnose:)``; each `TOUCH_FRAME` emits one frame
/// (a frame with no change emits nothing). Positions are in millimetres when the device's size
/// is known (it reports a resolution), else in percent of the screen.
public struct TouchFrameAssembler: Sendable {
    /// The most touches tracked at once: 10, the fingers of two hands (the 3M MicroTouch of the
    /// test corpus has 60 slots). Touches beyond are ignored with a diagnostic.
    public static let maximumTouches = 10
    /// Changes waiting this long for their TOUCH_FRAME are framed without it: 0 µs, i.e. an
    /// event at a later time than the pending changes closes them (libinput frames each kernel
    /// SYN_REPORT, so two times in one frame do not happen).
    public static let frameGap: Int64 = 0

    /// The device's size in millimetres, nil if it reports no resolution.
    public let size: Vector2?
    /// How the device's frame maps to the screen the user sees (frames are in the screen's).
    public let transform: TouchTransform
    /// The device's own extent, before the transform.
    private let deviceExtent: Vector2
    /// The unit of the frames.
    public var unit: ContactUnit { size == nil ? .percent : .millimeters }
    private let extent: Vector2
    private let device: UInt32?

    private struct Tracked: Sendable {
        var point: TouchPoint
        /// Where it was at the last frame; nil if it landed since.
        var framed: Vector2?
    }
    private var touches: [Tracked] = []
    private var landed = 0
    private var lifted = 0
    /// Whether the stroke's first finger landed since the last frame.
    private var startsStroke = false
    /// The time of the first change waiting for its TOUCH_FRAME, nil with none.
    private var pendingTime: Timestamp?
    private var stroke: TouchStroke?
    /// Slots ignored because more than ``maximumTouches`` were down, until they lift.
    private var ignoredSlots: [Int32] = []
    /// Whether this stroke already reported missing frames (once per stroke is enough).
    private var reportedMissingFrame = false

    /// Makes an assembler for a device of `size` millimetres (nil: no resolution), shown
    /// through `transform`.
    public init(size: Vector2? = nil, device: UInt32? = nil, transform: TouchTransform = .normal) {
        if let size, size.x > 0, size.y > 0, size.x.isFinite, size.y.isFinite {
            self.size = size
            deviceExtent = size
        } else {
            self.size = nil
            deviceExtent = Vector2(100, 100)
        }
        extent = transform.extent(of: deviceExtent)
        self.transform = transform
        self.device = device
    }

    /// True while a finger is down or changes wait for their frame.
    public var isActive: Bool { !touches.isEmpty || pendingTime != nil }

    /// Feeds one event; `emit` receives each frame it completes, `diagnose` each repair.
    public mutating func handle(_ event: TouchEvent, emit: (TouchFrame) -> Void,
                                diagnose: (TouchDiagnostic) -> Void) {
        if event.kind != .frame, let pendingTime, event.time.microseconds(since: pendingTime) > Self.frameGap {
            if !reportedMissingFrame {
                reportedMissingFrame = true
                diagnose(TouchDiagnostic(time: event.time, event: event.kind.eventName, slot: event.slot,
                                         outcome: "the touches before it had no TOUCH_FRAME: framed at \(pendingTime) s"))
            }
            emitFrame(at: pendingTime, emit: emit)
        }
        switch event.kind {
        case .down: down(event, diagnose: diagnose)
        case .motion: motion(event, diagnose: diagnose)
        case .up: up(event, diagnose: diagnose)
        case .cancel: cancel(event, emit: emit)
        case .frame:
            if pendingTime != nil { emitFrame(at: event.time, emit: emit) }
        }
    }

    /// Frames changes still waiting for their TOUCH_FRAME (the input ended).
    public mutating func flush(emit: (TouchFrame) -> Void) {
        if let pendingTime { emitFrame(at: pendingTime, emit: emit) }
    }

    // MARK: - Events

    private func position(of event: TouchEvent) -> Vector2? {
        let p: Vector2
        if let size { p = event.millimeters ?? Vector2(event.percent.x * size.x / 100, event.percent.y * size.y / 100) }
        else { p = event.percent }
        guard p.x.isFinite, p.y.isFinite, abs(p.x) <= GestureEvent.largestMagnitude, abs(p.y) <= GestureEvent.largestMagnitude
        else { return nil }
        return transform.apply(p, extent: deviceExtent)
    }

    private func index(of slot: Int32) -> Int? { touches.firstIndex { $0.point.slot == slot } }

    private mutating func markPending(_ time: Timestamp) { if pendingTime == nil { pendingTime = time } }

    private mutating func down(_ event: TouchEvent, diagnose: (TouchDiagnostic) -> Void) {
        guard TouchEvent.slotRange.contains(event.slot) else {
            diagnose(TouchDiagnostic(time: event.time, event: "TOUCH_DOWN", slot: event.slot,
                                     outcome: "slot outside \(TouchEvent.slotRange): ignored"))
            return
        }
        guard let position = position(of: event) else {
            diagnose(TouchDiagnostic(time: event.time, event: "TOUCH_DOWN", slot: event.slot,
                                     outcome: "position not finite or beyond 1e6: ignored"))
            return
        }
        if let existing = index(of: event.slot) {
            diagnose(TouchDiagnostic(time: event.time, event: "TOUCH_DOWN", slot: event.slot,
                                     outcome: "slot already down (no TOUCH_UP): the old touch is lifted"))
            liftTouch(at: existing)
        }
        if let ignored = ignoredSlots.firstIndex(of: event.slot) { ignoredSlots.remove(at: ignored) }
        guard touches.count < Self.maximumTouches else {
            ignoredSlots.append(event.slot)
            diagnose(TouchDiagnostic(time: event.time, event: "TOUCH_DOWN", slot: event.slot,
                                     outcome: "more than \(Self.maximumTouches) touches: this one is ignored until it lifts"))
            return
        }
        if stroke == nil {
            stroke = TouchStroke(startTime: event.time, origin: position)
            reportedMissingFrame = false
            startsStroke = true
        }
        touches.append(Tracked(point: TouchPoint(slot: event.slot, position: position, landingTime: event.time), framed: nil))
        landed += 1
        markPending(event.time)
    }

    private mutating func motion(_ event: TouchEvent, diagnose: (TouchDiagnostic) -> Void) {
        guard let index = index(of: event.slot) else {
            if !ignoredSlots.contains(event.slot) {
                diagnose(TouchDiagnostic(time: event.time, event: "TOUCH_MOTION", slot: event.slot,
                                         outcome: "no touch down in this slot: ignored"))
            }
            return
        }
        guard let position = position(of: event) else { return }
        touches[index].point.position = position
        markPending(event.time)
    }

    private mutating func up(_ event: TouchEvent, diagnose: (TouchDiagnostic) -> Void) {
        guard let index = index(of: event.slot) else {
            if let ignored = ignoredSlots.firstIndex(of: event.slot) {
                ignoredSlots.remove(at: ignored)
            } else {
                diagnose(TouchDiagnostic(time: event.time, event: "TOUCH_UP", slot: event.slot,
                                         outcome: "no touch down in this slot: ignored"))
            }
            return
        }
        liftTouch(at: index)
        markPending(event.time)
    }

    private mutating func liftTouch(at index: Int) {
        touches.remove(at: index)
        lifted += 1
    }

    private mutating func cancel(_ event: TouchEvent, emit: (TouchFrame) -> Void) {
        guard let stroke else { return }
        let frame = TouchFrame(time: event.time, device: device, unit: unit, extent: extent, touches: [],
                               landed: 0, lifted: 0, isCancelled: true, stroke: stroke)
        reset()
        emit(frame)
    }

    private mutating func reset() {
        touches.removeAll(keepingCapacity: true)
        ignoredSlots.removeAll(keepingCapacity: true)
        landed = 0
        lifted = 0
        startsStroke = false
        pendingTime = nil
        stroke = nil
    }

    // MARK: - Frames

    /// Emits the frame of the pending changes, accumulating the stroke's motion over the touches
    /// that were in the previous frame too: centroid shift, spread ratio and rotation (the mean
    /// of each finger's turn about the centroid, as atan2 of the summed cross and dot products).
    private mutating func emitFrame(at time: Timestamp, emit: (TouchFrame) -> Void) {
        pendingTime = nil
        guard var stroke else { return }
        var common = 0
        var before = Vector2.zero, after = Vector2.zero
        var motion = Vector2.zero, turn = 0.0
        for touch in touches {
            guard let framed = touch.framed else { continue }
            common += 1
            before += framed
            after += touch.point.position
        }
        if common > 0 {
            let n = 1 / Double(common)
            before = before * n
            after = after * n
            motion = after - before
            stroke.translation += motion
            if common >= 2 {
                var spreadBefore = 0.0, spreadAfter = 0.0, cross = 0.0, dot = 0.0
                for touch in touches {
                    guard let framed = touch.framed else { continue }
                    let v0 = framed - before, v1 = touch.point.position - after
                    spreadBefore += v0.length
                    spreadAfter += v1.length
                    cross += v0.x * v1.y - v0.y * v1.x
                    dot += v0.dot(v1)
                }
                if spreadBefore > 0, spreadAfter > 0 { stroke.scale *= spreadAfter / spreadBefore }
                if cross != 0 || dot != 0 {
                    turn = atan2(cross, dot) * 180 / Double.pi
                    stroke.angle += turn
                }
            }
        }
        stroke.fingerCount = max(stroke.fingerCount, touches.count)
        if landed > 0 { stroke.lastLandingTime = time }
        var travel = stroke.maximumTravel
        for index in touches.indices {
            let point = touches[index].point
            travel = max(travel, (point.position - point.landing).length)
            touches[index].framed = point.position
        }
        stroke.maximumTravel = travel
        var points: [TouchPoint] = []
        points.reserveCapacity(touches.count)
        for touch in touches { points.append(touch.point) }
        let frame = TouchFrame(time: time, device: device, unit: unit, extent: extent, touches: points,
                               landed: landed, lifted: lifted, stroke: stroke,
                               startsStroke: startsStroke, motion: motion, turn: turn)
        landed = 0
        lifted = 0
        startsStroke = false
        if touches.isEmpty { self.stroke = nil } else { self.stroke = stroke }
        emit(frame)
    }
}
