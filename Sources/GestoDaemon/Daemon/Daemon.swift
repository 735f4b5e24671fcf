// gestod's event loop: input (live libinput or a recording) → gesture pipelines (one per
// touchpad) → actions, with a timer armed only while a recognizer waits for a deadline and
// signals delivered through the loop. An idle daemon makes no wakeups. The control plane (IPC,
// config watching, session lock) is set up and answered in DaemonControl.swift.
import GestoCommandLine
import Glibc
import GestoCore
import GestoSystem
import GestoConfig
import GestoInput
import GestoWayland

/// The gesto daemon.
public final class Daemon {
    let options: DaemonOptions
    let log: Log
    let loop: EventLoop
    private var timer: TimerFD!
    private var signals: SignalFD!
    var runner: ExecRunner!
    /// The touchpads of the seat (or of `--device`).
    var source: LibinputSource?
    /// gesto-inputd's link, and the path context of the mirrors it handed over (made with the
    /// first one; read through the same pipelines as ``source``). InputProxy/DaemonInputProxy.swift.
    var inputProxy: InputProxyLink?
    var mirrors: LibinputSource?
    /// The mirror node of each device gesto-inputd added on this link, by its id.
    var mirrorPaths: [Int: String] = [:]
    /// The Wayland session: focus for `app:` bindings, and keys/window/sway actions.
    var wayland: WaylandSessionDriver?
    private var performer: ActionPerformer?
    /// sway's focus from its IPC events, for `app:` bindings (made with the Wayland session;
    /// subscribed while a binding has `app:` and a sway socket is known, ``followSwayFocus()``).
    var swayFocus: SwayFocusDriver?
    /// Feedback overlays of `continuous` bindings (made when the Wayland session is).
    var overlays: FeedbackOverlayDriver?
    /// Reorder strips of `reorder:` bindings (made when the Wayland session is).
    var reorderStrips: ReorderStripDriver?
    /// Moves windows for `window-motion:` bindings (made on first use).
    var windowMotion: WindowMotionDriver?
    /// What each firing makes gestod do (GestoConfig's one decision of it, shared with
    /// libgesto's hosts): gestod is the compositor's client, so the workspaces do not follow
    /// the fingers and a continuous `workspace:` swipe switches on release or not at all.
    var effects = EffectPlanner(host: .client)
    /// Presses, moves and releases the virtual pointer for `drag:` bindings.
    lazy var drags = PointerDragDriver(log: log, isDryRun: options.isDryRun,
                                       proxy: { [unowned self] in self.inputProxy?.isLinked == true ? self.inputProxy : nil },
                                       session: { [unowned self] in self.wayland?.session })
    /// True once a compositor connected (its sway IPC, if any, is known from then on).
    var hasConnectedCompositor = false
    var config: Config
    var configPath: String?
    /// One pipeline per touchpad: a long-lived object holding the device's gesture state,
    /// which each of its events mutates in place.
    private var pipelines: [UInt32?: PipelineBox] = [:]
    /// The pipeline of the device that sent the last event: events come in runs from one
    /// touchpad, so most need no dictionary look-up.
    /// `isOnly`: it was the only pipeline when remembered (then its deadline is the timer's, and
    /// an unchanged deadline needs no re-arming; a stale `false` only re-arms once too often).
    private var lastPipeline: (device: UInt32?, box: PipelineBox, isOnly: Bool)?
    /// The output the touchscreens are part of (``OutputDescription/touchscreenOutput(among:named:)``),
    /// chosen again by ``updateTouchscreenOutput()`` when the outputs or the config change.
    private var touchscreenOutput: OutputDescription?
    /// The transform touchscreen positions get (``updateTouchscreenOutput()`` says from where).
    private var touchscreenTransform = TouchTransform.normal
    private let gestureOutput = FileSink(descriptor: STDOUT_FILENO, buffered: false)
    private var exitStatus: Int32 = 0
    /// Ends a replay that still waits for its overlays or springs after
    /// ``replaySettleDeadline`` (a compositor that never configures an overlay).
    private var replaySettleTimer: TimerFD?
    /// Set by SIGINT or SIGTERM during a replay: no record is handled and no action run after
    /// it, and ``run()`` returns without waiting for anything.
    private var isReplayStopping = false
    /// How long a replay waits for its overlays to come to rest: far longer than any spring.
    static let overlayWaitSeconds = 10.0
    /// How long past a window spring's computed settle time a replay waits for its last frame
    /// (frames run on a 60 Hz timer, and a busy machine delays them).
    static let springSettleMarginSeconds = 1.0
    /// Counters reported by `status` (and the benchmarks).
    public private(set) var gestureCount = 0
    public private(set) var actionCount = 0
    /// How many actions could not run (no Wayland session, the compositor refused, no shell).
    public private(set) var failedActionCount = 0
    /// Why the latest action failed, for the `trigger` that ran it.
    private(set) var lastActionFailure: String?

