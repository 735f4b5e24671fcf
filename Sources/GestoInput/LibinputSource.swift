// The live input source: a libinput context on a udev seat or on named device nodes, whose
// gesture and device events become ``InputRecord``s. gesto opens touchpads only: the
// open_restricted callback asks udev what a node is and refuses anything else, unopened. The
// devices gesto-inputd makes (protocol/inputd.md) are read only as the mirrors it hands over.
import CGestoLibinput
import CLibinput
import GestoCore
import GestoSystem
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// How many libinput log messages are kept for the caller: 64 (they are rare; a flood of
/// kernel-bug messages must not grow memory).
let libinputMessageLimit = 64

/// Live touchpad gestures from libinput.
///
/// Put ``fileDescriptor`` in the event loop's epoll set; when it is readable, call
/// ``dispatch(_:)``. Only devices with `LIBINPUT_DEVICE_CAP_GESTURE` are used: others that
/// libinput opens (touchscreens, when allowed) are disabled (udev backend) or removed (path
/// backend) and listed in ``ignoredDevices``. Keyboards and other non-touchpads are never
/// opened: see ``refusals``.
public final class LibinputSource {
    /// The libinput context (`struct libinput *`).
    private let context: OpaquePointer
    private let access: DeviceAccess
    private let interface: UnsafeMutablePointer<libinput_interface>
    private let isPathBackend: Bool

    /// Gesture devices in use, by node name (`event7`), in the order they were added.
    public private(set) var devices: [InputDevice] = []
    /// Devices libinput opened that have no gesture capability and are not used.
    public private(set) var ignoredDevices: [InputDevice] = []

    /// Device nodes that were refused or failed to open (not a touchpad, permission denied),
    /// in order; with the udev backend these do not stop the source.
    public var refusals: [InputError] { access.refusals }
    /// The latest libinput log messages (errors only), newest last, at most 64.
    public var libinputMessages: [String] { access.messages }

    /// Starts libinput's udev backend on `seat` and opens the touchpads on it (and
    /// touchscreens if `allowTouchscreens`). A seat with no touchpad starts fine with no devices;
    /// touchpads plugged in later arrive through ``dispatch(_:)`` as `.deviceAdded`.
    /// - Throws: ``InputError/contextCreationFailed(_:)`` if udev or libinput cannot start (or
    ///   their libraries cannot be opened: the reason names the soname and Debian package),
    ///   ``InputError/seatAssignmentFailed(seat:)`` if libinput rejects the seat.
    public init(seat: String = "seat0", allowTouchscreens: Bool = false) throws(InputError) {
        try Self.openLibraries()
        guard let udev = udev_new() else { throw .contextCreationFailed("udev_new failed") }
        access = DeviceAccess(udev: udev, allowTouchscreens: allowTouchscreens)
        interface = Self.makeInterface()
        guard let context = libinput_udev_create_context(interface, Unmanaged.passUnretained(access).toOpaque(), udev) else {
            interface.deallocate()
            udev_unref(udev)
            throw .contextCreationFailed("libinput_udev_create_context failed")
        }
        self.context = context
        isPathBackend = false
        Self.installLogHandler(context)
        guard libinput_udev_assign_seat(context, seat) == 0 else { throw .seatAssignmentFailed(seat: seat) }
    }

