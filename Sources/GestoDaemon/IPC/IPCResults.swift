// The `result` objects of gesto's control protocol, part of the message module shared by gestod
// (which encodes them) and gestoctl (which decodes them to print human output). Each is a
// Codable struct: its properties and CodingKeys are its one description on the wire. Decoding is
// strict about what is there (a missing member is an error naming it) and ignores members it
// does not know, so an older gestoctl reads a newer gestod.
import GestoConfig
import GestoYAML
import GestoCore
import GestoSystem
import GestoWayland

/// Whether gestod runs actions.
public enum DaemonRunState: String, Sendable, CaseIterable, Codable {
    /// Gestures run their actions.
    case running
    /// Gestures are recognized and streamed to monitors, but no action runs (`gestoctl pause`).
    case paused
}

/// Whether the graphical session is locked, as logind's `LockedHint` says.
public enum SessionLockState: String, Sendable, CaseIterable, Codable {
    /// Unlocked: gestures are handled.
    case unlocked
    /// Locked: gestures are ignored until it unlocks.
    case locked
    /// Not known (no system bus, no logind session): gestures are handled.
    case unknown
}

/// `status`: what gestod is doing.
public struct DaemonStatus: Sendable, JSONWireCodable {
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
    /// The config gestod reads and how its last load went.
    public var config: ConfigStatus
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
    public var waylandMissing: [MissingProtocol]
    /// Connected `monitor` clients.
    public var monitorCount: Int
    /// The focus `app:` bindings are matched against now (nil: an older gestod).
    public var focus: FocusStatus? = nil

    enum CodingKeys: String, CodingKey {
        case version, pid, state, sessionLock = "session_lock", uptimeSeconds = "uptime", config, input, devices
        case gestureCount = "gestures", actionCount = "actions", failedActionCount = "actions_failed"
        case waylandConnected = "wayland", waylandMissing = "wayland_missing", monitorCount = "monitors", focus
    }

    /// `status`'s `focus` object: `{"app", "source"}`.
    public struct FocusStatus: Sendable, Codable, Equatable {
        /// The focused window's app_id (an Xwayland window's class on sway), null when no window
        /// is focused, it has none, or it is not known.
        public var app: String?
        /// Where it comes from: `sway` (sway's IPC events), `foreign-toplevel` (the window in the
        /// `activated` state), `none` (no compositor connected).
        public var source: String
    }

    /// `status`'s `config` object: `{"path", "loaded_at", "error", "bindings"}`.
    public struct ConfigStatus: Sendable, Codable {
        /// The config file gestod reads (null: none, neither XDG_CONFIG_HOME nor HOME is set).
        public var path: String?
        /// When the active config was loaded, in seconds since the Unix epoch (null: no config
        /// was ever loaded, gestod runs with no bindings).
        public var loadedAt: Double?
        /// The problem of the last load or reload if it failed (the last good config stays active).
        public var error: String?
        /// The active bindings.
        public var bindingCount: Int

        enum CodingKeys: String, CodingKey {
            case path, loadedAt = "loaded_at", error, bindingCount = "bindings"
        }
    }
}

/// A protocol the compositor lacks: `{"protocol", "consequence", "ruled_out"}`.
public struct MissingProtocol: Sendable, Equatable, JSONWireCodable {
    /// The global's interface name (`zwp_virtual_keyboard_manager_v1`).
    public var name: String
    /// What stops working without it (`keys: actions are off`).
    public var consequence: String
    /// The configured bindings it rules out, in config order.
    public var ruledOut: [RuledOut]

    /// A binding a missing protocol rules out: `{"binding", "gesture", "action", "location", "effect"}`.
    public struct RuledOut: Sendable, Equatable, Codable {
        /// The binding's number in the config, counted from 1 (``Binding/number(ofIndex:)``).
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
    }

    enum CodingKeys: String, CodingKey {
        case name = "protocol", consequence, ruledOut = "ruled_out"
    }

    public init(name: String, consequence: String, ruledOut: [RuledOut]) {
        self.name = name
        self.consequence = consequence
        self.ruledOut = ruledOut
    }

