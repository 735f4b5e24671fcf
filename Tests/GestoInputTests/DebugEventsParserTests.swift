// The debug-events parser against each format variant: a small inline line, and the real
// fixture that variant comes from (exact events, counts, sums of unaccelerated deltas as the
// corpus README gives them, warnings with line numbers).
import GestoBenchSupport
import Testing
import GestoCore
@testable import GestoInput

/// Parses one line and returns its gesture event, or nil.
private func gesture(_ line: String) -> GestureEvent? {
    var parser = DebugEventsParser()
    if case .record(.gesture(let event)) = parser.parse(line: line, number: 1) { return event }
    return nil
}

@Suite("debug-events line formats")
struct DebugEventsLineFormatTests {
    @Test func libinput122TabsAndThreeDecimals() {
        let event = gesture(" event1   GESTURE_PINCH_UPDATE    +0.152s\t2  0.00/-0.19 ( 0.00/-0.53 unaccelerated)  0.99 @ -0.02")
        #expect(event == GestureEvent(.pinch, .update, fingers: 2, time: Timestamp(microseconds: 152_000),
                                      delta: Vector2(0, -0.19), unaccelerated: Vector2(0, -0.53),
                                      scale: 0.99, angleDelta: -0.02, device: 1))
    }

    @Test func libinput16SpacesOnlyTwoDecimals() {
        let event = gesture(" event10  GESTURE_SWIPE_UPDATE  +9.54s  4 -0.08/23.39 (-0.21/62.16 unaccelerated)")
        #expect(event == GestureEvent(.swipe, .update, fingers: 4, time: Timestamp(microseconds: 9_540_000),
                                      delta: Vector2(-0.08, 23.39), unaccelerated: Vector2(-0.21, 62.16), device: 10))
    }

    @Test func tabsEverywhere2015() {
        let event = gesture("event15\tGESTURE_SWIPE_END\t+187.25s\t3")
        #expect(event == GestureEvent(.swipe, .end, fingers: 3, time: Timestamp(microseconds: 187_250_000), device: 15))
    }

    @Test func withoutUnacceleratedPart() {
        let event = gesture("event4  GESTURE_SWIPE_UPDATE  +1.00s  3  2.50/-1.25")
        #expect(event?.delta == Vector2(2.5, -1.25))
        #expect(event?.unacceleratedDelta == Vector2(2.5, -1.25))
        let pinch = gesture("event4  GESTURE_PINCH_UPDATE  +1.00s  2  2.50/-1.25  1.10 @ 3.00")
        #expect(pinch?.scale == 1.1)
        #expect(pinch?.angleDelta == 3)
    }

    @Test func repeatCounterColumn() {
        let event = gesture("event14  GESTURE_PINCH_UPDATE      2  +0.260s\t2  1.76/ 0.00 ( 1.76/ 0.00 unaccelerated)  1.10 @  0.24")
        #expect(event == GestureEvent(.pinch, .update, fingers: 2, time: Timestamp(microseconds: 260_000),
                                      delta: Vector2(1.76, 0), unaccelerated: Vector2(1.76, 0),
                                      scale: 1.10, angleDelta: 0.24, device: 14))
    }

    @Test func dashAndSpaceAndSpaceTabPrefixes() {
        #expect(gesture("-event8   GESTURE_PINCH_BEGIN  +1.39s\t3")?.phase == .begin)
        #expect(gesture(" event8   GESTURE_PINCH_BEGIN  +1.39s\t3")?.fingerCount == 3)
        #expect(gesture("event8 \tGESTURE_SWIPE_BEGIN  +1.41s\t3")?.device == 8)
    }

    @Test func cancelledEnd() {
        let event = gesture("event14  GESTURE_HOLD_END             +0.147s\t1 cancelled")
        #expect(event == GestureEvent(.hold, .end, fingers: 1, time: Timestamp(microseconds: 147_000),
                                      cancelled: true, device: 14))
        #expect(gesture("event6   GESTURE_SWIPE_END  +2.92s\t3                            #No BEGIN after END?")?.isCancelled == false)
    }

    @Test func embeddedInAnotherToolsLogRecord() {
        let line = "D, [2019-10-20T18:55:53.121363 #29847] DEBUG -- : {:input_event=>time: 2019-10-20 18:55:53 +0200, "
            + "tag: libinput_command_input, record:  event4   GESTURE_SWIPE_UPDATE  +9.68s\t3 -14.10/ 1.10 (-38.10/ 2.96 unaccelerated)}"
        #expect(gesture(line) == GestureEvent(.swipe, .update, fingers: 3, time: Timestamp(microseconds: 9_680_000),
                                              delta: Vector2(-14.10, 1.10), unaccelerated: Vector2(-38.10, 2.96), device: 4))
        let end = "D, [2024-08-23T23:25:36.902743 #149594] DEBUG -- : {:input_event=>tag: libinput_command_input, "
            + "record:  event4   GESTURE_SWIPE_END       +50.676s\t3}"
        #expect(gesture(end)?.time == Timestamp(microseconds: 50_676_000))
    }

    @Test func wrappedTouchscreenTimestampBreaksNothing() {
        var parser = DebugEventsParser()
        // A touch line is a touch record now, its wrapped time 1 ms before the start (DebugEventsTouchLineTests).
        guard case .record(.touch(let touch)) = parser.parse(
            line: " event1   TOUCH_DOWN              +4294967.295s\t0 (0) 51.88/22.29 (415.00/107.00mm)", number: 1) else {
            Issue.record("not a touch record")
            return
        }
        #expect(touch.time == Timestamp(microseconds: -1_000))
        #expect(gesture(" event1   GESTURE_HOLD_BEGIN      +4294967.295s\t2")?.time == Timestamp(microseconds: 4_294_967_295_000))
    }

    @Test func otherEventsGiveOnlyTheirTime() {
        // The recording's clock: a replay fires a long press held while only a mouse moves.
        var parser = DebugEventsParser()
        for (line, microseconds) in [
            ("event13\tPOINTER_AXIS      +3.54s\tvert 0.00 horiz -14.09*", 3_540_000),
            (" event1   POINTER_MOTION          +0.091s\t  0.00/  0.19 ( +0.00/ +1.00)", 91_000),
            (" event3   KEYBOARD_KEY            +1.00s\t*** (-1) pressed", 1_000_000),
            (" event3   KEYBOARD_KEY         2  +1.25s\t*** (-1) pressed", 1_250_000),
        ] as [(String, Int64)] {
            #expect(parser.parse(line: line, number: 1) == .record(.otherEvent(at: Timestamp(microseconds: microseconds))), "\(line)")
        }
        #expect(parser.parse(line: " event1   POINTER_MOTION   soon", number: 1) == .ignored)
    }

    /// Issue 34: every time that enters is range-checked, not only a touch line's. A gesture
    /// line beyond 2^62 µs (which the fast path's nine digits never reach) is a warning, and
    /// another event's time is no clock reading.
    @Test func timesBeyondTheAcceptedRangeAreRefusedOnEveryLine() {
        var parser = DebugEventsParser(fileName: "x.txt")
        guard case .warning(let warning) = parser.parse(line: " event4   GESTURE_HOLD_BEGIN  -9223372036854.775808s\t3", number: 2) else {
            Issue.record("expected a warning"); return
        }
        #expect(warning.description.hasPrefix("x.txt:2:31: warning: GESTURE_HOLD_BEGIN: expected a time of magnitude below 2^62 µs"),
                "\(warning)")
        #expect(parser.parse(line: " event1   POINTER_MOTION  -9223372036854.775808s\t  0.00/  0.19 ( +0.00/ +1.00)", number: 3)
                == .ignored)
        #expect(gesture(" event4   GESTURE_HOLD_BEGIN  +4611686018427.388s\t3") == nil)
        #expect(gesture(" event4   GESTURE_HOLD_BEGIN  +4611686018427.387s\t3")?.time == Timestamp(microseconds: 4_611_686_018_427_387_000))
    }

    @Test func nonEventLinesAreIgnoredSilently() {
        var parser = DebugEventsParser()
        for line in [
            "$ libinput debug-events", "$ comfortable-swipe debug | grep GESTURE_SWIPE",
            "libinput-gestures: device /dev/input/by-path/platform-AMDI0010:03-event-mouse(event15): SYNA3290:01 06CB:CD4F Touchpad",
            "libinput error: event1  - CyPS/2 Cypress Trackpad: kernel bug: Touch jump detected and discarded.",
            "Hash: 7b225afc6809da81d306436673af8a29", "", "# a comment", "\r",
        ] {
            #expect(parser.parse(line: line, number: 1) == .ignored, "\(line)")
        }
    }

    @Test func brokenGestureLineWarnsWithLineAndColumn() {
        var parser = DebugEventsParser(fileName: "x.txt")
        guard case .warning(let warning) = parser.parse(line: "event4  GESTURE_SWIPE_UPDATE  +1.00s  3  2.50/abc", number: 7) else {
            Issue.record("expected a warning"); return
        }
        #expect(warning.line == 7)
        #expect(warning.column == 47)
        #expect(warning.description.hasPrefix("x.txt:7:47: warning: GESTURE_SWIPE_UPDATE: expected dy"))
        guard case .warning(let unknown) = parser.parse(line: "event4  GESTURE_HOLD_UPDATE  +1.00s  3", number: 8) else {
            Issue.record("expected a warning"); return
        }
        #expect(unknown.reason.contains("unknown gesture event 'GESTURE_HOLD_UPDATE'"))
    }

    @Test(arguments: [
        ("event4  GESTURE_SWIPE_BEGIN  +1.00s  0", 38),
        ("event4  GESTURE_SWIPE_END  +1.00s  11", 36),
        ("event4  GESTURE_SWIPE_BEGIN  +1.00s  2147483647", 38),
        ("event4  GESTURE_SWIPE_UPDATE  +1.00s  999999999  1.00/2.00", 39),
    ])
    func absurdFingerCountsAreWarnedNotNamed(line: String, column: Int) {
        // Issue 18: replay invented `swipe:0:left` and `swipe:2147483647:right`.
        var parser = DebugEventsParser(fileName: "x.txt")
        guard case .warning(let warning) = parser.parse(line: line, number: 3) else {
            Issue.record("expected a warning for \(line)"); return
        }
        #expect(warning.description.hasPrefix("x.txt:3:\(column): warning: "), "\(warning)")
        #expect(warning.reason.hasSuffix("expected a finger count of 1 to 10 (a touchpad gesture)"), "\(warning)")
    }

    @Test(arguments: [
        " event4  GESTURE_PINCH_UPDATE  +1.00s\t2  0.00/ 0.00 ( 0.00/ 0.00 unaccelerated)  9999999999990.24 @  0.00",
        " event4  GESTURE_PINCH_UPDATE  +1.00s\t2  0.00/ 0.00 ( 0.00/ 0.00 unaccelerated)  0.00 @  0.00",
        " event4  GESTURE_PINCH_UPDATE  +1.00s\t2  0.00/ 0.00 ( 0.00/ 0.00 unaccelerated)  1.00 @  -1000000.01",
        " event4  GESTURE_SWIPE_UPDATE  +1.00s\t3  123456789012345.00/ 0.00 ( 0.00/ 0.00 unaccelerated)",
        " event4  GESTURE_SWIPE_UPDATE  +1.00s\t3  0.00/ 0.00 ( 0.00/-2000000.00 unaccelerated)",
    ])
    func valuesNoTouchpadReportsAreWarned(line: String) {
        // Found by scripts/fuzz: a 1e13 scale reached the recognizers.
        var parser = DebugEventsParser()
        guard case .warning(let warning) = parser.parse(line: line, number: 1) else {
            Issue.record("expected a warning for \(line)"); return
        }
        #expect(warning.column == 42, "\(warning)")
        #expect(warning.reason.contains("magnitude at most 1e6"), "\(warning)")
    }

    @Test func timesBeyondInt64MicrosecondsAreWarned() {
        var parser = DebugEventsParser()
        guard case .warning(let warning) = parser.parse(line: "event4  GESTURE_HOLD_BEGIN  +999999999999999.9s  3", number: 1) else {
            Issue.record("expected a warning"); return
        }
        #expect(warning.reason.contains("expected time"))
        #expect(gesture("event4  GESTURE_SWIPE_BEGIN  +1.00s  10")?.fingerCount == 10)
    }

    @Test func wrappedUpdateIsWarnedAndRejoined() {
        var parser = DebugEventsParser()
        guard case .warning(let first) = parser.parse(line: "event15\tGESTURE_SWIPE_UPDATE\t+188.18s\t4  0.00/-", number: 1) else {
            Issue.record("expected a warning"); return
        }
        #expect(first.line == 1)
        guard case .rejoined(.gesture(let event), let second) = parser.parse(line: "1.19 ( 0.00/-2.30 unaccelerated)", number: 2) else {
            Issue.record("expected a rejoined record"); return
        }
        #expect(second.line == 2)
        #expect(event.delta == Vector2(0, -1.19))
        #expect(event.unacceleratedDelta == Vector2(0, -2.30))
    }

    @Test func deviceAddedLine() {
        var parser = DebugEventsParser()
        let line = "-event15  DEVICE_ADDED     SYNA3290:01 06CB:CD4F Touchpad    seat0 default group1  cap:pg  size 116x56mm tap(dl off) left"
        guard case .record(.deviceAdded(let device)) = parser.parse(line: line, number: 1) else {
            Issue.record("expected a device"); return
        }
        #expect(device == InputDevice(node: "event15", name: "SYNA3290:01 06CB:CD4F Touchpad", seat: "seat0",
                                      capabilities: [.pointer, .gesture],
                                      size: DeviceSize(widthMillimeters: 116, heightMillimeters: 56)))
        #expect(device.number == 15)
        #expect(device.isGestureDevice)
        guard case .record(.deviceRemoved(let removed)) = parser.parse(
            line: "-event9   DEVICE_REMOVED   SYNA8004:00 06CB:CD8B Touchpad    seat0 default group7  cap:pg", number: 2) else {
            Issue.record("expected a removed device"); return
        }
        #expect(removed.name == "SYNA8004:00 06CB:CD8B Touchpad")
    }
}

