// Carries out `window-motion:` on sway: the stream of a continuous swipe binding moves the
// focused floating window over sway's IPC (`move absolute position`), and after the release a
// spring runs frame by frame on a one-shot timer (about 60 Hz, armed only while the window
// moves) until the window rests at its snap target, with the target's size. The physics
// is GestoCore's WindowMotion; this file only talks to sway. The size springs along with the
// position (`resize set` on the frames where it changes by a pixel).
//
// A tiled window is made floating when a gesture grabs it (`floating enable`; sway then gives
// it its floating size): the gesture asks for the window to move freely, so it is honoured
// rather than ignored. A grab of the same window while it is still springing interrupts the
// spring where the window is; a grab of another window first puts the previous one at its target.
import GestoConfig
import GestoCore
import GestoSystem
import GestoWayland

/// Moves sway windows for `window-motion:` bindings.
public final class WindowMotionDriver {
    /// Time between animation frames: 60 Hz.
    public static let frameInterval = 1.0 / 60

    /// The sway socket commands go to.
    public var sway: SwayIPC
    private let log: Log
    private let now: () -> Timestamp
    private var timer: TimerFD!
    /// The sway container id of the window in motion, while there is one.
    public private(set) var windowID: Int?
    /// The motion of that window.
    public private(set) var motion: WindowMotion?
    /// The last position sent, so unchanged frames send nothing.
    private var lastSent: (x: Int, y: Int)?
    /// The last size sent (or read from the tree).
    private var lastSize: (width: Int, height: Int)?
    /// How many animation frames ran (for tests and the log).
    public private(set) var frameCount = 0
    /// Called with each rect sent to sway (position, and the size last asked for), after sway
    /// accepted the command. What the window then shows is the client's answer: a client may
    /// commit a size late or rounded, so an observer that checks gesto's motion checks these.
    public var onSend: ((WindowRect) -> Void)?
    /// Called when a spring stops running: the window came to rest, was put at its target, or
    /// was dropped (a replay ends only once nothing moves).
    public var onRest: (() -> Void)?

    /// A driver whose frame timer runs on `loop`.
    /// - Parameter now: The clock springs run on (CLOCK_MONOTONIC; replaceable for tests).
    /// - Throws: `SystemError` when the timer cannot be made.
    public init(loop: EventLoop, sway: SwayIPC, log: Log, now: @escaping () -> Timestamp = MonotonicClock.now) throws(SystemError) {
        self.sway = sway
        self.log = log
        self.now = now
        timer = try TimerFD(loop: loop) { [unowned self] in self.frame() }
    }

    /// Whether a spring is running (the frame timer is armed).
    public var isAnimating: Bool { motion?.spring != nil }

    /// When the running springs (position and size) will have settled for good, on the
    /// driver's clock; nil when none runs or one never settles (no damping).
    public var settleTime: Timestamp? {
        guard let motion, let position = motion.spring?.settleTimeEstimate else { return nil }
        guard let size = motion.sizeSpring else { return position }
        return size.settleTimeEstimate.map { max($0, position) }
    }

    /// Puts a window still springing at its target at once and stops its frames (a replay that
    /// waited for the spring as long as it may).
    public func finishAtTarget() {
        if let current = motion, current.spring != nil, let target = current.targetRect { apply(target) }
        drop()
    }

    /// Handles one report of a `window-motion:` binding's stream.
    ///
    /// - Parameters:
    ///   - gesture: The report: began grabs the focused window, changed drags it (a swipe's
    ///     translation moves it; a pinch's scale resizes it about its centre), the end (ended,
    ///     failed or cancelled) releases it.
    ///   - action: The binding's snap targets and scale.
    ///   - parameters: The binding's `animation:` spring.
    public func handle(_ gesture: RecognizedGesture, action: WindowMotionAction, parameters: SpringParameters) {
        switch gesture.phase {
        case .arming:
            return
        case .began:
            grab(action: action, parameters: parameters)
            drag(gesture)
        case .changed:
            drag(gesture)
        case .ended, .failed, .cancelled:
            // Only a window this stream grabbed: an end whose began was not seen (gestod was
            // paused then) must not throw the previous window.
            guard let current = motion, case .dragging = current.phase else { return }
            let target: WindowSnap
            if Self.isPinch(gesture) {
                target = motion!.release(scale: gesture.scale, at: now())
            } else {
                let velocity = gesture.cancellationReason == nil ? gesture.velocity : .zero
                target = motion!.release(translation: gesture.translation, velocity: velocity, at: now())
            }
            log.debug("window-motion: released toward \(target.rawValue)", ["window": String(windowID ?? 0)])
            frame()
        }
    }