    /// Starts libinput's path backend on the given device nodes (`/dev/input/eventN`), as
    /// `--device` does. Each must be a touchpad (or a touchscreen if `allowTouchscreens`).
    /// With no path, the context starts empty and gesto-inputd's mirrors are added to it with
    /// ``addDevice(path:descriptor:)``.
    /// - Throws: for the first node that cannot be used: ``InputError/deviceUnavailable(path:error:)``
    ///   (missing node), ``InputError/permissionDenied(path:)`` (with the fix in its description),
    ///   ``InputError/notATouchpad(path:reason:)``; or ``InputError/contextCreationFailed(_:)``.
    public init(devicePaths: [String], allowTouchscreens: Bool = false) throws(InputError) {
        try Self.openLibraries()
        guard let udev = udev_new() else { throw .contextCreationFailed("udev_new failed") }
        access = DeviceAccess(udev: udev, allowTouchscreens: allowTouchscreens)
        interface = Self.makeInterface()
        guard let context = libinput_path_create_context(interface, Unmanaged.passUnretained(access).toOpaque()) else {
            interface.deallocate()
            udev_unref(udev)
            throw .contextCreationFailed("libinput_path_create_context failed")
        }
        self.context = context
        isPathBackend = true
        Self.installLogHandler(context)
        for path in devicePaths {
            // libinput stats the node itself and reports only ENODEV: check first for a clear errno.
            var info = stat()
            guard stat(path, &info) == 0 else { throw .deviceUnavailable(path: path, error: SystemError(code: errno, call: "stat")) }
            // libinput looks the node up in udev before it asks to open it and reports that
            // lookup's failure as ENODEV, so a node this user may not open read "No such
            // device". access(2) weighs the mode and the ACL without opening the node (it is
            // not known to be a touchpad yet, and gesto never opens a keyboard); read and write,
            // as libinput opens it.
            guard mayReadAndWrite(path) else {
                let code = errno
                throw code == EACCES || code == EPERM
                    ? .permissionDenied(path: path) : .deviceUnavailable(path: path, error: SystemError(code: code, call: "access"))
            }
            let refusalsBefore = access.refusals.count
            if libinput_path_add_device(context, path) == nil {
                if access.refusals.count > refusalsBefore { throw access.refusals[refusalsBefore] }
                throw .deviceUnavailable(path: path, error: SystemError(code: ENODEV, call: "libinput_path_add_device"))
            }
        }
    }

    /// Opens libinput and libudev, which gesto loads only when it reads live devices (replaying
    /// text and talking to gestod need neither).
    private static func openLibraries() throws(InputError) {
        if let reason = gesto_libinput_open() { throw .contextCreationFailed(String(cString: reason)) }
    }

    deinit {
        libinput_unref(context)
        udev_unref(access.udev)
        interface.deallocate()
        access.handedOver.closeAll()
    }

    /// Adds the device node `path`, opened by someone else as `descriptor` (gesto-inputd's
    /// mirror of a touchpad, handed over on its socket), to this path-backend context. The
    /// source owns `descriptor` from here on, whatever happens: it is closed when the device is
    /// removed with ``removeDevice(path:)`` or ``removeHandedOverDevices()``, when libinput
    /// removes it (its node went, or it has no gesture capability), when adding fails, or when
    /// the source ends. libinput
    /// opens the node through a `dup` of it (open_restricted), which still checks with udev that
    /// it is a touchpad. The device arrives through ``dispatch(_:)`` as `.deviceAdded`.
    /// - Throws: ``InputError/notATouchpad(path:reason:)`` (not a character device, not the
    ///   node `descriptor` is open on, not a touchpad), ``InputError/deviceUnavailable(path:error:)``.
    public func addDevice(path: String, descriptor: Int32) throws(InputError) {
        precondition(isPathBackend, "devices are added to a path-backend context only")
        removeDevice(path: path)
        var node = stat(), open = stat()
        guard stat(path, &node) == 0 else {
            let code = errno
            close(descriptor)
            throw .deviceUnavailable(path: path, error: SystemError(code: code, call: "stat"))
        }
        guard fstat(descriptor, &open) == 0 else {
            let code = errno
            close(descriptor)
            throw .deviceUnavailable(path: path, error: SystemError(code: code, call: "fstat"))
        }
        guard node.st_mode & S_IFMT == S_IFCHR, open.st_mode & S_IFMT == S_IFCHR else {
            close(descriptor)
            throw .notATouchpad(path: path, reason: "it is not a character device")
        }
        guard node.st_rdev == open.st_rdev else {
            close(descriptor)
            throw .notATouchpad(path: path, reason: "the descriptor handed over is open on another device")
        }
        access.handedOver.insert(path: path, descriptor: descriptor)
        let refusalsBefore = access.refusals.count
        guard let handle = libinput_path_add_device(context, path) else {
            access.handedOver.remove(path: path)
            // Thrown, not kept: the caller reports it.
            let refusal = access.refusals.count > refusalsBefore ? access.refusals[refusalsBefore] : nil
            access.refusals.removeSubrange(refusalsBefore...)
            throw refusal ?? .deviceUnavailable(path: path, error: SystemError(code: ENODEV, call: "libinput_path_add_device"))
        }
        access.handedOver.attach(handle, to: path)
    }

