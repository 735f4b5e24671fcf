// `gestoctl doctor`: the "nothing happens" checklist as a command. Each line is one check with
// its verdict and, when it is not fine, the fix: the touchpads and whether this user can read
// them, libinput's gesture capability, the compositor and the protocols it offers (and the
// bindings a missing one rules out), the config, gestod and its pause, the session lock, the
// compositor's own gestures that collide with bound ones, and the input proxy that can withhold
// them. Works with or without gestod.
import GestoCommandLine
import GestoConfig
import GestoCore
import GestoImport
import GestoSystem
import GestoWayland
import Glibc

/// The `gestoctl doctor` command. Exit status: 0 nothing is wrong (warnings allowed), 1 a
/// check found a problem, 2 bad usage.
public enum DoctorCommand {
    static let declaration = CommandDeclaration(
        "doctor", summary: "check what gesto needs (touchpads, compositor, config, gestod), each with its fix",
        group: .setup,
        options: ConnectionOptions.declarations + [
            .value("config", "FILE", .file(extensions: ["yaml", "yml"]), help: """
                the config to check (default: gestod's, else
                $XDG_CONFIG_HOME/gesto/config.yaml)
                """),
        ],
        discussion: """
        Checks what gesto needs, one line per check, each with its fix when it fails: the
        touchpads and whether you can read them (uaccess ACL or the input group), libinput's
        gesture support per touchpad, the compositor and the Wayland protocols it offers (and
        which configured actions a missing one rules out, and sway: bindings outside sway),
        the config, whether gestod runs and is paused, the session's lock state, the
        compositor's built-in gestures that collide with bound ones (Hyprland's from the config
        in force, hyprland.lua or hyprland.conf), whether the input proxy gesto-inputd runs
        (and, on a compositor whose gestures cannot be turned off, what it would change),
        whether gesto's plugin for Hyprland or Wayfire is loaded (Hyprland asked over its
        socket, Wayfire's wayfire.ini read) and gestod watches the touchpad too, and whether
        overlays can be shown. Exit status 1 when a check found a problem.
        """
    ) { parsed, context in
        var probe = Probe(environment: context.environment ?? processEnvironment())
        probe.socketPath = parsed.values["socket"]
        probe.configPath = parsed.values["config"]
        let results = checks(probe)
        context.output.write((parsed.flags.contains("json") ? json(results) : text(results)) + "\n")
        return results.contains { $0.verdict == .problem } ? 1 : 0
    }

    /// How a check came out.
    public enum Verdict: String, Sendable {
        /// Fine.
        case ok
        /// Works, but something is likely to surprise (no config yet, paused, a collision).
        case warning
        /// Gestures cannot work until it is fixed.
        case problem
    }

    /// One check: what was looked at, what was found, and what to do about it.
    public struct Check: Sendable, Equatable {
        /// The check's name (`touchpads`, `gestures`, `compositor`, `protocols`, `sway ipc`,
        /// `config`, `plugin`, `gestod`, `session`, `collisions`, `drag`, `input proxy`,
        /// `other tools`, `overlays`).
        public var name: String
        public var verdict: Verdict
        /// What was found, one or more lines.
        public var detail: String
        /// What to do, when the verdict is not ok.
        public var fix: String?

        public init(_ name: String, _ verdict: Verdict, _ detail: String, fix: String? = nil) {
            self.name = name
            self.verdict = verdict
            self.detail = detail
            self.fix = fix
        }

        var json: String {
            var object = JSONObjectWriter()
            object.add("check", name)
            object.add("status", verdict.rawValue)
            object.add("detail", detail)
            object.add("fix", fix)
            return object.json
        }
    }

    /// Where the checks look; the defaults are the real machine's, tests give a folder tree.
    public struct Probe {
        /// The process environment (`XDG_CURRENT_DESKTOP`, `WAYLAND_DISPLAY`, …).
        public var environment: [String: String]
        /// sysfs's input class (`/sys/class/input`): `eventN/device/name`, `eventN/dev`,
        /// `eventN/device/capabilities/key`.
        public var sysfsInput = "/sys/class/input"
        /// udev's database (`/run/udev/data`): `c13:MINOR` holds `E:ID_INPUT_TOUCHPAD=1`.
        public var udevData = "/run/udev/data"
        /// Where event nodes are (`/dev/input`).
        public var deviceNodes = "/dev/input"
        /// gestod's socket (nil: the default).
        public var socketPath: String?
        /// The input proxy's socket (gesto-inputd's default, protocol/inputd.md).
        public var inputProxySocket = InputProxyNames.socketPath
        /// The config to check (nil: gestod's, else the default path).
        public var configPath: String?
        /// Whether to connect to the compositor when gestod does not run (tests turn it off).
        public var connectsToWayland = true
        /// The sway config read for `bindgesture` lines (nil: `$XDG_CONFIG_HOME/sway/config`).
        public var swayConfigPath: String?
        /// The running sway's version (nil: asked over `$SWAYSOCK` when ``connectsToWayland``).
        public var swayVersion: SwayVersion?
        /// The Hyprland config read for its gestures (nil: `$XDG_CONFIG_HOME/hypr/hyprland.lua`,
        /// else `hyprland.conf`).
        public var hyprlandConfigPath: String?
        /// Where other gesture tools are looked for (processes, units, autostart entries).
        var switchOver: SwitchOverPlaces
        /// Where the compositor plugins' architecture folders are (`/usr/lib`).
        public var libraryRoot = "/usr/lib"
        /// Whether gesto's plugin for the compositor is loaded (nil: Hyprland is asked over its
        /// socket, Wayfire's wayfire.ini is read; tests give their own answer).
        var pluginState: ((_ compositor: String?) -> CompositorPlugin.State?)?
        /// Why overlays cannot be drawn, or nil (tests give their own answer).
        var drawingUnavailable: () -> String? = { OverlaySurface.drawingUnavailableReason }

