// `gestoctl init`: writes a commented starter config for the compositor this session runs
// (sway, Hyprland, niri, labwc, river, Plasma, GNOME, or a generic one), never over an existing
// file, so a new user starts from bindings that do something sensible where they are: none of
// them binds a gesture the compositor already acts on (DoctorCommand's table), and each says
// which of the compositor's own gestures to leave alone or turn off. A starter is safe to try
// by accident: it binds only gestures of 3 or more fingers (gestod watches, it does not consume,
// so a 2-finger pinch or swipe would also zoom or scroll the app) and nothing that closes, kills,
// locks, suspends or logs out.
import GestoCommandLine
import GestoConfig
import GestoSystem
import GestoWayland
import Glibc
import GestoImport

/// `gestoctl init [--output FILE] [--compositor NAME]`.
public enum InitCommand {
    /// The compositors with a starter config of their own.
    public enum Compositor: String, Sendable, CaseIterable {
        case sway, hyprland, niri, labwc, river, kde, gnome, generic

        /// The compositor of the session whose environment is `environment`: sway by
        /// `SWAYSOCK`, Hyprland by `HYPRLAND_INSTANCE_SIGNATURE`, niri by `NIRI_SOCKET`, then
        /// labwc, river, sway, KDE or GNOME by name in `XDG_CURRENT_DESKTOP`; otherwise generic.
        public static func detect(environment: [String: String]) -> Compositor {
            if environment["SWAYSOCK"]?.isEmpty == false { return .sway }
            if environment["HYPRLAND_INSTANCE_SIGNATURE"]?.isEmpty == false { return .hyprland }
            if environment["NIRI_SOCKET"]?.isEmpty == false { return .niri }
            if environment["LABWC_PID"]?.isEmpty == false { return .labwc }
            let desktops = (environment["XDG_CURRENT_DESKTOP"] ?? "").lowercased().split(separator: ":")
            for desktop in desktops {
                switch desktop {
                case "sway": return .sway
                case "hyprland": return .hyprland
                case "niri": return .niri
                case "labwc": return .labwc
                case "wlroots" where environment["LABWC_PID"] != nil: return .labwc
                case "river": return .river
                case "kde": return .kde
                case "gnome": return .gnome
                default: continue
                }
            }
            return .generic
        }
    }

    /// What a starter is written for besides the compositor: facts of this machine and
    /// session that decide how a binding must be spelled, or whether it can run at all.
    /// Decided when `init` runs (``probe(for:environment:)``), so each binding is one plain
    /// command that `gestoctl bindings` shows as it runs.
    public struct StarterFacts: Sendable, Equatable {
        /// The language of the user's Hyprland config (``HyprlandDialect/init(configInForce:)``):
        /// `hyprctl dispatch` reads its argument in it.
        public var hyprland: HyprlandDialect
        /// The Qt D-Bus tool KDE's bindings call: Plasma 6 installs `qdbus6` (Debian 13's
        /// `qdbus-qt6`) and no `qdbus`; Plasma 5 installs `qdbus`. The one on `PATH`, `qdbus6`
        /// first; `qdbus6` when neither is.
        public var qdbus: String
        /// The protocols the running compositor lacks, for the generic starter, which then
        /// binds only what it can carry out; nil when no compositor was reached (nothing
        /// could be checked).
        public var missing: Set<WaylandSession.Global>?

        public init(hyprland: HyprlandDialect = .lua, qdbus: String = "qdbus6", missing: Set<WaylandSession.Global>? = nil) {
            self.hyprland = hyprland
            self.qdbus = qdbus
            self.missing = missing
        }

