// The `libinput record` reader: the headerless fragment from a kernel patch, a complete
// recording with libinput's own gesture entries (`--with-libinput` layout of
// tools/libinput-record.c), one with kernel frames only, malformed YAML, and format detection.
import Foundation
import Testing
import GestoCore
@testable import GestoInput
import GestoSystem

/// A complete recording in the layout `libinput record --with-libinput` writes.
let recordingWithLibinputEvents = """
    # libinput record
    version: 1
    ndevices: 1
    libinput:
      version: "1.22.1"
      git: "unknown"
    system:
      os: "debian:12"
      kernel: "6.1.0-13-amd64"
      dmi: "dmi:bvnLENOVO:bvrN24ET76W(1.51):svnLENOVO:pn20L5CTO1WW"
    devices:
    - node: /dev/input/event7
      evdev:
        # Name: Synaptics TM3276-022
        name: "Synaptics TM3276-022"
        id: [29, 1739, 0, 0]
        codes:
          0: [0, 1, 3, 4] # EV_SYN
          3: [0, 1, 47, 53, 54, 57] # EV_ABS
        absinfo:
          0: [0, 3850, 0, 0, 37]
        properties: [0, 2, 4]
      hid: [
        0x05, 0x01, 0x09, 0x02
      ]
      udev:
        properties:
        - ID_INPUT=1
        - ID_INPUT_TOUCHPAD=1
        virtual: false
      libinput:
        size: [97, 65]
        capabilities: [pointer, gesture]
      events:
      # Current time is 12:00:00
      - evdev:
        - [  0,      0,   3,  57,     255] # EV_ABS / ABS_MT_TRACKING_ID   255
        - [  0,      0,   0,   0,       0] # ------------ SYN_REPORT (0) ---------- +0ms
      - libinput:
        - {time: 0.000000, type: DEVICE_ADDED, seat: seat0, logical_seat: default}
      - evdev:
        - [  0, 152012,   3,  53,    1200] # EV_ABS / ABS_MT_POSITION_X    1200 (+12)
        - [  0, 152012,   0,   0,       0] # ------------ SYN_REPORT (0) ---------- +152ms
      - libinput:
        - {time: 0.152012, type: GESTURE_PINCH_BEGIN, nfingers: 2, delta: [  0.00,   0.00], unaccel: [  0.00,   0.00], angle_delta:   0.00, scale:   1.00}
        - {time: 0.159033, type: GESTURE_PINCH_UPDATE, nfingers: 2, delta: [ -0.42,  -0.42], unaccel: [ -0.53,  -0.53], angle_delta:  -0.02, scale:   0.97}
        - {time: 0.168000, type: GESTURE_PINCH_END, nfingers: 2, delta: [  0.00,   0.00], unaccel: [  0.00,   0.00], angle_delta:   0.00, scale:   0.97}
        - {time: 0.500000, type: GESTURE_SWIPE_BEGIN, nfingers: 3, delta: [  0.00,   0.00], unaccel: [  0.00,   0.00]}
        - {time: 0.507250, type: GESTURE_SWIPE_UPDATE, nfingers: 3, delta: [  3.10,  -1.25], unaccel: [  2.00,  -1.00]}
        - {time: 0.514000, type: GESTURE_SWIPE_END, nfingers: 3, delta: [  0.00,   0.00], unaccel: [  0.00,   0.00]}
        - {time: 0.600000, type: POINTER_MOTION, delta: [  1.00,   0.00], unaccel: [  1.00,   0.00]}
    """

@Suite("libinput record reader")
struct LibinputRecordingTests {
    @Test func fragmentWithoutHeaderIsNotComplete() throws {
        let recording = try LibinputRecording(contentsOf: fixturePath("record", "025"))
        #expect(!recording.isComplete)
        #expect(recording.gestureAvailability == .incompleteRecording)
        #expect(recording.gestures.isEmpty)
        #expect(recording.evdevFrameCount == 2)
        #expect(recording.summary.hasPrefix("not a complete libinput recording"))
    }