    // State of the control plane (DaemonControl.swift).
    /// What `gestoctl monitor` subscribes to.
    let bus = EventBus()
    var server: IPCServer?
    var configWatcher: ConfigWatcher?
    /// Tells once that an upgrade replaced gestod's executable (live daemon only).
    var executableWatcher: ExecutableWatcher?
    var lockMonitor: SessionLockMonitor?
    /// `gestoctl pause`: gestures are recognized and streamed, but no action runs.
    var isPaused = false {
        didSet { if isPaused != oldValue { sendOwnedFingerCounts() } }
    }
    /// Whether the session is locked (gestures are then ignored).
    var sessionLock = SessionLockState.unknown {
        didSet { if sessionLock != oldValue { sendOwnedFingerCounts() } }
    }
    /// When gestod started (monotonic, for uptime).
    let startTime = MonotonicClock.now()
    /// When the active config was loaded (Unix seconds); nil while no config was ever loaded.
    var configLoadedAt: Double?
    /// Why the last load or reload failed, until one succeeds.
    var configProblem: ConfigFileProblem?
    /// The touchpads present now.
    var devices: [InputDevice] = []
    /// What exec commands get on top of gestod's environment for the compositor gestod found
    /// by itself (WAYLAND_DISPLAY, SWAYSOCK when they were unset at start). Passed to each
    /// spawn, never set with setenv: spawning borrows this process's environment.
    var sessionEnvironment: [(name: String, value: String)] = []

    /// Makes the daemon: reads the config, opens the input, sets up the loop.
    /// Call ``SignalFD/blockHandledSignals()`` first, before any thread starts.
    /// - Throws: `DaemonError` when it cannot start (the message says why and what to do).
    public init(options: DaemonOptions, log: Log) throws(DaemonError) {
        self.options = options
        self.log = log
        do { loop = try EventLoop() } catch { throw .system(error) }
        config = .empty
        configPath = options.configPath ?? ConfigFile.defaultPath
        if let path = configPath {
            if !ConfigFile.exists(path) {
                // The default file is optional (gestoctl init writes it); a named one is meant
                // to exist, and a typo in its name must not look like a daemon with no bindings.
                if options.configPath != nil && !options.waitsForConfig { throw .configMissing(path: path) }
                log.info(options.configPath == nil ? "no config at \(path): recognizing gestures with no bindings"
                         : "no config at \(path) yet (--wait-for-config): recognizing gestures with no bindings until it appears")
            } else {
                switch ConfigFile.load(path: path) {
                case .success(let loaded):
                    config = loaded
                    configLoadedAt = WallClock.now()
                    log.info("config loaded", ["path": path, "bindings": String(loaded.bindings.count)])
                    for warning in loaded.warnings { log.warning(warning.description) }
                case .failure(let problem):
                    configProblem = problem
                    // Nothing was good before: a replay stops here, a live daemon runs with no bindings.
                    if options.replayPath != nil { throw .config(problem) }
                    log.error("config not loaded, running with no bindings until it is fixed (SIGHUP re-reads it):\n\(problem)")
                }
            }
        }
        do {
            timer = try TimerFD(loop: loop) { [unowned self] in self.deadlinePassed() }
            signals = try SignalFD(loop: loop) { [unowned self] signal in self.received(signal) }
            runner = ExecRunner(loop: loop, log: log) { [unowned self] child, exit in
                self.log.debug("action finished", ["command": child.command, "exit": exit.description])
            }
        } catch {
            throw .system(error)
        }
        // Before any device: a second gestod stops here, saying which one runs.
        if options.replayPath == nil { try startControlPlane() }
        if options.replayPath == nil && !options.opensNoDevices { try openLiveInput() }
        // Input is carried at real-time priority where the system grants it.
        if options.replayPath == nil { RealtimeRequest.run(log: log) }
        if options.replayPath == nil && options.opensNoDevices { log.info("no input opened (--no-devices): no touchpad will be read") }
        if options.replayPath == nil { startInputProxyLink() }
        // A fixed `touchscreen-transform` holds from the start; the session's outputs come later.
        updateTouchscreenOutput()
        startWaylandSession()
    }

