// The `gesto_reorder_*` functions of gesto.h ("Reorder engine"): GestoCore's ReorderSession
// (a value type) boxed in a class so that C can hold it through an opaque pointer, with the
// layout and settings structs decoded and validated here (GestoCore's initializers trap on
// values the config loader would have refused).
//
// Every input runs on a copy of the session, which replaces the box's only once the moves
// fit in the caller's array: a call that fails changes nothing, GESTO_ERROR_BUFFER_TOO_SMALL
// included, so the caller can repeat it with more room.

import CGestoABI
import GestoCore

/// A reorder session owned by C through an `Unmanaged` reference.
final class ReorderBox {
    var session: ReorderSession

    init(session: ReorderSession) {
        self.session = session
    }
}

/// `sizeof(struct gesto_reorder_layout)` in ABI 0.1 (LP64): the smallest `size` accepted.
let reorderLayoutSize0_1 = 48
/// `sizeof(struct gesto_reorder_settings)` in ABI 0.1: the smallest `size` accepted.
let reorderSettingsSize0_1 = 64

/// The most items a reorder holds (GESTO_REORDER_MAX_ITEMS).
private let largestItemCount = Int(GESTO_REORDER_MAX_ITEMS)
/// The largest item size and spacing, points: with at most 65536 items every position stays
/// far from overflow.
private let largestExtent = 1e6
/// The largest |translation| and |velocity| of an input, delta units (per second).
private let largestDrag = 1e9
/// The largest points per delta unit.
private let largestScale = 1000.0

private func reorder(_ handle: OpaquePointer?, in function: String) throws(ExportError) -> ReorderBox {
    guard let handle else { throw .invalid("\(function): reorder is NULL") }
    return Unmanaged<ReorderBox>.fromOpaque(UnsafeRawPointer(handle)).takeUnretainedValue()
}

// MARK: Layout and settings

/// Decodes and validates a caller's layout.
private func reorderLayout(_ pointer: UnsafePointer<gesto_reorder_layout>?, in function: String) throws(ExportError) -> ReorderLayout {
    guard let pointer else { throw .invalid("\(function): layout is NULL") }
    let size = Int(pointer.pointee.size)
    guard size >= reorderLayoutSize0_1 else {
        throw .invalid("\(function): layout->size is \(size); set it to sizeof(struct gesto_reorder_layout) (at least \(reorderLayoutSize0_1))")
    }
    let layout = UnsafeRawPointer(pointer).load(as: gesto_reorder_layout.self)
    let count = Int(layout.item_count)
    guard (1...largestItemCount).contains(count) else {
        throw .invalid("\(function): layout->item_count must be 1 to \(largestItemCount), got \(count)")
    }
    let arrangement: ReorderLayout.Arrangement
    switch layout.arrangement {
    case GESTO_REORDER_ROW.rawValue: arrangement = .row
    case GESTO_REORDER_COLUMN.rawValue: arrangement = .column
    case GESTO_REORDER_GRID.rawValue:
        let columns = Int(layout.columns)
        guard (1...largestItemCount).contains(columns) else {
            throw .invalid("\(function): layout->columns must be 1 to \(largestItemCount) for a grid, got \(columns)")
        }
        arrangement = .grid(columns: columns)
    default:
        throw .invalid("\(function): layout->arrangement \(layout.arrangement) is not an enum gesto_reorder_arrangement")
    }
    func extent(_ value: Double, _ name: String) throws(ExportError) -> Double {
        guard value.isFinite, value > 0, value <= largestExtent else {
            throw .invalid("\(function): \(name) must be in (0, 1e6] points, got \(value)")
        }
        return value
    }
    let spacing = layout.spacing
    guard spacing.isFinite, spacing >= 0, spacing <= largestExtent else {
        throw .invalid("\(function): layout->spacing must be in [0, 1e6] points, got \(spacing)")
    }
    var sizes: [ReorderSize] = []
    sizes.reserveCapacity(count)
    if let pairs = layout.item_sizes {
        for item in 0..<count {
            sizes.append(ReorderSize(width: try extent(pairs[2 * item], "layout->item_sizes[\(2 * item)] (item \(item)'s width)"),
                                     height: try extent(pairs[2 * item + 1], "layout->item_sizes[\(2 * item + 1)] (item \(item)'s height)")))
        }
    } else {
        let uniform = ReorderSize(width: try extent(layout.item_width, "layout->item_width"),
                                  height: try extent(layout.item_height, "layout->item_height"))
        sizes = Array(repeating: uniform, count: count)
    }
    do {
        return try ReorderLayout(arrangement, itemSizes: sizes, spacing: spacing)
    } catch {
        // Unreachable: every value was checked above against stricter bounds.
        throw .invalid("\(function): \(error)")
    }
}

