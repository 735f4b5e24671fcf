// gesto-bench: prints gesto's performance figures, each with its unit and target.
// Run as `swift run -c release gesto-bench [--skip-gestod] [--product-path] [--recognition] [--memory]`
// (`--product-path`: only gestod and gestoctl end to end; `--recognition`: only recognition's
// time and instructions per event; `--memory`: only gestod's and
// gestoctl's memory and libraries, and exec latency) (one core is enough; figures
// vary with the machine's load, so each timed part reports its best run).
// `--write-recording LINES PATH` writes the generated recording the benchmarks replay (to
// profile by hand); `--write-record FRAMES PATH` the generated `libinput record` file;
// `--recognition-events N` only feeds N events to an engine (for callgrind).
import Glibc
import GestoDaemon

let arguments = Set(CommandLine.arguments.dropFirst())
print("gesto-bench \(GestoVersion.current)")
let words = Array(CommandLine.arguments.dropFirst())
if words.count == 3, words[0] == "--write-recording", let lines = Int(words[1]) {
    writeRecording(words[2], lines: lines)
    exit(0)
}
if words.count == 3, words[0] == "--write-record", let frames = Int(words[1]) {
    writeRecord(words[2], frames: frames)
    exit(0)
}
if words.count == 2, words[0] == "--recognition-events", let count = Int(words[1]) {
    runRecognitionOnly(events: count)
    exit(0)
}
if arguments.contains("--recognition") {
    runRecognitionBenchmarks(textReplay: false)
    exit(0)
}
if arguments.contains("--product-path") {
    let executable = CommandLine.arguments[0]
    runProductPathBenchmarks(directory: executable.contains("/") ? String(executable[..<executable.lastIndex(of: "/")!]) : ".")
    exit(0)
}
if arguments.contains("--memory") {
    let executable = CommandLine.arguments[0]
    let directory = executable.contains("/") ? String(executable[..<executable.lastIndex(of: "/")!]) : "."
    runRuntimeBenchmarks(gestodPath: directory + "/gestod")
    benchmarkFirstOverlayMemory(gestodPath: directory + "/gestod")
    benchmarkClientMemory(gestodPath: directory + "/gestod", gestoctlPath: directory + "/gestoctl")
    exit(0)
}
runInputBenchmarks()
runRecognitionBenchmarks()
runTouchBenchmarks()
runMotionBenchmarks()
runOverlayBenchmarks()
// gestod next to this executable (the same build directory), idle with no devices.
let executable = CommandLine.arguments[0]
let directory = executable.contains("/") ? String(executable[..<executable.lastIndex(of: "/")!]) : "."
if !arguments.contains("--skip-gestod") { runProductPathBenchmarks(directory: directory) }
runRuntimeBenchmarks(gestodPath: arguments.contains("--skip-gestod") ? nil : directory + "/gestod")
if !arguments.contains("--skip-gestod") {
    benchmarkFirstOverlayMemory(gestodPath: directory + "/gestod")
    benchmarkClientMemory(gestodPath: directory + "/gestod", gestoctlPath: directory + "/gestoctl")
    runIPCBenchmarks(gestodPath: directory + "/gestod", gestoctlPath: directory + "/gestoctl")
}
