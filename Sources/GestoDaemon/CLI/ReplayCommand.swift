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
    usage: gestoctl replay FILE [--config FILE] [--json] [--phases] [--app APP_ID]

    Runs gesto's recognizers on a recording and prints every gesture outcome in input order,
    with the action its binding would run. FILE is `libinput debug-events` output (any libinput
    version's format, even pasted into a bug report) or a `libinput record` file; - reads stdin.

      --config FILE   bindings and thresholds to use (default: none; every gesture kind is
                      recognized with the default thresholds and no action runs)
      --json          one JSON object per line: time (s), gesture, phase, reason, fingers,
                      translation [dx, dy] (libinput units), velocity (units/s), scale,
                      angle (degrees, clockwise), progress, action
      --phases        also print began/changed/arming reports, not only outcomes
      --app APP_ID    treat APP_ID as the focused application (for `app:` bindings)

    Lines that look like gesture events but do not parse are reported on stderr with their
    line number; the replay goes on.
    """

    /// Runs `gestoctl replay ARGUMENTS…` writing to `output` and `errors`.
    public static func run(_ arguments: [String], output: TextSink, errors: TextSink) -> Int32 {
        let options: CommandArguments
        do {
            options = try CommandArguments(arguments, command: "replay", bareFlags: ["json", "phases"])
            try options.allow(["config", "json", "phases", "app"], maximumPositionals: 1)
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
        var order: [UInt32?] = []
        var lines = 0, actions = 0, warnings = 0
        let print = { (line: ReplayLine) in
            guard line.isPrinted else { return }
            lines += 1
            actions += line.actions.count
            output.write((json ? line.json : line.text) + "\n")
        }
        // With --phases, what a recognizer did not expect (a lost END, a BEGIN twice) is a line too.
        let showsDiagnostics = options.flags.contains("phases")
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
                    for device in order { sessions[device]!.handleDeadlines(through: time, emit: print, diagnose: diagnose) }
                }
                let device: UInt32?
                switch record {
                case .gesture(let event): device = event.device
                case .touch(let event): device = event.device
                case .deviceAdded(let added):
                    // A touchscreen's size says whether its positions are in mm (TouchFrameAssembler).
                    if let size = added.size { sizes[added.number] = Vector2(size.widthMillimeters, size.heightMillimeters) }
                    return
                case .deviceRemoved, .otherEvent: return
                }
                if sessions[device] == nil {
                    var session = GesturePipeline(
                        config: config, showAllPhases: options.flags.contains("phases"), focusedApp: options.values["app"])
                    session.touchscreenSize = sizes[device] ?? nil
                    sessions[device] = session
                    order.append(device)
                }
                switch record {
                case .gesture(let event): sessions[device]!.handle(event, emit: print, diagnose: diagnose)
                case .touch(let event):
                    sessions[device]!.handle(touch: event, emit: print, diagnose: diagnose) { warning in
                        if showsDiagnostics { output.write((json ? warning.json : warning.description) + "\n") }
                    }
                case .deviceAdded, .deviceRemoved, .otherEvent: break
                }
            }, warnings: { warning in
                errors.write(warning.description + "\n")
            })
        } catch {
            for device in order { sessions[device]!.finish(at: clock.now, emit: print, diagnose: diagnose) }
            errors.write("gestoctl replay: \(error)\n")
            return 1
        }
        for device in order { sessions[device]!.finish(at: clock.now, emit: print, diagnose: diagnose) }
        output.flush()
        if !json {
            errors.write("\(lines) gesture report\(lines == 1 ? "" : "s"), \(actions) action\(actions == 1 ? "" : "s")"
                + (warnings > 0 ? ", \(warnings) line\(warnings == 1 ? "" : "s") skipped (see above)" : "") + "\n")
        }
        return 0
    }
}
