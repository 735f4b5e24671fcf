// `gestoctl replay FILE`: runs the recognizers and bindings on a recording with no daemon and
// prints each gesture outcome in input order, with the action it would run. The JSON form is
// the contract tests and scripts rely on.
import Glibc
import GestoCore
import GestoConfig
import GestoInput

/// The `gestoctl replay` command.
///
/// Exit status: 0 when the recording was replayed (warnings about single lines do not
/// change it), 1 when the recording or the config cannot be used, 2 for bad usage.
public enum ReplayCommand {
    public static let usage = """
    usage: gestoctl replay FILE [--config FILE] [--json] [--phases] [--early-actions] [--app APP_ID]

    Runs gesto's recognizers on a recording and prints every gesture outcome in input order,
    with the action its binding would run. FILE is `libinput debug-events` output (any libinput
    version's format, even pasted into a bug report) or a `libinput record` file; - reads stdin.

      --config FILE   bindings and thresholds to use (default: none; every gesture kind is
                      recognized with the default thresholds and no action runs)
      --json          one JSON object per line: time (s), gesture, phase, reason, fingers,
                      translation [dx, dy] (libinput units), velocity (units/s), scale,
                      angle (degrees, clockwise), progress, actions (every action fired),
                      action (the first, or null); a line that fired shows the firing's
                      gesture, phase and progress (against the binding's own threshold)
      --phases        also print began/changed/arming reports, not only outcomes, and when
                      and why each swipe, pinch and rotation (touchscreen ones and edge
                      swipes too) committed (what on-threshold bindings wait for):
                      `swipe:3 committed right at 0.112 s: travel 96, velocity 1,240
                      units/s, projected 180`; and every input a recognizer's state did
                      not expect: `! swipe[4fg]: GESTURE_SWIPE_END in state idle (input
                      bug): ignored: no swipe in progress`
      --early-actions after the reports, list every early action (an on-threshold or
                      on-begin firing before its gesture ended) beside the gesture's outcome:
                      confirmed, contradicted, or undecided (the input ended first)
      --app APP_ID    treat APP_ID as the focused application (for `app:` bindings)

    Lines that look like gesture events but do not parse are reported on stderr with their
    line number; the replay goes on.
    """

    /// Runs `gestoctl replay ARGUMENTS…` writing to `output` and `errors`.
    public static func run(_ arguments: [String], output: TextSink, errors: TextSink) -> Int32 {
        let options: CommandArguments
        do {
            options = try CommandArguments(arguments, command: "replay", bareFlags: ["json", "phases", "early-actions"])
            try options.allow(["config", "json", "phases", "early-actions", "app"], maximumPositionals: 1)
            guard options.positionals.count == 1 else { throw UsageError("missing the recording to replay") }
        } catch let error as UsageError {
            if error.isHelpRequest { output.write(usage + "\n"); return 0 }
            errors.write("gestoctl replay: \(error.message)\n(see gestoctl replay --help)\n")
            return 2
        } catch {
            return 2
        }
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
        var sessions: [UInt32?: GesturePipeline] = [:]
        var ledgers: [UInt32?: EarlyActionLedger] = [:]
        var order: [UInt32?] = []
        var lines = 0, actions = 0, warnings = 0
        // With --phases, what a recognizer did not expect (a lost END, a BEGIN twice) is a line
        // too, and so is each commitment.
        let showsDiagnostics = options.flags.contains("phases")
        let listsEarlyActions = options.flags.contains("early-actions")
        var device: UInt32? = nil
        let print = { (line: ReplayLine) in
            if listsEarlyActions { ledgers[device]?.note(line) }
            guard line.isPrinted else { return }
            lines += 1
            actions += line.actions.count
            output.write((json ? line.json : line.text) + "\n")
            if showsDiagnostics, let committed = line.committed {
                output.write((json ? committed.json : committed.text) + "\n")
            }
        }
        let diagnose = { (diagnostic: RecognizerDiagnostic) in
            guard showsDiagnostics else { return }
            output.write((json ? diagnostic.json : diagnostic.text) + "\n")
        }
        let input = RecordedInput(path: options.positionals[0])
        var clock = ReplayClock()
        var sizes: [UInt32?: Vector2] = [:]
        do {
            warnings = try input.forEach({ record in
                if let time = clock.advance(past: record) {
                    for each in order {
                        device = each
                        sessions[each]!.handleDeadlines(through: time, emit: print, diagnose: diagnose)
                    }
                }
                let source: UInt32?
                switch record {
                case .gesture(let event): source = event.device
                case .touch(let event): source = event.device
                case .deviceAdded(let added):
                    // A touchscreen's size says whether its positions are in mm (TouchFrameAssembler).
                    if let size = added.size { sizes[added.number] = size.millimeters }
                    return
                case .deviceRemoved, .otherEvent: return
                }
                if sessions[source] == nil {
                    var session = GesturePipeline(
                        config: config, showAllPhases: options.flags.contains("phases"), focusedApp: options.values["app"])
                    session.touchscreenSize = sizes[source] ?? nil
                    sessions[source] = session
                    if listsEarlyActions { ledgers[source] = EarlyActionLedger(config: config) }
                    order.append(source)
                }
                device = source
                switch record {
                case .gesture(let event):
                    if listsEarlyActions { ledgers[source]!.note(event) }
                    sessions[source]!.handle(event, emit: print, diagnose: diagnose)
                case .touch(let event):
                    if listsEarlyActions { ledgers[source]!.note(touch: event) }
                    sessions[source]!.handle(touch: event, emit: print, diagnose: diagnose) { warning in
                        if showsDiagnostics { output.write((json ? warning.json : warning.description) + "\n") }
                    }
                case .deviceAdded, .deviceRemoved, .otherEvent: break
                }
            }, warnings: { warning in
                errors.write(warning.description + "\n")
            })
        } catch {
            for each in order {
                device = each
                sessions[each]!.finish(at: clock.now, emit: print, diagnose: diagnose)
            }
            errors.write("gestoctl replay: \(error)\n")
            return 1
        }
        for each in order {
            device = each
            sessions[each]!.finish(at: clock.now, emit: print, diagnose: diagnose)
        }
        if listsEarlyActions { writeEarlyActions(order.compactMap { ledgers[$0] }, json: json, to: output) }
        output.flush()
        if !json {
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
