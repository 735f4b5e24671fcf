// Runs a real sway (1.7, headless, pixman) for the integration tests. sway refuses to run as
// root, so it runs as the unprivileged user `gesto-test` (made with useradd if missing; CI
// creates it) with its own XDG_RUNTIME_DIR; the root test process connects by socket path.
import Foundation
import GestoWayland
import Glibc

/// One sway instance (restartable) in a private runtime folder. The watchdog thread touches
/// only what `finished` guards, hence the unchecked Sendable.
final class SwayHarness: @unchecked Sendable {
    /// The unprivileged user sway runs as.
    static let user = "gesto-test"
    /// How long sway may take to create its sockets.
    static let startupSeconds = 15.0

    /// Why the integration tests cannot run here, or nil when they can.
    static let unavailableReason: String? = {
        for tool in ["sway", "foot"] where findExecutable(tool) == nil {
            return "\(tool) is not installed (Debian: apt-get install sway foot)"
        }
        if findExecutable("runuser") == nil { return "runuser (util-linux) is not installed" }
        if getpwnam(user) == nil {
            guard geteuid() == 0 else { return "user \(user) is missing and the tests are not root (useradd --system --shell /bin/sh \(user))" }
            _ = run("/usr/sbin/useradd", ["--system", "--shell", "/bin/sh", "--no-create-home", user])
            if getpwnam(user) == nil { return "cannot create user \(user) (useradd --system --shell /bin/sh \(user))" }
        }
        guard geteuid() == 0 else { return "the tests must run as root to start sway as \(user)" }
        return nil
    }()

    let runtimeDirectory: URL
    let marker: URL
    private let configFile: URL
    private var process: Process?
    private(set) var swayPID: pid_t = 0 {
        didSet { finished.lock(); watchedPID = swayPID; finished.unlock() }
    }
    private var watchedPID: pid_t = 0
    private(set) var ipcPath = ""
    private(set) var waylandPath = ""
    private var watchdog: Thread?
    private let finished = NSLock()
    private var isFinished = false

