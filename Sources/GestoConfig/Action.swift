// What a binding runs. Each case is one action key of the config; the daemon's action
// runners carry them out, `gestoctl replay` only describes them.

import GestoCore

/// An action bound to a gesture.
public enum Action: Sendable, Hashable {
    /// `exec: COMMAND`: run through `/bin/sh -c` with the gesture's details in `GESTO_*`
    /// environment variables, without blocking the event loop.
    case exec(String)
    /// `keys: super+shift+Right`: a key combination typed through the Wayland virtual
    /// keyboard, the modifiers pressed in order and released in reverse. Names are xkbcommon
    /// keysym names or the aliases super, shift, ctrl, alt and altgr.
    case keys(String)
    /// `window: close`: an operation on the focused window, through wlr-foreign-toplevel.
    case window(WindowOperation)
    /// `sway: workspace next`: a command sent over sway's IPC socket (no process spawned).
    case sway(String)
    /// `reorder: {slot: 120, step-left: …}`: a long-press-drag moves an item along slots and
    /// runs commands per slot crossed, on drop, and in reverse on cancel.
    case reorder(ReorderAction)
    /// `window-motion: {snap: [left, right, maximize, back]}`: a continuous swipe moves the
    /// focused window and, on release, springs it to the snap target the flick points at.
    case windowMotion(WindowMotionAction)
    /// `workspace: next`: switches to the neighbouring workspace (gestod: sway's IPC; the
    /// gesto-wayfire plugin: a continuous swipe moves the workspaces and springs on or back).
    case workspace(WorkspaceAction)

    /// The config key of the action ("exec").
    public var key: String {
        switch self {
        case .exec: "exec"
        case .keys: "keys"
        case .window: "window"
        case .sway: "sway"
        case .reorder: "reorder"
        case .windowMotion: "window-motion"
        case .workspace: "workspace"
        }
    }

    /// The action as it is written in the config: `exec: swaymsg workspace next`.
    public var summary: String {
        switch self {
        case .exec(let command): "exec: \(command)"
        case .keys(let combination): "keys: \(combination)"
        case .window(let operation): "window: \(operation.rawValue)"
        case .sway(let command): "sway: \(command)"
        case .reorder(let reorder): "reorder: \(reorder.items) slots of \(formatCompact(reorder.slot)) units"
        case .windowMotion(let motion): "window-motion: snap to \(motion.snaps.map(\.rawValue).joined(separator: ", "))"
        case .workspace(let workspace): "workspace: \(workspace.direction.rawValue)"
        }
    }
}

/// What a `window:` action does to the focused window.
public enum WindowOperation: String, Sendable, Hashable, CaseIterable {
    /// Focuses it (useful with `app:` bindings that raise a window of that app).
    case activate
    /// Asks it to close (the application may ask to save first).
    case close
    /// Minimizes it.
    case minimize
    /// Maximizes it, or restores it when it is maximized.
    case maximize
    /// Makes it fullscreen, or leaves fullscreen when it is.
    case fullscreen
}
