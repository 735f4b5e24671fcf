/*
 * gesture-client: the Wayland client of the VM tests' Wayfire stage. Maps one toplevel
 * filled with a single colour (maximized, or the output's size), and logs every pointer
 * and pointer-gesture event it receives, one line each, flushed:
 *
 *     <seconds on CLOCK_MONOTONIC> <event> [values]
 *
 * e.g. "12.345678 swipe-begin 3", "12.400000 pinch-update 0.52 -0.10 1.0312 0.40",
 * "12.9 pointer-enter". "configured W H" once the first buffer is attached. Hold gestures
 * ("hold-begin 3", "hold-end 0") where the compositor offers version 3 of pointer-gestures
 * ("gestures-version 3" is logged at start). Keyboard focus and keys: "key-enter", "key-leave",
 * "key 125 1" (the evdev code, 1 pressed, 0 released), "key-modifiers 64" (the depressed mask).
 *
 * Usage: gesture-client (WAYLAND_DISPLAY as usual). Built from the generated xdg-shell
 * and pointer-gestures-unstable-v1 code by run-vm-tests --wayfire.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdarg.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>
#include <wayland-client.h>

#include "pointer-gestures-unstable-v1-client-protocol.h"
#include "xdg-shell-client-protocol.h"

/* The colour the screenshots look for: pure 0xRRGGBB. */
#define FILL 0x00ff00ffu

static struct wl_compositor *compositor;
static struct wl_shm *shm;
static struct wl_seat *seat;
static struct xdg_wm_base *wm_base;
static struct zwp_pointer_gestures_v1 *gestures;
static uint32_t gestures_version;
static struct wl_surface *surface;
static struct wl_buffer *buffer;
static int width = 640, height = 480, configured, running = 1;

static void
logf_(const char *format, ...) __attribute__((format(printf, 1, 2)));

static void
logf_(const char *format, ...)
{
	struct timespec now;
	clock_gettime(CLOCK_MONOTONIC, &now);
	printf("%ld.%06ld ", (long)now.tv_sec, now.tv_nsec / 1000);
	va_list args;
	va_start(args, format);
	vprintf(format, args);
	va_end(args);
	putchar('\n');
	fflush(stdout);
}

static struct wl_buffer *
make_buffer(int w, int h)
{
	int stride = w * 4, size = stride * h;
	int fd = memfd_create("gesture-client", MFD_CLOEXEC);
	if (fd < 0 || ftruncate(fd, size) < 0) {
		perror("memfd");
		exit(1);
	}
	uint32_t *pixels = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	for (int i = 0; i < w * h; i++)
		pixels[i] = 0xff000000u | FILL;
	munmap(pixels, size);
	struct wl_shm_pool *pool = wl_shm_create_pool(shm, fd, size);
	struct wl_buffer *b = wl_shm_pool_create_buffer(pool, 0, w, h, stride, WL_SHM_FORMAT_XRGB8888);
	wl_shm_pool_destroy(pool);
	close(fd);
	return b;
}

/* ---- pointer and gestures ---- */

static void p_enter(void *d, struct wl_pointer *p, uint32_t serial, struct wl_surface *s, wl_fixed_t x, wl_fixed_t y)
{ logf_("pointer-enter %.1f %.1f", wl_fixed_to_double(x), wl_fixed_to_double(y)); }
static void p_leave(void *d, struct wl_pointer *p, uint32_t serial, struct wl_surface *s)
{ logf_("pointer-leave"); }
/* Where the pointer is over the surface: a drag's motion (the Wayfire stage's drag session). */
static void p_motion(void *d, struct wl_pointer *p, uint32_t t, wl_fixed_t x, wl_fixed_t y)
{ logf_("pointer-motion %.1f %.1f", wl_fixed_to_double(x), wl_fixed_to_double(y)); }
static void p_button(void *d, struct wl_pointer *p, uint32_t serial, uint32_t t, uint32_t button, uint32_t state)
{ logf_("pointer-button %u %u", button, state); }
static void p_axis(void *d, struct wl_pointer *p, uint32_t t, uint32_t axis, wl_fixed_t value)
{ logf_("pointer-axis %u %.2f", axis, wl_fixed_to_double(value)); }
static void p_frame(void *d, struct wl_pointer *p) {}
static void p_axis_source(void *d, struct wl_pointer *p, uint32_t source) {}
static void p_axis_stop(void *d, struct wl_pointer *p, uint32_t t, uint32_t axis) {}
static void p_axis_discrete(void *d, struct wl_pointer *p, uint32_t axis, int32_t discrete) {}
static const struct wl_pointer_listener pointer_listener = {
	p_enter, p_leave, p_motion, p_button, p_axis, p_frame, p_axis_source, p_axis_stop, p_axis_discrete,
};

