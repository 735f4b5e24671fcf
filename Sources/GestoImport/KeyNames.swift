// Key names of the other gesture tools, translated into gesto's `keys:` names: X11 keysym
// names as xdotool, wtype and Touchégg take them (any case, hexadecimal keysyms, characters),
// evdev key names (fusuma's `sendkey:`) and evdev key codes (`ydotool key 29:1 …`). gesto's
// names are xkbcommon's keysym names in their exact case, or the aliases super, ctrl, alt,
// shift and altgr (GestoWayland's KeyCombination), so every name is looked up in xkbcommon.
import CXKBCommon

/// Translates other tools' key names into the names gesto's `keys:` accepts.
enum KeyNames {
    /// X11 modifier keysym names (lowercased) and the gesto alias each becomes: the left and
    /// right keys of a pair are one modifier to a key binding.
    static let modifierAliases: [String: String] = [
        "super": "super", "super_l": "super", "super_r": "super", "mod4": "super", "win": "super", "logo": "super",
        "ctrl": "ctrl", "control": "ctrl", "control_l": "ctrl", "control_r": "ctrl", "ctrl_l": "ctrl", "ctrl_r": "ctrl",
        "alt": "alt", "alt_l": "alt", "alt_r": "alt", "mod1": "alt",
        "shift": "shift", "shift_l": "shift", "shift_r": "shift",
        "altgr": "altgr", "iso_level3_shift": "altgr",
    ]

    /// evdev key names (`KEY_` dropped, as fusuma's `sendkey:` writes them) and their gesto
    /// names. Letters and digits are handled apart; see ``gestoName(evdev:)``.
    static let evdevNames: [String: String] = [
        "LEFTCTRL": "ctrl", "RIGHTCTRL": "ctrl", "LEFTSHIFT": "shift", "RIGHTSHIFT": "shift",
        "LEFTALT": "alt", "RIGHTALT": "altgr", "LEFTMETA": "super", "RIGHTMETA": "super",
        "ESC": "Escape", "ENTER": "Return", "TAB": "Tab", "SPACE": "space", "BACKSPACE": "BackSpace",
        "DELETE": "Delete", "INSERT": "Insert", "HOME": "Home", "END": "End",
        "PAGEUP": "Page_Up", "PAGEDOWN": "Page_Down",
        "LEFT": "Left", "RIGHT": "Right", "UP": "Up", "DOWN": "Down",
        "MINUS": "minus", "EQUAL": "equal", "LEFTBRACE": "bracketleft", "RIGHTBRACE": "bracketright",
        "SEMICOLON": "semicolon", "APOSTROPHE": "apostrophe", "GRAVE": "grave", "BACKSLASH": "backslash",
        "COMMA": "comma", "DOT": "period", "SLASH": "slash", "CAPSLOCK": "Caps_Lock", "NUMLOCK": "Num_Lock",
        "SCROLLLOCK": "Scroll_Lock", "SYSRQ": "Print", "PRINT": "Print", "PAUSE": "Pause", "COMPOSE": "Menu",
        "MENU": "Menu",
        "KPPLUS": "KP_Add", "KPMINUS": "KP_Subtract", "KPASTERISK": "KP_Multiply", "KPSLASH": "KP_Divide",
        "KPENTER": "KP_Enter", "KPDOT": "KP_Decimal", "KPEQUAL": "KP_Equal",
        "VOLUMEUP": "XF86AudioRaiseVolume", "VOLUMEDOWN": "XF86AudioLowerVolume", "MUTE": "XF86AudioMute",
        "PLAYPAUSE": "XF86AudioPlay", "PLAY": "XF86AudioPlay", "PAUSECD": "XF86AudioPause",
        "NEXTSONG": "XF86AudioNext", "PREVIOUSSONG": "XF86AudioPrev", "STOPCD": "XF86AudioStop",
        "BRIGHTNESSUP": "XF86MonBrightnessUp", "BRIGHTNESSDOWN": "XF86MonBrightnessDown",
        "BACK": "XF86Back", "FORWARD": "XF86Forward", "ZOOMIN": "XF86ZoomIn", "ZOOMOUT": "XF86ZoomOut",
        "REFRESH": "XF86Refresh", "SEARCH": "XF86Search", "CALC": "XF86Calculator", "MAIL": "XF86Mail",
        "HOMEPAGE": "XF86HomePage", "SLEEP": "XF86Sleep", "POWER": "XF86PowerOff", "MICMUTE": "XF86AudioMicMute",
    ]

