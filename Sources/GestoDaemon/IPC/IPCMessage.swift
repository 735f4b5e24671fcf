// gesto's control protocol, the one message module shared by gestod and gestoctl (as niri-ipc
// is): every request, reply and event, with its wire form. protocol/ipc.md shows examples.
//
// Framing: a Unix stream socket carrying JSON lines (UTF-8, one object per line, `\n` ends it).
// The client writes one request line and reads one reply line; it may send more requests on
// the same connection, each answered in order. After a `monitor` request the connection only
// streams event lines until either side closes it. A line longer than
// `IPCMessage.maximumLineBytes` is answered with a `line-too-long` error and the connection is
// closed.
import GestoCore
import GestoSystem

/// Limits and helpers of the wire format.
public enum IPCMessage {
    /// The longest request line gestod reads, in bytes without the newline: requests are tiny,
    /// and the cap bounds what one client can make gestod hold.
    public static let maximumLineBytes = 64 * 1024
}

/// A request: `{"command": NAME, ...arguments}`.
public enum IPCRequest: Sendable, Equatable {
    /// `{"command": "status"}`: the daemon's state (``DaemonStatus``).
    case status
    /// `{"command": "reload"}`: re-read the config (``ReloadSummary``, or a `config-invalid`
    /// error whose `problems` carry FILE:LINE:COLUMN; the last good config stays active).
    case reload
    /// `{"command": "pause"}`: gestures are still recognized but no action runs (``PauseSummary``).
    case pause
    /// `{"command": "resume"}`: actions run again (``PauseSummary``).
    case resume
    /// `{"command": "devices"}`: the touchpads gestod reads (`{"devices": [DeviceSummary]}`).
    case devices
    /// `{"command": "bindings"}`: the active bindings (`{"bindings": [BindingSummary]}`).
    case bindings
    /// `{"command": "monitor", "raw": false}`: subscribe; the reply is followed by
    /// ``IPCEvent`` lines until the connection closes. `raw` streams libinput's gesture events
    /// (and device changes) instead of recognized gestures.
    case monitor(raw: Bool)
    /// `{"command": "trigger", "gesture": "swipe:3:left", "app": "firefox"}`: run the action
    /// the matcher would pick for that gesture with that focused app (default: the focused app
    /// now), without performing it (``TriggerSummary``, or a `no-binding` error).
    case trigger(gesture: GestureName, app: String?)
    /// `{"command": "version"}`: gestod's version (``VersionSummary``).
    case version

    /// The `command` member.
    public var command: String {
        switch self {
        case .status: "status"
        case .reload: "reload"
        case .pause: "pause"
        case .resume: "resume"
        case .devices: "devices"
        case .bindings: "bindings"
        case .monitor: "monitor"
        case .trigger: "trigger"
        case .version: "version"
        }
    }

    /// The request line, without its newline.
    public var json: String {
        var object = JSONObjectWriter()
        object.add("command", command)
        switch self {
        case .status, .reload, .pause, .resume, .devices, .bindings, .version: break
        case .monitor(let raw): object.add("raw", raw)
        case .trigger(let gesture, let app):
            object.add("gesture", gesture.description)
            if let app { object.add("app", app) }
        }
        return object.json
    }