        /// The facts of this session for a starter for `compositor`; only what that starter
        /// uses is looked at (the generic one connects to the compositor to learn its globals).
        static func probe(for compositor: Compositor, environment: [String: String]) -> StarterFacts {
            var facts = StarterFacts()
            switch compositor {
            case .hyprland:
                facts.hyprland = hyprlandDialect(environment: environment)
            case .kde:
                facts.qdbus = ["qdbus6", "qdbus"].first { findOnPath($0, environment: environment) != nil } ?? "qdbus6"
            case .generic:
                let session = WaylandSession(displayName: environment["WAYLAND_DISPLAY"].flatMap { $0.isEmpty ? nil : $0 },
                                             runtimeDirectory: environment["XDG_RUNTIME_DIR"])
                if (try? session.connect()) != nil {
                    facts.missing = Set(session.missingGlobals)
                    session.disconnect()
                }
            case .sway, .niri, .labwc, .river, .gnome:
                break
            }
            return facts
        }
    }

    /// The language of this user's Hyprland config: that of the config in force
    /// (``DoctorCommand/hyprlandConfigPath(_:)``).
    static func hyprlandDialect(environment: [String: String]) -> HyprlandDialect {
        HyprlandDialect(configInForce: DoctorCommand.hyprlandConfigPath(environment))
    }

    /// The executable `name` in a folder of `environment`'s `PATH`, or nil.
    static func findOnPath(_ name: String, environment: [String: String]) -> String? {
        for folder in (environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":") where folder.hasPrefix("/") {
            let path = folder + "/" + name
            if access(path, X_OK) == 0 { return path }
        }
        return nil
    }

    /// Exit statuses.
    static let success: Int32 = 0, fileExists: Int32 = 1

    static let declaration = CommandDeclaration(
        "init", summary: "write a commented starter config for this compositor", group: .setup,
        positionals: [PositionalDeclaration(placeholder: "SOURCE", value: .file(extensions: []),
                                            help: "the config to start from", isOptional: true, requires: "from")],
        options: [
            .value("output", "FILE", .file(extensions: ["yaml", "yml"]), short: "o",
                   help: "write the config to FILE (default: $XDG_CONFIG_HOME/gesto/config.yaml)"),
            .value("compositor", "NAME",
                   .choice(Choices(noun: "compositor", words: Compositor.allCases.map(\.rawValue), listedInUsage: true)),
                   help: "the compositor to write bindings for (default: this session's)"),
            .value("from", "FORMAT", .choice(ImportCommand.formats), help: """
                start from another tool's config (SOURCE, default: the tool's usual
                path), translated as `gestoctl import` does
                """),
        ],
        discussion: """
        Writes a commented starter config for this session's compositor to
        $XDG_CONFIG_HOME/gesto/config.yaml (or FILE). An existing file is never overwritten.
        --from FORMAT starts from another tool's config instead (libinput-gestures, fusuma,
        touchegg, sway, hyprland; SOURCE defaults to the tool's usual path), translated as
        `gestoctl import` does.
        """
    ) { parsed, context in
        write(parsed, output: context.output, errors: context.errors,
              environment: context.environment ?? currentEnvironment())
    }

    /// Runs the command; `arguments` come after `init`. Returns the exit status: 0 written,
    /// 1 the file exists or cannot be written, 2 bad arguments.
    public static func run(_ arguments: [String]) -> Int32 {
        declaration.execute(arguments, in: CommandContext(output: FileSink.standardOutput, errors: FileSink.standardError))
    }

    /// Writes the starter (or imported) config `options` ask for.
    static func write(_ options: CommandArguments, output: TextSink, errors: TextSink, environment: [String: String]) -> Int32 {
        func fail(_ message: String) -> Int32 {
            errors.write("gestoctl: \(message)\n")
            return fileExists
        }
        let compositor = options.values["compositor"].flatMap { Compositor(rawValue: $0.lowercased()) }
        let chosen = compositor ?? Compositor.detect(environment: environment)
        guard let path = options.values["output"] ?? defaultPath(environment: environment) else {
            return fail("neither XDG_CONFIG_HOME nor HOME is set; give --output FILE")
        }
        if let name = options.values["from"] {
            // Start from the user's old config instead of a starter.
            let from = ImportCommand.format(named: name)
            let workspaces = ImportCommand.workspaceTarget(environment: compositor.map { compositorEnvironment($0) } ?? environment)
            var importOptions = ImportOptions(workspaces: workspaces)
            importOptions.workspacesAssumed = chosen == .generic
            guard let (imported, config) = ImportCommand.load(from, file: options.positionals.first,
                                                              options: importOptions,
                                                              environment: environment, errors: errors) else {
                return fileExists
            }
            for warning in imported.warnings { errors.write(warning.description + "\n") }
            switch write(config, to: path) {
            case .success:
                errors.write(ImportCommand.summary(of: imported, writtenTo: path) + "\n")
                ImportCommand.writeNotes(on: imported, compositor: chosen, workspacesAssumed: importOptions.workspacesAssumed, errors: errors)
                ImportCommand.writeSwitchOverSteps(after: imported, environment: environment, errors: errors)
                return success
            case .failure(let message):
                return fail(message)
            }
        }
        switch write(starterConfig(for: chosen, facts: StarterFacts.probe(for: chosen, environment: environment)), to: path) {
        case .success:
            output.write("gestoctl: wrote a starter config for \(chosen.rawValue) to \(path)\n")
            return success
        case .failure(let message):
            return fail(message)
        }
    }

