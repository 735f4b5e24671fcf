// `gestoctl devices`: the touchpads the running gestod reads. None is a normal state (a
// desktop, a touchpad not plugged in yet): gestod picks one up when it appears.
import GestoCommandLine

/// The `gestoctl devices` command. Exit status: 0 answered, 1 gestod not reachable, 2 bad usage.
public enum DevicesCommand {
    static let declaration = CommandDeclaration(
        "devices", summary: "the touchpads gestod reads", group: .daemon,
        options: ConnectionOptions.declarations,
        discussion: """
        Lists the touchpads gestod reads (name and event node).
        """
    ) { parsed, context in
        ControlCommand.run(.devices, ConnectionOptions(parsed), output: context.output, errors: context.errors) { result in
            let devices = try DeviceList(json: result).devices
            if devices.isEmpty { return "no touchpad (gestod picks one up when it appears)" }
            return devices.map { "\($0.node)  \($0.name)" }.joined(separator: "\n")
        }
    }

    public static func run(_ arguments: [String], output: TextSink, errors: TextSink) -> Int32 {
        declaration.execute(arguments, in: CommandContext(output: output, errors: errors))
    }
}
