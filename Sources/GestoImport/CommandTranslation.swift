// The command a source binding runs, translated into a gesto action: keystroke tools
// (xdotool key, ydotool key, wtype) become `keys:`, swaymsg and i3-msg become `sway:`, wmctrl's
// toggles of the active window become `window:`,
// workspace switching (libinput-gestures' `_internal`, `xdotool set_desktop --relative ±1`, KWin's
// desktop shortcuts over D-Bus where another compositor is named) becomes the compositor's
// workspace command (gesto's own `workspace:` where no compositor is named; KWin's calls stay
// as written then, since they run on KDE Plasma),
// and everything else stays `exec:` as written, with a warning wherever the text would mean
// something else under gesto's `/bin/sh -c` or works only on X11.
import GestoConfig

/// Translates commands into actions, recording warnings against the source line.
struct CommandTranslator {
    /// True if the source tool runs commands through a shell (fusuma, sway, Touchégg); false
    /// for libinput-gestures, which splits them with `shlex` and runs the words directly.
    var runsInShell: Bool
    /// Where workspace switching goes.
    var workspaces: WorkspaceTarget
    /// True when ``workspaces`` is the default, no compositor being known.
    var workspacesAssumed = false
    /// The source tool's name for messages.
    var tool: String

    /// The action for `command`, found on `line` at `column` (1-based, where the command starts).
    func action(for command: String, line: Int, column: Int, recorder: inout ImportRecorder) -> Action {
        var command = command.trimmingSpaces
        if !runsInShell, let offset = ShellWords.inlineCommentOffset(command) {
            let comment = String(command.dropFirst(offset))
            recorder.warn(line: line, column: column + offset,
                          "\(tool) has no comments after a command: it passes '\(comment)' to the program as arguments; "
                          + "the comment is left out of the import")
            command = String(command.prefix(offset)).trimmingSpaces
        }
        let words: [ShellWord]
        do {
            words = try ShellWords.split(command)
        } catch {
            if case .unclosedQuote(let quote, let offset) = error {
                recorder.warn(line: line, column: column + offset,
                              "the quote \(quote) is never closed; the command is kept as written")
            }
            return .exec(command)
        }
        guard let program = words.first else { return .exec(command) }
        if !runsInShell { warnAboutShell(command, words: words, line: line, column: column, recorder: &recorder) }
        let name = program.text.split(separator: "/").last.map(String.init) ?? program.text
        let arguments = Array(words.dropFirst())
        switch name {
        case "_internal":
            return internalCommand(arguments, command: command, line: line, column: column, recorder: &recorder)
        case "xdotool":
            if let next = xdotoolRelativeDesktop(arguments) {
                return workspaceAction(next: next, line: line, column: column, recorder: &recorder)
            }
            if let keys = xdotoolHeldKeys(command) { return .session(.keys(keys)) }
            if let keys = xdotoolKey(arguments, line: line, column: column, recorder: &recorder) { return .session(.keys(keys)) }
            recorder.warn(line: line, column: column,
                          "xdotool reaches only X11 (XWayland) windows: kept as exec; on Wayland use wtype, ydotool or a gesto keys: binding")
            return .exec(command)
        case "ydotool":
            if let keys = ydotoolKey(arguments, line: line, column: column, recorder: &recorder) { return .session(.keys(keys)) }
            return .exec(command)
        case "wtype":
            if let keys = wtypeKeys(arguments) { return .session(.keys(keys)) }
            return .exec(command)
        case "swaymsg", "i3-msg":
            var rest = arguments[...]
            while let option = rest.first, option.text.hasPrefix("-") {
                rest = rest.dropFirst()
                if ["-t", "--type", "-s", "--socket"].contains(option.text) { rest = rest.dropFirst() }
            }
            let sway = rest.map(\.text).joined(separator: " ")
            if sway.isEmpty { return .exec(command) }
            return .session(.sway(sway))
        case "qdbus", "qdbus-qt5", "qdbus-qt6", "qdbus6":
            if let next = kwinDesktopSwitch(arguments) {
                // KWin's call runs on KDE Plasma, where neither sway's command nor gesto's
                // workspace: does: it becomes another compositor's command only when one is known.
                if workspaces != .other && !workspacesAssumed {
                    return workspaceAction(next: next, line: line, column: column, recorder: &recorder)
                }
                recorder.choose("KWin's desktop switching over D-Bus is kept as written: it runs on KDE Plasma "
                                + "(`--compositor sway|hyprland|niri` writes that compositor's command instead)")
                return .exec(command)
            }
            return .exec(command)
        case "wmctrl":
            if let operation = wmctrlWindowOperation(arguments) { return .session(.window(operation)) }
            recorder.warn(line: line, column: column,
                          "wmctrl speaks to X11 window managers (on Wayland it sees only XWayland windows): kept as exec")
            return .exec(command)
        default:
            return .exec(command)
        }
    }