    /// Connects to the compositor named by WAYLAND_DISPLAY, retrying with backoff if it is not
    /// there yet. With WAYLAND_DISPLAY unset (a user unit started before the compositor, or by
    /// a compositor that exports nothing) it connects to the first `wayland-*` socket in
    /// $XDG_RUNTIME_DIR as soon as one appears, and then exports WAYLAND_DISPLAY (and sway's
    /// SWAYSOCK) to the commands of `exec` actions. Until then only `exec` actions can run and
    /// `app:` bindings never match.
    private func startWaylandSession() {
        guard !options.opensNoWayland else {
            log.info("no Wayland session (--no-wayland): exec actions only, app: bindings inactive")
            return
        }
        let named = getenv("WAYLAND_DISPLAY").map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 }
        let hasSwaySocket = SwayIPC.fromEnvironment() != nil
        let hasHyprlandSocket = HyprlandIPC.fromEnvironment() != nil
        // The name is fixed now: exporting a found display below must not pin later reconnects to it.
        let session = WaylandSession(displayName: named)
        // Weak: the session outlives the daemon when a driver disconnects it in its deinit, and
        // disconnecting reports the outputs gone.
        session.onChange = { [weak self] change in
            switch change {
            case .outputs: self?.updateTouchscreenOutput()
            case .windows, .focus: break
            }
        }
        do {
            let driver = try WaylandSessionDriver(session: session, loop: loop, log: log)
            wayland = driver
            let performer = ActionPerformer(session: session)
            self.performer = performer
            swayFocus = SwayFocusDriver(loop: loop, log: log)
            // With SWAYSOCK given, sway's focus is followed before the Wayland connection.
            followSwayFocus()
            driver.onConnect = { [unowned self] in
                if named == nil, let found = session.connectedDisplay {
                    // A socket name is what clients expect; a path only when not in XDG_RUNTIME_DIR.
                    let folder = (session.runtimeDirectory ?? "") + "/"
                    let display = found.hasPrefix(folder) ? String(found.dropFirst(folder.count)) : found
                    self.sessionEnvironment.removeAll { $0.name == "WAYLAND_DISPLAY" }
                    self.sessionEnvironment.append((name: "WAYLAND_DISPLAY", value: display))
                    self.log.info("wayland: found the compositor at \(display); exec commands get WAYLAND_DISPLAY=\(display)")
                }
                if !hasSwaySocket, let directory = session.runtimeDirectory, let sway = SwayIPC.discover(in: directory) {
                    performer.sway = sway
                    self.sessionEnvironment.removeAll { $0.name == "SWAYSOCK" }
                    self.sessionEnvironment.append((name: "SWAYSOCK", value: sway.socketPath))
                }
                if !hasHyprlandSocket, let directory = session.runtimeDirectory, let hyprland = HyprlandIPC.discover(in: directory) {
                    performer.hyprland = hyprland
                }
                self.hasConnectedCompositor = true
                self.followSwayFocus()
                self.warnAboutInactiveWorkspaceBindings(self.config)
                self.warnAboutInactiveHyprlandBindings(self.config)
                self.drags.prepare(for: self.config)
            }
            // The overlays animate on the clock of their input: a replay's is the recording's.
            let overlays = FeedbackOverlayDriver(session: session, log: log,
                                                 clock: OverlayClock(options.replayPath == nil ? .monotonic : .replay))
            overlays.onRest = { [unowned self] in self.stopReplayIfDone() }
            self.overlays = overlays
            reorderStrips = ReorderStripDriver(session: session, log: log)
            driver.start()
        } catch {
            log.error("cannot watch the Wayland session: \(error)")
        }
    }

    /// Runs until SIGINT/SIGTERM (live) or the end of the recording and its actions (replay).
    /// Returns the process exit status.
    public func run() -> Int32 {
        // No way out leaves a drag's button held: a replay told to stop, the loop ending.
        defer { interruptDrags() }
        if let path = options.replayPath {
            replay(path)
            if isReplayStopping || isReplayDone { return exitStatus }
            // What the recording set moving finishes before gestod exits: a window mid-spring
            // would be left where the last frame put it (half off-screen), an overlay half drawn.
            if let deadline = replaySettleDeadline {
                replaySettleTimer = try? TimerFD(loop: loop) { [unowned self] in
                    if self.windowMotion?.isAnimating == true {
                        self.log.warning("replay: the window spring did not settle in time; putting the window at its target")
                        self.windowMotion?.finishAtTarget()
                    }
                    if self.overlays?.isAtRest == false {
                        self.log.warning("replay: the overlays did not come to rest within \(Int(Self.overlayWaitSeconds)) s; ending")
                    }
                    self.loop.stop()
                }
                try? replaySettleTimer?.arm(at: deadline)
            }
            if windowMotion?.isAnimating == true { log.debug("replay: waiting for the window spring to settle") }
        }
        defer { stopControlPlane() }
        do { try loop.run() } catch {
            log.error("event loop failed: \(error)")
            return 1
        }
        return exitStatus
    }

    // MARK: Input

    /// gesto's plugin for the compositor (gesto-hyprland, gesto-wayfire) consumes the bound
    /// gestures and acts on them inside it: gestod reading the same touchpad acts on each a
    /// second time. Said once, at start, as `gestoctl doctor` says it; gestod still runs, since
    /// the plugin leaves the bindings it cannot carry out inactive and a user may mean that.
    private func warnIfCompositorPluginLoaded() {
        let environment = DoctorCommand.processEnvironment()
        let compositor = DoctorCommand.compositorName(environment)
        guard let compositor, DoctorCommand.pluginState(DoctorCommand.Probe(environment: environment), compositor: compositor) == .loaded else { return }
        let name = compositor == "hyprland" ? CompositorPlugin.hyprlandName : CompositorPlugin.wayfireName
        log.warning("\(name) is loaded in \(compositor): it acts on the bound gestures inside the compositor, and gestod reading "
                    + "the touchpad too acts on each of them a second time; stop gestod (`gestoctl disable`) or unload the plugin "
                    + "(`gestoctl doctor` says how)")
    }

    private func openLiveInput() throws(DaemonError) {
        do {
            // `--touchscreens` or `input: {touchscreens: true}` in the config it started with.
            let touchscreens = options.allowsTouchscreens || config.opensTouchscreens
            let source = options.devicePaths.isEmpty
                ? try LibinputSource(seat: options.seat, allowTouchscreens: touchscreens)
                : try LibinputSource(devicePaths: options.devicePaths, allowTouchscreens: touchscreens)
            self.source = source
            try loop.register(FileDescriptor(rawValue: source.fileDescriptor)) { [unowned self] _ in
                self.source?.dispatch { self.handle($0) }
            }
            // Devices present at start arrive as DEVICE_ADDED on the first dispatch.
            source.dispatch { handle($0) }
            for refusal in source.refusals { log.warning("\(refusal)") }
            warnIfCompositorPluginLoaded()
            if source.devices.isEmpty {
                log.info("no touchpad yet on \(options.devicePaths.isEmpty ? "seat " + options.seat : "the given devices"): waiting for one to appear")
            }
        } catch let error as InputError {
            throw .input(error)
        } catch let error as SystemError {
            throw .system(error)
        } catch {
            throw .input(.contextCreationFailed("\(error)"))
        }
    }

    /// Replays the recording at `path`. It reads outside the event loop, so it waits for its
    /// input and the signalfd together (``waitForReplayInput(_:)``) and looks for a signal
    /// before each report: SIGINT or SIGTERM stops it promptly, from a pipe that stays open as
    /// on a long file, and nothing more runs (no gesture in progress is finished).
    private func replay(_ path: String) {
        var clock = ReplayClock()
        do {
            try RecordedInput(path: path, gate: { [unowned self] in self.waitForReplayInput($0) }).forEach({ record in
                if isReplayStopping { return }
                // The recording's other events stand in for the timer: fire the deadlines they pass.
                if let time = clock.advance(past: record) {
                    for device in Array(pipelines.keys) {
                        pipelines[device]?.handleDeadlines(through: time) { perform($0, device: device) }
                    }
                }
                handle(record)
            }, warnings: { log.warning("\($0)") })
        } catch {
            log.error("\(error)")
            exitStatus = 1
        }
        if isReplayStopping {
            log.info("replay stopped", ["gestures": String(gestureCount), "actions": String(actionCount),
                                        "failed": String(failedActionCount)])
            return
        }
        for device in Array(pipelines.keys) { finish(device, at: clock.now) }
        log.info("replay finished", ["gestures": String(gestureCount), "actions": String(actionCount),
                                     "failed": String(failedActionCount)])
        if failedActionCount > 0 && actionCount == 0 {
            log.error("every action of the replay failed (\(failedActionCount))")
            exitStatus = 1
        }
    }

    /// Logs `reason` as an error and stops the daemon with exit status 1 (the control socket's
    /// lock was lost to another gestod).
    func stopFailing(_ reason: String) {
        log.error(reason)
        exitStatus = 1
        loop.stop()
    }

    /// Blocks until the replay's input `descriptor` has data or a signal arrives, handling the
    /// signals; false once SIGINT or SIGTERM stopped the replay. A failed poll lets the read go
    /// ahead and report its own error.
    private func waitForReplayInput(_ descriptor: Int32) -> Bool {
        while !isReplayStopping {
            guard let ready = try? FileDescriptor(rawValue: descriptor).waitUntilReadable(orUntilReadable: signals.fileDescriptor) else {
                return true
            }
            if ready.isOtherReady { signals.dispatchPending() }
            if ready.isReady { break }
        }
        return !isReplayStopping
    }

    /// Whether a replay has nothing left to wait for: no command running, no window spring
    /// running, and every overlay it showed at rest (or no compositor to show them on).
    private var isReplayDone: Bool {
        runner.runningCount == 0 && windowMotion?.isAnimating != true
            && (overlays?.isAtRest ?? true || wayland?.session.isConnected != true)
    }

    /// How long a replay may wait for what it set moving: a window spring until its settle
    /// time plus ``springSettleMarginSeconds``, an overlay ``overlayWaitSeconds``; nil when
    /// nothing moves (commands still running are waited for without a bound, as before).
    private var replaySettleDeadline: Timestamp? {
        let now = MonotonicClock.now()
        var deadline: Timestamp?
        if windowMotion?.isAnimating == true {
            deadline = (windowMotion?.settleTime ?? now.advanced(bySeconds: Self.overlayWaitSeconds))
                .advanced(bySeconds: Self.springSettleMarginSeconds)
        }
        if overlays?.isAtRest == false { deadline = max(deadline ?? now, now.advanced(bySeconds: Self.overlayWaitSeconds)) }
        return deadline
    }

    /// Ends a replay's loop once it is done.
    func stopReplayIfDone() {
        if options.replayPath != nil && isReplayDone { loop.stop() }
    }

    /// Chooses ``touchscreenOutput`` and ``touchscreenTransform`` again: the transform is the
    /// config's `touchscreen-transform`, else (`auto`) the one the compositor gives the
    /// touchscreen's output, else none. Called when the config is loaded and when the session
    /// reports its outputs changed, so a touch event reads stored values. A change of the
    /// transform is logged once, where touchscreens may be read.
    private func updateTouchscreenOutput() {
        touchscreenOutput = OutputDescription.touchscreenOutput(among: wayland?.session.outputs ?? [], named: config.touchscreenOutput)
        let transform: TouchTransform
        let source: String
        if let fixed = config.touchscreenTransform {
            transform = fixed
            source = "the config"
        } else if let output = touchscreenOutput {
            transform = output.touchTransform
            source = "output \(output.name ?? "?")"
        } else {
            transform = .normal
            source = config.touchscreenOutput.map { "no output \($0) (yet)" } ?? "no output to follow"
        }
        guard transform != touchscreenTransform else { return }
        touchscreenTransform = transform
        if options.replayPath != nil || options.allowsTouchscreens || config.opensTouchscreens {
            log.info("touchscreen: rotated \(transform.rawValue)° (from \(source))")
        }
    }

    /// The size of touchscreen `device` in mm, if it reports one: its positions are then in mm,
    /// else in percent of the screen (TouchFrameAssembler).
    private func touchscreenSize(of device: UInt32?) -> Vector2? {
        devices.first { $0.number == device }?.size?.millimeters
    }

    /// What the overlays need of touchscreen `device`: the unit of its positions (mm when it
    /// reports a size) and its output's physical size as seen (mm; nil when unknown).
    private func touchscreenGeometry(of device: UInt32?) -> (unit: ContactUnit, outputSize: Vector2?) {
        // Not read from the pipeline: this runs inside its emit, while it is being mutated.
        let unit: ContactUnit = touchscreenSize(of: device) == nil ? .percent : .millimeters
        return (unit, touchscreenOutput?.screenPhysicalSize)
    }

    /// The pipeline of `device`, made on its first event, and whether it is the only one. The
    /// last device's is remembered: most events come from the device before them.
    private func pipeline(for device: UInt32?) -> (box: PipelineBox, isOnly: Bool) {
        if let last = lastPipeline, last.device == device { return (last.box, last.isOnly) }
        return lookUpPipeline(for: device)
    }

    /// ``pipeline(for:)`` for a device other than the last one: looked up, or made.
    @inline(never)
    private func lookUpPipeline(for device: UInt32?) -> (box: PipelineBox, isOnly: Bool) {
        if let existing = pipelines[device] {
            lastPipeline = (device, existing, pipelines.count == 1)
            return (existing, pipelines.count == 1)
        }
        let label = device.map { "event\($0)" } ?? "replay"
        let known = devices.first { $0.number == device }
        var pipeline = GesturePipeline(config: config)
        pipeline.touchscreenSize = touchscreenSize(of: device)
        // Below debug nothing reads a report that is neither printed, fired nor final
        // (``perform(_:device:triggered:)`` would only log it at debug).
        pipeline.dropsUnreadLines = !log.isEnabled(.debug)
        // The device's name, for trace lines (a replay names it on its DEVICE_ADDED line).
        let name = known?.name ?? label
        // Only at trace level is a listener passed: below it no state is compared or named.
        let trace: ((RecognizerTransition) -> Void)? = log.isEnabled(.trace)
            ? { [unowned self] transition in
                self.log.trace("\(transition)", ["device": label, "name": name, "input": transition.input])
            }
            : nil
        let box = PipelineBox(pipeline, trace: trace) { [unowned self] diagnostic in
            self.log.debug("\(diagnostic)", ["device": label])
        }
        pipelines[device] = box
        lastPipeline = (device, box, pipelines.count == 1)
        return (box, pipelines.count == 1)
    }

    /// The focused window's app_id, for `app:` bindings: on sway, sway's own focus as its IPC
    /// events last said it (``SwayFocusDriver``: no round trip here, this is read at every
    /// gesture's start), because sway 1.7 drops `activated` from a fullscreen window's
    /// foreign-toplevel state once another window maps behind it, and never sends it again;
    /// elsewhere, and while sway's subscription is not open, the foreign-toplevel `activated`
    /// state.
    var focusedAppID: String? {
        if let focus = swayFocus?.focus { return focus.appID }
        return wayland?.session.focusedAppID
    }

    /// Where ``focusedAppID`` comes from now: `sway` (its IPC events), `foreign-toplevel`, or
    /// `none` (no compositor connected).
    var focusSource: String {
        if swayFocus?.focus != nil { return "sway" }
        return wayland?.session.isConnected == true ? "foreign-toplevel" : "none"
    }

    /// Opens sway's focus subscription when a binding has `app:` and sway's socket is known and
    /// none is open (or it is on another socket: sway restarted); closes it when no binding has
    /// `app:`, so title changes and the like do not wake gestod for nothing. Called when the
    /// Wayland session connects (a restarted sway is followed again from there) and when the
    /// config is (re)loaded. A sway that cannot be reached leaves the foreign-toplevel focus.
    func followSwayFocus() {
        // A replay reads outside the loop, where no event would be read: it keeps the
        // foreign-toplevel focus.
        guard let driver = swayFocus, options.replayPath == nil else { return }
        guard let sway = performer?.sway, config.bindings.contains(where: { $0.app != nil }) else {
            driver.stop()
            return
        }
        if driver.isSubscribed && driver.socketPath == sway.socketPath { return }
        do { try driver.start(sway) } catch {
            log.warning("sway: cannot follow its focus (\(error)); app: bindings follow the foreign-toplevel focus")
        }
    }

    func handle(_ record: InputRecord) {
        switch record {
        case .gesture(let event):
            // Checked here: the published event is only made for a subscriber.
            if bus.hasSubscribers(.input) { bus.publish(.input, .input(event)) }
            // Behind a lock screen gestures are ignored (pipelines were ended on locking).
            if sessionLock == .locked { return }
            let (box, isOnly) = pipeline(for: event.device)
            // Most events change no deadline: the timer is then left alone.
            let deadlineChanged = box.handle(event, focusedApp: focusedAppID) { perform($0, device: event.device) }
            if deadlineChanged || !isOnly { rearmTimer() }
        case .touch(let event):
            if sessionLock == .locked { return }
            let (box, isOnly) = pipeline(for: event.device)
            let deadlineChanged = box.handle(touch: event, focusedApp: focusedAppID,
                                             transform: touchscreenTransform,
                                             emit: { perform($0, device: event.device) },
                                             warn: { [unowned self] warning in
                                                 self.log.warning("\(warning)", ["device": event.device.map { "event\($0)" } ?? "replay"])
                                             })
            if deadlineChanged || !isOnly { rearmTimer() }
        case .deviceAdded(let device):
            bus.publish(.input, .device(added: true, DeviceSummary(device)))
            if device.isGestureDevice {
                devices.append(device)
                log.info("touchpad added: \(device.name)", ["node": device.node])
            } else if device.isTouchscreen {
                // libinput makes no gestures on touchscreens: gesto recognizes them from the touches.
                devices.append(device)
                log.info("touchscreen added: \(device.name)", ["node": device.node,
                         "unit": device.size == nil ? "% of the screen (no resolution)" : "mm"])
            } else {
                log.info("touchpad ignored: \(device.name) has no gesture support in libinput "
                         + "(no multitouch slots, or a semi-multitouch pad)", ["node": device.node])
            }
        case .deviceRemoved(let device):
            bus.publish(.input, .device(added: false, DeviceSummary(device)))
            log.info("device removed: \(device.name)", ["node": device.node])
            let hadTouchpad = !devices.isEmpty
            devices.removeAll { $0.node == device.node }
            if hadTouchpad && devices.isEmpty { log.info("no touchpad left: waiting for one to appear") }
            finish(device.number)
        case .otherEvent:
            break  // Only a replay's clock (see replay(_:)); the live source has the timer.
        }
    }

    /// Ends a device's gestures in progress (cancelled, end of input at `end` if later than
    /// its last event) and forgets it.
    private func finish(_ device: UInt32?, at end: Timestamp? = nil) {
        guard let box = pipelines.removeValue(forKey: device) else { return }
        if lastPipeline?.device == device { lastPipeline = nil }
        box.finish(at: end) { perform($0, device: device) }
        rearmTimer()
    }

    /// Ends every gesture in progress, as cancelled (the config changed, the session locked).
    func endGesturesInProgress() {
        for device in Array(pipelines.keys) { finish(device) }
    }

    /// Releases the button of every drag in progress, the gestures going on otherwise (paused:
    /// they run no action; stopping). A drag's release is performed even while paused.
    func interruptDrags() {
        let now = options.replayPath == nil ? MonotonicClock.now() : nil
        for device in Array(pipelines.keys) {
            pipelines[device]?.interruptDrags(at: now ?? Timestamp(microseconds: 0)) { perform($0, device: device) }
        }
        rearmTimer()
    }

    // MARK: Deadlines

    private func rearmTimer() {
        var deadline: Timestamp? = nil
        for box in pipelines.values { deadline = deadline.earliest(box.nextDeadline) }
        do {
            if let deadline { try timer.arm(at: deadline) } else if timer.state != .disarmed { try timer.disarm() }
        } catch {
            log.error("timer: \(error)")
        }
    }

    private func deadlinePassed() {
        let now = MonotonicClock.now()
        for device in Array(pipelines.keys) {
            guard let box = pipelines[device], let deadline = box.nextDeadline, deadline <= now else { continue }
            box.handleDeadline(deadline) { perform($0, device: device) }
        }
        rearmTimer()
    }

    // MARK: Actions

    /// Streams a report to monitors and runs its actions, unless paused or locked (a `trigger`
    /// runs even then: it is an explicit request).
    func perform(_ line: ReplayLine, device: UInt32?, triggered: Bool = false) {
        // A replay runs outside the loop: a signal is looked for before each report it acts on.
        if options.replayPath != nil {
            signals.dispatchPending()
            if isReplayStopping {
                // Nothing more runs, but a drag's button comes up (the way out releases it).
                for firing in line.firings where firing.action.kind == .drag && firing.gesture.phase.isFinal {
                    effects.plan(firing, isContinuous: false, isSuppressed: true) { drags.carryOut($0, bindingIndex: firing.bindingIndex, firing.gesture) }
                }
                return
            }
        }
        // The report's phase, not the line's (the first firing's): a continuous stream closed
        // because the gesture turned away is no finished gesture. Once per report.
        // A trigger is asked for, not recognized: it counts only as the action it runs.
        if !triggered && line.reportPhase.isFinal && line.isOutcome && !line.continuesReport { gestureCount += 1 }
        let suppressed: String? = triggered ? nil : isPaused ? "paused" : sessionLock == .locked ? "locked" : nil
        // A drag's pointer first: it follows the fingers, and printing and publishing the line
        // (a write to wherever stdout goes, one to each subscriber) must not make it wait.
        // Before the pause and lock check: a drag pressed before them is released after. A drag
        // is one action, counted when it presses.
        for firing in line.firings where firing.action.kind == .drag {
            effects.plan(firing, isContinuous: false, isSuppressed: suppressed != nil) { effect in
                if drags.carryOut(effect, bindingIndex: firing.bindingIndex, firing.gesture), case .press = effect { actionCount += 1 }
            }
        }
        if line.isPrinted { bus.publish(.gestures, .gesture(line, device: device, triggered: triggered, suppressed: suppressed)) }
        if options.printsGestures && line.isPrinted { gestureOutput.write(line.json + "\n") }
        log.debug("\(line.gesture.name) \(line.gesture.phase.name)")
        switch line.gesture.name.gesture {
        case .longPressDrag:
            // Paused or locked, no new strip shows; one already shown still follows to its drop.
            // A report is fed once, with its first line.
            if line.continuesReport { break }
            reorderStrips?.show(line.gesture, bindings: config.bindings, startsStrip: suppressed == nil)
        case .swipe, .pinch, .rotate, .hold, .longPress, .tap, .doubleTap, .edgeSwipe:
            break
        }
        // Each firing is what its action sees (DESIGN.md, "Bindings and verdicts"): what is
        // logged of an action is its firing's, as its command's GESTO_* are.
        for firing in line.firings {
            if case .drag = firing.action { continue }  // Sent above.
            if let suppressed {
                log.debug("\(suppressed): not running \(firing.action.summary)", ["gesture": firing.gesture.name.description])
                continue
            }
            actionCount += 1
            let isContinuous = config.bindings.indices.contains(firing.bindingIndex)
                && config.bindings[firing.bindingIndex].mode == .continuous
            if isContinuous, firing.action.showsGestureFeedback {
                overlays?.show(firing, of: config.bindings[firing.bindingIndex],
                               animation: config.animation(forBinding: firing.bindingIndex),
                               touchscreen: line.gesture.name.device == .touchscreen ? touchscreenGeometry(of: device) : nil)
            }
            if options.isDryRun {
                // GESTO_GESTURE, GESTO_PHASE and GESTO_REASON, as the command would have them.
                let gesture = firing.gesture
                if let reason = gesture.cancellationReason {
                    log.info("would run: \(firing.action.summary)",
                             ["gesture": gesture.name.description, "phase": gesture.phase.name, "reason": reason.rawValue])
                } else {
                    log.info("would run: \(firing.action.summary)", ["gesture": gesture.name.description, "phase": gesture.phase.name])
                }
                continue
            }
            // A trigger has no swipe to follow or decide from: it asks for the switch itself.
            effects.plan(firing, isContinuous: isContinuous && !triggered, isSuppressed: false) { effect in
                carryOut(effect, of: firing)
            }
        }
    }

    /// Carries out one effect of `firing` (not a drag's: ``drags`` sends those first).
    private func carryOut(_ effect: Effect, of firing: BindingFiring<Action>) {
        switch effect {
        case .run(let command):
            // The firing, not the report: a continuous stream's own began and closing
            // phase, progress against the binding's own threshold.
            let environment = sessionEnvironment + firing.gesture.environment.map { (name: $0.0, value: $0.1) }
            do { _ = try runner.run(command, environment: environment) } catch {
                actionFailed(firing.action, "\(error)", gesture: firing.gesture.name)
            }
        case .keys, .window, .swayCommand, .hyprlandDispatch, .switchWorkspace:
            performSessionEffect(effect, of: firing)
        case .windowMotion(let motion):
            windowMotionDriver(warn: firing.gesture.phase == .began)?
                .handle(firing.gesture, action: motion, parameters: config.animation(forBinding: firing.bindingIndex))
        case .reorder:
            break  // The pipeline turns a reorder into exec firings of its step commands.
        case .workspaceMotion:
            break  // Never planned for a client (EffectPlanner.Host.client): nothing follows the fingers here.
        case .press, .move, .release:
            break  // A drag's: sent first, paused or not.
        }
    }

    /// Performs a `keys:`, `window:`, `sway:`, `hyprland:` or workspace-switch effect, or logs why it could not run.
    private func performSessionEffect(_ effect: Effect, of firing: BindingFiring<Action>) {
        guard let performer else {
            actionFailed(firing.action, "no Wayland session", gesture: firing.gesture.name)
            return
        }
        do {
            try performer.perform(effect)
            wayland?.flush()
        } catch {
            actionFailed(firing.action, "\(error)", gesture: firing.gesture.name)
        }
    }

    /// Names each `workspace:` binding gestod cannot perform on the compositor it connected to:
    /// it sends them over sway's IPC, so outside sway they are inactive (inside Wayfire the
    /// gesto-wayfire plugin performs them); `up` and `down` have no sway command (the config's
    /// warning says so).
    func warnAboutInactiveWorkspaceBindings(_ config: Config) {
        guard let performer, performer.sway == nil else { return }
        for (index, binding) in config.bindings.enumerated() {
            guard case .session(.workspace(let workspace)) = binding.action, workspace.swayCommand != nil else { continue }
            log.warning("binding \(Binding.number(ofIndex: index)) (\(binding.gesture), \(binding.action.summary)) is inactive: gestod switches "
                        + "workspaces over sway's IPC, and this compositor is not sway (on Wayfire, the gesto-wayfire plugin performs it)")
        }
    }

    /// Names each `hyprland:` binding gestod cannot perform: it sends them over Hyprland's IPC,
    /// so on another compositor (or a Hyprland it cannot find) they are inactive and each
    /// firing fails with the same reason.
    func warnAboutInactiveHyprlandBindings(_ config: Config) {
        guard let performer, performer.hyprland == nil else { return }
        for (index, binding) in config.bindings.enumerated() {
            guard case .session(.hyprland) = binding.action else { continue }
            log.warning("binding \(Binding.number(ofIndex: index)) (\(binding.gesture), \(binding.action.summary)) is inactive: gestod sends "
                        + "Hyprland's dispatches over Hyprland's IPC, and this compositor is not Hyprland "
                        + "(\(HyprlandIPCError.noSocket))")
        }
    }

    /// Logs an action that could not run and counts it as failed, not run.
    private func actionFailed(_ action: Action, _ why: String, gesture: GestureName) {
        let message = "\(action.summary) failed: \(why)"
        log.warning(message, ["gesture": gesture.description])
        actionCount -= 1  // Counted when it started.
        failedActionCount += 1
        lastActionFailure = message
    }

    // MARK: Signals

    private func received(_ signal: Signal) {
        switch signal {
        case .interrupt, .terminate:
            log.info("stopping on \(signal)")
            if options.replayPath != nil { isReplayStopping = true }
            loop.stop()
        case .hangup:
            reloadConfig()
        case .childExited:
            runner.reapExitedChildren()
            stopReplayIfDone()
        }
    }

    /// Re-reads the config; a broken one is reported and the last good one stays.
    @discardableResult
    public func reloadConfig() -> Result<Config, ConfigFileProblem>? {
        guard let path = configPath else { return nil }
        if options.replayPath == nil { watchConfig() }
        let result = ConfigFile.load(path: path)
        switch result {
        case .success(let loaded):
            config = loaded
            configLoadedAt = WallClock.now()
            configProblem = nil
            updateTouchscreenOutput()
            endGesturesInProgress()
            overlays?.reset()
            reorderStrips?.reset()
            log.info("config reloaded", ["path": path, "bindings": String(loaded.bindings.count)])
            sendOwnedFingerCounts()
            for warning in loaded.warnings { log.warning(warning.description) }
            followSwayFocus()
            if hasConnectedCompositor {
                warnAboutInactiveWorkspaceBindings(loaded)
                warnAboutInactiveHyprlandBindings(loaded)
                drags.prepare(for: loaded)
            }
        case .failure(let problem):
            configProblem = problem
            log.error(configLoadedAt == nil ? "config not loaded, running with no bindings until it is fixed:\n\(problem)"
                      : "config not reloaded, keeping the last good one:\n\(problem)")
        }
        return result
    }
}

