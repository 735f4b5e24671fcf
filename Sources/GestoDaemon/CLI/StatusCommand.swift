// `gestoctl status`: what the running gestod is doing: running or paused, its config and when
// it was loaded, its touchpads, what it recognized and ran, and its Wayland connection.
import GestoCommandLine
import GestoSystem
import GestoWayland

/// The `gestoctl status` command. Exit status: 0 answered, 1 gestod not reachable, 2 bad usage.
public enum StatusCommand {
    static let declaration = CommandDeclaration(
        "status", summary: "running or paused, config, touchpads, counts, uptime, Wayland", group: .daemon,
        options: ConnectionOptions.declarations,
        discussion: """
        Shows the running gestod: running or paused, version, config and when it was loaded,
        touchpads, gestures recognized and actions run, uptime, and the Wayland connection.
        """
    ) { parsed, context in
        ControlCommand.run(.status, ConnectionOptions(parsed), output: context.output, errors: context.errors) { result in
            text(try DaemonStatus(json: result))
        }
    }

    public static func run(_ arguments: [String], output: TextSink, errors: TextSink) -> Int32 {
        declaration.execute(arguments, in: CommandContext(output: output, errors: errors))
    }

    /// The human form of a status.
    static func text(_ status: DaemonStatus) -> String {
        var lines: [String] = []
        var state: String
        switch status.state {
        case .running: state = "running"
        case .paused: state = "paused (gestures are recognized but run no action; `gestoctl resume`)"
        }
        lines.append("gestod \(status.version) (pid \(status.pid)): \(state), up \(durationText(seconds: status.uptimeSeconds))")
        var config = "config:   "
        if let path = status.config.path {
            config += path + ", \(status.config.bindingCount) binding\(status.config.bindingCount == 1 ? "" : "s")"
            if let loaded = status.config.loadedAt {
                config += ", loaded \(WallClock.localText(loaded))"
            } else {
                config += ", none loaded"
            }
        } else {
            config += "none (no bindings)"
        }
        lines.append(config)
        if let error = status.config.error {
            // At first start with a broken config there is no good one to keep.
            lines.append(status.config.loadedAt == nil
                         ? "          it failed to load; gestod runs with no bindings until it is fixed (then `gestoctl reload`):"
                         : "          the last load failed; the last good config stays active:")
            for line in error.split(separator: "\n") { lines.append("          " + line) }
        }
        if status.devices.isEmpty {
            let input = status.input == "none" ? "no input opened (--no-devices)" : "no touchpad yet on \(status.input) (one is picked up when it appears)"
            lines.append("input:    \(input)")
        } else {
            lines.append("input:    \(status.input), \(status.devices.count) touchpad\(status.devices.count == 1 ? "" : "s"):")
            for device in status.devices { lines.append("          \(device.name) (\(device.node))") }
        }
        switch status.sessionLock {
        case .unlocked: lines.append("session:  unlocked")
        case .locked: lines.append("session:  locked (gestures are ignored until it unlocks)")
        case .unknown: lines.append("session:  lock state unknown (no logind session reachable)")
        }
        lines.append("wayland:  " + (status.waylandConnected ? "connected" : "not connected (exec actions only)"))
        if !status.waylandMissing.isEmpty {
            let count = status.waylandMissing.count
            lines.append("          the compositor lacks \(count) protocol\(count == 1 ? "" : "s") gesto uses:")
            for missing in status.waylandMissing {
                for line in missing.textLines { lines.append("          " + line) }
            }
        }
        if let focus = status.focus, focus.source != "none" {
            let from = focus.source == "sway" ? "sway's IPC" : "the window in the activated state"
            lines.append("focus:    \(focus.app ?? "no app") (from \(from); what app: bindings match)")
        }
        lines.append("counts:   \(status.gestureCount) gesture\(status.gestureCount == 1 ? "" : "s") recognized, "
                     + "\(status.actionCount) action\(status.actionCount == 1 ? "" : "s") run, "
                     + (status.failedActionCount > 0 ? "\(status.failedActionCount) failed (see gestod's log), " : "")
                     + "\(status.monitorCount) monitor\(status.monitorCount == 1 ? "" : "s") connected")
        return lines.joined(separator: "\n")
    }
}
