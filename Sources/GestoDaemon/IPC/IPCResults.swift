// The `result` objects of gesto's control protocol, part of the message module shared by gestod
// (which encodes them) and gestoctl (which decodes them to print human output). Decoding is
// lenient: a missing member takes a neutral value, so an older gestoctl reads a newer gestod.
import GestoConfig
import GestoCore
import GestoWayland
import Glibc

/// Whether gestod runs actions.
public enum DaemonRunState: String, Sendable, CaseIterable {
    /// Gestures run their actions.
    case running
    /// Gestures are recognized and streamed to monitors, but no action runs (`gestoctl pause`).
    case paused
}

/// Whether the graphical session is locked, as logind's `LockedHint` says.
public enum SessionLockState: String, Sendable, CaseIterable {
    /// Unlocked: gestures are handled.
    case unlocked
    /// Locked: gestures are ignored until it unlocks.
    case locked
    /// Not known (no system bus, no logind session): gestures are handled.
    case unknown
}

/// `status`: what gestod is doing.
public struct DaemonStatus: Sendable {
    /// gestod's version.
    public var version: String
    /// gestod's process ID.
    public var pid: Int
    /// Running or paused.
    public var state: DaemonRunState
    /// The session's lock state.
    public var sessionLock: SessionLockState
    /// Seconds since gestod started.
    public var uptimeSeconds: Double
    /// The config file gestod reads (null: none, neither XDG_CONFIG_HOME nor HOME is set).
    public var configPath: String?
    /// When the active config was loaded, in seconds since the Unix epoch (null: no config
    /// was ever loaded, gestod runs with no bindings).
    public var configLoadedAt: Double?
    /// The problem of the last load or reload if it failed (the last good config stays active).
    public var configError: String?
    /// The active bindings.
    public var bindingCount: Int
    /// Where gestod reads input: `seat seat0`, `devices`, `none` (`--no-devices`).
    public var input: String
    /// The touchpads gestod reads now (empty: none yet; they are picked up when they appear).
    public var devices: [DeviceSummary]
    /// Gestures recognized (final reports) and actions run since start.
    public var gestureCount: Int
    public var actionCount: Int
    /// Actions that could not run (not counted in ``actionCount``).
    public var failedActionCount: Int
    /// Whether gestod is connected to the Wayland compositor.
    public var waylandConnected: Bool
    /// The protocols gesto uses that the connected compositor lacks, each with the configured
    /// bindings it rules out (empty while disconnected or when nothing is missing).
    public var waylandMissing: [MissingProtocol] = []
    /// Connected `monitor` clients.
    public var monitorCount: Int

    /// The `result` object.
    public var json: String {
        var object = JSONObjectWriter()
        object.add("version", version)
        object.add("pid", pid)
        object.add("state", state.rawValue)
        object.add("session_lock", sessionLock.rawValue)
        object.add("uptime", uptimeSeconds, decimals: 3)
        var config = JSONObjectWriter()
        config.add("path", configPath)
        config.add("loaded_at", configLoadedAt ?? .nan, decimals: 3)
        config.add("error", configError)
        config.add("bindings", bindingCount)
        object.addRaw("config", config.json)
        object.add("input", input)
        object.addRaw("devices", "[" + devices.map(\.json).joined(separator: ", ") + "]")
        object.add("gestures", gestureCount)
        object.add("actions", actionCount)
        object.add("actions_failed", failedActionCount)
        object.add("wayland", waylandConnected)
        object.addRaw("wayland_missing", "[" + waylandMissing.map(\.json).joined(separator: ", ") + "]")
        object.add("monitors", monitorCount)
        return object.json
    }

    /// Decodes a `result` object.
    public init(json: JSONValue) {
        version = json["version"]?.stringValue ?? "?"
        pid = Int(json["pid"]?.numberValue ?? 0)
        state = json["state"]?.stringValue.flatMap(DaemonRunState.init(rawValue:)) ?? .running
        sessionLock = json["session_lock"]?.stringValue.flatMap(SessionLockState.init(rawValue:)) ?? .unknown
        uptimeSeconds = json["uptime"]?.numberValue ?? 0
        let config = json["config"] ?? .null
        configPath = config["path"]?.stringValue
        configLoadedAt = config["loaded_at"]?.numberValue
        configError = config["error"]?.stringValue
        bindingCount = Int(config["bindings"]?.numberValue ?? 0)
        input = json["input"]?.stringValue ?? "?"
        devices = json["devices"]?.elements.map(DeviceSummary.init(json:)) ?? []
        gestureCount = Int(json["gestures"]?.numberValue ?? 0)
        actionCount = Int(json["actions"]?.numberValue ?? 0)
        failedActionCount = Int(json["actions_failed"]?.numberValue ?? 0)
        waylandConnected = json["wayland"]?.boolValue ?? false
        waylandMissing = json["wayland_missing"]?.elements.map(MissingProtocol.init(json:)) ?? []
        monitorCount = Int(json["monitors"]?.numberValue ?? 0)
    }