        public init(environment: [String: String]) {
            self.environment = environment
            switchOver = SwitchOverPlaces(environment: environment)
        }
    }

    public static func run(_ arguments: [String], output: TextSink, errors: TextSink) -> Int32 {
        declaration.execute(arguments, in: CommandContext(output: output, errors: errors))
    }

    /// The checks' JSON: `{"checks": [{"check", "status", "detail", "fix"}], "problems": N}`.
    static func json(_ results: [Check]) -> String {
        var object = JSONObjectWriter()
        object.addRaw("checks", "[" + results.map(\.json).joined(separator: ", ") + "]")
        object.add("problems", results.filter { $0.verdict == .problem }.count)
        object.add("warnings", results.filter { $0.verdict == .warning }.count)
        return object.json
    }

    /// The human form: `[ok]`, `[warn]` or `[FAIL]`, the check, what was found, and its fix.
    static func text(_ results: [Check]) -> String {
        var lines: [String] = []
        for check in results {
            let mark = switch check.verdict { case .ok: "[ok]  "; case .warning: "[warn]"; case .problem: "[FAIL]" }
            let detail = check.detail.split(separator: "\n", omittingEmptySubsequences: false)
            lines.append("\(mark) \(check.name): \(detail.first ?? "")")
            for line in detail.dropFirst() { lines.append("         " + line) }
            if let fix = check.fix {
                for (index, line) in fix.split(separator: "\n").enumerated() {
                    lines.append((index == 0 ? "       fix: " : "            ") + line)
                }
            }
        }
        let problems = results.filter { $0.verdict == .problem }.count
        lines.append(problems == 0 ? "no problem found" : "\(problems) problem\(problems == 1 ? "" : "s") found")
        return lines.joined(separator: "\n")
    }

    // MARK: The checks

    /// Runs every check, in the order a person would look.
    public static func checks(_ probe: Probe) -> [Check] {
        var results: [Check] = []
        let touchpads = findTouchpads(probe)
        results.append(touchpadCheck(touchpads))

        // gestod's view, when it runs: its devices are those libinput gave gestures.
        let status = daemonStatus(probe)
        results.append(gestureCheck(touchpads, status: status))

        let (config, configCheck) = loadConfig(probe, status: status)
        let compositor = compositorName(probe.environment)
        let wayland = waylandChecks(probe, status: status, config: config, compositor: compositor)
        results.append(contentsOf: wayland.checks)
        // Loaded, gesto's plugin carries out the bindings inside the compositor.
        let plugin = pluginState(probe, compositor: compositor)
        let pluginLoaded = plugin == .loaded ? compositor : nil
        if let sway = swayCheck(config: config, compositor: compositor, environment: probe.environment, pluginLoaded: pluginLoaded) { results.append(sway) }
        results.append(configCheck)
        if let check = pluginCheck(compositor: compositor, state: plugin, installedPath: pluginInstalledPath(probe, compositor: compositor),
                                   gestodRuns: status != nil) {
            results.append(check)
        }
        results.append(daemonCheck(status, pluginLoaded: pluginLoaded))
        results.append(sessionCheck(status, pluginLoaded: pluginLoaded))
        let collisions = collisionCheck(probe, compositor: compositor, config: config)
        results.append(collisions)
        let inputProxyRuns = inputProxyAnswers(at: probe.inputProxySocket)
        if let drag = dragCheck(config: config, compositor: compositor, inputProxyRuns: inputProxyRuns) { results.append(drag) }
        results.append(inputProxyCheck(isRunning: inputProxyRuns, compositor: compositor, collides: collisions.verdict != .ok,
                                       pluginLoaded: pluginLoaded))
        results.append(otherToolsCheck(probe))
        results.append(overlayCheck(probe.drawingUnavailable(), missing: wayland.missing))
        return results
    }

