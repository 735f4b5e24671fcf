// The four real touchscreen recordings of the corpus through `gestoctl replay --json`, with
// what their README says a touchscreen recognizer must find in their raw touches (027 and 028
// report no resolution, so their distances are percent of the screen; 029 is in mm).
import GestoCommandLine
import Foundation
import Testing
import GestoConfig
import GestoCore
import GestoInput
@testable import GestoDaemon

@Suite struct TouchscreenReplayTests {
    private static let folder = "libinput-1.22/"

    private func run(_ name: String) -> [String] {
        let result = replay(Self.folder + name)
        #expect(result.status == 0, "\(result.errors)")
        #expect(!result.errors.contains("warning"), "\(result.errors)")
        // No touchpad gesture: libinput makes none on touchscreens.
        #expect(!result.lines.contains { ($0["gesture"] as? String)?.hasPrefix("swipe:") == true })
        return outcomes(result.lines)
    }

    @Test func atmelFourFingerDragDown() {
        #expect(run("027-atmel-maxtouch-touchscreen-4fg-drag-down.debug-events.txt") == ["touch-swipe:4:down ended"])
        // Percent of the screen (no resolution): about 32 % of the height, as the README says.
        let line = replay(Self.folder + "027-atmel-maxtouch-touchscreen-4fg-drag-down.debug-events.txt").lines[0]
        let translation = line["translation"] as? [Double] ?? []
        #expect(translation.count == 2 && translation[1] > 30 && translation[1] < 34)
    }

    @Test func ep0430m09FourFingerDragUpInDeviceCoordinates() {
        #expect(run("028-ep0430m09-touchscreen-4fg-drag.debug-events.txt") == ["touch-swipe:4:up ended"])
    }