static void s_begin(void *d, struct zwp_pointer_gesture_swipe_v1 *g, uint32_t serial, uint32_t t,
		    struct wl_surface *s, uint32_t fingers)
{ logf_("swipe-begin %u", fingers); }
static void s_update(void *d, struct zwp_pointer_gesture_swipe_v1 *g, uint32_t t, wl_fixed_t dx, wl_fixed_t dy)
{ logf_("swipe-update %.2f %.2f", wl_fixed_to_double(dx), wl_fixed_to_double(dy)); }
static void s_end(void *d, struct zwp_pointer_gesture_swipe_v1 *g, uint32_t serial, uint32_t t, int32_t cancelled)
{ logf_("swipe-end %d", cancelled); }
static const struct zwp_pointer_gesture_swipe_v1_listener swipe_listener = { s_begin, s_update, s_end };

static void n_begin(void *d, struct zwp_pointer_gesture_pinch_v1 *g, uint32_t serial, uint32_t t,
		    struct wl_surface *s, uint32_t fingers)
{ logf_("pinch-begin %u", fingers); }
static void n_update(void *d, struct zwp_pointer_gesture_pinch_v1 *g, uint32_t t, wl_fixed_t dx, wl_fixed_t dy,
		     wl_fixed_t scale, wl_fixed_t rotation)
{ logf_("pinch-update %.2f %.2f %.4f %.2f", wl_fixed_to_double(dx), wl_fixed_to_double(dy),
	wl_fixed_to_double(scale), wl_fixed_to_double(rotation)); }
static void n_end(void *d, struct zwp_pointer_gesture_pinch_v1 *g, uint32_t serial, uint32_t t, int32_t cancelled)
{ logf_("pinch-end %d", cancelled); }
static const struct zwp_pointer_gesture_pinch_v1_listener pinch_listener = { n_begin, n_update, n_end };

static void h_begin(void *d, struct zwp_pointer_gesture_hold_v1 *g, uint32_t serial, uint32_t t,
		    struct wl_surface *s, uint32_t fingers)
{ logf_("hold-begin %u", fingers); }
static void h_end(void *d, struct zwp_pointer_gesture_hold_v1 *g, uint32_t serial, uint32_t t, int32_t cancelled)
{ logf_("hold-end %d", cancelled); }
static const struct zwp_pointer_gesture_hold_v1_listener hold_listener = { h_begin, h_end };

/* ---- keyboard: the keys a compositor plugin types (a `keys:` binding) ---- */

static void k_keymap(void *d, struct wl_keyboard *k, uint32_t format, int32_t fd, uint32_t size)
{ close(fd); }
static void k_enter(void *d, struct wl_keyboard *k, uint32_t serial, struct wl_surface *s, struct wl_array *keys)
{ logf_("key-enter"); }
static void k_leave(void *d, struct wl_keyboard *k, uint32_t serial, struct wl_surface *s)
{ logf_("key-leave"); }
/* The evdev key code and 1 (pressed) or 0 (released). */
static void k_key(void *d, struct wl_keyboard *k, uint32_t serial, uint32_t t, uint32_t key, uint32_t state)
{ logf_("key %u %u", key, state); }
static void k_modifiers(void *d, struct wl_keyboard *k, uint32_t serial, uint32_t depressed, uint32_t latched,
			uint32_t locked, uint32_t group)
{ logf_("key-modifiers %u", depressed); }
static void k_repeat_info(void *d, struct wl_keyboard *k, int32_t rate, int32_t delay) {}
static const struct wl_keyboard_listener keyboard_listener = {
	k_keymap, k_enter, k_leave, k_key, k_modifiers, k_repeat_info,
};