/// The settings struct as the library's defaults fill it.
private func defaultSettingsRecord(size: UInt32) -> gesto_reorder_settings {
    let defaults = ReorderSettings()
    return gesto_reorder_settings(
        size: size, reserved: 0,
        points_per_unit: defaults.pointsPerDeltaUnit, hysteresis: defaults.hysteresis,
        spring: gesto_spring_parameters(mass: defaults.spring.mass, stiffness: defaults.spring.stiffness,
                                        damping: defaults.spring.damping),
        rest_position: defaults.tolerance.position, rest_velocity: defaults.tolerance.velocity)
}

/// Decodes and validates a caller's settings; NULL means the defaults.
private func reorderSettings(_ pointer: UnsafePointer<gesto_reorder_settings>?, in function: String) throws(ExportError) -> ReorderSettings {
    guard let pointer else { return ReorderSettings() }
    let size = Int(pointer.pointee.size)
    guard size >= reorderSettingsSize0_1 else {
        throw .invalid("\(function): settings->size is \(size); set it to sizeof(struct gesto_reorder_settings) (at least \(reorderSettingsSize0_1))")
    }
    let s = UnsafeRawPointer(pointer).load(as: gesto_reorder_settings.self)
    guard s.points_per_unit.isFinite, s.points_per_unit > 0, s.points_per_unit <= largestScale else {
        throw .outOfRange("\(function): settings->points_per_unit must be in (0, 1000], got \(s.points_per_unit)")
    }
    guard s.hysteresis.isFinite, s.hysteresis >= 0, s.hysteresis < 0.5 else {
        throw .outOfRange("\(function): settings->hysteresis must be in [0, 0.5), got \(s.hysteresis)")
    }
    let spring: SpringParameters
    do {
        spring = try SpringParameters(mass: s.spring.mass, stiffness: s.spring.stiffness, damping: s.spring.damping)
    } catch {
        throw .outOfRange("\(function): settings->spring: \(error)")
    }
    guard s.rest_position.isFinite, s.rest_position > 0 else {
        throw .outOfRange("\(function): settings->rest_position must be a finite number > 0, got \(s.rest_position)")
    }
    guard s.rest_velocity.isFinite, s.rest_velocity > 0 else {
        throw .outOfRange("\(function): settings->rest_velocity must be a finite number > 0, got \(s.rest_velocity)")
    }
    return ReorderSettings(pointsPerDeltaUnit: s.points_per_unit, hysteresis: s.hysteresis, spring: spring,
                           tolerance: RestTolerance(position: s.rest_position, velocity: s.rest_velocity))
}

@_cdecl("gesto_reorder_settings_defaults")
public func gestoReorderSettingsDefaults(_ settings: UnsafeMutablePointer<gesto_reorder_settings>?) -> Int32 {
    reporting { () throws(ExportError) in
        let function = "gesto_reorder_settings_defaults"
        guard let settings else { throw .invalid("\(function): settings is NULL") }
        let size = settings.pointee.size
        guard Int(size) >= reorderSettingsSize0_1 else {
            throw .invalid("\(function): settings->size is \(size); set it to sizeof(struct gesto_reorder_settings) (at least \(reorderSettingsSize0_1))")
        }
        // Every 0.1 field fits in `size`; a newer caller's extra fields are left alone.
        settings.pointee = defaultSettingsRecord(size: size)
        return GESTO_OK.rawValue
    }
}

// MARK: Lifetime

@_cdecl("gesto_reorder_new")
public func gestoReorderNew(_ layout: UnsafePointer<gesto_reorder_layout>?, _ settings: UnsafePointer<gesto_reorder_settings>?,
                            _ out: UnsafeMutablePointer<OpaquePointer?>?) -> Int32 {
    reporting { () throws(ExportError) in
        let function = "gesto_reorder_new"
        guard let out else { throw .invalid("\(function): out is NULL") }
        let session = ReorderSession(layout: try reorderLayout(layout, in: function),
                                     settings: try reorderSettings(settings, in: function))
        out.pointee = OpaquePointer(Unmanaged.passRetained(ReorderBox(session: session)).toOpaque())
        return GESTO_OK.rawValue
    }
}

@_cdecl("gesto_reorder_destroy")
public func gestoReorderDestroy(_ handle: OpaquePointer?) {
    guard let handle else { return }
    Unmanaged<ReorderBox>.fromOpaque(UnsafeRawPointer(handle)).release()
}

// MARK: Inputs