    /// Warns about the text a shell reads differently from `shlex.split`: operators and globs
    /// (arguments to libinput-gestures, syntax to `/bin/sh`), and `$VAR` or `~` past the first word
    /// (libinput-gestures expands them only in the first).
    private func warnAboutShell(_ command: String, words: [ShellWord], line: Int, column: Int, recorder: inout ImportRecorder) {
        if let first = ShellWords.shellOperators(command).first {
            recorder.warn(line: line, column: column + first.offset,
                          "\(tool) runs commands without a shell, so '\(first.text)' reached the program as an argument; "
                          + "gesto's exec runs /bin/sh -c, where it is shell syntax: check the command does what you meant")
        }
        for word in words.dropFirst() where !word.isQuoted && (word.text.contains("$") || word.text.hasPrefix("~")) {
            recorder.warn(line: line, column: column + word.offset,
                          "\(tool) expands '~' and '$VAR' only in the first word, so '\(word.text)' reached the program as written; "
                          + "/bin/sh expands it")
            break
        }
    }

    /// `_internal ws_up|ws_down|ws_left|ws_right [-w] [--row N --col N]`: libinput-gestures'
    /// workspace switching through wmctrl.
    private func internalCommand(_ arguments: [ShellWord], command: String, line: Int, column: Int,
                                 recorder: inout ImportRecorder) -> Action {
        let words = arguments.map(\.text)
        let next: Bool
        if words.contains("ws_up") || words.contains("ws_right") {
            next = true
        } else if words.contains("ws_down") || words.contains("ws_left") {
            next = false
        } else {
            recorder.warn(line: line, column: column, "unknown _internal command (expected ws_up, ws_down, ws_left or ws_right): kept as exec")
            return .exec(command)
        }
        if words.contains(where: { $0.hasPrefix("--col") || $0.hasPrefix("--row") || $0.hasPrefix("-c") || $0.hasPrefix("-r") }) {
            recorder.warn(line: line, column: column,
                          "a grid of workspaces (--row/--col) has no compositor-neutral form: imported as the next/previous workspace")
        }
        return workspaceAction(next: next, line: line, column: column, recorder: &recorder)
    }

    /// The compositor's command for the next (or previous) workspace.
    func workspaceAction(next: Bool, line: Int, column: Int, recorder: inout ImportRecorder) -> Action {
        switch workspaces {
        case .sway:
            recorder.choose((workspacesAssumed ? "no compositor was given or detected: " : "")
                            + "workspace switching becomes sway's `workspace next|prev` (sent over sway's IPC, so only on sway); "
                            + "`--compositor hyprland|niri|other` writes that compositor's command instead")
            return .session(.sway(next ? "workspace next" : "workspace prev"))
        case .hyprland:
            recorder.choose("workspace switching becomes `hyprctl dispatch workspace m+1|m-1` (exec: gesto has no Hyprland IPC action)")
            return .exec(next ? "hyprctl dispatch workspace m+1" : "hyprctl dispatch workspace m-1")
        case .niri:
            recorder.choose("workspace switching becomes `niri msg action focus-workspace-down|up` (exec)")
            return .exec(next ? "niri msg action focus-workspace-down" : "niri msg action focus-workspace-up")
        case .other:
            // gesto's own action is the compositor-neutral form: gestod performs it on sway, the
            // gesto-wayfire plugin inside Wayfire, and gestod names it inactive anywhere else.
            recorder.warn(line: line, column: column,
                          "workspace switching becomes gesto's workspace: \(next ? "next" : "previous"), which gestod performs on sway "
                          + "and the gesto-wayfire plugin inside Wayfire; elsewhere replace it with your compositor's command")
            return .session(.workspace(WorkspaceAction(direction: next ? .next : .previous)))
        }
    }

