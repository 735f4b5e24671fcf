// Every real config in ../shared/corpus/configs imports to the bindings its expected/ file
// lists (compared as decoded bindings: gesture, mode, app, action, effective settings), reports
// the source lines the expected file documents as not importable, and passes `gestoctl check`
// (the config parser and the xkbcommon key-name check).
import XCTest
import GestoConfig
import GestoCore
import GestoWayland
@testable import GestoImport

final class ImportCorpusTests: XCTestCase {
    /// The shared corpus of configs, beside the repository (as the VM tests find recordings).
    static let corpus: String = {
        let here = #filePath.split(separator: "/").dropLast(3).joined(separator: "/")
        return "/" + here + "/../shared/corpus/configs"
    }()

    static func read(_ path: String) throws -> String {
        guard let file = fopen(path, "r") else { throw XCTSkip("\(path) is not there (the shared corpus of configs)") }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = fread(&buffer, 1, buffer.count, file)
            if count == 0 { break }
            bytes += buffer.prefix(count)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// A binding as the comparison sees it.
    struct Comparable: Hashable, CustomStringConvertible {
        var rule: BindingRule
        var action: Action
        var description: String { "\(rule.gesture) \(rule.mode.rawValue) app=\(rule.app ?? "-") \(action.summary)" }
    }

    static func bindings(of text: String, file: String) throws -> [Comparable] {
        let config = try Config.parse(text, file: file)
        let keyErrors = KeyCombination.errors(in: config)
        XCTAssertEqual(keyErrors, [], "\(file): key names xkbcommon does not know")
        return config.bindings.map { Comparable(rule: $0.rule, action: $0.action) }
    }

    /// Imports corpus file `name` of `format` and compares it with its expected file.
    /// - Parameter unimportable: the source lines the expected file's notes say cannot be
    ///   expressed (each must be reported, and no other).
    func check(_ format: ImportFormat, _ name: String, expected expectedName: String, unimportable: Set<Int>,
               warned: Set<Int> = [], options: ImportOptions = ImportOptions(), file: StaticString = #filePath, line: UInt = #line) throws {
        let source = try Self.read("\(Self.corpus)/\(format.rawValue)/\(name)")
        let imported = importConfig(source, format: format, file: name, options: options)
        let text = imported.configText
        let actual: [Comparable]
        do {
            actual = try Self.bindings(of: text, file: "imported \(name)")
        } catch {
            return XCTFail("the import of \(name) does not parse: \(error)\n\(text)", file: file, line: line)
        }
        let expected = try Self.bindings(of: Self.read("\(Self.corpus)/expected/\(format.rawValue)/\(expectedName)"), file: expectedName)
        XCTAssertEqual(actual.map(\.description), expected.map(\.description), "\(name): bindings differ\n\(text)", file: file, line: line)
        XCTAssertEqual(actual, expected, "\(name): settings differ\n\(text)", file: file, line: line)
        XCTAssertEqual(Set(imported.unimportable.map(\.source.location.line)), unimportable,
                       "\(name): lines not importable\n\(imported.unimportable.map { "\($0.source.location.line): \($0.reason)" }.joined(separator: "\n"))",
                       file: file, line: line)
        for line in warned {
            XCTAssertTrue(imported.warnings.contains { $0.location.line == line }, "\(name): no warning on line \(line)", file: file)
        }
        // Everything not importable is in the output, commented, with its reason.
        for skipped in imported.unimportable {
            XCTAssertTrue(text.contains("#   not importable: \(skipped.reason)"), "\(name): line \(skipped.source.location.line) is missing", file: file, line: line)
        }
    }

    // MARK: libinput-gestures

    func testLibinputGestures002DiagonalsAndDbus() throws {
        try check(.libinputGestures, "002-89luca89-diagonals-dbus.conf", expected: "002-89luca89-diagonals-dbus.yaml",
                  unimportable: [], warned: [12])
    }

    func testLibinputGestures008ColonKeywordQuotesAndComments() throws {
        try check(.libinputGestures, "008-2KAbhishek-colon-quoted-comments.conf", expected: "008-2KAbhishek-colon-quoted-comments.yaml",
                  unimportable: [], warned: [1, 2, 3, 4, 12, 13])
    }

    func testLibinputGestures009HyprlandAndPipes() throws {
        try check(.libinputGestures, "009-Matt-FTW-hyprland-pipes.conf", expected: "009-Matt-FTW-hyprland-pipes.yaml",
                  unimportable: [11], warned: [16])
    }

    func testLibinputGestures010YdotoolKeycodes() throws {
        try check(.libinputGestures, "010-5ila5-ydotool-keycodes.conf", expected: "010-5ila5-ydotool-keycodes.yaml",
                  unimportable: [])
    }

    func testLibinputGestures014HexKeysymsAndInlineComments() throws {
        try check(.libinputGestures, "014-AniAggarwal-hex-keysyms-inline-comments.conf", expected: "014-AniAggarwal-hex-keysyms-inline-comments.yaml",
                  unimportable: [11], warned: [14, 15, 16, 17, 18, 19])
    }

    // MARK: fusuma

    func testFusuma003KeypressModifiers() throws {
        // The four keypress: SHIFT: entries; the threshold and interval settings. Without
        // --fusuma-version the pinch words read as fusuma 2.x, with a warning at the first.
        try check(.fusuma, "003-Bekaboo-keypress-shift.yml", expected: "003-Bekaboo-keypress-shift.yaml",
                  unimportable: [6, 11, 16, 21, 43, 44, 47, 48], warned: [32])
    }

    func testFusuma008LegacyShortcut() throws {
        try check(.fusuma, "008-Hacksign-shortcut-0x.yml", expected: "008-Hacksign-shortcut-0x.yaml",
                  unimportable: [11, 12, 15, 16], warned: [4, 6])
    }

    func testFusuma014TapPluginAndRotate() throws {
        // tap 2/3/4 and the plugin section.
        try check(.fusuma, "014-Alonely0-tap-plugin.yml", expected: "014-Alonely0-tap-plugin.yaml",
                  unimportable: [37, 39, 41, 43], options: ImportOptions(fusumaPinch: .version2))
    }

    func testFusuma016NullSections() throws {
        try check(.fusuma, "016-Injabie3-empty-sections.yml", expected: "016-Injabie3-empty-sections.yaml", unimportable: [])
    }

    // MARK: sway, Hyprland, Touchégg

    func testSway003AnyFingerCount() throws {
        try check(.sway, "003-NF02-any-fingers.conf", expected: "003-NF02-any-fingers.yaml", unimportable: [])
    }

    func testSway008IndentedBlock() throws {
        try check(.sway, "008-Rouzihiro-indented-block-move.conf", expected: "008-Rouzihiro-indented-block-move.yaml", unimportable: [])
    }

    func testSway009SwayfxInNixString() throws {
        try check(.sway, "009-percygt-swayfx-nix-extraconfig.conf", expected: "009-percygt-swayfx-nix-extraconfig.yaml", unimportable: [])
    }

    func testHyprland002ModifierGatedAndOneToOne() throws {
        try check(.hyprland, "002-eliteSchwein-mod-scale-float.conf", expected: "002-eliteSchwein-mod-scale-float.yaml",
                  unimportable: [3, 4, 5])
    }

    func testTouchegg004AppSpecific() throws {
        // The four <property> settings.
        try check(.touchegg, "004-MarioJim-app-specific.conf", expected: "004-MarioJim-app-specific.yaml",
                  unimportable: [4, 5, 6, 7])
    }

    /// Every corpus file has a test above: a new file in the corpus must get one.
    func testEveryCorpusFileIsCovered() throws {
        let covered: Set<String> = [
            "libinput-gestures/002-89luca89-diagonals-dbus.conf", "libinput-gestures/008-2KAbhishek-colon-quoted-comments.conf",
            "libinput-gestures/009-Matt-FTW-hyprland-pipes.conf", "libinput-gestures/010-5ila5-ydotool-keycodes.conf",
            "libinput-gestures/014-AniAggarwal-hex-keysyms-inline-comments.conf",
            "fusuma/003-Bekaboo-keypress-shift.yml", "fusuma/008-Hacksign-shortcut-0x.yml", "fusuma/014-Alonely0-tap-plugin.yml",
            "fusuma/016-Injabie3-empty-sections.yml", "sway/003-NF02-any-fingers.conf", "sway/008-Rouzihiro-indented-block-move.conf",
            "sway/009-percygt-swayfx-nix-extraconfig.conf", "hyprland/002-eliteSchwein-mod-scale-float.conf",
            "touchegg/004-MarioJim-app-specific.conf",
        ]
        var found: Set<String> = []
        for format in ImportFormat.allCases {
            guard let directory = opendir("\(Self.corpus)/\(format.rawValue)") else { throw XCTSkip("no corpus of configs") }
            defer { closedir(directory) }
            while let entry = readdir(directory) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
                if !name.hasPrefix(".") { found.insert("\(format.rawValue)/\(name)") }
            }
        }
        XCTAssertEqual(found.subtracting(covered), [], "corpus files without a test")
    }
}
