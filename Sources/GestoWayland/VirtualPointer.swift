// A zwlr_virtual_pointer_v1: the button and relative motion of a three-finger drag (`drag:`
// actions), sent as a physical pointer would send them, one frame per update, so the
// compositor moves windows, selects text and drags files exactly as a held button does.
import CWaylandClient
import CWaylandProtocols
import GestoCore
import GestoSystem

/// What a drag asks of the pointer.
public enum PointerDragEvent: Sendable, Equatable {
    /// The button goes down (a `BTN_*` code, ``DragButton/code``).
    case press(UInt32)
    /// The pointer moves by this many pixels (libinput's accelerated delta units, which
    /// wlroots applies to the cursor one to one).
    case motion(Vector2)
    /// The button comes up.
    case release(UInt32)
}

/// One virtual pointer on one connection.
final class VirtualPointer {
    /// `wl_pointer.button_state` values.
    static let released: UInt32 = 0, pressed: UInt32 = 1

    private let proxy: OpaquePointer
    /// The buttons this pointer holds down, so that destroying it says which it leaves held.
    private(set) var heldButtons: Set<UInt32> = []

    /// Creates the pointer on `seat`.
    init(manager: OpaquePointer, seat: OpaquePointer) throws(WaylandError) {
        guard let proxy = zwlr_virtual_pointer_manager_v1_create_virtual_pointer(manager, seat) else {
            throw .missingProtocol("zwlr_virtual_pointer_manager_v1 (create_virtual_pointer failed)")
        }
        self.proxy = proxy
    }

    /// Releases every button still held, then destroys the pointer.
    func destroy() {
        for button in heldButtons { send(.release(button)) }
        zwlr_virtual_pointer_v1_destroy(proxy)
    }

    /// Sends `event` and the frame that ends it.
    func send(_ event: PointerDragEvent) {
        let time = UInt32(truncatingIfNeeded: MonotonicClock.now().microseconds / 1_000)
        switch event {
        case .press(let button):
            heldButtons.insert(button)
            zwlr_virtual_pointer_v1_button(proxy, time, button, Self.pressed)
        case .motion(let delta):
            zwlr_virtual_pointer_v1_motion(proxy, time, wl_fixed_from_double(delta.x), wl_fixed_from_double(delta.y))
        case .release(let button):
            heldButtons.remove(button)
            zwlr_virtual_pointer_v1_button(proxy, time, button, Self.released)
        }
        zwlr_virtual_pointer_v1_frame(proxy)
    }
}