@Suite("debug-events fixtures from bug reports")
struct DebugEventsFixtureTests {
    @Test func emailWrapped001WarnsAndRejoins() throws {
        let result = try readFixture("debug-events", "001")
        // Wrapped UPDATEs on lines 2,4,6,8,12,14 (line 1 is the provenance line); each
        // continuation on the next line is rejoined, with a warning of its own.
        #expect(result.warnings.map(\.line) == [2, 3, 4, 5, 6, 7, 8, 9, 12, 13, 14, 15])
        #expect(result.warnings[0].column != nil)
        #expect(result.gestures.count == 8)
        let sums = unacceleratedSums(result.gestures)
        #expect(sums.count == 2)
        #expect(close(sums[0].2.x, -12.55, within: 1e-6) && close(sums[0].2.y, 367.04, within: 1e-6))
        #expect(close(sums[1].2.x, -0.19, within: 1e-6) && close(sums[1].2.y, -15.16, within: 1e-6))
    }

    /// Gesture events per fixture, and the unaccelerated sums the corpus README states.
    @Test(arguments: [
        ("002", 11, [(GestureKind.swipe, 3, -543.29, -29.51)]),
        ("003", 17, [(.swipe, 4, -77.38, 734.65), (.swipe, 4, 609.72, -24.07)]),
        ("004", 15, [(.swipe, 3, -7.71, -129.43), (.swipe, 4, -6.77, -43.31), (.swipe, 4, -410.17, 80.58)]),
        ("006", 15, [(.swipe, 4, 0, 0), (.pinch, 2, 80.14, -20.45)]),
        ("008", 10, [(.pinch, 3, 14.78, -5.62)]),
        ("009", 17, [(.swipe, 3, -725.07, 15.09)]),
        ("010", 11, [(.swipe, 3, 0, 0), (.swipe, 3, -555.11, 9.85)]),
        ("012", 6, [(.swipe, 3, -183.73, 18.63)]),
        ("013", 13, [(.swipe, 4, 145.12, 743.56), (.swipe, 4, 10.53, 42.65)]),
        ("015", 8, [(.pinch, 2, -9.84, -129.59)]),
        ("016", 11, [(.swipe, 3, -7.31, 177.5)]),
        ("019", 16, [(.swipe, 3, 0, 4.44), (.swipe, 3, 1.75, -50.78)]),
        ("021", 8, [(.swipe, 3, 3.39, -33.1), (.hold, 1, 0, 0), (.hold, 1, 0, 0), (.hold, 1, 0, 0)]),
        ("023", 11, [(.hold, 1, 0, 0), (.hold, 2, 0, 0), (.pinch, 2, 11.88, 1.76)]),
        ("024", 0, []),
    ] as [(String, Int, [(GestureKind, Int, Double, Double)])])
    func countsAndSums(prefix: String, count: Int, expected: [(GestureKind, Int, Double, Double)]) throws {
        let result = try readFixture("debug-events", prefix)
        #expect(result.warnings.isEmpty, "\(result.warnings)")
        #expect(result.gestures.count == count)
        let sums = unacceleratedSums(result.gestures)
        try #require(sums.count == expected.count)
        for (sum, want) in zip(sums, expected) {
            #expect(sum.0 == want.0 && sum.1 == want.1)
            #expect(close(sum.2.x, want.2, within: 0.005) && close(sum.2.y, want.3, within: 0.005), "\(prefix): \(sum.2)")
        }
    }

