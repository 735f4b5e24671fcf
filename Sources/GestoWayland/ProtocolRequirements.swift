// Which Wayland globals each configured binding needs, and what it loses without each: the one
// table `gestoctl status` and `gestoctl doctor` use to say which configured actions a
// compositor rules out (a compositor lacking the virtual keyboard rules out every `keys:`).
import GestoConfig
import GestoCore

/// A binding that cannot (fully) work on this compositor because a global is missing.
public struct RuledOutBinding: Sendable, Equatable {
    /// Its index in the config's binding list.
    public var index: Int
    /// The global it needs that the compositor lacks.
    public var global: WaylandSession.Global
    /// What of it is lost (`keys: actions cannot run`).
    public var effect: String

    public init(index: Int, global: WaylandSession.Global, effect: String) {
        self.index = index
        self.global = global
        self.effect = effect
    }
}

extension WaylandSession.Global {
    /// The globals `binding` uses, each with what is lost without it. `exec:` needs none;
    /// `sway:`, `window-motion:` and `workspace:` need sway's IPC socket, `hyprland:` Hyprland's,
    /// not a Wayland global.
    public static func requirements(of binding: Binding) -> [(global: Self, effect: String)] {
        var needs: [(global: Self, effect: String)] = []
        switch binding.action {
        case .session(.keys):
            needs.append((.virtualKeyboardManager, "its keys: action cannot run"))
            needs.append((.seat, "its keys: action cannot run"))
        case .session(.window(let operation)):
            needs.append((.foreignToplevelManager, "its window: \(operation.rawValue) action cannot run"))
            if operation == .activate { needs.append((.seat, "its window: activate action cannot run")) }
        case .reorder:
            needs.append((.foreignToplevelManager, "its reorder strip has no windows to show"))
            needs.append((.layerShell, "its reorder strip is not shown"))
        case .drag:
            needs.append((.virtualPointerManager, "its drag cannot run (inside Wayfire, the gesto-wayfire plugin drags)"))
            needs.append((.seat, "its drag cannot run"))
        case .exec, .session(.sway), .session(.hyprland), .windowMotion, .session(.workspace):
            break
        }
        if binding.app != nil {
            needs.append((.foreignToplevelManager, "its app: never matches (no focused app is known)"))
        }
        if binding.mode == .continuous, binding.action.showsGestureFeedback {
            // No feedback overlay follows touch gestures yet.
            switch (binding.gesture.device, binding.gesture.gesture) {
            case (.touchpad, .swipe), (.touchpad, .pinch): needs.append((.layerShell, "its feedback overlay is not shown"))
            case (.touchpad, _), (.touchscreen, _): break
            }
        }
        return needs
    }

    /// The bindings among `bindings` that `missing` globals rule out (in part), in binding
    /// order, one entry per binding and missing global.
    public static func ruledOut(_ bindings: [Binding], missing: [Self]) -> [RuledOutBinding] {
        var result: [RuledOutBinding] = []
        for (index, binding) in bindings.enumerated() {
            var seen: Set<Self> = []
            for need in requirements(of: binding) where missing.contains(need.global) && !seen.contains(need.global) {
                seen.insert(need.global)
                result.append(RuledOutBinding(index: index, global: need.global, effect: need.effect))
            }
        }
        return result
    }
}
