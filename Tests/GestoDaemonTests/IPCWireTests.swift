// The control protocol's wire structs decode strictly: a reply that lacks a member gestoctl needs
// is an error naming that member (it used to become "?" or 0 and print as if gestod said so).
import Foundation
import GestoSystem
import GestoCore
import Testing
@testable import GestoDaemon

@Suite struct IPCWireTests {
    static let status = """
        {"version": "0.1.0", "pid": 42, "state": "paused", "session_lock": "unknown", "uptime": 1.5,
         "config": {"path": "/c.yaml", "loaded_at": null, "error": null, "bindings": 3}, "input": "seat seat0",
         "devices": [{"name": "pad", "node": "/dev/input/event5", "touchpad": true}], "gestures": 2, "actions": 1,
         "actions_failed": 0, "wayland": false, "wayland_missing": [], "monitors": 0, "newer_member": 1}
        """

    @Test func aCompleteStatusRoundTrips() throws {
        let status = try DaemonStatus(json: try JSONValue.parse(Self.status))
        #expect(status.state == .paused && status.config.bindingCount == 3 && status.config.loadedAt == nil)
        #expect(status.devices == [DeviceSummary(name: "pad", node: "/dev/input/event5", isTouchpad: true)])
        let again = try DaemonStatus(json: try JSONValue.parse(status.json))
        #expect(again.json == status.json)
        #expect(status.json.contains("\"loaded_at\": null"))
    }

    @Test func aMissingMemberIsAnErrorNamingIt() throws {
        let lacking = Self.status.replacingOccurrences(of: "\"bindings\": 3", with: "\"bindingz\": 3")
        #expect(throws: JSONDecodingError(path: "config.bindings", reason: "missing")) {
            try DaemonStatus(json: try JSONValue.parse(lacking))
        }
        let device = Self.status.replacingOccurrences(of: "\"node\": \"/dev/input/event5\", ", with: "")
        #expect(throws: JSONDecodingError(path: "devices[0].node", reason: "missing")) {
            try DaemonStatus(json: try JSONValue.parse(device))
        }
    }

    @Test func aMistypedMemberIsAnErrorNamingIt() throws {
        let mistyped = Self.status.replacingOccurrences(of: "\"pid\": 42", with: "\"pid\": \"42\"")
        #expect(throws: JSONDecodingError(path: "pid", reason: "expected an integer")) {
            try DaemonStatus(json: try JSONValue.parse(mistyped))
        }
    }

    @Test func anUnknownErrorCodeIsOther() throws {
        let failure = try IPCFailure(json: try JSONValue.parse("{\"code\": \"from-the-future\", \"message\": \"m\", \"problems\": []}"))
        #expect(failure.code == .other && failure.message == "m")
    }

    @Test func theByteWriterPrintsNumbersAsTheSharedFormatterDoes() {
        let values = [0, -0.0, 0.5, -0.5, 1.28, 13.97, 52.4, 1e-7, -0.0004, 123456789012.5, 9.99999, 2.5e17, 1e300]
        for value in values {
            for decimals in [0, 1, 2, 3, 4, 6] {
                #expect(jsonNumber(value, decimals: decimals) == formatCompact(value, maxDecimals: decimals), "\(value) \(decimals)")
            }
        }
        #expect(jsonNumber(.nan) == "null" && jsonNumber(-.infinity) == "null")
        #expect(jsonQuoted("a\"b\\c\nd\u{01}é") == "\"a\\\"b\\\\c\\nd\\u0001é\"")
    }
}
