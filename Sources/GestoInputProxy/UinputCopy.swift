// Making a uinput device from a libevdev description, with the phys attribute that says what it
// is (protocol/inputd.md, "Devices"): libevdev_uinput_create_from_device copies name, ids,
// properties, codes and axes, but not phys, so gesto-inputd opens /dev/uinput itself, sets phys
// (UI_SET_PHYS) and hands the descriptor to libevdev, which then owns it.
import CInputProxy
import GestoCore
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

extension UinputCopy {
    /// Writes `events` to `copy` in one write(): the kernel takes a uinput device's events in
    /// any number per write and stamps the frame when its SYN_REPORT passes, so one call a
    /// frame costs one system call instead of one an event. Their times are not read (the
    /// kernel stamps them). Returns false, having logged why, when the kernel refused them.
    @discardableResult
    static func write(_ events: [input_event], to copy: OpaquePointer, log: Log) -> Bool {
        let descriptor = FileDescriptor(rawValue: libevdev_uinput_get_fd(copy))
        let expected = events.count * MemoryLayout<input_event>.stride
        let result = events.withUnsafeBytes { bytes in
            Result { () throws(SystemError) in try descriptor.write(bytes) }
        }
        switch result {
        case .success(let written):
            // uinput takes every whole event of a write or fails.
            if written == expected { return true }
            log.warning("uinput: wrote \(written) of \(expected) bytes")
        case .failure(let error):
            log.warning("uinput: \(error)")
        }
        return false
    }
}

extension input_event {
    /// An event to write to a uinput device (its time is left zero: the kernel stamps it).
    init(type: UInt16, code: UInt16, value: Int32) {
        self.init()
        self.type = type
        self.code = code
        self.value = value
    }

    /// `EV_SYN / SYN_REPORT`: the end of a frame.
    static let frameEnd = input_event(type: EvdevCode.synchronization, code: EvdevCode.report, value: 0)
}