    /// evdev key codes (linux/input-event-codes.h) and their evdev names, for `ydotool key
    /// CODE:STATE`: the keyboard's main block, function keys, keypad and media keys.
    static let evdevCodes: [Int: String] = {
        var table: [Int: String] = [
            1: "ESC", 12: "MINUS", 13: "EQUAL", 14: "BACKSPACE", 15: "TAB", 26: "LEFTBRACE", 27: "RIGHTBRACE",
            28: "ENTER", 29: "LEFTCTRL", 39: "SEMICOLON", 40: "APOSTROPHE", 41: "GRAVE", 42: "LEFTSHIFT",
            43: "BACKSLASH", 51: "COMMA", 52: "DOT", 53: "SLASH", 54: "RIGHTSHIFT", 55: "KPASTERISK",
            56: "LEFTALT", 57: "SPACE", 58: "CAPSLOCK", 69: "NUMLOCK", 70: "SCROLLLOCK",
            71: "KP7", 72: "KP8", 73: "KP9", 74: "KPMINUS", 75: "KP4", 76: "KP5", 77: "KP6", 78: "KPPLUS",
            79: "KP1", 80: "KP2", 81: "KP3", 82: "KP0", 83: "KPDOT", 87: "F11", 88: "F12", 96: "KPENTER",
            97: "RIGHTCTRL", 98: "KPSLASH", 99: "SYSRQ", 100: "RIGHTALT", 102: "HOME", 103: "UP", 104: "PAGEUP",
            105: "LEFT", 106: "RIGHT", 107: "END", 108: "DOWN", 109: "PAGEDOWN", 110: "INSERT", 111: "DELETE",
            113: "MUTE", 114: "VOLUMEDOWN", 115: "VOLUMEUP", 119: "PAUSE", 125: "LEFTMETA", 126: "RIGHTMETA",
            127: "COMPOSE", 163: "NEXTSONG", 164: "PLAYPAUSE", 165: "PREVIOUSSONG", 166: "STOPCD",
            224: "BRIGHTNESSDOWN", 225: "BRIGHTNESSUP",
        ]
        for (offset, digit) in "1234567890".enumerated() { table[2 + offset] = String(digit) }
        for (offset, letter) in "QWERTYUIOP".enumerated() { table[16 + offset] = String(letter) }
        for (offset, letter) in "ASDFGHJKL".enumerated() { table[30 + offset] = String(letter) }
        for (offset, letter) in "ZXCVBNM".enumerated() { table[44 + offset] = String(letter) }
        for number in 1...10 { table[58 + number] = "F\(number)" }
        return table
    }()

    /// The gesto name of an X11-style key name as xdotool, wtype or Touchégg take it: a
    /// modifier alias, xkbcommon's exact name (`tab` → `Tab`), a hexadecimal keysym
    /// (`0xff53` → `Right`) or a character (`-` → `minus`); nil if xkbcommon knows none.
    static func gestoName(x11 name: String) -> String? {
        if let alias = modifierAliases[name.lowercased()] { return alias }
        if name.count > 2, name.lowercased().hasPrefix("0x"), let value = UInt32(name.dropFirst(2), radix: 16) {
            guard let named = keysymName(value) else { return nil }
            return modifierAliases[named.lowercased()] ?? named
        }
        if xkb_keysym_from_name(name, XKB_KEYSYM_NO_FLAGS) != 0 { return name }
        if name.unicodeScalars.count == 1, let scalar = name.unicodeScalars.first {
            let keysym = xkb_utf32_to_keysym(scalar.value)
            if keysym != 0, let named = keysymName(keysym) { return named }
        }
        let folded = xkb_keysym_from_name(name, XKB_KEYSYM_CASE_INSENSITIVE)
        if folded != 0, let named = keysymName(folded) { return modifierAliases[named.lowercased()] ?? named }
        return nil
    }

    /// The gesto name of a key name as Touchégg sends it: Touchégg 1.x and 2.x look the name up
    /// with `XStringToKeysym`, take the keycode of the key that bears that keysym
    /// (`XKeysymToKeycode`) and press that keycode alone (`XTestFakeKeyEvent`), never Shift, so
    /// `L` types the key of `l`, unshifted. gesto's `keys:` types the keysym itself (Shift for
    /// `L`), so a letter's upper case becomes its lower case, the keysym of the key's first
    /// level on every layout. nil if xkbcommon knows no such name.
    static func gestoName(toucheggKey name: String) -> String? {
        guard let named = gestoName(x11: name) else { return nil }
        let keysym = xkb_keysym_from_name(named, XKB_KEYSYM_NO_FLAGS)
        guard keysym != 0 else { return named }  // a modifier alias (ctrl, super, …)
        let lower = xkb_keysym_to_lower(keysym)
        guard lower != keysym, let lowerName = keysymName(lower) else { return named }
        return lowerName
    }

