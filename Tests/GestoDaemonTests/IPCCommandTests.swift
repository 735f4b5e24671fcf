// Every gestoctl command against a real gestod (no devices, no Wayland, a private socket and
// config): human output, --json schemas, exit codes; reload with good and broken configs;
// trigger and monitor; what gestoctl says when no gestod runs.
import Foundation
import Glibc
import Testing
@testable import GestoDaemon

/// A config whose actions leave marker files in `folder`.
func markerConfig(_ folder: TemporaryFolder) -> String {
    """
    bindings:
      - gesture: swipe:3:left
        exec: touch \(folder.file("left"))
      - gesture: swipe:3:right
        app: firefox
        exec: touch \(folder.file("right-firefox"))

    """
}

@Suite(.serialized, .timeLimit(.minutes(2)))
struct IPCCommandTests {
    @Test func statusHumanAndJSON() throws {
        let folder = try TemporaryFolder()
        let daemon = try TestDaemon(config: markerConfig(folder), folder: folder)
        defer { daemon.stop() }
        let human = try daemon.ctl("status")
        #expect(human.status == 0)
        #expect(human.output.contains("gestod \(GestoVersion.current) (pid \(daemon.process.processIdentifier)): running"))
        #expect(human.output.contains("config:   \(daemon.config), 2 bindings, loaded "))
        #expect(human.output.contains("no input opened (--no-devices)"))
        #expect(human.output.contains("wayland:  not connected"))

        let json = try daemon.ctl("status", "--json")
        #expect(json.status == 0)
        let object = json.json
        #expect(object["version"] as? String == GestoVersion.current)
        #expect(object["pid"] as? Int == Int(daemon.process.processIdentifier))
        #expect(object["state"] as? String == "running")
        #expect(["unknown", "locked", "unlocked"].contains(object["session_lock"] as? String ?? ""))
        #expect((object["uptime"] as? Double ?? -1) >= 0)
        let config = object["config"] as? [String: Any] ?? [:]
        #expect(config["path"] as? String == daemon.config)
        #expect(config["bindings"] as? Int == 2)
        #expect((config["loaded_at"] as? Double ?? 0) > 1_600_000_000)
        #expect(config["error"] is NSNull)
        #expect(object["input"] as? String == "none")
        #expect((object["devices"] as? [Any])?.isEmpty == true)
        #expect(object["gestures"] as? Int == 0)
        #expect(object["actions"] as? Int == 0)
        #expect(object["wayland"] as? Bool == false)
        #expect(object["monitors"] as? Int == 0)
        // The daemon says in its log that it has no touchpad.
        #expect(daemon.log.contains("no input opened (--no-devices)"))
    }

