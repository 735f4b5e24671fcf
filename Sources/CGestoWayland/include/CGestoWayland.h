/* libwayland-client, opened when gestod first connects to the compositor rather than at start;
 * see CGestoWayland.c. */
#ifndef CGESTO_WAYLAND_H
#define CGESTO_WAYLAND_H

/* Opens libwayland-client.so.0 and finds every function gesto calls, once (later calls return
 * the first answer). Returns NULL when it is ready, or why not: "libwayland-client.so.0 (Debian
 * package libwayland-client0) could not be loaded: ...". Call it before any wl_ function.
 * Thread-safe. */
const char *gesto_wayland_open(void);

#endif