/// A caller's move array: checked before anything changes.
private struct MoveBuffer {
    var moves: UnsafeMutablePointer<gesto_reorder_move>?
    var count: UnsafeMutablePointer<Int>?

    init(_ moves: UnsafeMutablePointer<gesto_reorder_move>?, _ count: UnsafeMutablePointer<Int>?,
         in function: String) throws(ExportError) {
        if let count, count.pointee > 0, moves == nil {
            throw .invalid("\(function): moves is NULL but *count is \(count.pointee)")
        }
        self.moves = moves
        self.count = count
    }

    /// Throws GESTO_ERROR_BUFFER_TOO_SMALL, setting `*count`, if `result` does not fit.
    func ensureRoom(for result: [ReorderMove], in function: String) throws(ExportError) {
        guard let count, result.count > count.pointee else { return }
        let room = count.pointee
        count.pointee = result.count
        throw ExportError(status: GESTO_ERROR_BUFFER_TOO_SMALL.rawValue,
                          message: "\(function): the call causes \(result.count) moves and *count was \(room); nothing changed")
    }

    /// Writes `result` (which fits) and its count.
    func write(_ result: [ReorderMove]) {
        guard let count else { return }
        for (index, move) in result.enumerated() {
            moves![index] = gesto_reorder_move(from: Int32(move.from), to: Int32(move.to))
        }
        count.pointee = result.count
    }
}

/// A translation or velocity component: finite and at most 1e9 in magnitude.
func dragValue(_ value: Double, _ name: String, in function: String) throws(ExportError) -> Double {
    let value = try finite(value, name, in: function)
    guard abs(value) <= largestDrag else { throw .invalid("\(function): |\(name)| must be at most 1e9, got \(value)") }
    return value
}

/// The export error of a rejected input (the session is unchanged).
private func rejection(_ diagnostic: ReorderDiagnostic, in function: String) -> ExportError {
    switch diagnostic {
    case .invalidInput:
        ExportError(status: GESTO_ERROR_WRONG_PHASE.rawValue, message: "\(function): \(diagnostic)")
    case .slotOutOfRange, .notFinite:
        .invalid("\(function): \(diagnostic)")
    }
}

/// Feeds `input` to a copy of the session and keeps the copy if its moves fit in `buffer`.
private func feed(_ box: ReorderBox, _ input: ReorderInput, at time: Timestamp, into buffer: MoveBuffer,
                  in function: String) throws(ExportError) -> Int32 {
    var session = box.session
    let outcome = session.handle(input, at: time)
    if case .rejected(let diagnostic) = outcome { throw rejection(diagnostic, in: function) }
    let moves = outcome.moves
    try buffer.ensureRoom(for: moves, in: function)
    box.session = session
    buffer.write(moves)
    return GESTO_OK.rawValue
}

@_cdecl("gesto_reorder_lift")
public func gestoReorderLift(_ handle: OpaquePointer?, _ slot: Int32, _ time: UInt64) -> Int32 {
    reporting { () throws(ExportError) in
        let function = "gesto_reorder_lift"
        let box = try reorder(handle, in: function)
        let count = box.session.layout.itemCount
        guard slot >= 0, Int(slot) < count else {
            throw .invalid("\(function): slot must be 0 to \(count - 1), got \(slot)")
        }
        let when = try timestamp(time, "time_usec", in: function)
        return try feed(box, .lift(slot: Int(slot)), at: when, into: try MoveBuffer(nil, nil, in: function), in: function)
    }
}

@_cdecl("gesto_reorder_drag")
public func gestoReorderDrag(_ handle: OpaquePointer?, _ dx: Double, _ dy: Double, _ vx: Double, _ vy: Double, _ time: UInt64,
                             _ moves: UnsafeMutablePointer<gesto_reorder_move>?, _ count: UnsafeMutablePointer<Int>?) -> Int32 {
    reporting { () throws(ExportError) in
        let function = "gesto_reorder_drag"
        let box = try reorder(handle, in: function)
        let buffer = try MoveBuffer(moves, count, in: function)
        let translation = Vector2(try dragValue(dx, "dx", in: function), try dragValue(dy, "dy", in: function))
        let velocity = Vector2(try dragValue(vx, "vx", in: function), try dragValue(vy, "vy", in: function))
        let when = try timestamp(time, "time_usec", in: function)
        return try feed(box, .drag(translation: translation, velocity: velocity), at: when, into: buffer, in: function)
    }
}