    /// Removes the device added as `path` with ``addDevice(path:descriptor:)`` (if libinput has
    /// not removed it already) and closes its descriptor. Nothing for a path never added.
    public func removeDevice(path: String) {
        access.handedOver.remove(path: path) { libinput_path_remove_device($0) }
    }

    /// Removes every device added with ``addDevice(path:descriptor:)`` and closes their
    /// descriptors (the link that handed them over ended). Their removals arrive through
    /// ``dispatch(_:)``.
    public func removeHandedOverDevices() {
        for path in access.handedOver.paths { removeDevice(path: path) }
    }

    /// The libinput file descriptor, to wait on with epoll/poll (readable: call ``dispatch(_:)``).
    public var fileDescriptor: Int32 { libinput_get_fd(context) }

    /// Reads what libinput has and calls `body` for each gesture event of a gesture device, each
    /// touch event of an allowed touchscreen, and each device added or removed, in order (a touchpad without libinput's gesture capability
    /// is reported too, then disabled: no gesture comes from it). Never blocks.
    public func dispatch(_ body: (InputRecord) -> Void) {
        libinput_dispatch(context)
        while let event = libinput_get_event(context) {
            defer { libinput_event_destroy(event) }
            let type = libinput_event_get_type(event)
            switch type {
            case LIBINPUT_EVENT_DEVICE_ADDED:
                guard let handle = libinput_event_get_device(event) else { continue }
                let device = Self.describe(handle)
                // Touchscreens were opened only if allowed (open_restricted): gesto recognizes
                // their gestures from the raw touches.
                if device.isGestureDevice || (access.allowTouchscreens && device.isTouchscreen) {
                    devices.append(device)
                    body(.deviceAdded(device))
                } else {
                    // Still reported, so the daemon can say why this touchpad does nothing.
                    ignoredDevices.append(device)
                    body(.deviceAdded(device))
                    if isPathBackend {
                        access.handedOver.libinputRemoved(handle)
                        libinput_path_remove_device(handle)
                    } else {
                        libinput_device_config_send_events_set_mode(handle, LIBINPUT_CONFIG_SEND_EVENTS_DISABLED.rawValue)
                    }
                }
            case LIBINPUT_EVENT_DEVICE_REMOVED:
                guard let handle = libinput_event_get_device(event) else { continue }
                access.handedOver.libinputRemoved(handle)
                let device = Self.describe(handle)
                if let index = devices.firstIndex(where: { $0.node == device.node }) {
                    devices.remove(at: index)
                    body(.deviceRemoved(device))
                } else if let index = ignoredDevices.firstIndex(where: { $0.node == device.node }) {
                    ignoredDevices.remove(at: index)
                    body(.deviceRemoved(device))
                }
            default:
                if let gesture = Self.gestureEvent(event, type: type) { body(.gesture(gesture)) }
                else if let touch = Self.touchEvent(event, type: type) { body(.touch(touch)) }
            }
        }
    }

    // MARK: - Conversion