    /// How the config's `drag:` bindings reach the pointer, and what that route leaves: gestod
    /// drags through the compositor's virtual pointer (the `protocols` check says whether the
    /// compositor has it), and only watches the touchpad, so the compositor still receives the
    /// swipe. nil without a drag binding.
    static func dragCheck(config: Config?, compositor: String?, inputProxyRuns: Bool = false) -> Check? {
        guard let config else { return nil }
        let drags = config.bindings.indices.filter { config.bindings[$0].action.kind == .drag }
        guard !drags.isEmpty else { return nil }
        let named = drags.map { "binding \(Binding.number(ofIndex: $0)) (\(config.bindings[$0].gesture), \(config.bindings[$0].action.summary))" }
        let fingers = Set(drags.compactMap { index -> Int? in
            let gesture = config.bindings[index].gesture
            return gesture.device == .touchpad && gesture.gesture.kind == .swipe ? gesture.fingerCount : nil
        }).sorted().map(String.init).joined(separator: " and ")
        if inputProxyRuns {
            // gesto-inputd's mouse works on every compositor, and the swipe never reaches it.
            return Check("drag", .ok, "\(named.joined(separator: ", ")): gestod holds the button through gesto-inputd's virtual mouse, "
                + "and gesto-inputd withholds the \(fingers)-finger touches from the compositor")
        }
        let route = "\(named.joined(separator: ", ")): gestod holds the button through the compositor's virtual pointer "
            + "(zwlr_virtual_pointer_manager_v1); the compositor still receives the \(fingers)-finger swipe itself"
        switch compositor {
        case "sway", "labwc", "river":
            return Check("drag", .ok, route + " (harmless: \(compositor!) binds no swipe by default)")
        case "wayfire":
            return Check("drag", .ok, route + " (Wayfire's vswipe plugin uses 3-finger swipes: the collisions check names it when it applies)",
                         fix: "or load the gesto-wayfire plugin (Wayfire 0.9 or newer), which drags inside Wayfire (gesto.yaml(5), WAYFIRE)")
        default:
            let which = compositor.map { "\($0)'s" } ?? "the compositor's"
            return Check("drag", .warning, route + ": \(which) own gestures of that finger count act too, and GNOME and KDE offer no virtual pointer",
                         fix: "`sudo gestoctl enable --input-proxy` drags through gesto-inputd's mouse and keeps the swipe from the compositor; "
                            + "or bind the drag to a finger count the compositor leaves free, or turn its gesture off (README, Compositors)")
        }
    }

    // MARK: The compositor's plugin

    /// Whether gesto's plugin is loaded in the compositor: Hyprland's answer, Wayfire's config.
    static func pluginState(_ probe: Probe, compositor: String?) -> CompositorPlugin.State? {
        if let answer = probe.pluginState { return answer(compositor) }
        switch compositor {
        case "hyprland": return CompositorPlugin.hyprlandState(environment: probe.environment)
        case "wayfire": return CompositorPlugin.wayfireState(environment: probe.environment, compositor: compositor)
        default: return nil
        }
    }

    static func pluginInstalledPath(_ probe: Probe, compositor: String?) -> String? {
        switch compositor {
        case "hyprland": return CompositorPlugin.installedPath(CompositorPlugin.hyprlandFile, libraryRoot: probe.libraryRoot)
        case "wayfire": return CompositorPlugin.installedPath(CompositorPlugin.wayfireFile, libraryRoot: probe.libraryRoot)
        default: return nil
        }
    }

    /// What gesto's plugin for the compositor does here: loaded, it consumes and carries out the
    /// bindings inside the compositor, and gestod watching the touchpad as well would act on
    /// every bound gesture a second time; installed but not loaded, how to load it. nil on
    /// compositors without a gesto plugin.
    static func pluginCheck(compositor: String?, state: CompositorPlugin.State?, installedPath: String?, gestodRuns: Bool) -> Check? {
        guard let state, let compositor, compositor == "hyprland" || compositor == "wayfire" else { return nil }
        let hyprland = compositor == "hyprland"
        let name = hyprland ? CompositorPlugin.hyprlandName : CompositorPlugin.wayfireName
        let host = hyprland ? "Hyprland" : "Wayfire"
        let path = installedPath ?? "/usr/lib/ARCH/" + (hyprland ? CompositorPlugin.hyprlandFile : CompositorPlugin.wayfireFile)
        let load = hyprland
            ? "`hyprctl plugin load \(path)` loads it now, `hl.plugin.load(\"\(path)\")` in hyprland.lua at every start"
            : "add \(name) to `plugins` in the [core] section of wayfire.ini (Wayfire loads it at once)"
        let unload = hyprland
            ? "`hyprctl plugin unload \(path)`, and remove its hl.plugin.load line from hyprland.lua"
            : "remove \(name) from `plugins` in the [core] section of wayfire.ini"
        let manual = "gesto.yaml(5), \(hyprland ? "HYPRLAND" : "WAYFIRE")"
        switch state {
        case .loaded where gestodRuns:
            return Check("plugin", .warning, "\(name) is loaded \(hyprland ? "in Hyprland" : "by wayfire.ini") and gestod runs too: "
                         + "both watch the touchpad and act on every bound gesture",
                         fix: "let one of them act: stop gestod (`gestoctl disable` stops it and its start at login; remove a start line "
                            + "from the \(host) config), or unload the plugin: \(unload)")
        case .loaded:
            return Check("plugin", .ok, "\(name) is loaded \(hyprland ? "in Hyprland" : "by wayfire.ini"): it consumes the bound gestures "
                         + "and carries out their actions inside \(host) (bindings it cannot carry out are named in \(host)'s log; \(manual))")
        case .notLoaded where installedPath != nil:
            return Check("plugin", .ok, "\(name) is installed (\(path)) but not loaded: gestod handles gestures beside \(host)",
                         fix: "to have \(host) consume the bound gestures: \(load); then stop gestod (\(manual))")
        case .notLoaded:
            return Check("plugin", .ok, "\(name) is not loaded: gestod handles gestures beside \(host)"
                         + (hyprland ? " (the gesto-hyprland package, for Hyprland 0.57, consumes them inside it)"
                                     : " (the gesto-wayfire package, for Wayfire 0.9 and 0.10, consumes them inside it)"))
        case .unknown(let why):
            return Check("plugin", .warning, "whether \(name) is loaded is unknown: \(why)",
                         fix: hyprland ? "run `gestoctl doctor` inside the Hyprland session (HYPRLAND_INSTANCE_SIGNATURE and XDG_RUNTIME_DIR set)"
                                       : "make wayfire.ini readable")
        }
    }

    // MARK: The input proxy

