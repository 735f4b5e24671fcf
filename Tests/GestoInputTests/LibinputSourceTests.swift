// The live libinput source, as far as a machine without touchpads or /dev/uinput allows:
// opening a missing node fails clearly, a non-input node is refused unopened, the udev
// backend on a seat without touchpads starts and reports none, and a handed-over descriptor is
// closed whichever way its device leaves.
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

    /// A descriptor on /dev/null at 700 or above: numbers no other test's open takes (an open
    /// takes the lowest free one), so a closed one reads EBADF, not someone else's file.
    private func handedOverDescriptor() -> Int32 {
        let opened = open("/dev/null", O_RDWR | O_CLOEXEC)
        defer { close(opened) }
        return fcntl(opened, F_DUPFD_CLOEXEC, 700)
    }

    private func isOpen(_ descriptor: Int32) -> Bool { fcntl(descriptor, F_GETFD) != -1 }

    // libinput's close_restricted closes only its dup of a mirror: the descriptor gesto-inputd
    // handed over stayed open after libinput removed the device (its uinput node gone, ENODEV),
    // one more with every touchpad plugged out or link ended. A real removal needs a uinput
    // touchpad, so the table is driven with stand-in libinput handles.
    @Test func aHandedOverDescriptorIsClosedWhicheverWayItsDeviceLeaves() {
        var table = HandedOverDevices()
        let first = OpaquePointer(bitPattern: 0x1000)!, second = OpaquePointer(bitPattern: 0x2000)!
        let gone = handedOverDescriptor(), removed = handedOverDescriptor(), replaced = handedOverDescriptor()
        let replacement = handedOverDescriptor(), leftOver = handedOverDescriptor()

        table.insert(path: "/dev/input/event12", descriptor: gone)
        table.attach(first, to: "/dev/input/event12")
        table.insert(path: "/dev/input/event13", descriptor: removed)
        table.attach(second, to: "/dev/input/event13")
        // libinput removed the device: its node went.
        table.libinputRemoved(first)
        #expect(!isOpen(gone))
        #expect(table["/dev/input/event12"] == nil)
        #expect(isOpen(removed))
        // Removed by path (gesto-inputd's device removed): out of libinput first, then closed.
        var detached: [OpaquePointer] = []
        table.remove(path: "/dev/input/event13") { detached.append($0) }
        #expect(detached == [second])
        #expect(!isOpen(removed))
        // Another descriptor for the same path replaces and closes the one before.
        table.insert(path: "/dev/input/event14", descriptor: replaced)
        table.insert(path: "/dev/input/event14", descriptor: replacement)
        #expect(!isOpen(replaced))
        #expect(isOpen(replacement))
        // The source ends.
        table.insert(path: "/dev/input/event15", descriptor: leftOver)
        table.closeAll()
        #expect(!isOpen(replacement) && !isOpen(leftOver))
        #expect(table.isEmpty)
    }

    @Test func aHandedOverNodeThatIsNoTouchpadIsRefusedAndItsDescriptorClosed() throws {
        let source = try LibinputSource(devicePaths: [])
        // /dev/null is a character device udev knows, and no touchpad: libinput asks, is refused.
        let descriptor = handedOverDescriptor()
        #expect(throws: InputError.self) { try source.addDevice(path: "/dev/null", descriptor: descriptor) }
        #expect(!isOpen(descriptor))
        // Removing every handed-over device with none held does nothing.
        source.removeHandedOverDevices()
        #expect(source.devices.isEmpty)
    }
}