    @Test func readmeRoundedSums() throws {
        // The corpus README rounds: 003 swipe:4 down (−77/+735), 002 swipe:3 left (−543/−30).
        let down = unacceleratedSums(try readFixture("debug-events", "003").gestures)[0].2
        #expect(abs(down.x - -77) <= 1 && abs(down.y - 735) <= 1)
        let left = unacceleratedSums(try readFixture("debug-events", "002").gestures)[0].2
        #expect(abs(left.x - -543) <= 1 && abs(left.y - -30) <= 1)
    }

    @Test func chosenLinesOfFixtures() throws {
        let pinch = try readFixture("debug-events", "006").gestures
        #expect(pinch[0] == GestureEvent(.swipe, .end, fingers: 4, time: Timestamp(microseconds: 22_910_000), device: 5))
        #expect(pinch[2] == GestureEvent(.pinch, .update, fingers: 2, time: Timestamp(microseconds: 28_990_000),
                                         delta: Vector2(2.77, 0.28), unaccelerated: Vector2(7.50, 0.76),
                                         scale: 1.05, angleDelta: 1.38, device: 5))
        let holds = try readFixture("debug-events", "021").gestures
        #expect(holds[4] == GestureEvent(.hold, .end, fingers: 1, time: Timestamp(microseconds: 51_367_000),
                                         cancelled: true, device: 4))
        let threeDecimals = try readFixture("debug-events", "016").gestures
        #expect(threeDecimals[0] == GestureEvent(.swipe, .begin, fingers: 3, time: Timestamp(microseconds: 36_000), device: 15))
        let counter = try readFixture("debug-events", "023").gestures
        #expect(counter[6].time == Timestamp(microseconds: 260_000))
        #expect(counter[10].scale == 1.24 && counter[10].angleDelta == -0.15)
    }

    @Test func deviceList024() throws {
        let devices = try readFixture("debug-events", "024").records.compactMap { record -> InputDevice? in
            if case .deviceAdded(let device) = record { return device }
            return nil
        }
        #expect(devices.count == 13)
        let gestureDevices = devices.filter(\.isGestureDevice)
        #expect(gestureDevices.map(\.name) == ["SYNA8004:00 06CB:CD8B Touchpad"])
        #expect(gestureDevices.first?.number == 9)
        #expect(gestureDevices.first?.size == DeviceSize(widthMillimeters: 97, heightMillimeters: 53))
        let touchscreen = devices.first { $0.node == "event6" }
        #expect(touchscreen?.name == "Wacom Pen and multitouch sensor Finger")
        #expect(touchscreen?.capabilities == [.touch])
        #expect(touchscreen?.isGestureDevice == false)
        let mouse = devices.first { $0.node == "event5" }
        #expect(mouse?.capabilities == [.pointer])
        #expect(mouse?.isGestureDevice == false)
        #expect(devices.first { $0.node == "event1" }?.capabilities == [.switch])
        #expect(devices.first { $0.node == "event14" }?.capabilities == [])
    }
}