    /// The compositors whose own touchpad gestures the input proxy is for, and what to say of
    /// them: GNOME and niri have no switch for theirs; KDE's and Hyprland's are on by default.
    static let gesturesTakenBy: [String: String] = [
        "gnome": "GNOME's built-in touchpad gestures cannot be turned off",
        "niri": "niri's built-in touchpad gestures cannot be turned off",
        "kde": "Plasma acts on touchpad swipes itself (turning that off is not offered for every finger count)",
        "hyprland": "Hyprland acts on the touchpad swipes its config binds, beside gesto",
    ]

    /// Whether gesto-inputd listens at `path`: a connect is answered (its socket is
    /// `SOCK_SEQPACKET`; connecting does not wait for it to accept).
    static func inputProxyAnswers(at path: String) -> Bool {
        guard let fd = try? UnixSocket.connect(to: path, packets: true) else { return false }
        try? fd.close()
        return true
    }

    /// Whether the input proxy runs, and, where it does not, what it would change on a
    /// compositor whose own gestures take touchpad swipes: a warning when a binding collides
    /// with them (the collisions check names which).
    static func inputProxyCheck(isRunning: Bool, compositor: String?, collides: Bool, pluginLoaded: String? = nil) -> Check {
        if isRunning {
            return Check("input proxy", .ok, "gesto-inputd runs: the compositor reads the touchpads through it, "
                         + "without the finger counts gestod owns (`sudo gestoctl disable --input-proxy` turns it off)")
        }
        if let pluginLoaded {
            return Check("input proxy", .ok, "gesto-inputd does not run (not needed: gesto's plugin consumes the bound gestures inside \(pluginLoaded))")
        }
        guard let compositor, let taken = gesturesTakenBy[compositor] else {
            return Check("input proxy", .ok, "gesto-inputd does not run (not needed: "
                         + (compositor.map { "\($0) leaves swipes it is not told to bind to gesto" } ?? "compositor unknown") + ")")
        }
        return Check("input proxy", collides ? .warning : .ok,
                     "gesto-inputd does not run, and \(taken)" + (collides ? ": bound gestures act twice (see collisions)" : ""),
                     fix: "`sudo gestoctl enable --input-proxy` lets gesto own its gestures: the compositor then never sees "
                        + "the finger counts gestod owns.\nThe trade: it runs gesto-inputd, \(EnableCommand.inputProxyTrade) (gesto-inputd(8))")
    }

    /// Whether continuous bindings can show their feedback overlay: cairo and Pango are only
    /// recommended by the package, and gestod runs every action without them.
    /// The compositor comes first: without layer-shell (mutter, weston, cage) no overlay can
    /// be shown whatever gestod can draw (`missing` is the protocols check's finding, nil when
    /// no compositor was reached).
    static func overlayCheck(_ unavailable: String?, missing: [MissingProtocol]? = []) -> Check {
        if let layerShell = missing?.first(where: { $0.name == WaylandSession.Global.layerShell.rawValue }) {
            let detail = "off: the compositor lacks \(layerShell.name), so no feedback overlay or reorder strip is shown (every action still runs)"
            return layerShell.ruledOut.isEmpty ? Check("overlays", .ok, detail + "; no binding asks for one")
                : Check("overlays", .warning, detail, fix: "nothing to do on this compositor: the protocols check names the bindings that lose their overlay")
        }
        guard let unavailable else {
            return Check("overlays", .ok, "cairo and Pango open" + (missing == nil ? "" : " and the compositor has layer-shell")
                         + ": continuous bindings show their feedback")
        }
        return Check("overlays", .warning, "off: \(unavailable) (every action still runs, without the on-screen feedback)",
                     fix: "sudo apt install libcairo2 libpango-1.0-0 libpangocairo-1.0-0, then restart gestod")
    }

    /// A touchpad udev knows of.
    struct Touchpad: Equatable {
        var name: String
        var node: String
        var isReadable: Bool
        /// How this user may read it (`the input group`, `an ACL (uaccess)`, `its mode`).
        var access: String
        /// The most fingers the kernel reports (BTN_TOOL_*TAP), 1 when it says nothing.
        var fingers: Int
    }

    /// Key codes of the finger-count tools (linux/input-event-codes.h).
    static let fingerTools: [(code: Int, fingers: Int)] = [(0x14d, 2), (0x14e, 3), (0x14f, 4), (0x148, 5)]

    static func findTouchpads(_ probe: Probe) -> [Touchpad] {
        var result: [Touchpad] = []
        for entry in directoryEntries(probe.sysfsInput) where entry.hasPrefix("event") {
            let base = probe.sysfsInput + "/" + entry
            guard let dev = readFile(base + "/dev")?.trimmingSpacesAndNewlines,
                  let udev = readFile(probe.udevData + "/c" + dev), udev.split(separator: "\n").contains("E:ID_INPUT_TOUCHPAD=1")
            else { continue }
            let name = readFile(base + "/device/name")?.trimmingSpacesAndNewlines ?? entry
            let node = probe.deviceNodes + "/" + entry
            let readable = access(node, R_OK) == 0
            result.append(Touchpad(name: name, node: node, isReadable: readable, access: accessReason(node, readable: readable),
                                   fingers: fingerCount(keyBits: readFile(base + "/device/capabilities/key") ?? "")))
        }
        return result.sorted { $0.node < $1.node }
    }

