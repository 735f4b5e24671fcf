/* libinput and libudev, opened when gestod first reads live devices rather than at start; see
 * CGestoLibinput.c. */
#ifndef CGESTO_LIBINPUT_H
#define CGESTO_LIBINPUT_H

/* Opens libinput.so.10 and libudev.so.1 and finds every function gesto calls, once (later calls
 * return the first answer). Returns NULL when they are ready, or why not: "SONAME (Debian
 * package PACKAGE) could not be loaded: ...". Call it before any libinput or udev function.
 * Thread-safe. */
const char *gesto_libinput_open(void);

#endif
