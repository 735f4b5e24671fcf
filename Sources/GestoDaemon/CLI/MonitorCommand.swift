// `gestoctl monitor [--raw]`: streams what gestod recognizes (or, raw, libinput's gesture events)
// as it happens: JSON lines for scripts, aligned lines for people. It ends cleanly on Ctrl-C
// (signals arrive through a signalfd in a small event loop) and when gestod stops.
import GestoCommandLine
import GestoCore
import GestoSystem
import GestoWayland
import Glibc

/// The `gestoctl monitor` command. Exit status: 0 ended by Ctrl-C or by gestod stopping,
/// 1 gestod not reachable, 2 bad usage.
public enum MonitorCommand {
    static let declaration = CommandDeclaration(
        "monitor", summary: "stream recognized gestures (or libinput's events, --raw) live", group: .daemon,
        options: [.flag("raw", help: "stream libinput's gesture events and device changes instead")]
            + ConnectionOptions.declarations,
        discussion: """
        Streams the gestures gestod recognizes, one line each, until Ctrl-C or until gestod stops.
        With --json each line is the event object (the fields of `gestoctl replay --json`, plus
        "event", "device", "triggered" and "suppressed").
        """
    ) { parsed, context in
        stream(parsed, output: context.output, errors: context.errors)
    }

    public static func run(_ arguments: [String], output: TextSink, errors: TextSink) -> Int32 {
        declaration.execute(arguments, in: CommandContext(output: output, errors: errors))
    }

    /// Streams gestod's events until Ctrl-C or until it stops.
    static func stream(_ parsed: CommandArguments, output: TextSink, errors: TextSink) -> Int32 {
        let options = ConnectionOptions(parsed)
        let raw = parsed.flags.contains("raw")
        let connection: IPCConnection
        switch ControlCommand.connect(options, output: output, errors: errors) {
        case .success(let opened): connection = opened
        case .failure(let status): return status.code
        }
        defer { connection.close() }
        do {
            _ = try IPCReply.result(of: try connection.send(.monitor(raw: raw)))
        } catch let error as IPCClientError {
            return ControlCommand.report(error, options, output: output, errors: errors).code
        } catch let failure as IPCFailure {
            return ControlCommand.report(failure, options, output: output, errors: errors).code
        } catch {
            return 1
        }
        if !options.printsJSON {
            errors.write("monitoring \(raw ? "libinput gesture events" : "gestures") from \(connection.path) (Ctrl-C to stop)\n")
        }
        let print: (String) -> Void = { line in
            output.write((options.printsJSON ? line : humanLine(line)) + "\n")
        }
        while let line = connection.takeLine() { print(line) }
        output.flush()
        do {
            let loop = try EventLoop()
            var ending = "gestod stopped"
            let signals = try SignalFD(loop: loop) { signal in
                switch signal {
                case .interrupt, .terminate, .hangup:
                    ending = ""
                    loop.stop()
                case .childExited: break
                }
            }
            try loop.register(connection.fd, for: .readable) { _ in
                let more = (try? connection.readAvailable()) ?? false
                while let line = connection.takeLine() { print(line) }
                output.flush()
                if !more { loop.stop() }
            }
            try loop.run()
            withExtendedLifetime(signals) {}
            if !ending.isEmpty && !options.printsJSON { errors.write(ending + "\n") }
        } catch {
            errors.write("gestoctl monitor: \(error)\n")
            return 1
        }
        return 0
    }

    /// The human form of an event line (the line itself if it is not an event).
    static func humanLine(_ line: String) -> String {
        guard let event = try? JSONValue.parse(line), let kind = event["event"]?.stringValue else { return line }
        func number(_ key: String, _ decimals: Int) -> String {
            formatFixed(event[key]?.numberValue ?? 0, decimals: decimals)
        }
        func pair(_ key: String) -> String {
            let values = event[key]?.elements.compactMap(\.numberValue) ?? []
            guard values.count == 2 else { return "?" }
            return (values[0] >= 0 ? "+" : "") + formatFixed(values[0], decimals: 1) + "/"
                + (values[1] >= 0 ? "+" : "") + formatFixed(values[1], decimals: 1)
        }
        func padded(_ text: String, _ width: Int) -> String { text + String(repeating: " ", count: max(1, width - text.count)) }
        switch kind {
        case "gesture":
            let name = event["gesture"]?.stringValue ?? "?"
            var phase = event["phase"]?.stringValue ?? "?"
            if let reason = event["reason"]?.stringValue { phase += " (\(reason))" }
            var text = padded(number("time", 3), 12) + padded(name, 22) + padded(phase, 26)
            // A name this gestoctl cannot read (a newer gestod's) gets no details.
            if let gesture = try? GestureName(parsing: name) {
                switch gesture.gesture {
                case .swipe, .longPressDrag, .edgeSwipe:
                    switch gesture.device {
                    case .touchpad: text += "moved \(pair("translation")) units"
                    // Touchscreens: mm where the screen reports a resolution, else % of the screen.
                    case .touchscreen: text += "moved \(pair("translation"))"
                    }
                case .pinch: text += "scale \(number("scale", 2))"
                case .rotate: text += "angle \(number("angle", 1))°"
                case .hold, .longPress, .tap, .doubleTap: break
                }
            }
            // Every action the firing ran, as `gestoctl replay` prints them ("action", the first
            // alone, only from a gestod older than "actions").
            let actions = event["actions"]?.elements.compactMap(\.stringValue) ?? event["action"]?.stringValue.map { [$0] } ?? []
            for action in actions { text += "  → " + action }
            if !actions.isEmpty, let suppressed = event["suppressed"]?.stringValue { text += " (not run: \(suppressed))" }
            if event["triggered"]?.boolValue == true { text += "  [trigger]" }
            return text
        case "input":
            let name = "GESTURE_" + (event["kind"]?.stringValue ?? "?").uppercased() + "_" + (event["phase"]?.stringValue ?? "?").uppercased()
            var text = padded(number("time", 3), 12) + padded(name, 24) + padded(String(Int(event["fingers"]?.numberValue ?? 0)), 3)
            switch event["phase"]?.stringValue {
            case "update"?:
                text += pair("unaccelerated")
                if event["kind"]?.stringValue == "pinch" { text += " scale \(number("scale", 2)) angle \(number("angle_delta", 2))" }
            case "end"?:
                if event["cancelled"]?.boolValue == true { text += "cancelled" }
            default: break
            }
            return text
        case "device-added", "device-removed":
            let touchpad = event["touchpad"]?.boolValue == true ? "touchpad" : "device"
            return "\(kind == "device-added" ? "added" : "removed") \(touchpad): \(event["name"]?.stringValue ?? "?") (\(event["node"]?.stringValue ?? "?"))"
        default:
            return line
        }
    }
}