static void
seat_caps(void *d, struct wl_seat *s, uint32_t caps)
{
	static struct wl_pointer *pointer;
	static struct wl_keyboard *keyboard;
	if ((caps & WL_SEAT_CAPABILITY_KEYBOARD) && !keyboard) {
		keyboard = wl_seat_get_keyboard(s);
		wl_keyboard_add_listener(keyboard, &keyboard_listener, NULL);
	}
	if ((caps & WL_SEAT_CAPABILITY_POINTER) && !pointer) {
		pointer = wl_seat_get_pointer(s);
		wl_pointer_add_listener(pointer, &pointer_listener, NULL);
		if (gestures) {
			zwp_pointer_gesture_swipe_v1_add_listener(
				zwp_pointer_gestures_v1_get_swipe_gesture(gestures, pointer), &swipe_listener, NULL);
			zwp_pointer_gesture_pinch_v1_add_listener(
				zwp_pointer_gestures_v1_get_pinch_gesture(gestures, pointer), &pinch_listener, NULL);
			if (gestures_version >= ZWP_POINTER_GESTURES_V1_GET_HOLD_GESTURE_SINCE_VERSION)
				zwp_pointer_gesture_hold_v1_add_listener(
					zwp_pointer_gestures_v1_get_hold_gesture(gestures, pointer), &hold_listener, NULL);
		}
		logf_("seat-pointer");
	}
}
static void seat_name(void *d, struct wl_seat *s, const char *name) {}
static const struct wl_seat_listener seat_listener = { seat_caps, seat_name };

/* ---- shell ---- */

static void wm_ping(void *d, struct xdg_wm_base *b, uint32_t serial) { xdg_wm_base_pong(b, serial); }
static const struct xdg_wm_base_listener wm_listener = { wm_ping };

static void
xs_configure(void *d, struct xdg_surface *xs, uint32_t serial)
{
	xdg_surface_ack_configure(xs, serial);
	if (buffer)
		wl_buffer_destroy(buffer);
	buffer = make_buffer(width, height);
	wl_surface_attach(surface, buffer, 0, 0);
	wl_surface_damage(surface, 0, 0, width, height);
	wl_surface_commit(surface);
	logf_("configured %d %d", width, height);
	configured = 1;
}
static const struct xdg_surface_listener xs_listener = { xs_configure };

static void
tl_configure(void *d, struct xdg_toplevel *t, int32_t w, int32_t h, struct wl_array *states)
{
	if (w > 0 && h > 0) {
		width = w;
		height = h;
	}
}
static void tl_close(void *d, struct xdg_toplevel *t) { running = 0; }
static const struct xdg_toplevel_listener tl_listener = { tl_configure, tl_close };

static void
global(void *d, struct wl_registry *r, uint32_t name, const char *iface, uint32_t version)
{
	if (strcmp(iface, wl_compositor_interface.name) == 0)
		compositor = wl_registry_bind(r, name, &wl_compositor_interface, 4);
	else if (strcmp(iface, wl_shm_interface.name) == 0)
		shm = wl_registry_bind(r, name, &wl_shm_interface, 1);
	else if (strcmp(iface, wl_seat_interface.name) == 0)
		seat = wl_registry_bind(r, name, &wl_seat_interface, 5);
	else if (strcmp(iface, xdg_wm_base_interface.name) == 0)
		wm_base = wl_registry_bind(r, name, &xdg_wm_base_interface, 1);
	else if (strcmp(iface, zwp_pointer_gestures_v1_interface.name) == 0) {
		gestures_version = version < 3 ? version : 3;
		gestures = wl_registry_bind(r, name, &zwp_pointer_gestures_v1_interface, gestures_version);
	}
}
static void global_remove(void *d, struct wl_registry *r, uint32_t name) {}
static const struct wl_registry_listener registry_listener = { global, global_remove };

int
main(void)
{
	struct wl_display *display = wl_display_connect(NULL);
	if (!display) {
		fprintf(stderr, "gesture-client: cannot connect to the Wayland display\n");
		return 1;
	}
	wl_registry_add_listener(wl_display_get_registry(display), &registry_listener, NULL);
	wl_display_roundtrip(display);
	if (!compositor || !shm || !seat || !wm_base || !gestures) {
		fprintf(stderr, "gesture-client: missing globals (gestures %s)\n", gestures ? "yes" : "no");
		return 1;
	}
	logf_("gestures-version %u", gestures_version);
	xdg_wm_base_add_listener(wm_base, &wm_listener, NULL);
	wl_seat_add_listener(seat, &seat_listener, NULL);
	surface = wl_compositor_create_surface(compositor);
	struct xdg_surface *xs = xdg_wm_base_get_xdg_surface(wm_base, surface);
	xdg_surface_add_listener(xs, &xs_listener, NULL);
	struct xdg_toplevel *tl = xdg_surface_get_toplevel(xs);
	xdg_toplevel_add_listener(tl, &tl_listener, NULL);
	xdg_toplevel_set_app_id(tl, "gesture-client");
	xdg_toplevel_set_maximized(tl);
	wl_surface_commit(surface);
	while (running && wl_display_dispatch(display) != -1) {
	}
	return 0;
}
