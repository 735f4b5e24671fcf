// `gestoctl enable` and `gestoctl disable`: the one command that makes gestod start at login,
// and the only thing that does (the package starts nothing by itself). Where the session has a
// systemd user manager they enable the user unit, which is wanted by default.target, the target
// every user manager reaches at login: Debian 12's sway reaches no graphical-session.target and
// runs no XDG autostart, so a unit that waits for either never starts there. Without one,
// enable starts gestod itself and writes a per-user XDG autostart entry where the session runs
// them (GNOME, KDE, labwc); elsewhere it prints the running compositor's own config line, since
// gestoctl edits no compositor's config, and says by its exit status that login is not covered
// yet; disable removes the entry and stops that gestod. gestod started before the compositor
// finds its socket when it appears (WaylandSocketWatcher), so starting at login is early enough
// for every compositor.
// With --input-proxy they turn the opt-in input proxy gesto-inputd on and off instead: a system
// unit, so root's business; a user is told the sudo command rather than meeting polkit or a
// bare systemctl error.
import GestoCommandLine
import GestoSystem
import Glibc

/// `gestoctl enable [--no-start] [--input-proxy]` and `gestoctl disable [--no-stop]
/// [--input-proxy]`. Exit status: 0 done, 1 systemctl failed or is missing, gestod will not
/// start at login until the line printed is in the compositor's config, gestod could not be
/// started now, or --input-proxy without root (the message says what to do instead), 2 bad
/// usage.
public enum EnableCommand {
    /// The user unit the package installs.
    public static let unit = "gestod.service"
    /// The input proxy's system unit the package installs (not enabled).
    public static let inputProxyUnit = "gesto-inputd.service"

    /// What a user is told the input proxy costs, before turning it on.
    static let inputProxyTrade = "a root system service with access to every touchpad and to /dev/uinput"

    static let inputProxyOption = OptionDeclaration.flag(
        "input-proxy", help: "the input proxy gesto-inputd instead (a root system service; needs root)")

    static let enableDeclaration = CommandDeclaration(
        "enable", summary: "start gestod at every login (the systemd user unit)", group: .setup,
        options: [.flag("no-start", help: "enable it without starting it now"), inputProxyOption],
        discussion: """
        Makes gestod start at every login, in any Wayland session: enables the systemd user unit
        gestod.service (systemctl --user enable --now gestod.service), which login reaches on
        Debian 12's sway too. gestod connects to the compositor when it starts, so the unit may
        start before it. Without a systemd user manager it starts gestod now (its output in
        $XDG_RUNTIME_DIR/gestod.log) and, where the session runs XDG autostart (GNOME, KDE,
        labwc, or a compositor it does not know), writes a per-user entry
        ($XDG_CONFIG_HOME/autostart/gestod.desktop); on sway, Hyprland, niri, river and Wayfire,
        which run none, it prints the line to add to the compositor's config instead and exits
        with status 1 until that line is there.
        With --input-proxy, as root, it enables and starts the input proxy instead (systemctl
        enable --now gesto-inputd.service): the compositor then reads the touchpads through
        gesto-inputd, which withholds the finger counts gestod owns (gesto-inputd(8)).
        """
    ) { parsed, context in
        perform(parsed, enabling: true, output: context.output, errors: context.errors, systemctl: ["systemctl"],
                environment: context.environment ?? InitCommand.currentEnvironment(), isRoot: geteuid() == 0)
    }

    static let disableDeclaration = CommandDeclaration(
        "disable", summary: "stop starting gestod at every login", group: .setup,
        options: [.flag("no-stop", help: "disable it without stopping it now"), inputProxyOption],
        discussion: """
        Undoes gestoctl enable: disables gestod.service (and stops it, unless --no-stop), and removes
        the autostart entry gestoctl enable wrote (an entry written by hand is left alone);
        without a systemd user manager it stops the gestod that answers on its socket (unless
        --no-stop).
        With --input-proxy, as root, it disables and stops the input proxy (systemctl disable
        --now gesto-inputd.service): the compositor reads the touchpads directly again.
        """
    ) { parsed, context in
        perform(parsed, enabling: false, output: context.output, errors: context.errors, systemctl: ["systemctl"],
                environment: context.environment ?? InitCommand.currentEnvironment(), isRoot: geteuid() == 0)
    }

