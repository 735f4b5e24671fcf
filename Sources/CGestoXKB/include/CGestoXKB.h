/* xkbcommon, opened at the first keymap or key name rather than at start; see CGestoXKB.c. */
#ifndef CGESTO_XKB_H
#define CGESTO_XKB_H

/* Opens libxkbcommon.so.0 and finds every function gesto calls, once (later calls return the
 * first answer). Returns NULL when it is ready, or why not: "libxkbcommon.so.0 (Debian package
 * libxkbcommon0) could not be loaded: ...". Thread-safe. */
const char *gesto_xkb_open(void);

#endif
