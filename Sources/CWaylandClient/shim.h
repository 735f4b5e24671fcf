/* The Wayland client library (libwayland-client), for GestoWayland, and memfd_create, which
 * carries the virtual keyboard's keymap and which Swift's Glibc module does not expose. */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <sys/mman.h>
#include <wayland-client.h>

/* A close-on-exec anonymous file for passing data to the compositor by descriptor. */
static inline int gesto_memfd_create(const char *name) { return memfd_create(name, MFD_CLOEXEC); }

/* The core interfaces overlays bind (Swift sees extern structs, not their addresses). */
static inline const struct wl_interface *gesto_wl_compositor_interface(void) { return &wl_compositor_interface; }
static inline const struct wl_interface *gesto_wl_shm_interface(void) { return &wl_shm_interface; }
