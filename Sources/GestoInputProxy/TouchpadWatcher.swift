// Which devices gesto-inputd takes: the touchpads udev knows now and the ones plugged in later
// (a udev monitor on the input subsystem). Only event nodes udev tags ID_INPUT_TOUCHPAD=1 are
// ever opened: never a keyboard, mouse or touchscreen. gesto-inputd's own clones and mirrors
// (phys `gesto-inputd/…`) are reported apart, so their arrival can be awaited and they are
// never taken again.
import CInputProxy
import GestoCore
import GestoSystem
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// One input event node udev told about.
struct InputNode {
    enum Role {
        /// A touchpad to take, with libinput's view of it: built in or not, and the fuzz
        /// libinput's udev rule moved out of the kernel (`LIBINPUT_FUZZ_<axis in hex>`).
        case touchpad(integration: String, fuzz: [UInt32: Int32])
        /// One of gesto-inputd's own copies.
        case copy
        /// Anything else: never opened.
        case other
    }
    /// `/dev/input/event5`
    var node: String
    var role: Role
}

final class TouchpadWatcher {
    private let udev: OpaquePointer
    private let monitor: OpaquePointer
    /// The monitor's descriptor, readable when udev has news (the monitor owns it).
    let descriptor: FileDescriptor

    /// - Throws: `SystemError` from libudev (which sets errno as the calls do).
    init() throws(SystemError) {
        guard let udev = udev_new() else { throw SystemError(errnoAfter: "udev_new") }
        guard let monitor = udev_monitor_new_from_netlink(udev, "udev") else {
            let error = SystemError(errnoAfter: "udev_monitor_new_from_netlink")
            udev_unref(udev)
            throw error
        }
        udev_monitor_filter_add_match_subsystem_devtype(monitor, "input", nil)
        let result = udev_monitor_enable_receiving(monitor)
        guard result >= 0 else {
            udev_monitor_unref(monitor)
            udev_unref(udev)
            throw SystemError(code: -result, call: "udev_monitor_enable_receiving (is systemd-udevd running?)")
        }
        self.udev = udev
        self.monitor = monitor
        descriptor = FileDescriptor(rawValue: udev_monitor_get_fd(monitor))
    }

    deinit {
        udev_monitor_unref(monitor)
        udev_unref(udev)
    }

    /// The input event nodes present now.
    func present() -> [InputNode] {
        guard let enumerate = udev_enumerate_new(udev) else { return [] }
        defer { udev_enumerate_unref(enumerate) }
        udev_enumerate_add_match_subsystem(enumerate, "input")
        udev_enumerate_add_match_sysname(enumerate, "event*")
        udev_enumerate_scan_devices(enumerate)
        var nodes: [InputNode] = []
        var entry = udev_enumerate_get_list_entry(enumerate)
        while let current = entry {
            if let path = udev_list_entry_get_name(current),
               let device = udev_device_new_from_syspath(udev, path) {
                if let node = Self.describe(device) { nodes.append(node) }
                udev_device_unref(device)
            }
            entry = udev_list_entry_get_next(current)
        }
        return nodes.sorted { $0.node < $1.node }
    }

    /// What udev has to say: added or changed nodes (true) and removed ones (false).
    func receive(_ body: (InputNode, _ present: Bool) -> Void) {
        while let device = udev_monitor_receive_device(monitor) {
            defer { udev_device_unref(device) }
            guard let node = Self.describe(device) else { continue }
            let action = udev_device_get_action(device).map { String(cString: $0) } ?? "add"
            body(node, action != "remove")
        }
    }

    /// The node's role, nil for what is not an event node.
    private static func describe(_ device: OpaquePointer) -> InputNode? {
        guard let sysname = udev_device_get_sysname(device).map({ String(cString: $0) }), sysname.hasPrefix("event"),
              let devnode = udev_device_get_devnode(device).map({ String(cString: $0) }) else { return nil }
        func property(_ key: String) -> String? { udev_device_get_property_value(device, key).map { String(cString: $0) } }
        let parent = udev_device_get_parent_with_subsystem_devtype(device, "input", nil)
        let phys = parent.flatMap { udev_device_get_sysattr_value($0, "phys") }.map { String(cString: $0) } ?? ""
        if InputProxyNames.isMadeByProxy(phys: phys) { return InputNode(node: devnode, role: .copy) }
        guard property("ID_INPUT_TOUCHPAD") == "1" else { return InputNode(node: devnode, role: .other) }
        return InputNode(node: devnode, role: .touchpad(integration: integration(property("ID_INPUT_TOUCHPAD_INTEGRATION"), device: device),
                                                        fuzz: fuzz(of: device)))
    }

    /// The `LIBINPUT_FUZZ_XX` properties: axis code (hex) to fuzz.
    private static func fuzz(of device: OpaquePointer) -> [UInt32: Int32] {
        var fuzz: [UInt32: Int32] = [:]
        var entry = udev_device_get_properties_list_entry(device)
        while let current = entry {
            if let name = udev_list_entry_get_name(current).map({ String(cString: $0) }), name.hasPrefix("LIBINPUT_FUZZ_"),
               let code = UInt32(name.dropFirst("LIBINPUT_FUZZ_".count), radix: 16), code < 0x40,
               let value = udev_list_entry_get_value(current).flatMap({ Int32(String(cString: $0)) }), value >= 0 {
                fuzz[code] = value
            }
            entry = udev_list_entry_get_next(current)
        }
        return fuzz
    }

    /// Whether the open `descriptor` is, by its device number, a node udev tags as a touchpad
    /// and not one of gesto-inputd's copies: checked after opening, because a udev event can be
    /// stale and its node number already another device's.
    func isTouchpad(descriptor: FileDescriptor) -> Bool {
        var info = stat()
        guard fstat(descriptor.rawValue, &info) == 0, info.st_mode & S_IFMT == S_IFCHR,
              let device = udev_device_new_from_devnum(udev, CChar(UInt8(ascii: "c")), info.st_rdev) else { return false }
        defer { udev_device_unref(device) }
        guard let node = Self.describe(device), case .touchpad = node.role else { return false }
        return true
    }

    /// `internal` or `external` as libinput decides it (evdev-mt-touchpad.c, evdev_tag_touchpad):
    /// udev's ID_INPUT_TOUCHPAD_INTEGRATION when set, else by bus: Bluetooth is external, USB
    /// too except Apple's (vendor 0x05ac), everything else internal.
    private static func integration(_ property: String?, device: OpaquePointer) -> String {
        if let property, property == "internal" || property == "external" { return property }
        let parent = udev_device_get_parent_with_subsystem_devtype(device, "input", nil)
        func hex(_ name: String) -> Int {
            parent.flatMap { udev_device_get_sysattr_value($0, name) }.flatMap { Int(String(cString: $0), radix: 16) } ?? 0
        }
        switch hex("id/bustype") {
        case 0x05: return "external" // BUS_BLUETOOTH
        case 0x03: return hex("id/vendor") == 0x05ac ? "internal" : "external" // BUS_USB
        default: return "internal"
        }
    }
}