    init(version: String, pid: Int, state: DaemonRunState, sessionLock: SessionLockState, uptimeSeconds: Double,
         configPath: String?, configLoadedAt: Double?, configError: String?, bindingCount: Int, input: String,
         devices: [DeviceSummary], gestureCount: Int, actionCount: Int, failedActionCount: Int, waylandConnected: Bool, monitorCount: Int) {
        self.version = version
        self.pid = pid
        self.state = state
        self.sessionLock = sessionLock
        self.uptimeSeconds = uptimeSeconds
        self.configPath = configPath
        self.configLoadedAt = configLoadedAt
        self.configError = configError
        self.bindingCount = bindingCount
        self.input = input
        self.devices = devices
        self.gestureCount = gestureCount
        self.actionCount = actionCount
        self.failedActionCount = failedActionCount
        self.waylandConnected = waylandConnected
        self.monitorCount = monitorCount
    }
}

/// A protocol the compositor lacks: `{"protocol", "consequence", "ruled_out"}`.
public struct MissingProtocol: Sendable, Equatable {
    /// The global's interface name (`zwp_virtual_keyboard_manager_v1`).
    public var name: String
    /// What stops working without it (`keys: actions are off`).
    public var consequence: String
    /// The configured bindings it rules out, in config order.
    public var ruledOut: [RuledOut]

    /// A binding a missing protocol rules out: `{"binding", "gesture", "action", "location", "effect"}`.
    public struct RuledOut: Sendable, Equatable {
        /// The binding's index in the config.
        public var binding: Int
        /// Its gesture and action as written (`swipe:3:left`, `keys: super+Left`).
        public var gesture: String
        public var action: String
        /// Where it is in the config (`FILE:LINE:COLUMN`), if known.
        public var location: String?
        /// What of it is lost (`its keys: action cannot run`).
        public var effect: String

        public init(binding: Int, gesture: String, action: String, location: String?, effect: String) {
            self.binding = binding
            self.gesture = gesture
            self.action = action
            self.location = location
            self.effect = effect
        }

        var json: String {
            var object = JSONObjectWriter()
            object.add("binding", binding)
            object.add("gesture", gesture)
            object.add("action", action)
            object.add("location", location)
            object.add("effect", effect)
            return object.json
        }

        init(json: JSONValue) {
            binding = Int(json["binding"]?.numberValue ?? 0)
            gesture = json["gesture"]?.stringValue ?? "?"
            action = json["action"]?.stringValue ?? "?"
            location = json["location"]?.stringValue
            effect = json["effect"]?.stringValue ?? ""
        }
    }

    public init(name: String, consequence: String, ruledOut: [RuledOut]) {
        self.name = name
        self.consequence = consequence
        self.ruledOut = ruledOut
    }

    /// What `missing` globals rule out among `bindings` (whose config locations are `locations`).
    public static func report(missing: [WaylandSession.Global], bindings: [Binding<Action>],
                              locations: [SourceLocation]) -> [MissingProtocol] {
        let ruledOut = WaylandSession.Global.ruledOut(bindings, missing: missing)
        return missing.map { global in
            MissingProtocol(name: global.rawValue, consequence: global.consequence, ruledOut: ruledOut.filter { $0.global == global }.map {
                RuledOut(binding: $0.index, gesture: bindings[$0.index].gesture.description, action: bindings[$0.index].action.summary,
                         location: $0.index < locations.count ? locations[$0.index].description : nil, effect: $0.effect)
            })
        }
    }

    /// The JSON object.
    public var json: String {
        var object = JSONObjectWriter()
        object.add("protocol", name)
        object.add("consequence", consequence)
        object.addRaw("ruled_out", "[" + ruledOut.map(\.json).joined(separator: ", ") + "]")
        return object.json
    }

    /// Decodes the object.
    public init(json: JSONValue) {
        name = json["protocol"]?.stringValue ?? "?"
        consequence = json["consequence"]?.stringValue ?? ""
        ruledOut = json["ruled_out"]?.elements.map(RuledOut.init(json:)) ?? []
    }

    /// The lines `gestoctl status` and `gestoctl doctor` print for it (no indentation).
    public var textLines: [String] {
        ["\(name) is missing: \(consequence)"] + ruledOut.map { entry in
            "  binding \(entry.binding) (\(entry.gesture), \(entry.action)\(entry.location.map { " at " + $0 } ?? "")): \(entry.effect)"
        }
    }
}

/// One input device: `{"name", "node", "touchpad"}`.
public struct DeviceSummary: Sendable, Equatable {
    /// The kernel's name for it (`SynPS/2 Synaptics TouchPad`).
    public var name: String
    /// Its event node (`/dev/input/event5`).
    public var node: String
    /// Whether it sends gestures (a touchpad).
    public var isTouchpad: Bool

