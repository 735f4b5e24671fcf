// The daemon's control plane: the IPC server and its answers (status, reload, pause, trigger…),
// hot reload when the config file changes, and the session lock watch. Everything here runs on
// the event loop's thread; nothing in it blocks.
import GestoConfig
import GestoCore
import GestoSystem
import GestoInput
import Glibc

extension Daemon {
    /// Opens the control socket, watches the config's directory and the session lock.
    ///
    /// - Throws: `DaemonError.control` when the socket cannot be opened (another gestod answers
    ///   on it, or the path is unusable). Without any socket path (no XDG_RUNTIME_DIR), gestod
    ///   runs without IPC and says so.
    func startControlPlane() throws(DaemonError) {
        if let path = UnixSocket.path(explicit: options.socketPath) {
            let isDefault = options.socketPath == nil && getenv("GESTO_SOCKET").map { String(cString: $0).isEmpty } ?? true
            do {
                server = try IPCServer(path: path, isPrivateDirectory: isDefault, loop: loop, log: log, bus: bus) {
                    [unowned self] request in self.respond(to: request)
                }
                server?.onLockLost = { [unowned self] reason in self.stopFailing(reason) }
            } catch {
                throw .control(error)
            }
        } else {
            log.warning("XDG_RUNTIME_DIR is not set: no control socket (gestoctl cannot reach this gestod; give --socket PATH)")
        }
        watchConfig()
        do {
            executableWatcher = try ExecutableWatcher(loop: loop) { [unowned self] path in
                self.log.warning("\(path) was replaced (an upgrade?): this gestod still runs the old one (version "
                                 + "\(GestoVersion.current)); restart it to run the new one: `systemctl --user restart gestod`, "
                                 + "or log out and in")
            }
        } catch {
            log.info("not watching gestod's executable for upgrades (\(error))")
        }
        do {
            let monitor = try SessionLockMonitor(loop: loop) { [unowned self] state in self.sessionLockChanged(to: state) }
            lockMonitor = monitor
            sessionLock = monitor.state
            log.info("watching the session lock", ["session": monitor.sessionID, "state": monitor.state.rawValue])
        } catch {
            log.info("session lock state unknown (\(error)): gestures are handled even behind a lock screen")
        }
    }

    /// Starts the hot-reload watch unless it runs: at start, and again on each reload, since a
    /// watch that could not be set then (no inotify watch left) may be possible now. A config
    /// folder that does not exist yet is waited for (see ``ConfigWatcher``).
    func watchConfig() {
        guard configWatcher == nil, let path = configPath else { return }
        do {
            configWatcher = try ConfigWatcher(path: path, loop: loop) { [unowned self] in
                self.log.info("config file changed: reloading", ["path": path])
                self.reloadConfig()
            }
        } catch {
            log.info("not watching the config for changes (\(error)); SIGHUP or `gestoctl reload` re-reads it", ["path": path])
        }
    }

    /// Removes the socket (monitors see their stream end), stops the watches and reaps the
    /// children that have exited. Commands still running are left to run.
    func stopControlPlane() {
        server?.close()
        server = nil
        configWatcher = nil
        executableWatcher = nil
        lockMonitor?.close()
        lockMonitor = nil
        runner.reapExitedChildren()
        if runner.runningCount > 0 {
            log.info("leaving \(runner.runningCount) started command\(runner.runningCount == 1 ? "" : "s") running")
        }
    }

    private func sessionLockChanged(to state: SessionLockState) {
        sessionLock = state
        switch state {
        case .locked:
            log.info("session locked: ignoring gestures")
            endGesturesInProgress()
        case .unlocked:
            log.info("session unlocked: handling gestures")
        case .unknown:
            log.warning("lost the session lock watch: lock state unknown, handling gestures")
        }
    }

    // MARK: Requests

    /// Answers one control request (every one but `monitor`, which the server handles).
    func respond(to request: IPCRequest) -> IPCReply {
        switch request {
        case .status: return .success(result: status.json)
        case .reload: return reloadRequested()
        case .pause, .resume:
            let wanted: DaemonRunState
            switch request {
            case .pause: wanted = .paused
            default: wanted = .running
            }
            let changed = (wanted == .paused) != isPaused
            isPaused = wanted == .paused
            if changed { log.info(isPaused ? "paused: gestures run no action" : "resumed: gestures run their actions") }
            if changed && isPaused { interruptDrags() }
            return .success(result: PauseSummary(state: wanted, changed: changed).json)
        case .devices:
            return .success(result: DeviceList(devices: devices.map(DeviceSummary.init)).json)
        case .bindings:
            return .success(result: BindingList(bindings: bindingSummaries).json)
        case .trigger(let gesture, let app):
            return trigger(gesture, app: app)
        case .version:
            return .success(result: VersionSummary(version: GestoVersion.current).json)
        case .monitor:
            // The server subscribes monitors itself; reaching here is a gesto bug, not the client's.
            return .failure(IPCFailure(.other, "monitor is served by the IPC server"))
        }
    }