    /// The gesto name of an evdev key name (`LEFTCTRL`, `KEY_PAGEDOWN`, `A`, `5`, `F11`).
    static func gestoName(evdev name: String) -> String? {
        var upper = name.uppercased()
        if upper.hasPrefix("KEY_") { upper.removeFirst(4) }
        if let named = evdevNames[upper] { return named }
        if upper.count == 1, let character = upper.first, character.isLetter || character.isNumber {
            return upper.lowercased()
        }
        if upper.hasPrefix("KP"), upper.count == 3, let digit = upper.last, digit.isNumber { return "KP_\(digit)" }
        if upper.hasPrefix("F"), let number = Int(upper.dropFirst()), (1...24).contains(number) { return "F\(number)" }
        return nil
    }

    /// xkbcommon's name of `keysym`.
    static func keysymName(_ keysym: UInt32) -> String? {
        var buffer = [CChar](repeating: 0, count: 64)
        guard xkb_keysym_get_name(keysym, &buffer, buffer.count) > 0 else { return nil }
        let name = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        // xkbcommon names keysyms it has no name for as hexadecimal numbers.
        return name.hasPrefix("0x") ? nil : name
    }

    /// True if xkbcommon knows `name` exactly as written.
    static func isExactKeysymName(_ name: String) -> Bool {
        !name.isEmpty && xkb_keysym_from_name(name, XKB_KEYSYM_NO_FLAGS) != 0
    }
}

/// A key combination translated for `keys:`, or why it could not be.
struct KeyCombinationTranslation {
    /// The gesto combination (`ctrl+shift+Tab`).
    var keys: String
    /// What the reader should know (a name read as something else).
    var warnings: [String] = []
}

extension KeyNames {
    /// Translates an xdotool-style combination (`Control_L+minus`, `super+Tab`). A part that
    /// is two known names run together (`minusControl_L`: a `+` and a second combination
    /// lost) is read as the end of one combination and the start of the next; the last
    /// combination is what the user evidently meant, and a warning says so.
    /// - Returns: nil with the unknown name in `unknown` when a part has no gesto name.
    static func combination(x11 text: String, unknown: inout String?) -> KeyCombinationTranslation? {
        let parts = text.split(separator: "+", omittingEmptySubsequences: false).map(String.init)
        // `ctrl++` means ctrl and the plus key, as xdotool reads it.
        var names: [String] = []
        var index = 0
        var warnings: [String] = []
        while index < parts.count {
            var part = parts[index]
            if part.isEmpty, index + 1 < parts.count, parts[index + 1].isEmpty {
                part = "+"
                index += 1
            }
            if let named = gestoName(x11: part) {
                names.append(named)
            } else if let (first, second) = splitRunTogether(part) {
                let before = (parts[..<index] + [first]).joined(separator: "+")
                let after = ([second] + parts[(index + 1)...]).joined(separator: "+")
                warnings.append("'\(part)' is no key name: read as '\(before)' and '\(after)' run together "
                                + "(a second combination after a missing space); imported the last one")
                names = []
                var ignored: String?
                if let rest = combination(x11: after, unknown: &ignored) {
                    return KeyCombinationTranslation(keys: rest.keys, warnings: warnings + rest.warnings)
                }
                unknown = part
                return nil
            } else {
                unknown = part
                return nil
            }
            index += 1
        }
        guard !names.isEmpty else { unknown = text; return nil }
        return KeyCombinationTranslation(keys: names.joined(separator: "+"), warnings: warnings)
    }

    /// `minusControl_L` → (`minus`, `Control_L`): a prefix and a suffix that are both exact
    /// key names, the suffix a modifier (a new combination starts with one).
    private static func splitRunTogether(_ part: String) -> (String, String)? {
        let characters = Array(part)
        guard characters.count >= 2 else { return nil }
        for cut in 1..<characters.count {
            let first = String(characters[..<cut]), second = String(characters[cut...])
            if modifierAliases[second.lowercased()] != nil, isExactKeysymName(first) || gestoName(x11: first) != nil,
               first.count > 1 || !first.first!.isLetter {
                return (first, second)
            }
        }
        return nil
    }

    /// Translates an evdev-name combination (`LEFTCTRL+LEFTALT+RIGHT`, fusuma's `sendkey:`).
    static func combination(evdev text: String, unknown: inout String?) -> KeyCombinationTranslation? {
        var names: [String] = []
        for part in text.split(separator: "+", omittingEmptySubsequences: false) {
            let trimmed = part.trimmingSpaces
            guard let named = gestoName(evdev: trimmed) else { unknown = trimmed; return nil }
            names.append(named)
        }
        guard !names.isEmpty else { unknown = text; return nil }
        return KeyCombinationTranslation(keys: names.joined(separator: "+"))
    }
}

extension StringProtocol {
    /// The text without leading and trailing spaces and tabs.
    var trimmingSpaces: String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else { return "" }
        return String(self[first...last])
    }
}
