/* libwayland-client behind trampolines with its own names and signatures (gesto_loader.h says
 * why and how). Two things are not plain functions:
 * - the interface tables (wl_surface_interface...) that wayland-scanner's code refers to are
 *   data: CWaylandProtocols generates the core protocol's own copies, which libwayland treats
 *   as the same interfaces (it compares interfaces by name);
 * - wl_proxy_marshal_flags, which every generated request calls, is variadic, and a va_list
 *   cannot be passed on: it is rebuilt here as the argument array of
 *   wl_proxy_marshal_array_flags, walking the request's signature the way libwayland does. */
#include "CGestoWayland.h"
#include "gesto_loader.h"
#include <pthread.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Hidden from here on: the trampolines bind only inside gesto's binary. */
#pragma GCC visibility push(hidden)
#include "CWaylandProtocols.h"

#define GESTO_WAYLAND_FUNCTIONS(F, P) \
	F(struct wl_display *, wl_display_connect, (const char *name), (name)) \
	P(wl_display_disconnect, (struct wl_display *display), (display)) \
	F(int, wl_display_dispatch_pending, (struct wl_display *display), (display)) \
	F(int, wl_display_flush, (struct wl_display *display), (display)) \
	F(int, wl_display_get_error, (struct wl_display *display), (display)) \
	F(int, wl_display_get_fd, (struct wl_display *display), (display)) \
	F(uint32_t, wl_display_get_protocol_error, (struct wl_display *display, const struct wl_interface **interface, uint32_t *id), \
	  (display, interface, id)) \
	F(int, wl_display_prepare_read, (struct wl_display *display), (display)) \
	F(int, wl_display_read_events, (struct wl_display *display), (display)) \
	F(int, wl_display_roundtrip, (struct wl_display *display), (display)) \
	F(int, wl_proxy_add_listener, (struct wl_proxy *proxy, void (**implementation)(void), void *data), (proxy, implementation, data)) \
	P(wl_proxy_destroy, (struct wl_proxy *proxy), (proxy)) \
	F(const char *, wl_proxy_get_class, (struct wl_proxy *proxy), (proxy)) \
	F(uint32_t, wl_proxy_get_version, (struct wl_proxy *proxy), (proxy)) \
	F(struct wl_proxy *, wl_proxy_marshal_array_flags, (struct wl_proxy *proxy, uint32_t opcode, const struct wl_interface *interface, \
	  uint32_t version, uint32_t flags, union wl_argument *args), (proxy, opcode, interface, version, flags, args))

/* Debian 12's soname and the package that ships it (the gesto package depends on it). */
#define GESTO_WAYLAND_LIBRARIES(L) L(wayland, "libwayland-client.so.0", "libwayland-client0", GESTO_WAYLAND_FUNCTIONS)
GESTO_FAMILY(GESTO_WAYLAND_LIBRARIES)

#pragma GCC visibility pop
const char *gesto_wayland_open(void) { return gesto_family_open(); }
#pragma GCC visibility push(hidden)

/* libwayland's own limit (WL_CLOSURE_MAX_ARGS, in its private header); the longest request
 * gesto sends has 5 (zwlr_layer_shell_v1.get_layer_surface, zwp_virtual_keyboard_v1.modifiers). */
enum { max_arguments = 20 };

struct wl_proxy *wl_proxy_marshal_flags(struct wl_proxy *proxy, uint32_t opcode, const struct wl_interface *interface,
                                        uint32_t version, uint32_t flags, ...)
{
	char message[256];
	const char *class = wl_proxy_get_class(proxy);
	const struct wl_interface *own = gesto_wayland_interface_named(class);
	if (!own || opcode >= (uint32_t)own->method_count) {
		snprintf(message, sizeof message, "request %u of %s, an interface gesto does not know", opcode, class);
		gesto_library_unavailable(message);
	}
	/* The signature's letters are the arguments (wayland-client-core.h's union wl_argument);
	 * digits (the version a request appeared in) and '?' (nullable) are not. */
	union wl_argument arguments[max_arguments];
	int count = 0;
	va_list list;
	va_start(list, flags);
	for (const char *letter = own->methods[opcode].signature; *letter; letter++) {
		if (strchr("iufsonah", *letter) && count == max_arguments) {
			snprintf(message, sizeof message, "%s.%s has more than %d arguments", class, own->methods[opcode].name, max_arguments);
			gesto_library_unavailable(message);
		}
		switch (*letter) {
		case 'i': arguments[count++].i = va_arg(list, int32_t); break;
		case 'u': arguments[count++].u = va_arg(list, uint32_t); break;
		case 'f': arguments[count++].f = va_arg(list, wl_fixed_t); break;
		case 's': arguments[count++].s = va_arg(list, const char *); break;
		case 'o': arguments[count++].o = va_arg(list, struct wl_object *); break;
		/* The caller passes NULL for a new object: libwayland makes the proxy. */
		case 'n': arguments[count++].o = va_arg(list, struct wl_object *); break;
		case 'a': arguments[count++].a = va_arg(list, struct wl_array *); break;
		case 'h': arguments[count++].h = va_arg(list, int32_t); break;
		default: break;
		}
	}
	va_end(list);
	return wl_proxy_marshal_array_flags(proxy, opcode, interface, version, flags, arguments);
}
