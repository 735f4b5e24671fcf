/* libsystemd behind trampolines with its own names and signatures (gesto_loader.h says why and
 * how): a gestoctl command maps neither it nor its chain (libgcrypt, liblzma, libzstd, liblz4,
 * libcap). sd_bus_message_read and sd_bus_call_method are variadic: their trampolines pass the
 * va_list to sd_bus_message_readv and sd_bus_call_methodv, libsystemd's own forms of them. The list names every function gesto
 * calls, once. */
#include "CGestoSystemd.h"
#include "gesto_loader.h"
#include <pthread.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/types.h>
#include <sys/uio.h>

/* Hidden from here on: the trampolines bind only inside gesto's binary. */
#pragma GCC visibility push(hidden)
#include <systemd/sd-bus.h>
/* Without it sd_journal_sendv is a macro adding the C caller's location (Swift calls the
 * function itself). */
#define SD_JOURNAL_SUPPRESS_LOCATION
#include <systemd/sd-journal.h>
#include <systemd/sd-login.h>

#define GESTO_SYSTEMD_FUNCTIONS(F, P) \
	P(sd_bus_error_free, (sd_bus_error *e), (e)) \
	F(sd_bus *, sd_bus_flush_close_unref, (sd_bus *bus), (bus)) \
	F(int, sd_bus_call_methodv, (sd_bus *bus, const char *destination, const char *path, const char *interface, \
	  const char *member, sd_bus_error *ret_error, sd_bus_message **reply, const char *types, va_list ap), \
	  (bus, destination, path, interface, member, ret_error, reply, types, ap)) \
	F(int, sd_bus_get_fd, (sd_bus *bus), (bus)) \
	F(int, sd_bus_get_property_trivial, (sd_bus *bus, const char *destination, const char *path, const char *interface, \
	  const char *member, sd_bus_error *ret_error, char type, void *ret_ptr), \
	  (bus, destination, path, interface, member, ret_error, type, ret_ptr)) \
	F(int, sd_bus_match_signal, (sd_bus *bus, sd_bus_slot **ret, const char *sender, const char *path, const char *interface, \
	  const char *member, sd_bus_message_handler_t callback, void *userdata), \
	  (bus, ret, sender, path, interface, member, callback, userdata)) \
	F(int, sd_bus_message_enter_container, (sd_bus_message *m, char type, const char *contents), (m, type, contents)) \
	F(int, sd_bus_message_exit_container, (sd_bus_message *m), (m)) \
	F(int, sd_bus_message_readv, (sd_bus_message *m, const char *types, va_list ap), (m, types, ap)) \
	F(int, sd_bus_message_skip, (sd_bus_message *m, const char *types), (m, types)) \
	F(int, sd_bus_open_system, (sd_bus **ret), (ret)) \
	F(int, sd_bus_path_encode, (const char *prefix, const char *external_id, char **ret_path), (prefix, external_id, ret_path)) \
	F(int, sd_bus_process, (sd_bus *bus, sd_bus_message **r), (bus, r)) \
	F(int, sd_bus_set_method_call_timeout, (sd_bus *bus, uint64_t usec), (bus, usec)) \
	F(sd_bus_slot *, sd_bus_slot_unref, (sd_bus_slot *slot), (slot)) \
	F(int, sd_journal_sendv, (const struct iovec *iov, int n), (iov, n)) \
	F(int, sd_pid_get_session, (pid_t pid, char **session), (pid, session)) \
	F(int, sd_uid_get_display, (uid_t uid, char **session), (uid, session))

/* Debian 12's soname and the package that ships it (the gesto package depends on it). */
#define GESTO_SYSTEMD_LIBRARIES(L) L(systemd, "libsystemd.so.0", "libsystemd0", GESTO_SYSTEMD_FUNCTIONS)
GESTO_FAMILY(GESTO_SYSTEMD_LIBRARIES)

#pragma GCC visibility pop
const char *gesto_systemd_open(void) { return gesto_family_open(); }
#pragma GCC visibility push(hidden)

int sd_bus_message_read(sd_bus_message *m, const char *types, ...)
{
	va_list list;
	va_start(list, types);
	int result = sd_bus_message_readv(m, types, list);
	va_end(list);
	return result;
}

int sd_bus_call_method(sd_bus *bus, const char *destination, const char *path, const char *interface,
		       const char *member, sd_bus_error *ret_error, sd_bus_message **reply, const char *types, ...)
{
	va_list list;
	va_start(list, types);
	int result = sd_bus_call_methodv(bus, destination, path, interface, member, ret_error, reply, types, list);
	va_end(list);
	return result;
}