    /// Prepares the runtime folder (owned by the user, mode 0700) and the sway config, whose
    /// `bindsym` touches ``marker`` so key delivery can be checked.
    init() throws {
        let passwd = getpwnam(Self.user)!.pointee
        runtimeDirectory = FileManager.default.temporaryDirectory.appendingPathComponent("gesto-sway-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        try FileManager.default.createDirectory(at: runtimeDirectory, withIntermediateDirectories: false)
        chown(runtimeDirectory.path, passwd.pw_uid, passwd.pw_gid)
        chmod(runtimeDirectory.path, 0o700)
        marker = runtimeDirectory.appendingPathComponent("keys-arrived")
        configFile = runtimeDirectory.appendingPathComponent("sway.conf")
        try """
            xwayland disable
            output HEADLESS-1 resolution 1280x720
            bindsym Mod4+Shift+Right exec touch \(marker.path)
            """.write(to: configFile, atomically: true, encoding: .utf8)
        chown(configFile.path, passwd.pw_uid, passwd.pw_gid)
    }

    /// Kills sway after `seconds` if ``finish()`` was not called: a blocked Wayland call
    /// then returns, so a hung test fails instead of hanging CI.
    func startWatchdog(seconds: Double) {
        let thread = Thread { [weak self] in
            Thread.sleep(forTimeInterval: seconds)
            guard let self else { return }
            self.finished.lock()
            defer { self.finished.unlock() }
            if !self.isFinished {
                FileHandle.standardError.write("watchdog: the sway test ran over \(seconds) s; killing sway\n".data(using: .utf8)!)
                if self.watchedPID > 0 { Glibc.kill(self.watchedPID, SIGKILL) }
            }
        }
        thread.start()
        watchdog = thread
    }

    /// Starts sway and waits for its Wayland and IPC sockets.
    func start() throws {
        let home = runtimeDirectory.path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.findExecutable("runuser")!)
        process.arguments = ["-u", Self.user, "--", "env", "-i",
                             "XDG_RUNTIME_DIR=\(home)", "HOME=\(home)", "PATH=/usr/local/bin:/usr/bin:/bin",
                             "WLR_BACKENDS=headless", "WLR_RENDERER=pixman", "WLR_LIBINPUT_NO_DEVICES=1",
                             "sway", "-c", configFile.path]
        let log = runtimeDirectory.appendingPathComponent("sway-\(Date().timeIntervalSince1970).log")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        let handle = try FileHandle(forWritingTo: log)
        process.standardOutput = handle
        process.standardError = handle
        process.standardInput = FileHandle.nullDevice
        try process.run()
        self.process = process
        let deadline = Date().addingTimeInterval(Self.startupSeconds)
        while Date() < deadline {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: home)) ?? []
            if let ipc = names.first(where: { $0.hasPrefix("sway-ipc.") && $0.hasSuffix(".sock") }),
               let wayland = names.first(where: { $0.hasPrefix("wayland-") && !$0.hasSuffix(".lock") }),
               let pid = pid_t(ipc.split(separator: ".").dropLast().last ?? ""), Glibc.kill(pid, 0) == 0 {
                swayPID = pid
                ipcPath = home + "/" + ipc
                waylandPath = home + "/" + wayland
                // The IPC socket answers once sway's loop runs.
                if (try? SwayIPC(socketPath: ipcPath).query(.getWorkspaces)) != nil { return }
            }
            guard process.isRunning else { break }
            Thread.sleep(forTimeInterval: 0.05)
        }
        let output = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        throw HarnessError.swayDidNotStart(output)
    }

    /// Kills sway (SIGKILL: a crash, not a clean exit) and waits for it to go.
    func crash() {
        guard swayPID > 0 else { return }
        Glibc.kill(swayPID, SIGKILL)
        process?.waitUntilExit()
        // The old IPC socket stays behind after SIGKILL; forget it so start() finds the new one.
        if !ipcPath.isEmpty { unlink(ipcPath) }
        swayPID = 0
        process = nil
    }

    /// Stops sway and removes the runtime folder.
    func finish() {
        finished.lock()
        isFinished = true
        finished.unlock()
        if swayPID > 0 {
            Glibc.kill(swayPID, SIGTERM)
            let deadline = Date().addingTimeInterval(5)
            while process?.isRunning == true && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
            if process?.isRunning == true { Glibc.kill(swayPID, SIGKILL); process?.waitUntilExit() }
        }
        try? FileManager.default.removeItem(at: runtimeDirectory)
    }

    /// The sway IPC client for the running instance.
    var ipc: SwayIPC { SwayIPC(socketPath: ipcPath) }

    /// A folder `name` in the runtime folder holding `config.yaml` with `text`: a gestod's HOME
    /// and config. Returns the folder and the config's path.
    func folder(_ name: String, config text: String) throws -> (folder: URL, config: String) {
        let folder = runtimeDirectory.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
        let config = folder.appendingPathComponent("config.yaml").path
        try text.write(toFile: config, atomically: true, encoding: .utf8)
        return (folder, config)
    }

    enum HarnessError: Error, CustomStringConvertible {
        case swayDidNotStart(String)
        var description: String {
            switch self { case .swayDidNotStart(let log): "sway did not start:\n\(log)" }
        }
    }

    static func findExecutable(_ name: String) -> String? {
        for folder in ["/usr/local/sbin", "/usr/local/bin", "/usr/sbin", "/usr/bin", "/sbin", "/bin"] {
            let path = folder + "/" + name
            if access(path, X_OK) == 0 { return path }
        }
        return nil
    }

    @discardableResult
    static func run(_ path: String, _ arguments: [String]) -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        do { try process.run() } catch { return -1 }
        process.waitUntilExit()
        return process.terminationStatus
    }
}

