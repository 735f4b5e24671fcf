/* Pango through PangoCairo (Debian's libpango1.0-dev), for every text gesto draws: shaping
 * (CJK glyphs from fontconfig's fallback fonts, right-to-left scripts), and truncation to a
 * width in pixels with an ellipsis. */
#include <pango/pangocairo.h>
