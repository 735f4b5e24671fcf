// What a binding runs. Each case is one action key of the config; the daemon's action
// runners carry them out, `gestoctl replay` only describes them.

/// An action bound to a gesture.
public enum Action: Sendable, Hashable {
    /// `exec: COMMAND`: run through `/bin/sh -c` with the gesture's details in `GESTO_*`
    /// environment variables, without blocking the event loop.
    case exec(String)

    /// The config key of the action ("exec").
    public var key: String {
        switch self {
        case .exec: "exec"
        }
    }

    /// The action as it is written in the config: `exec: swaymsg workspace next`.
    public var summary: String {
        switch self {
        case .exec(let command): "exec: \(command)"
        }
    }
}
