// The thin adapter between the recognizers and the reorder engine: `long-press-drag:F` reports
// become lift / drag / commit / cancel, and the slot moves they cause come back so the daemon can
// annotate its reports (`RecognizedGesture.reorder`), one report per move. Layer: GestoCore (pure).

/// Drives a ``ReorderSession`` from `long-press-drag` reports.
///
/// Phases: `arming` does nothing (the press may still fail); `began` lifts the item in
/// ``draggedSlot``; `changed` drags it to the report's translation; `ended` drags to the final
/// translation and commits; `failed` and `cancelled` cancel and return the undo moves. Reports
/// of other gestures (or other finger counts, when ``fingers`` is set) are ignored.
public struct ReorderGestureAdapter: Sendable {
    /// The engine, readable for drawing (`session.positions(at:)`).
    public private(set) var session: ReorderSession
    /// The finger count of the binding's `long-press-drag:F`, or nil for any.
    public var fingers: Int?
    /// The slot of the item a long press lifts (0 by default: the first).
    public var draggedSlot: Int
    /// The rejection of the last report, if the session refused it (for the daemon's log).
    public private(set) var lastDiagnostic: ReorderDiagnostic?

    /// Drives `session` from `long-press-drag:fingers` reports, lifting the item in `draggedSlot`.
    public init(session: ReorderSession, fingers: Int? = nil, draggedSlot: Int = 0) {
        self.session = session
        self.fingers = fingers
        self.draggedSlot = draggedSlot
    }

    /// A touchpad-only binding (config `reorder: {slot: 120}`): a uniform row of `itemCount`
    /// slots of `slot` libinput delta units, with 1 point per delta unit, so every `slot` units of
    /// drag crosses one slot.
    /// - Throws: ``ReorderLayoutError`` if `slot` is not > 0 or `itemCount` < 1.
    public init(touchpadSlot slot: Double, itemCount: Int, fingers: Int? = nil, draggedSlot: Int = 0,
                hysteresis: Double = ReorderSettings.defaultHysteresis) throws(ReorderLayoutError) {
        let layout = try ReorderLayout.touchpad(slot: slot, itemCount: itemCount)
        self.init(session: ReorderSession(layout: layout, settings: ReorderSettings(pointsPerDeltaUnit: 1, hysteresis: hysteresis)),
                  fingers: fingers, draggedSlot: draggedSlot)
    }

    /// The device whose long-press-drag the adapter follows: the touchpad's `long-press-drag`
    /// (translations in delta units) or a touchscreen's `touch-long-press-drag` (mm or %).
    public var device: ContactDevice = .touchpad

    /// Whether `gesture` is the long-press-drag of ``device`` this adapter follows.
    public func follows(_ gesture: RecognizedGesture) -> Bool {
        gesture.name.gesture.kind == .longPressDrag && gesture.name.device == device
            && (fingers == nil || fingers == gesture.name.fingerCount)
    }

    /// Feeds one report and returns the slot moves it caused, in order: forward moves while
    /// dragging (and on `ended`, for the last stretch), the undo moves on `failed`/`cancelled`.
    public mutating func handle(_ gesture: RecognizedGesture) -> [ReorderMove] {
        guard follows(gesture) else { return [] }
        let time = gesture.time
        var moves: [ReorderMove] = []
        func feed(_ input: ReorderInput) {
            let outcome = session.handle(input, at: time)
            switch outcome {
            case .rejected(let diagnostic): lastDiagnostic = diagnostic
            case .lifted, .moved, .committed, .cancelled: moves += outcome.moves
            }
        }
        let drag = ReorderInput.drag(translation: gesture.translation, velocity: gesture.velocity)
        switch gesture.phase {
        case .arming:
            break
        case .began:
            // A repeated `began` keeps the item already lifted.
            if !isHolding { feed(.lift(slot: draggedSlot)) }
            if gesture.translation != .zero { feed(drag) }
        case .changed:
            // A `changed` without its `began` (the adapter was set up mid-gesture) lifts first.
            if !isHolding { feed(.lift(slot: draggedSlot)) }
            feed(drag)
        case .ended:
            guard isHolding else { break }
            feed(drag)
            feed(.commit(velocity: gesture.velocity))
        case .failed, .cancelled:
            guard isHolding else { break }
            feed(.cancel(velocity: gesture.velocity))
        }
        return moves
    }

    /// Feeds one report and returns the reports to publish, each move on its own report with
    /// ``RecognizedGesture/reorder`` set (an action runner applies every annotated move, undo
    /// moves included, in order).
    ///
    /// A report that caused no move comes back unchanged. One that did comes back once per move;
    /// for a final phase (ended, failed, cancelled) those copies say `changed` and the final
    /// report follows unannotated, so a gesture still ends exactly once.
    public mutating func annotate(_ gesture: RecognizedGesture) -> [RecognizedGesture] {
        let moves = handle(gesture)
        guard !moves.isEmpty else { return [gesture] }
        var reports = moves.map { move in
            var annotated = gesture
            annotated.reorder = move
            if gesture.phase.isFinal { annotated.phase = .changed }
            return annotated
        }
        if gesture.phase.isFinal { reports.append(gesture) }
        return reports
    }

    /// Whether an item is lifted or dragged.
    private var isHolding: Bool { session.draggedItem != nil }
}
