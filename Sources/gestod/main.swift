// gestod: gesto's daemon, a thin executable over GestoDaemon. Started as `gestoctl` (the
// package links that name to this file) it is the controller.
import Glibc
import GestoDaemon

exit(GestodMain.program(named: CommandLine.arguments.first ?? "gestod", arguments: Array(CommandLine.arguments.dropFirst())))