    /// The line that marks an autostart entry as written by `gestoctl enable`, so `disable`
    /// removes that one and never a user's own.
    static let autostartMarker = "X-Gesto-Written-By=gestoctl enable"

    /// The per-user XDG autostart entry `enable` writes where there is no systemd user manager.
    static func autostartEntry(gestod: String) -> String {
        """
        [Desktop Entry]
        # Written by `gestoctl enable` (this session has no systemd user manager): sessions that
        # run XDG autostart (GNOME, KDE, labwc) start gestod at login. `gestoctl disable` removes it.
        Type=Application
        Name=gesto gesture daemon
        Comment=Touchpad gestures for Wayland sessions
        Exec=\(gestod)
        Terminal=false
        NoDisplay=true
        \(autostartMarker)

        """
    }

    /// Where the per-user autostart entry goes: `$XDG_CONFIG_HOME/autostart/gestod.desktop`
    /// (`~/.config/...` when unset); nil with neither that nor HOME.
    static func autostartPath(environment: [String: String]) -> String? {
        if let base = environment["XDG_CONFIG_HOME"], base.hasPrefix("/") { return base + "/autostart/gestod.desktop" }
        if let home = environment["HOME"], !home.isEmpty { return home + "/.config/autostart/gestod.desktop" }
        return nil
    }

    /// Whether the session has a systemd user manager: its private socket in XDG_RUNTIME_DIR,
    /// which `systemctl --user` talks to.
    static func hasUserManager(environment: [String: String]) -> Bool {
        guard let runtime = environment["XDG_RUNTIME_DIR"], !runtime.isEmpty else { return false }
        return access(runtime + "/systemd/private", F_OK) == 0
    }

    /// gestod beside this gestoctl (the package's multi-call binary is gestod itself; a
    /// source build puts both in one folder), else `gestod` on PATH.
    static var gestodPath: String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard count > 0 else { return "gestod" }
        let executable = String(decoding: buffer.prefix(count).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        guard let slash = executable.lastIndex(of: "/") else { return "gestod" }
        let candidate = String(executable[..<slash]) + "/gestod"
        return access(candidate, X_OK) == 0 ? candidate : "gestod"
    }

    /// How a compositor starts gestod with its session from its own config: the line, and
    /// that config.
    struct LoginLine: Equatable {
        /// The compositor's key, as ``DoctorCommand/compositorName(_:)`` names it.
        var compositor: String
        /// Its name as users write it.
        var name: String
        var line: String
        var file: String
    }

    /// The login line of each compositor gesto knows (labwc runs XDG autostart too). Hyprland's is in the
    /// language of the user's config (``InitCommand/hyprlandDialect(environment:)``).
    static func loginLines(environment: [String: String]) -> [LoginLine] {
        let hyprland = InitCommand.hyprlandDialect(environment: environment)
        return [
            LoginLine(compositor: "sway", name: "sway", line: "exec gestod", file: "~/.config/sway/config"),
            LoginLine(compositor: "hyprland", name: "Hyprland", line: hyprland.autostartLine("gestod"),
                      file: "~/.config/hypr/" + hyprland.configFileName),
            LoginLine(compositor: "niri", name: "niri", line: "spawn-at-startup \"gestod\"", file: "~/.config/niri/config.kdl"),
            LoginLine(compositor: "labwc", name: "labwc", line: "gestod &", file: "~/.config/labwc/autostart"),
            LoginLine(compositor: "river", name: "river", line: "riverctl spawn gestod", file: "~/.config/river/init"),
            LoginLine(compositor: "wayfire", name: "Wayfire", line: "[autostart] gesto = gestod", file: "~/.config/wayfire.ini"),
        ]
    }

