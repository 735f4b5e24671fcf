// The keymap the virtual keyboard announces: compiled by xkbcommon from the user's layout
// (XKB_DEFAULT_* in the environment, as the compositor itself reads them) or `us`, and used
// to find which key code types a keysym.
import CGestoXKB
import CXKBCommon
import Glibc

/// RMLVO names for a keymap; a nil field takes xkbcommon's default (from `XKB_DEFAULT_RULES`,
/// `_MODEL`, `_LAYOUT`, `_VARIANT`, `_OPTIONS`, else evdev/pc105/us).
public struct KeymapNames: Sendable, Hashable {
    /// Rules file (`evdev`).
    public var rules: String?
    /// Keyboard model (`pc105`).
    public var model: String?
    /// Layouts, comma-separated (`us`, `de,us`).
    public var layout: String?
    /// Variants, comma-separated (`nodeadkeys`).
    public var variant: String?
    /// Options, comma-separated (`caps:escape`).
    public var options: String?

    /// Names; all nil (the default) means the user's layout from the environment.
    public init(rules: String? = nil, model: String? = nil, layout: String? = nil,
                variant: String? = nil, options: String? = nil) {
        self.rules = rules
        self.model = model
        self.layout = layout
        self.variant = variant
        self.options = options
    }
}

/// A compiled xkb keymap and its text form.
final class Keymap {
    let context: OpaquePointer
    let keymap: OpaquePointer
    /// The keymap as XKB_KEYMAP_FORMAT_TEXT_V1 text, as sent to the compositor.
    let text: String

    /// Compiles `names`, falling back to plain `us` if the user's layout does not compile.
    init(names: KeymapNames) throws(WaylandError) {
        if let reason = gesto_xkb_open() { throw .keymap(String(cString: reason)) }
        guard let context = xkb_context_new(XKB_CONTEXT_NO_FLAGS) else { throw .keymap("xkb_context_new failed") }
        let fallback = KeymapNames(rules: "evdev", layout: "us")
        guard let keymap = Self.compile(names, in: context) ?? Self.compile(fallback, in: context) else {
            xkb_context_unref(context)
            throw .keymap("neither the configured layout nor 'us' compiles (is xkb-data installed?)")
        }
        guard let text = xkb_keymap_get_as_string(keymap, XKB_KEYMAP_FORMAT_TEXT_V1) else {
            xkb_keymap_unref(keymap)
            xkb_context_unref(context)
            throw .keymap("xkb_keymap_get_as_string failed")
        }
        self.context = context
        self.keymap = keymap
        self.text = String(cString: text)
        free(text)
    }

    deinit {
        xkb_keymap_unref(keymap)
        xkb_context_unref(context)
    }

    private static func compile(_ names: KeymapNames, in context: OpaquePointer) -> OpaquePointer? {
        let fields = [names.rules, names.model, names.layout, names.variant, names.options].map { $0.map { strdup($0) } ?? nil }
        defer { fields.forEach { free($0) } }
        var rmlvo = xkb_rule_names(rules: fields[0], model: fields[1], layout: fields[2], variant: fields[3], options: fields[4])
        return xkb_keymap_new_from_names(context, &rmlvo, XKB_KEYMAP_COMPILE_NO_FLAGS)
    }

    /// The key (xkb key code, evdev code + 8) that types `keysym` in the first layout at the
    /// lowest shift level, and whether that level needs Shift.
    func key(for keysym: UInt32) -> (keycode: UInt32, needsShift: Bool)? {
        var best: (keycode: UInt32, level: UInt32)?
        let shiftIndex = xkb_keymap_mod_get_index(keymap, XKB_MOD_NAME_SHIFT)
        for keycode in xkb_keymap_min_keycode(keymap)...xkb_keymap_max_keycode(keymap) {
            let levels = xkb_keymap_num_levels_for_key(keymap, keycode, 0)
            for level in 0..<levels where best.map({ level < $0.level }) ?? true {
                var symbols: UnsafePointer<xkb_keysym_t>?
                let count = xkb_keymap_key_get_syms_by_level(keymap, keycode, 0, level, &symbols)
                guard count > 0, let symbols else { continue }
                if UnsafeBufferPointer(start: symbols, count: Int(count)).contains(keysym) {
                    best = (keycode, level)
                }
            }
        }
        guard let best else { return nil }
        if best.level == 0 { return (best.keycode, false) }
        // Only levels reached with Shift alone are typed; others (AltGr levels) would need
        // more modifiers than the combination names.
        var masks = [xkb_mod_mask_t](repeating: 0, count: 4)
        let count = xkb_keymap_key_get_mods_for_level(keymap, best.keycode, 0, best.level, &masks, masks.count)
        guard count > 0, shiftIndex != XKB_MOD_INVALID, masks.prefix(count).contains(1 << shiftIndex) else { return nil }
        return (best.keycode, true)
    }
}