    @Test func ep0430m09IsADragDownOnAnOutputRotated180Degrees() throws {
        // The file was named "drag-down": its display was probably upside down.
        let config = FileManager.default.temporaryDirectory.appendingPathComponent("touch-\(getpid())-180.yaml")
        try "input: {touchscreen-transform: 180}\n".write(to: config, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: config) }
        let result = replay(Self.folder + "028-ep0430m09-touchscreen-4fg-drag.debug-events.txt", ["--config", config.path])
        #expect(outcomes(result.lines) == ["touch-swipe:4:down ended"])
    }

    @Test func dellCanvasStrokes() {
        let outcomes = run("029-dell-canvas-touchscreen-4fg-down-5fg-left.debug-events.txt")
        // The 5-finger stroke ends left or fails, never another direction.
        #expect(outcomes.contains("touch-swipe:5:left ended"))
        #expect(!outcomes.contains { $0.hasPrefix("touch-swipe:5:") && !$0.hasPrefix("touch-swipe:5:left") })
        // The 4-finger stroke ends down or fails, never up.
        #expect(!outcomes.contains { $0.hasPrefix("touch-swipe:4:up") })
        // The still pair of the start (0.39 s) is neither a swipe nor a long press.
        #expect(!outcomes.contains { $0.hasPrefix("touch-swipe:2") && $0.hasSuffix("ended") })
        #expect(!outcomes.contains { $0.hasPrefix("touch-long-press:2") })
    }

    @Test func microtouchEveryStroke() {
        let outcomes = run("030-3m-microtouch-touchscreen-multifinger-drags-2fg-pinch.debug-events.txt")
        for expected in ["touch-rotate:2:clockwise ended", "touch-swipe:3:left ended", "tap:4 ended",
                         "touch-swipe:10:down ended", "touch-pinch:2:in cancelled"] {
            #expect(outcomes.contains(expected), "\(expected) in \(outcomes)")
        }
        // The two 3-finger swipes left, and the last pinch never ends (the fingers stay down).
        #expect(outcomes.filter { $0 == "touch-swipe:3:left ended" }.count == 2)
        #expect(!outcomes.contains("touch-pinch:2:in ended"))
        #expect(outcomes.last?.hasSuffix("cancelled") == true)
    }

    /// Issue 34: a single-touch screen (no multitouch slots), whose touch libinput puts in slot
    /// -1: every line was skipped ("expected a slot from 0 to 255") and nothing recognized. The
    /// texts are libinput 1.22.1's in the VM (Fixtures/README.md, single-touch/).
    @Test(arguments: [
        ("t16-single-touch-tap", ["tap:1 ended"]),
        ("t17-single-touch-double-tap", ["tap:1 ended", "double-tap:1 ended"]),
        ("t18-single-touch-long-press", ["touch-long-press:1 ended"]),
        ("t19-single-touch-drag-left", ["touch-swipe:1:left ended"]),
        ("t20-single-touch-edge-right", ["edge-swipe:right ended"]),
    ])
    func singleTouchScreen(name: String, expected: [String]) {
        let result = replay("single-touch/\(name).debug-events.txt")
        #expect(result.status == 0)
        #expect(!result.errors.contains("warning"), "\(result.errors)")
        #expect(outcomes(result.lines) == expected)
    }

    /// Issue 34: older libinput versions print TOUCH_UP with the time only. When only that lift
    /// was skipped, the finger never lifted and the tap became a long press.
    @Test func aSingleTouchTapWhoseLiftHasNoSlotIsATap() throws {
        let text = try String(contentsOf: fixtures.appendingPathComponent("single-touch/t16-single-touch-tap.debug-events.txt"),
                              encoding: .utf8)
        let old = text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.contains("TOUCH_UP") ? String($0.prefix { $0 != "\t" }) : String($0) }.joined(separator: "\n")
        #expect(old != text && !old.contains("TOUCH_UP                +0.096s\t"))
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("single-touch-\(getpid()).txt")
        try old.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let output = StringSink(), errors = StringSink()
        let status = ReplayCommand.run([file.path, "--json"], output: output, errors: errors)
        #expect(status == 0)
        #expect(!errors.text.contains("warning"), "\(errors.text)")
        let lines = output.text.split(separator: "\n").map {
            (try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any] ?? [:]
        }
        #expect(outcomes(lines) == ["tap:1 ended"])
    }

    /// `text` as libinput before 1.17 printed it: TOUCH_UP with its time only.
    private func withoutLiftSlots(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.contains("TOUCH_UP") ? String($0.prefix { $0 != "\t" }) : String($0) }.joined(separator: "\n")
    }

    private func replayText(_ text: String) throws -> (outcomes: [String], errors: String) {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("touch-old-\(getpid())-\(UUID().uuidString).txt")
        try text.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let output = StringSink(), errors = StringSink()
        let status = ReplayCommand.run([file.path, "--json"], output: output, errors: errors)
        #expect(status == 0)
        let lines = output.text.split(separator: "\n").map {
            (try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any] ?? [:]
        }
        return (outcomes(lines), errors.text)
    }

    /// Issue 41: on a multi-touch screen, a lift printed without its slot (libinput before 1.17)
    /// was taken as slot -1's, so the finger in slot 0 never lifted: a tap became a long press.
    @Test func aMultiTouchTapWhoseLiftHasNoSlotIsATap() throws {
        let text = try String(contentsOf: fixtures.appendingPathComponent("single-touch/t16-single-touch-tap.debug-events.txt"),
                              encoding: .utf8).replacingOccurrences(of: "-1 (0)", with: "0 (0)")
        let old = withoutLiftSlots(text)
        #expect(old != text)
        let result = try replayText(old)
        #expect(!result.errors.contains("warning"), "\(result.errors)")
        #expect(result.outcomes == ["tap:1 ended"])
    }

    /// Issue 41: the corpus's multi-finger strokes printed as libinput before 1.17 prints them
    /// end as the same gestures: where several fingers are down, the first lift without a slot
    /// lifts them all, and every stroke still ends.
    @Test(arguments: ["027-atmel-maxtouch-touchscreen-4fg-drag-down", "028-ep0430m09-touchscreen-4fg-drag",
                      "029-dell-canvas-touchscreen-4fg-down-5fg-left",
                      "030-3m-microtouch-touchscreen-multifinger-drags-2fg-pinch"])
    func strokesWhoseLiftsHaveNoSlotsEndAsTheyDid(name: String) throws {
        let path = Self.folder + name + ".debug-events.txt"
        let text = try String(contentsOf: fixtures.appendingPathComponent(path), encoding: .utf8)
        let result = try replayText(withoutLiftSlots(text))
        #expect(!result.errors.contains("warning"), "\(result.errors)")
        #expect(result.outcomes == outcomes(replay(path).lines), "\(name)")
    }

    @Test func rotationOfAbout95Degrees() {
        let lines = replay(Self.folder + "030-3m-microtouch-touchscreen-multifinger-drags-2fg-pinch.debug-events.txt").lines
        let rotation = lines.first { $0["gesture"] as? String == "touch-rotate:2:clockwise" }
        let angle = rotation?["angle"] as? Double ?? 0
        #expect(angle > 85 && angle < 105)
    }

    @Test func boundEdgeSwipesAndTapsFire() throws {
        let config = FileManager.default.temporaryDirectory.appendingPathComponent("touch-\(getpid()).yaml")
        try """
        bindings:
          - gesture: touch-swipe:4:down
            exec: echo four
          - gesture: tap:4
            exec: echo tap
        """.write(to: config, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: config) }
        let lines = replay(Self.folder + "030-3m-microtouch-touchscreen-multifinger-drags-2fg-pinch.debug-events.txt",
                           ["--config", config.path]).lines
        let fired = lines.compactMap { $0["action"] as? String }
        #expect(fired == ["exec: echo tap"])
        let atmel = replay(Self.folder + "027-atmel-maxtouch-touchscreen-4fg-drag-down.debug-events.txt",
                           ["--config", config.path]).lines
        #expect(atmel.compactMap { $0["action"] as? String } == ["exec: echo four"])
    }
}

