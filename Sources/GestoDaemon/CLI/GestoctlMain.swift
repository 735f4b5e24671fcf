// gestoctl's command line: the usage and the dispatch to each command of this folder, where
// tests call them directly. The gestoctl executable and the installed multi-call gestod
// (started as `gestoctl`) both run it.

/// gestoctl's top level.
public enum GestoctlMain {
    /// The top-level usage.
    public static let usage = """
usage: gestoctl [--json] [--socket PATH] COMMAND [ARGUMENTS]

Commands that talk to the running gestod (each takes --json and --socket PATH):
  status           running or paused, config, touchpads, counts, uptime, Wayland
  reload           re-read the config (errors are printed; the last good config stays)
  pause, resume    stop running actions (gestures are still recognized), start again
  devices          the touchpads gestod reads
  bindings         the active bindings (per-app ones marked)
  monitor [--raw]  stream recognized gestures (or libinput's events) live
  trigger GESTURE  run the action bound to a gesture without performing it [--app ID]
  version          gestoctl's version, and gestod's if it runs
  doctor           check what gesto needs (touchpads, compositor, config, gestod), each with its fix
  enable, disable  start gestod at every login (the systemd user unit), or stop doing so

Commands that work without gestod:
  replay FILE      run the recognizers on a recording and print each gesture outcome
  check [FILE]     validate a config file
  motion KIND      print or plot a spring, decay or rubber band (to tune animations)
  init             write a commented starter config for this compositor
  import FORMAT    translate a libinput-gestures, fusuma, Touchégg, sway or Hyprland config

Run `gestoctl help COMMAND` (or `gestoctl COMMAND --help`) for a command's options.
"""

    /// Runs the command in `arguments` (without the program name); returns the exit status.
    public static func run(_ arguments: [String]) -> Int32 {
        let (command, arguments) = GestoctlCommandLine.split(arguments)
        let output = FileSink.standardOutput
        let errors = FileSink.standardError
        let status: Int32
        switch command {
        case "replay": status = ReplayCommand.run(arguments, output: output, errors: errors)
        case "check": status = CheckCommand.run(arguments, output: output, errors: errors)
        case "motion": status = MotionCommand.run(arguments)
        case "init": status = InitCommand.run(arguments)
        case "import": status = ImportCommand.run(arguments, output: output, errors: errors)
        case "status": status = StatusCommand.run(arguments, output: output, errors: errors)
        case "reload": status = ReloadCommand.run(arguments, output: output, errors: errors)
        case "pause": status = PauseCommand.run(arguments, output: output, errors: errors)
        case "resume": status = ResumeCommand.run(arguments, output: output, errors: errors)
        case "devices": status = DevicesCommand.run(arguments, output: output, errors: errors)
        case "bindings": status = BindingsCommand.run(arguments, output: output, errors: errors)
        case "monitor": status = MonitorCommand.run(arguments, output: output, errors: errors)
        case "trigger": status = TriggerCommand.run(arguments, output: output, errors: errors)
        case "version": status = VersionCommand.run(arguments, output: output, errors: errors)
        case "doctor": status = DoctorCommand.run(arguments, output: output, errors: errors)
        case "enable": status = EnableCommand.run(arguments, enabling: true, output: output, errors: errors)
        case "disable": status = EnableCommand.run(arguments, enabling: false, output: output, errors: errors)
        case "--version": output.write("gestoctl \(GestoVersion.current)\n"); status = 0
        case "help", "-h", "--help": output.write(usage + "\n"); status = 0
        default:
            errors.write("gestoctl: unknown command '\(command)'\n\n\(usage)\n")
            status = 2
        }
        output.flush()
        return status
    }
}