    // MARK: Grab and drag

    private func grab(action: WindowMotionAction, parameters: SpringParameters) {
        let tree: JSONValue
        do { tree = try sway.query(.getTree) } catch {
            log.warning("window-motion: cannot read sway's tree: \(error)")
            return drop()
        }
        guard let found = Self.focusedWindow(in: tree) else {
            log.debug("window-motion: no focused window to move")
            return drop()
        }
        // Mid-flight the motion goes on (same start, same back target); a window at rest starts
        // afresh from its rect in the tree, which may have been resized since.
        if found.id == windowID, var current = motion, current.spring != nil {
            current.grab(at: now())
            motion = current
            try? timer.disarm()
            return
        }
        finishAtTarget()
        var window = found
        if !window.isFloating {
            log.info("window-motion: making the tiled window floating to move it", ["window": String(window.id)])
            do {
                try sway.runCommand("[con_id=\(window.id)] floating enable")
                guard let floating = Self.focusedWindow(in: try sway.query(.getTree)), floating.id == window.id else { return drop() }
                window = floating
            } catch {
                log.warning("window-motion: cannot make the window floating: \(error)")
                return drop()
            }
        }
        windowID = window.id
        motion = WindowMotion(start: window.rect, area: window.area, snaps: action.snaps, scale: action.scale, parameters: parameters)
        motion!.grab(at: now())
        lastSent = (Int(window.rect.x.rounded()), Int(window.rect.y.rounded()))
        lastSize = (Int(window.rect.width.rounded()), Int(window.rect.height.rounded()))
    }

    private func drag(_ gesture: RecognizedGesture) {
        guard let motion, case .dragging = motion.phase else { return }
        if Self.isPinch(gesture) {
            let pinched = motion.pinched(scale: gesture.scale)
            move(to: pinched.origin, size: pinched.size)
        } else {
            move(to: motion.dragged(translation: gesture.translation))
        }
    }

    /// Whether a pinch drives the motion (it scales the window) rather than a swipe (it moves it).
    static func isPinch(_ gesture: RecognizedGesture) -> Bool {
        switch gesture.name.gesture {
        case .pinch: true
        case .swipe, .rotate, .hold, .longPress, .longPressDrag, .tap, .doubleTap, .edgeSwipe: false
        }
    }

    // MARK: Frames

    /// One animation frame: moves (and resizes) the window to the springs' values; at rest
    /// (exactly at the target) it stops, otherwise it arms the timer for the next frame.
    private func frame() {
        guard var current = motion, current.spring != nil else { return }
        frameCount += 1
        let time = now()
        let shown = current.frame(at: time)
        guard move(to: shown.origin, size: shown.size) else { return }
        if shown.atRest {
            current.settle()
            motion = current
            onRest?()
            return
        }
        do { try timer.arm(at: time.advanced(bySeconds: Self.frameInterval)) } catch {
            log.error("window-motion: frame timer: \(error)")
        }
    }

    /// Forgets the window in motion and stops the frames.
    private func drop() {
        let wasAnimating = isAnimating
        windowID = nil
        motion = nil
        lastSent = nil
        lastSize = nil
        if timer.state != .disarmed { try? timer.disarm() }
        if wasAnimating { onRest?() }
    }

    // MARK: sway commands