@Suite struct TouchBindingTests {
    @Test func aDoubleTapBindingMakesTheTapWait() throws {
        let config = try Config.parse("""
        bindings:
          - gesture: tap:4
            exec: echo tap
          - gesture: double-tap:4
            exec: echo double
        """, file: "t.yaml")
        #expect(config.makeRecognizerGroups().groups[0].settings.touch.waitsForDoubleTap(fingers: 4))
        #expect(!config.makeRecognizerGroups().groups[0].settings.touch.waitsForDoubleTap(fingers: 3))
    }

    @Test func touchSettingsAndOverridesDecode() throws {
        let config = try Config.parse("""
        settings:
          touch-swipe: {threshold: 30mm, edge-margin: 3%, velocity: 80mm/s}
          tap: {duration: 0.25}
        bindings:
          - gesture: edge-swipe:left
            threshold: 12%
            exec: echo edge
        """, file: "t.yaml")
        #expect(config.settings.touch.swipe.threshold.millimeters == 30)
        #expect(config.settings.touch.edgeMargin.percent == 3)
        #expect(config.settings.touch.swipe.velocity.millimeters == 80)
        #expect(config.settings.touch.tap.maximumDuration == 0.25)
        #expect(config.bindings[0].rule.settings.touch.swipe.threshold.percent == 12)
        #expect(config.bindings[0].rule.settings.touch.swipe.threshold.millimeters == 30)
    }

    @Test func aTouchLongPressDragMayReorder() throws {
        let config = try Config.parse("""
        bindings:
          - gesture: touch-long-press-drag:3
            reorder: {slot: 20, items: 5, start: 0, step-right: echo right, step-left: echo left}
        """, file: "t.yaml")
        var pipeline = GesturePipeline(config: config)
        pipeline.touchscreenSize = Vector2(300, 200)
        var fired: [String] = []
        func touch(_ kind: TouchEventKind, _ slot: Int32, _ x: Double, _ ms: Int64) {
            pipeline.handle(touch: TouchEvent(kind, slot: slot, millimeters: Vector2(x, 100), time: Timestamp(microseconds: ms * 1000)),
                            emit: { line in fired += line.actions.map(\.summary) })
        }
        for slot in Int32(0)..<3 { touch(.down, slot, 100 + Double(slot) * 20, 0) }
        touch(.frame, -1, 0, 0)
        for step in 1...50 {
            for slot in Int32(0)..<3 { touch(.motion, slot, 100 + Double(slot) * 20 + Double(step), 450 + Int64(step) * 10) }
            touch(.frame, -1, 0, 450 + Int64(step) * 10)
        }
        for slot in Int32(0)..<3 { touch(.up, slot, 0, 1000) }
        touch(.frame, -1, 0, 1000)
        #expect(fired == ["exec: echo right", "exec: echo right"])
    }

    @Test func touchBindingsTheAppAlsoGetsAreWarnings() throws {
        let config = try Config.parse("""
        bindings:
          - gesture: tap:1
            exec: a
          - gesture: edge-swipe:left
            exec: b
          - gesture: touch-swipe:3:up
            exec: c
          - gesture: touch-pinch:2:in
            exec: d
        """, file: "t.yaml")
        #expect(config.warnings.map(\.location.line) == [2, 8])
        #expect(config.warnings.first?.message.contains("also reaches the app under the finger") == true)
    }