    /// The ``GestureEvent`` of a libinput gesture event, nil for other events. Reads every
    /// `libinput_event_gesture_get_*` that is defined for the event's type.
    private static func gestureEvent(_ event: OpaquePointer, type: libinput_event_type) -> GestureEvent? {
        let kind: GestureKind
        let phase: GestureEventPhase
        switch type {
        case LIBINPUT_EVENT_GESTURE_SWIPE_BEGIN: (kind, phase) = (.swipe, .begin)
        case LIBINPUT_EVENT_GESTURE_SWIPE_UPDATE: (kind, phase) = (.swipe, .update)
        case LIBINPUT_EVENT_GESTURE_SWIPE_END: (kind, phase) = (.swipe, .end)
        case LIBINPUT_EVENT_GESTURE_PINCH_BEGIN: (kind, phase) = (.pinch, .begin)
        case LIBINPUT_EVENT_GESTURE_PINCH_UPDATE: (kind, phase) = (.pinch, .update)
        case LIBINPUT_EVENT_GESTURE_PINCH_END: (kind, phase) = (.pinch, .end)
        case LIBINPUT_EVENT_GESTURE_HOLD_BEGIN: (kind, phase) = (.hold, .begin)
        case LIBINPUT_EVENT_GESTURE_HOLD_END: (kind, phase) = (.hold, .end)
        default: return nil
        }
        guard let gesture = libinput_event_get_gesture_event(event) else { return nil }
        let device = libinput_event_get_device(event).flatMap { libinput_device_get_sysname($0) }
            .flatMap { InputDevice.number(ofNode: String(cString: $0)) }
        // libinput's clock is CLOCK_MONOTONIC, far inside the accepted range; a time outside it
        // would be a libinput bug, and the event is dropped rather than overflow a recognizer.
        guard let time = Timestamp(validatingMicroseconds: libinput_event_gesture_get_time_usec(gesture)) else { return nil }
        var result = GestureEvent(
            kind, phase, fingers: Int(libinput_event_gesture_get_finger_count(gesture)), time: time, device: device)
        switch phase {
        case .begin:
            break
        case .update:
            result.delta = Vector2(libinput_event_gesture_get_dx(gesture), libinput_event_gesture_get_dy(gesture))
            result.unacceleratedDelta = Vector2(libinput_event_gesture_get_dx_unaccelerated(gesture),
                                                libinput_event_gesture_get_dy_unaccelerated(gesture))
        case .end:
            result.isCancelled = libinput_event_gesture_get_cancelled(gesture) != 0
        }
        if kind == .pinch {
            result.scale = libinput_event_gesture_get_scale(gesture)
            if phase == .update { result.angleDelta = libinput_event_gesture_get_angle_delta(gesture) }
        }
        return result
    }

    /// The ``TouchEvent`` of a libinput touch event, nil for other events. Positions are read
    /// where libinput defines them (DOWN, MOTION): in percent of the device
    /// (`get_x_transformed(event, 100)`) and `get_x/_y`, millimetres where the device has a
    /// resolution (TouchFrameAssembler uses them only then).
    private static func touchEvent(_ event: OpaquePointer, type: libinput_event_type) -> TouchEvent? {
        let kind: TouchEventKind
        switch type {
        case LIBINPUT_EVENT_TOUCH_DOWN: kind = .down
        case LIBINPUT_EVENT_TOUCH_MOTION: kind = .motion
        case LIBINPUT_EVENT_TOUCH_UP: kind = .up
        case LIBINPUT_EVENT_TOUCH_CANCEL: kind = .cancel
        case LIBINPUT_EVENT_TOUCH_FRAME: kind = .frame
        default: return nil
        }
        guard let touch = libinput_event_get_touch_event(event) else { return nil }
        let device = libinput_event_get_device(event).flatMap { libinput_device_get_sysname($0) }
            .flatMap { InputDevice.number(ofNode: String(cString: $0)) }
        // As for gestures: a time outside the accepted range would be a libinput bug; dropped.
        guard let time = Timestamp(validatingMicroseconds: libinput_event_touch_get_time_usec(touch)) else { return nil }
        var result = TouchEvent(kind, time: time, device: device)
        switch kind {
        case .down, .motion:
            result.percent = Vector2(libinput_event_touch_get_x_transformed(touch, 100),
                                     libinput_event_touch_get_y_transformed(touch, 100))
            result.millimeters = Vector2(libinput_event_touch_get_x(touch), libinput_event_touch_get_y(touch))
            fallthrough
        case .up:
            // -1 on a screen without multitouch slots: TouchEvent.singleTouchSlot, one finger.
            result.slot = libinput_event_touch_get_slot(touch)
            let seatSlot = libinput_event_touch_get_seat_slot(touch)
            result.seatSlot = seatSlot >= 0 ? seatSlot : nil
        case .cancel, .frame:
            break
        }
        return result
    }

