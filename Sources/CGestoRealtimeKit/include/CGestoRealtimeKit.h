// RealtimeKit (rtkit, org.freedesktop.RealtimeKit1 on the system bus): the desktop's way to give
// an unprivileged thread real-time scheduling, within the limits rtkit sets (its
// MaxRealtimePriority, and an RLIMIT_RTTIME no larger than its RTTimeUSecMax). C because
// sd-bus's method calls are variadic, which Swift cannot call.
#ifndef CGESTOREALTIMEKIT_H
#define CGESTOREALTIMEKIT_H

#include <stddef.h>

/// Asks rtkit to make thread `thread` (a kernel thread ID of this process) SCHED_RR `priority`
/// (lowered to rtkit's MaxRealtimePriority when that is lower), after capping RLIMIT_RTTIME at
/// rtkit's RTTimeUSecMax: `prepare(soft, hard)` is called with the caps in microseconds
/// (gesto_realtime_prepare). Waits at most `timeout_usec` for each answer. Returns the
/// priority given (> 0), or 0 and writes why not into `reason` (at most `reason_size` bytes):
/// no system bus, no rtkit, or its refusal.
int gesto_rtkit_make_realtime(long thread, int priority, long timeout_usec, int (*prepare)(long, long),
                              char *reason, size_t reason_size);

#endif