    /// `xdotool set_desktop --relative [--] 1` (or `-1`): the next (previous) desktop. xdotool
    /// (cmd_set_desktop.c) sets desktop `(current + N) mod count`, wrapping around as sway's
    /// `workspace next|prev` does; so only N = ±1 is the next or previous desktop (2 skips one,
    /// and N equal to the count stays put). A negative N needs `--` before it: xdotool reads a
    /// bare `-1` as an unknown option and fails. nil for anything else (an absolute desktop, a
    /// step of more than one, a computed one).
    private func xdotoolRelativeDesktop(_ arguments: [ShellWord]) -> Bool? {
        var words = arguments.map(\.text)[...]
        guard words.popFirst() == "set_desktop" else { return nil }
        // getopt_long_only: -relative, --relative or a prefix of it, up to `--` or the first
        // word that is no option.
        var relative = false
        var endedOptions = false
        while let word = words.first, word.hasPrefix("-") {
            if word == "--" {
                words.removeFirst()
                endedOptions = true
                break
            }
            if Int(word) != nil { break }  // a bare negative number, which xdotool fails on
            let name = word.drop { $0 == "-" }
            guard !name.isEmpty, "relative".hasPrefix(name) else { return nil }
            relative = true
            words.removeFirst()
        }
        guard relative, words.count == 1, let step = words.first.flatMap({ Int($0) }) else { return nil }
        if step == 1 { return true }
        if step == -1 && endedOptions { return false }
        return nil
    }

    /// wmctrl's operations on the active window that gesto's `window:` does exactly: `-r :ACTIVE:
    /// -b toggle,fullscreen` (fullscreen, or leave it), `-r :ACTIVE: -b
    /// toggle,maximized_vert,maximized_horz` (maximize both ways, or restore) and `-c :ACTIVE:`
    /// (close gracefully). nil for anything else: another window, `add`/`remove` (gesto's
    /// operations toggle), one axis, or a state gesto has no operation for.
    private func wmctrlWindowOperation(_ arguments: [ShellWord]) -> WindowOperation? {
        let words = arguments.map(\.text)
        if words == ["-c", ":ACTIVE:"] { return .close }
        guard words.count == 4 else { return nil }
        var target: String?
        var change: String?
        for index in stride(from: 0, to: words.count, by: 2) {
            switch words[index] {
            case "-r": target = words[index + 1]
            case "-b": change = words[index + 1]
            default: return nil
            }
        }
        guard target == ":ACTIVE:", let parts = change?.split(separator: ",").map(String.init), parts.first == "toggle" else { return nil }
        switch Set(parts.dropFirst()) {
        case ["fullscreen"] where parts.count == 2: return .fullscreen
        case ["maximized_vert", "maximized_horz"] where parts.count == 3: return .maximize
        default: return nil
        }
    }

    /// KWin's desktop switching over D-Bus: `qdbus org.kde.kglobalaccel /component/kwin
    /// [org.kde.kglobalaccel.Component.]invokeShortcut "Switch to Next Desktop"` (or "Switch One
    /// Desktop to the Right", "… Down", and the previous ones), or `qdbus org.kde.KWin /KWin
    /// nextDesktop|previousDesktop`. True for the next desktop, nil for any other call.
    private func kwinDesktopSwitch(_ arguments: [ShellWord]) -> Bool? {
        let words = arguments.map(\.text)
        guard words.count >= 3 else { return nil }
        let method = words[2].split(separator: ".").last.map(String.init) ?? words[2]
        switch (words[0], words[1].lowercased(), method) {
        case ("org.kde.KWin", "/kwin", "nextDesktop") where words.count == 3: return true
        case ("org.kde.KWin", "/kwin", "previousDesktop") where words.count == 3: return false
        case ("org.kde.kglobalaccel", "/component/kwin", "invokeShortcut") where words.count == 4:
            switch words[3] {
            case "Switch to Next Desktop", "Switch One Desktop to the Right", "Switch One Desktop Down": return true
            case "Switch to Previous Desktop", "Switch One Desktop to the Left", "Switch One Desktop Up": return false
            default: return nil
            }
        default: return nil
        }
    }

    /// xdotool's commands, which end the key sequences of a `key` before them in a chain
    /// (xdotool.c's dispatch table, matched without case as `is_command` does).
    static let xdotoolCommands: Set<String> = [
        "getactivewindow", "getwindowfocus", "getwindowname", "getwindowclassname", "getwindowpid", "getwindowgeometry",
        "getdisplaygeometry", "search", "selectwindow", "help", "version", "behave", "behave_screen_edge", "click",
        "getmouselocation", "key", "keydown", "keyup", "mousedown", "mousemove", "mousemove_relative", "mouseup", "set_window",
        "type", "windowactivate", "windowfocus", "windowkill", "windowclose", "windowquit", "windowmap", "windowminimize",
        "windowmove", "windowraise", "windowlower", "windowreparent", "windowsize", "windowstate", "windowunmap",
        "set_num_desktops", "get_num_desktops", "set_desktop", "get_desktop", "set_desktop_for_window", "get_desktop_for_window",
        "get_desktop_viewport", "set_desktop_viewport", "exec", "sleep",
    ]

