// `gestod --config FILE` on a FILE that does not exist: a typo in the name must not look like a
// daemon that runs with no bindings, so gestod says so and exits; `--wait-for-config` is the
// opt-in for a config that will be written later, which gestod then loads when it appears.
import Foundation
import Testing
@testable import GestoDaemon

@Suite(.serialized) struct MissingConfigTests {
    @Test func aMissingNamedConfigStopsGestodSayingWhatToDo() throws {
        let folder = try TemporaryFolder()
        let missing = folder.file("confg.yaml")
        let result = try runProcess(gestodExecutable, ["--no-devices", "--no-wayland", "--socket", folder.file("gestod.sock"),
                                                       "--config", missing])
        #expect(result.status == 1)
        #expect(result.errors.contains("no config at \(missing) (--config names no file)"), "\(result.errors)")
        #expect(result.errors.contains("--wait-for-config"), "\(result.errors)")
        // It stopped before opening its socket: nothing is left listening.
        #expect(!FileManager.default.fileExists(atPath: folder.file("gestod.sock")))
    }

    @Test func waitForConfigLoadsTheFileOnceItAppears() throws {
        let daemon = try TestDaemon(config: nil, arguments: ["--wait-for-config"])
        defer { daemon.stop() }
        #expect(daemon.log.contains("yet (--wait-for-config)"), "\(daemon.log)")
        let before = try daemon.ctl("status", "--json").json["config"] as? [String: Any] ?? [:]
        #expect(before["bindings"] as? Int == 0)
        try "bindings:\n  - gesture: hold:3\n    exec: \"true\"\n".write(toFile: daemon.config, atomically: true, encoding: .utf8)
        #expect(eventually {
            let config = (try? daemon.ctl("status", "--json"))?.json["config"] as? [String: Any] ?? [:]
            return config["bindings"] as? Int == 1
        }, "\(daemon.log)")
    }

    @Test func aMissingDefaultConfigIsStillNoBindings() {
        guard case .run(let options) = DaemonOptions.parse(["--no-devices"]) else {
            Issue.record("expected options")
            return
        }
        #expect(options.configPath == nil && !options.waitsForConfig)
        guard case .run(let waiting) = DaemonOptions.parse(["--config", "a.yaml", "--wait-for-config"]) else {
            Issue.record("expected options")
            return
        }
        #expect(waiting.waitsForConfig)
    }
}