    /// The most fingers a `capabilities/key` bitmap reports (hex words, most significant first).
    static func fingerCount(keyBits: String) -> Int {
        let words = keyBits.split(whereSeparator: { $0 == " " || $0 == "\n" }).reversed().map { UInt64($0, radix: 16) ?? 0 }
        var most = 1
        for tool in fingerTools {
            let word = tool.code / 64, bit = tool.code % 64
            if word < words.count, words[word] & (1 << UInt64(bit)) != 0 { most = max(most, tool.fingers) }
        }
        return most
    }

    static func accessReason(_ node: String, readable: Bool) -> String {
        var information = stat()
        guard stat(node, &information) == 0 else { return "missing" }
        guard readable else { return "no ACL, not in its group" }
        if information.st_uid == getuid() { return "you own it" }
        if let group = getgrnam("input"), information.st_gid == group.pointee.gr_gid, isMember(of: information.st_gid) {
            return "the input group"
        }
        if information.st_mode & S_IROTH != 0 { return "its mode" }
        return isMember(of: information.st_gid) ? "its group" : "an ACL (logind's uaccess)"
    }

    static func isMember(of group: gid_t) -> Bool {
        if getegid() == group { return true }
        let count = getgroups(0, nil)
        guard count > 0 else { return false }
        var groups = [gid_t](repeating: 0, count: Int(count))
        let filled = getgroups(count, &groups)
        return groups.prefix(Int(max(filled, 0))).contains(group)
    }

    static func touchpadCheck(_ touchpads: [Touchpad]) -> Check {
        guard !touchpads.isEmpty else {
            return Check("touchpads", .problem, "none found (udev marks no input device ID_INPUT_TOUCHPAD)",
                         fix: "gesto reads touchpads only; `libinput list-devices` shows what the kernel offers")
        }
        let lines = touchpads.map { "\($0.name) (\($0.node)): " + ($0.isReadable ? "readable (\($0.access))" : "not readable by you") }
        guard touchpads.allSatisfy(\.isReadable) else {
            return Check("touchpads", .problem, lines.joined(separator: "\n"),
                         fix: "log in on a seat session (logind then gives your user an ACL on the seat's devices; see `getfacl \(touchpads.first { !$0.isReadable }!.node)`),\n"
                            + "or add yourself to the input group: `sudo usermod -aG input $USER`, then log in again")
        }
        return Check("touchpads", .ok, lines.joined(separator: "\n"))
    }

    static func gestureCheck(_ touchpads: [Touchpad], status: DaemonStatus?) -> Check {
        guard !touchpads.isEmpty else { return Check("gestures", .problem, "no touchpad, so no gestures", fix: "see touchpads above") }
        var lines: [String] = []
        var verdict = Verdict.ok
        for touchpad in touchpads {
            if let status, status.input != "none" {
                // gestod keeps only the devices libinput gives the gesture capability.
                if status.devices.contains(where: { $0.node == touchpad.node }) {
                    lines.append("\(touchpad.name): libinput gives it gestures (gestod reads it)")
                } else {
                    verdict = .problem
                    lines.append("\(touchpad.name): gestod does not read it (libinput gives it no gesture capability, or gestod cannot open it)")
                }
            } else if touchpad.fingers >= 2 {
                lines.append("\(touchpad.name): reports up to \(touchpad.fingers) fingers: libinput gives it pinch"
                             + (touchpad.fingers >= 3 ? " and \(touchpad.fingers)-finger swipes" : " (no 3-finger swipes)"))
            } else {
                verdict = .problem
                lines.append("\(touchpad.name): reports one finger only: libinput makes no gestures on it")
            }
        }
        return Check("gestures", verdict, lines.joined(separator: "\n"),
                     fix: verdict == .ok ? nil : "`sudo libinput debug-events` shows whether libinput sends GESTURE_ events for it; a single-finger touchpad has none")
    }

    static func daemonStatus(_ probe: Probe) -> DaemonStatus? {
        UnixSocket.path(explicit: probe.socketPath).flatMap(daemonStatus(at:))
    }

    /// The status of the gestod answering at `path`, nil when none does.
    static func daemonStatus(at path: String) -> DaemonStatus? {
        guard let connection = try? IPCConnection(path: path) else { return nil }
        defer { connection.close() }
        guard let line = try? connection.send(.status), let result = try? IPCReply.result(of: line) else { return nil }
        return try? DaemonStatus(json: result)
    }

    static func loadConfig(_ probe: Probe, status: DaemonStatus?) -> (Config?, Check) {
        guard let path = probe.configPath ?? status?.config.path ?? InitCommand.defaultPath(environment: probe.environment) else {
            return (nil, Check("config", .warning, "no config path (neither XDG_CONFIG_HOME nor HOME is set)", fix: "set HOME"))
        }
        guard ConfigFile.exists(path) else {
            return (nil, Check("config", .warning, "no config at \(path): gestod runs with no bindings",
                               fix: "`gestoctl init` writes a starter config for this compositor"))
        }
        switch ConfigFile.load(path: path) {
        case .success(let config):
            let count = config.bindings.count
            let detail = "\(path): valid, \(count) binding\(count == 1 ? "" : "s")"
            if !config.warnings.isEmpty {
                return (config, Check("config", .warning, ([detail] + config.warnings.map(\.description)).joined(separator: "\n"),
                                      fix: "remove the repeated binding if two actions were not meant"))
            }
            if count == 0 { return (config, Check("config", .warning, detail, fix: "add bindings (`man gesto.yaml`)")) }
            return (config, Check("config", .ok, detail))
        case .failure(let problem):
            return (nil, Check("config", .problem, problem.description,
                               fix: "fix the lines above, then `gestoctl check && gestoctl reload`"))
        }
    }

