// What a starter config must never bind: an action that closes a window or an app, kills, locks
// the session, suspends or powers off, or logs out (issue 32 item 3). Recognized by meaning, not
// by spelling: window operations, sway commands (`kill`, `exit`, and what `exec` runs), shell
// commands split into simple commands (past `sudo`, `env`, assignments) and judged by program
// and subcommand, and key combinations compared as a set of modifiers and a key, whatever the
// alias (`super`/`logo`/`mod4`, `ctrl`/`control`) or the order.
import GestoConfig

enum DestructiveAction {
    /// Why `action` is destructive, or nil when it is not.
    static func reason(_ action: Action) -> String? {
        switch action {
        case .exec(let command): return reason(shell: command)
        case .session(.keys(let combination)): return reason(keys: combination)
        case .session(.window(let operation)): return operation == .close ? "window: close" : nil
        case .session(.sway(let command)): return reason(sway: command)
        case .session(.hyprland(let dispatch)): return reason(hyprland: dispatch)
        case .session(.workspace), .windowMotion, .drag: return nil
        case .reorder(let reorder):
            return [reorder.stepLeft, reorder.stepRight, reorder.stepUp, reorder.stepDown, reorder.drop]
                .compactMap { $0.flatMap(reason(shell:)) }.first
        }
    }

    // MARK: Keys

    /// Key combinations that close, quit, lock or log out in the compositors and apps gesto
    /// targets (sway, Hyprland, niri, river, labwc, GNOME and Plasma defaults; browsers'
    /// close-tab and quit).
    static let destructiveKeys: [(modifiers: Set<String>, key: String)] = [
        (["alt"], "f4"), (["ctrl"], "f4"),
        (["super"], "q"), (["super", "shift"], "q"), (["super"], "c"), (["super", "shift"], "c"),
        (["super"], "m"), (["super", "shift"], "e"),
        (["super"], "l"), (["super", "alt"], "l"), (["ctrl", "alt"], "l"),
        (["ctrl", "alt"], "delete"), (["ctrl", "alt"], "backspace"),
        (["ctrl"], "w"), (["ctrl"], "q"), (["ctrl", "shift"], "w"), (["ctrl", "shift"], "q"),
    ]

    static let modifierAliases: [String: String] = [
        "super": "super", "logo": "super", "mod4": "super", "win": "super", "meta": "super",
        "super_l": "super", "super_r": "super",
        "ctrl": "ctrl", "control": "ctrl", "control_l": "ctrl", "control_r": "ctrl",
        "alt": "alt", "mod1": "alt", "alt_l": "alt", "alt_r": "alt",
        "shift": "shift", "shift_l": "shift", "shift_r": "shift",
    ]

    static func reason(keys combination: String) -> String? {
        let parts = combination.lowercased().split(separator: "+").map { String($0).trimmed }
        guard let key = parts.last, !key.isEmpty else { return nil }
        let modifiers = Set(parts.dropLast().map { modifierAliases[$0] ?? $0 })
        let normalized = key == "del" ? "delete" : key
        return destructiveKeys.contains { $0.modifiers == modifiers && $0.key == normalized } ? "keys: \(combination)" : nil
    }

    // MARK: sway commands

    static func reason(sway command: String) -> String? {
        for part in command.split(whereSeparator: { $0 == ";" || $0 == "," }) {
            let words = part.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
            // `[criteria] kill`: drop the criteria.
            let command = words.drop { $0.hasPrefix("[") || $0.hasSuffix("]") }
            guard let verb = command.first?.lowercased() else { continue }
            if verb == "kill" || verb == "exit" { return "sway: \(verb)" }
            if verb == "exec" || verb == "exec_always" {
                if let why = reason(shell: command.dropFirst().joined(separator: " ")) { return why }
            }
        }
        return nil
    }

    /// A Hyprland dispatch that closes or kills a window or ends the session: Hyprland 0.57's
    /// Lua dispatchers (`hl.dsp.window.close()`, `hl.dsp.window.kill()`, `hl.dsp.exit()`) and
    /// the hyprlang names before them (`killactive`, `forcekillactive`, `exit`).
    static func reason(hyprland dispatch: String) -> String? {
        let lowered = dispatch.lowercased()
        for name in ["hl.dsp.window.close", "hl.dsp.window.kill", "hl.dsp.exit"] where lowered.contains(name) {
            return "hyprland: \(name)"
        }
        let verb = lowered.split(whereSeparator: { $0 == " " || $0 == "\t" }).first.map(String.init) ?? ""
        return ["killactive", "forcekillactive", "killwindow", "closewindow", "exit"].contains(verb) ? "hyprland: \(verb)" : nil
    }

    // MARK: Shell commands

