// One verdict per gesture (DESIGN.md, "Bindings and verdicts"): each binding hears its own
// recognizer group, so its overrides change what happens on real recordings, nothing fires on
// a failed report, and what an action sees is the firing. Each test is a reproduction that
// failed before bindings owned their recognizers.
import GestoCommandLine
import Foundation
import Testing
import GestoConfig
@testable import GestoDaemon

/// Replays `fixture` with a config of `bindings` (YAML list items) and returns the JSON lines.
func replay(_ fixture: String, bindings: String) throws -> [[String: Any]] {
    try replay(fixture, config: "bindings:\n" + bindings)
}

/// Replays `fixture` with the config text `config` and returns the JSON lines.
func replay(_ fixture: String, config: String) throws -> [[String: Any]] {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("gesto-verdict-\(UUID().uuidString).yaml")
    try config.write(to: file, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(at: file) }
    let result = replay(fixture, ["--config", file.path])
    #expect(result.status == 0, "\(result.errors)")
    return result.lines
}

/// The actions of every line, in order.
func actions(_ lines: [[String: Any]]) -> [String] {
    lines.flatMap { $0["actions"] as? [String] ?? [] }
}

/// The lines that fired something.
func firings(_ lines: [[String: Any]]) -> [[String: Any]] {
    lines.filter { !($0["actions"] as? [String] ?? []).isEmpty }
}

let strokeZ = "libinput-1.22/001-synaptics-tm3276-t480-3fg-stroke-z.debug-events.txt"
let strokeB = "libinput-1.22/004-synaptics-tm3276-t480-3fg-stroke-b.debug-events.txt"
let hold2 = "libinput-1.22/007-synaptics-tm3276-t480-2fg-hold.debug-events.txt"
let hold3 = "libinput-1.22/008-synaptics-tm3276-t480-3fg-hold.debug-events.txt"
let pinchIn = "libinput-1.22/010-synaptics-tm3276-t480-2fg-pinch-in.debug-events.txt"
let pinchOut = "libinput-1.22/011-synaptics-tm3276-t480-2fg-pinch-out.debug-events.txt"
let pinchTwice = "libinput-1.22/012-synaptics-tm3276-t480-2fg-pinch-in-out-twice.debug-events.txt"
let rotateCW = "libinput-1.22/013-synaptics-tm3276-t480-2fg-rotate-cw.debug-events.txt"
let scrollDown = "libinput-1.22/022-synaptics-tm3276-t480-2fg-scroll-down.debug-events.txt"
let straightSwipe = "debug-events/013-lg202-2fg-scroll-then-4fg-swipe-down-then-4fg-begin.txt"
let shortFlick = "debug-events/021-fusuma322-fusuma-log-wrapped-3fg-swipe-end-then-1fg-holds-cancelled.txt"
let threeFingerPinch = "debug-events/008-comfortableswipe46-3fg-pinch-in-slight-rotation.txt"
let atmelDrag = "libinput-1.22/027-atmel-maxtouch-touchscreen-4fg-drag-down.debug-events.txt"
let dellStrokes = "libinput-1.22/029-dell-canvas-touchscreen-4fg-down-5fg-left.debug-events.txt"
let microTouchStrokes = "libinput-1.22/030-3m-microtouch-touchscreen-multifinger-drags-2fg-pinch.debug-events.txt"

@Suite struct BindingVerdictTests {
    // MARK: The reproductions of the issue

