// Which keys type a `keys:` binding's keysyms in a keymap: every host that types on a keyboard
// of its own (gesto-hyprland, gesto-kwin) sends the evdev codes this finds, as gestod's virtual
// keyboard types the same names (GestoWayland's Keymap).
#pragma once

#include <xkbcommon/xkbcommon.h>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace gesto_host
{
/**
 * The evdev key codes that type @p names (keysym names, in pressing order) in @p layout of
 * @p keymap: for each, the key whose lowest level has it, or, when no key has it at its first
 * level, a key whose level with it is reached with Shift alone, then preceded by Shift (once).
 * Nothing, with @p missing set to the first name no key types (or that is not a keysym name).
 */
std::optional<std::vector<uint32_t>> key_codes(xkb_keymap *keymap, xkb_layout_index_t layout,
    const char *const *names, uint32_t count, std::string& missing);
}
