// A touchscreen on a rotated output: gestod follows the transform the compositor gives the
// output (wl_output.geometry), so directions and edges are the ones the user sees. The real
// recording 028 was named "drag-down" by its author although its fingers move up in the device's
// frame: the display was rotated 180° (the corpus README). On a real sway whose output is turned
// with `output HEADLESS-1 transform 180`, gestod's replay of it must say down; before the
// transform it says up. Issue 16, "Screen mapping". A running gestod follows the output as sway
// turns it, before any touch: the transform is chosen when the outputs change, not per event.
import Foundation
import Glibc
import Testing
import GestoWayland

@Suite(.serialized, .enabled(if: SwayHarness.unavailableReason == nil, Comment(rawValue: SwayHarness.unavailableReason ?? "")))
struct TouchscreenOutputTransformSwayTests {
    static let recording = GestodLateCompositorSwayTests.packageRoot
        .appendingPathComponent("../shared/corpus/libinput-1.22/028-ep0430m09-touchscreen-4fg-drag.debug-events.txt").standardized.path

    /// Replays the recording through gestod connected to `sway`; returns its printed gestures
    /// and its log.
    static func replay(on sway: SwayHarness, config: String, folder: URL) throws -> (gestures: [String], log: String) {
        let out = Pipe()
        let gestod = try SwayGestod(on: sway, folder: folder, config: config, arguments: ["--replay", recording],
                                    trailing: ["--dry-run", "--print-gestures"], environment: ["WAYLAND_DISPLAY": sway.waylandPath], output: out)
        let printed = out.fileHandleForReading.readDataToEndOfFile()
        gestod.waitUntilExit()
        let log = gestod.logText()
        // One JSON line per outcome (`"gesture": "touch-swipe:4:up"`).
        let gestures = String(decoding: printed, as: UTF8.self).split(separator: "\n").compactMap { line -> String? in
            guard let start = line.range(of: "\"gesture\": \"") else { return nil }
            return String(line[start.upperBound...].prefix { $0 != "\"" })
        }
        return (gestures, log)
    }

    @Test(.timeLimit(.minutes(2)))
    func aSwipeOnAnOutputRotated180IsTheOneTheUserSees() throws {
        let sway = try SwayHarness()
        defer { sway.finish() }
        sway.startWatchdog(seconds: 100)
        try sway.start()
        let (folder, config) = try sway.folder("touch", config: """
            bindings:
              - gesture: touch-swipe:4:down
                exec: "true"
              - gesture: touch-swipe:4:up
                exec: "true"

            """)

        let upright = try Self.replay(on: sway, config: config, folder: folder)
        #expect(upright.gestures == ["touch-swipe:4:up"], "\(upright.log)")

        // sway answers once the output is reconfigured; a client binding wl_output afterwards
        // gets the new transform in the geometry event of its bind.
        try sway.ipc.runCommand("output HEADLESS-1 transform 180")
        let rotated = try Self.replay(on: sway, config: config, folder: folder)
        #expect(rotated.gestures == ["touch-swipe:4:down"], "\(rotated.log)")
        #expect(rotated.log.contains("touchscreen: rotated 180° (from output HEADLESS-1)"), "\(rotated.log)")

        // A fixed `touchscreen-transform` wins over the output's.
        let fixed = folder.appendingPathComponent("fixed.yaml").path
        try (String(contentsOfFile: config, encoding: .utf8) + "input: {touchscreen-transform: 0}\n")
            .write(toFile: fixed, atomically: true, encoding: .utf8)
        #expect(try Self.replay(on: sway, config: fixed, folder: folder).gestures == ["touch-swipe:4:up"])
    }

    /// gestod chose the transform again on every touch event and logged the change from there,
    /// so a running gestod said nothing of a turned output until a finger came. It now follows
    /// sway's wl_output events: each turn is logged once, with no touch at all.
    @Test(.timeLimit(.minutes(2)))
    func aRunningGestodFollowsAnOutputTurnedBeforeAnyTouch() throws {
        let sway = try SwayHarness()
        defer { sway.finish() }
        sway.startWatchdog(seconds: 100)
        try sway.start()
        let (folder, config) = try sway.folder("turn", config: "bindings: []\n")
        let gestod = try SwayGestod.daemon(on: sway, folder: folder, config: config, extraArguments: ["--touchscreens"], logLevel: nil,
                                           environment: ["WAYLAND_DISPLAY": sway.waylandPath])
        defer { gestod.stop() }
        let logText = gestod.logText
        #expect(GestodLateCompositorSwayTests.eventually { logText().contains("wayland: connected") }, "\(logText())")

        try sway.ipc.runCommand("output HEADLESS-1 transform 180")
        #expect(GestodLateCompositorSwayTests.eventually {
            logText().contains("touchscreen: rotated 180° (from output HEADLESS-1)")
        }, "\(logText())")
        try sway.ipc.runCommand("output HEADLESS-1 transform normal")
        #expect(GestodLateCompositorSwayTests.eventually {
            logText().contains("touchscreen: rotated 0° (from output HEADLESS-1)")
        }, "\(logText())")
        // gestod handles the compositor's events in order: a repeated line would be before this one.
        #expect(logText().components(separatedBy: "touchscreen: rotated").count - 1 == 2, "\(logText())")
    }
}