    /// A key held down around one keystroke, with xdotool: `xdotool keydown ctrl key Tab keyup
    /// ctrl` (xdotool's own chaining), or the same as separate xdotool commands joined by `;` or
    /// `&&` where the tool runs a shell. The X server holds a key from `keydown` to `keyup`, so
    /// the `key` between types the combination (ctrl+Tab), which is what gesto's keys: types:
    /// its keys pressed in order and released in reverse. nil for anything else: no keydown, a
    /// key left held, more than one keystroke, `--clearmodifiers` (it lifts the held keys for
    /// the keystroke), `--window`, `--repeat` above 1, or any other command in the chain.
    private func xdotoolHeldKeys(_ command: String) -> String? {
        // The xdotool commands, split at the shell's `;` and `&&`.
        var segments: [String] = []
        let characters = Array(command)
        if runsInShell {
            let operators = ShellWords.shellOperators(command)
            guard operators.allSatisfy({ $0.text == ";" || $0.text == "&&" }) else { return nil }
            var start = 0
            for found in operators {
                segments.append(String(characters[start..<found.offset]))
                start = found.offset + found.text.count
            }
            segments.append(String(characters[start...]))
        } else {
            segments = [command]
        }
        var steps: [(command: String, sequences: [String])] = []
        for segment in segments where !segment.trimmingSpaces.isEmpty {
            guard let words = try? ShellWords.split(segment).map(\.text), let program = words.first,
                  program.split(separator: "/").last == "xdotool" else { return nil }
            var index = 1
            while index < words.count {
                let name = words[index].lowercased()
                guard ["key", "keydown", "keyup"].contains(name) else { return nil }
                index += 1
                // Options (getopt_long_only: one dash or two, `--delay=N` or `--delay N`).
                while index < words.count, words[index].hasPrefix("-") {
                    let option = words[index].drop { $0 == "-" }.split(separator: "=", maxSplits: 1)
                    index += 1
                    guard let optionName = option.first else { return nil }
                    switch optionName {
                    case "delay", "d", "repeat-delay", "repeat":
                        var value = option.count == 2 ? String(option[1]) : nil
                        if value == nil, index < words.count { value = words[index]; index += 1 }
                        if optionName == "repeat" && value != "1" { return nil }
                    default: return nil  // --clearmodifiers, --window, --help
                    }
                }
                var sequences: [String] = []
                while index < words.count, !Self.xdotoolCommands.contains(words[index].lowercased()) {
                    sequences.append(words[index])
                    index += 1
                }
                guard !sequences.isEmpty else { return nil }
                steps.append((name, sequences))
            }
        }
        guard steps.contains(where: { $0.command == "keydown" }) else { return nil }
        var held: [String] = []
        var typed: [String]?
        for step in steps {
            for sequence in step.sequences {
                var unknown: String?
                guard let names = KeyNames.combination(x11: sequence, unknown: &unknown), names.warnings.isEmpty else { return nil }
                let keys = names.keys.split(separator: "+", omittingEmptySubsequences: false).map(String.init)
                switch step.command {
                case "keydown": held += keys.filter { !held.contains($0) }
                case "keyup":
                    guard keys.allSatisfy(held.contains) else { return nil }
                    held.removeAll { keys.contains($0) }
                default:
                    guard typed == nil else { return nil }
                    typed = held + keys.filter { !held.contains($0) }
                }
            }
        }
        guard held.isEmpty, let typed else { return nil }
        return typed.joined(separator: "+")
    }

    /// `xdotool key [OPTIONS] COMBINATION` with one combination: its gesto keys.
    private func xdotoolKey(_ arguments: [ShellWord], line: Int, column: Int, recorder: inout ImportRecorder) -> String? {
        guard let subcommand = arguments.first, subcommand.text == "key" else { return nil }
        var combinations: [ShellWord] = []
        var index = 1
        while index < arguments.count {
            let word = arguments[index]
            if word.text.hasPrefix("--") {
                // Options with a value; --clearmodifiers and --sync take none.
                if ["--delay", "--repeat", "--repeat-delay", "--window"].contains(word.text) { index += 1 }
            } else {
                combinations.append(word)
            }
            index += 1
        }
        guard combinations.count == 1, let combination = combinations.first else {
            if combinations.count > 1 {
                recorder.warn(line: line, column: column + combinations[1].offset,
                              "several key combinations in one command: a keys: binding types one")
            }
            return nil
        }
        return keys(x11: combination, line: line, column: column, recorder: &recorder)
    }

