// One touchpad in gesto-inputd's hands: grabbed, read through libevdev, and re-emitted through
// two uinput devices made from it: the clone (every frame FrameWithholding lets through; the
// compositor reads it) and the mirror (every frame; gestod reads it). protocol/inputd.md.
import CInputProxy
import GestoCore
import GestoSystem
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Why a touchpad udev told of was not taken. Every descriptor made before it is closed again.
enum TakeError: Error, CustomStringConvertible {
    /// A call failed: which, and its errno (`EMFILE`: out of descriptors; `EBUSY`: another
    /// program holds a grab).
    case system(SystemError)
    /// The node, opened, is not a touchpad udev knows (the event was stale, its node reused).
    case notATouchpad
    /// The node is one of gesto-inputd's own copies (its phys says so): never taken.
    case ownCopy
    /// libevdev made a copy but could not find its node (its look-up in sysfs failed).
    case noNode(InputProxyNames.Role)

    var description: String {
        switch self {
        case .system(let error): "\(error)"
        case .notATouchpad: "no longer a touchpad (the node was reused)"
        case .ownCopy: "one of gesto-inputd's own copies"
        case .noNode(let role): "the \(role.rawValue) was made but libevdev found no node for it"
        }
    }
}

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
    /// Whether the grab holds. It is taken on the first frame that leaves nothing down (a grab
    /// sends the compositor no release, so a finger or button down at that moment would stay
    /// down for it); until then the compositor reads the touchpad itself.
    private(set) var isGrabbed = false

    let descriptor: FileDescriptor
    private let log: Log
    private let device: OpaquePointer
    private let clone: OpaquePointer
    private let mirror: OpaquePointer
    private(set) var withholding: FrameWithholding
    /// The clean lift the clone is waiting for (FrameVerdict.liftAndWithhold), and its timer.
    private var pendingLift: Timestamp?
    private let liftTimer: TimerFD
    /// The frame being read, up to its SYN_REPORT, as it is written to the copies.
    private var frame: [input_event] = []
    /// A frame written by this proxy itself (a lift, a whole state), made here.
    private var made: [input_event] = []
    /// The key codes the device has: what a lift releases and a whole state writes.
    private let keyCodes: [UInt32]
    /// Frames withheld from the clone, and clean lifts written, since it was taken.
    private(set) var withheldFrames = 0
    private(set) var lifts = 0

    /// The descriptors taking a touchpad needs at once besides the original's: the lift
    /// timer, the clone, the mirror, and one that libudev (the `isTouchpad` check) and libevdev
    /// (each copy's node, found in sysfs) open for a moment. They are made sure of before
    /// anything else, so that a process near its limit fails here with `EMFILE`, the true
    /// reason, rather than in a library that would hide it (a copy without a node, a check
    /// that cannot read udev's database).
    static let descriptorsNeeded = 4

    /// Opens `node`, checks it with `isTouchpad` (a udev event may be stale and its node number
    /// reused) and by its phys (never one of gesto-inputd's own copies), and makes its lift
    /// timer, clone and mirror; grabs it now or on its first idle frame.
    /// - Parameter fuzz: the original's `LIBINPUT_FUZZ_*` udev values by axis: libinput's udev
    ///   rule moved the kernel's fuzz there and zeroed it, and the copies get it back as kernel
    ///   fuzz, which the same rule then moves for them (libinput's hysteresis depends on it).
    /// - Throws: `TakeError`; whatever was made is closed again.
    init(node: String, integration: String, fuzz: [UInt32: Int32], id: Int, owned: Set<Int>, loop: EventLoop, log: Log,
         isTouchpad: (FileDescriptor) -> Bool) throws(TakeError) {
        self.id = id
        self.originalNode = node
        self.integration = integration
        self.log = log
        let descriptor: FileDescriptor
        do { descriptor = try .open(node, .readOnly, nonBlocking: true) } catch { throw .system(error) }
        // From here every failure closes what was made; `made` lists it, newest last.
        var made: [() -> Void] = [{ try? descriptor.close() }]
        func fail(_ error: TakeError) -> TakeError {
            for undo in made.reversed() { undo() }
            return error
        }
        do {
            var spares: [FileDescriptor] = []
            defer { for spare in spares { try? spare.close() } }
            for _ in 0..<Self.descriptorsNeeded { spares.append(try descriptor.duplicate()) }
        } catch {
            throw fail(.system(SystemError(code: error.code, call: "\(Self.descriptorsNeeded) more descriptors for its timer and copies")))
        }
        guard isTouchpad(descriptor) else { throw fail(.notATouchpad) }
        var device: OpaquePointer?
        let result = libevdev_new_from_fd(descriptor.rawValue, &device)
        guard result == 0, let device else { throw fail(.system(SystemError(code: -result, call: "libevdev_new_from_fd"))) }
        made.append { libevdev_free(device) }
        // Its phys, read from the node itself (EVIOCGPHYS): no descriptor needed, unlike udev's.
        if InputProxyNames.isMadeByProxy(phys: libevdev_get_phys(device).map { String(cString: $0) }) { throw fail(.ownCopy) }
        // Made before the touchpad exists, so its handler reaches it through a weak reference.
        let timerTarget = WeakTouchpad()
        do {
            liftTimer = try TimerFD(loop: loop) { timerTarget.touchpad?.liftTimerFired() }
        } catch {
            throw fail(.system(error))
        }
        name = libevdev_get_name(device).map { String(cString: $0) } ?? ""
        for (code, value) in fuzz where libevdev_has_event_code(device, UInt32(EvdevCode.absolute), code) != 0 {
            libevdev_set_abs_fuzz(device, code, value)
        }
        keyCodes = (UInt32(0)..<UInt32(0x300)).filter { libevdev_has_event_code(device, UInt32(EvdevCode.key), $0) != 0 }
        func makeCopy(_ role: InputProxyNames.Role) throws(TakeError) -> (copy: OpaquePointer, node: String) {
            let copy: OpaquePointer
            do {
                copy = try UinputCopy.create(from: device, phys: InputProxyNames.phys(of: role, integration: integration))
            } catch {
                throw fail(.system(SystemError(code: error.code, call: "the \(role.rawValue): \(error.call)")))
            }
            made.append { UinputCopy.destroy(copy) }
            guard let node = libevdev_uinput_get_devnode(copy).map({ String(cString: $0) }) else { throw fail(.noNode(role)) }
            return (copy, node)
        }
        (clone, cloneNode) = try makeCopy(.clone)
        (mirror, mirrorNode) = try makeCopy(.mirror)
        self.descriptor = descriptor
        self.device = device
        withholding = FrameWithholding(ownedFingerCounts: owned, fingers: Self.fingers(of: device))
        timerTarget.touchpad = self
        grabIfIdle()
    }

    deinit {
        // Destroying the copies lifts every finger in their readers (the kernel removes them);
        // closing the original ends the grab, so the compositor reads it again.
        UinputCopy.destroy(clone)
        UinputCopy.destroy(mirror)
        if isGrabbed { libevdev_grab(device, LIBEVDEV_UNGRAB) }
        libevdev_free(device)
        try? descriptor.close()
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
        return TouchpadFingers(activeSlots: active, currentSlot: max(libevdev_get_current_slot(device), 0), heldTools: tools,
                               usesSlots: slots > 0)
    }

    /// Nothing is down: no finger, no tool, no button.
    private var isIdle: Bool {
        Self.fingers(of: device).count == 0
            && !keyCodes.contains { libevdev_get_event_value(device, UInt32(EvdevCode.key), $0) != 0 }
    }

    /// Takes the grab if nothing is down, and brings both copies to the device's state.
    private func grabIfIdle() {
        guard !isGrabbed, isIdle else { return }
        do {
            _ = try retryingInterrupts(negatedErrorFrom: "EVIOCGRAB") { libevdev_grab(device, LIBEVDEV_GRAB) }
        } catch {
            log.warning("\(originalNode): \(error); trying again on its next idle frame")
            return
        }
        isGrabbed = true
        writeWholeState(to: clone)
        writeWholeState(to: mirror)
        withholding.resynchronize(Self.fingers(of: device))
        log.debug("\(originalNode): grabbed")
    }

    /// The owned finger counts changed.
    func setOwned(_ owned: Set<Int>) {
        withholding.setOwnedFingerCounts(owned, fingers: { Self.fingers(of: device) }, at: MonotonicClock.now())
    }

    /// Reads every event the kernel has, forwarding each complete frame. Returns false when
    /// the device is gone (ENODEV): the caller drops it.
    func readAvailable() -> Bool {
        var event = input_event()
        var flags = LIBEVDEV_READ_FLAG_NORMAL.rawValue
        while true {
            let status: CInt
            do {
                status = try retryingInterrupts(negatedErrorFrom: "reading") { libevdev_next_event(device, flags, &event) }
            } catch where error.code == EAGAIN {
                if flags == LIBEVDEV_READ_FLAG_SYNC.rawValue {
                    // Caught up after SYN_DROPPED: the fingers are libevdev's again.
                    flags = LIBEVDEV_READ_FLAG_NORMAL.rawValue
                    withholding.resynchronize(Self.fingers(of: device))
                    continue
                }
                return true
            } catch {
                if error.code != ENODEV { log.warning("\(originalNode): \(error)") }
                return false
            }
            if status == Int32(LIBEVDEV_READ_STATUS_SYNC.rawValue) {
                // The kernel's buffer overflowed (SYN_DROPPED): libevdev now gives the events
                // that bring its state to the device's. Its state already holds the events of
                // the frame begun before the overflow, which the copies have not had yet, so
                // they stay in the frame, and the corrections follow them in it.
                flags = LIBEVDEV_READ_FLAG_SYNC.rawValue
                if event.type == EvdevCode.synchronization && event.code == EvdevCode.dropped { continue }
            }
            if event.type == EvdevCode.synchronization && event.code == EvdevCode.report {
                endFrame()
            } else {
                frame.append(input_event(type: event.type, code: event.code, value: event.value))
            }
        }
    }

    /// The frame is complete: the clone gets what the withholding says, first (the compositor
    /// is the one a person watches), then the mirror gets it all.
    private func endFrame() {
        defer { frame.removeAll(keepingCapacity: true) }
        guard isGrabbed else {
            // The compositor read this frame from the touchpad itself.
            grabIfIdle()
            return
        }
        let events = frame.lazy.map { EvdevEvent(type: $0.type, code: $0.code, value: $0.value) }
        let now = MonotonicClock.now()
        let verdict = withholding.verdict(forFrame: events, at: now)
        frame.append(.frameEnd)
        defer { UinputCopy.write(frame, to: mirror, log: log) }
        switch verdict {
        case .forward:
            UinputCopy.write(frame, to: clone, log: log)
        case .liftAndWithhold(let time):
            withheldFrames += 1
            lifts += 1
            log.debug("\(originalNode): \(withholding.fingers.count) fingers: owned, withheld from the compositor")
            if time <= now {
                writeLift()
            } else {
                pendingLift = time
                do { try liftTimer.arm(at: time) } catch { writeLift() }
            }
        case .withhold:
            withheldFrames += 1
        case .forwardWholeState:
            writePendingLift()
            writeWholeState(to: clone)
        }
    }

    private func liftTimerFired() { writePendingLift() }

    /// Writes the lift that waits for its time, if one does.
    private func writePendingLift() {
        guard pendingLift != nil else { return }
        pendingLift = nil
        try? liftTimer.disarm()
        writeLift()
    }

    /// Adds one event to the frame being made (``made``).
    private func make(_ type: UInt16, _ code: UInt32, _ value: Int32) {
        made.append(input_event(type: type, code: UInt16(code), value: value))
    }

    /// Ends the frame being made and writes it to `copy` in one write().
    private func writeMade(to copy: OpaquePointer) {
        made.append(.frameEnd)
        UinputCopy.write(made, to: copy, log: log)
        made.removeAll(keepingCapacity: true)
    }

    /// A clean lift on the clone, in one frame: every slot's touch ends, every key is up. The
    /// kernel drops what the clone already has (a slot already empty, a key already up), so
    /// only what was down is lifted.
    private func writeLift() {
        let slots = libevdev_get_num_slots(device)
        if slots > 0 {
            for slot in 0..<slots {
                make(EvdevCode.absolute, UInt32(EvdevCode.multitouchSlot), slot)
                make(EvdevCode.absolute, UInt32(EvdevCode.multitouchTrackingID), -1)
            }
        } else if libevdev_has_event_code(device, UInt32(EvdevCode.absolute), 0x35) != 0 {
            // Protocol A (no slots): a frame with no contact.
            make(EvdevCode.synchronization, UInt32(EvdevCode.multitouchReport), 0)
        }
        for code in keyCodes {
            make(EvdevCode.key, code, 0)
        }
        writeMade(to: clone)
    }

    /// The device's whole state, as libevdev knows it after the current frame, written to a
    /// copy as one frame: the kernel passes on only what differs from the copy's state, which
    /// is this frame's changes and whatever changed while frames were withheld (or before the
    /// grab, or in a SYN_DROPPED).
    private func writeWholeState(to copy: OpaquePointer) {
        let slots = libevdev_get_num_slots(device)
        if slots > 0 {
            for slot in 0..<slots {
                make(EvdevCode.absolute, UInt32(EvdevCode.multitouchSlot), slot)
                for code in UInt32(EvdevCode.multitouchSlot + 1)...UInt32(0x3f)
                where libevdev_has_event_code(device, UInt32(EvdevCode.absolute), code) != 0 {
                    make(EvdevCode.absolute, code, libevdev_get_slot_value(device, UInt32(slot), code))
                }
            }
            make(EvdevCode.absolute, UInt32(EvdevCode.multitouchSlot), max(libevdev_get_current_slot(device), 0))
        }
        for code in UInt32(0)..<UInt32(EvdevCode.multitouchSlot)
        where libevdev_has_event_code(device, UInt32(EvdevCode.absolute), code) != 0 {
            make(EvdevCode.absolute, code, libevdev_get_event_value(device, UInt32(EvdevCode.absolute), code))
        }
        if slots <= 0 {
            // Protocol A: the frame's contacts are in the frame itself, not in any state.
            for event in frame where event.type == EvdevCode.absolute && event.code > EvdevCode.multitouchSlot
                || event.type == EvdevCode.synchronization && event.code != EvdevCode.report {
                made.append(event)
            }
        }
        for code in keyCodes {
            make(EvdevCode.key, code, libevdev_get_event_value(device, UInt32(EvdevCode.key), code))
        }
        writeMade(to: copy)
    }
}

/// The lift timer's way to its touchpad, made before the touchpad is.
private final class WeakTouchpad {
    weak var touchpad: ProxiedTouchpad?
}
