// `gestoctl replay FILE`: runs the recognizers and bindings on a recording with no daemon and
// prints each gesture outcome in input order, with the action it would run. The JSON form is
// the contract tests and scripts rely on.
import GestoCommandLine
import Glibc
import GestoCore
import GestoConfig
import GestoInput

/// The `gestoctl replay` command.
///
/// Exit status: 0 when the recording was replayed (warnings about single lines do not
/// change it), 1 when the recording or the config cannot be used, 2 for bad usage.
public enum ReplayCommand {
    static let declaration = CommandDeclaration(
        "replay", summary: "run the recognizers on a recording and print each gesture outcome", group: .standalone,
        positionals: [PositionalDeclaration(placeholder: "FILE", value: .file(extensions: []), help: "the recording to replay")],
        options: [
            .value("config", "FILE", .file(extensions: ["yaml", "yml"]), help: """
                bindings and thresholds to use (default: none; every gesture kind is
                recognized with the default thresholds and no action runs)
                """),
            .flag("json", help: """
                one JSON object per line: time (s), gesture, phase, reason, fingers,
                translation [dx, dy] (libinput units), velocity (units/s), scale,
                angle (degrees, clockwise), progress, actions (every action fired),
                action (the first, or null); a line that fired shows the firing's
                gesture, phase and progress (against the binding's own threshold)
                """),
            .flag("phases", help: """
                also print began/changed/arming reports, not only outcomes, and when
                and why each swipe, pinch and rotation (touchscreen ones and edge
                swipes too) committed (what on-threshold bindings wait for):
                `swipe:3 committed right at 0.112 s: travel 96, velocity 1,240
                units/s, projected 180`; and every input a recognizer's state did
                not expect: `! swipe[4fg]: GESTURE_SWIPE_END in state idle (input
                bug): ignored: no swipe in progress`
                """, brief: "also print began, changed and arming reports, commitments and diagnostics"),
            .flag("early-actions", help: """
                after the reports, list every early action (an on-threshold or
                on-begin firing before its gesture ended) beside the gesture's outcome:
                confirmed, contradicted, or undecided (the input ended first)
                """, brief: "list every early action beside its gesture's outcome"),
            .value("app", "APP_ID", help: "treat APP_ID as the focused application (for `app:` bindings)"),
        ],
        discussion: """
        Runs gesto's recognizers on a recording and prints every gesture outcome in input order,
        with the action its binding would run. FILE is `libinput debug-events` output (any libinput
        version's format, even pasted into a bug report) or a `libinput record` file; - reads stdin.
        """,
        epilogue: """
        Lines that look like gesture events but do not parse are reported on stderr with their
        line number; the replay goes on.
        """
    ) { parsed, context in
        replay(parsed, output: context.output, errors: context.errors)
    }

    /// Runs `gestoctl replay ARGUMENTS…` writing to `output` and `errors`.
    public static func run(_ arguments: [String], output: TextSink, errors: TextSink) -> Int32 {
        declaration.execute(arguments, in: CommandContext(output: output, errors: errors))
    }

    /// Replays the recording `options` name.
    static func replay(_ options: CommandArguments, output: TextSink, errors: TextSink) -> Int32 {
        var config = Config.empty
        if let path = options.values["config"] {
            switch ConfigFile.load(path: path) {
            case .success(let loaded): config = loaded
            case .failure(let problem):
                errors.write(problem.description + "\n")
                return 1
            }
        }
        let json = options.flags.contains("json")
        // With --phases, what a recognizer did not expect (a lost END, a BEGIN twice) is a line
        // too, and so is each commitment.
        let showsDiagnostics = options.flags.contains("phases")
        var printer = ReplayPrinter(output: output, json: json, showsDiagnostics: showsDiagnostics,
                                   ledgers: options.flags.contains("early-actions") ? [] : nil)
        var sessions = ReplaySessions(config: config, showAllPhases: showsDiagnostics, focusedApp: options.values["app"])
        let diagnose = { (diagnostic: RecognizerDiagnostic) in
            guard showsDiagnostics else { return }
            output.write((json ? diagnostic.json : diagnostic.text) + "\n")
        }
        let input = RecordedInput(path: options.positionals[0])
        var clock = ReplayClock()
        var warnings = 0
        var failure: (any Error)? = nil
        do {
            warnings = try input.forEach({ record in
                if let time = clock.advance(past: record) {
                    for index in sessions.pipelines.indices {
                        sessions.pipelines[index].handleDeadlines(through: time, emit: { printer.print($0, from: index) },
                                                                  diagnose: diagnose)
                    }
                }
                switch record {
                case .gesture(let event):
                    let index = sessions.index(of: event.device, printer: &printer)
                    printer.ledgers?[index].note(event)
                    sessions.pipelines[index].handle(event, emit: { printer.print($0, from: index) }, diagnose: diagnose)
                case .touch(let event):
                    let index = sessions.index(of: event.device, printer: &printer)
                    printer.ledgers?[index].note(touch: event)
                    sessions.pipelines[index].handle(touch: event, emit: { printer.print($0, from: index) }, diagnose: diagnose) { warning in
                        if showsDiagnostics { output.write((json ? warning.json : warning.description) + "\n") }
                    }
                case .deviceAdded(let added):
                    // A touchscreen's size says whether its positions are in mm (TouchFrameAssembler).
                    if let size = added.size { sessions.sizes[added.number] = size.millimeters }
                case .deviceRemoved, .otherEvent:
                    break
                }
            }, warnings: { warning in
                errors.write(warning.description + "\n")
            })
        } catch {
            failure = error
        }
        // What the recording left in progress ends with it, whether it was read to its end or not.
        for index in sessions.pipelines.indices {
            sessions.pipelines[index].finish(at: clock.now, emit: { printer.print($0, from: index) }, diagnose: diagnose)
        }
        if let failure {
            errors.write("gestoctl replay: \(failure)\n")
            return 1
        }
        if let ledgers = printer.ledgers { writeEarlyActions(ledgers, json: json, to: output) }
        output.flush()
        if !json {
            let lines = printer.lines, actions = printer.actions
            errors.write("\(lines) gesture report\(lines == 1 ? "" : "s"), \(actions) action\(actions == 1 ? "" : "s")"
                + (warnings > 0 ? ", \(warnings) line\(warnings == 1 ? "" : "s") skipped (see above)" : "") + "\n")
        }
        return 0
    }

