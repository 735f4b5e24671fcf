// A zwp_virtual_keyboard_v1 with gesto's keymap: types key combinations as a physical
// keyboard would, key events followed by the modifier state xkbcommon derives from them,
// so the compositor's own key bindings fire.
import CWaylandClient
import CWaylandProtocols
import CXKBCommon
import Glibc
import GestoSystem

/// One virtual keyboard on one connection.
final class VirtualKeyboard {
    /// `wl_keyboard.keymap_format.xkb_v1`.
    static let keymapFormatXKBv1: UInt32 = 1
    /// `wl_keyboard.key_state` values.
    static let released: UInt32 = 0, pressed: UInt32 = 1
    /// xkb key codes are evdev codes plus 8 (the X11 offset).
    static let evdevOffset: UInt32 = 8

    private let proxy: OpaquePointer
    private let keymap: Keymap
    private let state: OpaquePointer

    /// Creates the keyboard on `seat` and sends the keymap through a sealed memfd.
    init(manager: OpaquePointer, seat: OpaquePointer, keymap: Keymap) throws(WaylandError) {
        guard let state = xkb_state_new(keymap.keymap) else { throw .keymap("xkb_state_new failed") }
        let fd = gesto_memfd_create("gesto-keymap")
        guard fd >= 0 else {
            xkb_state_unref(state)
            throw .keymap("memfd_create: \(String(cString: strerror(errno)))")
        }
        defer { close(fd) }
        let bytes = Array(keymap.text.utf8) + [0]
        do { try FileDescriptor(rawValue: fd).writeAll(bytes) } catch {
            xkb_state_unref(state)
            throw .keymap(error.description)
        }
        guard let proxy = zwp_virtual_keyboard_manager_v1_create_virtual_keyboard(manager, seat) else {
            xkb_state_unref(state)
            throw .keymap("create_virtual_keyboard failed")
        }
        zwp_virtual_keyboard_v1_keymap(proxy, Self.keymapFormatXKBv1, fd, UInt32(bytes.count))
        self.proxy = proxy
        self.keymap = keymap
        self.state = state
    }

    /// Destroys the keyboard (the compositor releases any key it still holds).
    func destroy() {
        zwp_virtual_keyboard_v1_destroy(proxy)
        xkb_state_unref(state)
    }

    /// Presses the keys of `combination` in order and releases them in reverse.
    ///
    /// - Throws: ``WaylandError/keyNotInKeymap(_:)`` before sending anything when a key
    ///   cannot be typed with this keymap.
    func type(_ combination: KeyCombination) throws(WaylandError) {
        var keycodes: [UInt32] = []
        let shift = keymap.key(for: UInt32(XKB_KEY_Shift_L))?.keycode
        for key in combination.keys {
            guard let (keycode, needsShift) = keymap.key(for: key.keysym) else { throw .keyNotInKeymap(key.name) }
            if needsShift, let shift, !keycodes.contains(shift) { keycodes.append(shift) }
            keycodes.append(keycode)
        }
        let time = Self.milliseconds()
        for keycode in keycodes { send(keycode, Self.pressed, XKB_KEY_DOWN, at: time) }
        for keycode in keycodes.reversed() { send(keycode, Self.released, XKB_KEY_UP, at: time) }
    }

    private func send(_ keycode: UInt32, _ keyState: UInt32, _ direction: xkb_key_direction, at time: UInt32) {
        zwp_virtual_keyboard_v1_key(proxy, time, keycode - Self.evdevOffset, keyState)
        let changed = xkb_state_update_key(state, keycode, direction)
        if changed.rawValue != 0 {
            zwp_virtual_keyboard_v1_modifiers(
                proxy,
                xkb_state_serialize_mods(state, XKB_STATE_MODS_DEPRESSED),
                xkb_state_serialize_mods(state, XKB_STATE_MODS_LATCHED),
                xkb_state_serialize_mods(state, XKB_STATE_MODS_LOCKED),
                xkb_state_serialize_layout(state, XKB_STATE_LAYOUT_EFFECTIVE))
        }
    }

    /// CLOCK_MONOTONIC in milliseconds, wrapped to 32 bits as the protocol's time is.
    private static func milliseconds() -> UInt32 {
        UInt32(truncatingIfNeeded: MonotonicClock.now().microseconds / 1_000)
    }
}