/// A touchpad's pipeline, held by reference in ``Daemon``'s device table.
final class PipelineBox {
    /// Unchecked: every access is a method of this box, on the event loop's thread, and the
    /// callbacks a method passes in (``Daemon/perform(_:device:triggered:)``, the log) never
    /// reach a pipeline box, so no access can overlap another and a run-time check could never
    /// fire.
    @exclusivity(unchecked) private var pipeline: GesturePipeline
    /// Where the recognizers' diagnostics go (gestod logs them at debug, with the device).
    let diagnose: (RecognizerDiagnostic) -> Void
    /// Where the recognizers' state changes go (gestod logs them at trace), or nil.
    let trace: ((RecognizerTransition) -> Void)?
    /// The pipeline's next deadline as of its last input: the one the loop's timer is armed for.
    private(set) var nextDeadline: Timestamp?

    init(_ pipeline: GesturePipeline, trace: ((RecognizerTransition) -> Void)? = nil,
         diagnose: @escaping (RecognizerDiagnostic) -> Void) {
        self.pipeline = pipeline
        self.trace = trace
        self.diagnose = diagnose
    }

    /// The focused app the pipeline was last given.
    private var focusedApp: String?

    /// Gives the pipeline `focusedApp` if it changed: the focus changes far less often than
    /// a touchpad reports events.
    private func focus(_ focusedApp: String?) {
        if self.focusedApp != focusedApp {
            self.focusedApp = focusedApp
            pipeline.focusedApp = focusedApp
        }
    }

