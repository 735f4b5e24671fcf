// Long-press-then-drag replayed from text in libinput 1.22's exact debug-events format:
// HOLD_BEGIN, HOLD_END (cancelled) when the fingers move, then SWIPE_BEGIN/UPDATE/END with the
// same finger count. The stream (arming, began, moves, ended) and the step commands it runs.
import GestoCommandLine
import Foundation
import Testing
@testable import GestoDaemon

/// Writes libinput 1.22 debug-events lines for a hold of `fingers` at `holdAt`, cancelled at
/// `moveAt`, then a swipe of `steps` updates of (dx, dy) every 8 ms, lifted `liftAfter` later.
func holdThenSwipe(fingers: Int, holdAt: Double = 0.179, moveAt: Double, steps: Int, dx: Double, dy: Double,
                   liftAfter: Double = 0.01, cancelSwipe: Bool = false) -> String {
    func name(_ event: String) -> String { event.padding(toLength: 24, withPad: " ", startingAt: 0) }
    func time(_ t: Double) -> String { String(format: "+%.3fs", t) }
    func delta(_ v: Double) -> String { String(format: "%5.2f", v) }
    var lines = ["-event1   DEVICE_ADDED            Synaptics TM3276-022              seat0 default group1  cap:pg  size 97x65mm tap(dl off) left scroll-nat scroll-2fg-edge click-buttonareas-clickfinger dwt-on dwtp-on"]
    lines.append(" event1   \(name("GESTURE_HOLD_BEGIN"))\(time(holdAt))\t\(fingers)")
    lines.append(" event1   \(name("GESTURE_HOLD_END"))\(time(moveAt))\t\(fingers) cancelled")
    var t = moveAt + 0.008
    lines.append(" event1   \(name("GESTURE_SWIPE_BEGIN"))\(time(t))\t\(fingers)")
    for _ in 0..<steps {
        lines.append(" event1   \(name("GESTURE_SWIPE_UPDATE"))\(time(t))\t\(fingers) \(delta(dx))/\(delta(dy)) (\(delta(dx))/\(delta(dy)) unaccelerated)")
        t += 0.008
    }
    lines.append(" event1   \(name("GESTURE_SWIPE_END"))\(time(t + liftAfter))\t\(fingers)\(cancelSwipe ? " cancelled" : "")")
    return lines.joined(separator: "\n") + "\n"
}