    /// Programs that close, kill, lock, suspend or log out whatever their arguments.
    static let destructivePrograms: Set<String> = [
        "poweroff", "reboot", "halt", "shutdown", "kill", "pkill", "killall", "xkill",
        "swaylock", "hyprlock", "gtklock", "waylock", "i3lock", "physlock", "vlock",
        "gnome-session-quit", "wlogout", "systemd-inhibit-off",
    ]

    /// Subcommands that are destructive, per program (any argument of the program matches).
    static let destructiveSubcommands: [String: Set<String>] = [
        "loginctl": ["lock-session", "lock-sessions", "terminate-session", "terminate-user", "terminate-seat",
                     "kill-session", "kill-user", "poweroff", "reboot", "halt", "suspend", "hibernate",
                     "hybrid-sleep", "suspend-then-hibernate"],
        "systemctl": ["poweroff", "reboot", "halt", "kexec", "soft-reboot", "suspend", "hibernate",
                      "hybrid-sleep", "suspend-then-hibernate", "kill"],
        "swaymsg": ["exit", "kill"],
        "hyprctl": ["killactive", "forcekillactive", "closewindow", "killwindow", "exit", "kill"],
        "niri": ["close-window", "quit"],
        "riverctl": ["close", "exit"],
        "xdg-screensaver": ["lock"],
        "wmctrl": ["-c", "-ic"],
        "labwc": ["--exit", "-e"],
    ]

    /// Words in a D-Bus call (qdbus, gdbus, dbus-send) that name a destructive shortcut or method.
    static let destructiveDBusWords = ["close", "kill", "lock", "logout", "log out", "suspend", "hibernate",
                                       "shutdown", "poweroff", "power off", "reboot", "quit"]

    /// Programs that only run what follows them.
    static let wrappers: Set<String> = ["sudo", "doas", "env", "exec", "nohup", "setsid", "command", "nice", "systemd-run"]

    static func reason(shell command: String) -> String? {
        for simple in simpleCommands(command) {
            var words = simple.map(\.unquoted)
            while let first = words.first, wrappers.contains(first) || first.contains("=") || (first.hasPrefix("-") && first.count > 1) {
                words.removeFirst()
            }
            guard let program = words.first.map(basename) else { continue }
            let arguments = words.dropFirst().map { $0.lowercased() }
            if destructivePrograms.contains(program) { return "exec: \(program)" }
            if let subcommands = destructiveSubcommands[program], let hit = arguments.first(where: subcommands.contains) {
                return "exec: \(program) \(hit)"
            }
            if ["qdbus", "qdbus6", "gdbus", "dbus-send", "busctl"].contains(program) {
                let text = arguments.joined(separator: " ")
                if let word = destructiveDBusWords.first(where: text.contains) { return "exec: \(program) … \(word)" }
            }
            if program == "wtype" {
                // `wtype -M ctrl -k w`: the modifiers held (-M) around each key pressed (-k).
                let held = zip(arguments, arguments.dropFirst()).filter { $0.0 == "-m" }.map(\.1)
                let keys = zip(arguments, arguments.dropFirst()).filter { $0.0 == "-k" }.map(\.1)
                for key in keys { if let why = reason(keys: (held + [key]).joined(separator: "+")) { return "exec: wtype \(why)" } }
            }
            if ["wtype", "ydotool", "xdotool", "wlrctl"].contains(program) {
                for argument in arguments { if let why = reason(keys: argument) { return "exec: \(program) \(why)" } }
            }
            if program == "sh" || program == "bash", let index = arguments.firstIndex(of: "-c"), index + 2 < words.count {
                if let why = reason(shell: words[index + 2]) { return why }
            }
        }
        return nil
    }

    /// The simple commands of a shell line, split at `;`, `&`, `|`, newlines, `$(`, `(`, `)` and
    /// backquotes outside quotes, each as its words (quotes kept, for ``String/unquoted``).
    static func simpleCommands(_ line: String) -> [[String]] {
        var commands: [[String]] = [], words: [String] = [], word = ""
        var quote: Character?
        func endWord() { if !word.isEmpty { words.append(word); word = "" } }
        func endCommand() { endWord(); if !words.isEmpty { commands.append(words); words = [] } }
        for character in line {
            if let open = quote {
                word.append(character)
                if character == open { quote = nil }
                continue
            }
            switch character {
            case "'", "\"": quote = character; word.append(character)
            case " ", "\t": endWord()
            case ";", "&", "|", "\n", "(", ")", "`": endCommand()
            default: word.append(character)
            }
        }
        endCommand()
        return commands.map { $0.filter { $0 != "$" } }
    }

    static func basename(_ path: String) -> String { String(path.split(separator: "/").last ?? Substring(path)) }
}

private extension String {
    var trimmed: String { String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed()) }
    /// The word with its outer quotes removed.
    var unquoted: String {
        guard count >= 2, let first, first == "'" || first == "\"", last == first else { return self }
        return String(dropFirst().dropLast())
    }
}
