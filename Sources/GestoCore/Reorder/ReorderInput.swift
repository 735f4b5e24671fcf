// What the reorder engine is fed (lift, drag, commit, cancel) and how it refuses what does not
// fit. Layer: GestoCore (pure values). Translations arrive in libinput delta units, as the
// recognizers report them; the session converts them to points with its explicit scale.

/// What a reorder session is fed.
public enum ReorderInput: Sendable, Hashable {
    /// The long press completed on the item in `slot` (committed order): lift it.
    case lift(slot: Int)
    /// The finger is `translation` libinput delta units from where the drag began, moving at
    /// `velocity` delta units per second.
    case drag(translation: Vector2, velocity: Vector2)
    /// The finger lifted moving at `velocity` delta units per second: keep the new order.
    case commit(velocity: Vector2)
    /// The gesture was cancelled (or failed) with the finger moving at `velocity` delta units
    /// per second: restore the order the drag started from.
    case cancel(velocity: Vector2)

    /// Whether every translation and velocity in the input is a finite number.
    public var isFinite: Bool {
        func finite(_ v: Vector2) -> Bool { v.x.isFinite && v.y.isFinite }
        switch self {
        case .lift: return true
        case .drag(let translation, let velocity): return finite(translation) && finite(velocity)
        case .commit(let velocity), .cancel(let velocity): return finite(velocity)
        }
    }

    /// The input's name in diagnostics: "lift", "drag", "commit", "cancel".
    public var name: String {
        switch self {
        case .lift: "lift"
        case .drag: "drag"
        case .commit: "commit"
        case .cancel: "cancel"
        }
    }
}

/// An input the session could not take, and why; the session is unchanged.
public enum ReorderDiagnostic: Sendable, Hashable, CustomStringConvertible {
    /// The input makes no sense in the phase (a drag with nothing lifted, a second lift).
    case invalidInput(ReorderInput, in: ReorderPhase)
    /// A lift named a slot outside `0..<count`.
    case slotOutOfRange(Int, count: Int)
    /// A translation or velocity was NaN or infinite (a device or client bug).
    case notFinite(ReorderInput)

    /// One line for the daemon's log.
    public var description: String {
        switch self {
        case .invalidInput(let input, let phase): "reorder: \(input.name) while \(phase.rawValue)"
        case .slotOutOfRange(let slot, let count): "reorder: lift of slot \(slot), outside 0..<\(count)"
        case .notFinite(let input): "reorder: \(input.name) with a value that is not finite"
        }
    }
}