    /// Sends the window to `origin`, and to `size` when given (whole pixels; nothing if
    /// unchanged; sway resizes a floating window around its centre, so the move comes after).
    /// False, with the motion dropped, when sway refused (the window closed).
    @discardableResult
    private func move(to origin: Vector2, size: Vector2? = nil) -> Bool {
        guard let windowID else { return false }
        let x = Int(origin.x.rounded()), y = Int(origin.y.rounded())
        let newSize = size.map { (width: Int($0.x.rounded()), height: Int($0.y.rounded())) }
        let resize = newSize.flatMap { new in lastSize.map { $0 == new } == true ? nil : new }
        if resize == nil, let lastSent, lastSent == (x, y) { return true }
        var command = "[con_id=\(windowID)] "
        if let resize { command += "resize set \(resize.width) px \(resize.height) px, " }
        command += "move absolute position \(x) \(y)"
        do {
            try sway.runCommand(command)
            lastSent = (x, y)
            if let resize { lastSize = resize }
            if let onSend, let size = lastSize {
                onSend(WindowRect(x: Double(x), y: Double(y), width: Double(size.width), height: Double(size.height)))
            }
            return true
        } catch {
            log.warning("window-motion: \(error)", ["window": String(windowID)])
            drop()
            return false
        }
    }

    /// Gives the window the target's size and position at once.
    private func apply(_ rect: WindowRect) {
        lastSize = nil
        move(to: rect.origin, size: Vector2(rect.width, rect.height))
    }

    // MARK: The tree

    /// A window found in sway's tree.
    public struct TreeWindow: Sendable {
        /// The container id (`[con_id=N]`).
        public var id: Int
        /// Its rect in layout pixels, borders and title bar included.
        public var rect: WindowRect
        /// The usable area of its workspace (the output without bars).
        public var area: WindowRect
        /// Whether it floats.
        public var isFloating: Bool
    }

    /// A node's rect as `move position` and `resize set` mean it: GET_TREE's `rect` of a
    /// view leaves out its title bar (`deco_rect`), which sits above it.
    public static func outerRect(of node: JSONValue) -> WindowRect? {
        guard let r = node["rect"], let x = r["x"]?.numberValue, let y = r["y"]?.numberValue,
              let w = r["width"]?.numberValue, let h = r["height"]?.numberValue else { return nil }
        let title = node["type"]?.stringValue == "workspace" ? 0 : node["deco_rect"]?["height"]?.numberValue ?? 0
        return WindowRect(x: x, y: y - title, width: w, height: h + title)
    }

    /// The focused view in a GET_TREE reply, with its workspace's rect; nil when the focus is
    /// on a workspace or nothing.
    public static func focusedWindow(in tree: JSONValue) -> TreeWindow? {
        func rect(_ node: JSONValue) -> WindowRect? { outerRect(of: node) }
        func search(_ node: JSONValue, workspace: WindowRect?, floating: Bool) -> TreeWindow? {
            let type = node["type"]?.stringValue
            let area = type == "workspace" ? rect(node) : workspace
            if node["focused"]?.boolValue == true {
                guard type == "con" || type == "floating_con", node["pid"] != nil || node["app_id"] != nil,
                      let id = node["id"]?.numberValue, let own = rect(node), let area else { return nil }
                return TreeWindow(id: Int(id), rect: own, area: area, isFloating: floating || type == "floating_con")
            }
            for child in node["nodes"]?.elements ?? [] {
                if let found = search(child, workspace: area, floating: floating) { return found }
            }
            for child in node["floating_nodes"]?.elements ?? [] {
                if let found = search(child, workspace: area, floating: true) { return found }
            }
            return nil
        }
        return search(tree, workspace: nil, floating: false)
    }
}

extension Daemon {
    /// The window-motion driver, made on first use; nil outside a sway session (warned when
    /// `warn`: once per gesture, on its began report).
    func windowMotionDriver(warn: Bool) -> WindowMotionDriver? {
        if let windowMotion { return windowMotion }
        guard let sway = SwayIPC.fromEnvironment() else {
            if warn { log.warning("window-motion needs sway: SWAYSOCK is not set") }
            return nil
        }
        do {
            let driver = try WindowMotionDriver(loop: loop, sway: sway, log: log)
            driver.onRest = { [unowned self] in self.stopReplayIfDone() }
            windowMotion = driver
        } catch {
            log.error("window-motion: \(error)")
        }
        return windowMotion
    }
}
