// Switching over from another gesture tool: what still runs the old gestures beside gestod (a
// running libinput-gestures, fusuma or Touchégg, the autostart entries, units and compositor
// `exec` lines that start them again) and how to stop each, so no gesture acts twice.
// `gestoctl import` and `init --from` print the steps; `gestoctl doctor` lists what it finds.
// Nothing here acts: it only reads /proc and the config folders and says what to do.
import GestoImport
import Glibc

/// A gesture tool that reads the same touchpad gestures as gestod.
enum PeerTool: String, CaseIterable, Sendable {
    case libinputGestures = "libinput-gestures"
    case fusuma
    case touchegg

    /// The tool whose config `format` is, nil for a compositor's.
    init?(format: ImportFormat) {
        switch format {
        case .libinputGestures: self = .libinputGestures
        case .fusuma: self = .fusuma
        case .touchegg: self = .touchegg
        case .sway, .hyprland: return nil
        }
    }

    /// The tool's name as its users write it.
    var name: String { self == .touchegg ? "Touchégg" : rawValue }

    /// Its program's file name: the process's `argv[0]`, or `argv[1]` under an interpreter
    /// (libinput-gestures is a Python script, fusuma a Ruby one).
    var program: String { rawValue }

    /// The programs whose `exec` in a compositor config starts it (libinput-gestures' own
    /// `libinput-gestures-setup start` too).
    var launchers: [String] { self == .libinputGestures ? [program, "libinput-gestures-setup"] : [program] }

    /// Its per-user autostart entry (libinput-gestures-setup autostart writes
    /// `libinput-gestures.desktop`; the Touchégg package installs `touchegg.desktop` globally).
    var autostartEntry: String { rawValue + ".desktop" }

    /// Its systemd unit: Touchégg's daemon is a system service, fusuma and libinput-gestures
    /// are user units when a user made one.
    var unit: String { rawValue + ".service" }

    /// How to stop the running tool now.
    var stopCommand: String {
        switch self {
        case .libinputGestures: "`libinput-gestures-setup stop`"
        case .fusuma: "`pkill -x fusuma`"
        case .touchegg: "`sudo systemctl stop touchegg.service` and `pkill -x touchegg`"
        }
    }
}

/// Where the switch-over looks; the defaults are the real machine's, tests give a folder tree.
struct SwitchOverPlaces: Sendable {
    /// procfs (`/proc`): `PID/cmdline` of every process.
    var procRoot = "/proc"
    /// The user's config folder (`$XDG_CONFIG_HOME`, else `~/.config`).
    var configHome: String?
    /// The system-wide autostart folder (`/etc/xdg/autostart`).
    var systemAutostart = "/etc/xdg/autostart"
    /// systemd's system unit folder (`/etc/systemd/system`): `*.wants/UNIT` is an enabled unit.
    var systemUnits = "/etc/systemd/system"

    init(environment: [String: String]) {
        if let base = environment["XDG_CONFIG_HOME"], base.hasPrefix("/") {
            configHome = base
        } else if let home = environment["HOME"], !home.isEmpty {
            configHome = home + "/.config"
        }
    }

    /// The compositor configs whose `exec` lines may start a tool (sway's and Hyprland's).
    var compositorConfigs: [String] {
        guard let configHome else { return [] }
        return [configHome + "/sway/config", configHome + "/hypr/hyprland.conf"]
    }
}

/// One thing that runs or starts a peer tool, and how to stop it.
struct SwitchOverFinding: Sendable, Equatable {
    /// What was found (`libinput-gestures runs (pid 812)`).
    var what: String
    /// What to do about it.
    var fix: String
}

enum SwitchOver {
    /// Everything that runs or starts `tool` now: its processes, enabled units, autostart
    /// entries, and compositor config lines that start it.
    static func findings(for tool: PeerTool, in places: SwitchOverPlaces) -> [SwitchOverFinding] {
        var result: [SwitchOverFinding] = []
        let pids = runningProcesses(of: tool, procRoot: places.procRoot)
        if !pids.isEmpty {
            let list = pids.map(String.init).joined(separator: ", ")
            result.append(SwitchOverFinding(what: "\(tool.name) runs (pid \(list))", fix: "stop it: \(tool.stopCommand)"))
        }
        if let configHome = places.configHome {
            for wants in enabledUnitLinks(tool.unit, under: configHome + "/systemd/user") {
                result.append(SwitchOverFinding(what: "the user unit \(tool.unit) is enabled (\(wants))",
                                                fix: "`systemctl --user disable --now \(tool.unit)`"))
            }
        }
        for wants in enabledUnitLinks(tool.unit, under: places.systemUnits) {
            result.append(SwitchOverFinding(what: "the system unit \(tool.unit) is enabled (\(wants))",
                                            fix: "`sudo systemctl disable --now \(tool.unit)`"))
        }
        let userEntry = places.configHome.map { $0 + "/autostart/" + tool.autostartEntry }
        let userEntryText = userEntry.flatMap(readText)
        if let userEntry, let text = userEntryText, !isHidden(text) {
            let fix = tool == .libinputGestures ? "`libinput-gestures-setup autostop` (removes \(userEntry))" : "remove \(userEntry)"
            result.append(SwitchOverFinding(what: "\(userEntry) starts it when you log in", fix: fix))
        }
        let systemEntry = places.systemAutostart + "/" + tool.autostartEntry
        if let text = readText(systemEntry), !isHidden(text), userEntryText.map(isHidden) != true, let userEntry {
            result.append(SwitchOverFinding(what: "\(systemEntry) starts it when you log in",
                                            fix: "hide it for yourself: `printf '[Desktop Entry]\\nHidden=true\\n' > \(userEntry)`"))
        }
        for path in places.compositorConfigs {
            guard let text = readText(path) else { continue }
            for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            where tool.launchers.contains(where: { startsProgram(String(line), $0) }) {
                result.append(SwitchOverFinding(what: "\(path):\(index + 1) starts it (`\(String(line).trimmingSpacesAndNewlines)`)",
                                                fix: "remove that line from \(path)"))
            }
        }
        return result
    }

