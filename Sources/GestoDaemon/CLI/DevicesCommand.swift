// `gestoctl devices`: the touchpads the running gestod reads. None is a normal state (a
// desktop, a touchpad not plugged in yet): gestod picks one up when it appears.

/// The `gestoctl devices` command. Exit status: 0 answered, 1 gestod not reachable, 2 bad usage.
public enum DevicesCommand {
    public static let usage = """
    usage: gestoctl devices [--json] [--socket PATH]

    Lists the touchpads gestod reads (name and event node).

    \(ConnectionOptions.help)
    """

    public static func run(_ arguments: [String], output: TextSink, errors: TextSink) -> Int32 {
        let parsed: CommandArguments
        switch ControlCommand.parse(arguments, command: "devices", usage: usage, output: output, errors: errors) {
        case .success(let value): parsed = value
        case .failure(let status): return status.code
        }
        return ControlCommand.run(.devices, ConnectionOptions(parsed), output: output, errors: errors) { result in
            let devices = try DeviceList(json: result).devices
            if devices.isEmpty { return "no touchpad (gestod picks one up when it appears)" }
            return devices.map { "\($0.node)  \($0.name)" }.joined(separator: "\n")
        }
    }
}