    /// `$XDG_CONFIG_HOME/gesto/config.yaml`, or `$HOME/.config/gesto/config.yaml`.
    public static func defaultPath(environment: [String: String]) -> String? {
        if let base = environment["XDG_CONFIG_HOME"], base.hasPrefix("/") { return base + "/gesto/config.yaml" }
        if let home = environment["HOME"], !home.isEmpty { return home + "/.config/gesto/config.yaml" }
        return nil
    }

    /// An environment in which ``Compositor/detect(environment:)`` finds `compositor`.
    static func compositorEnvironment(_ compositor: Compositor) -> [String: String] {
        ["XDG_CURRENT_DESKTOP": compositor.rawValue]
    }

    static func currentEnvironment() -> [String: String] {
        var result: [String: String] = [:]
        var entry = environ
        while let pointer = entry.pointee {
            let text = String(cString: pointer)
            if let equals = text.firstIndex(of: "=") {
                result[String(text[..<equals])] = String(text[text.index(after: equals)...])
            }
            entry += 1
        }
        return result
    }

    enum WriteResult { case success, failure(String) }

    /// Creates `path` (and its missing parent folders) with `O_EXCL`, so an existing file is
    /// never touched, even one created between a check and the write.
    static func write(_ text: String, to path: String) -> WriteResult {
        var parent = path.hasPrefix("/") ? "" : "."
        for component in path.split(separator: "/").dropLast() {
            parent += "/" + component
            if mkdir(parent, 0o755) != 0 && errno != EEXIST {
                return .failure("cannot create \(parent): \(String(cString: strerror(errno)))")
            }
        }
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        if fd < 0 {
            if errno == EEXIST {
                return .failure("\(path) already exists; gestoctl init never overwrites a config (move it away or give --output FILE)")
            }
            return .failure("cannot create \(path): \(String(cString: strerror(errno)))")
        }
        let file = FileDescriptor(rawValue: fd)
        defer { try? file.close() }
        do {
            try file.writeAll(Array(text.utf8))
        } catch {
            return .failure("cannot write \(path): \(error.reason)")
        }
        return .success
    }

    /// The starter config for `compositor`: comments explaining the format, thresholds at
    /// their defaults, and bindings that use the compositor's own mechanisms.
    public static func starterConfig(for compositor: Compositor, facts: StarterFacts = StarterFacts()) -> String {
        header(for: compositor) + settings + bindings(for: compositor, facts: facts) + touchscreens
    }

    /// The touchscreen part, commented out: gestod opens no touchscreen unless asked, and
    /// every touch also reaches the app under the finger, so only edge swipes and 3+ finger
    /// gestures are suggested. Removing the `# ` of each line below its heading enables it.
    static let touchscreens = """

        # Touchscreens (tablets, 2-in-1s): gesto recognizes tap:F, double-tap:F, touch-long-press:F,
        # touch-long-press-drag:F, touch-swipe:F:DIR, touch-pinch:F:in|out, touch-rotate:F:DIR and
        # edge-swipe:left|right|top|bottom[:F] from the raw touches. gestod never grabs the screen:
        # every touch also reaches the app under the finger, so bind edge swipes and gestures of
        # 3+ fingers, not taps or 1-2 finger swipes. To enable, remove the `# ` of these lines:
        #   - gesture: edge-swipe:bottom
        #     exec: notify-send 'edge swipe from the bottom'
        #   - gesture: touch-swipe:3:down
        #     exec: notify-send 'three fingers down'
        # input:
        #   touchscreens: true

        """

