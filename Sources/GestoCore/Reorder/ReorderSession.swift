// The reorder engine: iOS drag-to-reorder as a pure state machine. A long press lifts an item,
// the drag moves it and the others spring out of its way one slot at a time, release commits the
// order and cancel restores it exactly. Layer: GestoCore; time is an argument, effects are returned.
//
// State diagram (inputs: lift, drag, commit, cancel):
//   idle ─lift→ lifted ─drag→ dragging ─drag→ dragging
//   lifted, dragging ─commit→ settling(committed);  ─cancel→ settling(cancelled)
//   settling ─lift→ lifted (interrupts the springs: the lifted item leaves from where it is shown)
//   settling is idle once every spring is at rest (phase(at:)); anything else is rejected.

/// Where a reorder session stands.
public enum ReorderPhase: String, Sendable, Hashable {
    /// Nothing lifted and nothing moving.
    case idle
    /// An item is lifted and has not moved yet.
    case lifted
    /// An item follows the finger.
    case dragging
    /// Committed or cancelled; springs are still bringing items into their slots.
    case settling
}

/// One reorderable collection: its committed order, the drag in progress and every item's motion.
///
/// Items are identified by their index in the layout (`0..<itemCount`); moves are in slot indices
/// (see ``ReorderMove`` and `Array.apply(_:)`). Positions are top-left corners in points.
/// Invariants while an item is lifted or dragged: the live order is a permutation of the items,
/// the dragged item stands at the destination slot, and the drag's moves applied to the order
/// it started from give the live order.
public struct ReorderSession: Sendable {
    /// The geometry of the slots.
    public let layout: ReorderLayout
    /// Scale, hysteresis and spring.
    public let settings: ReorderSettings
    /// The committed order: item identities slot by slot. It changes only on commit.
    public private(set) var order: [Int]
    /// What drives each item's displayed position, indexed by item identity.
    public private(set) var drivers: [ReorderItemDriver]

    /// The transient state of one drag (reset when it commits or cancels).
    private struct Drag: Sendable {
        /// The lifted item's identity.
        var item: Int
        /// The committed order when the item was lifted.
        var originalOrder: [Int]
        /// The order with the item at ``destination``.
        var liveOrder: [Int]
        /// The slot the item is headed for (it stands there in ``liveOrder``).
        var destination: Int
        /// Grids: the cell the item's centre hovers, with hysteresis.
        var hoveredCell: ReorderCell?
        /// The moves so far, in order.
        var moves: [ReorderMove] = []
    }

    /// How a drag ended, kept while the springs settle.
    private enum Settle: Sendable {
        case committed
        case cancelled
    }

    private enum State: Sendable {
        case idle
        case lifted(Drag)
        case dragging(Drag)
        case settling(Settle)
    }

    private var state: State = .idle

    /// A session with every item resting in its slot, in the order of the layout's items.
    public init(layout: ReorderLayout, settings: ReorderSettings = ReorderSettings()) {
        self.layout = layout
        self.settings = settings
        self.order = Array(0..<layout.itemCount)
        self.drivers = layout.itemOrigins(for: order).map { .resting(origin: $0) }
    }

    // MARK: Queries

    /// The phase at `time`: settling turns idle once every spring is at rest.
    public func phase(at time: Timestamp) -> ReorderPhase {
        switch state {
        case .idle: .idle
        case .lifted: .lifted
        case .dragging: .dragging
        case .settling: isSettled(at: time) ? .idle : .settling
        }
    }

    /// The order as shown: the drag's live order while an item is lifted or dragged, else ``order``.
    public var liveOrder: [Int] {
        switch state {
        case .lifted(let drag), .dragging(let drag): drag.liveOrder
        case .idle, .settling: order
        }
    }

    /// The lifted item's identity, or nil.
    public var draggedItem: Int? {
        switch state {
        case .lifted(let drag), .dragging(let drag): drag.item
        case .idle, .settling: nil
        }
    }

    /// The slot the lifted item is headed for, or nil.
    public var destination: Int? {
        switch state {
        case .lifted(let drag), .dragging(let drag): drag.destination
        case .idle, .settling: nil
        }
    }