    /// The sessions that run per-user XDG autostart entries, where `enable` writes one.
    static let runXDGAutostart: Set<String> = ["gnome", "kde", "labwc"]

    /// What to put in the compositor's config to start gestod with the session where there is
    /// no systemd user manager: the running compositor's line alone when it is known, else every
    /// compositor's.
    static func withoutSystemd(environment: [String: String]) -> String {
        let compositor = DoctorCommand.compositorName(environment)
        let lines = loginLines(environment: environment)
        if let own = lines.first(where: { $0.compositor == compositor }) {
            return "to start gestod with every \(own.name) session, add this line to \(own.file):\n  \(own.line)"
        }
        let width = (lines.map(\.name.count).max() ?? 0) + 2
        let table = lines.map { entry in
            let label = entry.name + ":" + String(repeating: " ", count: width - entry.name.count)
            return "  \(label)\(entry.line)    (\(entry.file))"
        }
        return (["without a systemd user manager (or without the packaged gestod.service), start gestod from",
                 "the compositor's config instead:"] + table).joined(separator: "\n")
    }

    /// Runs `gestoctl enable` (`enabling` true) or `gestoctl disable`.
    /// - Parameter systemctl: the program run and its first arguments (tests give a stand-in);
    ///   the program is found on `PATH`.
    /// - Parameter environment: XDG_RUNTIME_DIR, XDG_CONFIG_HOME and HOME (nil: this process's).
    /// - Parameter isRoot: whether this runs as root (nil: the effective user ID says).
    /// - Parameter gestod: the program `enable` starts now where there is no user manager, and
    ///   its first arguments (nil: ``gestodPath``).
    public static func run(_ arguments: [String], enabling: Bool, output: TextSink, errors: TextSink,
                           systemctl: [String] = ["systemctl"], environment: [String: String]? = nil,
                           isRoot: Bool? = nil, gestod: [String]? = nil) -> Int32 {
        let declaration = enabling ? enableDeclaration : disableDeclaration
        switch declaration.checkedArguments(arguments, in: CommandContext(output: output, errors: errors)) {
        case .success(let options):
            return perform(options, enabling: enabling, output: output, errors: errors, systemctl: systemctl,
                           environment: environment ?? InitCommand.currentEnvironment(), isRoot: isRoot ?? (geteuid() == 0),
                           gestod: gestod ?? [gestodPath])
        case .failure(let status): return status.code
        }
    }

    /// Enables or disables what the session starts gestod with, as `options` say: the user
    /// unit where there is a user manager, else the per-user autostart entry; `disable` also
    /// removes an entry an earlier `enable` wrote.
    static func perform(_ options: CommandArguments, enabling: Bool, output: TextSink, errors: TextSink,
                        systemctl: [String], environment: [String: String], isRoot: Bool, gestod: [String] = [gestodPath]) -> Int32 {
        if options.flags.contains(inputProxyOption.name) {
            return switchInputProxy(options, enabling: enabling, output: output, errors: errors, systemctl: systemctl, isRoot: isRoot)
        }
        let hasUserManager = hasUserManager(environment: environment)
        if enabling && !hasUserManager {
            return enableWithoutUserManager(options, output: output, errors: errors, environment: environment, gestod: gestod)
        }
        if !enabling {
            let removed = removeAutostartEntry(output: output, errors: errors, environment: environment)
            guard hasUserManager else {
                let stopped = !options.flags.contains("no-stop") && stopStartedDaemon(output: output, environment: environment)
                if removed == .failed { return 1 }
                if removed == .none && !stopped { output.write("nothing to disable: no systemd user manager here, and no autostart entry of gestoctl enable\n") }
                return 0
            }
            if removed == .failed { return 1 }
        }
        return runSystemctl(options, enabling: enabling, output: output, errors: errors, systemctl: systemctl, environment: environment)
    }

