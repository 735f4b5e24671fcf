// gestoctl: gesto's controller. A thin executable: every command lives in GestoDaemon/CLI,
// where tests call it directly (the package installs it as a second name of gestod).
import Glibc
import GestoDaemon

exit(GestoctlMain.run(Array(CommandLine.arguments.dropFirst())))
