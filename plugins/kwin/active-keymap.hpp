// The keymap KWin types with now (the user's layout), for turning keysym names into the evdev
// key codes the plugin's keyboard device sends.
#pragma once

#include <xkbcommon/xkbcommon.h>

namespace gesto_kwin
{
/** KWin's active keymap (owned by KWin; valid until its layout changes). */
xkb_keymap *active_keymap();

/** The layout of it KWin types with now. */
xkb_layout_index_t active_layout();
}
