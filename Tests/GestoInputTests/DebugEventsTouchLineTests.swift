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
