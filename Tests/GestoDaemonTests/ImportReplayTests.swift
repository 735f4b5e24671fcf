// Imported configs replayed on real libinput recordings (Tests/Fixtures/libinput-1.22): the
// actions that fire are the ones the source tool would have run, by its documentation.
// libinput-gestures runs its command once the gesture ends, and of `hold on` and `hold on+N`
// only the longest delay reached; fusuma runs a direction's command once, as soon as its
// threshold is crossed, and (fusuma 2.x) `in` is fingers spreading.
import Foundation
import Testing
import GestoImport
@testable import GestoDaemon

@Suite struct ImportReplayTests {
    /// Imports `source` as `format` into a temporary config file and returns the actions the
    /// replay of each fixture fires.
    static func actions(importing source: String, as format: ImportFormat, options: ImportOptions = ImportOptions(),
                        replaying fixtures: [String]) throws -> [[String]] {
        let imported = importConfig(source, format: format, file: "source", options: options)
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("gesto-import-replay-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).yaml").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try imported.configText.write(toFile: path, atomically: true, encoding: .utf8)
        return fixtures.map { fixture in
            let result = replay("libinput-1.22/\(fixture).debug-events.txt", ["--config", path])
            return result.lines.flatMap { ($0["actions"] as? [String]) ?? [] }
        }
    }

    @Test func libinputGesturesRunsAtTheEndAndOnlyTheLongestHoldTier() throws {
        let fired = try Self.actions(importing: """
        gesture swipe down 3 echo down
        gesture pinch in xdotool key ctrl+minus
        gesture pinch out xdotool key ctrl+plus
        gesture hold on 3 echo short
        gesture hold on+0.5 3 echo long
        """, as: .libinputGestures, replaying: [
            "001-synaptics-tm3276-t480-3fg-stroke-z", "010-synaptics-tm3276-t480-2fg-pinch-in",
            "011-synaptics-tm3276-t480-2fg-pinch-out", "008-synaptics-tm3276-t480-3fg-hold",
        ])
        #expect(fired == [["exec: echo down"], ["keys: ctrl+minus"], ["keys: ctrl+plus"], ["exec: echo long"]])
    }

    @Test func fusumaRunsOnceAtItsThresholdWithTheVersionsPinchWords() throws {
        let source = """
        swipe:
          3:
            down:
              command: echo down
        pinch:
          in:
            command: echo zoom-in
          out:
            command: echo zoom-out
        """
        let fixtures = ["001-synaptics-tm3276-t480-3fg-stroke-z", "011-synaptics-tm3276-t480-2fg-pinch-out"]
        #expect(try Self.actions(importing: source, as: .fusuma, replaying: fixtures) == [["exec: echo down"], ["exec: echo zoom-in"]])
        #expect(try Self.actions(importing: source, as: .fusuma, options: ImportOptions(fusumaPinch: .version3), replaying: fixtures)
                == [["exec: echo down"], ["exec: echo zoom-out"]])
    }

    /// The shared corpus of real configs, beside the repository.
    static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("../shared/corpus/configs").standardized.path

    @Test func realConfigsFireWhatTheirToolsWouldHave() throws {
        guard let lg = try? String(contentsOfFile: Self.corpus + "/libinput-gestures/008-2KAbhishek-colon-quoted-comments.conf", encoding: .utf8),
              let fusuma = try? String(contentsOfFile: Self.corpus + "/fusuma/014-Alonely0-tap-plugin.yml", encoding: .utf8) else {
            return  // the shared corpus of configs is not beside this checkout
        }
        let fixtures = ["001-synaptics-tm3276-t480-3fg-stroke-z", "010-synaptics-tm3276-t480-2fg-pinch-in",
                        "011-synaptics-tm3276-t480-2fg-pinch-out", "013-synaptics-tm3276-t480-2fg-rotate-cw"]
        // libinput-gestures: `swipe down 3`, and `pinch in|out` without a count (so 2 fingers too).
        #expect(try Self.actions(importing: lg, as: .libinputGestures, replaying: fixtures)
                == [["keys: super+e"], ["keys: super+shift+Tab"], ["keys: ctrl+F10"], []])
        // fusuma 2.x: `in` is spreading; rotate is bound for 3 fingers only. (The Z stroke is
        // left out: its first stroke crosses the threshold to the right and its last down, and
        // when fusuma, whose interval is 1 s, would fire again is not documented.)
        #expect(try Self.actions(importing: fusuma, as: .fusuma, replaying: Array(fixtures.dropFirst()))
                == [["exec: xdotool keydown ctrl click 5 keyup ctrl"], ["exec: xdotool keydown ctrl click 4 keyup ctrl"], []])
    }
}
