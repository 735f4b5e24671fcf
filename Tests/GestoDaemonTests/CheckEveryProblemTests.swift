// `gestoctl check` prints every problem of every kind, as gestod(1)'s load refuses them.
import Foundation
import GestoCommandLine
import Testing
import GestoConfig
@testable import GestoDaemon

@Suite struct CheckEveryProblemTests {
    private func check(_ text: String) throws -> (status: Int32, errors: String, path: String) {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("gesto-check-\(getpid())-\(UUID().uuidString).yaml").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        defer { unlink(path) }
        let errors = StringSink()
        let status = CheckCommand.run([path], output: StringSink(), errors: errors, environment: ["SWAYSOCK": "/run/sway.sock"])
        return (status, errors.text.replacingOccurrences(of: path, with: "c.yaml"), path)
    }

    /// Issue 41: a bad key name in one binding and a bad mode in another reported only the
    /// mode: key names were checked only once the rest had decoded.
    @Test func aBadKeyNameAndABadModeAreBothReportedInFileOrder() throws {
        let text = """
            bindings:
              - gesture: swipe:3:left
                keys: ctrl+Nosuchkey
              - gesture: swipe:3:right
                mode: on-ennd
                exec: a
            """
        let result = try check(text)
        #expect(result.status == 1)
        let lines = result.errors.split(separator: "\n").map(String.init)
        #expect(lines.count == 3, "\(result.errors)")
        #expect(lines.first?.hasPrefix("c.yaml:3:11: error: in 'keys: ctrl+Nosuchkey'") == true, "\(result.errors)")
        #expect(lines.dropFirst().first?.hasPrefix("c.yaml:5:11: error:") == true, "\(result.errors)")
        #expect(lines.last == "2 errors in c.yaml")
        // gestod's load refuses the same config for the same two reasons.
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("gesto-load-\(getpid()).yaml").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        defer { unlink(path) }
        guard case .failure(.invalid(let list)) = ConfigFile.load(path: path) else {
            Issue.record("gestod's load accepted it")
            return
        }
        #expect(list.errors.map(\.location.line) == [3, 5])
    }

    /// The warnings of what decoded are printed among the errors, in file order.
    @Test func warningsArePrintedBesideErrors() throws {
        let result = try check("""
            bindings:
              - gesture: swipe:2:left
                exec: a
              - gesture: swipe:3:up
                mode: sometimes
                exec: b
            """)
        #expect(result.status == 1)
        let lines = result.errors.split(separator: "\n").map(String.init)
        #expect(lines.count == 3, "\(result.errors)")
        #expect(lines.first?.hasPrefix("c.yaml:2:5: warning: swipe:2:left never fires from a touchpad") == true, "\(result.errors)")
        #expect(lines.dropFirst().first?.hasPrefix("c.yaml:5:11: error:") == true, "\(result.errors)")
        #expect(lines.last == "1 error and 1 warning in c.yaml")
    }
}
