// Small helpers shared by the Reorder*Tests: seconds as timestamps, layouts of 100-point items,
// and a SplitMix64 generator so random op sequences repeat exactly from their seed.

@testable import GestoCore

/// `seconds` on libinput's clock.
func at(_ seconds: Double) -> Timestamp { Timestamp(seconds: seconds) }

/// A row (or column, or grid) of `count` 100 × 100 pt items, no spacing: slot `s` starts at 100·s.
func squares(_ arrangement: ReorderLayout.Arrangement, count: Int, spacing: Double = 0) -> ReorderLayout {
    try! ReorderLayout(arrangement, itemCount: count, itemSize: ReorderSize(square: 100), spacing: spacing)
}

/// A session over `layout` at one point per delta unit unless told otherwise.
func session(_ layout: ReorderLayout, pointsPerDeltaUnit: Double = 1, hysteresis: Double = ReorderSettings.defaultHysteresis) -> ReorderSession {
    ReorderSession(layout: layout, settings: ReorderSettings(pointsPerDeltaUnit: pointsPerDeltaUnit, hysteresis: hysteresis))
}

/// A drag along x by `dx` delta units.
func along(_ dx: Double) -> Vector2 { Vector2(dx, 0) }

/// SplitMix64 (Steele, Lea, Flood 2014): a tiny deterministic generator for property tests.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
