// The gesture → spring hand-off: explicit units, the displayed (rubber-banded) start, the
// velocity scaled by the band's slope, and the snap target from the projected end.

import Testing
@testable import GestoCore

@Suite struct MotionHandOffTests {
    @Test func unitsConvertExplicitly() {
        let units = MotionUnits(pointsPerDeltaUnit: 2, distance: 400)
        #expect(units.points(fromDeltaUnits: 100) == 200)
        #expect(units.progress(fromPoints: 200) == 0.5)
        #expect(units.progress(fromDeltaUnits: 100) == 0.5)
        #expect(units.points(fromProgress: 0.5) == 200)
    }

    @Test func releaseInsideBoundsStartsFromTheFingerWithItsVelocity() {
        let handOff = GestureHandOff(units: .gnomeHorizontal, bounds: 0...3)
        let release = Timestamp(microseconds: 2_000_000)
        // 120 units = 0.3 page; 600 units/s = 1.5 page/s; projection 1.5/(−1000 ln 0.997) ≈ 0.4993.
        let animation = handOff.animation(translation: 120, velocity: 600, at: release, origin: 1, snapPoints: [0, 1, 2, 3])
        #expect(abs(animation.from - 1.3) < 1e-12)
        #expect(abs(animation.initialVelocity - 1.5) < 1e-12)
        #expect(animation.to == 2)
        let s = animation.state(at: release)
        #expect(abs(s.value - 1.3) < 1e-12 && abs(s.velocity - 1.5) < 1e-12)
        #expect(animation.tolerance == RestTolerance.progress)
        // Slower: the projection stays nearer 1.
        #expect(handOff.animation(translation: 120, velocity: 100, at: release, origin: 1, snapPoints: [0, 1, 2, 3]).to == 1)
    }

    @Test func releaseInOverscrollStartsFromTheDisplayedValueWithTheSlopeVelocity() {
        let band = RubberBand(coefficient: 0.5, dimension: 0.05)
        let handOff = GestureHandOff(units: .niriWorkspace, bounds: 0...2, rubberBand: band)
        let release = Timestamp(microseconds: 0)
        // 30 units past the end of 2 pages: raw progress 2.1, excess 0.1.
        let raw = 2.1
        let animation = handOff.animation(translation: 630, velocity: 300, at: release, snapPoints: [0, 1, 2])
        #expect(abs(animation.from - (2 + band.band(excess: raw - 2))) < 1e-12)
        #expect(abs(animation.initialVelocity - 1.0 * band.slope(atExcess: raw - 2)) < 1e-12)
        #expect(animation.to == 2)
        #expect(abs(handOff.displayedProgress(translation: 630) - animation.from) < 1e-15)
        #expect(animation.settleTime != nil)
    }

    @Test func twoDimensionalHandOffConvertsToPoints() throws {
        let handOff = GestureHandOff(units: MotionUnits(pointsPerDeltaUnit: 1.5, distance: 300), bounds: 0...1,
                                     parameters: try SpringParameters(dampingRatio: 0.8, stiffness: 400))
        let t = Timestamp(microseconds: 10)
        let animation = handOff.animation2D(translation: Vector2(100, -40), velocity: Vector2(1000, 0), to: .zero, at: t)
        #expect(animation.from == Vector2(150, -60))
        #expect(animation.initialVelocity == Vector2(1500, 0))
        #expect(animation.state(at: t).value == Vector2(150, -60))
        #expect(GestureHandOff(units: .niriWorkspace, bounds: 0...1).animation2D(
            translation: .zero, velocity: .zero, to: .zero, at: t).tolerance == RestTolerance.points)
    }
}
