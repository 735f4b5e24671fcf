// gestod's request to rtkit (CGestoRealtimeKit.h): two property reads and one method call on a
// system bus connection opened for them and closed again.
#include "CGestoRealtimeKit.h"
#include "CGestoSystemd.h"

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <systemd/sd-bus.h>

static const char *service = "org.freedesktop.RealtimeKit1";
static const char *object = "/org/freedesktop/RealtimeKit1";

/// Says why `result` (-errno, with `error` from the bus) failed, into `reason`.
static void explain(char *reason, size_t reason_size, const char *what, int result, const sd_bus_error *error) {
    if (error && error->message)
        snprintf(reason, reason_size, "%s: %s", what, error->message);
    else
        snprintf(reason, reason_size, "%s: %s", what, strerror(-result));
}

int gesto_rtkit_make_realtime(long thread, int priority, long timeout_usec, int (*prepare)(long, long),
                              char *reason, size_t reason_size) {
    const char *unavailable = gesto_systemd_open();
    if (unavailable) { snprintf(reason, reason_size, "%s", unavailable); return 0; }
    sd_bus *bus = NULL;
    sd_bus_error error = SD_BUS_ERROR_NULL;
    int given = 0;
    int result = sd_bus_open_system(&bus);
    if (result < 0) { explain(reason, reason_size, "no system bus", result, NULL); return 0; }
    sd_bus_set_method_call_timeout(bus, (uint64_t)timeout_usec);
    int32_t maximum = 0;
    int64_t rttime = 0;
    result = sd_bus_get_property_trivial(bus, service, object, service, "MaxRealtimePriority", &error, 'i', &maximum);
    if (result < 0) { explain(reason, reason_size, "rtkit", result, &error); goto done; }
    sd_bus_error_free(&error);
    result = sd_bus_get_property_trivial(bus, service, object, service, "RTTimeUSecMax", &error, 'x', &rttime);
    if (result < 0) { explain(reason, reason_size, "rtkit", result, &error); goto done; }
    sd_bus_error_free(&error);
    if (maximum < 1) { snprintf(reason, reason_size, "rtkit gives no real-time priority (MaxRealtimePriority %d)", maximum); goto done; }
    if (priority > maximum) priority = maximum;
    // rtkit refuses a process whose hard RLIMIT_RTTIME is above RTTimeUSecMax.
    result = prepare((long)(rttime / 2), (long)rttime);
    if (result < 0) { explain(reason, reason_size, "RLIMIT_RTTIME", result, NULL); goto done; }
    result = sd_bus_call_method(bus, service, object, service, "MakeThreadRealtime", &error, NULL, "tu",
                                (uint64_t)thread, (uint32_t)priority);
    if (result < 0) { explain(reason, reason_size, "rtkit refused", result, &error); goto done; }
    given = priority;
done:
    sd_bus_error_free(&error);
    sd_bus_flush_close_unref(bus);
    return given;
}