    /// The compositor the environment names: init's detection, then Wayfire, which has no
    /// starter.
    static func compositorName(_ environment: [String: String]) -> String? {
        let detected = InitCommand.Compositor.detect(environment: environment)
        if detected != .generic { return detected.rawValue }
        let desktops = (environment["XDG_CURRENT_DESKTOP"] ?? "").lowercased().split(separator: ":")
        if desktops.contains("wayfire") { return "wayfire" }
        return nil
    }

    /// `sway:` bindings, and under gestod `window-motion:` and `workspace:`, go over sway's IPC
    /// (`$SWAYSOCK`): elsewhere they cannot run, and gestod says so only in its log. Inside
    /// Wayfire the gesto-wayfire plugin carries out `window-motion:` and `workspace:` itself.
    /// nil when no binding needs sway, or sway's socket is set.
    /// gesto-hyprland carries out `window-motion:` and `workspace:` (but for `mode: continuous`,
    /// which it names inactive in Hyprland's log) when it is loaded (`pluginLoaded`).
    static func swayCheck(config: Config?, compositor: String?, environment: [String: String], pluginLoaded: String? = nil) -> Check? {
        guard let config, environment["SWAYSOCK"]?.isEmpty != false else { return nil }
        var named: [String] = []
        for (index, binding) in config.bindings.enumerated() {
            let needsSway = switch binding.action {
            case .session(.sway): true
            case .windowMotion, .session(.workspace): compositor != "wayfire" && pluginLoaded != "hyprland"
            case .exec, .session(.keys), .session(.window), .session(.hyprland), .reorder, .drag: false
            }
            if needsSway { named.append("binding \(Binding.number(ofIndex: index)) (\(binding.gesture) at \(binding.location), \(binding.action.summary))") }
        }
        guard !named.isEmpty else { return nil }
        let here = compositor.map { "this is \($0), not sway" } ?? "no sway here (SWAYSOCK is not set)"
        return Check("sway ipc", .problem, "\(here): these bindings go over sway's IPC and cannot run:\n" + named.joined(separator: "\n"),
                     fix: "bind those gestures to exec: actions running this compositor's own command-line tool, or to keys: or window: where it offers them")
    }

    static func waylandChecks(_ probe: Probe, status: DaemonStatus?, config: Config?, compositor: String?)
        -> (checks: [Check], missing: [MissingProtocol]?) {
        let named = compositor.map { " (\($0))" } ?? ""
        var missing: [MissingProtocol]?
        var connected = false
        if let status, status.waylandConnected {
            connected = true
            missing = status.waylandMissing
        } else if probe.connectsToWayland {
            let session = WaylandSession(displayName: probe.environment["WAYLAND_DISPLAY"].flatMap { $0.isEmpty ? nil : $0 },
                                         runtimeDirectory: probe.environment["XDG_RUNTIME_DIR"])
            if (try? session.connect()) != nil {
                connected = true
                missing = MissingProtocol.report(missing: session.missingGlobals, bindings: config?.bindings ?? [])
                session.disconnect()
            }
        }
        guard connected, let missing else {
            let fix = status == nil
                ? "run this inside your Wayland session (WAYLAND_DISPLAY set), or start the compositor"
                : "gestod connects by itself when the compositor's socket appears in $XDG_RUNTIME_DIR; until then only exec actions run"
            return ([Check("compositor", .problem, "no Wayland compositor reached\(named)", fix: fix)], nil)
        }
        var checks = [Check("compositor", .ok, "connected\(named)" + (status?.waylandConnected == true ? " (gestod's connection)" : ""))]
        if missing.isEmpty {
            checks.append(Check("protocols", .ok, "the compositor offers every protocol gesto uses"))
        } else {
            let ruledOut = missing.contains { !$0.ruledOut.isEmpty }
            checks.append(Check("protocols", ruledOut ? .problem : .warning, missing.flatMap(\.textLines).joined(separator: "\n"),
                                fix: ruledOut ? "bind those gestures to exec: actions (e.g. a compositor command), or use a compositor that offers the protocol"
                                              : "nothing configured needs them now"))
        }
        return (checks, missing)
    }

    /// gestod's state; where gesto's plugin for `pluginLoaded` (a compositor) is loaded, gestod
    /// not running is fine.
    static func daemonCheck(_ status: DaemonStatus?, pluginLoaded: String? = nil) -> Check {
        if status == nil, let compositor = pluginLoaded {
            return Check("gestod", .ok, "not running: gesto's plugin carries out the bindings inside \(compositor) (see plugin)")
        }
        guard let status else {
            return Check("gestod", .problem, "not running (its socket does not answer)",
                         fix: "`gestoctl enable` starts it now and at every login (or run `gestod &`)")
        }
        switch status.state {
        case .running:
            return Check("gestod", .ok, "running, pid \(status.pid), version \(status.version)")
        case .paused:
            return Check("gestod", .warning, "paused: gestures are recognized but run no action", fix: "`gestoctl resume`")
        }
    }

