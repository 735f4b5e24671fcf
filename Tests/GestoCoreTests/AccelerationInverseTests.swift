// The inverse of libinput 1.22's touchpad acceleration: its profile's shape, and that it undoes
// the forward computation it describes.
import GestoCore
import Testing

@Suite struct AccelerationInverseTests {
    @Test func profileShape() {
        #expect(AccelerationInverse.ratio(speed: 50, previous: 50) == 1)       // the plateau: 1:1
        #expect(abs(AccelerationInverse.ratio(speed: 0, previous: 0) - 1.0 / 3) < 1e-12)  // 0.3 / 0.9
        #expect(AccelerationInverse.ratio(speed: 300, previous: 300) > 1.5)
        // Capped at 4 × 130 mm/s.
        #expect(AccelerationInverse.ratio(speed: 520, previous: 520) == AccelerationInverse.ratio(speed: 900, previous: 900))
    }

    /// libinput's forward computation on a made-up stroke, inverted: every delta comes back.
    @Test func undoesTheForwardComputation() {
        var inverse = AccelerationInverse()
        var previousVelocity: Double?
        var time = Timestamp(microseconds: 1_000_000)
        _ = inverse.unaccelerated(Vector2(3, 0), at: time)  // the first, taken on the plateau
        for step in 1...40 {
            time = Timestamp(microseconds: time.microseconds + 8_000)
            let unaccelerated = Vector2(Double(step % 20) * 1.7, -0.4 * Double(step % 7))
            let speed = unaccelerated.length * AccelerationInverse.millimetersPerUnit / 0.008001
            let accelerated = unaccelerated * AccelerationInverse.ratio(speed: speed, previous: previousVelocity ?? speed)
            previousVelocity = speed
            let recovered = inverse.unaccelerated(accelerated, at: time)
            #expect((recovered - unaccelerated).length < 1e-6, "step \(step): \(recovered) for \(unaccelerated)")
        }
    }
}