    @Test func aTouchscreenTransformIsADegreesValue() throws {
        #expect(try Config.parse("input: {touchscreen-transform: 270}\n", file: "t.yaml").touchscreenTransform == .rotated270)
        // `auto`, the default, follows the output (nil here: no output without a compositor).
        #expect(try Config.parse("input: {touchscreen-transform: auto}\n", file: "t.yaml").touchscreenTransform == nil)
        #expect(try Config.parse("input: {touchscreens: true}\n", file: "t.yaml").touchscreenTransform == nil)
        #expect(try Config.parse("input: {touchscreen-output: eDP-1}\n", file: "t.yaml").touchscreenOutput == "eDP-1")
        #expect(throws: (any Error).self) { try Config.parse("input: {touchscreen-output: ''}\n", file: "t.yaml") }
        do {
            _ = try Config.parse("input: {touchscreen-transform: 45}\n", file: "t.yaml")
            Issue.record("expected an error")
        } catch {
            #expect("\(error)".contains("t.yaml:1:32"), "\(error)")
        }
    }

    @Test func typosInTouchNamesAndKeysAreLocatedWithASuggestion() {
        for (text, suggestion) in [("edge-swipe:lfet", "left"), ("duoble-tap:2", "double-tap"), ("touch-swpie:3:up", "touch-swipe")] {
            do {
                _ = try Config.parse("bindings:\n  - gesture: \(text)\n    exec: x\n", file: "t.yaml")
                Issue.record("expected an error for \(text)")
            } catch {
                #expect("\(error)".contains("t.yaml:2:14"), "\(error)")
                #expect("\(error)".contains("did you mean '\(suggestion)'?"), "\(error)")
            }
        }
        do {
            _ = try Config.parse("bindings:\n  - gesture: tap:3\n    tolerence: 2mm\n    exec: x\n", file: "t.yaml")
            Issue.record("expected an error")
        } catch {
            #expect("\(error)".contains("t.yaml:3:5"))
            #expect("\(error)".contains("did you mean 'tolerance'?"))
        }
    }
}

/// The same touches as a `libinput record --with-libinput` file (the format of
/// tools/libinput-record.c), made from a debug-events fixture's TOUCH_* lines.
func libinputRecord(fromDebugEvents fixture: String, size: (Double, Double)?) throws -> String {
    let text = try String(contentsOf: fixtures.appendingPathComponent(fixture), encoding: .utf8)
    var parser = DebugEventsParser()
    var yaml = """
    # libinput record
    version: 1
    ndevices: 1
    libinput:
      version: "1.22.1"
    devices:
    - node: /dev/input/event1
      evdev:
        name: "touchscreen"
        id: [3, 1, 1, 0]
      udev:
        properties:
        - ID_INPUT=1
        - ID_INPUT_TOUCHSCREEN=1
      libinput:
    \(size.map { "    size: [\($0.0), \($0.1)]\n" } ?? "")    capabilities: [touch]
      events:

    """
    for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
        guard case .record(.touch(let event)) = parser.parse(line: String(line), number: index + 1) else { continue }
        let time = formatFixed(max(0, event.time.seconds), decimals: 6)
        var item = "{time: \(time), type: \(event.kind.eventName)"
        switch event.kind {
        case .down, .motion:
            let mm = event.millimeters ?? .zero
            item += ", slot: \(event.slot), seat_slot: \(event.seatSlot ?? event.slot), point: [\(mm.x), \(mm.y)], "
                + "transformed: [\(event.percent.x), \(event.percent.y)]"
        case .up, .cancel:
            item += ", slot: \(event.slot), seat_slot: \(event.seatSlot ?? event.slot)"
        case .frame:
            break
        }
        yaml += "  - libinput:\n    - \(item)}\n"
    }
    return yaml
}

@Suite struct TouchscreenRecordTests {
    @Test(arguments: ["027-atmel-maxtouch-touchscreen-4fg-drag-down", "028-ep0430m09-touchscreen-4fg-drag"])
    func recordAndTextAgree(name: String) throws {
        let fixture = "libinput-1.22/\(name).debug-events.txt"
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("touch-\(getpid())-\(name.prefix(3)).yml")
        try libinputRecord(fromDebugEvents: fixture, size: nil).write(to: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: path) }
        let output = StringSink(), errors = StringSink()
        #expect(ReplayCommand.run([path.path, "--json"], output: output, errors: errors) == 0, "\(errors.text)")
        #expect(!errors.text.contains("warning"), "\(errors.text)")
        let recorded = output.text.split(separator: "\n").map {
            (try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any] ?? [:]
        }
        #expect(outcomes(recorded) == outcomes(replay(fixture).lines))
        #expect(!outcomes(recorded).isEmpty)
    }
}