    /// The current drag's moves so far, in order (empty when nothing is lifted).
    public var moves: [ReorderMove] {
        switch state {
        case .lifted(let drag), .dragging(let drag): drag.moves
        case .idle, .settling: []
        }
    }

    /// The order the current drag started from (``order`` when nothing is lifted).
    public var originalOrder: [Int] {
        switch state {
        case .lifted(let drag), .dragging(let drag): drag.originalOrder
        case .idle, .settling: order
        }
    }

    /// Item `item`'s displayed top-left corner and velocity at `time` (points, points/s).
    public func state(ofItem item: Int, at time: Timestamp) -> MotionState<Vector2> {
        drivers[item].state(at: time)
    }

    /// Every item's displayed top-left corner at `time`, in points, indexed by item identity.
    /// O(itemCount).
    public func positions(at time: Timestamp) -> [Vector2] {
        drivers.map { $0.state(at: time).value }
    }

    /// Where every item rests in the live order, indexed by item identity (points).
    public var targetPositions: [Vector2] { layout.itemOrigins(for: liveOrder) }

    /// Whether nothing moves at `time`: no item lifted and every spring at rest. The daemon
    /// stops its frame timer then. O(itemCount).
    public func isSettled(at time: Timestamp) -> Bool {
        switch state {
        case .lifted, .dragging: false
        case .idle, .settling: drivers.allSatisfy { $0.isAtRest(at: time) }
        }
    }

    // MARK: Inputs

    /// Lifts the item in `slot` of the committed order at `time` (see ``handle(_:at:)``).
    @discardableResult
    public mutating func lift(slot: Int = 0, at time: Timestamp) -> ReorderOutcome {
        handle(.lift(slot: slot), at: time)
    }

    /// Moves the lifted item to `translation` delta units from the drag start, moving at
    /// `velocity` delta units/s (see ``handle(_:at:)``).
    @discardableResult
    public mutating func drag(to translation: Vector2, velocity: Vector2 = .zero, at time: Timestamp) -> ReorderOutcome {
        handle(.drag(translation: translation, velocity: velocity), at: time)
    }

    /// Drops the lifted item, released at `velocity` delta units/s, and keeps the live order.
    @discardableResult
    public mutating func commit(velocity: Vector2 = .zero, at time: Timestamp) -> ReorderOutcome {
        handle(.commit(velocity: velocity), at: time)
    }

    /// Drops the lifted item, released at `velocity` delta units/s, and restores the original order.
    @discardableResult
    public mutating func cancel(velocity: Vector2 = .zero, at time: Timestamp) -> ReorderOutcome {
        handle(.cancel(velocity: velocity), at: time)
    }

    /// Feeds one input at `time` and returns what it did. An input that does not fit the phase,
    /// or carries a value that is not finite, is rejected with a diagnostic and changes nothing.
    public mutating func handle(_ input: ReorderInput, at time: Timestamp) -> ReorderOutcome {
        guard input.isFinite else { return .rejected(.notFinite(input)) }
        switch (state, input) {
        case (.idle, .lift(let slot)), (.settling, .lift(let slot)):
            return lift(slotIndex: slot, at: time)
        case (.lifted(var drag), .drag(let translation, let velocity)),
             (.dragging(var drag), .drag(let translation, let velocity)):
            let moves = follow(&drag, translation: translation, velocity: velocity, at: time)
            state = .dragging(drag)
            return .moved(moves)
        case (.lifted(let drag), .commit(let velocity)), (.dragging(let drag), .commit(let velocity)):
            return commit(drag, velocity: velocity, at: time)
        case (.lifted(let drag), .cancel(let velocity)), (.dragging(let drag), .cancel(let velocity)):
            return cancel(drag, velocity: velocity, at: time)
        case (.idle, .drag), (.idle, .commit), (.idle, .cancel),
             (.settling, .drag), (.settling, .commit), (.settling, .cancel),
             (.lifted, .lift), (.dragging, .lift):
            return .rejected(.invalidInput(input, in: phase(at: time)))
        }
    }

    // MARK: Transitions

