// One connection to gesto-inputd's socket (protocol/inputd.md, "Socket"): a SOCK_SEQPACKET
// peer, one JSON object per message, a descriptor beside the message that announces a mirror.
import CGestoSys
import CInputProxy
import GestoSystem
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A request from a connection, checked.
enum ProxyRequest: Equatable {
    case own(Set<Int>)
    case press(button: Int)
    case release(button: Int)
    case motion(dx: Double, dy: Double)
}

/// Why a message was refused: the `bad-message` error's text.
struct ProxyRequestError: Error, Equatable {
    var message: String
}

enum ProxyRequestParser {
    /// The largest message, in bytes.
    static let messageLimit = 4096
    /// The largest motion a message may carry, in pointer units: a drag's update is a few units;
    /// anything near this is a bug, and refusing it keeps REL values far from overflowing.
    static let motionLimit = 10_000.0

    /// Parses one message. Every number is range-checked here, where it enters.
    static func parse(_ text: String) throws(ProxyRequestError) -> ProxyRequest {
        let value: JSONValue
        do { value = try JSONValue.parse(text) } catch { throw ProxyRequestError(message: "not JSON: \(error)") }
        guard case .object(let members) = value, members.count == 1 || value["pointer"] != nil else {
            throw ProxyRequestError(message: "expected one object with \"own\" or \"pointer\"")
        }
        if let own = value["own"] {
            guard case .array(let items) = own else { throw ProxyRequestError(message: "\"own\" must be an array of finger counts") }
            var counts: Set<Int> = []
            for item in items {
                guard let number = item.numberValue, number == number.rounded(), (1...5).contains(number) else {
                    throw ProxyRequestError(message: "\"own\": \(item.jsonText) is not a finger count from 1 to 5")
                }
                counts.insert(Int(number))
            }
            return .own(counts)
        }
        guard let pointerValue = value["pointer"] else {
            throw ProxyRequestError(message: "expected \"own\" or \"pointer\", got \(members.first.map { "\"\($0.0)\"" } ?? "nothing")")
        }
        guard let pointer = pointerValue.stringValue else {
            throw ProxyRequestError(message: "\"pointer\" must be a string, press, motion or release, not \(pointerValue.jsonText)")
        }
        func button() throws(ProxyRequestError) -> Int {
            // The range first: Int(_:) of a double outside Int's range traps.
            guard let number = value["button"]?.numberValue, (272...274).contains(number), number == number.rounded(),
                  VirtualMouse.buttons.contains(Int(number)) else {
                throw ProxyRequestError(message: "\"button\" must be 272 (left), 273 (right) or 274 (middle)")
            }
            return Int(number)
        }
        switch pointer {
        case "press": return .press(button: try button())
        case "release": return .release(button: try button())
        case "motion":
            guard let dx = value["dx"]?.numberValue, let dy = value["dy"]?.numberValue,
                  dx.isFinite, dy.isFinite, abs(dx) <= motionLimit, abs(dy) <= motionLimit else {
                throw ProxyRequestError(message: "\"motion\" needs numbers \"dx\" and \"dy\" within ±\(Int(motionLimit))")
            }
            return .motion(dx: dx, dy: dy)
        default:
            throw ProxyRequestError(message: "\"pointer\" is press, motion or release, not \"\(pointer)\"")
        }
    }
}

final class ProxyConnection {
    let number: Int
    let descriptor: FileDescriptor
    let uid: uid_t
    let pid: pid_t
    /// Why it was refused; a refused connection owns nothing and its messages are discarded.
    var refusal: String?
    /// What this connection owns.
    var owned: Set<Int> = []
    /// The touchpads already announced to it, by id, with gesto-inputd's own copy of the
    /// mirror's descriptor it handed over: revoked (EVIOCREVOKE) when the connection ends or
    /// loses the seat, so the peer reads nothing more through its copy.
    var mirrors: [Int: FileDescriptor] = [:]
    var announced: Set<Int> { Set(mirrors.keys) }

    /// Revokes and closes the mirror descriptors it was handed.
    func revokeMirrors() {
        for descriptor in mirrors.values {
            _ = try? retryingInterrupts("EVIOCREVOKE") { gesto_evdev_revoke(descriptor.rawValue) }
            try? descriptor.close()
        }
        mirrors.removeAll()
    }

    init(number: Int, descriptor: FileDescriptor, uid: uid_t, pid: pid_t) {
        self.number = number
        self.descriptor = descriptor
        self.uid = uid
        self.pid = pid
    }

    /// Sends one message, with `attached` beside it when given. Returns false if the peer is gone
    /// (or its queue is full).
    @discardableResult
    func send(_ value: JSONValue, attaching attached: FileDescriptor? = nil) -> Bool {
        (try? descriptor.sendMessage(Array(value.jsonText.utf8), attaching: attached)) != nil
    }

    /// The next message, nil when none is waiting; `.closed` when the peer closed.
    enum Received { case message(String), truncated, closed, none }

    func receive() -> Received {
        var buffer = [UInt8](repeating: 0, count: ProxyRequestParser.messageLimit + 1)
        let result = buffer.withUnsafeMutableBytes { bytes in
            Result { () throws(SystemError) in try descriptor.receiveMessage(into: bytes) }
        }
        switch result {
        case .failure(let error) where error.code == EAGAIN || error.code == EWOULDBLOCK:
            return .none
        case .failure:
            return .closed
        case .success(let received):
            // gestod sends no descriptors; one sent anyway is closed, not kept.
            try? received.attached?.close()
            if received.count == 0 { return .closed }
            if received.isTruncated || received.count > ProxyRequestParser.messageLimit { return .truncated }
            return .message(String(decoding: buffer.prefix(received.count), as: UTF8.self))
        }
    }
}