    /// Decodes a request line.
    ///
    /// - Throws: ``IPCFailure`` with code `malformed-request` (not a JSON object, no `command`
    ///   string), `unknown-command`, or `bad-argument` (naming the argument and why).
    public init(line: String) throws(IPCFailure) {
        let value: JSONValue
        do { value = try JSONValue.parse(line) } catch {
            throw IPCFailure(.malformedRequest, "the request is not JSON (\(error)); send one object per line, such as {\"command\": \"status\"}")
        }
        guard case .object = value else {
            throw IPCFailure(.malformedRequest, "the request must be a JSON object, such as {\"command\": \"status\"}")
        }
        guard let command = value["command"]?.stringValue else {
            throw IPCFailure(.malformedRequest, "the request has no \"command\" string")
        }
        switch command {
        case "status": self = .status
        case "reload": self = .reload
        case "pause": self = .pause
        case "resume": self = .resume
        case "devices": self = .devices
        case "bindings": self = .bindings
        case "version": self = .version
        case "monitor":
            switch value["raw"] {
            case nil, .null?: self = .monitor(raw: false)
            case .bool(let raw)?: self = .monitor(raw: raw)
            default: throw IPCFailure(.badArgument, "\"raw\" must be true or false")
            }
        case "trigger":
            guard let text = value["gesture"]?.stringValue else {
                throw IPCFailure(.badArgument, "trigger needs a \"gesture\" string, such as \"swipe:3:left\"")
            }
            let gesture: GestureName
            do { gesture = try GestureName(parsing: text) } catch {
                throw IPCFailure(.badArgument, "gesture '\(text)': \(error)")
            }
            switch value["app"] {
            case nil, .null?: self = .trigger(gesture: gesture, app: nil)
            case .string(let app)?: self = .trigger(gesture: gesture, app: app)
            default: throw IPCFailure(.badArgument, "\"app\" must be a string")
            }
        default:
            let names = ["status", "reload", "pause", "resume", "devices", "bindings", "monitor", "trigger", "version"]
            throw IPCFailure(.unknownCommand, "unknown command '\(command)' (expected status, reload, pause, resume, devices, bindings, monitor, trigger or version)"
                             + didYouMean(command, among: names))
        }
    }
}

/// What went wrong with a request: `{"code": CODE, "message": TEXT, "problems": [...]}`.
public struct IPCFailure: Error, Sendable, Equatable, CustomStringConvertible, JSONWireCodable {
    /// The machine-readable reason.
    public var code: IPCErrorCode
    /// What happened and what to do, for a person.
    public var message: String
    /// For `config-invalid`: every problem, with its place in the file.
    public var problems: [ConfigProblem]

    /// Makes a failure.
    public init(_ code: IPCErrorCode, _ message: String, problems: [ConfigProblem] = []) {
        self.code = code
        self.message = message
        self.problems = problems
    }

    /// The message.
    public var description: String { message }
}

/// The `code` of an error reply.
public enum IPCErrorCode: String, Sendable, CaseIterable, Codable {
    /// The line is not a JSON object with a `command` string.
    case malformedRequest = "malformed-request"
    /// The line is longer than ``IPCMessage/maximumLineBytes``; gestod closes the connection.
    case lineTooLong = "line-too-long"
    /// The command is not one gestod knows.
    case unknownCommand = "unknown-command"
    /// An argument is missing or has the wrong type or value.
    case badArgument = "bad-argument"
    /// `reload`: the config has errors; the last good config stays active.
    case configInvalid = "config-invalid"
    /// `reload`: the config file cannot be read; the last good config stays active.
    case configUnreadable = "config-unreadable"
    /// `reload`: gestod has no config path (neither `--config`, XDG_CONFIG_HOME nor HOME).
    case noConfig = "no-config"
    /// `trigger`: no binding matches the gesture (with that app).
    case noBinding = "no-binding"
    /// `trigger`: the action could not be run.
    case actionFailed = "action-failed"
    /// `trigger`: the binding's action follows the fingers (a `drag:`): there is nothing to
    /// run without them.
    case notTriggerable = "not-triggerable"
    /// gestod has as many clients as it serves at once; try again.
    case tooManyClients = "too-many-clients"
    /// The connection was closed to make room: gestod was full and it had been idle longest.
    case closedIdle = "closed-idle"
    /// The client runs as another user than gestod; it is refused.
    case permissionDenied = "permission-denied"
    /// A code this client does not know (a newer gestod).
    case other = "other"

    /// Decodes a code; one this client does not know becomes `.other`.
    public init(from decoder: any Decoder) throws {
        self = IPCErrorCode(rawValue: try decoder.singleValueContainer().decode(String.self)) ?? .other
    }
}

/// A config problem at a place: the `problems` of a `config-invalid` error.
public struct ConfigProblem: Sendable, Equatable, Codable {
    /// The config file.
    public var file: String
    /// 1-based line and column (0 when unknown).
    public var line: Int
    public var column: Int
    /// What is wrong.
    public var message: String

    /// `FILE:LINE:COLUMN: error: MESSAGE`, the form editors jump to.
    public var description: String { "\(file):\(line):\(column): error: \(message)" }

