// The fuzz regression corpus: every input in Tests/Fixtures/fuzz/TARGET/ (the reproductions of
// issue 18, and each crash a fuzz run finds, added by scripts/fuzz) runs through its target
// on every `swift test`. A trap or a broken invariant fails the whole run: that is the point.
import Foundation
import Testing
import GestoFuzzTargets

/// Tests/Fixtures/fuzz, three levels up from this file.
private let corpusRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Fixtures/fuzz")

@Suite struct FuzzRegressionTests {
    @Test(arguments: FuzzTarget.allCases)
    func everyInputOfTheRegressionCorpusRunsCleanly(target: FuzzTarget) throws {
        let folder = corpusRoot.appendingPathComponent(target.rawValue)
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(!names.isEmpty, "no regression inputs for \(target.rawValue)")
        for name in names {
            let bytes = try Data(contentsOf: folder.appendingPathComponent(name))
            target.run([UInt8](bytes))
        }
    }
}