    /// An ``InputDevice`` for a libinput device.
    private static func describe(_ device: OpaquePointer) -> InputDevice {
        var capabilities: DeviceCapabilities = []
        let table: [(libinput_device_capability, DeviceCapabilities)] = [
            (LIBINPUT_DEVICE_CAP_KEYBOARD, .keyboard), (LIBINPUT_DEVICE_CAP_POINTER, .pointer),
            (LIBINPUT_DEVICE_CAP_TOUCH, .touch), (LIBINPUT_DEVICE_CAP_TABLET_TOOL, .tabletTool),
            (LIBINPUT_DEVICE_CAP_TABLET_PAD, .tabletPad), (LIBINPUT_DEVICE_CAP_GESTURE, .gesture),
            (LIBINPUT_DEVICE_CAP_SWITCH, .switch),
        ]
        for (capability, flag) in table where libinput_device_has_capability(device, capability) != 0 {
            capabilities.insert(flag)
        }
        var width = 0.0, height = 0.0
        let size = libinput_device_get_size(device, &width, &height) == 0
            ? DeviceSize(widthMillimeters: width, heightMillimeters: height) : nil
        let seat = libinput_device_get_seat(device).flatMap { libinput_seat_get_physical_name($0) }.map { String(cString: $0) }
        return InputDevice(
            node: libinput_device_get_sysname(device).map { String(cString: $0) } ?? "",
            name: libinput_device_get_name(device).map { String(cString: $0) } ?? "",
            seat: seat, capabilities: capabilities, size: size)
    }

    // MARK: - C callbacks

    /// The open/close callbacks, allocated because libinput keeps the pointer for its lifetime.
    private static func makeInterface() -> UnsafeMutablePointer<libinput_interface> {
        let interface = UnsafeMutablePointer<libinput_interface>.allocate(capacity: 1)
        interface.initialize(to: libinput_interface(
            open_restricted: { path, flags, userData in
                guard let path, let userData else { return -EINVAL }
                let access = Unmanaged<DeviceAccess>.fromOpaque(userData).takeUnretainedValue()
                return access.openIfTouchpad(path: String(cString: path), flags: flags)
            },
            close_restricted: { descriptor, _ in
                close(descriptor)
            }))
        return interface
    }

    /// Routes libinput's log (errors only) into ``libinputMessages`` instead of stderr.
    private static func installLogHandler(_ context: OpaquePointer) {
        libinput_log_set_priority(context, LIBINPUT_LOG_PRIORITY_ERROR)
        libinput_log_set_handler(context) { context, _, format, arguments in
            guard let context, let format, let arguments, let userData = libinput_get_user_data(context) else { return }
            let access = Unmanaged<DeviceAccess>.fromOpaque(userData).takeUnretainedValue()
            var buffer = [UInt8](repeating: 0, count: 512)
            let length = buffer.withUnsafeMutableBufferPointer { bytes in
                Int(vsnprintf(UnsafeMutableRawPointer(bytes.baseAddress!).assumingMemoryBound(to: CChar.self),
                              bytes.count, format, arguments))
            }
            var message = String(decoding: buffer.prefix(min(max(length, 0), buffer.count - 1)), as: UTF8.self)
            while message.last == "\n" { message.removeLast() }
            access.messages.append(message)
            if access.messages.count > libinputMessageLimit { access.messages.removeFirst() }
        }
    }
}

