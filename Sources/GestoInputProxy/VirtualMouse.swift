// The drag's mouse: a uinput pointer with the three buttons a `drag:` binding may hold, made
// when gesto-inputd starts so that the compositor has it before the first press (a pointer that
// appears with its first press loses that press in some compositors). gestod decides every
// press, motion and release (GestoCore's PointerDrag); this only writes them.
import CInputProxy
import GestoCore
import GestoSystem
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

final class VirtualMouse {
    /// The button codes a drag may press: BTN_LEFT, BTN_RIGHT, BTN_MIDDLE.
    static let buttons: Set<Int> = [0x110, 0x111, 0x112]
    private let device: OpaquePointer
    private let uinput: OpaquePointer
    /// Which connection holds which button down, so a connection that goes releases its own.
    private(set) var held: [Int: Int] = [:]
    /// Fractions of a unit not yet sent (REL_X/REL_Y carry whole units).
    private var remainder = (x: 0.0, y: 0.0)
    /// Where a refused write is said.
    private let log: Log

    /// - Throws: `SystemError` from making the uinput device (no /dev/uinput: `ENOENT`).
    init(log: Log) throws(SystemError) {
        self.log = log
        guard let device = libevdev_new() else { throw SystemError(code: ENOMEM, call: "libevdev_new") }
        libevdev_set_name(device, "gesto-inputd drag pointer")
        libevdev_enable_event_type(device, UInt32(0x02)) // EV_REL
        libevdev_enable_event_code(device, 0x02, 0x00, nil) // REL_X
        libevdev_enable_event_code(device, 0x02, 0x01, nil) // REL_Y
        libevdev_enable_event_type(device, UInt32(0x01)) // EV_KEY
        for button in Self.buttons.sorted() { libevdev_enable_event_code(device, 0x01, UInt32(button), nil) }
        do {
            uinput = try UinputCopy.create(from: device, phys: InputProxyNames.pointerPhys)
        } catch {
            libevdev_free(device)
            throw error
        }
        self.device = device
    }

    deinit {
        releaseAll()
        UinputCopy.destroy(uinput)
        libevdev_free(device)
    }

    var node: String { libevdev_uinput_get_devnode(uinput).map { String(cString: $0) } ?? "" }

    func press(_ button: Int, by connection: Int) {
        guard held[button] == nil else { return }
        held[button] = connection
        key(button, 1)
    }

    func release(_ button: Int, by connection: Int) {
        guard held[button] != nil else { return }
        held[button] = nil
        key(button, 0)
    }

    /// Releases what `connection` holds (it closed).
    func releaseAll(of connection: Int) {
        for (button, holder) in held where holder == connection { release(button, by: connection) }
    }

    func releaseAll() {
        for (button, holder) in held { release(button, by: holder) }
    }

    func move(dx: Double, dy: Double) {
        remainder.x += dx
        remainder.y += dy
        let x = remainder.x.rounded(.towardZero), y = remainder.y.rounded(.towardZero)
        guard x != 0 || y != 0 else { return }
        remainder.x -= x
        remainder.y -= y
        // One frame in one write(): REL_X and REL_Y, each only when it moves, then SYN_REPORT.
        var frame: [input_event] = []
        if x != 0 { frame.append(input_event(type: 0x02, code: 0x00, value: Int32(x))) }
        if y != 0 { frame.append(input_event(type: 0x02, code: 0x01, value: Int32(y))) }
        frame.append(.frameEnd)
        UinputCopy.write(frame, to: uinput, log: log)
    }

    private func key(_ button: Int, _ value: Int32) {
        UinputCopy.write([input_event(type: 0x01, code: UInt16(button), value: value), .frameEnd], to: uinput, log: log)
    }
}