@Suite("debug-events of libinput 1.22 on real touchpads")
struct Libinput122FixtureTests {
    @Test(arguments: [
        ("001", 152), ("002", 2), ("004", 215), ("005", 141), ("006", 2), ("007", 2), ("008", 2),
        ("010", 77), ("011", 64), ("012", 307), ("013", 82), ("015", 318), ("018", 0), ("019", 0),
        ("020", 0), ("021", 2), ("022", 2), ("024", 2), ("025", 2), ("027", 0), ("028", 0), ("029", 0), ("030", 0),
    ])
    func countsWithoutWarnings(prefix: String, count: Int) throws {
        let result = try readFixture("libinput-1.22", prefix)
        #expect(result.warnings.isEmpty, "\(result.warnings)")
        #expect(result.gestures.count == count)
        let devices = result.records.filter { if case .deviceAdded = $0 { true } else { false } }
        #expect(devices.count == 1)
    }

    @Test func zStroke001() throws {
        let events = try readFixture("libinput-1.22", "001").gestures
        let sums = unacceleratedSums(events)
        #expect(sums.count == 1)
        #expect(abs(sums[0].2.x - 310) <= 1 && abs(sums[0].2.y - 373) <= 1)
        #expect(events.first?.phase == .begin && events.last?.phase == .end && events.last?.isCancelled == false)
    }