    static func sessionCheck(_ status: DaemonStatus?, pluginLoaded: String? = nil) -> Check {
        if status == nil, let pluginLoaded {
            return Check("session", .ok, "lock state not asked (gestod does not run; gesto's plugin runs inside \(pluginLoaded))")
        }
        guard let status else { return Check("session", .warning, "lock state unknown (gestod does not run)", fix: "start gestod (see above)") }
        switch status.sessionLock {
        case .unlocked: return Check("session", .ok, "unlocked")
        case .locked: return Check("session", .warning, "locked: gestures are ignored until it unlocks", fix: "unlock the session")
        case .unknown: return Check("session", .ok, "lock state unknown (no logind session reachable): gestures are handled")
        }
    }

    // MARK: Collisions

    /// A gesture a compositor acts on by itself, and how to turn it off there.
    struct BuiltInGesture {
        var compositor: String
        /// The gesture in binding syntax; without a direction, every direction.
        var gesture: GestureName
        var what: String
        var fix: String
    }

    /// The built-in touchpad gestures of the compositors gesto targets (defaults as shipped).
    static let builtInGestures: [BuiltInGesture] = [
        BuiltInGesture(compositor: "niri", gesture: .touchpad(.swipe(nil), fingers: 3),
                       what: "niri scrolls columns and switches workspaces with 3-finger swipes",
                       fix: "niri cannot turn them off: bind 4-finger swipes in gesto instead"),
        BuiltInGesture(compositor: "niri", gesture: .touchpad(.swipe(.up), fingers: 4),
                       what: "niri opens the overview with a 4-finger swipe up", fix: "bind another gesture in gesto"),
        // What the hyprland.lua Hyprland 0.57 writes at its first start binds; used when no
        // Hyprland config is found (one that is found says what it binds itself).
        BuiltInGesture(compositor: "hyprland", gesture: .touchpad(.swipe(.left), fingers: 3),
                       what: "Hyprland switches workspaces with 3-finger horizontal swipes (the default hyprland.lua binds them)",
                       fix: hyprlandWorkspaceSwipeFix),
        BuiltInGesture(compositor: "hyprland", gesture: .touchpad(.swipe(.right), fingers: 3),
                       what: "Hyprland switches workspaces with 3-finger horizontal swipes (the default hyprland.lua binds them)",
                       fix: hyprlandWorkspaceSwipeFix),
        BuiltInGesture(compositor: "gnome", gesture: .touchpad(.swipe(nil), fingers: 3),
                       what: "GNOME switches workspaces and opens the overview with 3-finger swipes",
                       fix: "GNOME has no switch for them: bind 4-finger swipes in gesto"),
        BuiltInGesture(compositor: "kde", gesture: .touchpad(.swipe(nil), fingers: 4),
                       what: "Plasma switches desktops and opens the overview with 4-finger swipes",
                       fix: "turn them off in System Settings → Touchpad, or bind 3-finger swipes in gesto"),
        BuiltInGesture(compositor: "wayfire", gesture: .touchpad(.swipe(nil), fingers: 3),
                       what: "Wayfire's vswipe plugin switches workspaces with 3-finger swipes",
                       fix: "disable the vswipe plugin in wayfire.ini, or bind 4-finger swipes in gesto"),
    ]

    static let hyprlandWorkspaceSwipeFix = "remove `\(HyprlandDialect.lua.workspaceSwipeLine)` from hyprland.lua "
        + "(`\(HyprlandDialect.hyprlang.workspaceSwipeLine)` from hyprland.conf before 0.55; `gestures:workspace_swipe = false` before 0.51)"

    static func collisionCheck(_ probe: Probe, compositor: String?, config: Config?) -> Check {
        guard let config, !config.bindings.isEmpty else { return Check("collisions", .ok, "no binding to collide with") }
        var builtIns = builtInGestures.filter { $0.compositor == compositor }
        var note = ""
        if compositor == "sway" {
            let version = probe.swayVersion ?? (probe.connectsToWayland ? SwayVersion.running(environment: probe.environment) : nil)
            if let version, version < SwayVersion.firstWithBindgesture {
                // sway 1.7 rejects a `bindgesture` line as an unknown command: nothing acts twice.
                note = " (sway \(version) has no bindgesture: it came in \(SwayVersion.firstWithBindgesture))"
            } else {
                let path = probe.swayConfigPath ?? swayConfigPath(probe.environment)
                builtIns += path.map(swayGestures(inConfigAt:)) ?? []
            }
        }
        if compositor == "hyprland", let path = probe.hyprlandConfigPath ?? hyprlandConfigPath(probe.environment) {
            // The config in force says what Hyprland binds; the default table stands in for none.
            builtIns = builtIns.filter { $0.compositor != "hyprland" } + hyprlandGestures(inConfigAt: path)
        }
        var lines: [String] = []
        var fixes: [String] = []
        for (index, binding) in config.bindings.enumerated() {
            for builtIn in builtIns where collide(builtIn.gesture, binding.gesture) {
                lines.append("binding \(Binding.number(ofIndex: index)) (\(binding.gesture) at \(binding.location)): \(builtIn.what)")
                if !fixes.contains(builtIn.fix) { fixes.append(builtIn.fix) }
            }
        }
        guard !lines.isEmpty else {
            return Check("collisions", .ok, compositor.map { "no bound gesture is one \($0) uses itself" + note } ?? "compositor unknown: nothing checked")
        }
        return Check("collisions", .warning, lines.joined(separator: "\n") + "\n(each such gesture acts twice)", fix: fixes.joined(separator: "\n"))
    }

    /// Whether two gesture names can name the same gesture (same kind and fingers; a missing
    /// direction is every direction).
    static func collide(_ a: GestureName, _ b: GestureName) -> Bool {
        guard a.undirected == b.undirected else { return false }
        return a.directionName == nil || b.directionName == nil || a == b
    }

