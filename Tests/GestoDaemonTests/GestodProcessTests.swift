// gestod as a process: a replayed recording runs its bound actions through /bin/sh with the
// GESTO_* environment, prints the same outcomes as `gestoctl replay`, and exits when the input
// and its actions are done.
import Foundation
import Testing
@testable import GestoDaemon

/// The package's build directory products (the tests run after `swift build --build-tests`).
let buildProducts = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent(".build/debug")

/// Runs an executable of the package to completion; returns status, stdout and stderr.
func runProduct(_ name: String, _ arguments: [String], environment: [String: String] = [:], input: String? = nil) throws
    -> (status: Int32, output: String, errors: String) {
    let process = Process()
    process.executableURL = buildProducts.appendingPathComponent(name)
    process.arguments = arguments
    var env = ProcessInfo.processInfo.environment
    env.removeValue(forKey: "WAYLAND_DISPLAY")
    for (key, value) in environment { env[key] = value }
    process.environment = env
    let out = Pipe(), err = Pipe()
    process.standardOutput = out
    process.standardError = err
    let standardInput = input.map { _ in Pipe() }
    if let standardInput { process.standardInput = standardInput }
    try process.run()
    if let standardInput, let input {
        // Small texts only: the pipe holds them, so this does not wait for the reader.
        standardInput.fileHandleForWriting.write(Data(input.utf8))
        try standardInput.fileHandleForWriting.close()
    }
    let output = out.fileHandleForReading.readDataToEndOfFile()
    let errors = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: output, as: UTF8.self), String(decoding: errors, as: UTF8.self))
}

@Suite(.serialized) struct GestodProcessTests {
    /// This test's folder: each test runs on a suite value of its own, and the folder goes
    /// with that value however the test ends (no test removes it itself).
    let folder: TemporaryFolder
    var directory: URL { URL(fileURLWithPath: folder.path) }

    init() throws {
        folder = try TemporaryFolder(prefix: "gestod-test")
    }

