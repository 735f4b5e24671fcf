// Wherever gesto expects a word from a fixed set, a typo is answered with the word meant (issue
// 32 item 7): gestoctl's commands, import formats, modes, key names, gesture kinds and
// directions, the importers' words and the socket's commands, all through one helper.
import GestoCommandLine
import Foundation
import Testing
import GestoConfig
import GestoCore
@testable import GestoDaemon

@Suite struct DidYouMeanTests {
    /// Writes `text` to a fresh file named `name`; returns its path.
    static func file(_ name: String, _ text: String) throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("gesto-didyoumean-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent(name).path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test func aMistypedGestoctlCommand() {
        let output = StringSink(), errors = StringSink()
        #expect(GestoctlMain.run(["stauts"], in: CommandContext(output: output, errors: errors)) == 2)
        #expect(errors.text.hasPrefix("gestoctl: unknown command 'stauts'; did you mean 'status'?\n"))
    }

    @Test func aMistypedImportFormat() {
        let output = StringSink(), errors = StringSink()
        #expect(ImportCommand.run(["libinput_gestures"], output: output, errors: errors, environment: [:]) == 2)
        #expect(errors.text.contains("unknown format 'libinput_gestures' (expected libinput-gestures, fusuma, touchegg, sway, hyprland); did you mean 'libinput-gestures'?"),
                "\(errors.text)")
    }

    @Test func aMistypedMode() throws {
        let path = try Self.file("m.yaml", "bindings:\n  - gesture: swipe:3:left\n    mode: onend\n    keys: ctrl+t\n")
        let output = StringSink(), errors = StringSink()
        #expect(CheckCommand.run([path], output: output, errors: errors) == 1)
        #expect(errors.text.contains("m.yaml:3:11: error: unknown mode 'onend' (expected on-begin, on-threshold, on-end, continuous, repeat); did you mean 'on-end'?"),
                "\(errors.text)")
    }

    /// The key name's error points at the value, where the typo is, not at `keys:`.
    @Test func aMistypedKeyNameIsLocatedAtTheValue() throws {
        let path = try Self.file("k.yaml", "bindings:\n  - gesture: swipe:3:left\n    keys: ctrl+shft+t\n  - gesture: swipe:3:right\n    keys: \"ctrl+return\"\n")
        let output = StringSink(), errors = StringSink()
        #expect(CheckCommand.run([path], output: output, errors: errors) == 1)
        #expect(errors.text.contains("k.yaml:3:11: error: in 'keys: ctrl+shft+t': unknown key name 'shft'"), "\(errors.text)")
        #expect(errors.text.contains("; did you mean 'shift'?"), "\(errors.text)")
        // xkbcommon's case folding still names the keysym as spelled.
        #expect(errors.text.contains("k.yaml:5:11: error: in 'keys: ctrl+return': unknown key name 'return'"), "\(errors.text)")
        #expect(errors.text.contains("; did you mean 'Return'?"), "\(errors.text)")
    }

    @Test func aMistypedGestureDirectionOnTheCommandLine() {
        let output = StringSink(), errors = StringSink()
        #expect(TriggerCommand.run(["swipe:3:lfet"], output: output, errors: errors) != 0)
        #expect(errors.text.contains("unknown swipe direction 'lfet' (expected left, right, up, down, up-left, up-right, down-left, down-right); did you mean 'left'?"),
                "\(errors.text)")
        #expect(GestureNameError.unknownKind("pnich").description.hasSuffix("; did you mean 'pinch'?"))
    }

    @Test func aMistypedWordInAnImportedConfig() throws {
        let path = try Self.file("libinput-gestures.conf", "gesture swipe lfet 3 xdotool key super+Left\ngesture swpie up 3 xdotool key super+Up\n")
        let output = StringSink(), errors = StringSink()
        _ = ImportCommand.run(["libinput-gestures", path], output: output, errors: errors, environment: [:])
        #expect(errors.text.contains("unknown swipe motion 'lfet' (expected up, down, left, right, left_up, right_up, left_down, right_down); did you mean 'left'?"),
                "\(errors.text)")
        #expect(errors.text.contains("unknown gesture action 'swpie' (expected swipe, pinch or hold); did you mean 'swipe'?"), "\(errors.text)")
    }

    @Test func aMistypedSocketCommand() {
        do {
            _ = try IPCRequest(line: "{\"command\": \"stauts\"}")
            Issue.record("expected an unknown command")
        } catch {
            #expect(error.message.hasSuffix("; did you mean 'status'?"), "\(error.message)")
        }
    }

    @Test func noSuggestionForAWordFarFromEveryCandidate() {
        #expect(didYouMean("kwin", among: ["sway", "hyprland"]) == "")
        #expect(didYouMean("shft", among: ["shift", "ctrl"]) == "; did you mean 'shift'?")
    }
}
