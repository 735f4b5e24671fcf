// What a host carries out when a binding fires: the one output of gesto's decisions. The
// core's ``EffectPlanner`` turns each firing into effects; gestod and every libgesto host (a
// compositor plugin) only carry them out, each with its own means (a shell, a virtual keyboard
// or the compositor's, foreign-toplevel or the compositor's window calls, a virtual pointer or
// a pointer device of the plugin's own). What to do, when, and how far is decided here once.

import GestoCore

/// One thing a host does for a binding that fired.
public enum Effect: Sendable, Equatable {
    /// Run a shell command through `/bin/sh -c`, with the firing's `GESTO_*` environment
    /// (``GestureEnvironment``), without waiting for it.
    case run(String)
    /// Type a key combination: each key pressed in order and released in reverse.
    case keys(KeyNames)
    /// An operation on the focused window.
    case window(WindowOperation)
    /// A command for sway's IPC (`sway:`), sent as it was written.
    case swayCommand(String)
    /// What Hyprland's `dispatch` request takes (`hyprland:`), sent as it was written.
    case hyprlandDispatch(String)
    /// Go to the neighbouring workspace now: an `on-end` `workspace:` binding that fired, or
    /// a continuous one whose release went on to the neighbour where the host does not make
    /// the workspaces follow the fingers (``EffectPlanner/Host/followsWorkspaces``).
    case switchWorkspace(WorkspaceAction)
    /// Press a pointer button: a drag began.
    case press(DragButton)
    /// Move the pointer by the drag's travel since its last motion.
    case move(PointerMotion)
    /// Release the button a drag pressed: exactly once for each ``press(_:)``.
    case release(DragButton)
    /// The focused window follows the fingers: the firing's phase says which step (`began`:
    /// take the window; `changed`: follow; a final phase: spring to the snap target the
    /// flick points at, ``WindowMotion``).
    case windowMotion(WindowMotionAction)
    /// The workspaces follow the fingers, as ``windowMotion(_:)`` (`began`, `changed`, a final
    /// phase: spring on to the neighbour or back, ``WorkspaceSwipe``).
    case workspaceMotion(WorkspaceAction)
    /// A long-press-drag reorder step: the host's reorder engine takes the firing
    /// (``ReorderAction``; gestod's pipeline turns each slot crossed into ``run(_:)``).
    case reorder(ReorderAction)

    /// The kind, as a number the C ABI and logs share.
    public var kind: Kind {
        switch self {
        case .run: .run
        case .keys: .keys
        case .window: .window
        case .swayCommand: .swayCommand
        case .switchWorkspace: .switchWorkspace
        case .press: .press
        case .move: .move
        case .release: .release
        case .windowMotion: .windowMotion
        case .workspaceMotion: .workspaceMotion
        case .reorder: .reorder
        case .hyprlandDispatch: .hyprlandDispatch
        }
    }

    /// The kinds of effect, numbered as gesto.h's `enum gesto_effect_kind` (which must not
    /// renumber them: hosts switch on the numbers).
    public enum Kind: UInt32, Sendable, CaseIterable {
        case run = 1
        case keys = 2
        case window = 3
        case swayCommand = 4
        case switchWorkspace = 5
        case press = 6
        case move = 7
        case release = 8
        case windowMotion = 9
        case workspaceMotion = 10
        case reorder = 11
        case hyprlandDispatch = 12
    }
}

/// A drag's pointer motion, in both of libinput's units: a sink takes the one it needs
/// (gesto.yaml(5), "drag").
public struct PointerMotion: Sendable, Equatable {
    /// libinput's accelerated delta: what the pointer makes under one finger. A compositor's
    /// pointer (its virtual pointer, a plugin's pointer device) moves by this.
    public var delta: Vector2
    /// libinput's unaccelerated delta (1000-dpi units): what a mouse reports for the same
    /// travel. gesto-inputd's uinput mouse moves by this, which the compositor then
    /// accelerates as it accelerates any mouse, instead of the motion being accelerated twice.
    public var unacceleratedDelta: Vector2

    public init(delta: Vector2, unacceleratedDelta: Vector2) {
        self.delta = delta
        self.unacceleratedDelta = unacceleratedDelta
    }
}

/// A `keys:` combination as the keysym names to press, in order: the config's aliases
/// (`super`, `ctrl`…) resolved to the xkbcommon keysym names they stand for, so that a host
/// needs only `xkb_keysym_from_name()` and no syntax of gesto's.
public struct KeyNames: Sendable, Hashable, CustomStringConvertible {
    /// Modifier names users write, and the keysym each stands for (matched case-insensitively).
    /// The one table of them: the config's checker and every host read it.
    public static let aliases: [String: String] = [
        "super": "Super_L", "logo": "Super_L", "win": "Super_L", "mod4": "Super_L",
        "shift": "Shift_L",
        "ctrl": "Control_L", "control": "Control_L",
        "alt": "Alt_L", "mod1": "Alt_L",
        "altgr": "ISO_Level3_Shift",
    ]

    /// The combination as written (`super+Right`).
    public let written: String
    /// The keysym names in pressing order (`Super_L`, `Right`).
    public let keysymNames: [String]

    /// The names of `combination` (names joined by `+`, spaces around each ignored). The
    /// names are checked against xkbcommon when the config loads (GestoWayland's
    /// `KeyCombination`); an empty part gives an empty name here.
    public init(_ combination: String) {
        written = combination
        keysymNames = combination.split(separator: "+", omittingEmptySubsequences: false).map { part in
            let name = String(part.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
            return Self.aliases[name.lowercased()] ?? name
        }
    }

    public var description: String { written }
}