    init(file: String, line: Int, column: Int, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
    }
}

/// A reply: `{"ok": true, "result": {...}}` or `{"ok": false, "error": {...}}`.
public enum IPCReply: Sendable {
    /// The request was carried out; the payload is the `result` object, already encoded.
    case success(result: String)
    /// It was not.
    case failure(IPCFailure)

    /// The reply line, without its newline.
    public var json: String {
        switch self {
        case .success(let result): "{\"ok\": true, \"result\": \(result)}"
        case .failure(let failure): "{\"ok\": false, \"error\": \(failure.json)}"
        }
    }

    /// Decodes a reply line into its result value.
    ///
    /// - Throws: ``IPCFailure`` for an error reply; `.other` with a message for a line that is
    ///   not a reply at all (a broken or foreign server).
    public static func result(of line: String) throws(IPCFailure) -> JSONValue {
        let value: JSONValue
        do { value = try JSONValue.parse(line) } catch {
            throw IPCFailure(.other, "gestod sent a line that is not JSON (\(error))")
        }
        switch value["ok"] {
        case .bool(true)?: return value["result"] ?? .object([])
        case .bool(false)?:
            let failure: IPCFailure
            do { failure = try IPCFailure(json: value["error"] ?? .null) } catch {
                throw IPCFailure(.other, "gestod sent an error reply that is not one: \(error)")
            }
            throw failure
        default: throw IPCFailure(.other, "gestod sent a reply without \"ok\"")
        }
    }
}

/// A line streamed to a `monitor` client: `{"event": KIND, ...}`.
public enum IPCEvent: Sendable {
    /// `{"event": "gesture", ...}`: a recognized gesture report, with the fields of
    /// `gestoctl replay --json` plus `device` (null for `trigger`), `triggered` (it came from
    /// `gestoctl trigger`) and `suppressed` (null, "paused" or "locked": why its action did not run).
    case gesture(ReplayLine, device: UInt32?, triggered: Bool, suppressed: String?)
    /// `{"event": "input", ...}` (raw monitor): one libinput gesture event: `kind` (swipe,
    /// pinch, hold), `phase` (begin, update, end), `fingers`, `time` (s), `delta` and
    /// `unaccelerated` ([x, y] delta units), `scale`, `angle_delta` (degrees), `cancelled`, `device`.
    case input(GestureEvent)
    /// `{"event": "device-added"|"device-removed", "name", "node", "touchpad"}` (raw monitor).
    case device(added: Bool, DeviceSummary)

    /// Whether a raw monitor (true) or a gesture monitor (false) receives it.
    public var isRaw: Bool {
        switch self {
        case .gesture: false
        case .input, .device: true
        }
    }

    /// The event line, without its newline.
    public var json: String {
        switch self {
        case .gesture(let line, let device, let triggered, let suppressed):
            var head = JSONObjectWriter()
            head.add("event", "gesture")
            head.add("device", device.map { Double($0) } ?? .nan, decimals: 0)
            head.add("triggered", triggered)
            head.add("suppressed", suppressed)
            // The replay fields after ours: `{"event": …, "time": …, …}`.
            head.addMembers(of: line.jsonObject)
            return head.json
        case .input(let event):
            var object = JSONObjectWriter()
            object.add("event", "input")
            object.add("kind", "\(event.kind)")
            switch event.phase {
            case .begin: object.add("phase", "begin")
            case .update: object.add("phase", "update")
            case .end: object.add("phase", "end")
            }
            object.add("fingers", event.fingerCount)
            object.add("time", event.time.seconds, decimals: 6)
            object.add("delta", event.delta, decimals: 3)
            object.add("unaccelerated", event.unacceleratedDelta, decimals: 3)
            object.add("scale", event.scale, decimals: 4)
            object.add("angle_delta", event.angleDelta, decimals: 3)
            object.add("cancelled", event.isCancelled)
            object.add("device", event.device.map { Double($0) } ?? .nan, decimals: 0)
            return object.json
        case .device(let added, let device):
            var object = JSONObjectWriter()
            object.add("event", added ? "device-added" : "device-removed")
            return String(object.json.dropLast()) + ", " + String(device.json.dropFirst())
        }
    }
}
