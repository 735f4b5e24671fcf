// `gestoctl init` for a compositor it has no starter of its own for asks the compositor which
// protocols it offers and binds only what it can carry out (issue 39: on weston and cage the
// generic starter bound keys: and window: actions they cannot run). On a real sway, which
// offers them all, the generic starter keeps its keys: bindings, suggests its window: ones in
// comments (sway ignores maximize and minimize requests) and says it checked.
import Foundation
import Glibc
import Testing

@Suite(.serialized, .enabled(if: SwayHarness.unavailableReason == nil, Comment(rawValue: SwayHarness.unavailableReason ?? "")))
struct InitStarterSwayTests {
    @Test(.timeLimit(.minutes(2)))
    func theGenericStarterAsksTheCompositorWhatItOffers() throws {
        let sway = try SwayHarness()
        defer { sway.finish() }
        sway.startWatchdog(seconds: 100)
        try sway.start()
        let output = sway.runtimeDirectory.appendingPathComponent("generic.yaml").path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: GestodLateCompositorSwayTests.gestoctl)
        process.arguments = ["init", "--compositor", "generic", "--output", output]
        process.environment = ["XDG_RUNTIME_DIR": sway.runtimeDirectory.path, "HOME": sway.runtimeDirectory.path, "PATH": "/usr/bin:/bin",
                               "WAYLAND_DISPLAY": sway.waylandPath]
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let written = try String(contentsOfFile: output, encoding: .utf8)
        #expect(written.contains("# The compositor offers every protocol gesto uses."), "\(written)")
        for line in ["keys: super+Right", "keys: super+Left"] {
            #expect(written.contains("\n    " + line + "\n"), "\(line)")
        }
        // sway takes maximize and minimize requests and does nothing: suggested, commented out.
        for line in ["window: maximize", "window: minimize"] {
            #expect(written.contains("\n  #   " + line + "\n") && !written.contains("\n    " + line), "\(line)")
        }
    }
}