    /// Feeds `event` with `focusedApp` focused; returns whether the next deadline changed.
    func handle(_ event: GestureEvent, focusedApp: String?, emit: (ReplayLine) -> Void) -> Bool {
        focus(focusedApp)
        pipeline.handle(event, emit: emit, diagnose: { self.diagnose($0) }, trace: trace)
        return updateDeadline()
    }

    /// Feeds touchscreen `event`; returns whether the next deadline changed.
    func handle(touch event: TouchEvent, focusedApp: String?, transform: TouchTransform,
                emit: (ReplayLine) -> Void, warn: (TouchDiagnostic) -> Void) -> Bool {
        focus(focusedApp)
        pipeline.touchscreenTransform = transform
        pipeline.handle(touch: event, emit: emit, diagnose: diagnose, warn: warn, trace: trace)
        return updateDeadline()
    }

    /// Feeds every deadline at or before `time` (a replay's clock passed them).
    func handleDeadlines(through time: Timestamp, emit: (ReplayLine) -> Void) {
        pipeline.handleDeadlines(through: time, emit: emit, diagnose: diagnose, trace: trace)
        _ = updateDeadline()
    }

    /// Feeds a deadline that passed.
    func handleDeadline(_ time: Timestamp, emit: (ReplayLine) -> Void) {
        pipeline.handleDeadline(time, emit: emit, diagnose: diagnose, trace: trace)
        _ = updateDeadline()
    }

