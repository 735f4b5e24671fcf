// Time arithmetic at the limits: a duration from a config or a time from a recording may be
// absurd, and no conversion, sum or difference of Timestamps may trap on it (issue 18, item 1).
import Testing
@testable import GestoCore

@Suite struct TimestampTests {
    @Test func secondsBeyondTheInt64RangeSaturate() {
        #expect(Timestamp(seconds: 1e13) == .distantFuture)
        #expect(Timestamp(seconds: 1e20) == .distantFuture)
        #expect(Timestamp(seconds: 1e308) == .distantFuture)
        #expect(Timestamp(seconds: .infinity) == .distantFuture)
        #expect(Timestamp(seconds: -1e13) == .distantPast)
        #expect(Timestamp(seconds: -.infinity) == .distantPast)
        #expect(Timestamp(seconds: .nan) == Timestamp(microseconds: 0))
        // Just inside the range still converts exactly.
        #expect(Timestamp(seconds: 9.2e12).microseconds == 9_200_000_000_000_000_000)
        #expect(Timestamp(seconds: -9.2e12).microseconds == -9_200_000_000_000_000_000)
        #expect(Timestamp(seconds: 1.5).microseconds == 1_500_000)
    }

    @Test func advancingPastEitherEndSaturates() {
        // The second reproduction: a duration just below the conversion limit added
        // to an event time 5000 s after the origin overflowed an Int64 addition.
        let event = Timestamp(seconds: 5000)
        #expect(event.advanced(bySeconds: 9.223372036e12) == .distantFuture)
        #expect(Timestamp.distantFuture.advanced(bySeconds: 1e-6) == .distantFuture)
        #expect(Timestamp.distantPast.advanced(bySeconds: -1e-6) == .distantPast)
        #expect(Timestamp.distantFuture.advanced(byMicroseconds: .max) == .distantFuture)
        #expect(Timestamp.distantPast.advanced(byMicroseconds: .min) == .distantPast)
        #expect(event.advanced(bySeconds: .nan) == event)
        #expect(event.advanced(bySeconds: 0.25) == Timestamp(seconds: 5000.25))
    }

    @Test func differencesAcrossTheWholeRangeDoNotTrap() {
        #expect(Timestamp.distantFuture.microseconds(since: .distantPast) == .max)
        #expect(Timestamp.distantPast.microseconds(since: .distantFuture) == .min)
        #expect(Timestamp.distantFuture.seconds(since: .distantPast) > 1.8e13)
        #expect(Timestamp.distantPast.seconds(since: .distantFuture) < -1.8e13)
        #expect(Timestamp(seconds: 2).seconds(since: Timestamp(seconds: 0.5)) == 1.5)
    }

    @Test func aLongPressOfAnAbsurdDurationArmsWithoutTrapping() {
        // `settings: {long-press: {duration: 1e13}}` trapped gestod at the first HOLD_BEGIN.
        var settings = LongPressSettings()
        settings.minimumDuration = 1e13
        var recognizer = LongPressRecognizer(settings: settings)
        var script = EventScript()
        script.begin(.hold, 3, at: 5000)
        let updates = run(&recognizer, script.events)
        #expect(updates.map(\.phase) == [.arming])
        #expect(recognizer.nextDeadline == .distantFuture)
    }

    @Test func theVelocityTrackerTakesTimesAtBothEndsOfTheRange() {
        var tracker = VelocityTracker()
        tracker.add(position: Vector2(x: 0, y: 0), at: .distantPast)
        tracker.add(position: Vector2(x: 1, y: 0), at: .distantFuture)
        #expect(tracker.velocity(at: .distantFuture) == .zero)
        #expect(tracker.velocity(at: .distantPast) == .zero)
    }
}