    private static func header(for compositor: Compositor) -> String {
        """
        # gesto config, written by `gestoctl init` for \(compositor.rawValue).
        # Reload with `gestoctl reload`; a config with errors is reported (FILE:LINE:COLUMN)
        # and the last good one stays in force.
        #
        # A binding is a gesture and one action:
        #   gesture: swipe:FINGERS:DIRECTION | pinch:FINGERS:in|out | rotate:FINGERS:clockwise|counterclockwise
        #            hold:FINGERS | long-press:FINGERS | long-press-drag:FINGERS
        #            (touchscreens: see the end of this file)
        #   mode:    on-end (default) | on-begin | on-threshold | continuous | repeat
        #   app:     only while this app_id is focused (globs: firefox*, org.gnome.*)
        # and one of these actions:
        #   exec:    a shell command (GESTO_* variables describe the gesture)
        #   keys:    a key combination typed on a virtual keyboard (super+shift+Right)
        #   window:  activate | close | minimize | maximize | fullscreen (the focused window)
        #   sway:    a sway command over sway's IPC socket (sway only)
        #   drag:    left | middle | right: the button is held while the fingers move and the pointer
        #            follows them (gesture: swipe:3); quick swipes of those fingers stay swipes
        #
        # What this starter chose, and why: only gestures of 3 or 4 fingers, because gestod
        # watches the touchpad without taking gestures away from applications, so a 2-finger
        # pinch or swipe bound here would also zoom or scroll the app under the pointer; and
        # no action that closes a window, kills, locks, suspends or logs out, so a gesture
        # made by accident costs nothing. Bind those yourself on a gesture you make on purpose.

        """
    }

    private static let settings = """
        settings:
          swipe:
            threshold: 100      # distance before a swipe counts
            velocity: 600       # or a flick this fast
          long-press:
            duration: 0.18      # seconds the fingers rest before a long press

        """