    /// Enables (and starts) or disables (and stops) the input proxy's system unit, as root;
    /// without root, says the sudo command to run and runs nothing.
    static func switchInputProxy(_ options: CommandArguments, enabling: Bool, output: TextSink, errors: TextSink,
                                 systemctl: [String], isRoot: Bool) -> Int32 {
        let command = enabling ? "enable" : "disable"
        let now = !options.flags.contains(enabling ? "no-start" : "no-stop")
        guard isRoot else {
            let flags = (now ? [] : [enabling ? "--no-start" : "--no-stop"]) + ["--input-proxy"]
            errors.write("gestoctl \(command) --input-proxy: \(inputProxyUnit) is a system service, so this needs root: run\n"
                         + "  sudo gestoctl \(command) \(flags.joined(separator: " "))\n")
            if enabling { errors.write("(it runs gesto-inputd, \(inputProxyTrade); gesto-inputd(8) says more)\n") }
            return 1
        }
        let arguments = [command] + (now ? ["--now"] : []) + [inputProxyUnit]
        guard systemctlSucceeded(systemctl, arguments, command: "\(command) --input-proxy", errors: errors) else {
            if enabling { errors.write("is the gesto package installed? it ships /usr/lib/systemd/system/\(inputProxyUnit)\n") }
            return 1
        }
        if enabling {
            output.write((now ? "\(inputProxyUnit) enabled and started: " : "\(inputProxyUnit) enabled: from the next boot, ")
                         + "the compositor reads the touchpads through gesto-inputd, which withholds the finger counts gestod owns\n"
                         + "it is \(inputProxyTrade); `sudo gestoctl disable --input-proxy` turns it off\n")
        } else {
            output.write(now ? "\(inputProxyUnit) disabled and stopped: the compositor reads the touchpads directly again\n"
                             : "\(inputProxyUnit) disabled: it no longer starts at boot (it still runs until stopped)\n")
        }
        return 0
    }

    /// Runs `systemctl` with `arguments`; whether it succeeded (when not, it said why under
    /// `gestoctl COMMAND`).
    static func systemctlSucceeded(_ systemctl: [String], _ arguments: [String], command: String,
                                   errors: TextSink) -> Bool {
        let shown = (["systemctl"] + arguments).joined(separator: " ")
        switch runProgram(systemctl + arguments) {
        case .success(0): return true
        case .success(let status):
            let why = status == 127 ? "systemctl was not found" : "`\(shown)` failed (exit status \(status))"
            errors.write("gestoctl \(command): \(why)\n")
        case .failure(let error):
            errors.write("gestoctl \(command): cannot run systemctl: \(error)\n")
        }
        return false
    }

    /// What became of the autostart entry `disable` looked for.
    enum Removal { case none, removed, failed }

    /// `enable` without a systemd user manager: makes gestod start at login the way this
    /// session can, and starts it now (unless --no-start). A compositor that runs no XDG
    /// autostart (sway, Hyprland, niri, river, Wayfire) gets no entry it would never run: the
    /// line for its own config is printed, for the user to add (gestoctl edits no compositor
    /// config). Exit status 0 only when gestod will start at login and runs now; 1 when the
    /// login start still needs that line, or gestod could not be started.
    static func enableWithoutUserManager(_ options: CommandArguments, output: TextSink, errors: TextSink,
                                         environment: [String: String], gestod: [String]) -> Int32 {
        let compositor = DoctorCommand.compositorName(environment)
        let atLogin: Bool
        if let compositor, !runXDGAutostart.contains(compositor),
           let own = loginLines(environment: environment).first(where: { $0.compositor == compositor }) {
            if let found = existingLoginLine(own, environment: environment) {
                output.write("\(own.name) starts gestod at login: \(found)\n")
                atLogin = true
            } else {
                output.write("\(own.name) runs no XDG autostart, and this session has no systemd user manager: "
                             + "gestod does not start at login until you add this line to \(own.file):\n  \(own.line)\n")
                atLogin = false
            }
        } else {
            atLogin = writeAutostartEntry(output: output, errors: errors, environment: environment,
                                          listsCompositorLines: compositor == nil) == 0
        }
        let runs = options.flags.contains("no-start") || startNow(gestod, output: output, errors: errors, environment: environment)
        return atLogin && runs ? 0 : 1
    }

