// logind's LockedHint over sd-bus: one synchronous read at open, then PropertiesChanged
// signals (no method calls stay pending, so sd-bus never needs a timeout from the loop).
#include "CGestoLogind.h"
#include "CGestoSystemd.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <systemd/sd-bus.h>
#include <systemd/sd-login.h>

struct gesto_lock_watch {
    sd_bus *bus;
    sd_bus_slot *slot;
    char *path;
    int locked;
};

static const char *destination = "org.freedesktop.login1";
static const char *session_interface = "org.freedesktop.login1.Session";

static int read_locked(gesto_lock_watch *watch) {
    sd_bus_error error = SD_BUS_ERROR_NULL;
    int value = 0;
    int result = sd_bus_get_property_trivial(watch->bus, destination, watch->path, session_interface,
                                             "LockedHint", &error, 'b', &value);
    sd_bus_error_free(&error);
    if (result < 0) return result;
    watch->locked = value ? 1 : 0;
    return watch->locked;
}

/// PropertiesChanged(s interface, a{sv} changed, as invalidated).
static int on_properties_changed(sd_bus_message *message, void *data, sd_bus_error *unused) {
    (void)unused;
    gesto_lock_watch *watch = data;
    const char *interface = NULL;
    if (sd_bus_message_read(message, "s", &interface) < 0 || strcmp(interface, session_interface) != 0) return 0;
    if (sd_bus_message_enter_container(message, 'a', "{sv}") < 0) return 0;
    while (sd_bus_message_enter_container(message, 'e', "sv") > 0) {
        const char *name = NULL;
        if (sd_bus_message_read(message, "s", &name) < 0) return 0;
        if (strcmp(name, "LockedHint") == 0) {
            int value = 0;
            if (sd_bus_message_read(message, "v", "b", &value) >= 0) watch->locked = value ? 1 : 0;
        } else if (sd_bus_message_skip(message, "v") < 0) {
            return 0;
        }
        sd_bus_message_exit_container(message);
    }
    sd_bus_message_exit_container(message);
    if (sd_bus_message_enter_container(message, 'a', "s") > 0) {
        const char *name = NULL;
        while (sd_bus_message_read(message, "s", &name) > 0) {
            if (strcmp(name, "LockedHint") == 0) read_locked(watch);
        }
    }
    return 0;
}

gesto_lock_watch *gesto_lock_watch_open(char *session, size_t session_size, char *reason, size_t reason_size) {
    /* libsystemd is opened here, at gestod's start, not by every gestoctl command. */
    const char *unavailable = gesto_systemd_open();
    if (unavailable) { snprintf(reason, reason_size, "%s", unavailable); return NULL; }
    gesto_lock_watch *watch = calloc(1, sizeof *watch);
    char *id = NULL;
    int result;
    if (!watch) { snprintf(reason, reason_size, "out of memory"); return NULL; }
    result = sd_bus_open_system(&watch->bus);
    if (result < 0) {
        snprintf(reason, reason_size, "no system bus: %s", strerror(-result));
        goto fail;
    }
    const char *environment = getenv("XDG_SESSION_ID");
    if (environment && *environment) {
        id = strdup(environment);
    } else if (sd_pid_get_session(0, &id) < 0 && sd_uid_get_display(getuid(), &id) < 0) {
        snprintf(reason, reason_size, "no logind session for this user (XDG_SESSION_ID unset, no graphical session)");
        goto fail;
    }
    if (!id) { snprintf(reason, reason_size, "out of memory"); goto fail; }
    result = sd_bus_path_encode("/org/freedesktop/login1/session", id, &watch->path);
    if (result < 0) {
        snprintf(reason, reason_size, "session '%s': %s", id, strerror(-result));
        goto fail;
    }
    result = read_locked(watch);
    if (result < 0) {
        snprintf(reason, reason_size, "cannot read LockedHint of session '%s': %s", id, strerror(-result));
        goto fail;
    }
    result = sd_bus_match_signal(watch->bus, &watch->slot, destination, watch->path,
                                 "org.freedesktop.DBus.Properties", "PropertiesChanged",
                                 on_properties_changed, watch);
    if (result < 0) {
        snprintf(reason, reason_size, "cannot subscribe to session '%s': %s", id, strerror(-result));
        goto fail;
    }
    snprintf(session, session_size, "%s", id);
    free(id);
    return watch;
fail:
    free(id);
    gesto_lock_watch_close(watch);
    return NULL;
}

int gesto_lock_watch_fd(gesto_lock_watch *watch) { return sd_bus_get_fd(watch->bus); }

int gesto_lock_watch_process(gesto_lock_watch *watch) {
    int result;
    while ((result = sd_bus_process(watch->bus, NULL)) > 0) {}
    if (result < 0) return result;
    return watch->locked;
}

int gesto_lock_watch_locked(gesto_lock_watch *watch) { return watch->locked; }

void gesto_lock_watch_close(gesto_lock_watch *watch) {
    if (!watch) return;
    sd_bus_slot_unref(watch->slot);
    sd_bus_flush_close_unref(watch->bus);
    free(watch->path);
    free(watch);
}
