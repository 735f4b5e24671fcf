// gestoctl: gesto's controller. A thin executable: every command lives in GestoDaemon/CLI,
// where tests call it directly.
import Glibc
import GestoDaemon

let usage = """
usage: gestoctl COMMAND [ARGUMENTS]

Commands:
  replay FILE      run the recognizers on a recording and print each gesture outcome
  check [FILE]     validate a config file
  motion KIND      print or plot a spring, decay or rubber band (to tune animations)
  init             write a commented starter config for this compositor
  version          print gesto's version

Run `gestoctl COMMAND --help` for a command's options.
"""

var arguments = Array(CommandLine.arguments.dropFirst())
let command = arguments.isEmpty ? "help" : arguments.removeFirst()
let output = FileSink.standardOutput
let errors = FileSink.standardError
let status: Int32
switch command {
case "replay": status = ReplayCommand.run(arguments, output: output, errors: errors)
case "check": status = CheckCommand.run(arguments, output: output, errors: errors)
case "motion": status = MotionCommand.run(arguments)
case "init": status = InitCommand.run(arguments)
case "version", "--version": output.write("gestoctl \(GestoVersion.current)\n"); status = 0
case "help", "-h", "--help": output.write(usage + "\n"); status = 0
default:
    errors.write("gestoctl: unknown command '\(command)'\n\n\(usage)\n")
    status = 2
}
output.flush()
exit(status)