    @Test func libinputGestureEntriesBecomeEvents() throws {
        let recording = try LibinputRecording(parsing: Array(recordingWithLibinputEvents.utf8), fileName: "inline.yml")
        #expect(recording.isComplete)
        #expect(recording.fileVersion == 1)
        #expect(recording.libinputVersion == "1.22.1")
        #expect(recording.gestureAvailability == .recordedByLibinput)
        #expect(recording.warnings.isEmpty)
        #expect(recording.evdevFrameCount == 2)
        let device = try #require(recording.devices.first)
        #expect(device.device.name == "Synaptics TM3276-022")
        #expect(device.device.node == "event7" && device.device.number == 7)
        #expect(device.device.isGestureDevice)
        #expect(device.device.size == DeviceSize(widthMillimeters: 97, heightMillimeters: 65))
        #expect(device.evdevID == [29, 1739, 0, 0])
        #expect(device.isTouchpad == true)
        #expect(device.libinputEventCount == 8)
        #expect(recording.gestures.count == 6)
        #expect(recording.gestures[1] == GestureEvent(
            .pinch, .update, fingers: 2, time: Timestamp(microseconds: 159_033),
            delta: Vector2(-0.42, -0.42), unaccelerated: Vector2(-0.53, -0.53), scale: 0.97, angleDelta: -0.02, device: 7))
        #expect(recording.gestures[4] == GestureEvent(
            .swipe, .update, fingers: 3, time: Timestamp(microseconds: 507_250),
            delta: Vector2(3.10, -1.25), unaccelerated: Vector2(2, -1), device: 7))
        #expect(recording.gestures[5].phase == .end && !recording.gestures[5].isCancelled)
    }

    /// The inline recording with `original` replaced by `replacement`.
    private func recording(replacing original: String, with replacement: String) throws -> LibinputRecording {
        #expect(recordingWithLibinputEvents.contains(original))
        let text = recordingWithLibinputEvents.replacingOccurrences(of: original, with: replacement)
        return try LibinputRecording(parsing: Array(text.utf8), fileName: "r.yml")
    }

    @Test(arguments: ["1e309", "nan", "1e308", "18446744073709551616", "-3", "0", "2.5", "11", "null", "[3]"])
    func absurdFingerCountsAreWarnedAtTheirLine(nfingers: String) throws {
        // Issue 18: `Int(fingers)` trapped on these.
        let result = try recording(replacing: "GESTURE_SWIPE_UPDATE, nfingers: 3,", with: "GESTURE_SWIPE_UPDATE, nfingers: \(nfingers),")
        #expect(result.gestures.count == 5)
        #expect(!result.gestures.contains { $0.kind == .swipe && $0.phase == .update })
        let warning = try #require(result.warnings.first)
        #expect(result.warnings.count == 1)
        #expect(warning.description.hasPrefix("r.yml:49:"), "\(warning)")
        #expect(warning.reason.contains("a touchpad gesture has 1 to 10 fingers"), "\(warning)")
    }

    @Test(arguments: [
        ("delta: [  3.10,  -1.25]", "delta: [nan, -1.25]", "delta x 'nan'"),
        ("delta: [  3.10,  -1.25]", "delta: [3.10, .inf]", "delta y '.inf'"),
        ("delta: [  3.10,  -1.25]", "delta: [null, null]", "delta x 'null'"),
        ("delta: [  3.10,  -1.25]", "delta: [1, 2, 3]", "without 'delta: [dx, dy]'"),
        ("delta: [  3.10,  -1.25]", "delta: [1e300, 0]", "delta x '1e300'"),
        ("unaccel: [  2.00,  -1.00]}", "unaccel: [2.00, NaN]}", "unaccel y 'NaN'"),
        ("unaccel: [  2.00,  -1.00]}", "unaccel: [2.00, -1.00, 0]}", "without 'unaccel: [dx, dy]'"),
    ])
    func nonFiniteOrHugeDeltasAreWarnedNotReplayed(original: String, replacement: String, message: String) throws {
        let swipe = "GESTURE_SWIPE_UPDATE, nfingers: 3, delta: [  3.10,  -1.25], unaccel: [  2.00,  -1.00]}"
        let result = try recording(replacing: swipe, with: swipe.replacingOccurrences(of: original, with: replacement))
        #expect(result.warnings.count == 1)
        #expect(result.warnings.first?.reason.contains(message) == true, "\(result.warnings)")
        #expect(result.warnings.first?.line == 49)
        // A NaN never reaches a recognizer (and so never an action).
        #expect(result.gestures.allSatisfy { $0.delta.x.isFinite && $0.delta.y.isFinite && $0.unacceleratedDelta.x.isFinite })
        #expect(result.gestures.count == 5)
    }

    /// Issue 34: a time beyond 2^62 µs either way is warned at its line, in a gesture entry
    /// and in a touch entry alike, and never reaches a recognizer.
    @Test(arguments: ["-9223372036854.775808", "9223372036854.775807", "4611686018427.388", "-4611686018427.388"])
    func timesBeyondTheAcceptedRangeAreWarned(time: String) throws {
        let result = try recording(replacing: "{time: 0.507250, type: GESTURE_SWIPE_UPDATE",
                                   with: "{time: \(time), type: GESTURE_SWIPE_UPDATE")
        #expect(result.warnings.map(\.reason) == ["GESTURE_SWIPE_UPDATE with time \(time): times are below 2^62 µs (about 4.6e12 s) in magnitude"])
        #expect(result.warnings.first?.line == 49)
        #expect(result.gestures.count == 5)
        let touches = try recording(
            replacing: "{time: 0.600000, type: POINTER_MOTION, delta: [  1.00,   0.00], unaccel: [  1.00,   0.00]}",
            with: "{time: \(time), type: TOUCH_DOWN, slot: 0, seat_slot: 0, point: [1.0, 1.0], transformed: [1.0, 1.0]}")
        #expect(touches.warnings.map(\.reason) == ["TOUCH_DOWN with time \(time): times are below 2^62 µs (about 4.6e12 s) in magnitude"])
        #expect(touches.touches.isEmpty)
    }

    /// Issue 34: a single-touch screen's touch has `slot: -1` (libinput has no multitouch slot
    /// for it); it was refused ("without a 'slot' from 0 to 255"), so nothing was recognized.
    @Test func aSingleTouchScreensSlotMinusOneIsItsOneTouch() throws {
        let touches = try recording(
            replacing: "{time: 0.600000, type: POINTER_MOTION, delta: [  1.00,   0.00], unaccel: [  1.00,   0.00]}",
            with: "{time: 0.600000, type: TOUCH_DOWN, slot: -1, seat_slot: 0, point: [2048.0, 2048.0], transformed: [50.0, 50.0]}")
        #expect(touches.warnings.isEmpty, "\(touches.warnings)")
        #expect(touches.touches.map(\.slot) == [TouchEvent.singleTouchSlot])
        let beyond = try recording(
            replacing: "{time: 0.600000, type: POINTER_MOTION, delta: [  1.00,   0.00], unaccel: [  1.00,   0.00]}",
            with: "{time: 0.600000, type: TOUCH_DOWN, slot: -2, seat_slot: 0, point: [1.0, 1.0], transformed: [1.0, 1.0]}")
        #expect(beyond.warnings.map(\.reason) == ["TOUCH_DOWN without a 'slot' from -1 to 255"])
    }

    @Test(arguments: [("scale:   0.97}", "scale: nan}"), ("scale:   0.97}", "scale: 0}"), ("angle_delta:  -0.02", "angle_delta: -inf")])
    func badPinchScalesAndAnglesAreWarned(original: String, replacement: String) throws {
        let update = "GESTURE_PINCH_UPDATE, nfingers: 2, delta: [ -0.42,  -0.42], unaccel: [ -0.53,  -0.53], angle_delta:  -0.02, scale:   0.97}"
        let result = try recording(replacing: update, with: update.replacingOccurrences(of: original, with: replacement))
        #expect(result.warnings.count == 1, "\(result.warnings)")
        #expect(result.warnings.first?.line == 46)
        #expect(!result.gestures.contains { $0.kind == .pinch && $0.phase == .update })
    }

    @Test(arguments: ["nan", "1e20", "1.5", "0", "-1", "[1]"])
    func aBadFileVersionLeavesTheRecordingIncomplete(version: String) throws {
        // Issue 18: `version: nan` and `version: 1e20` trapped at `Int(_:)`.
        let result = try recording(replacing: "version: 1\n", with: "version: \(version)\n")
        #expect(result.fileVersion == nil)
        #expect(!result.isComplete)
        #expect(result.warnings.first?.description.hasPrefix("r.yml:2:10: warning: 'version' must be a whole number") == true,
                "\(result.warnings)")
    }

    @Test func aNonsenseDeviceSizeIsIgnoredWithAWarning() throws {
        let result = try recording(replacing: "size: [97, 65]", with: "size: [nan, 1e300]")
        #expect(result.devices.first?.device.size == nil)
        #expect(result.warnings.first?.reason.contains("device size") == true)
        #expect(result.gestures.count == 6)
    }

    @Test func kernelFramesOnlyNeedReplay() throws {
        let text = recordingWithLibinputEvents.split(separator: "\n", omittingEmptySubsequences: false)
            .filter { !$0.contains("{time:") && !$0.hasSuffix("- libinput:") }.joined(separator: "\n")
        let recording = try LibinputRecording(parsing: Array(text.utf8))
        #expect(recording.isComplete)
        #expect(recording.gestureAvailability == .needsReplayThroughKernel)
        #expect(recording.gestures.isEmpty)
        #expect(recording.summary.contains("replay the recording through the kernel"))
    }

    @Test func malformedYAMLGivesLineAndColumn() {
        let text = "version: 1\ndevices:\n- node: /dev/input/event1\n  events: [\n    - evdev: {\n"
        // A do/catch rather than #expect's error-checking closure: Swift 6.0's compiler crashes
        // type-checking that expansion with this body.
        do throws(InputError) {
            _ = try LibinputRecording(parsing: Array(text.utf8), fileName: "bad.yml")
            Issue.record("a malformed recording was read")
        } catch {
            guard case .malformedRecording(let file, let line, let column, _) = error else {
                Issue.record("not a malformedRecording error: \(error)")
                return
            }
            #expect(file == "bad.yml" && line >= 4 && column >= 1)
            #expect(error.description.hasPrefix("bad.yml:\(line):\(column): error:"), "\(error)")
        }
    }

    /// The config's builder reads recordings too, so a TAB in the indentation is named as the cause.
    @Test func aTabInTheIndentationIsNamed() {
        let text = "version: 1\ndevices:\n- node: /dev/input/event1\n\tevents: []\n"
        #expect {
            _ = try LibinputRecording(parsing: Array(text.utf8), fileName: "tab.yml")
        } throws: { error in
            "\(error)".hasPrefix("tab.yml:4:1: error: not a valid libinput recording: YAML does not allow TAB for indentation")
        }
    }

    @Test func missingFileIsAnError() {
        #expect(throws: InputError.cannotOpen(path: "/nonexistent/x.yml", error: SystemError(code: ENOENT, call: "open"))) {
            _ = try LibinputRecording(contentsOf: "/nonexistent/x.yml")
        }
    }
}