/// Replays `text` with `config` through `gestoctl replay --json`.
func replayText(_ text: String, config: String?) throws -> [[String: Any]] {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("gesto-lpd-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let recording = directory.appendingPathComponent("recording.txt")
    try text.write(to: recording, atomically: true, encoding: .utf8)
    var arguments = [recording.path, "--json"]
    if let config {
        let file = directory.appendingPathComponent("config.yaml")
        try config.write(to: file, atomically: true, encoding: .utf8)
        arguments += ["--config", file.path]
    }
    let output = StringSink(), errors = StringSink()
    #expect(ReplayCommand.run(arguments, output: output, errors: errors) == 0, "\(errors.text)")
    return output.text.split(separator: "\n").map {
        (try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any] ?? [:]
    }
}

let reorderConfig = """
    bindings:
      - gesture: long-press-drag:3
        reorder:
          slot: 120
          items: 5
          start: 1
          step-left: swaymsg move left
          step-right: swaymsg move right
          drop: notify-send dropped
    """

@Suite struct LongPressDragReplayTests {
    @Test func holdThenSwipeStreamsArmingBeganMovesAndEnded() throws {
        // Rest 0.3 s (the press completes at 0.18 s), then drag right 40 × 8 units = 320 units.
        let lines = try replayText(holdThenSwipe(fingers: 3, moveAt: 0.479, steps: 40, dx: 8, dy: 0), config: reorderConfig)
        let drag = lines.filter { ($0["gesture"] as? String) == "long-press-drag:3" }
        let phases = drag.map { $0["phase"] as? String ?? "?" }
        #expect(phases.first == "arming")
        #expect(phases.dropFirst().first == "began")
        #expect(phases.last == "ended")
        let moves = drag.compactMap { $0["reorder"] as? [String: Int] }.map { "\($0["from"]!)→\($0["to"]!)" }
        // From slot 1, 320 units at 120 per slot with hysteresis: 1→2, 2→3 (the third slot needs 324).
        #expect(moves == ["1→2", "2→3"])
        let actions = drag.compactMap { $0["action"] as? String }
        #expect(actions == ["exec: swaymsg move right", "exec: swaymsg move right", "exec: notify-send dropped"])
        // The swipe belonged to the drag: no swipe outcome.
        #expect(!lines.contains { ($0["gesture"] as? String)?.hasPrefix("swipe") == true })
    }

    @Test func aCancelledDragRunsTheInverseSteps() throws {
        let lines = try replayText(holdThenSwipe(fingers: 3, moveAt: 0.479, steps: 30, dx: -8, dy: 0, cancelSwipe: true),
                                   config: reorderConfig)
        let actions = lines.compactMap { $0["action"] as? String }
        #expect(actions == ["exec: swaymsg move left", "exec: swaymsg move right"])
        #expect(lines.last?["phase"] as? String == "cancelled")
        #expect(lines.last?["reason"] as? String == "cancelled by libinput")
    }

    @Test func aSwipeThatMovesBeforeThePressCompletesStaysAPlainSwipe() throws {
        // The hold is cancelled 0.05 s after it began and the fingers travel at once.
        let config = reorderConfig + """

              - gesture: swipe:3:right
                exec: swaymsg workspace next
            """
        let lines = try replayText(holdThenSwipe(fingers: 3, moveAt: 0.229, steps: 40, dx: 8, dy: 0, liftAfter: 0.1), config: config)
        let outcomes = lines.map { "\($0["gesture"] as? String ?? "?") \($0["phase"] as? String ?? "?")" }
        // The hold lasted 0.05 s: a touch, not a hold. The bound drag's press failed, and says why
        // (a reader asks why the drag did not start); nothing of it fired.
        #expect(outcomes == ["long-press-drag:3 failed", "swipe:3:right ended"])
        #expect(lines.first?["reason"] as? String == "moved more than 10 units")
        #expect(lines.first?["action"] is NSNull)
        #expect(lines.last?["action"] as? String == "exec: swaymsg workspace next")
    }

    @Test func withoutAReorderBindingTheDragEndsOnceWithNoMoves() throws {
        let lines = try replayText(holdThenSwipe(fingers: 4, moveAt: 0.479, steps: 20, dx: 0, dy: -10), config: nil)
        #expect(lines.map { "\($0["gesture"] as? String ?? "?") \($0["phase"] as? String ?? "?")" }
                == ["hold:4 cancelled", "long-press:4 cancelled", "long-press-drag:4 ended"])
        #expect(lines.allSatisfy { $0["reorder"] == nil })
    }

    @Test func reorderConfigMistakesAreLocated() {
        let errors = StringSink()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("gesto-rc-\(getpid()).yaml")
        try? """
            bindings:
              - gesture: swipe:3:left
                reorder: {slot: 100}
              - gesture: long-press-drag:3
                reorder: {slot: 100, items: 3, start: 5, step-sideways: x}
            """.write(to: directory, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect(CheckCommand.run([directory.path], output: StringSink(), errors: errors) == 1)
        #expect(errors.text.contains(":3:5: error: 'reorder' belongs to a long-press-drag gesture"))
        #expect(errors.text.contains(":5:46: error: unknown key 'step-sideways'"))
        #expect(errors.text.contains("'start' (5) must be a slot below 'items' (3)"))
    }

    @Test func aPressHeldPastTheLastGestureLineFiresAtItsDeadline() throws {
        // HOLD_BEGIN is the last gesture line; a mouse moves on until 0.6 s. The live daemon's
        // timer recognizes the press 0.18 s in (an on-begin binding fires then); the replay's
        // clock runs to the file's last line.
        var text = "-event1   DEVICE_ADDED            Synaptics TM3276-022              seat0 default group1  cap:pg  size 97x65mm\n"
        text += " event1   GESTURE_HOLD_BEGIN      +0.100s\t2\n"
        for t in [0.2, 0.3, 0.4, 0.5, 0.6] {
            text += " event2   POINTER_MOTION          +\(String(format: "%.3f", t))s\t  1.00/  0.00 ( +1.00/ +0.00)\n"
        }
        let lines = try replayText(text, config: "bindings:\n  - gesture: long-press:2\n    mode: on-begin\n    exec: echo press\n")
        let press = try #require(lines.first { ($0["gesture"] as? String) == "long-press:2" })
        #expect(press["phase"] as? String == "began")
        #expect(press["action"] as? String == "exec: echo press")
        #expect(abs((press["time"] as? Double ?? 0) - 0.28) < 0.001)
        // The hold still in progress ends with the input, at its last line.
        let hold = try #require(lines.first { ($0["gesture"] as? String) == "hold:2" })
        #expect(hold["phase"] as? String == "cancelled")
        #expect(hold["time"] as? Double == 0.6)
    }
}
