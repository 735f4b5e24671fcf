// One verdict per gesture (DESIGN.md, "Bindings and verdicts"): each binding hears its own
// recognizer group, so its overrides change what happens on real recordings, nothing fires on
// a failed report, and what an action sees is the firing. Each test is a reproduction that
// failed before bindings owned their recognizers.
import Foundation
import Testing
import GestoConfig
@testable import GestoDaemon

/// Replays `fixture` with a config of `bindings` (YAML list items) and returns the JSON lines.
func replay(_ fixture: String, bindings: String) throws -> [[String: Any]] {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("gesto-verdict-\(UUID().uuidString).yaml")
    try ("bindings:\n" + bindings).write(to: file, atomically: true, encoding: .utf8)
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
    }

    @Test func rotateOverridesChangeWhatFires() throws {
        #expect(try count(rotateCW, "rotate:2:clockwise") == 1)
        #expect(try count(rotateCW, "rotate:2:clockwise", "    threshold: 60\n") == 0)
        #expect(try count(rotateCW, "rotate:2:clockwise", "    mode: on-begin\n") == 1)
        #expect(try count(rotateCW, "rotate:2:clockwise", "    mode: on-begin\n    begin-angle: 60\n") == 0)
        #expect(try count(rotateCW, "rotate:2:clockwise", "    mode: repeat\n") == 3)
        #expect(try count(rotateCW, "rotate:2:clockwise", "    mode: repeat\n    repeat-angle: 25\n") == 2)
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

    @Test func dragIsAGlobalSettingNotABindingOverride() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("gesto-drag-\(UUID().uuidString).yaml")
        try "bindings:\n  - gesture: long-press:3\n    drag: false\n    exec: echo x\n".write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let result = replay(hold3, ["--config", file.path])
        #expect(result.status != 0)
        #expect(result.errors.contains(":3:5: error: 'drag' is a global setting"), "\(result.errors)")
    }
}
