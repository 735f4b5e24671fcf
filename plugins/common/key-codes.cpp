#include "key-codes.hpp"

#include <algorithm>
#include <utility>

namespace gesto_host
{
namespace
{
/** xkbcommon's keycodes are the kernel's evdev codes plus 8 (the X11 offset). */
constexpr xkb_keycode_t evdev_offset = 8;

struct key_for_keysym
{
    uint32_t code;
    bool needs_shift;
};

std::optional<key_for_keysym> key_typing(xkb_keymap *keymap, xkb_layout_index_t layout, xkb_keysym_t keysym)
{
    std::optional<std::pair<xkb_keycode_t, xkb_level_index_t>> best;
    for (xkb_keycode_t code = xkb_keymap_min_keycode(keymap); code <= xkb_keymap_max_keycode(keymap); code++)
    {
        const xkb_level_index_t levels = xkb_keymap_num_levels_for_key(keymap, code, layout);
        for (xkb_level_index_t level = 0; level < levels && (!best || level < best->second); level++)
        {
            const xkb_keysym_t *symbols = nullptr;
            const int count = xkb_keymap_key_get_syms_by_level(keymap, code, layout, level, &symbols);
            if ((count > 0) && std::find(symbols, symbols + count, keysym) != symbols + count)
            {
                best = {code, level};
            }
        }
    }

    if (!best || (best->first < evdev_offset))
    {
        return std::nullopt;
    }

    if (best->second == 0)
    {
        return key_for_keysym{best->first - evdev_offset, false};
    }

    // Only a level reached with Shift alone is typed: another (AltGr's) needs modifiers the
    // combination does not name.
    const xkb_mod_index_t shift = xkb_keymap_mod_get_index(keymap, XKB_MOD_NAME_SHIFT);
    xkb_mod_mask_t masks[4] = {};
    const size_t count = xkb_keymap_key_get_mods_for_level(keymap, best->first, layout, best->second, masks, 4);
    if ((shift == XKB_MOD_INVALID) || (std::find(masks, masks + count, xkb_mod_mask_t(1u << shift)) == masks + count))
    {
        return std::nullopt;
    }

    return key_for_keysym{best->first - evdev_offset, true};
}
}

std::optional<std::vector<uint32_t>> key_codes(xkb_keymap *keymap, xkb_layout_index_t layout,
    const char *const *names, uint32_t count, std::string& missing)
{
    std::vector<uint32_t> codes;
    for (uint32_t i = 0; i < count; i++)
    {
        const xkb_keysym_t keysym = xkb_keysym_from_name(names[i], XKB_KEYSYM_NO_FLAGS);
        const auto key = keysym == XKB_KEY_NoSymbol ? std::nullopt : key_typing(keymap, layout, keysym);
        if (!key)
        {
            missing = names[i];
            return std::nullopt;
        }

        if (key->needs_shift)
        {
            const auto shift = key_typing(keymap, layout, XKB_KEY_Shift_L);
            if (shift && (std::find(codes.begin(), codes.end(), shift->code) == codes.end()))
            {
                codes.push_back(shift->code);
            }
        }

        codes.push_back(key->code);
    }

    return codes;
}
}