    /// The `status` result.
    var status: DaemonStatus {
        let input: String
        if options.opensNoDevices {
            input = "none"
        } else if !options.devicePaths.isEmpty {
            input = "devices"
        } else {
            input = "seat " + options.seat
        }
        var status = DaemonStatus(
            version: GestoVersion.current, pid: Int(getpid()), state: isPaused ? .paused : .running,
            sessionLock: sessionLock,
            uptimeSeconds: Double(MonotonicClock.now().microseconds - startTime.microseconds) / 1e6,
            config: .init(path: configPath, loadedAt: configLoadedAt, error: configProblem?.description,
                          bindingCount: config.bindings.count),
            input: input, devices: devices.map(DeviceSummary.init),
            gestureCount: gestureCount, actionCount: actionCount, failedActionCount: failedActionCount,
            waylandConnected: wayland?.session.isConnected ?? false, waylandMissing: [], monitorCount: bus.subscriberCount,
            focus: .init(app: focusedAppID, source: focusSource))
        if let session = wayland?.session {
            status.waylandMissing = MissingProtocol.report(missing: session.missingGlobals, bindings: config.bindings)
        }
        return status
    }

    /// The active bindings, for `bindings`.
    var bindingSummaries: [BindingSummary] {
        config.bindings.enumerated().map { index, binding in
            BindingSummary(number: Binding.number(ofIndex: index), gesture: binding.gesture.description, mode: binding.mode.rawValue,
                           action: binding.action.summary, app: binding.app,
                           location: binding.location.description)
        }
    }

    private func reloadRequested() -> IPCReply {
        guard let path = configPath else {
            return .failure(IPCFailure(.noConfig, "gestod has no config path (neither --config, XDG_CONFIG_HOME nor HOME was set)"))
        }
        // What stays in force when the reload fails: the last good config, or (at first start
        // with a broken one) none.
        let kept = configLoadedAt == nil ? "gestod runs with no bindings until it loads" : "the last good config stays active"
        switch reloadConfig() {
        case .success(let loaded)?:
            return .success(result: ReloadSummary(path: path, bindingCount: loaded.bindings.count, loadedAt: configLoadedAt ?? 0).json)
        case .failure(.unreadable(let path, let reason))?:
            return .failure(IPCFailure(.configUnreadable, "\(path): cannot read the config: \(reason); \(kept)"))
        case .failure(.invalid(let errors))?:
            let problems = errors.errors.map {
                ConfigProblem(file: $0.location.file, line: $0.location.line, column: $0.location.column, message: $0.message)
            }
            return .failure(IPCFailure(.configInvalid, "\(path) has \(problems.count) error\(problems.count == 1 ? "" : "s"); \(kept)",
                                       problems: problems))
        case .failure(let problem)?:
            // Not a regular file, or too large: refused before reading.
            return .failure(IPCFailure(.configUnreadable, "\(problem); the last good config stays active"))
        case nil:
            return .failure(IPCFailure(.noConfig, "gestod has no config path"))
        }
    }

    /// Runs the action of the binding the matcher would pick for `gesture` with `app` focused
    /// (given, else the compositor's focus): among the bindings that match the name and the app,
    /// the most specific, first in config order.
    private func trigger(_ gesture: GestureName, app: String?) -> IPCReply {
        let focusedApp = app ?? focusedAppID
        var chosen: Int?
        for (index, binding) in config.bindings.enumerated() where binding.matches(gesture) {
            if let pattern = binding.app {
                guard let focusedApp, globMatches(pattern, focusedApp) else { continue }
            }
            if chosen == nil || binding.specificity > config.bindings[chosen!].specificity { chosen = index }
        }
        guard let index = chosen else {
            var message = "no binding for \(gesture)"
            if let focusedApp { message += " with \(focusedApp) focused" }
            return .failure(IPCFailure(.noBinding, message + " (see `gestoctl bindings`)"))
        }
        let binding = config.bindings[index]
        // An action that follows the fingers has nothing to follow: refused, with why, rather
        // than run on a report with no motion and said to be done. (A continuous `workspace:`
        // has a meaning without them, the switch; Daemon.perform makes it for a trigger.)
        let followsFingers: String? = switch binding.action {
        case .drag(let button): "holds the \(button.rawValue) button while fingers move: a drag needs fingers"
        case .windowMotion: "moves the focused window with the fingers and snaps it where they throw it: a window motion needs fingers"
        case .reorder: "moves an item one slot per slot of finger travel: a reorder needs fingers"
        case .exec, .session: nil
        }
        if let followsFingers {
            return .failure(IPCFailure(.notTriggerable, "binding \(index + 1) (\(binding.gesture), \(binding.action.summary)) "
                                       + followsFingers + ", there is nothing to run without them"))
        }
        let report = RecognizedGesture(name: gesture, phase: .ended, time: MonotonicClock.now(), progress: 1)
        let firing = BindingFiring(bindingIndex: index, action: binding.action, gesture: report)
        log.info("trigger: running \(binding.action.summary)", ["gesture": gesture.description])
        let failuresBefore = failedActionCount
        perform(ReplayLine(gesture: report, firings: [firing], isPrinted: true), device: nil, triggered: true)
        if failedActionCount > failuresBefore {
            return .failure(IPCFailure(.actionFailed, lastActionFailure ?? "\(binding.action.summary) failed"))
        }
        return .success(result: TriggerSummary(gesture: gesture.description, bindingNumber: Binding.number(ofIndex: index),
                                               action: binding.action.summary, app: focusedApp).json)
    }
}

extension DeviceSummary {
    /// The summary of a libinput device.
    init(_ device: InputDevice) {
        self.init(name: device.name, node: device.node, isTouchpad: device.isGestureDevice)
    }
}