    /// Makes a summary.
    public init(name: String, node: String, isTouchpad: Bool) {
        self.name = name
        self.node = node
        self.isTouchpad = isTouchpad
    }

    /// The JSON object.
    public var json: String {
        var object = JSONObjectWriter()
        object.add("name", name)
        object.add("node", node)
        object.add("touchpad", isTouchpad)
        return object.json
    }

    /// Decodes a device object.
    public init(json: JSONValue) {
        name = json["name"]?.stringValue ?? "?"
        node = json["node"]?.stringValue ?? "?"
        isTouchpad = json["touchpad"]?.boolValue ?? false
    }
}

/// One active binding: `{"index", "gesture", "mode", "action", "app", "location"}`.
public struct BindingSummary: Sendable, Equatable {
    /// Its position in the config's binding list, from 0.
    public var index: Int
    /// The gesture in binding syntax (`swipe:3:left`).
    public var gesture: String
    /// The fire mode (`on-end`).
    public var mode: String
    /// The action as written in the config (`exec: swaymsg workspace next`).
    public var action: String
    /// The app it is limited to (app_id or glob), or nil for every app.
    public var app: String?
    /// Where it is in the config (`FILE:LINE:COLUMN`), if known.
    public var location: String?

    /// The JSON object.
    public var json: String {
        var object = JSONObjectWriter()
        object.add("index", index)
        object.add("gesture", gesture)
        object.add("mode", mode)
        object.add("action", action)
        object.add("app", app)
        object.add("location", location)
        return object.json
    }

    init(index: Int, gesture: String, mode: String, action: String, app: String?, location: String?) {
        self.index = index
        self.gesture = gesture
        self.mode = mode
        self.action = action
        self.app = app
        self.location = location
    }

    /// Decodes a binding object.
    public init(json: JSONValue) {
        index = Int(json["index"]?.numberValue ?? 0)
        gesture = json["gesture"]?.stringValue ?? "?"
        mode = json["mode"]?.stringValue ?? "?"
        action = json["action"]?.stringValue ?? "?"
        app = json["app"]?.stringValue
        location = json["location"]?.stringValue
    }
}

/// `reload`: `{"path", "bindings", "loaded_at"}`.
public struct ReloadSummary: Sendable {
    /// The config file read.
    public var path: String
    /// The bindings now active.
    public var bindingCount: Int
    /// When it was loaded, in seconds since the Unix epoch.
    public var loadedAt: Double

    /// The JSON object.
    public var json: String {
        var object = JSONObjectWriter()
        object.add("path", path)
        object.add("bindings", bindingCount)
        object.add("loaded_at", loadedAt, decimals: 3)
        return object.json
    }

    init(path: String, bindingCount: Int, loadedAt: Double) {
        self.path = path
        self.bindingCount = bindingCount
        self.loadedAt = loadedAt
    }

    /// Decodes the object.
    public init(json: JSONValue) {
        path = json["path"]?.stringValue ?? "?"
        bindingCount = Int(json["bindings"]?.numberValue ?? 0)
        loadedAt = json["loaded_at"]?.numberValue ?? 0
    }
}

/// `pause` and `resume`: `{"state", "changed"}`.
public struct PauseSummary: Sendable {
    /// The state now.
    public var state: DaemonRunState
    /// False when gestod already was in that state.
    public var changed: Bool

    /// The JSON object.
    public var json: String {
        var object = JSONObjectWriter()
        object.add("state", state.rawValue)
        object.add("changed", changed)
        return object.json
    }

    init(state: DaemonRunState, changed: Bool) {
        self.state = state
        self.changed = changed
    }

    /// Decodes the object.
    public init(json: JSONValue) {
        state = json["state"]?.stringValue.flatMap(DaemonRunState.init(rawValue:)) ?? .running
        changed = json["changed"]?.boolValue ?? false
    }
}

/// `trigger`: `{"gesture", "binding", "action", "app"}`: which binding ran.
public struct TriggerSummary: Sendable {
    /// The gesture triggered, in binding syntax.
    public var gesture: String
    /// The binding's index in the config.
    public var bindingIndex: Int
    /// The action run, as written in the config.
    public var action: String
    /// The focused app the binding was chosen for (given, or the compositor's focus), if any.
    public var app: String?

    /// The JSON object.
    public var json: String {
        var object = JSONObjectWriter()
        object.add("gesture", gesture)
        object.add("binding", bindingIndex)
        object.add("action", action)
        object.add("app", app)
        return object.json
    }

    init(gesture: String, bindingIndex: Int, action: String, app: String?) {
        self.gesture = gesture
        self.bindingIndex = bindingIndex
        self.action = action
        self.app = app
    }

    /// Decodes the object.
    public init(json: JSONValue) {
        gesture = json["gesture"]?.stringValue ?? "?"
        bindingIndex = Int(json["binding"]?.numberValue ?? 0)
        action = json["action"]?.stringValue ?? "?"
        app = json["app"]?.stringValue
    }
}