/// What the open_restricted callback needs: udev to ask what a node is, the touchscreen
/// policy, and where to leave refusals and failures for the Swift side.
final class DeviceAccess {
    let udev: OpaquePointer
    let allowTouchscreens: Bool
    var refusals: [InputError] = []
    var messages: [String] = []
    /// The nodes handed over by path (``LibinputSource/addDevice(path:descriptor:)``): opened
    /// as a `dup` of their descriptor, and the only gesto-inputd devices opened.
    var handedOver = HandedOverDevices()

    init(udev: OpaquePointer, allowTouchscreens: Bool) {
        self.udev = udev
        self.allowTouchscreens = allowTouchscreens
    }

    /// Opens `path` if udev says it is a touchpad (or an allowed touchscreen); otherwise
    /// refuses it with -EACCES without opening it. Returns the descriptor or -errno.
    func openIfTouchpad(path: String, flags: Int32) -> Int32 {
        var info = stat()
        guard stat(path, &info) == 0 else {
            let code = errno
            refusals.append(.deviceUnavailable(path: path, error: SystemError(code: code, call: "stat")))
            return -code
        }
        guard info.st_mode & S_IFMT == S_IFCHR else {
            refusals.append(.notATouchpad(path: path, reason: "it is not a character device"))
            return -EACCES
        }
        guard let device = udev_device_new_from_devnum(udev, CChar(UInt8(ascii: "c")), info.st_rdev) else {
            refusals.append(.notATouchpad(path: path, reason: "udev does not know the device"))
            return -EACCES
        }
        defer { udev_device_unref(device) }
        let handedOver = handedOver[path]
        // gesto-inputd's devices are refused silently: they stand for a touchpad gestod reads
        // through its mirror (not a refusal anyone must fix). The `phys` is the input device's,
        // the event node's parent.
        if handedOver == nil {
            let parent = udev_device_get_parent_with_subsystem_devtype(device, "input", nil)
            let phys = parent.flatMap { udev_device_get_sysattr_value($0, "phys") }.map { String(cString: $0) }
            if InputProxyNames.isMadeByProxy(phys: phys) { return -EACCES }
        }
        func property(_ key: String) -> String? {
            udev_device_get_property_value(device, key).map { String(cString: $0) }
        }
        let isTouchpad = property("ID_INPUT_TOUCHPAD") == "1"
        let isTouchscreen = property("ID_INPUT_TOUCHSCREEN") == "1"
        guard isTouchpad || (allowTouchscreens && isTouchscreen) else {
            let reason: String
            if property("ID_INPUT_KEYBOARD") == "1" || property("ID_INPUT_KEY") == "1" {
                reason = "udev says it is a keyboard"
            } else if isTouchscreen {
                reason = "it is a touchscreen and touchscreens are not enabled"
            } else if property("ID_INPUT") == nil {
                reason = "udev has no input properties for it (is systemd-udevd running?)"
            } else {
                reason = "udev does not tag it ID_INPUT_TOUCHPAD=1"
            }
            refusals.append(.notATouchpad(path: path, reason: reason))
            return -EACCES
        }
        // A handed-over node is not opened again: gesto-inputd opened it, and may be the only
        // one allowed to.
        let descriptor = handedOver.map { fcntl($0.descriptor, F_DUPFD_CLOEXEC, 0) } ?? open(path, flags | O_CLOEXEC)
        guard descriptor >= 0 else {
            let code = errno
            refusals.append(code == EACCES || code == EPERM
                ? .permissionDenied(path: path) : .deviceUnavailable(path: path, error: SystemError(code: code, call: "open")))
            return -code
        }
        return descriptor
    }
}

/// access(2) for reading and writing, as libinput opens a node (at file scope, where `access`
/// is the C function, not ``LibinputSource``'s device access).
private func mayReadAndWrite(_ path: String) -> Bool { access(path, R_OK | W_OK) == 0 }