    @Test func pinchIn010() throws {
        let events = try readFixture("libinput-1.22", "010").gestures
        #expect(events[0] == GestureEvent(.hold, .begin, fingers: 2, time: Timestamp(microseconds: 40_000), device: 1))
        #expect(events[1] == GestureEvent(.hold, .end, fingers: 2, time: Timestamp(microseconds: 144_000), cancelled: true, device: 1))
        let updates = events.filter { $0.kind == .pinch && $0.phase == .update }
        #expect(abs(updates.last!.scale - 0.21) < 0.015)
    }

    @Test func touchpadWithoutGesturesAndTouchscreens() throws {
        for prefix in ["018", "020", "027"] {
            let device = try readFixture("libinput-1.22", prefix).records.compactMap { record -> InputDevice? in
                if case .deviceAdded(let device) = record { return device }
                return nil
            }.first
            #expect(device?.isGestureDevice == false, "\(prefix)")
        }
    }

    @Test func generatedBenchmarkTextParsesCleanly() {
        let text = makeDebugEventsBenchmarkText(lines: 5_000)
        var parser = DebugEventsParser()
        var gestures = 0, devices = 0, warnings = 0
        text.withUnsafeBufferPointer { bytes in
            parser.parseAll(bytes, { record in
                switch record {
                case .gesture: gestures += 1
                case .deviceAdded, .deviceRemoved: devices += 1
                case .otherEvent, .touch: break
                }
            }, warnings: { _ in warnings += 1 })
        }
        #expect(gestures == 4_999 && devices == 1 && warnings == 0)
    }
}
