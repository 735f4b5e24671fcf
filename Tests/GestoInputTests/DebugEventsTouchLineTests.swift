// The TOUCH_* lines of `libinput debug-events`: each field, libinput's number padding, the
// wrapped first time of corpus 027 and 029, and a bad line warned about with its column.
import Testing
import GestoCore
@testable import GestoInput

private func parse(_ line: String) -> ParsedLine {
    var parser = DebugEventsParser(fileName: "touch.txt")
    return parser.parse(line: line, number: 7)
}

private func touch(_ line: String) -> TouchEvent? {
    if case .record(.touch(let event)) = parse(line) { return event }
    return nil
}

@Suite("debug-events touch lines")
struct DebugEventsTouchLineTests {
    @Test func downWithSlotSeatSlotPercentAndMillimetres() {
        let event = touch(" event1   TOUCH_DOWN              +0.028s\t1 (1) 16.62/51.04 (133.00/245.00mm)")
        #expect(event == TouchEvent(.down, slot: 1, seatSlot: 1, percent: Vector2(16.62, 51.04),
                                    millimeters: Vector2(133, 245), time: Timestamp(microseconds: 28_000), device: 1))
    }

    @Test func paddedNumbersAsLibinputPrintsThem() {
        // Corpus 030, line 4650: "%5.2f" pads 8.54 to " 8.54".
        let event = touch(" event1   TOUCH_MOTION            +17.869s\t1 (1) 65.99/ 8.54 (21625.00/2797.00mm)")
        #expect(event?.percent == Vector2(65.99, 8.54))
        #expect(event?.millimeters == Vector2(21625, 2797))
        #expect(event?.kind == .motion)
    }

    @Test func upFrameAndCancel() {
        #expect(touch(" event1   TOUCH_UP                +0.386s\t1 (1)") == TouchEvent(.up, slot: 1, seatSlot: 1,
                                                                                        time: Timestamp(microseconds: 386_000), device: 1))
        #expect(touch(" event1   TOUCH_FRAME             +0.386s\t")?.kind == .frame)
        #expect(touch(" event3   TOUCH_CANCEL            +2.000s")?.kind == .cancel)
    }

    @Test func wrappedFirstTimeIsJustBeforeTheStart() {
        // Corpus 027 and 029 begin at +4294967.295s: 32-bit milliseconds wrapped, i.e. −1 ms.
        let event = touch(" event1   TOUCH_DOWN              +4294967.295s\t0 (0) 51.88/22.29 (415.00/107.00mm)")
        #expect(event?.time == Timestamp(microseconds: -1_000))
    }

    @Test func badPositionIsAWarningWithItsColumn() {
        guard case .warning(let warning) = parse(" event1   TOUCH_DOWN    +0.028s\t1 (1) 16.62 (133.00/245.00mm)") else {
            Issue.record("expected a warning")
            return
        }
        #expect(warning.line == 7)
        #expect(warning.column == 39)  // where the position starts
        #expect(warning.reason.contains("position in percent"))
    }

    @Test func slotBeyondTheRangeIsAWarning() {
        guard case .warning(let warning) = parse(" event1   TOUCH_DOWN    +0.028s\t9999 (0) 1.00/1.00") else {
            Issue.record("expected a warning")
            return
        }
        #expect(warning.reason.contains("slot"))
    }

    /// Issue 34: a single-touch screen (no multitouch slots) has slot -1 ("-1 (0)"); it was
    /// warned about ("expected a slot from 0 to 255") and skipped, so nothing was recognized.
    @Test func aSingleTouchScreensSlotMinusOneIsItsOneTouch() {
        let event = touch(" event4   TOUCH_DOWN              +0.100s\t-1 (0) 50.01/50.01 (2048.00/2048.00mm)")
        #expect(event == TouchEvent(.down, slot: TouchEvent.singleTouchSlot, seatSlot: 0, percent: Vector2(50.01, 50.01),
                                    millimeters: Vector2(2048, 2048), time: Timestamp(microseconds: 100_000), device: 4))
        #expect(touch(" event4   TOUCH_UP                +0.190s\t-1 (0)")?.slot == TouchEvent.singleTouchSlot)
    }

    /// Issue 34: older versions of libinput's tool print TOUCH_UP with the time only; the lift
    /// was skipped with a warning, and a tap became a long press. It is the single touch's lift.
    @Test(arguments: [" event4   TOUCH_UP                +0.190s", " event4   TOUCH_UP                +0.190s\t"])
    func anUpWithoutASlotIsTheSingleTouchsLift(line: String) {
        #expect(touch(line) == TouchEvent(.up, slot: TouchEvent.singleTouchSlot, time: Timestamp(microseconds: 190_000), device: 4))
    }

    /// Issue 41: libinput before 1.17 prints every TOUCH_UP with its time only. On a
    /// multi-touch screen the lift was taken as slot -1's, which was never down, so the touch in
    /// slot 0 never lifted and a tap became a long press. One touch down: that touch lifts.
    @Test func aLiftWithoutASlotLiftsTheOneTouchDown() {
        let (records, warnings) = DebugEventsParser.records(in: """
             event4   TOUCH_DOWN              +0.100s	3 (0) 50.00/50.00 (100.00/60.00mm)
             event4   TOUCH_FRAME             +0.100s
             event4   TOUCH_UP                +0.190s
             event4   TOUCH_FRAME             +0.190s

            """)
        #expect(warnings.isEmpty)
        #expect(records[2] == .touch(TouchEvent(.up, slot: 3, time: Timestamp(microseconds: 190_000), device: 4)))
    }

    /// The records of `lines`, each touch as "KIND SLOT" and other events as "other".
    private func lifted(_ lines: String) -> [String] {
        let (records, warnings) = DebugEventsParser.records(in: lines)
        #expect(warnings.isEmpty, "\(warnings)")
        return records.map { record in
            switch record {
            case .touch(let event): "\(event.kind.eventName.dropFirst(6)) \(event.device ?? 0):\(event.slot) \(event.time)"
            default: "other"
            }
        }
    }

    /// Issue 41: several touches down, the line cannot say whose lift it is; the frame's
    /// TOUCH_FRAME decides, among the touches that did not move in that frame.
    @Test func aLiftWithoutASlotAmongSeveralTouchesIsOneThatStoodStill() {
        let records = lifted("""
             event4   TOUCH_DOWN              +0.100s\t1 (1) 60.00/50.00
             event4   TOUCH_DOWN              +0.100s\t0 (0) 40.00/50.00
             event4   TOUCH_FRAME             +0.100s
             event4   TOUCH_UP                +0.300s
             event4   TOUCH_MOTION            +0.300s\t1 (1) 61.00/50.00
             event4   TOUCH_FRAME             +0.300s
             event4   TOUCH_MOTION            +0.310s\t1 (1) 62.00/50.00
             event4   TOUCH_FRAME             +0.310s
             event4   TOUCH_UP                +0.320s
             event4   TOUCH_FRAME             +0.320s

            """)
        #expect(records == ["DOWN 4:1 0.100", "DOWN 4:0 0.100", "FRAME 4:-1 0.100",
                            "other", "MOTION 4:1 0.300", "UP 4:0 0.300", "FRAME 4:-1 0.300",
                            "MOTION 4:1 0.310", "FRAME 4:-1 0.310",
                            "UP 4:1 0.320", "FRAME 4:-1 0.320"], "\(records)")
    }

    /// Two fingers lifting in one frame print two lifts without slots: both lift at the frame.
    /// With more still touches than lifts the earliest landed lifts (a guess: if it moves later
    /// it is ignored, and the touch kept instead lifts with the next lift). A frame that never
    /// comes is decided by the device's next later line; other devices count apart.
    @Test func liftsOfOneFrameGuessesAndMissingFrames() {
        let records = lifted("""
             event4   TOUCH_DOWN              +0.100s\t0 (0) 40.00/50.00
             event4   TOUCH_DOWN              +0.100s\t1 (1) 60.00/50.00
             event4   TOUCH_DOWN              +0.100s\t2 (2) 80.00/50.00
             event5   TOUCH_DOWN              +0.100s\t0 (3) 60.00/50.00
             event4   TOUCH_FRAME             +0.100s
             event4   TOUCH_UP                +0.200s
             event5   TOUCH_UP                +0.200s
             event4   TOUCH_FRAME             +0.200s
             event4   TOUCH_MOTION            +0.250s\t0 (0) 41.00/50.00
             event4   TOUCH_FRAME             +0.250s
             event4   TOUCH_UP                +0.300s
             event4   TOUCH_UP                +0.300s
             event4   TOUCH_DOWN              +0.400s\t0 (0) 40.00/50.00

            """)
        #expect(records == ["DOWN 4:0 0.100", "DOWN 4:1 0.100", "DOWN 4:2 0.100", "DOWN 5:0 0.100", "FRAME 4:-1 0.100",
                            "other", "UP 5:0 0.200", "UP 4:0 0.200", "FRAME 4:-1 0.200",
                            "other", "FRAME 4:-1 0.250",
                            "other", "other", "UP 4:1 0.300", "UP 4:2 0.300", "DOWN 4:0 0.400"], "\(records)")
    }

    @Test(arguments: ["-2 (0) 1.00/1.00", "- (0) 1.00/1.00", "256 (0) 1.00/1.00", "(0) 1.00/1.00"])
    func aSlotBelowTheSingleTouchOrAboveTheRangeIsAWarning(fields: String) {
        guard case .warning(let warning) = parse(" event1   TOUCH_DOWN    +0.028s\t" + fields) else {
            Issue.record("expected a warning for \(fields)")
            return
        }
        #expect(warning.reason == "TOUCH_DOWN: expected a slot from -1 to 255", "\(warning)")
    }

    /// Issue 34: `-9223372036854.775808s` (about Int64.min µs) trapped in the wrap arithmetic
    /// (SIGILL in `gestoctl replay` and `gestod --replay`); a time of 2^62 µs or more either
    /// way is now a warning at the time's column, and the line is skipped.
    @Test(arguments: ["-9223372036854.775808s", "+9223372036854.775807s", "-4611686018427.388s", "+4611686018427.388s"])
    func aTimeOutsideTheAcceptedRangeIsAWarningNotATrap(time: String) {
        for (prefix, suffix) in [(" event1   TOUCH_DOWN  ", "\t0 (0) 1.00/1.00"), (" event1   TOUCH_FRAME   ", ""),
                                 (" event1   TOUCH_UP ", "\t0 (0)")] {
            guard case .warning(let warning) = parse(prefix + time + suffix) else {
                Issue.record("expected a warning for \(prefix + time + suffix)")
                continue
            }
            #expect(warning.reason.hasSuffix("expected a time of magnitude below 2^62 µs (about 4.6e12 s)"), "\(warning)")
            #expect(warning.column == prefix.utf8.count + 1)
        }
    }

    @Test func theLastAcceptedTimesParse() {
        #expect(touch(" event1   TOUCH_FRAME  -4611686018427.387s")?.time == Timestamp(microseconds: -4_611_686_018_427_387_000))
        #expect(touch(" event1   TOUCH_FRAME  +4611686018427.387s")?.time == Timestamp(microseconds: 4_611_686_018_427_387_000))
    }

    @Test(arguments: ["027", "028", "029", "030"])
    func everyTouchLineOfTheCorpusParses(prefix: String) throws {
        let result = try readFixture("libinput-1.22", prefix)
        #expect(result.warnings.isEmpty, "\(result.warnings.first.map(\.description) ?? "")")
        let touches = result.records.filter { if case .touch = $0 { return true } else { return false } }
        #expect(touches.count > 100)
        #expect(result.gestures.isEmpty)
    }
}
