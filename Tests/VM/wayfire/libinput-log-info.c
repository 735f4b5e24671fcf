/* libinput-log-info.so: preloaded into Wayfire in the VM tests' Wayfire stage (see README.md).
 * wlroots sets its libinput context's log priority to "error", which hides libinput's
 * "SYN_DROPPED event - some input events have been lost" (priority "info"): the one sign that
 * the kernel dropped events Wayfire read too late. This lets messages of priority "info" and
 * above through; wlroots' handler prints them with the rest of its log. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <libinput.h>

void libinput_log_set_priority(struct libinput *libinput, enum libinput_log_priority priority)
{
    void (*next)(struct libinput *, enum libinput_log_priority) =
        (void (*)(struct libinput *, enum libinput_log_priority))dlsym(RTLD_NEXT, "libinput_log_set_priority");
    if (priority > LIBINPUT_LOG_PRIORITY_INFO)
        priority = LIBINPUT_LOG_PRIORITY_INFO;
    if (next)
        next(libinput, priority);
}