    /// The line of `login`'s compositor config that already starts gestod (`FILE:LINE: TEXT`),
    /// where gesto can tell: sway's `exec` and hyprlang's `exec-once` lines.
    static func existingLoginLine(_ login: LoginLine, environment: [String: String]) -> String? {
        guard login.compositor == "sway" || login.file.hasSuffix(".conf"),
              let path = ImportCommand.expand(login.file, environment: environment),
              case .success(let text) = ConfigFile.readText(path: path) else { return nil }
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
        where SwitchOver.startsProgram(String(line), "gestod") {
            return "\(path):\(index + 1): \(String(line).trimmingSpacesAndNewlines)"
        }
        return nil
    }

    /// How long a gestod started by `enable` may take to answer on its socket.
    static let startSeconds = 10.0

    /// Starts `gestod` now, in a session of its own (it outlives this command and the
    /// terminal), its output appended to `$XDG_RUNTIME_DIR/gestod.log`, unless a gestod
    /// answers on the socket already; waits until the new one answers. Returns whether gestod
    /// runs.
    static func startNow(_ gestod: [String], output: TextSink, errors: TextSink, environment: [String: String]) -> Bool {
        guard let runtime = environment["XDG_RUNTIME_DIR"], runtime.hasPrefix("/"),
              let socket = UnixSocket.path(explicit: nil, environment: environment) else {
            errors.write("gestoctl enable: XDG_RUNTIME_DIR is not set, so gestod cannot run now (its socket lives there); "
                         + "it starts with your next session\n")
            return false
        }
        if let status = DoctorCommand.daemonStatus(at: socket) {
            output.write("gestod already runs (pid \(status.pid))\n")
            return true
        }
        let log = runtime + "/gestod.log"
        let pid: pid_t
        do { pid = try ProcessSpawner.spawnDetached(gestod, environment: environment, log: log) } catch {
            errors.write("gestoctl enable: cannot start \(gestod[0]): \(error)\n")
            return false
        }
        let deadline = MonotonicClock.now().advanced(bySeconds: startSeconds)
        while MonotonicClock.now() < deadline {
            if DoctorCommand.daemonStatus(at: socket) != nil {
                output.write("started gestod now (pid \(pid), its log: \(log))\n")
                return true
            }
            var status: CInt = 0
            if waitpid(pid, &status, WNOHANG) == pid {
                errors.write("gestoctl enable: gestod exited at once; its log (\(log)) says why\n")
                return false
            }
            usleep(20_000)
        }
        errors.write("gestoctl enable: gestod (pid \(pid)) did not answer on \(socket) within \(Int(startSeconds)) s; its log: \(log)\n")
        return false
    }

    /// `disable` without a user manager: stops the gestod answering on this session's socket
    /// (the one `enable` started, or one started by hand), as the unit's stop would.
    /// Returns whether it stopped one.
    static func stopStartedDaemon(output: TextSink, environment: [String: String]) -> Bool {
        guard let socket = UnixSocket.path(explicit: nil, environment: environment),
              let status = DoctorCommand.daemonStatus(at: socket), let pid = pid_t(exactly: status.pid), pid > 0,
              kill(pid, SIGTERM) == 0 else { return false }
        output.write("stopped gestod (pid \(pid))\n")
        return true
    }

