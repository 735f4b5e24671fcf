// The live libinput source, as far as a machine without touchpads or /dev/uinput allows:
// opening a missing node fails clearly, a non-input node is refused unopened, and the udev
// backend on a seat without touchpads starts and reports none.
import Testing
import CLibinput
import GestoCore
@testable import GestoInput
import GestoSystem
#if canImport(Glibc)
import Glibc
#endif

@Suite("live libinput source")
struct LibinputSourceTests {
    @Test func missingDeviceNodeFailsClearly() {
        #expect(throws: InputError.deviceUnavailable(path: "/dev/input/event999", error: SystemError(code: ENOENT, call: "stat"))) {
            _ = try LibinputSource(devicePaths: ["/dev/input/event999"])
        }
        let message = InputError.deviceUnavailable(path: "/dev/input/event999", error: SystemError(code: ENOENT, call: "stat")).description
        #expect(message == "cannot use /dev/input/event999: No such file or directory")
    }

    @Test func nonTouchpadIsRefusedWithoutOpening() {
        // /dev/null is a character device udev knows, but no touchpad: refused (or rejected by
        // libinput before it is offered to us); either way the source does not start.
        #expect(throws: InputError.self) {
            _ = try LibinputSource(devicePaths: ["/dev/null"])
        }
        let access = DeviceAccess(udev: udev_new()!, allowTouchscreens: false)
        defer { udev_unref(access.udev) }
        #expect(access.openIfTouchpad(path: "/dev/null", flags: O_RDONLY) == -EACCES)
        guard case .notATouchpad(let path, _)? = access.refusals.first else {
            Issue.record("expected a refusal, got \(access.refusals)"); return
        }
        #expect(path == "/dev/null")
    }

    @Test func permissionMessageNamesTheFix() {
        let text = InputError.permissionDenied(path: "/dev/input/event7").description
        #expect(text.contains("'input' group"))
        #expect(text.contains("uaccess"))
    }

    @Test func udevSeatWithoutTouchpadsStartsEmpty() throws {
        let source = try LibinputSource(seat: "seat0")
        #expect(source.fileDescriptor >= 0)
        var records: [InputRecord] = []
        source.dispatch { records.append($0) }
        #expect(records.allSatisfy { if case .gesture = $0 { false } else { true } })
        #expect(source.devices.allSatisfy { $0.isGestureDevice })
    }
}

/// gesto-inputd's devices are known by their `phys` (protocol/inputd.md) and refused silently
/// unless handed over; checked on the attribute alone (no uinput device in the tests).
@Suite struct InputProxyDeviceTests {
    @Test func theProxysClonesAndMirrorsAreKnownByTheirPhys() {
        #expect(InputProxyNames.isMadeByProxy(phys: "gesto-inputd/clone/internal"))
        #expect(InputProxyNames.isMadeByProxy(phys: "gesto-inputd/mirror/external"))
        #expect(!InputProxyNames.isMadeByProxy(phys: "i2c-SYNA3290:01"))
        #expect(!InputProxyNames.isMadeByProxy(phys: "usb-0000:00:14.0-1/input0"))
        #expect(!InputProxyNames.isMadeByProxy(phys: nil))
    }
}