    func write(_ text: String, to name: String) throws -> String {
        let url = directory.appendingPathComponent(name)
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    @Test func aTestsFolderGoesWithItsSuiteValue() throws {
        // Regression: two tests never removed their folder, and every test that threw before
        // its last line left its own behind.
        var path = ""
        do {
            let other = try GestodProcessTests()
            path = other.directory.path
            _ = try other.write("bindings: []\n", to: "config.yaml")
        }
        #expect(!path.isEmpty && !FileManager.default.fileExists(atPath: path), "\(path)")
    }

    @Test func aReplayRunsItsActionsWithTheGestureEnvironment() throws {
        let marker = directory.appendingPathComponent("marker").path
        let config = try write("""
            bindings:
              - gesture: swipe:3:down
                exec: printf '%s %s %s' "$GESTO_GESTURE" "$GESTO_PHASE" "$GESTO_FINGERS" > '\(marker)'
            """, to: "config.yaml")
        let fixture = fixtures.appendingPathComponent("libinput-1.22/001-synaptics-tm3276-t480-3fg-stroke-z.debug-events.txt").path
        let result = try runProduct("gestod", ["--replay", fixture, "--config", config, "--no-wayland"])
        #expect(result.status == 0, "\(result.errors)")
        // gestod exits only after its children are reaped: the file is complete.
        #expect((try? String(contentsOfFile: marker, encoding: .utf8)) == "swipe:3:down ended 3")
        #expect(result.errors.contains("replay finished"))
    }

    @Test func anActionSeesItsFiringNotTheGlobalVerdict() throws {
        // Regression: with `threshold: 50` on the binding, fixture 004's command saw
        // GESTO_PHASE=failed and GESTO_PROGRESS=0.47 (against the global 150).
        let marker = directory.appendingPathComponent("firing").path
        let config = try write("""
            bindings:
              - gesture: swipe:3:down
                threshold: 50
                exec: printf '%s %s' "$GESTO_PHASE" "$GESTO_PROGRESS" > '\(marker)'
            """, to: "firing.yaml")
        let fixture = fixtures.appendingPathComponent("libinput-1.22/004-synaptics-tm3276-t480-3fg-stroke-b.debug-events.txt").path
        let result = try runProduct("gestod", ["--replay", fixture, "--config", config, "--no-wayland"])
        #expect(result.status == 0, "\(result.errors)")
        let seen = (try? String(contentsOfFile: marker, encoding: .utf8))?.split(separator: " ") ?? []
        #expect(seen.first == "ended")
        #expect((seen.last.flatMap { Double($0) } ?? 0) > 1.4)
    }

    @Test func aContinuousCommandSeesItsStreamEnd() throws {
        // Regression: the command saw began, changed… and never the closing phase.
        let log = directory.appendingPathComponent("phases").path
        let config = try write("""
            bindings:
              - gesture: swipe:3
                mode: continuous
                exec: echo "$GESTO_PHASE" >> '\(log)'
            """, to: "continuous.yaml")
        for (fixture, closing) in [("libinput-1.22/001-synaptics-tm3276-t480-3fg-stroke-z.debug-events.txt", "ended"),
                                   ("libinput-1.22/004-synaptics-tm3276-t480-3fg-stroke-b.debug-events.txt", "failed")] {
            try? FileManager.default.removeItem(atPath: log)
            let path = fixtures.appendingPathComponent(fixture).path
            let result = try runProduct("gestod", ["--replay", path, "--config", config, "--no-wayland"])
            #expect(result.status == 0, "\(result.errors)")
            // Commands run concurrently: the order of lines is not the order of firings, the set is.
            let phases = (try? String(contentsOfFile: log, encoding: .utf8))?.split(separator: "\n").map(String.init) ?? []
            #expect(phases.filter { $0 == "began" }.count == 1, "\(fixture)")
            #expect(phases.filter { $0 == closing }.count == 1, "\(fixture): \(phases)")
            #expect(phases.allSatisfy { ["began", "changed", closing].contains($0) }, "\(fixture)")
        }
    }

    @Test func aReplayFiresAPressWhoseDeadlineFallsAfterTheLastGestureLine() throws {
        let marker = directory.appendingPathComponent("pressed").path
        let config = try write("bindings:\n  - gesture: long-press:2\n    mode: on-begin\n    exec: touch '\(marker)'\n", to: "press.yaml")
        let recording = try write("""
             event1   GESTURE_HOLD_BEGIN      +0.100s\t2
             event2   POINTER_MOTION          +0.500s\t  1.00/  0.00 ( +1.00/ +0.00)

            """, to: "press.txt")
        let result = try runProduct("gestod", ["--replay", recording, "--config", config, "--no-wayland"])
        #expect(result.status == 0, "\(result.errors)")
        #expect(FileManager.default.fileExists(atPath: marker), "\(result.errors)")
    }

    @Test func aReplayWhoseEveryActionFailedExitsWithOne() throws {
        let config = try write("bindings:\n  - gesture: swipe:3:down\n    keys: super+Down\n", to: "keys.yaml")
        let fixture = fixtures.appendingPathComponent("libinput-1.22/001-synaptics-tm3276-t480-3fg-stroke-z.debug-events.txt").path
        let result = try runProduct("gestod", ["--replay", fixture, "--config", config, "--no-wayland"])
        #expect(result.status == 1, "\(result.errors)")
        #expect(result.errors.contains("every action of the replay failed (1)"))
    }

    @Test func aLongPressDurationBeyondADayIsRefusedNotTrappedOn() throws {
        // Issue 18: `check` accepted this config and gestod trapped (SIGILL) at the first hold.
        let config = try write("settings: {long-press: {duration: 1e13}}\nbindings: []\n", to: "long.yaml")
        let check = try runProduct("gestoctl", ["check", config])
        #expect(check.status != 0)
        #expect(check.errors.contains("long.yaml:1:35: error: 'duration' must be at most 86400 s (a day), not 1e13"), "\(check.errors)")
        let fixture = fixtures.appendingPathComponent("libinput-1.22/008-synaptics-tm3276-t480-3fg-hold.debug-events.txt").path
        let daemon = try runProduct("gestod", ["--replay", fixture, "--config", config, "--dry-run", "--no-wayland"])
        #expect(daemon.status == 1 || daemon.status == 2, "\(daemon.status) \(daemon.errors)")
        #expect(daemon.errors.contains("'duration' must be at most 86400 s"))
        let day = try write("settings: {long-press: {duration: 86400}}\nbindings: []\n", to: "day.yaml")
        let held = try runProduct("gestod", ["--replay", fixture, "--config", day, "--dry-run", "--no-wayland"])
        #expect(held.status == 0, "\(held.errors)")
    }

    @Test func replayWarningsAreCappedAndTheRestCounted() throws {
        // Issue 18: a recording of broken lines printed one warning per line without end.
        var text = "-event4   DEVICE_ADDED     Synaptics TM3276-022              seat0 default group9  cap:pg  size 97x65mm\n"
        for index in 0..<250 { text += " event4   GESTURE_SWIPE_BEGIN  +\(index).000s\t0\n" }
        text += " event4   GESTURE_HOLD_BEGIN  +300.000s\t3\n event4   GESTURE_HOLD_END  +301.000s\t3\n"
        let path = try write(text, to: "broken.txt")
        let replay = try runProduct("gestoctl", ["replay", path])
        #expect(replay.status == 0, "\(replay.errors)")
        let warnings = replay.errors.split(separator: "\n").filter { $0.contains(": warning: ") }
        #expect(warnings.count == 101)
        #expect(warnings.last?.contains("broken.txt:251:") == true, "\(warnings.last ?? "")")
        #expect(warnings.last?.contains("150 more warnings not shown") == true, "\(warnings.last ?? "")")
        #expect(replay.errors.contains("250 lines skipped"))
        #expect(replay.output.contains("hold:3"))
    }

    @Test func aContinuousCommandSeesTheCloseOfAStreamItsGestureTurnedAwayFrom() throws {
        // 012 closes to 0.23 and opens again: a `pinch:2:in` stream begins on a report that is
        // already `changed` and closes, `cancelled`, on a report that is still `changed`. Those
        // two phases are the matcher's, not the report's. Regression: the command saw only the
        // report's phases, so no began and no end.
        let log = directory.appendingPathComponent("turned").path
        let config = try write("""
            bindings:
              - gesture: pinch:2:in
                mode: continuous
                exec: echo "$GESTO_PHASE $GESTO_REASON" >> '\(log)'
            """, to: "turned.yaml")
        let fixture = fixtures.appendingPathComponent("libinput-1.22/012-synaptics-tm3276-t480-2fg-pinch-in-out-twice.debug-events.txt").path
        let result = try runProduct("gestod", ["--replay", fixture, "--config", config, "--no-wayland"])
        #expect(result.status == 0, "\(result.errors)")
        // Commands run concurrently: the order of lines is not the order of firings, the set is.
        let phases = (try? String(contentsOfFile: log, encoding: .utf8))?.split(separator: "\n").map(String.init) ?? []
        #expect(phases.filter { $0 == "began " }.count == 1, "\(phases)")
        #expect(phases.filter { $0 == "cancelled preempted" }.count == 1, "\(phases)")
        #expect(phases.count > 2 && phases.allSatisfy { ["began ", "changed ", "cancelled preempted"].contains($0) }, "\(phases)")
    }

    @Test func printedGesturesListEveryActionOfAFiring() throws {
        // Regression: `gestod --print-gestures` wrote only the first action of a report.
        let config = try write("""
            bindings:
              - gesture: swipe:3:down
                exec: echo a
              - gesture: swipe:3:down
                exec: echo b
            """, to: "two.yaml")
        let fixture = fixtures.appendingPathComponent("libinput-1.22/001-synaptics-tm3276-t480-3fg-stroke-z.debug-events.txt").path
        let daemon = try runProduct("gestod", ["--replay", fixture, "--config", config, "--dry-run", "--print-gestures", "--no-wayland"])
        #expect(daemon.status == 0, "\(daemon.errors)")
        let fired = daemon.output.split(separator: "\n").compactMap {
            (try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any]
        }.filter { !($0["actions"] as? [String] ?? []).isEmpty }
        #expect(fired.count == 1)
        #expect(fired.first?["actions"] as? [String] == ["exec: echo a", "exec: echo b"])
        #expect(fired.first?["action"] as? String == "exec: echo a")
        let replay = try runProduct("gestoctl", ["replay", fixture, "--json", "--config", config])
        #expect(daemon.output == replay.output)
    }

    @Test func debugLogsWhatTheRecognizersDidNotExpectWithTheDevice() throws {
        // fusuma's issue 31: a 4-finger END whose BEGIN the log never had, on event5.
        let config = try write("bindings: []\n", to: "none.yaml")
        let fixture = fixtures.appendingPathComponent("debug-events/006-fusuma31-orphan-4fg-end-then-2fg-pinch-spread-with-rotation-jitter.txt").path
        let debug = try runProduct("gestod", ["--replay", fixture, "--config", config, "--dry-run", "--no-wayland", "--log-level", "debug"])
        #expect(debug.status == 0, "\(debug.errors)")
        #expect(debug.errors.split(separator: "\n").contains {
            $0.contains(": debug: swipe[4fg]: GESTURE_SWIPE_END in state idle at 22.910 s (input bug)") && $0.contains("device=event5")
        }, "\(debug.errors)")
        // At the default level, not.
        let info = try runProduct("gestod", ["--replay", fixture, "--config", config, "--dry-run", "--no-wayland"])
        #expect(info.status == 0)
        #expect(!info.errors.contains("GESTURE_SWIPE_END"), "\(info.errors)")
    }

    @Test func dryRunLogsActionsInsteadOfRunningThem() throws {
        let marker = directory.appendingPathComponent("never").path
        let config = try write("bindings:\n  - gesture: pinch:2:out\n    exec: touch '\(marker)'\n", to: "dry.yaml")
        let fixture = fixtures.appendingPathComponent("libinput-1.22/011-synaptics-tm3276-t480-2fg-pinch-out.debug-events.txt").path
        let result = try runProduct("gestod", ["--replay", fixture, "--config", config, "--dry-run", "--no-wayland"])
        #expect(result.status == 0)
        #expect(result.errors.contains("would run: exec: touch"))
        #expect(!FileManager.default.fileExists(atPath: marker))
    }

    @Test func dryRunLogsEachActionWithItsOwnFiring() throws {
        // 001's Z turns from right to down at 0.643 s: on that one report the right stream
        // closes (cancelled, preempted) and the down stream begins. Regression: every
        // `would run:` line of a report showed the first firing's phase, so the down stream's
        // began was logged as `phase=cancelled`, unlike what its command sees.
        let log = directory.appendingPathComponent("seen").path
        let config = try write("""
            bindings:
              - gesture: swipe:3:right
                mode: continuous
                exec: echo "right $GESTO_GESTURE $GESTO_PHASE $GESTO_REASON" >> '\(log)'
              - gesture: swipe:3:down
                mode: continuous
                exec: echo "down $GESTO_GESTURE $GESTO_PHASE $GESTO_REASON" >> '\(log)'
            """, to: "turn.yaml")
        let fixture = fixtures.appendingPathComponent("libinput-1.22/001-synaptics-tm3276-t480-3fg-stroke-z.debug-events.txt").path
        let dry = try runProduct("gestod", ["--replay", fixture, "--config", config, "--dry-run", "--no-wayland"])
        #expect(dry.status == 0, "\(dry.errors)")
        // Each `would run: exec: echo "TAG …" >> … gesture=G phase=P[ reason=R]` as "TAG G P R".
        let logged = dry.errors.split(separator: "\n").compactMap { line -> String? in
            guard let run = line.range(of: "would run: exec: echo \""), let fields = line.range(of: "' gesture=") else { return nil }
            let tag = line[run.upperBound...].prefix { $0 != " " }
            var words = line[fields.upperBound...].split(separator: " ").map { $0.split(separator: "=", maxSplits: 1).last ?? "" }
            if words.count == 2 { words.append("") }
            return ([tag] + words).joined(separator: " ")
        }
        #expect(logged.contains("right swipe:3:down cancelled preempted"), "\(dry.errors)")
        #expect(logged.contains("down swipe:3:down began "), "\(dry.errors)")
        #expect(logged.filter { $0.hasPrefix("down ") && $0.contains(" cancelled ") }.isEmpty, "\(dry.errors)")
        // The commands, run, see the same firings (in no set order: they run concurrently).
        #expect(!FileManager.default.fileExists(atPath: log))
        let run = try runProduct("gestod", ["--replay", fixture, "--config", config, "--no-wayland"])
        #expect(run.status == 0, "\(run.errors)")
        let seen = (try? String(contentsOfFile: log, encoding: .utf8))?.split(separator: "\n").map(String.init) ?? []
        #expect(logged.count > 2 && logged.sorted() == seen.sorted())
    }

    @Test func aGestureIsCountedOnceWhateverItsBindingsFired() throws {
        // Regression: 001's one Z counted as two gestures with continuous swipe:3:right and
        // swipe:3:down bindings: the line where the right stream closes (cancelled, preempted)
        // counted as a finished gesture, though its report was `changed`.
        let fixture = fixtures.appendingPathComponent("libinput-1.22/001-synaptics-tm3276-t480-3fg-stroke-z.debug-events.txt").path
        for bindings in ["[]", "\n  - {gesture: swipe:3:right, mode: continuous, exec: \"true\"}\n  - {gesture: swipe:3:down, mode: continuous, exec: \"true\"}"] {
            let config = try write("bindings: \(bindings)\n", to: "count.yaml")
            let result = try runProduct("gestod", ["--replay", fixture, "--config", config, "--dry-run", "--no-wayland"])
            #expect(result.status == 0, "\(result.errors)")
            #expect(result.errors.contains("info: replay finished gestures=1 "), "\(bindings): \(result.errors.split(separator: "\n").last ?? "")")
        }
    }

    /// A drag is an action: the replay's summary counts it when it presses (it had said
    /// `actions=0` for 001's Z dragged).
    @Test func aDragCountsAsAnActionInTheReplaysSummary() throws {
        let fixture = fixtures.appendingPathComponent("libinput-1.22/001-synaptics-tm3276-t480-3fg-stroke-z.debug-events.txt").path
        let config = try write("bindings:\n  - gesture: swipe:3\n    drag: left\n", to: "drag-count.yaml")
        let result = try runProduct("gestod", ["--replay", fixture, "--config", config, "--dry-run", "--no-wayland"])
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.errors.contains("would press"), "\(result.errors)")
        #expect(result.errors.contains(" actions=1 "), "\(result.errors.split(separator: "\n").last ?? "")")
    }

    @Test func traceLogsEachRecognizersStateChangesWithTheDevice() throws {
        let config = try write("bindings:\n  - gesture: swipe:3:right\n    exec: \"true\"\n", to: "trace.yaml")
        let fixture = fixtures.appendingPathComponent("libinput-1.22/001-synaptics-tm3276-t480-3fg-stroke-z.debug-events.txt").path
        let traced = try runProduct("gestod", ["--replay", fixture, "--config", config, "--dry-run", "--no-wayland",
                                               "--log-level", "trace"])
        #expect(traced.status == 0, "\(traced.errors)")
        let lines = traced.errors.split(separator: "\n").filter { $0.contains(": trace: ") }
        // The recording's touchpad is event1, named on its DEVICE_ADDED line.
        #expect(lines.contains { $0.contains("trace: swipe[3fg] idle → tracking") && $0.contains("device=event1")
                                 && $0.contains("name=\"Synaptics TM3276-022\"") && $0.contains("input=GESTURE_SWIPE_BEGIN") })
        #expect(lines.contains { $0.contains("trace: swipe[3fg] tracking → began") })
        #expect(lines.contains { $0.contains("trace: swipe[3fg] began → idle") && $0.contains("input=GESTURE_SWIPE_END") })
        // One level lower, no transition is logged (and none is compared).
        let debug = try runProduct("gestod", ["--replay", fixture, "--config", config, "--dry-run", "--no-wayland",
                                              "--log-level", "debug"])
        #expect(debug.status == 0)
        #expect(!debug.errors.contains(": trace: "))
        #expect(!debug.errors.contains(" → began"))
    }

    @Test func printedGesturesMatchTheReplayCommand() throws {
        for fixture in ["libinput-1.22/013-synaptics-tm3276-t480-2fg-rotate-cw.debug-events.txt",
                        "debug-events/004-fusuma32-short-flicks-3fg-up-4fg-up-4fg-left.txt"] {
            let path = fixtures.appendingPathComponent(fixture).path
            let daemon = try runProduct("gestod", ["--replay", path, "--print-gestures", "--no-wayland",
                                                   "--config", try write("bindings: []\n", to: "empty.yaml")])
            let replay = try runProduct("gestoctl", ["replay", path, "--json"])
            #expect(daemon.status == 0)
            #expect(daemon.output == replay.output, "\(fixture)")
            #expect(!daemon.output.isEmpty)
        }
    }

    @Test func aBrokenConfigStopsAReplayWithItsLocation() throws {
        let config = try write("bindings:\n  - gesture: swipe:3:left\n    exce: true\n", to: "broken.yaml")
        let fixture = fixtures.appendingPathComponent("libinput-1.22/001-synaptics-tm3276-t480-3fg-stroke-z.debug-events.txt").path
        let result = try runProduct("gestod", ["--replay", fixture, "--config", config, "--no-wayland"])
        #expect(result.status == 1)
        #expect(result.errors.contains("broken.yaml:3:5: error: unknown key 'exce'"))
    }

    @Test func usageMistakesExitWithTwo() throws {
        let result = try runProduct("gestod", ["--replay"])
        #expect(result.status == 2)
        #expect(result.errors.contains("--replay needs a value"))
        let both = try runProduct("gestod", ["--replay", "x", "--device", "/dev/input/event0"])
        #expect(both.status == 2)
        #expect(try runProduct("gestod", ["--version"]).output.hasPrefix("gestod "))
    }

    @Test func gestoctlCheckAndVersion() throws {
        let good = try write("bindings:\n  - gesture: hold:3\n    exec: true\n", to: "good.yaml")
        let check = try runProduct("gestoctl", ["check", good])
        #expect(check.status == 0)
        #expect(check.output.contains("ok, 1 binding"))
        let bad = try write("bindings:\n  - gesture: hold:3\n    keys: super+Nonsense\n", to: "bad.yaml")
        let failed = try runProduct("gestoctl", ["check", bad])
        #expect(failed.status == 1)
        #expect(failed.errors.contains("bad.yaml:3:11"))
        let repeated = try write("bindings:\n  - gesture: hold:3\n    exec: a\n  - gesture: hold:3\n    exec: b\n", to: "repeated.yaml")
        let warned = try runProduct("gestoctl", ["check", repeated])
        #expect(warned.status == 0)
        #expect(warned.output.contains("ok, 2 bindings"))
        #expect(warned.errors.contains("repeated.yaml:4:5: warning: duplicate binding: hold:3"), "\(warned.errors)")
        #expect(warned.errors.contains("also bound at \(repeated):2:5"), "\(warned.errors)")
        #expect(try runProduct("gestoctl", ["version"]).output.hasPrefix("gestoctl "))
        #expect(try runProduct("gestoctl", ["frobnicate"]).status == 2)
    }

    /// Issue 34: `gestoctl check -` looked for a file named `-`; like `replay -` and `import -`
    /// it reads standard input, named `<stdin>` in what it prints.
    @Test func gestoctlCheckReadsStandardInput() throws {
        let good = try runProduct("gestoctl", ["check", "-"], input: "bindings:\n  - gesture: hold:3\n    exec: true\n")
        #expect(good.status == 0, "\(good.errors)")
        #expect(good.output == "<stdin>: ok, 1 binding\n")
        let bad = try runProduct("gestoctl", ["check", "-"], input: "bindings:\n  - gesture: hold:3\n    keys: super+Nonsense\n")
        #expect(bad.status == 1)
        #expect(bad.errors.hasPrefix("<stdin>:3:11: error:"), "\(bad.errors)")
        #expect(bad.errors.hasSuffix("1 error in <stdin>\n"), "\(bad.errors)")
        let empty = try runProduct("gestoctl", ["check", "-"], input: "")
        #expect(empty.status == 0)
        #expect(empty.output == "<stdin>: ok, 0 bindings\n")
    }
}
