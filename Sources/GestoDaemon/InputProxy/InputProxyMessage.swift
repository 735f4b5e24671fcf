// The messages of gesto-inputd's socket as gestod reads and writes them (protocol/inputd.md):
// one JSON object per datagram. Pure: bytes in, values out, and the reverse; the link
// (InputProxyLink.swift) carries them.
import GestoCore
import GestoSystem
import GestoWayland

/// A message from gesto-inputd.
enum InputProxyMessage: Equatable {
    /// `{"hello": {"version": 1, "pid": N}}`: the first message.
    case hello(version: Int, pid: Int)
    /// `{"device": "added", …}` with the mirror's descriptor beside it.
    case deviceAdded(id: Int, name: String, original: String, mirror: String)
    /// `{"device": "removed", "id": N}`.
    case deviceRemoved(id: Int)
    /// `{"error": CODE, "message": "…"}`: gesto-inputd refused gestod or one of its messages.
    case error(code: String, message: String)

    /// The protocol version gestod speaks.
    static let version = 1
    /// The largest message either side sends, in bytes.
    static let maximumBytes = 4096

    /// Reads one datagram.
    /// - Throws: ``InputProxyMessageError`` saying what is wrong with it.
    init(parsing bytes: [UInt8]) throws(InputProxyMessageError) {
        let value: JSONValue
        do { value = try JSONValue.parse(String(decoding: bytes, as: UTF8.self)) } catch {
            throw InputProxyMessageError("not JSON: \(error)")
        }
        guard case .object(let members) = value, let (key, body) = members.first else {
            throw InputProxyMessageError("not a JSON object with a member")
        }
        switch key {
        case "hello":
            self = .hello(version: try Self.integer(body, "version", in: "hello"), pid: try Self.integer(body, "pid", in: "hello"))
        case "device":
            switch body.stringValue {
            case "added":
                self = .deviceAdded(id: try Self.integer(value, "id", in: "device added"),
                                    name: try Self.string(value, "name", in: "device added"),
                                    original: try Self.string(value, "original", in: "device added"),
                                    mirror: try Self.string(value, "mirror", in: "device added"))
            case "removed":
                self = .deviceRemoved(id: try Self.integer(value, "id", in: "device removed"))
            default:
                throw InputProxyMessageError("'device' is \"added\" or \"removed\", not \(body.jsonText)")
            }
        case "error":
            guard let code = body.stringValue else { throw InputProxyMessageError("'error' is not a string") }
            self = .error(code: code, message: value["message"]?.stringValue ?? "")
        default:
            throw InputProxyMessageError("unknown message '\(key)' (expected hello, device or error)")
        }
    }

    private static func integer(_ object: JSONValue, _ key: String, in message: String) throws(InputProxyMessageError) -> Int {
        guard let number = object[key]?.numberValue, number == number.rounded(), abs(number) < 1e15 else {
            throw InputProxyMessageError("'\(message)' has no integer '\(key)'")
        }
        return Int(number)
    }

    private static func string(_ object: JSONValue, _ key: String, in message: String) throws(InputProxyMessageError) -> String {
        guard let text = object[key]?.stringValue else { throw InputProxyMessageError("'\(message)' has no string '\(key)'") }
        return text
    }
}

/// Why a message from gesto-inputd could not be read.
struct InputProxyMessageError: Error, Equatable, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// A message to gesto-inputd.
enum InputProxyRequest: Equatable {
    /// `{"own": [3, 4]}`: the finger counts gestod owns, replacing what it owned.
    case own([Int])
    /// `{"pointer": …}`: the drag's virtual mouse.
    case pointer(PointerDragEvent)

    /// The datagram.
    var bytes: [UInt8] {
        switch self {
        case .own(let counts):
            var object = JSONObjectWriter()
            object.addRaw("own", "[" + counts.map(String.init).joined(separator: ", ") + "]")
            return Array(object.json.utf8)
        case .pointer(let event):
            var object = JSONObjectWriter()
            switch event {
            case .press(let button):
                object.add("pointer", "press")
                object.add("button", Int(button))
            case .motion(let delta):
                object.add("pointer", "motion")
                object.add("dx", delta.x, decimals: 4)
                object.add("dy", delta.y, decimals: 4)
            case .release(let button):
                object.add("pointer", "release")
                object.add("button", Int(button))
            }
            return Array(object.json.utf8)
        }
    }
}