    private mutating func lift(slotIndex slot: Int, at time: Timestamp) -> ReorderOutcome {
        guard order.indices.contains(slot) else { return .rejected(.slotOutOfRange(slot, count: order.count)) }
        let item = order[slot]
        let shown = drivers[item].state(at: time).value
        drivers[item] = .following(origin: shown, offset: .zero, velocity: .zero)
        let cell: ReorderCell?
        switch layout.arrangement {
        case .row, .column: cell = nil
        case .grid: cell = layout.cell(forSlot: slot)
        }
        state = .lifted(Drag(item: item, originalOrder: order, liveOrder: order, destination: slot, hoveredCell: cell))
        return .lifted(slot: slot)
    }

    /// Moves the dragged item with the finger, steps the destination one slot per boundary
    /// crossed and sends the displaced items to their new slots.
    private mutating func follow(_ drag: inout Drag, translation: Vector2, velocity: Vector2, at time: Timestamp) -> [ReorderMove] {
        let scale = settings.pointsPerDeltaUnit
        guard case .following(let origin, _, _) = drivers[drag.item] else {
            preconditionFailure("the dragged item is always driven by the finger")
        }
        let offset = translation * scale
        drivers[drag.item] = .following(origin: origin, offset: offset, velocity: velocity * scale)
        let centre = origin + offset + layout.itemSizes[drag.item].vector * 0.5
        let target: Int
        switch layout.arrangement {
        case .row, .column:
            target = layout.linearDestination(centre: centre, order: drag.liveOrder, current: drag.destination,
                                              margin: settings.hysteresis)
        case .grid:
            let cell = layout.hoveredCell(centre: centre, current: drag.hoveredCell ?? layout.cell(forSlot: drag.destination),
                                          margin: settings.hysteresis)
            drag.hoveredCell = cell
            target = layout.slot(for: cell)
        }
        var moves: [ReorderMove] = []
        while drag.destination != target {
            let next = drag.destination + (target > drag.destination ? 1 : -1)
            let move = ReorderMove(from: drag.destination, to: next)
            drag.liveOrder.apply(move)
            drag.destination = next
            moves.append(move)
        }
        guard !moves.isEmpty else { return [] }
        drag.moves += moves
        sendItems(to: drag.liveOrder, except: drag.item, at: time)
        return moves
    }

    private mutating func commit(_ drag: Drag, velocity: Vector2, at time: Timestamp) -> ReorderOutcome {
        order = drag.liveOrder
        drop(drag.item, releasedAt: velocity, at: time)
        state = .settling(.committed)
        let net = drag.destination == slot(of: drag.item, in: drag.originalOrder)
            ? nil : ReorderMove(from: slot(of: drag.item, in: drag.originalOrder), to: drag.destination)
        return .committed(ReorderCommit(order: order, moves: drag.moves, net: net))
    }

    private mutating func cancel(_ drag: Drag, velocity: Vector2, at time: Timestamp) -> ReorderOutcome {
        order = drag.originalOrder
        sendItems(to: order, except: drag.item, at: time)
        drop(drag.item, releasedAt: velocity, at: time)
        state = .settling(.cancelled)
        return .cancelled(undo: drag.moves.reversed().map(\.inverse))
    }

    /// The finger lets go of `item`: it springs from where it is shown, with the release
    /// velocity, to its slot in the committed ``order``.
    private mutating func drop(_ item: Int, releasedAt velocity: Vector2, at time: Timestamp) {
        if case .following(let origin, let offset, _) = drivers[item] {
            drivers[item] = .following(origin: origin, offset: offset, velocity: velocity * settings.pointsPerDeltaUnit)
        }
        let target = layout.itemOrigins(for: order)[item]
        drivers[item] = drivers[item].heading(to: target, at: time, settings: settings)
    }

    /// Sends every item but `except` toward its slot in `order`, retargeting moving springs.
    private mutating func sendItems(to order: [Int], except item: Int, at time: Timestamp) {
        let targets = layout.itemOrigins(for: order)
        for other in drivers.indices where other != item {
            drivers[other] = drivers[other].heading(to: targets[other], at: time, settings: settings)
        }
    }

    private func slot(of item: Int, in order: [Int]) -> Int { order.firstIndex(of: item)! }
}