    /// An X11-named combination's gesto keys; nil with a warning if a name is unknown.
    func keys(x11 word: ShellWord, line: Int, column: Int, recorder: inout ImportRecorder) -> String? {
        var unknown: String?
        guard let translation = KeyNames.combination(x11: word.text, unknown: &unknown) else {
            recorder.warn(line: line, column: column + word.offset,
                          "unknown key name '\(unknown ?? word.text)' in '\(word.text)' (xkbcommon knows no such keysym)")
            return nil
        }
        for warning in translation.warnings { recorder.warn(line: line, column: column + word.offset, warning) }
        return translation.keys
    }

    /// `ydotool key 29:1 15:1 15:0 29:0`: evdev codes pressed, then released in reverse order,
    /// are a chord; ydotool 0.1's `ydotool key ctrl+Tab` names one directly.
    private func ydotoolKey(_ arguments: [ShellWord], line: Int, column: Int, recorder: inout ImportRecorder) -> String? {
        guard let subcommand = arguments.first, subcommand.text == "key" else { return nil }
        var words: [ShellWord] = []
        var index = 1
        while index < arguments.count {
            let word = arguments[index]
            if word.text.hasPrefix("-") {
                if ["-d", "--key-delay", "--delay"].contains(word.text) { index += 1 }
            } else {
                words.append(word)
            }
            index += 1
        }
        guard !words.isEmpty else { return nil }
        if words.count == 1, !words[0].text.contains(":") {
            return keys(x11: words[0], line: line, column: column, recorder: &recorder)
        }
        var pressed: [Int] = []
        var chord: [Int] = []
        var releasing = false
        for word in words {
            let parts = word.text.split(separator: ":")
            guard parts.count == 2, let code = Int(parts[0]), let state = Int(parts[1]), state == 0 || state == 1 else {
                recorder.warn(line: line, column: column + word.offset,
                              "'\(word.text)' is not CODE:1 or CODE:0 (an evdev key code pressed or released): kept as exec")
                return nil
            }
            if state == 1 {
                guard !releasing, !pressed.contains(code) else { return nil }
                pressed.append(code)
                chord.append(code)
            } else {
                guard pressed.last == code else { return nil }
                pressed.removeLast()
                releasing = true
            }
        }
        guard pressed.isEmpty else {
            recorder.warn(line: line, column: column, "keys are pressed and never released: kept as exec")
            return nil
        }
        var names: [String] = []
        for code in chord {
            guard let evdev = KeyNames.evdevCodes[code], let name = KeyNames.gestoName(evdev: evdev) else {
                recorder.warn(line: line, column: column, "evdev key code \(code) has no name the importer knows: kept as exec")
                return nil
            }
            names.append(name)
        }
        return names.joined(separator: "+")
    }

    /// `wtype -M ctrl -k Tab -m ctrl` (or `-M ctrl t -m ctrl`, or `-M alt -P Left -p Left -m alt`):
    /// modifiers held around one key. A key pressed with `-P` and never released with `-p` is
    /// released when wtype exits, so it is typed all the same.
    private func wtypeKeys(_ arguments: [ShellWord]) -> String? {
        var modifiers: [String] = []
        var key: String?
        var index = 0
        while index < arguments.count {
            let word = arguments[index].text
            let value = index + 1 < arguments.count ? arguments[index + 1].text : nil
            switch word {
            case "-M":
                guard let value, key == nil, let name = KeyNames.gestoName(x11: value) else { return nil }
                modifiers.append(name)
                index += 2
            case "-m":
                guard value != nil else { return nil }
                index += 2
            case "-k", "-P":
                guard let value, key == nil, let name = KeyNames.gestoName(x11: value) else { return nil }
                key = name
                index += 2
            case "-p":
                guard let value, let key, KeyNames.gestoName(x11: value) == key else { return nil }
                index += 2
            default:
                guard !word.hasPrefix("-"), key == nil, word.count == 1, let name = KeyNames.gestoName(x11: word) else { return nil }
                key = name
                index += 1
            }
        }
        guard let key else { return nil }
        return (modifiers + [key]).joined(separator: "+")
    }
}
