// What one reorder input did: a lift, the slot moves of a drag, a commit with the kept order, a
// cancel with the undo moves, or a rejection. Layer: GestoCore (pure values); the daemon turns
// them into effects (annotated reports, action runs), the engine never acts itself.

/// A finished drag: the order it kept and how it got there.
public struct ReorderCommit: Sendable, Hashable {
    /// The new order: item identities slot by slot.
    public var order: [Int]
    /// Every move of the drag, in order; applied to the previous order they give ``order``.
    public var moves: [ReorderMove]
    /// The single move from the lifted slot to the final one, or nil if the item ended where it started.
    public var net: ReorderMove?
}

/// What one input did.
public enum ReorderOutcome: Sendable, Hashable {
    /// The item in `slot` is lifted.
    case lifted(slot: Int)
    /// The drag moved the destination by these moves (one per slot crossed, in order; often none).
    case moved([ReorderMove])
    /// The order was committed.
    case committed(ReorderCommit)
    /// The order was restored; `undo` lists the inverse moves, latest first, so that applying
    /// them to the live order gives the original one.
    case cancelled(undo: [ReorderMove])
    /// The input was rejected; nothing changed.
    case rejected(ReorderDiagnostic)

    /// The moves to announce for this input: the drag's moves, the undo moves of a cancel, or
    /// none (lift, commit, rejection: a commit's moves were announced as they happened).
    public var moves: [ReorderMove] {
        switch self {
        case .moved(let moves), .cancelled(let moves): moves
        case .lifted, .committed, .rejected: []
        }
    }
}
