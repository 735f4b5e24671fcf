// Making a uinput device from a libevdev description, with the phys attribute that says what it
// is (protocol/inputd.md, "Devices"): libevdev_uinput_create_from_device copies name, ids,
// properties, codes and axes, but not phys, so gesto-inputd opens /dev/uinput itself, sets phys
// (UI_SET_PHYS) and hands the descriptor to libevdev, which then owns it.
import CInputProxy
import GestoSystem
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

enum UinputCopy {
    /// The uinput device (`struct libevdev_uinput *`) made from `device`, with `phys`.
    /// - Throws: `SystemError` from opening /dev/uinput (`open: …`), `UI_SET_PHYS` or creating
    ///   the device (`uinput: …`, through libevdev).
    static func create(from device: OpaquePointer, phys: String) throws(SystemError) -> OpaquePointer {
        let descriptor = try FileDescriptor.open("/dev/uinput", .readWrite)
        do {
            _ = try retryingInterrupts("UI_SET_PHYS") { gesto_uinput_set_phys(descriptor.rawValue, phys) }
        } catch {
            try? descriptor.close()
            throw error
        }
        var copy: OpaquePointer?
        let result = libevdev_uinput_create_from_device(device, descriptor.rawValue, &copy)
        guard result == 0, let copy else {
            try? descriptor.close()
            throw SystemError(code: -result, call: "uinput")
        }
        return copy
    }
}

extension UinputCopy {
    /// Destroys a device `create` made and closes its descriptor (libevdev closes only the
    /// descriptors it opened itself).
    static func destroy(_ copy: OpaquePointer) {
        let descriptor = FileDescriptor(rawValue: libevdev_uinput_get_fd(copy))
        libevdev_uinput_destroy(copy)
        try? descriptor.close()
    }
}