@_cdecl("gesto_reorder_commit")
public func gestoReorderCommit(_ handle: OpaquePointer?, _ vx: Double, _ vy: Double, _ time: UInt64,
                               _ moves: UnsafeMutablePointer<gesto_reorder_move>?, _ count: UnsafeMutablePointer<Int>?) -> Int32 {
    reporting { () throws(ExportError) in
        let function = "gesto_reorder_commit"
        let box = try reorder(handle, in: function)
        let buffer = try MoveBuffer(moves, count, in: function)
        let velocity = Vector2(try dragValue(vx, "vx", in: function), try dragValue(vy, "vy", in: function))
        let when = try timestamp(time, "time_usec", in: function)
        return try feed(box, .commit(velocity: velocity), at: when, into: buffer, in: function)
    }
}

@_cdecl("gesto_reorder_cancel")
public func gestoReorderCancel(_ handle: OpaquePointer?, _ vx: Double, _ vy: Double, _ time: UInt64,
                               _ moves: UnsafeMutablePointer<gesto_reorder_move>?, _ count: UnsafeMutablePointer<Int>?) -> Int32 {
    reporting { () throws(ExportError) in
        let function = "gesto_reorder_cancel"
        let box = try reorder(handle, in: function)
        let buffer = try MoveBuffer(moves, count, in: function)
        let velocity = Vector2(try dragValue(vx, "vx", in: function), try dragValue(vy, "vy", in: function))
        let when = try timestamp(time, "time_usec", in: function)
        return try feed(box, .cancel(velocity: velocity), at: when, into: buffer, in: function)
    }
}

/// The report phase of a caller's `enum gesto_phase`.
func recognizerPhase(_ phase: UInt32) -> RecognizerPhase? {
    switch phase {
    case GESTO_PHASE_ARMING.rawValue: .arming
    case GESTO_PHASE_BEGAN.rawValue: .began
    case GESTO_PHASE_CHANGED.rawValue: .changed
    case GESTO_PHASE_ENDED.rawValue: .ended
    case GESTO_PHASE_FAILED.rawValue: .failed
    // The reason does not matter to a reorder: every cancellation undoes the drag.
    case GESTO_PHASE_CANCELLED.rawValue: .cancelled(.cancelledByLibinput)
    default: nil
    }
}

@_cdecl("gesto_reorder_handle_recognized")
public func gestoReorderHandleRecognized(_ handle: OpaquePointer?, _ gesture: UnsafePointer<gesto_recognized>?, _ liftSlot: Int32,
                                         _ moves: UnsafeMutablePointer<gesto_reorder_move>?, _ count: UnsafeMutablePointer<Int>?) -> Int32 {
    reporting { () throws(ExportError) in
        let function = "gesto_reorder_handle_recognized"
        let box = try reorder(handle, in: function)
        let buffer = try MoveBuffer(moves, count, in: function)
        let record = try recognizedRecord(gesture, in: function)
        let itemCount = box.session.layout.itemCount
        guard liftSlot >= 0, Int(liftSlot) < itemCount else {
            throw .invalid("\(function): lift_slot must be 0 to \(itemCount - 1), got \(liftSlot)")
        }
        guard record.gesture == GESTO_GESTURE_LONG_PRESS_DRAG.rawValue else {
            buffer.write([])
            return GESTO_OK.rawValue
        }
        guard let phase = recognizerPhase(record.phase) else {
            throw .invalid("\(function): gesture->phase \(record.phase) is not an enum gesto_phase")
        }
        guard (1...10).contains(record.fingers) else {
            throw .invalid("\(function): gesture->fingers must be 1 to 10, got \(record.fingers)")
        }
        let report = RecognizedGesture(
            name: .touchpad(.longPressDrag, fingers: Int(record.fingers)), phase: phase,
            time: try timestamp(record.time_usec, "gesture->time_usec", in: function),
            translation: Vector2(try dragValue(record.translation_x, "gesture->translation_x", in: function),
                                 try dragValue(record.translation_y, "gesture->translation_y", in: function)),
            velocity: Vector2(try dragValue(record.velocity_x, "gesture->velocity_x", in: function),
                              try dragValue(record.velocity_y, "gesture->velocity_y", in: function)))
        // The adapter holds no state of its own beyond the session: one per call is the same
        // as one for the reorder's life, and it runs on a copy of the session.
        var adapter = ReorderGestureAdapter(session: box.session, fingers: nil, draggedSlot: Int(liftSlot))
        let result = adapter.handle(report)
        if let diagnostic = adapter.lastDiagnostic { throw rejection(diagnostic, in: function) }
        try buffer.ensureRoom(for: result, in: function)
        box.session = adapter.session
        buffer.write(result)
        return GESTO_OK.rawValue
    }
}

// MARK: Queries