    /// Writes the per-user autostart entry (`enable` without a user manager, in a session that
    /// runs XDG autostart or an unknown one); with `listsCompositorLines`, also what a
    /// compositor that runs none needs instead.
    static func writeAutostartEntry(output: TextSink, errors: TextSink, environment: [String: String],
                                    listsCompositorLines: Bool = true) -> Int32 {
        let withoutSystemd = withoutSystemd(environment: environment)
        guard let path = autostartPath(environment: environment) else {
            errors.write("gestoctl enable: no systemd user manager, and neither XDG_CONFIG_HOME nor HOME is set: "
                         + "nowhere to write an autostart entry\n" + withoutSystemd + "\n")
            return 1
        }
        if case .success(let existing) = ConfigFile.readText(path: path) {
            output.write(existing.split(separator: "\n").contains { $0 == autostartMarker }
                         ? "already enabled: \(path) starts gestod at login in sessions that run XDG autostart\n"
                         : "\(path) exists and was not written by gestoctl enable: left as it is\n")
            return 0
        }
        // Made with O_EXCL (and its folders as needed): nothing of the user's is overwritten.
        if case .failure(let message) = InitCommand.write(autostartEntry(gestod: gestodPath), to: path) {
            errors.write("gestoctl enable: \(message)\n" + withoutSystemd + "\n")
            return 1
        }
        output.write("no systemd user manager in this session: wrote \(path), which starts gestod at login in sessions "
                     + "that run XDG autostart (GNOME, KDE, labwc); `gestoctl disable` removes it\n")
        if listsCompositorLines {
            output.write("a compositor that runs no XDG autostart needs a line in its own config instead:\n"
                         + withoutSystemd.split(separator: "\n").dropFirst(2).joined(separator: "\n") + "\n")
        }
        return 0
    }

    /// Removes the autostart entry if `enable` wrote it (`disable`); a user's own is left.
    static func removeAutostartEntry(output: TextSink, errors: TextSink, environment: [String: String]) -> Removal {
        guard let path = autostartPath(environment: environment),
              case .success(let text) = ConfigFile.readText(path: path) else { return .none }
        guard text.split(separator: "\n").contains(where: { $0 == autostartMarker }) else {
            output.write("\(path) was not written by gestoctl enable: left alone (remove it yourself if it starts gestod)\n")
            return .none
        }
        guard unlink(path) == 0 else {
            errors.write("gestoctl disable: cannot remove \(path): \(String(cString: strerror(errno)))\n")
            return .failed
        }
        output.write("removed \(path): sessions that run XDG autostart no longer start gestod\n")
        return .removed
    }

    /// Runs systemctl to enable or disable the unit, as `options` say.
    static func runSystemctl(_ options: CommandArguments, enabling: Bool, output: TextSink, errors: TextSink,
                             systemctl: [String], environment: [String: String]) -> Int32 {
        let command = enabling ? "enable" : "disable"
        let skip = enabling ? "no-start" : "no-stop"
        var systemctlArguments = ["--user", command]
        if !options.flags.contains(skip) { systemctlArguments.append("--now") }
        systemctlArguments.append(unit)
        guard systemctlSucceeded(systemctl, systemctlArguments, command: command, errors: errors) else {
            if enabling { errors.write(withoutSystemd(environment: environment) + "\n") }
            return 1
        }
        if enabling {
            output.write(options.flags.contains(skip)
                         ? "gestod.service enabled: gestod starts at your next login and connects to the compositor when it starts\n"
                         : "gestod.service enabled and started: gestod runs now and at every login, and connects to the compositor when it starts\n")
        } else {
            output.write(options.flags.contains(skip) ? "gestod.service disabled: gestod no longer starts at login\n"
                                                      : "gestod.service disabled and stopped\n")
        }
        return 0
    }

    /// Runs `command` (its program searched on `PATH`), its output going to ours; returns its
    /// exit status (127 when the program is missing).
    static func runProgram(_ command: [String]) -> Result<Int32, SystemError> {
        let argv = CStringArray(command)
        defer { argv.deallocate() }
        var pid: pid_t = 0
        let spawned = posix_spawnp(&pid, command[0], nil, nil, argv.pointers, environ)
        if spawned == ENOENT { return .success(127) }
        guard spawned == 0 else { return .failure(SystemError(code: spawned, call: "posix_spawnp")) }
        var status: CInt = 0
        do { _ = try retryingInterrupts("waitpid") { waitpid(pid, &status, 0) } } catch { return .failure(error) }
        // WIFEXITED / WEXITSTATUS, which Swift does not import.
        return .success(status & 0x7f == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f))
    }
}
