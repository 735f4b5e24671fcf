/* xkbcommon: keymaps for the virtual keyboard and key names for `keys:` bindings. */
#include <xkbcommon/xkbcommon.h>