@_cdecl("gesto_reorder_item_count")
public func gestoReorderItemCount(_ handle: OpaquePointer?) -> Int32 {
    reporting { () throws(ExportError) in
        Int32(try reorder(handle, in: "gesto_reorder_item_count").session.layout.itemCount)
    }
}

/// Copies `order` into a caller's array of `count` ints.
private func copyOrder(_ order: [Int], to out: UnsafeMutablePointer<Int32>?, _ count: Int, in function: String) throws(ExportError) -> Int32 {
    guard let out else { throw .invalid("\(function): order is NULL") }
    guard count >= order.count else {
        throw ExportError(status: GESTO_ERROR_BUFFER_TOO_SMALL.rawValue,
                          message: "\(function): count is \(count), the reorder has \(order.count) items")
    }
    for (slot, item) in order.enumerated() { out[slot] = Int32(item) }
    return GESTO_OK.rawValue
}

@_cdecl("gesto_reorder_live_order")
public func gestoReorderLiveOrder(_ handle: OpaquePointer?, _ order: UnsafeMutablePointer<Int32>?, _ count: Int) -> Int32 {
    reporting { () throws(ExportError) in
        let function = "gesto_reorder_live_order"
        return try copyOrder(try reorder(handle, in: function).session.liveOrder, to: order, count, in: function)
    }
}

@_cdecl("gesto_reorder_original_order")
public func gestoReorderOriginalOrder(_ handle: OpaquePointer?, _ order: UnsafeMutablePointer<Int32>?, _ count: Int) -> Int32 {
    reporting { () throws(ExportError) in
        let function = "gesto_reorder_original_order"
        return try copyOrder(try reorder(handle, in: function).session.originalOrder, to: order, count, in: function)
    }
}

@_cdecl("gesto_reorder_dragged")
public func gestoReorderDragged(_ handle: OpaquePointer?, _ item: UnsafeMutablePointer<Int32>?,
                                _ destination: UnsafeMutablePointer<Int32>?) -> Int32 {
    reporting { () throws(ExportError) in
        let function = "gesto_reorder_dragged"
        let box = try reorder(handle, in: function)
        guard let item, let destination else { throw .invalid("\(function): item or destination is NULL") }
        guard let dragged = box.session.draggedItem, let slot = box.session.destination else {
            item.pointee = -1
            destination.pointee = -1
            return GESTO_EMPTY.rawValue
        }
        item.pointee = Int32(dragged)
        destination.pointee = Int32(slot)
        return GESTO_OK.rawValue
    }
}

@_cdecl("gesto_reorder_phase")
public func gestoReorderPhase(_ handle: OpaquePointer?, _ time: UInt64) -> Int32 {
    reporting { () throws(ExportError) in
        let function = "gesto_reorder_phase"
        let box = try reorder(handle, in: function)
        let phase: gesto_reorder_phase
        switch box.session.phase(at: try timestamp(time, "time_usec", in: function)) {
        case .idle: phase = GESTO_REORDER_PHASE_IDLE
        case .lifted: phase = GESTO_REORDER_PHASE_LIFTED
        case .dragging: phase = GESTO_REORDER_PHASE_DRAGGING
        case .settling: phase = GESTO_REORDER_PHASE_SETTLING
        }
        return Int32(phase.rawValue)
    }
}

@_cdecl("gesto_reorder_positions")
public func gestoReorderPositions(_ handle: OpaquePointer?, _ time: UInt64, _ xy: UnsafeMutablePointer<Double>?, _ count: Int) -> Int32 {
    reporting { () throws(ExportError) in
        let function = "gesto_reorder_positions"
        let box = try reorder(handle, in: function)
        guard let xy else { throw .invalid("\(function): xy is NULL") }
        let when = try timestamp(time, "time_usec", in: function)
        let items = box.session.layout.itemCount
        guard count >= items else {
            throw ExportError(status: GESTO_ERROR_BUFFER_TOO_SMALL.rawValue,
                              message: "\(function): count is \(count), the reorder has \(items) items")
        }
        for (item, position) in box.session.positions(at: when).enumerated() {
            xy[2 * item] = position.x
            xy[2 * item + 1] = position.y
        }
        return GESTO_OK.rawValue
    }
}

@_cdecl("gesto_reorder_is_settled")
public func gestoReorderIsSettled(_ handle: OpaquePointer?, _ time: UInt64) -> Int32 {
    reporting { () throws(ExportError) in
        let function = "gesto_reorder_is_settled"
        let box = try reorder(handle, in: function)
        return box.session.isSettled(at: try timestamp(time, "time_usec", in: function)) ? 1 : 0
    }
}