    /// What `missing` globals rule out among `bindings`.
    public static func report(missing: [WaylandSession.Global], bindings: [Binding]) -> [MissingProtocol] {
        let ruledOut = WaylandSession.Global.ruledOut(bindings, missing: missing)
        return missing.map { global in
            MissingProtocol(name: global.rawValue, consequence: global.consequence, ruledOut: ruledOut.filter { $0.global == global }.map {
                RuledOut(binding: Binding.number(ofIndex: $0.index), gesture: bindings[$0.index].gesture.description, action: bindings[$0.index].action.summary,
                         location: bindings[$0.index].location.description, effect: $0.effect)
            })
        }
    }

    /// The lines `gestoctl status` and `gestoctl doctor` print for it (no indentation).
    public var textLines: [String] {
        ["\(name) is missing: \(consequence)"] + ruledOut.map { entry in
            "  binding \(entry.binding) (\(entry.gesture), \(entry.action)\(entry.location.map { " at " + $0 } ?? "")): \(entry.effect)"
        }
    }
}

/// One input device: `{"name", "node", "touchpad"}`.
public struct DeviceSummary: Sendable, Equatable, JSONWireCodable {
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

    enum CodingKeys: String, CodingKey {
        case name, node, isTouchpad = "touchpad"
    }
}

/// One active binding: `{"binding", "gesture", "mode", "action", "app", "location"}`.
public struct BindingSummary: Sendable, Equatable, JSONWireCodable {
    /// Its number in the config's binding list, counted from 1 (``Binding/number(ofIndex:)``).
    public var number: Int
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

    enum CodingKeys: String, CodingKey {
        case number = "binding", gesture, mode, action, app, location
    }

    init(number: Int, gesture: String, mode: String, action: String, app: String?, location: String?) {
        self.number = number
        self.gesture = gesture
        self.mode = mode
        self.action = action
        self.app = app
        self.location = location
    }
}

/// `reload`: `{"path", "bindings", "loaded_at"}`.
public struct ReloadSummary: Sendable, JSONWireCodable {
    /// The config file read.
    public var path: String
    /// The bindings now active.
    public var bindingCount: Int
    /// When it was loaded, in seconds since the Unix epoch.
    public var loadedAt: Double

    enum CodingKeys: String, CodingKey {
        case path, bindingCount = "bindings", loadedAt = "loaded_at"
    }

    init(path: String, bindingCount: Int, loadedAt: Double) {
        self.path = path
        self.bindingCount = bindingCount
        self.loadedAt = loadedAt
    }
}

/// `pause` and `resume`: `{"state", "changed"}`.
public struct PauseSummary: Sendable, JSONWireCodable {
    /// The state now.
    public var state: DaemonRunState
    /// False when gestod already was in that state.
    public var changed: Bool

    init(state: DaemonRunState, changed: Bool) {
        self.state = state
        self.changed = changed
    }
}

/// `trigger`: `{"gesture", "binding", "action", "app"}`: which binding ran.
public struct TriggerSummary: Sendable, JSONWireCodable {
    /// The gesture triggered, in binding syntax.
    public var gesture: String
    /// The binding's number in the config, counted from 1 (``Binding/number(ofIndex:)``).
    public var bindingNumber: Int
    /// The action run, as written in the config.
    public var action: String
    /// The focused app the binding was chosen for (given, or the compositor's focus), if any.
    public var app: String?

    enum CodingKeys: String, CodingKey {
        case gesture, bindingNumber = "binding", action, app
    }

    init(gesture: String, bindingNumber: Int, action: String, app: String?) {
        self.gesture = gesture
        self.bindingNumber = bindingNumber
        self.action = action
        self.app = app
    }
}

/// `devices`: `{"devices": [DeviceSummary]}`.
public struct DeviceList: Sendable, JSONWireCodable {
    /// The touchpads gestod reads now.
    public var devices: [DeviceSummary]
}

/// `bindings`: `{"bindings": [BindingSummary]}`.
public struct BindingList: Sendable, JSONWireCodable {
    /// The active bindings, in config order.
    public var bindings: [BindingSummary]
}

/// `version`: `{"version"}`.
public struct VersionSummary: Sendable, JSONWireCodable {
    /// gestod's version.
    public var version: String
}