    /// Releases the button of a drag in progress (paused, stopping).
    func interruptDrags(at time: Timestamp, emit: (ReplayLine) -> Void) {
        pipeline.interruptDrags(at: time, emit: emit)
        _ = updateDeadline()
    }

    /// Ends the input at `end` if later than the last event (gestures in progress are cancelled).
    func finish(at end: Timestamp? = nil, emit: (ReplayLine) -> Void) {
        pipeline.finish(at: end, emit: emit, diagnose: diagnose, trace: trace)
        _ = updateDeadline()
    }

    private func updateDeadline() -> Bool {
        let deadline = pipeline.nextDeadline
        defer { nextDeadline = deadline }
        return deadline != nextDeadline
    }
}

/// Why gestod could not start.
public enum DaemonError: Error, CustomStringConvertible {
    case system(SystemError)
    case input(InputError)
    case config(ConfigFileProblem)
    /// `--config FILE` names no file, and `--wait-for-config` was not given.
    case configMissing(path: String)
    /// The control socket could not be opened (another gestod runs on it, a bad path).
    case control(IPCServerError)

    public var description: String {
        switch self {
        case .system(let error): "\(error)"
        case .input(let error): "\(error)"
        case .config(let problem): "\(problem)"
        case .configMissing(let path):
            "no config at \(path) (--config names no file): check the path, write a starter with "
                + "`gestoctl init -o \(path)`, or pass --wait-for-config to start with no bindings and load it once it appears"
        case .control(let error): "\(error)"
        }
    }
}
