// One touchpad in gesto-inputd's hands: grabbed, read through libevdev, and re-emitted through
// two uinput devices made from it: the clone (every frame FrameWithholding lets through; the
// compositor reads it) and the mirror (every frame; gestod reads it). protocol/inputd.md.
import CInputProxy
import GestoCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

final class ProxiedTouchpad {
    /// gesto-inputd's number for it, from 1, never reused while it runs.
    let id: Int
    /// The original's node (`/dev/input/event5`).
    let originalNode: String
    let name: String
    /// The clone's and the mirror's nodes.
    let cloneNode: String
    let mirrorNode: String
    /// `internal` or `external`: what libinput would call the original.
    let integration: String
    /// Whether udev has tagged the mirror (gestod's libinput asks udev what it is).
    var isMirrorReady = false

    let descriptor: CInt
    private let device: OpaquePointer
    private let clone: OpaquePointer
    private let mirror: OpaquePointer
    private(set) var withholding: FrameWithholding
    /// The frame being read, up to its SYN_REPORT.
    private var frame: [EvdevEvent] = []
    /// Frames withheld from the clone, and clean lifts written, since it was taken.
    private(set) var withheldFrames = 0
    private(set) var lifts = 0

    /// Opens and grabs `node` and makes its clone and mirror.
    /// - Throws: `ProxyError` naming the step and errno (EBUSY: another program holds the grab).
    init(node: String, integration: String, id: Int, owned: Set<Int>) throws(ProxyError) {
        self.id = id
        self.originalNode = node
        self.integration = integration
        descriptor = open(node, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { throw ProxyError("open", returned: -errno, subject: node) }
        var device: OpaquePointer?
        var result = libevdev_new_from_fd(descriptor, &device)
        guard result == 0, let device else {
            close(descriptor)
            throw ProxyError("libevdev_new_from_fd", returned: result, subject: node)
        }
        self.device = device
        name = libevdev_get_name(device).map { String(cString: $0) } ?? ""
        // The grab first: once it holds, no frame reaches another reader; the clone takes over
        // from the state the device is in now.
        result = libevdev_grab(device, LIBEVDEV_GRAB)
        guard result == 0 else {
            libevdev_free(device)
            close(descriptor)
            throw ProxyError("EVIOCGRAB", returned: result, subject: node)
        }
        func makeCopy(_ role: InputProxyNames.Role) throws(ProxyError) -> OpaquePointer {
            try UinputCopy.create(from: device, phys: InputProxyNames.phys(of: role, integration: integration), subject: "\(node) (\(role))")
        }
        do {
            clone = try makeCopy(.clone)
        } catch {
            libevdev_grab(device, LIBEVDEV_UNGRAB)
            libevdev_free(device)
            close(descriptor)
            throw error
        }
        do {
            mirror = try makeCopy(.mirror)
        } catch {
            UinputCopy.destroy(clone)
            libevdev_grab(device, LIBEVDEV_UNGRAB)
            libevdev_free(device)
            close(descriptor)
            throw error
        }
        cloneNode = libevdev_uinput_get_devnode(clone).map { String(cString: $0) } ?? ""
        mirrorNode = libevdev_uinput_get_devnode(mirror).map { String(cString: $0) } ?? ""
        withholding = FrameWithholding(ownedFingerCounts: owned, fingers: Self.fingers(of: device))
    }

    deinit {
        // Destroying the copies lifts every finger in their readers (the kernel removes them);
        // closing the original ends the grab, so the compositor reads it again.
        UinputCopy.destroy(clone)
        UinputCopy.destroy(mirror)
        libevdev_grab(device, LIBEVDEV_UNGRAB)
        libevdev_free(device)
        close(descriptor)
    }

    /// The fingers on the device as libevdev knows them now.
    private static func fingers(of device: OpaquePointer) -> TouchpadFingers {
        var active: Set<Int32> = []
        let slots = libevdev_get_num_slots(device)
        if slots > 0 {
            for slot in 0..<UInt32(slots) where libevdev_get_slot_value(device, slot, UInt32(EvdevCode.multitouchTrackingID)) >= 0 {
                active.insert(Int32(slot))
            }
        }
        var tools: Set<Int> = []
        for (code, fingers) in EvdevCode.fingerTools where libevdev_get_event_value(device, UInt32(EvdevCode.key), UInt32(code)) != 0 {
            tools.insert(fingers)
        }
        return TouchpadFingers(activeSlots: active, currentSlot: max(libevdev_get_current_slot(device), 0), heldTools: tools)
    }

    /// The owned finger counts changed.
    func setOwned(_ owned: Set<Int>) { withholding.ownedFingerCounts = owned }

    /// Reads every event the kernel has, forwarding each complete frame. Returns false when
    /// the device is gone (ENODEV): the caller drops it.
    func readAvailable() -> Bool {
        var event = input_event()
        var flags = LIBEVDEV_READ_FLAG_NORMAL.rawValue
        while true {
            let status = libevdev_next_event(device, flags, &event)
            if status == -EAGAIN {
                if flags == LIBEVDEV_READ_FLAG_SYNC.rawValue { flags = LIBEVDEV_READ_FLAG_NORMAL.rawValue; continue }
                return true
            }
            if status == Int32(LIBEVDEV_READ_STATUS_SYNC.rawValue) {
                // The kernel's buffer overflowed (SYN_DROPPED): libevdev now gives the events
                // that bring its state to the device's, ending in a SYN_REPORT, taken as a frame.
                flags = LIBEVDEV_READ_FLAG_SYNC.rawValue
                if event.type == EvdevCode.synchronization && event.code == EvdevCode.dropped { frame.removeAll(); continue }
            } else if status < 0 {
                if status == -EINTR { continue }
                if status != -ENODEV { ProxyLog.warning("\(originalNode): reading: \(String(cString: strerror(-status)))") }
                return false
            }
            let evdev = EvdevEvent(type: event.type, code: event.code, value: event.value)
            if evdev.isFrameEnd { endFrame() } else { frame.append(evdev) }
        }
    }

    /// The frame is complete: the mirror gets it all, the clone what the withholding says.
    private func endFrame() {
        write(frame, to: mirror)
        switch withholding.verdict(forFrame: frame) {
        case .forward:
            write(frame, to: clone)
        case .liftAndWithhold:
            writeLift()
            lifts += 1
            withheldFrames += 1
            ProxyLog.debug("\(originalNode): \(withholding.fingers.count) fingers: owned, withheld from the compositor")
        case .withhold:
            withheldFrames += 1
        case .forwardWholeState:
            writeWholeState()
        }
        frame.removeAll(keepingCapacity: true)
    }

    private func write(_ events: [EvdevEvent], to copy: OpaquePointer) {
        for event in events {
            libevdev_uinput_write_event(copy, UInt32(event.type), UInt32(event.code), event.value)
        }
        libevdev_uinput_write_event(copy, UInt32(EvdevCode.synchronization), UInt32(EvdevCode.report), 0)
    }

    /// A clean lift on the clone, in one frame: every slot's touch ends, every key is up. The
    /// kernel drops what the clone already has (a slot already empty, a key already up), so
    /// only what was down is lifted.
    private func writeLift() {
        let slots = libevdev_get_num_slots(device)
        if slots > 0 {
            for slot in 0..<slots {
                libevdev_uinput_write_event(clone, UInt32(EvdevCode.absolute), UInt32(EvdevCode.multitouchSlot), slot)
                libevdev_uinput_write_event(clone, UInt32(EvdevCode.absolute), UInt32(EvdevCode.multitouchTrackingID), -1)
            }
        } else if libevdev_has_event_code(device, UInt32(EvdevCode.absolute), 0x35) != 0 {
            // Protocol A (no slots): a frame with no contact.
            libevdev_uinput_write_event(clone, UInt32(EvdevCode.synchronization), UInt32(EvdevCode.multitouchReport), 0)
        }
        for code in Self.keyCodes where libevdev_has_event_code(device, UInt32(EvdevCode.key), code) != 0 {
            libevdev_uinput_write_event(clone, UInt32(EvdevCode.key), code, 0)
        }
        libevdev_uinput_write_event(clone, UInt32(EvdevCode.synchronization), UInt32(EvdevCode.report), 0)
    }

    /// The device's whole state, as libevdev knows it after the current frame, written to the
    /// clone as one frame: the kernel passes on only what differs from the clone's state, which
    /// is this frame's changes and whatever changed while frames were withheld.
    private func writeWholeState() {
        let slots = libevdev_get_num_slots(device)
        if slots > 0 {
            for slot in 0..<slots {
                libevdev_uinput_write_event(clone, UInt32(EvdevCode.absolute), UInt32(EvdevCode.multitouchSlot), slot)
                for code in UInt32(EvdevCode.multitouchSlot + 1)...UInt32(0x3f)
                where libevdev_has_event_code(device, UInt32(EvdevCode.absolute), code) != 0 {
                    libevdev_uinput_write_event(clone, UInt32(EvdevCode.absolute), code,
                                                libevdev_get_slot_value(device, UInt32(slot), code))
                }
            }
            libevdev_uinput_write_event(clone, UInt32(EvdevCode.absolute), UInt32(EvdevCode.multitouchSlot),
                                        max(libevdev_get_current_slot(device), 0))
        }
        for code in UInt32(0)..<UInt32(EvdevCode.multitouchSlot)
        where libevdev_has_event_code(device, UInt32(EvdevCode.absolute), code) != 0 {
            libevdev_uinput_write_event(clone, UInt32(EvdevCode.absolute), code, libevdev_get_event_value(device, UInt32(EvdevCode.absolute), code))
        }
        if slots <= 0 {
            // Protocol A: the frame's contacts are in the frame itself, not in any state.
            for event in frame where event.type == EvdevCode.absolute && event.code > EvdevCode.multitouchSlot
                || event.type == EvdevCode.synchronization {
                libevdev_uinput_write_event(clone, UInt32(event.type), UInt32(event.code), event.value)
            }
        }
        for code in Self.keyCodes where libevdev_has_event_code(device, UInt32(EvdevCode.key), code) != 0 {
            libevdev_uinput_write_event(clone, UInt32(EvdevCode.key), code, libevdev_get_event_value(device, UInt32(EvdevCode.key), code))
        }
        libevdev_uinput_write_event(clone, UInt32(EvdevCode.synchronization), UInt32(EvdevCode.report), 0)
    }

    /// The keys a touchpad has: its buttons (BTN_LEFT…BTN_TASK, 0x110–0x117) and the touch
    /// and tool keys (BTN_TOOL_PEN…BTN_TOOL_QUADTAP, 0x140–0x14f).
    private static let keyCodes: [UInt32] = Array(0x110...0x117) + Array(0x140...0x14f)
}