    /// The steps `import` and `init --from` end with: what to stop or remove so the imported
    /// gestures do not act twice. Empty when nothing is left to do.
    static func steps(after imported: ImportedConfig, places: SwitchOverPlaces) -> [String] {
        guard !imported.bindings.isEmpty else { return [] }
        if let tool = PeerTool(format: imported.format) {
            let found = findings(for: tool, in: places)
            var lines = ["to switch over, stop \(tool.name), or each gesture acts twice:"]
            if found.isEmpty {
                lines.append("  stop it: \(tool.stopCommand), and remove what starts it when you log in")
            }
            for finding in found { lines.append("  \(finding.what): \(finding.fix)") }
            return lines
        }
        // A compositor's own gesture lines: gesto runs them now, so they go.
        var seen: Set<String> = []
        var sourceLines: [String] = []
        for binding in imported.bindings {
            let key = "\(binding.source.location.file):\(binding.source.location.line)"
            if seen.insert(key).inserted { sourceLines.append("  \(key): \(binding.source.text)") }
        }
        let (noun, reload) = imported.format == .sway ? ("bindgesture", "`swaymsg reload`") : ("gesture", "`hyprctl reload`")
        return ["to switch over, remove (or comment out) these \(noun) lines, which gesto runs now, then \(reload):"] + sourceLines
    }

    // MARK: Reading

    /// The ids of the processes running `program` (by `argv[0]`, or `argv[1]` under an
    /// interpreter), in ascending order.
    static func runningProcesses(of tool: PeerTool, procRoot: String) -> [Int] {
        var pids: [Int] = []
        for entry in DoctorCommand.directoryEntries(procRoot) {
            guard let pid = Int(entry), let cmdline = commandLine(procRoot + "/" + entry + "/cmdline") else { continue }
            let argv = cmdline.split(separator: "\0").prefix(2).map { $0.split(separator: "/").last.map(String.init) ?? "" }
            if argv.first == tool.program || (argv.count > 1 && isInterpreter(argv[0]) && argv[1] == tool.program) {
                pids.append(pid)
            }
        }
        return pids.sorted()
    }

    /// The start of a `/proc/PID/cmdline` (NUL-separated arguments); the first 4 KiB hold
    /// the program and its first argument.
    static func commandLine(_ path: String) -> String? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var bytes = [UInt8](repeating: 0, count: 4096)
        let count = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        guard count > 0 else { return nil }
        return String(decoding: bytes.prefix(count), as: UTF8.self)
    }

    static func isInterpreter(_ name: String) -> Bool {
        ["python", "python3", "ruby", "sh", "bash", "perl"].contains { name == $0 || name.hasPrefix($0 + ".") || name.hasPrefix($0 + "3.") }
    }

    /// `FOLDER/*.wants/UNIT` links (systemd's record of an enabled unit).
    static func enabledUnitLinks(_ unit: String, under folder: String) -> [String] {
        DoctorCommand.directoryEntries(folder).filter { $0.hasSuffix(".wants") }.sorted().compactMap { wants in
            let link = folder + "/" + wants + "/" + unit
            var information = stat()
            return lstat(link, &information) == 0 ? link : nil
        }
    }

    /// Whether a desktop entry says `Hidden=true` (an autostart entry the session skips).
    static func isHidden(_ text: String) -> Bool {
        text.split(separator: "\n").contains { String($0).replacingSpaces == "Hidden=true" }
    }

    /// Whether a sway (`exec`, `exec_always`) or Hyprland (`exec-once =`, `exec =`) line runs
    /// `program` (as a word, so `exec foot` does not match `footclient`).
    static func startsProgram(_ line: String, _ program: String) -> Bool {
        let trimmed = line.trimmingSpacesAndNewlines
        guard !trimmed.hasPrefix("#") else { return false }
        let words = trimmed.split(whereSeparator: { " \t=;&|'\"".contains($0) })
        guard let first = words.first, ["exec", "exec_always", "exec-once"].contains(String(first)) else { return false }
        return words.dropFirst().contains { ($0.split(separator: "/").last.map(String.init) ?? "") == program }
    }

    static func readText(_ path: String) -> String? {
        guard case .success(let text) = ConfigFile.readText(path: path) else { return nil }
        return text
    }
}

private extension String {
    /// The text without spaces, tabs and carriage returns.
    var replacingSpaces: String { String(filter { $0 != " " && $0 != "\t" && $0 != "\r" }) }
}