    private static func bindings(for compositor: Compositor, facts: StarterFacts) -> String {
        switch compositor {
        case .sway:
            return """
                # sway has no touchpad gestures of its own, but a `bindgesture` line in your sway
                # config for a gesture bound here runs too: remove it (`gestoctl doctor` lists them).
                bindings:
                  # A swipe switches workspace when the fingers lift, through sway's IPC (no swaymsg
                  # process).
                  - gesture: swipe:3:left
                    sway: workspace next_on_output
                  - gesture: swipe:3:right
                    sway: workspace prev_on_output
                  - gesture: swipe:3:up
                    window: fullscreen
                  # The scratchpad keeps a window out of the way without closing it.
                  - gesture: swipe:4:down
                    sway: move scratchpad
                  - gesture: swipe:4:up
                    sway: scratchpad show
                  - gesture: pinch:3:out
                    sway: layout toggle split
                  # In the terminal, a three-finger swipe down opens a new tab-like split.
                  - gesture: swipe:3:down
                    app: foot
                    sway: split vertical; exec foot

                """
        case .hyprland:
            let hyprland = facts.hyprland
            let language = switch hyprland {
            case .lua: """
                # Hyprland's own workspace swipe follows the fingers; the hyprland.lua Hyprland 0.57
                # writes at its first start turns it on:
                #   \(hyprland.workspaceSwipeLine)
                # Keep it for workspaces: these bindings leave 3-finger horizontal swipes to it; bind
                # those here only after removing that line, or each swipe acts twice.
                # Written for the Lua config (hyprland.lua, Hyprland 0.55 and later), where `hyprctl
                # dispatch` takes a Lua expression; with only a hyprland.conf, `gestoctl init` writes
                # hyprlang's dispatchers instead.
                """
            case .hyprlang: """
                # Hyprland's own workspace swipe follows the fingers (`\(hyprland.workspaceSwipeLine)`
                # from 0.51, `gestures:workspace_swipe` before): keep it for workspaces. These bindings
                # leave 3-finger horizontal swipes to it; bind those here only after turning it off,
                # or each swipe acts twice.
                # Written for hyprland.conf (hyprlang), as there is no hyprland.lua: Hyprland 0.55 and
                # later read hyprland.lua first, where `hyprctl dispatch` takes a Lua expression, so
                # run `gestoctl init` again after moving to it.
                """
            }
            func dispatch(_ hyprlang: String, _ lua: String) -> String { hyprland.dispatchCommand(hyprlang: hyprlang, lua: lua) }
            return language + """

                bindings:
                  - gesture: swipe:4:left
                    exec: \(dispatch("movetoworkspace e+1", "hl.dsp.window.move({ workspace = \"e+1\" })"))
                  - gesture: swipe:4:right
                    exec: \(dispatch("movetoworkspace e-1", "hl.dsp.window.move({ workspace = \"e-1\" })"))
                  - gesture: swipe:3:up
                    window: fullscreen
                  - gesture: swipe:4:down
                    exec: \(dispatch("togglespecialworkspace", "hl.dsp.workspace.toggle_special()"))
                  - gesture: pinch:3:in
                    exec: \(dispatch("togglefloating", "hl.dsp.window.float({ action = \"toggle\" })"))

                """
        case .niri:
            return """
                # niri itself scrolls columns and switches workspaces with 3-finger swipes, and
                # opens the overview with a 4-finger swipe up; it cannot turn them off, so these
                # bindings use other gestures (binding those here would act twice).
                bindings:
                  - gesture: swipe:4:left
                    exec: niri msg action move-column-right
                  - gesture: swipe:4:right
                    exec: niri msg action move-column-left
                  - gesture: pinch:3:out
                    window: fullscreen
                  - gesture: pinch:3:in
                    exec: niri msg action maximize-column
                  - gesture: swipe:4:down
                    exec: niri msg action toggle-window-floating

                """
        case .labwc:
            return """
                # labwc has no touchpad gestures of its own.
                bindings:
                  # labwc's default key bindings; change the keys if your rc.xml differs.
                  - gesture: swipe:3:up
                    window: maximize
                  - gesture: swipe:3:down
                    window: minimize
                  - gesture: swipe:3:left
                    keys: alt+Tab

                """
        case .river:
            return """
                # river has no touchpad gestures of its own.
                bindings:
                  # river's tags: adjust the numbers to your layout.
                  - gesture: swipe:3:left
                    exec: riverctl focus-view next
                  - gesture: swipe:3:right
                    exec: riverctl focus-view previous
                  - gesture: swipe:3:up
                    window: fullscreen
                  - gesture: swipe:3:down
                    exec: riverctl zoom

                """
        case .kde:
            return """
                # Plasma switches desktops and opens the overview with 4-finger swipes (System
                # Settings → Touchpad turns them off); these bindings use 3 fingers. KWin offers
                # neither the window list nor the virtual keyboard gesto uses, so window: and
                # keys: do nothing here: these run KWin's own shortcuts through \(facts.qdbus) (Plasma 6
                # installs qdbus6, Plasma 5 qdbus: `gestoctl init` wrote the one it found on PATH).
                bindings:
                  - gesture: swipe:3:left
                    exec: \(facts.qdbus) org.kde.kglobalaccel /component/kwin invokeShortcut "Switch One Desktop to the Right"
                  - gesture: swipe:3:right
                    exec: \(facts.qdbus) org.kde.kglobalaccel /component/kwin invokeShortcut "Switch One Desktop to the Left"
                  - gesture: swipe:3:up
                    exec: \(facts.qdbus) org.kde.kglobalaccel /component/kwin invokeShortcut "Window Maximize"
                  - gesture: swipe:3:down
                    exec: \(facts.qdbus) org.kde.kglobalaccel /component/kwin invokeShortcut "Window Minimize"

                """
        case .gnome:
            return """
                # GNOME switches workspaces and opens the overview with 3-finger swipes and has no
                # switch for them: these bindings use 4 fingers. GNOME offers neither the window
                # list nor the virtual keyboard gesto uses, so only exec: actions work here.
                bindings:
                  - gesture: swipe:4:down
                    exec: nautilus --new-window
                  - gesture: swipe:4:up
                    exec: gnome-terminal
                  - gesture: swipe:4:left
                    exec: playerctl next
                  - gesture: swipe:4:right
                    exec: playerctl previous

                """
        case .generic:
            return genericBindings(missing: facts.missing)
        }
    }