@Suite("input format detection")
struct InputFormatTests {
    @Test func detectsFixtures() throws {
        func detect(_ folder: String, _ prefix: String) throws -> InputFormat {
            InputFormat.detect(in: [UInt8](try Data(contentsOf: URL(fileURLWithPath: fixturePath(folder, prefix)))))
        }
        #expect(try detect("record", "025") == .libinputRecording)
        for prefix in ["001", "008", "010", "012", "016", "024"] {
            #expect(try detect("debug-events", prefix) == .debugEvents, "\(prefix)")
        }
        #expect(try detect("libinput-1.22", "027") == .debugEvents)
        #expect(InputFormat.detect(in: Array(recordingWithLibinputEvents.utf8)) == .libinputRecording)
        #expect(InputFormat.detect(in: Array("hello\nworld\n".utf8)) == .unknown)
    }
}

/// The recording's tree is built in linear time (issue 18, item 3): each appended entry copied
/// the open `events:` list, so 50,000 empty frames took 22 s and these 300,000 would take
/// many minutes. The limit only catches that quadratic cost again; it is not a speed test.
@Suite(.timeLimit(.minutes(1))) struct RecordingScalingTests {
    @Test func threeHundredThousandFramesAreReadInLinearTime() throws {
        let header = recordingWithLibinputEvents.components(separatedBy: "  events:\n")[0] + "  events:\n"
        let text = header + String(repeating: "  - evdev: []\n", count: 300_000)
        let recording = try LibinputRecording(parsing: Array(text.utf8), fileName: "frames.yml")
        #expect(recording.evdevFrameCount == 300_000)
        #expect(recording.gestureAvailability == .needsReplayThroughKernel)
    }

    @Test func collectionsNestedDeeperThanARecordingAreRefused() {
        let text = "version: 1\ndevices: " + String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000) + "\n"
        do {
            _ = try LibinputRecording(parsing: Array(text.utf8), fileName: "deep.yml")
            Issue.record("a 100,000-deep recording was read")
        } catch {
            #expect("\(error)".contains("deep.yml:2:73"), "\(error)")
            #expect("\(error)".contains("collections nest deeper than 64 levels"), "\(error)")
        }
    }
}