    @Test func versionDevicesAndBindings() throws {
        let folder = try TemporaryFolder()
        let daemon = try TestDaemon(config: markerConfig(folder), folder: folder)
        defer { daemon.stop() }
        let version = try daemon.ctl("version")
        #expect(version.status == 0)
        #expect(version.output == "gestoctl \(GestoVersion.current)\ngestod \(GestoVersion.current)\n")
        let versionJSON = try daemon.ctl("version", "--json").json
        #expect(versionJSON["gestod"] as? String == GestoVersion.current)
        #expect(versionJSON["gestoctl"] as? String == GestoVersion.current)

        let devices = try daemon.ctl("devices")
        #expect(devices.status == 0)
        #expect(devices.output.contains("no touchpad"))
        #expect((try daemon.ctl("devices", "--json").json["devices"] as? [Any])?.isEmpty == true)

        let bindings = try daemon.ctl("bindings")
        #expect(bindings.status == 0)
        let lines = bindings.output.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines[0].hasPrefix("swipe:3:left") && lines[0].contains("on-end") && !lines[0].contains("[app:"))
        #expect(lines[1].hasPrefix("swipe:3:right") && lines[1].hasSuffix("[app: firefox]"))
        let list = try daemon.ctl("bindings", "--json").json["bindings"] as? [[String: Any]] ?? []
        #expect(list.count == 2)
        // Counted from 1, as check, doctor, status, trigger and the logs count bindings.
        #expect(list.map { $0["binding"] as? Int } == [1, 2])
        #expect(list.first?["gesture"] as? String == "swipe:3:left")
        #expect(list.first?["mode"] as? String == "on-end")
        #expect(list.first?["action"] as? String == "exec: touch \(folder.file("left"))")
        #expect(list.first?["app"] is NSNull)
        #expect(list.first?["location"] as? String == "\(daemon.config):2:5")
        #expect(list.last?["app"] as? String == "firefox")
    }

    @Test func pauseAndResume() throws {
        let daemon = try TestDaemon(config: "")
        defer { daemon.stop() }
        let pause = try daemon.ctl("pause")
        #expect(pause.status == 0)
        #expect(pause.output.contains("paused"))
        #expect(try daemon.ctl("status", "--json").json["state"] as? String == "paused")
        #expect(try daemon.ctl("status").output.contains(": paused"))
        let again = try daemon.ctl("pause", "--json").json
        #expect(again["state"] as? String == "paused")
        #expect(again["changed"] as? Bool == false)
        let resume = try daemon.ctl("resume", "--json")
        #expect(resume.status == 0)
        #expect(resume.json["state"] as? String == "running")
        #expect(resume.json["changed"] as? Bool == true)
        #expect(try daemon.ctl("status", "--json").json["state"] as? String == "running")
        #expect(try daemon.ctl("resume").output.contains("already running"))
    }

    @Test func reloadGoodThenBrokenKeepsTheLastGood() throws {
        let folder = try TemporaryFolder()
        let daemon = try TestDaemon(config: markerConfig(folder), folder: folder)
        defer { daemon.stop() }
        let good = """
        bindings:
          - gesture: pinch:2:in
            exec: "true"

        """
        try good.write(toFile: daemon.config, atomically: true, encoding: .utf8)
        let reloaded = try daemon.ctl("reload")
        #expect(reloaded.status == 0)
        #expect(reloaded.output == "reloaded \(daemon.config): 1 binding\n")
        let reloadedJSON = try daemon.ctl("reload", "--json")
        #expect(reloadedJSON.json["bindings"] as? Int == 1)
        #expect(reloadedJSON.json["path"] as? String == daemon.config)

        let broken = """
        bindings:
          - gesture: pinch:2:in
            exce: "true"

        """
        try broken.write(toFile: daemon.config, atomically: true, encoding: .utf8)
        let failed = try daemon.ctl("reload")
        #expect(failed.status == 1)
        #expect(failed.errors.contains("\(daemon.config):3:5: error: unknown key 'exce'"))
        #expect(failed.errors.contains("the last good config stays active"))
        let failedJSON = try daemon.ctl("reload", "--json")
        #expect(failedJSON.status == 1)
        let error = failedJSON.json["error"] as? [String: Any] ?? [:]
        #expect(error["code"] as? String == "config-invalid")
        let problems = error["problems"] as? [[String: Any]] ?? []
        #expect(problems.contains { $0["line"] as? Int == 3 && $0["column"] as? Int == 5 && $0["file"] as? String == daemon.config })
        // The good config's binding is still the active one.
        let active = try daemon.ctl("bindings", "--json").json["bindings"] as? [[String: Any]] ?? []
        #expect(active.map { $0["gesture"] as? String } == ["pinch:2:in"])
        let status = try daemon.ctl("status", "--json").json["config"] as? [String: Any] ?? [:]
        #expect((status["error"] as? String)?.contains(":3:5: error:") == true)
        #expect(daemon.answersStatus)
    }

    @Test func aConfigBrokenAtFirstStartIsNotCalledTheLastGood() throws {
        let daemon = try TestDaemon(config: "bindings:\n  - gesture: pinch:2:in\n    exce: \"true\"\n")
        defer { daemon.stop() }
        let status = try daemon.ctl("status")
        #expect(status.output.contains("it failed to load; gestod runs with no bindings until it is fixed"), "\(status.output)")
        #expect(!status.output.contains("last good"), "\(status.output)")
        let failed = try daemon.ctl("reload")
        #expect(failed.status == 1)
        #expect(failed.errors.contains("gestod runs with no bindings until it loads"), "\(failed.errors)")
        #expect(!failed.errors.contains("last good"), "\(failed.errors)")
        #expect(!daemon.log.contains("last good"), "\(daemon.log)")
    }

    @Test func configFileReplacedByAnEditorIsReloaded() throws {
        let daemon = try TestDaemon(config: "")
        defer { daemon.stop() }
        // Written beside, then renamed over, as editors do.
        let temporary = daemon.folder.file(".config.yaml.swp")
        try "bindings:\n  - gesture: hold:3\n    exec: \"true\"\n".write(toFile: temporary, atomically: false, encoding: .utf8)
        #expect(rename(temporary, daemon.config) == 0)
        #expect(eventually {
            let list = (try? daemon.ctl("bindings", "--json").json["bindings"] as? [[String: Any]]) ?? nil
            return list?.first?["gesture"] as? String == "hold:3"
        })
        #expect(daemon.log.contains("config file changed: reloading"))
    }

    @Test func triggerRunsTheBoundActionThroughTheDaemon() throws {
        let folder = try TemporaryFolder()
        let daemon = try TestDaemon(config: markerConfig(folder), folder: folder)
        defer { daemon.stop() }
        let trigger = try daemon.ctl("trigger", "swipe:3:left")
        #expect(trigger.status == 0)
        #expect(trigger.output == "swipe:3:left → exec: touch \(folder.file("left")) (binding 1)\n")
        #expect(eventually { FileManager.default.fileExists(atPath: folder.file("left")) })

        // A per-app binding needs its app focused.
        let withoutApp = try daemon.ctl("trigger", "swipe:3:right")
        #expect(withoutApp.status == 1)
        #expect(withoutApp.errors.contains("no binding for swipe:3:right"))
        let withApp = try daemon.ctl("trigger", "swipe:3:right", "--app", "firefox", "--json")
        #expect(withApp.status == 0)
        // Counted from 1, as check, doctor, status and the logs count bindings.
        #expect(withApp.json["binding"] as? Int == 2)
        #expect(withApp.json["app"] as? String == "firefox")
        #expect(eventually { FileManager.default.fileExists(atPath: folder.file("right-firefox")) })

        let unbound = try daemon.ctl("trigger", "pinch:2:out", "--json")
        #expect(unbound.status == 1)
        #expect((unbound.json["error"] as? [String: Any])?["code"] as? String == "no-binding")
        let badName = try daemon.ctl("trigger", "swipe:3:sideways")
        #expect(badName.status == 2)
        #expect(badName.errors.contains("unknown swipe direction 'sideways'"))
        // A trigger is an action run, not a gesture recognized.
        let counts = try daemon.ctl("status", "--json").json
        #expect(counts["actions"] as? Int == 2, "\(counts)")
        #expect(counts["gestures"] as? Int == 0, "\(counts)")
    }

    /// A drag needs fingers: `trigger` refuses it, says why, and runs nothing.
    @Test func aTriggerOfADragIsRefusedWithWhy() throws {
        let daemon = try TestDaemon(config: "bindings:\n  - gesture: swipe:4\n    drag: left\n")
        defer { daemon.stop() }
        let refused = try daemon.ctl("trigger", "swipe:4:left", "--json")
        #expect(refused.status == 1)
        let error = refused.json["error"] as? [String: Any]
        #expect(error?["code"] as? String == "not-triggerable")
        #expect((error?["message"] as? String)?.contains("binding 1 (swipe:4, drag: left) holds the left button while fingers move: a drag needs fingers") == true,
                "\(String(describing: error))")
        let text = try daemon.ctl("trigger", "swipe:4")
        #expect(text.status == 1 && text.errors.contains("a drag needs fingers"), "\(text.errors)")
        #expect(try daemon.ctl("status", "--json").json["actions"] as? Int == 0)
    }

    /// A window motion and a reorder follow the fingers too: refused the same way, never an
    /// "ok" for a report with no motion to follow.
    @Test func aTriggerOfAWindowMotionOrAReorderIsRefusedWithWhy() throws {
        let daemon = try TestDaemon(config: """
            bindings:
              - gesture: swipe:4
                mode: continuous
                window-motion: {}
              - gesture: long-press-drag:3
                reorder: {slot: 120, step-left: "true", step-right: "true"}

            """)
        defer { daemon.stop() }
        let motion = try daemon.ctl("trigger", "swipe:4:up", "--json")
        #expect(motion.status == 1)
        let error = motion.json["error"] as? [String: Any]
        #expect(error?["code"] as? String == "not-triggerable")
        let why = "binding 1 (swipe:4, window-motion: snap to left, right, maximize, back) moves the focused window with the fingers "
            + "and snaps it where they throw it: a window motion needs fingers, there is nothing to run without them"
        #expect(error?["message"] as? String == why, "\(String(describing: error))")
        let reorder = try daemon.ctl("trigger", "long-press-drag:3")
        let reorderWhy = "binding 2 (long-press-drag:3, reorder: 10 slots of 120 units) moves an item one slot per slot of finger travel: "
            + "a reorder needs fingers"
        #expect(reorder.status == 1 && reorder.errors.contains(reorderWhy), "\(reorder.errors)")
        let counts = try daemon.ctl("status", "--json").json
        #expect(counts["actions"] as? Int == 0)
        #expect(counts["actions_failed"] as? Int == 0)
    }

    /// A continuous `workspace:` decides from the swipe whether to switch; a trigger has no
    /// swipe and asks for the switch, so it runs the switch, as the binding in another mode
    /// does: here, with no Wayland session, it fails and says so.
    @Test func aTriggerOfAContinuousWorkspaceSwitchesOrSaysWhyNot() throws {
        let daemon = try TestDaemon(config: "bindings:\n  - gesture: swipe:3\n    mode: continuous\n    workspace: next\n")
        defer { daemon.stop() }
        let trigger = try daemon.ctl("trigger", "swipe:3:left", "--json")
        #expect(trigger.status == 1, "\(trigger.output)")
        let error = trigger.json["error"] as? [String: Any]
        #expect(error?["code"] as? String == "action-failed")
        #expect(error?["message"] as? String == "workspace: next failed: no Wayland session", "\(trigger.output)")
        #expect(daemon.log.contains("workspace: next failed: no Wayland session"), "\(daemon.log)")
        let counts = try daemon.ctl("status", "--json").json
        #expect(counts["actions"] as? Int == 0)
        #expect(counts["actions_failed"] as? Int == 1)
    }

    @Test func aTriggerWhoseActionFailsSaysActionFailed() throws {
        // The test daemon runs with --no-wayland: a keys: action cannot run.
        let daemon = try TestDaemon(config: "bindings:\n  - gesture: swipe:3:left\n    keys: alt+Left\n")
        defer { daemon.stop() }
        let trigger = try daemon.ctl("trigger", "swipe:3:left", "--json")
        #expect(trigger.status == 1)
        let error = trigger.json["error"] as? [String: Any]
        #expect(error?["code"] as? String == "action-failed")
        #expect((error?["message"] as? String)?.contains("no Wayland session") == true, "\(trigger.output)")
        let counts = try daemon.ctl("status", "--json").json
        #expect(counts["actions"] as? Int == 0)
        #expect(counts["actions_failed"] as? Int == 1)
        #expect(try daemon.ctl("status").output.contains("0 actions run, 1 failed"))
    }

    @Test func monitorStreamsATriggeredGestureAndEndsWhenGestodStops() throws {
        let folder = try TemporaryFolder()
        let daemon = try TestDaemon(config: markerConfig(folder), folder: folder)
        defer { daemon.stop() }
        let output = folder.file("monitor.out")
        _ = FileManager.default.createFile(atPath: output, contents: nil)
        let monitor = Process()
        monitor.executableURL = URL(fileURLWithPath: gestoctlExecutable)
        monitor.arguments = ["monitor", "--json", "--socket", daemon.socket]
        monitor.standardOutput = FileHandle(forWritingAtPath: output)
        monitor.standardError = FileHandle.nullDevice
        try monitor.run()
        defer { if monitor.isRunning { kill(monitor.processIdentifier, SIGKILL) } }
        #expect(eventually { (try? daemon.ctl("status", "--json").json["monitors"] as? Int) == 1 })
        #expect(try daemon.ctl("pause").status == 0)
        #expect(try daemon.ctl("trigger", "swipe:3:left").status == 0)
        var event: [String: Any] = [:]
        #expect(eventually {
            let text = (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
            guard let line = text.split(separator: "\n").first else { return false }
            event = (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any] ?? [:]
            return true
        })
        #expect(event["event"] as? String == "gesture")
        #expect(event["gesture"] as? String == "swipe:3:left")
        #expect(event["phase"] as? String == "ended")
        #expect(event["triggered"] as? Bool == true)
        #expect(event["suppressed"] is NSNull)
        #expect(event["action"] as? String == "exec: touch \(folder.file("left"))")
        #expect(event["device"] is NSNull)

        #expect(daemon.stop() == 0)
        #expect(eventually { !monitor.isRunning })
        #expect(monitor.terminationStatus == 0)
    }

    @Test func monitorEndsCleanlyOnInterrupt() throws {
        let daemon = try TestDaemon(config: "")
        defer { daemon.stop() }
        let monitor = Process()
        monitor.executableURL = URL(fileURLWithPath: gestoctlExecutable)
        monitor.arguments = ["monitor", "--raw", "--socket", daemon.socket]
        monitor.standardOutput = FileHandle.nullDevice
        monitor.standardError = FileHandle.nullDevice
        try monitor.run()
        defer { if monitor.isRunning { kill(monitor.processIdentifier, SIGKILL) } }
        #expect(eventually { (try? daemon.ctl("status", "--json").json["monitors"] as? Int) == 1 })
        kill(monitor.processIdentifier, SIGINT)
        #expect(eventually { !monitor.isRunning })
        #expect(monitor.terminationReason == .exit)
        #expect(monitor.terminationStatus == 0)
        #expect(eventually { (try? daemon.ctl("status", "--json").json["monitors"] as? Int) == 0 })
    }

    @Test func withoutGestodEveryCommandSaysSoAndHowToStartIt() throws {
        let folder = try TemporaryFolder()
        let socket = folder.file("nobody.sock")
        for command in ["status", "reload", "pause", "resume", "devices", "bindings", "monitor"] {
            let result = try runProcess(gestoctlExecutable, [command, "--socket", socket])
            #expect(result.status == 1, "\(command)")
            #expect(result.errors.contains("gestod is not running"), "\(command)")
            #expect(result.errors.contains("`gestod &` or `systemctl --user start gestod`"), "\(command)")
        }
        let trigger = try runProcess(gestoctlExecutable, ["trigger", "hold:3", "--socket", socket, "--json"])
        #expect(trigger.status == 1)
        #expect((trigger.json["error"] as? [String: Any])?["code"] as? String == "not-running")
        let version = try runProcess(gestoctlExecutable, ["version", "--socket", socket])
        #expect(version.status == 0)
        #expect(version.output.contains("gestod: not running"))
        let usage = try runProcess(gestoctlExecutable, ["status", "--bogus"])
        #expect(usage.status == 2)
    }
}
