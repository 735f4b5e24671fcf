// The environment an `exec` action sees: the gesture's details as GESTO_* variables, so a
// script can act on direction, distance or scale without parsing anything.

extension RecognizedGesture {
    /// The `GESTO_*` variables for this report. Units: translation in libinput delta units,
    /// velocity in delta units per second, angle in degrees (clockwise positive), time in
    /// seconds on libinput's clock.
    ///
    /// `GESTO_GESTURE` (binding syntax), `GESTO_PHASE`, `GESTO_FINGERS`, `GESTO_TIME`,
    /// `GESTO_DX`, `GESTO_DY`, `GESTO_VX`, `GESTO_VY`, `GESTO_SCALE`, `GESTO_ANGLE`,
    /// `GESTO_PROGRESS`, and `GESTO_REASON` for a cancelled gesture.
    public var environment: [(String, String)] {
        var variables: [(String, String)] = [
            ("GESTO_GESTURE", name.description),
            ("GESTO_PHASE", phase.name),
            ("GESTO_FINGERS", String(name.fingerCount)),
            ("GESTO_TIME", formatFixed(time.seconds, decimals: 6)),
            ("GESTO_DX", formatCompact(translation.x)),
            ("GESTO_DY", formatCompact(translation.y)),
            ("GESTO_VX", formatCompact(velocity.x, maxDecimals: 1)),
            ("GESTO_VY", formatCompact(velocity.y, maxDecimals: 1)),
            ("GESTO_SCALE", formatCompact(scale, maxDecimals: 4)),
            ("GESTO_ANGLE", formatCompact(angle, maxDecimals: 2)),
            ("GESTO_PROGRESS", formatCompact(progress, maxDecimals: 4)),
        ]
        if let reason = cancellationReason { variables.append(("GESTO_REASON", reason.rawValue)) }
        if let move = reorder {
            variables.append(("GESTO_REORDER_FROM", String(move.from)))
            variables.append(("GESTO_REORDER_TO", String(move.to)))
        }
        return variables
    }
}
