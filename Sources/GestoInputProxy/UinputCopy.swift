// Making a uinput device from a libevdev description, with the phys attribute that says what it
// is (protocol/inputd.md, "Devices"): libevdev_uinput_create_from_device copies name, ids,
// properties, codes and axes, but not phys, so gesto-inputd opens /dev/uinput itself, sets phys
// (UI_SET_PHYS) and hands the descriptor to libevdev, which then owns it.
import CInputProxy
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

enum UinputCopy {
    /// The uinput device (`struct libevdev_uinput *`) made from `device`, with `phys`.
    static func create(from device: OpaquePointer, phys: String, subject: String) throws(ProxyError) -> OpaquePointer {
        let descriptor = gesto_uinput_open_with_phys(phys)
        guard descriptor >= 0 else { throw ProxyError("/dev/uinput", returned: descriptor, subject: subject) }
        var copy: OpaquePointer?
        let result = libevdev_uinput_create_from_device(device, descriptor, &copy)
        guard result == 0, let copy else {
            close(descriptor)
            throw ProxyError("uinput", returned: result, subject: subject)
        }
        return copy
    }
}

extension UinputCopy {
    /// Destroys a device `create` made and closes its descriptor (libevdev closes only the
    /// descriptors it opened itself).
    static func destroy(_ copy: OpaquePointer) {
        let descriptor = libevdev_uinput_get_fd(copy)
        libevdev_uinput_destroy(copy)
        close(descriptor)
    }
}
