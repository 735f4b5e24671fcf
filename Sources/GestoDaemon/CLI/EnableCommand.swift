// `gestoctl enable` and `gestoctl disable`: the one command that makes gestod start at login.
// They enable the systemd user unit, which is wanted by default.target, the target every
// user manager reaches at login: Debian 12's sway reaches no graphical-session.target and runs
// no XDG autostart, so a unit that waits for either never starts there. gestod started before
// the compositor finds its socket when it appears (WaylandSocketWatcher), so starting at login
// is early enough for every compositor.
import GestoSystem
import Glibc

/// `gestoctl enable [--no-start]` and `gestoctl disable [--no-stop]`. Exit status: 0 done,
/// 1 systemctl failed or is missing (the message says what to do instead), 2 bad usage.
public enum EnableCommand {
    /// The user unit the package installs.
    public static let unit = "gestod.service"

    static let enableDeclaration = CommandDeclaration(
        "enable", summary: "start gestod at every login (the systemd user unit)", group: .daemon,
        options: [.flag("no-start", help: "enable it without starting it now")],
        discussion: """
        Makes gestod start at every login, in any Wayland session: enables the systemd user unit
        gestod.service (systemctl --user enable --now gestod.service), which login reaches on
        Debian 12's sway too. gestod connects to the compositor when it starts, so the unit may
        start before it.
        """
    ) { parsed, context in
        perform(parsed, enabling: true, output: context.output, errors: context.errors, systemctl: ["systemctl"])
    }

    static let disableDeclaration = CommandDeclaration(
        "disable", summary: "stop starting gestod at every login", group: .daemon,
        options: [.flag("no-stop", help: "disable it without stopping it now")],
        discussion: "Undoes gestoctl enable: disables gestod.service (and stops it, unless --no-stop)."
    ) { parsed, context in
        perform(parsed, enabling: false, output: context.output, errors: context.errors, systemctl: ["systemctl"])
    }

    /// How to start gestod with the session where there is no systemd user manager.
    public static let withoutSystemd = """
    without a systemd user manager (or without the packaged gestod.service), start gestod from
    the compositor's config instead:
      sway:      exec gestod                        (~/.config/sway/config)
      Hyprland:  exec-once = gestod                 (~/.config/hypr/hyprland.conf)
      niri:      spawn-at-startup "gestod"          (~/.config/niri/config.kdl)
      labwc:     gestod &                           (~/.config/labwc/autostart)
      river:     riverctl spawn gestod              (~/.config/river/init)
      Wayfire:   [autostart] gesto = gestod         (~/.config/wayfire.ini)
    """

    /// Runs `gestoctl enable` (`enabling` true) or `gestoctl disable`.
    /// - Parameter systemctl: the program run and its first arguments (tests give a stand-in);
    ///   the program is found on `PATH`.
    public static func run(_ arguments: [String], enabling: Bool, output: TextSink, errors: TextSink,
                           systemctl: [String] = ["systemctl"]) -> Int32 {
        let declaration = enabling ? enableDeclaration : disableDeclaration
        switch declaration.checkedArguments(arguments, in: CommandContext(output: output, errors: errors)) {
        case .success(let options): return perform(options, enabling: enabling, output: output, errors: errors, systemctl: systemctl)
        case .failure(let status): return status.code
        }
    }

    /// Runs systemctl to enable or disable the unit, as `options` say.
    static func perform(_ options: CommandArguments, enabling: Bool, output: TextSink, errors: TextSink,
                        systemctl: [String]) -> Int32 {
        let command = enabling ? "enable" : "disable"
        let skip = enabling ? "no-start" : "no-stop"
        var systemctlArguments = ["--user", command]
        if !options.flags.contains(skip) { systemctlArguments.append("--now") }
        systemctlArguments.append(unit)
        let shown = (["systemctl"] + systemctlArguments).joined(separator: " ")
        let status: Int32
        switch runProgram(systemctl + systemctlArguments) {
        case .success(let code): status = code
        case .failure(let error):
            errors.write("gestoctl \(command): cannot run systemctl: \(error)\n")
            if enabling { errors.write(withoutSystemd + "\n") }
            return 1
        }
        guard status == 0 else {
            let why = status == 127 ? "systemctl was not found" : "`\(shown)` failed (exit status \(status))"
            errors.write("gestoctl \(command): \(why)\n")
            if enabling { errors.write(withoutSystemd + "\n") }
            return 1
        }
        if enabling {
            output.write(options.flags.contains(skip)
                         ? "gestod.service enabled: gestod starts at your next login and connects to the compositor when it starts\n"
                         : "gestod.service enabled and started: gestod runs now and at every login, and connects to the compositor when it starts\n")
            output.write("if your session also runs XDG autostart, the second gestod it starts sees this one and exits\n")
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