/// The recording is read as a stream (issue 18, item 3): from a descriptor, the format probe
/// first, each `events:` entry handed over as it completes rather than kept in a tree.
@Suite struct RecordingStreamTests {
    @Test func aRecordingReadFromAPipeAfterItsProbeEqualsOneReadInMemory() throws {
        let bytes = Array(recordingWithLibinputEvents.utf8)
        let inMemory = try LibinputRecording(parsing: bytes, fileName: "r.yml")
        for split in [0, 1, 700, bytes.count - 1, bytes.count] {
            let pipe = Pipe()
            pipe.fileHandleForWriting.write(Data(bytes[split...]))
            try pipe.fileHandleForWriting.close()
            let streamed = try LibinputRecording(fileDescriptor: pipe.fileHandleForReading.fileDescriptor,
                                                 prefix: Array(bytes[..<split]), fileName: "r.yml")
            #expect(streamed.gestures == inMemory.gestures)
            #expect(streamed.devices == inMemory.devices)
            #expect(streamed.evdevFrameCount == 2 && streamed.gestureAvailability == .recordedByLibinput)
        }
    }

    @Test func eventsOfTwoDevicesAreMergedInTimeOrder() throws {
        let device = recordingWithLibinputEvents.components(separatedBy: "devices:\n")[1]
        let second = device.replacingOccurrences(of: "/dev/input/event7", with: "/dev/input/event9")
            .replacingOccurrences(of: "time: 0.", with: "time: 0.0")
        let text = recordingWithLibinputEvents + "\n" + second
        let recording = try LibinputRecording(parsing: Array(text.utf8), fileName: "two.yml")
        #expect(recording.devices.map(\.device.number) == [7, 9])
        #expect(recording.gestures.count == 12)
        #expect(zip(recording.gestures, recording.gestures.dropFirst()).allSatisfy { $0.time <= $1.time })
        #expect(recording.gestures.first?.device == 9)
    }
}
