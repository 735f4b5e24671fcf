// KWin keeps its keymap in KeyboardInputRedirection::xkb(), declared in keyboard_input.h. KWin
// 6.3's kwin-dev ships that header including a11ykeyboardmonitor.h, which it does not ship, so
// where that header is missing this file alone declares the one exported member it calls
// (nothing here depends on the class's layout), and the rest of the plugin never sees the class.
#include "active-keymap.hpp"

#include <input.h>
#include <xkb.h>

#if __has_include(<a11ykeyboardmonitor.h>)
#include <keyboard_input.h>
#else
namespace KWin
{
class KeyboardInputRedirection
{
  public:
    Xkb *xkb() const;
};
}
#endif

namespace gesto_kwin
{
xkb_keymap *active_keymap()
{
    return KWin::input()->keyboard()->xkb()->keymap();
}

xkb_layout_index_t active_layout()
{
    return KWin::input()->keyboard()->xkb()->currentLayout();
}
}