    @Test func aBindingsOwnThresholdMakesItsVerdictNotAFailedReport() throws {
        // Regression: fixture 004 printed `swipe:3:down failed … → exec: echo down`, progress
        // 0.47 against the global 150.
        let lines = try replay(strokeB, bindings: "  - gesture: swipe:3:down\n    threshold: 50\n    exec: echo down\n")
        let fired = firings(lines)
        #expect(fired.count == 1)
        #expect(fired.first?["phase"] as? String == "ended")
        #expect((fired.first?["progress"] as? Double ?? 0) > 1)
        #expect(!lines.contains { $0["phase"] as? String == "failed" })
        // `gestoctl replay`'s text line is the same firing.
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("gesto-verdict-\(UUID().uuidString).yaml")
        try "bindings:\n  - {gesture: swipe:3:down, threshold: 50, exec: echo down}\n".write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let output = StringSink(), errors = StringSink()
        #expect(ReplayCommand.run([fixtures.appendingPathComponent(strokeB).path, "--config", file.path], output: output, errors: errors) == 0)
        #expect(output.text.split(separator: "\n").contains { $0.contains("swipe:3:down") && $0.contains(" ended ") && $0.hasSuffix("  → exec: echo down") },
                "\(output.text)")
        #expect(!output.text.contains("failed"), "\(output.text)")
        // The global threshold still fails the same stroke for a binding without the override.
        #expect(actions(try replay(strokeB, bindings: "  - gesture: swipe:3:down\n    exec: echo down\n")).isEmpty)
    }

    @Test func nothingFiresOnAFailedOrCancelledReport() throws {
        for fixture in [strokeB, "libinput-1.22/005-synaptics-tm3276-t480-3fg-stroke-circle.debug-events.txt", pinchTwice] {
            let lines = try replay(fixture, bindings: """
                  - gesture: swipe:3
                    exec: echo swipe
                  - gesture: pinch:2
                    exec: echo pinch
                  - gesture: swipe:3
                    mode: on-threshold
                    exec: echo early
                """)
            for line in firings(lines) {
                let phase = line["phase"] as? String
                #expect(phase != "failed" && phase != "cancelled", "\(fixture): \(line)")
            }
        }
    }

    @Test func tieredLongPressesFireOnlyTheLongestReached() throws {
        // libinput-gestures' `hold on` / `hold on+N`. Fixture 008 rests 1.29 s.
        func tiers(_ short: Double, _ long: Double) throws -> [String] {
            actions(try replay(hold3, bindings: """
                  - gesture: long-press:3
                    duration: \(short)
                    exec: echo short
                  - gesture: long-press:3
                    duration: \(long)
                    exec: echo long
                """))
        }
        // Regression: both fired on a hold shorter than the long tier.
        #expect(try tiers(0.5, 2.2) == ["exec: echo short"])
        #expect(try tiers(0.5, 1.0) == ["exec: echo long"])
        // An on-begin tier fires when its own duration elapses, each in turn.
        let begins = firings(try replay(hold3, bindings: """
              - gesture: long-press:3
                mode: on-begin
                duration: 0.3
                exec: echo first
              - gesture: long-press:3
                mode: on-begin
                duration: 1.0
                exec: echo second
            """))
        #expect(begins.map { $0["actions"] as? [String] ?? [] } == [["exec: echo first"], ["exec: echo second"]])
        let times = begins.map { $0["time"] as? Double ?? 0 }
        #expect(times.count == 2 && abs(times[1] - times[0] - 0.7) < 0.001)
    }

    @Test func holdBindingsDoNotFireOnTheHoldsOfTouchesAndScrolls() throws {
        // Regression: `hold:2` fired on every two-finger touch (libinput's 46–224 ms holds).
        let bindings = "  - gesture: hold:2\n    exec: echo hold\n  - gesture: hold:2\n    mode: on-begin\n    exec: echo began\n"
        #expect(actions(try replay(scrollDown, bindings: bindings)).isEmpty)
        #expect(actions(try replay(pinchIn, bindings: bindings)).isEmpty)
        #expect(actions(try replay(hold2, bindings: bindings)) == ["exec: echo began", "exec: echo hold"])
    }

    @Test func everyActionOfAReportIsListed() throws {
        // Regression: JSON lines carried only the first action.
        let lines = try replay(strokeZ, bindings: "  - gesture: swipe:3:down\n    exec: echo a\n  - gesture: swipe:3:down\n    exec: echo b\n")
        let fired = firings(lines)
        #expect(fired.count == 1)
        #expect(fired.first?["actions"] as? [String] == ["exec: echo a", "exec: echo b"])
        #expect(fired.first?["action"] as? String == "exec: echo a")
    }

    @Test func firingsThatSawAReportDifferentlyAreLinesOfTheirOwn() throws {
        // 001's Z turns from right to down at 0.643 s: that one report closes the continuous
        // right stream (cancelled, preempted) and begins the continuous down one. Regression:
        // both actions were on one line showing the first firing, `cancelled`, so the down
        // stream was never seen to begin.
        let config = """
            bindings:
              - {gesture: swipe:3:right, mode: continuous, exec: echo right}
              - {gesture: swipe:3:down, mode: continuous, exec: echo down}

            """
        let lines = try replay(strokeZ, config: config)
        let turn = lines.filter { $0["time"] as? Double == 0.643 }
        #expect(turn.count == 2, "\(turn)")
        #expect(turn.first?["phase"] as? String == "cancelled" && turn.first?["reason"] as? String == "preempted")
        #expect(turn.first?["actions"] as? [String] == ["exec: echo right"])
        #expect(turn.last?["phase"] as? String == "began" && turn.last?["reason"] is NSNull)
        #expect(turn.last?["actions"] as? [String] == ["exec: echo down"])
        // Each stream, line by line, is what its command sees: began … closed.
        for (action, closing) in [("exec: echo right", "cancelled"), ("exec: echo down", "ended")] {
            let stream = firings(lines).filter { ($0["actions"] as? [String] ?? []).contains(action) }
            #expect(stream.first?["phase"] as? String == "began", "\(action)")
            #expect(stream.last?["phase"] as? String == closing, "\(action)")
            #expect(stream.allSatisfy { $0["actions"] as? [String] == [action] }, "\(action)")
        }
        // The text lines too; the summary counts the report once.
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("gesto-verdict-\(UUID().uuidString).yaml")
        try config.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let output = StringSink(), errors = StringSink()
        #expect(ReplayCommand.run([fixtures.appendingPathComponent(strokeZ).path, "--config", file.path], output: output, errors: errors) == 0)
        let text = output.text.split(separator: "\n").filter { $0.hasPrefix("    0.643  ") }
        #expect(text.count == 2 && text[0].contains(" cancelled (preempted) ") && text[0].hasSuffix("  → exec: echo right")
                && text[1].contains(" began ") && text[1].hasSuffix("  → exec: echo down"), "\(text)")
        #expect(errors.text.contains("\(lines.count - 1) gesture reports, "), "\(errors.text)")
    }

    @Test func theMonitorShowsEveryActionOfAFiring() throws {
        // Regression: `gestoctl monitor` printed only the event's "action", the first.
        let config = try Config.parse("bindings:\n  - {gesture: swipe:3:down, exec: echo a}\n  - {gesture: swipe:3:down, exec: echo b}\n",
                                      file: "t.yaml")
        var pipeline = GesturePipeline(config: config)
        var fired: [ReplayLine] = []
        try RecordedInput(path: fixtures.appendingPathComponent(strokeZ).path).forEach({ record in
            if case .gesture(let event) = record { pipeline.handle(event, emit: { if !$0.firings.isEmpty { fired.append($0) } }) }
        }, warnings: { _ in })
        #expect(fired.count == 1)
        guard let line = fired.first else { return }
        let event = IPCEvent.gesture(line, device: 1, triggered: false, suppressed: nil).json
        #expect(event.contains("\"actions\": [\"exec: echo a\", \"exec: echo b\"], \"action\": \"exec: echo a\""), "\(event)")
        let human = MonitorCommand.humanLine(event)
        #expect(human.hasPrefix("1.334       swipe:3:down") && human.hasSuffix("  → exec: echo a  → exec: echo b"), "\(human)")
        let paused = MonitorCommand.humanLine(IPCEvent.gesture(line, device: 1, triggered: false, suppressed: "paused").json)
        #expect(paused.hasSuffix("  → exec: echo a  → exec: echo b (not run: paused)"), "\(paused)")
    }

    @Test(arguments: [
        ("swipe:3:up", "moved +1.0/-20.0 units"),
        ("long-press-drag:3", "moved +1.0/-20.0 units"),
        // A touchscreen's distances are mm or % of the screen: no unit is named.
        ("touch-swipe:2:up", "moved +1.0/-20.0"),
        ("edge-swipe:bottom", "moved +1.0/-20.0"),
        ("touch-long-press-drag:1", "moved +1.0/-20.0"),
        ("pinch:2:in", "scale 0.50"), ("touch-pinch:2:in", "scale 0.50"),
        ("rotate:2:clockwise", "angle 12.0°"), ("touch-rotate:2:clockwise", "angle 12.0°"),
        ("tap:2", "ended"), ("warp:3", "ended"),
    ])
    func theMonitorDescribesEachGestureInItsDevicesUnits(name: String, details: String) {
        let event = "{\"event\": \"gesture\", \"time\": 1.5, \"gesture\": \"\(name)\", \"phase\": \"ended\", "
            + "\"translation\": [1, -20], \"scale\": 0.5, \"angle\": 12}"
        let human = MonitorCommand.humanLine(event)
        #expect(human.trimmingCharacters(in: .whitespaces).hasSuffix(details), "\(human)")
    }

    @Test func bindingsOfDifferentJobsDoNotShadowEachOther() throws {
        // fusuma's pair: an undirected continuous pinch (key down at begin, up at the end)
        // beside a directed repeat pinch. Regression: the continuous one never fired, so the
        // key stayed held.
        let lines = try replay(pinchIn, bindings: """
              - gesture: pinch:2
                mode: continuous
                exec: echo follow
              - gesture: pinch:2:in
                mode: repeat
                exec: echo zoom-out
            """)
        let follow = firings(lines).filter { ($0["actions"] as? [String] ?? []).contains("exec: echo follow") }
        #expect(follow.first?["phase"] as? String == "began")
        #expect(follow.last?["phase"] as? String == "ended")
        #expect(actions(lines).filter { $0 == "exec: echo zoom-out" }.count == 16)
        // Within one job the directed binding still wins over the undirected one.
        let once = actions(try replay(pinchIn, bindings: "  - gesture: pinch:2\n    exec: echo any\n  - gesture: pinch:2:in\n    exec: echo in\n"))
        #expect(once == ["exec: echo in"])
    }

    // MARK: Every override key, by its effect on a real recording

    /// How many actions `gesture` bound with `overrides` fires on `fixture`.
    func count(_ fixture: String, _ gesture: String, _ overrides: String = "") throws -> Int {
        actions(try replay(fixture, bindings: "  - gesture: \(gesture)\n\(overrides)    exec: echo x\n")).count
    }

    /// The time of the first firing.
    func firstFiringTime(_ fixture: String, _ gesture: String, _ overrides: String) throws -> Double? {
        firings(try replay(fixture, bindings: "  - gesture: \(gesture)\n\(overrides)    exec: echo x\n")).first?["time"] as? Double
    }

    @Test func swipeOverridesChangeWhatFires() throws {
        #expect(try count(strokeB, "swipe:3:down", "    threshold: 50\n") == 1)
        #expect(try count(strokeZ, "swipe:3:down", "    threshold: 1000\n") == 0)
        // 021's 33-unit upward flick at 2014 units/s counts by velocity, until either bar rises.
        #expect(try count(shortFlick, "swipe:3:up") == 1)
        #expect(try count(shortFlick, "swipe:3:up", "    velocity: 3000\n") == 0)
        #expect(try count(shortFlick, "swipe:3:up", "    flick-distance: 40\n") == 0)
        // Regression: diagonals on the binding gave 0 actions on fixture 001 (1 when global).
        #expect(try count(strokeZ, "swipe:3:down-right") == 0)
        #expect(try count(strokeZ, "swipe:3:down-right", "    diagonals: true\n") == 1)
        // The Z starts rightwards: locked there, it ends as a right swipe.
        #expect(try count(strokeZ, "swipe:3:right") == 0)
        #expect(try count(strokeZ, "swipe:3:right", "    direction-lock: true\n") == 1)
        // A swipe is identified once committed, which 013's fast 4-finger swipe down is at
        // 41.02 s; a longer lock distance decides its direction, and so its commitment, later.
        let early = try firstFiringTime(straightSwipe, "swipe:4", "    mode: on-begin\n")
        let late = try firstFiringTime(straightSwipe, "swipe:4", "    mode: on-begin\n    lock-distance: 500\n")
        #expect(early != nil && late != nil && late! > early! + 0.04)
        // The Z never commits: on-begin waits for the lift (issue 19).
        #expect(try firstFiringTime(strokeZ, "swipe:3", "    mode: on-begin\n") == 1.334)
        #expect(try count(strokeZ, "swipe:3:down", "    mode: repeat\n") == 3)
        #expect(try count(strokeZ, "swipe:3:down", "    mode: repeat\n    repeat-distance: 50\n") == 7)
        // 013's swipe down commits at 41.02 s after two agreeing reports (16 ms); asked to agree
        // for 80 ms, the binding's group commits, and its early action fires, at 41.09 s.
        // (commit-velocity per binding: EarlyActionTests.commitSettingsTuneEachBinding.)
        #expect(try firstFiringTime(straightSwipe, "swipe:4", "    mode: on-threshold\n") == 41.02)
        #expect(try firstFiringTime(straightSwipe, "swipe:4", "    mode: on-threshold\n    commit-window: 0.08\n") == 41.09)
    }

    @Test func pinchOverridesChangeWhatFires() throws {
        #expect(try count(pinchIn, "pinch:2:in") == 1)
        #expect(try count(pinchIn, "pinch:2:in", "    in: 0.1\n") == 0)
        #expect(try count(pinchOut, "pinch:2:out") == 1)
        #expect(try count(pinchOut, "pinch:2:out", "    out: 3\n") == 0)
        // A wider deadband decides the direction later: the stream starts later and is shorter.
        let narrow = try count(pinchTwice, "pinch:2:in", "    mode: continuous\n")
        let wide = try count(pinchTwice, "pinch:2:in", "    mode: continuous\n    deadband: 0.5\n")
        #expect(wide > 0 && wide < narrow)
        #expect(try count(pinchIn, "pinch:2:in", "    mode: repeat\n") == 16)
        #expect(try count(pinchIn, "pinch:2:in", "    mode: repeat\n    repeat-scale: 1.5\n") == 3)
        // 008's three fingers close to 0.93 while their centre travels 15 units. With swipes
        // recognized at 5 units, the default tolerance (scale within 1 ± 0.1) claims the motion
        // as a swipe and the pinch binding never hears a pinch; at 0.02 the scale leaves the
        // band (0.97 at 1.41 s) before the centre has travelled 5 units, so it stays a pinch.
        func threeFingerPinchBegins(_ overrides: String) throws -> Int {
            actions(try replay(threeFingerPinch, config: """
                settings:
                  swipe: {threshold: 5, lock-distance: 2}
                bindings:
                  - gesture: pinch:3
                    mode: on-begin
                \(overrides)    exec: echo x

                """))
            .count
        }
        #expect(try threeFingerPinchBegins("") == 0)
        #expect(try threeFingerPinchBegins("    swipe-scale-tolerance: 0.02\n") == 1)
        // With `commit: early`, 010's pinch in commits 16 ms past its threshold (0.305 s); asked
        // to keep its side of 1 for 0.3 s, at 0.585 s. (commit and commit-dominance per binding:
        // EarlyActionTests.)
        let early = "    mode: on-threshold\n    commit: early\n"
        #expect(try firstFiringTime(pinchIn, "pinch:2:in", early) == 0.305)
        #expect(try firstFiringTime(pinchIn, "pinch:2:in", early + "    commit-window: 0.3\n") == 0.585)
    }

    @Test func aPinchDeadbandNoPinchCouldLeaveIsRefused() throws {
        // Regression: `deadband: 1` passed `gestoctl check`, and 010's pinch in, which closes
        // to 0.21, then never began: no line, no action.
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("gesto-deadband-\(UUID().uuidString).yaml")
        try "bindings:\n  - gesture: pinch:2:in\n    deadband: 1\n    exec: echo in\n".write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let refused = replay(pinchIn, ["--config", file.path])
        #expect(refused.status != 0 && refused.lines.isEmpty)
        #expect(refused.errors.contains(":3:15: error: 'deadband' must be at most 0.5 (a pinch's direction is decided once its scale "
                                        + "leaves 1 ± the deadband), not 1"), "\(refused.errors)")
        // The widest band allowed still lets that pinch begin and fire, in the settings too.
        #expect(try count(pinchIn, "pinch:2:in", "    deadband: 0.5\n") == 1)
        #expect(actions(try replay(pinchIn, config: "settings: {pinch: {deadband: 0.5}}\nbindings:\n  - {gesture: pinch:2:in, exec: echo in}\n"))
                == ["exec: echo in"])
    }

    @Test func rotateOverridesChangeWhatFires() throws {
        #expect(try count(rotateCW, "rotate:2:clockwise") == 1)
        #expect(try count(rotateCW, "rotate:2:clockwise", "    threshold: 60\n") == 0)
        #expect(try count(rotateCW, "rotate:2:clockwise", "    mode: on-begin\n") == 1)
        #expect(try count(rotateCW, "rotate:2:clockwise", "    mode: on-begin\n    begin-angle: 60\n") == 0)
        #expect(try count(rotateCW, "rotate:2:clockwise", "    mode: repeat\n") == 3)
        #expect(try count(rotateCW, "rotate:2:clockwise", "    mode: repeat\n    repeat-angle: 25\n") == 2)
        // 013's rotation commits at 0.494 s; asked to keep its sign for 0.2 s, at 0.679 s; asked
        // to turn ten times more than it scales, never before its lift (0.967 s).
        #expect(try firstFiringTime(rotateCW, "rotate:2:clockwise", "    mode: on-threshold\n") == 0.494)
        #expect(try firstFiringTime(rotateCW, "rotate:2:clockwise", "    mode: on-threshold\n    commit-window: 0.2\n") == 0.679)
        #expect(try firstFiringTime(rotateCW, "rotate:2:clockwise", "    mode: on-threshold\n    commit-dominance: 10\n") == 0.967)
    }

    @Test func longPressAndHoldOverridesChangeWhatFires() throws {
        // Regression: `duration: 30` on the binding still fired after 008's 1.29 s rest.
        #expect(try count(hold3, "long-press:3") == 1)
        #expect(try count(hold3, "long-press:3", "    duration: 30\n") == 0)
        #expect(try count(hold2, "hold:2") == 1)
        #expect(try count(hold2, "hold:2", "    minimum-duration: 1.5\n") == 0)
    }

    @Test func longPressToleranceDecidesWhetherCreepingFingersStillPress() throws {
        // libinput cancels the hold 50 ms in and the fingers creep 1 unit per 8 ms: at the
        // 0.18 s deadline they have moved ~16 units, past the default 10.
        let text = holdThenSwipe(fingers: 3, moveAt: 0.229, steps: 60, dx: 1, dy: 0)
        func pressed(_ overrides: String) throws -> Int {
            let lines = try replayText(text, config: "bindings:\n  - gesture: long-press:3\n    mode: on-begin\n\(overrides)    exec: echo x\n")
            return actions(lines).count
        }
        #expect(try pressed("") == 0)
        #expect(try pressed("    tolerance: 50\n") == 1)
    }

    @Test func touchSwipeOverridesChangeWhatFires() throws {
        // 030's ten fingers travel 42 % of the screen and lift at 92 %/s: past a 50 % threshold
        // they still count as a flick, unless the flick must be faster or longer.
        #expect(try count(microTouchStrokes, "touch-swipe:10") == 1)
        #expect(try count(microTouchStrokes, "touch-swipe:10", "    threshold: 50%\n") == 1)
        #expect(try count(microTouchStrokes, "touch-swipe:10", "    threshold: 50%\n    velocity: 100%/s\n") == 0)
        #expect(try count(microTouchStrokes, "touch-swipe:10", "    threshold: 50%\n    flick-distance: 45%\n") == 0)
        // 027's four fingers travel 32 %, and lift at rest: no flick.
        #expect(try count(atmelDrag, "touch-swipe:4") == 1)
        #expect(try count(atmelDrag, "touch-swipe:4", "    threshold: 40%\n") == 0)
        // 029's one finger goes right 90 mm and up 74 mm: right, or up-right with diagonals.
        #expect(try count(dellStrokes, "touch-swipe:1:right") == 1)
        #expect(try count(dellStrokes, "touch-swipe:1:up-right", "    diagonals: true\n") == 1)
        #expect(try count(dellStrokes, "touch-swipe:1:right", "    diagonals: true\n") == 0)
        // It commits at 13.997 s; a longer lock distance decides its direction later, and a
        // longer window commits it later (commit-velocity: EarlyActionTests).
        #expect(try firstFiringTime(dellStrokes, "touch-swipe:1", "    mode: on-begin\n") == 13.997)
        #expect(try firstFiringTime(dellStrokes, "touch-swipe:1", "    mode: on-begin\n    lock-distance: 60mm\n") == 14.019)
        #expect(try firstFiringTime(dellStrokes, "touch-swipe:1", "    mode: on-begin\n    commit-window: 0.1\n") == 14.069)
        // 027's drag starts 5 to 40 % below the top edge: an edge swipe only with a wider margin.
        #expect(try count(atmelDrag, "edge-swipe:top:4") == 0)
        #expect(try count(atmelDrag, "edge-swipe:top:4", "    edge-margin: 40%\n") == 1)
    }

    @Test func touchPinchOverridesChangeWhatFires() throws {
        // 029's five fingers close to 0.58; 030's two spread to 1.23 while they turn 95°.
        #expect(try count(dellStrokes, "touch-pinch:5:in") == 1)
        #expect(try count(dellStrokes, "touch-pinch:5:in", "    in: 0.5\n") == 0)
        #expect(try count(microTouchStrokes, "touch-pinch:2:out") == 0)
        #expect(try count(microTouchStrokes, "touch-pinch:2:out", "    out: 1.2\n") == 1)
        // A wider deadband decides the direction later: 029's pinch stream starts at 0.70, not 0.95.
        let narrow = try count(dellStrokes, "touch-pinch:5:in", "    mode: continuous\n")
        let wide = try count(dellStrokes, "touch-pinch:5:in", "    mode: continuous\n    deadband: 0.3\n")
        #expect(wide > 0 && wide < narrow, "\(wide) \(narrow)")
        #expect(try firstFiringTime(dellStrokes, "touch-pinch:5:in", "    mode: continuous\n") == 12.838)
        #expect(try firstFiringTime(dellStrokes, "touch-pinch:5:in", "    mode: continuous\n    deadband: 0.3\n") == 12.995)
        // 030's 2-finger turn: 95° at its end, 15° first at 4.621 s.
        #expect(try count(microTouchStrokes, "touch-rotate:2:clockwise") == 1)
        #expect(try count(microTouchStrokes, "touch-rotate:2:clockwise", "    rotate-threshold: 100\n") == 0)
        #expect(try firstFiringTime(microTouchStrokes, "touch-rotate:2:clockwise", "    mode: on-begin\n") == 4.621)
        #expect(try firstFiringTime(microTouchStrokes, "touch-rotate:2:clockwise", "    mode: on-begin\n    rotate-begin-angle: 60\n") == 4.854)
        // 029's pinch acts at its lift (13.292 s) unless it commits early (12.988 s), later with
        // a longer window, and at the lift again if it must spread five times more than it turns.
        let early = "    mode: on-threshold\n    commit: early\n"
        #expect(try firstFiringTime(dellStrokes, "touch-pinch:5", "    mode: on-threshold\n") == 13.292)
        #expect(try firstFiringTime(dellStrokes, "touch-pinch:5", early) == 12.988)
        #expect(try firstFiringTime(dellStrokes, "touch-pinch:5", early + "    commit-window: 0.2\n") == 13.161)
        #expect(try firstFiringTime(dellStrokes, "touch-pinch:5", early + "    commit-dominance: 5\n") == 13.292)
    }

    @Test func tapAndTouchLongPressOverridesChangeWhatFires() throws {
        // 030's 4-finger tap lasts 162 ms.
        #expect(try count(microTouchStrokes, "tap:4") == 1)
        #expect(try count(microTouchStrokes, "tap:4", "    duration: 0.05\n") == 0)
        // Its 1-finger taps are 0.063 s and 11.446 s; the last stroke (1.7 s, 20 % to the
        // left) is one too if a tap may last 3 s and move the whole screen, not only one of them.
        #expect(try count(microTouchStrokes, "tap:1") == 2)
        #expect(try count(microTouchStrokes, "tap:1", "    duration: 3\n") == 2)
        #expect(try count(microTouchStrokes, "tap:1", "    tolerance: 100%\n") == 2)
        #expect(try count(microTouchStrokes, "tap:1", "    duration: 3\n    tolerance: 100%\n") == 4)
        // So is the 2 s stroke that lands 1.23 s after the first tap, 8 to 10 % away from it:
        // a double tap within a 1.5 s interval and 10 % of distance, not with either default.
        let asTaps = "    duration: 3\n    tolerance: 100%\n"
        #expect(try count(microTouchStrokes, "double-tap:1", asTaps + "    double-tap-interval: 1.5\n    double-tap-distance: 10%\n") == 1)
        #expect(try count(microTouchStrokes, "double-tap:1", asTaps + "    double-tap-distance: 10%\n") == 0)
        #expect(try count(microTouchStrokes, "double-tap:1", asTaps + "    double-tap-interval: 1.5\n") == 0)
        // 030's fifth finger lands at 14.355 s and the five are pressed 0.4 s later: not with a
        // press of 1 s, nor if they may not creep at all.
        #expect(try count(microTouchStrokes, "touch-long-press:5") == 1)
        #expect(try count(microTouchStrokes, "touch-long-press:5", "    duration: 1\n") == 0)
        #expect(try count(microTouchStrokes, "touch-long-press:5", "    tolerance: 0.1%\n") == 0)
        // 029 starts with two fingers resting 0.39 s: a press of 0.3 s, not of the default 0.4 s.
        #expect(try count(dellStrokes, "touch-long-press:2") == 0)
        #expect(try count(dellStrokes, "touch-long-press:2", "    duration: 0.3\n") == 1)
    }

    @Test func thenDragIsAGlobalSettingNotABindingOverride() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("gesto-drag-\(UUID().uuidString).yaml")
        try "bindings:\n  - gesture: long-press:3\n    then-drag: false\n    exec: echo x\n".write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let result = replay(hold3, ["--config", file.path])
        #expect(result.status != 0)
        #expect(result.errors.contains(":3:5: error: 'then-drag' is a global setting"), "\(result.errors)")
        #expect(result.errors.contains("write it under 'settings: {long-press: {then-drag: …}}'"), "\(result.errors)")
        // A touch long press's is the touch-long-press section's: the touchpad's would not change it.
        do {
            _ = try Config.parse("bindings:\n  - gesture: touch-long-press:3\n    then-drag: false\n    exec: x\n", file: "t.yaml")
            Issue.record("expected an error")
        } catch {
            #expect("\(error)".contains("t.yaml:3:5: error: 'then-drag' is a global setting (whether a rest then a swipe is a "
                                        + "touch-long-press-drag, for every binding): write it under 'settings: {touch-long-press: {then-drag: …}}'"),
                    "\(error)")
        }
    }
}