    /// The generic starter's bindings, each kept only where the compositor offers what it
    /// needs (``WaylandSession/Global/requirements(of:)``, the table `gestoctl status` and
    /// `doctor` judge bindings by).
    static let genericCandidates = [
        "  - gesture: swipe:3:left\n    keys: super+Right\n",
        "  - gesture: swipe:3:right\n    keys: super+Left\n",
    ]

    /// Window bindings the generic starter only suggests, commented out, where the compositor
    /// offers wlr-foreign-toplevel: whether it honours a maximize or minimize request is its own
    /// choice, which no protocol tells (sway has neither state, and cage keeps its one window
    /// maximized: both take the request and do nothing).
    static let genericSuggestions = [
        "  - gesture: swipe:3:up\n    window: maximize\n",
        "  - gesture: swipe:3:down\n    window: minimize\n",
    ]

    /// ``genericSuggestions``, commented out under a line that says why.
    static let genericSuggestionsText = """
          # Whether a compositor carries out a window's maximize and minimize requests, no protocol
          # tells (sway and cage take them and do nothing): uncomment these to try yours.

        """ + genericSuggestions.joined().split(separator: "\n").map { "  # " + $0.dropFirst(2) + "\n" }.joined()

    /// Whether the binding `yaml` (one list item) can run where the `missing` globals are.
    static func canRun(_ yaml: String, missing: Set<WaylandSession.Global>) -> Bool {
        guard let binding = (try? Config.parse("bindings:\n" + yaml, file: "starter"))?.bindings.first else { return false }
        return WaylandSession.Global.requirements(of: binding).allSatisfy { !missing.contains($0.global) }
    }

    /// The generic starter's binding part: what the compositor can carry out of
    /// ``genericCandidates`` (all of them, said unchecked, when no compositor was reached), and
    /// ``genericSuggestions`` where it offers what they need.
    static func genericBindings(missing: Set<WaylandSession.Global>?) -> String {
        guard let missing else {
            return """
                # No compositor was reached when this was written, so nothing was checked: window:
                # needs wlr-foreign-toplevel, keys: the virtual keyboard protocol (`gestoctl doctor`
                # says which yours offers).
                bindings:
                  # Adjust the keys to your compositor's key bindings.

                """ + genericCandidates.joined() + genericSuggestionsText
        }
        let kept = genericCandidates.filter { canRun($0, missing: missing) }
        let suggestions = genericSuggestions.allSatisfy { canRun($0, missing: missing) } ? genericSuggestionsText : ""
        let lacking = WaylandSession.Global.allCases.filter { missing.contains($0) }
        var said = lacking.isEmpty ? "# The compositor offers every protocol gesto uses.\n"
            : "# This compositor lacks what some actions need, so this starter binds none of those:\n"
                + lacking.map { "#   \($0.rawValue): \($0.consequence)\n" }.joined()
        guard !kept.isEmpty else {
            said += suggestions.isEmpty ? """
                # None of gesto's own actions can run here: bind exec: commands (the compositor's own
                # command-line tool, if it has one), for example:
                #   - gesture: swipe:3:left
                #     exec: notify-send 'three fingers left'
                bindings: []

                """ : """
                # Bind exec: commands (the compositor's own command-line tool, if it has one), or try
                # the window: bindings below.
                bindings: []

                """
            return said + suggestions
        }
        return said + """
            bindings:
              # Adjust the keys to your compositor's key bindings.

            """ + kept.joined() + suggestions
    }
}