    static func swayConfigPath(_ environment: [String: String]) -> String? {
        if let base = environment["XDG_CONFIG_HOME"], base.hasPrefix("/") { return base + "/sway/config" }
        if let home = environment["HOME"], !home.isEmpty { return home + "/.config/sway/config" }
        return nil
    }

    /// A sway release, as its IPC's `get_version` reports it (major and minor; the patch
    /// level changes no command).
    public struct SwayVersion: Comparable, Sendable, CustomStringConvertible {
        public var major: Int
        public var minor: Int

        public init(major: Int, minor: Int) {
            self.major = major
            self.minor = minor
        }

        /// The first sway with `bindgesture` (1.8; Debian 12 ships 1.7).
        public static let firstWithBindgesture = SwayVersion(major: 1, minor: 8)

        /// The version of the sway at `$SWAYSOCK`, nil when it does not answer.
        static func running(environment: [String: String]) -> SwayVersion? {
            guard let socket = environment["SWAYSOCK"], !socket.isEmpty,
                  let reply = try? SwayIPC(socketPath: socket).query(.getVersion),
                  let major = reply["major"]?.numberValue, let minor = reply["minor"]?.numberValue,
                  let majorNumber = Int(exactly: major), let minorNumber = Int(exactly: minor) else { return nil }
            return SwayVersion(major: majorNumber, minor: minorNumber)
        }

        public static func < (a: SwayVersion, b: SwayVersion) -> Bool { (a.major, a.minor) < (b.major, b.minor) }

        public var description: String { "\(major).\(minor)" }
    }

    /// sway's own `bindgesture` lines (sway 1.8 syntax: `bindgesture [--flags] swipe:3:right …`),
    /// from the user's main sway config file.
    static func swayGestures(inConfigAt path: String) -> [BuiltInGesture] {
        guard let text = readFile(path) else { return [] }
        var result: [BuiltInGesture] = []
        for line in text.split(separator: "\n") {
            let words = line.split(separator: " ").filter { !$0.isEmpty }
            guard words.first == "bindgesture", let spec = words.dropFirst().first(where: { !$0.hasPrefix("--") }) else { continue }
            // sway writes the finger count optionally (swipe:right): gesto needs one to compare.
            guard let name = try? GestureName(parsing: String(spec)) else { continue }
            result.append(BuiltInGesture(compositor: "sway", gesture: name, what: "your sway config binds it too (`\(String(line).trimmingSpacesAndNewlines)`)",
                                         fix: "remove the bindgesture line from \(path), or the gesto binding"))
        }
        return result
    }

    /// The Hyprland config in force: `hyprland.lua` where it exists (Hyprland 0.55 and later
    /// read it first), else `hyprland.conf` (``ImportFormat/usualPaths``, the order Hyprland
    /// looks in); nil when neither exists.
    static func hyprlandConfigPath(_ environment: [String: String]) -> String? {
        ImportCommand.usualPath(of: .hyprland, environment: environment)
    }

    /// The gestures a Hyprland config binds, in either language (`gesture = 3, horizontal,
    /// workspace` or `hl.gesture({ fingers = 3, … })`), as `gestoctl import hyprland` reads them:
    /// each one Hyprland acts on, whatever its action (a 1:1 `move` as much as a dispatcher).
    static func hyprlandGestures(inConfigAt path: String) -> [BuiltInGesture] {
        guard let text = readFile(path) else { return [] }
        let imported = importConfig(text, format: .hyprland, file: path)
        let reload = "(then `hyprctl reload`)"
        return imported.sourceGestures.map { bound in
            BuiltInGesture(compositor: "hyprland", gesture: bound.gesture,
                           what: "your Hyprland config binds it too (\(bound.source.location.file):\(bound.source.location.line): `\(bound.source.text)`)",
                           fix: "remove that line from \(path) \(reload), or the gesto binding")
        }
    }

    // MARK: Other gesture tools

    /// libinput-gestures, fusuma or Touchégg running or set to start beside gestod: each
    /// gesture both bind acts twice. Says how to stop each; never stops anything itself.
    static func otherToolsCheck(_ probe: Probe) -> Check {
        var lines: [String] = [], fixes: [String] = []
        for tool in PeerTool.allCases {
            for finding in SwitchOver.findings(for: tool, in: probe.switchOver) {
                lines.append(finding.what)
                fixes.append(finding.fix)
            }
        }
        guard !lines.isEmpty else { return Check("other tools", .ok, "no libinput-gestures, fusuma or Touchégg runs or starts") }
        return Check("other tools", .warning, lines.joined(separator: "\n") + "\n(gestures bound in both act twice)",
                     fix: fixes.joined(separator: "\n"))
    }

    // MARK: Files

    static func directoryEntries(_ path: String) -> [String] {
        guard let folder = opendir(path) else { return [] }
        defer { closedir(folder) }
        var names: [String] = []
        while let entry = readdir(folder) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }

    static func readFile(_ path: String) -> String? {
        guard case .success(let text) = ConfigFile.readText(path: path) else { return nil }
        return text
    }

    /// This process's environment (the one reading of `environ`, ``InitCommand/currentEnvironment()``).
    static func processEnvironment() -> [String: String] { InitCommand.currentEnvironment() }
}

extension String {
    /// The text without leading and trailing spaces, tabs and newlines.
    var trimmingSpacesAndNewlines: String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else { return "" }
        return String(self[first...last])
    }
}
