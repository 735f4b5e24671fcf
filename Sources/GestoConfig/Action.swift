// What a binding runs, typed by who carries it out: a shell command (the daemon's runner), a
// session action (the Wayland session and sway's IPC), a window motion (the motion driver) or
// a reorder (the pipeline's reorder engine). ``ActionKind`` names each config key once; the
// daemon's action runners carry the actions out, `gestoctl replay` only describes them.

import GestoCore

/// An action bound to a gesture.
public enum Action: Sendable, Hashable {
    /// `exec: COMMAND`: run through `/bin/sh -c` with the gesture's details in `GESTO_*`
    /// environment variables, without blocking the event loop.
    case exec(String)
    /// `keys:`, `window:`, `sway:`, `hyprland:` or `workspace:`: done once in the user's
    /// session (the virtual keyboard, foreign-toplevel, sway's or Hyprland's IPC) when the
    /// binding fires.
    case session(SessionAction)
    /// `window-motion: {snap: [left, right, maximize, back]}`: a continuous swipe moves the
    /// focused window and, on release, springs it to the snap target the flick points at.
    case windowMotion(WindowMotionAction)
    /// `reorder: {slot: 120, step-left: …}`: a long-press-drag moves an item along slots and
    /// runs commands per slot crossed, on drop, and in reverse on cancel.
    case reorder(ReorderAction)
    /// `drag: left`: while the fingers of the binding's swipe move, the button is held and the
    /// pointer follows them (``PointerDrag``), through gestod's virtual pointer or the
    /// compositor plugin.
    case drag(DragButton)

    /// Which config key the action has.
    public var kind: ActionKind {
        switch self {
        case .exec: .exec
        case .session(let action): action.kind
        case .windowMotion: .windowMotion
        case .reorder: .reorder
        case .drag: .drag
        }
    }

    /// Whether a `continuous` binding with this action gets gestod's feedback overlay: not a
    /// window motion, a workspace swipe or a drag, whose own motion (the window, the
    /// workspaces, the pointer) is the feedback.
    public var showsGestureFeedback: Bool {
        switch self {
        case .windowMotion, .session(.workspace), .drag: false
        case .exec, .reorder, .session(.keys), .session(.window), .session(.sway), .session(.hyprland): true
        }
    }

    /// The config key of the action ("exec").
    public var key: String { kind.name }

    /// The action as it is written in the config: `exec: swaymsg workspace next`.
    public var summary: String {
        switch self {
        case .exec(let command): "exec: \(command)"
        case .session(let action): action.summary
        case .reorder(let reorder): "reorder: \(reorder.items) slots of \(formatCompact(reorder.slot)) units"
        case .windowMotion(let motion): "window-motion: snap to \(motion.snaps.map(\.rawValue).joined(separator: ", "))"
        case .drag(let button): "drag: \(button.rawValue)"
        }
    }
}

/// An action done once in the user's session when its binding fires (GestoWayland's
/// `ActionPerformer` performs these and nothing else).
public enum SessionAction: Sendable, Hashable {
    /// `keys: super+shift+Right`: a key combination typed through the Wayland virtual
    /// keyboard, the modifiers pressed in order and released in reverse. Names are xkbcommon
    /// keysym names or the aliases super, shift, ctrl, alt and altgr.
    case keys(String)
    /// `window: close`: an operation on the focused window, through wlr-foreign-toplevel.
    case window(WindowOperation)
    /// `sway: workspace next`: a command sent over sway's IPC socket (no process spawned).
    case sway(String)
    /// `hyprland: hl.dsp.window.float({ action = "toggle" })`: what Hyprland's `dispatch`
    /// request takes (`hyprctl dispatch …`), sent as it was written: gestod over Hyprland's IPC
    /// socket, the gesto-hyprland plugin inside Hyprland.
    case hyprland(String)
    /// `workspace: next`: switches to the neighbouring workspace (gestod: sway's IPC; the
    /// gesto-wayfire plugin: a continuous swipe moves the workspaces and springs on or back).
    case workspace(WorkspaceAction)

    /// Which config key the action has.
    public var kind: ActionKind {
        switch self {
        case .keys: .keys
        case .window: .window
        case .sway: .sway
        case .hyprland: .hyprland
        case .workspace: .workspace
        }
    }

    /// The action as it is written in the config: `keys: super+Right`.
    public var summary: String {
        switch self {
        case .keys(let combination): "keys: \(combination)"
        case .window(let operation): "window: \(operation.rawValue)"
        case .sway(let command): "sway: \(command)"
        case .hyprland(let dispatch): "hyprland: \(dispatch)"
        case .workspace(let workspace): "workspace: \(workspace.direction.rawValue)"
        }
    }
}

/// The kinds of action, one per config key, in the order errors list them. The one place that
/// names each kind: the config's keys, error messages and the C ABI's `action` strings come
/// from ``key``.
public enum ActionKind: Sendable, Hashable, CaseIterable {
    /// `exec:` (``Action/exec(_:)``).
    case exec
    /// `keys:` (``SessionAction/keys(_:)``).
    case keys
    /// `window:` (``SessionAction/window(_:)``).
    case window
    /// `sway:` (``SessionAction/sway(_:)``).
    case sway
    /// `hyprland:` (``SessionAction/hyprland(_:)``).
    case hyprland
    /// `reorder:` (``Action/reorder(_:)``).
    case reorder
    /// `window-motion:` (``Action/windowMotion(_:)``).
    case windowMotion
    /// `workspace:` (``SessionAction/workspace(_:)``).
    case workspace
    /// `drag:` (``Action/drag(_:)``).
    case drag

    /// The config key, as a static string (the C ABI hands it out as a `const char *`).
    public var key: StaticString {
        switch self {
        case .exec: "exec"
        case .keys: "keys"
        case .window: "window"
        case .sway: "sway"
        case .hyprland: "hyprland"
        case .reorder: "reorder"
        case .windowMotion: "window-motion"
        case .workspace: "workspace"
        case .drag: "drag"
        }
    }

    /// The config key ("window-motion").
    public var name: String { key.description }

    /// The kind whose config key is `name`, or nil.
    public init?(name: String) {
        guard let kind = Self.allCases.first(where: { $0.name == name }) else { return nil }
        self = kind
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
