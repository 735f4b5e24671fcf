// Watches logind's LockedHint for gestod's graphical session over the system bus (sd-bus), so
// gestures can be ignored while the screen is locked. C because sd-bus's message readers are
// variadic, which Swift cannot call. The bus descriptor joins gestod's epoll loop.
#ifndef CGESTOLOGIND_H
#define CGESTOLOGIND_H

#include <stddef.h>

/// An open watch: a system bus connection subscribed to the session's PropertiesChanged.
typedef struct gesto_lock_watch gesto_lock_watch;

/// Opens the system bus, finds gestod's session (XDG_SESSION_ID, else the caller's session,
/// else the user's graphical "display" session), reads its LockedHint and subscribes to its
/// changes. Returns NULL on failure and writes why into `reason` (at most `reason_size` bytes).
/// On success `session` receives the session ID (at most `session_size` bytes).
gesto_lock_watch *gesto_lock_watch_open(char *session, size_t session_size, char *reason, size_t reason_size);

/// The bus descriptor to poll for reading.
int gesto_lock_watch_fd(gesto_lock_watch *watch);

/// Processes every pending bus message; call when the descriptor is readable. Returns the
/// lock state afterwards: 1 locked, 0 unlocked; or a negative errno when the bus failed (the
/// watch is then useless: close it).
int gesto_lock_watch_process(gesto_lock_watch *watch);

/// The last known state: 1 locked, 0 unlocked.
int gesto_lock_watch_locked(gesto_lock_watch *watch);

/// Closes the bus and frees the watch.
void gesto_lock_watch_close(gesto_lock_watch *watch);

#endif
