// gesto-bench: prints gesto's performance figures, each with its unit and target.
// Run as `swift run -c release gesto-bench [--skip-gestod]` (one core is enough; figures
// vary with the machine's load, so each timed part reports its best run).
import Glibc
import GestoDaemon

let arguments = Set(CommandLine.arguments.dropFirst())
print("gesto-bench \(GestoVersion.current)")
runInputBenchmarks()
runRecognitionBenchmarks()
runMotionBenchmarks()
runOverlayBenchmarks()
// gestod next to this executable (the same build directory), idle with no devices.
let executable = CommandLine.arguments[0]
let directory = executable.contains("/") ? String(executable[..<executable.lastIndex(of: "/")!]) : "."
runRuntimeBenchmarks(gestodPath: arguments.contains("--skip-gestod") ? nil : directory + "/gestod")
if !arguments.contains("--skip-gestod") {
    runIPCBenchmarks(gestodPath: directory + "/gestod", gestoctlPath: directory + "/gestoctl")
}
