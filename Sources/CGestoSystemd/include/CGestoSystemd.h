/* libsystemd (sd-bus, sd-login, sd-journal), opened when gestod first watches logind or writes
 * to the journal rather than at the start of every gestoctl command; see CGestoSystemd.c. */
#ifndef CGESTO_SYSTEMD_H
#define CGESTO_SYSTEMD_H

/* Opens libsystemd.so.0 and finds every function gesto calls, once (later calls return the
 * first answer). Returns NULL when it is ready, or why not: "libsystemd.so.0 (Debian package
 * libsystemd0) could not be loaded: ...". Call it before any sd_ function. Thread-safe. */
const char *gesto_systemd_open(void);

#endif
