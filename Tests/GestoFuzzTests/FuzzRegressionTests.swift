// The fuzz regression corpus: every input in Tests/Fixtures/fuzz/TARGET/ (the reproductions of
// issue 18, and each crash a fuzz run finds, added by scripts/fuzz) runs through its target
// on every `swift test`. A trap or a broken invariant fails the whole run: that is the point.
import Foundation
import Testing
import GestoFuzzTargets

/// Tests/Fixtures/fuzz, three levels up from this file.
private let corpusRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Fixtures/fuzz")

/// scripts/fuzz, four levels up from this file.
private let fuzzScript = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("scripts/fuzz")

@Suite struct FuzzRegressionTests {
    /// scripts/fuzz listed `import` but had no seeds for it, so it stopped with "unknown target
    /// import" (after its long build). Its `--list` checks each target it runs by default.
    @Test func theFuzzScriptRunsEveryTargetAndNoOther() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = [fuzzScript.path, "--list"]
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let listed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let problems = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(problems)")
        #expect(listed.split(separator: "\n").map(String.init) == FuzzTarget.allCases.map(\.rawValue), "\(problems)")
    }


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
