// Which of its two config languages a Hyprland reads, and how gesto writes for each: hyprlang
// (`hyprland.conf`, every release up to 0.54) and Lua (`hyprland.lua`, 0.55 and later, read
// first when it exists; 0.57 writes one at its first start and ignores hyprland.conf). A
// command sent with `hyprctl dispatch` is read in the language of the config in force, so a
// binding, an autostart line or a fix written in the other one does nothing.
// Spellings from the Hyprland wiki (github.com/hyprwm/hyprland-wiki, content/Configuring):
// Basics/Autostart.md (`hl.on("hyprland.start", function() hl.exec_cmd("…") end)`), Lua
// API/hl/dsp/ (`hl.dsp.window.move({ workspace = … })`, `hl.dsp.workspace.toggle_special()`,
// `hl.dsp.window.float({ action = "toggle" })`), Advanced and Cool/Gestures.md (`hl.gesture`),
// and hyprctl(1) (`hyprctl dispatch "hl.dsp.window.close()"` under a Lua config).

/// A Hyprland config language.
public enum HyprlandDialect: String, Sendable, CaseIterable {
    /// `hyprland.conf`: `gesture = 3, horizontal, workspace`, `exec-once = …`,
    /// `hyprctl dispatch movetoworkspace e+1`.
    case hyprlang
    /// `hyprland.lua` (Hyprland 0.55+): `hl.gesture({ … })`, `hl.on("hyprland.start", …)`,
    /// `hyprctl dispatch 'hl.dsp.window.move({ workspace = "e+1" })'`.
    case lua

    /// The file in `$XDG_CONFIG_HOME/hypr` this language is read from.
    public var configFileName: String {
        switch self {
        case .hyprlang: "hyprland.conf"
        case .lua: "hyprland.lua"
        }
    }

    /// The language of the Hyprland whose config in force is `path`, the first of
    /// ``ImportFormat/usualPaths`` that exists: Lua for `hyprland.lua` (0.55 and later read it
    /// first), hyprlang for `hyprland.conf` (a Hyprland before 0.55, or one that kept its old
    /// config), and Lua for none (a current Hyprland writes `hyprland.lua` at its first start).
    /// Decided by the files, not by `hyprctl version`: it needs no running Hyprland, and it is
    /// what Hyprland itself goes by.
    public init(configInForce path: String?) {
        self = path?.hasSuffix(".conf") == true ? .hyprlang : .lua
    }

    /// The config line that starts `command` with every Hyprland session.
    public func autostartLine(_ command: String) -> String {
        switch self {
        case .hyprlang: "exec-once = \(command)"
        case .lua: "hl.on(\"hyprland.start\", function() hl.exec_cmd(\"\(command)\") end)"
        }
    }

    /// The line that binds 3-finger horizontal swipes to Hyprland's own workspace swipe (the
    /// one 0.57's generated `hyprland.lua` has).
    public var workspaceSwipeLine: String {
        switch self {
        case .hyprlang: "gesture = 3, horizontal, workspace"
        case .lua: "hl.gesture({ fingers = 3, direction = \"horizontal\", action = \"workspace\" })"
        }
    }

    /// The shell command that runs a dispatcher: hyprlang's words, or a Lua expression.
    public func dispatchCommand(hyprlang: String, lua: String) -> String {
        switch self {
        case .hyprlang: "hyprctl dispatch " + hyprlang
        case .lua: "hyprctl dispatch " + ShellWords.quoted(lua)
        }
    }
}
