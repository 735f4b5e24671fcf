// The keymap KWin types with now (the user's layout), for turning keysym names into the evdev
// key codes the plugin's keyboard device sends.
#pragma once

struct xkb_keymap;

namespace gesto_kwin
{
/** KWin's active keymap (owned by KWin; valid until its layout changes). */
xkb_keymap *active_keymap();
}