    /// The `--early-actions` list: a heading and one line per early action (text), or one
    /// object per early action (JSON).
    static func writeEarlyActions(_ ledgers: [EarlyActionLedger], json: Bool, to output: TextSink) {
        let all = ledgers.flatMap(\.actions)
        if json {
            for action in all { output.write(action.json + "\n") }
            return
        }
        let counts = ledgers.reduce(into: (confirmed: 0, contradicted: 0, undecided: 0)) {
            let each = $1.counts
            $0.confirmed += each.confirmed
            $0.contradicted += each.contradicted
            $0.undecided += each.undecided
        }
        output.write("early actions: \(all.count) (\(counts.confirmed) confirmed by their gesture's outcome, "
                     + "\(counts.contradicted) contradicted, \(counts.undecided) undecided: the input ended first)\n")
        for action in all { output.write(action.text + "\n") }
    }
}

/// The pipelines of a replay: one per device, in the order the devices first sent input, each
/// mutated in place through its index.
private struct ReplaySessions {
    let config: Config
    let showAllPhases: Bool
    let focusedApp: String?
    var pipelines: [GesturePipeline] = []
    /// Each device's index in ``pipelines``.
    var indices: [UInt32?: Int] = [:]
    /// The device of the latest input and its index (most recordings have one device).
    var latest: (device: UInt32?, index: Int)? = nil
    /// The touchscreens' sizes from DEVICE_ADDED, in mm.
    var sizes: [UInt32?: Vector2] = [:]

    /// The index of `device`'s pipeline, made (with its early-action ledger) at its first input.
    mutating func index(of device: UInt32?, printer: inout ReplayPrinter) -> Int {
        if let latest, latest.device == device { return latest.index }
        return lookUpIndex(of: device, printer: &printer)
    }

    /// ``index(of:printer:)`` for a device other than the latest's.
    private mutating func lookUpIndex(of device: UInt32?, printer: inout ReplayPrinter) -> Int {
        let index: Int
        if let known = indices[device] {
            index = known
        } else {
            index = pipelines.count
            var pipeline = GesturePipeline(config: config, showAllPhases: showAllPhases, focusedApp: focusedApp)
            pipeline.touchscreenSize = sizes[device] ?? nil
            pipeline.dropsUnreadLines = true  // a replay prints only printed lines
            pipelines.append(pipeline)
            printer.ledgers?.append(EarlyActionLedger(config: config))
            indices[device] = index
        }
        latest = (device, index)
        return index
    }
}

/// What a replay writes of each line its pipelines make, and how many.
private struct ReplayPrinter {
    let output: TextSink
    let json: Bool
    /// `--phases`: each line's commitment too.
    let showsDiagnostics: Bool
    /// `--early-actions`: one ledger per pipeline (nil without).
    var ledgers: [EarlyActionLedger]?
    /// The reports printed (one split into several lines, ``ReplayLine/continuesReport``,
    /// counts once) and the actions on them.
    var lines = 0, actions = 0

    /// Notes and prints `line`, made by the pipeline at `index`.
    mutating func print(_ line: ReplayLine, from index: Int) {
        ledgers?[index].note(line)
        guard line.isPrinted else { return }
        if !line.continuesReport { lines += 1 }
        actions += line.actions.count
        output.write((json ? line.json : line.text) + "\n")
        if showsDiagnostics, let committed = line.committed {
            output.write((json ? committed.json : committed.text) + "\n")
        }
    }
}
