// Which devices gesto-inputd takes: the touchpads udev knows now and the ones plugged in later
// (a udev monitor on the input subsystem). Only event nodes udev tags ID_INPUT_TOUCHPAD=1 are
// ever opened: never a keyboard, mouse or touchscreen. gesto-inputd's own clones and mirrors
// (phys `gesto-inputd/…`) are reported apart, so their arrival can be awaited and they are
// never taken again.
import CInputProxy
import GestoCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// One input event node udev told about.
struct InputNode {
    enum Role {
        /// A touchpad to take.
        case touchpad(integration: String)
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
    /// The monitor's descriptor, readable when udev has news.
    let descriptor: CInt

    init() throws(ProxyError) {
        guard let udev = udev_new() else { throw ProxyError("udev_new failed") }
        guard let monitor = udev_monitor_new_from_netlink(udev, "udev") else {
            udev_unref(udev)
            throw ProxyError("udev_monitor_new_from_netlink failed")
        }
        udev_monitor_filter_add_match_subsystem_devtype(monitor, "input", nil)
        guard udev_monitor_enable_receiving(monitor) >= 0 else {
            udev_monitor_unref(monitor)
            udev_unref(udev)
            throw ProxyError("udev_monitor_enable_receiving failed (is systemd-udevd running?)")
        }
        self.udev = udev
        self.monitor = monitor
        descriptor = udev_monitor_get_fd(monitor)
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
        return InputNode(node: devnode, role: .touchpad(integration: integration(property("ID_INPUT_TOUCHPAD_INTEGRATION"), device: device)))
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
