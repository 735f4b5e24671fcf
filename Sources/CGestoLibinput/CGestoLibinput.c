/* libinput and libudev behind trampolines with their own names and signatures (gesto_loader.h
 * says why and how): replaying text or talking to gestod maps neither. Each list names every
 * function gesto calls, once. */
#include "CGestoLibinput.h"
#include "gesto_loader.h"
#include <pthread.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/types.h>

/* Hidden from here on: the trampolines bind only inside gesto's binary (libinput calls libudev,
 * and itself, through the real symbols). */
#pragma GCC visibility push(hidden)
#include <libinput.h>
#include <libudev.h>

#define GESTO_LIBINPUT_FUNCTIONS(F, P) \
	F(enum libinput_config_status, libinput_device_config_send_events_set_mode, (struct libinput_device *device, uint32_t mode), (device, mode)) \
	F(const char *, libinput_device_get_name, (struct libinput_device *device), (device)) \
	F(struct libinput_seat *, libinput_device_get_seat, (struct libinput_device *device), (device)) \
	F(int, libinput_device_get_size, (struct libinput_device *device, double *width, double *height), (device, width, height)) \
	F(const char *, libinput_device_get_sysname, (struct libinput_device *device), (device)) \
	F(int, libinput_device_has_capability, (struct libinput_device *device, enum libinput_device_capability capability), (device, capability)) \
	F(int, libinput_dispatch, (struct libinput *libinput), (libinput)) \
	P(libinput_event_destroy, (struct libinput_event *event), (event)) \
	F(double, libinput_event_gesture_get_angle_delta, (struct libinput_event_gesture *event), (event)) \
	F(int, libinput_event_gesture_get_cancelled, (struct libinput_event_gesture *event), (event)) \
	F(double, libinput_event_gesture_get_dx, (struct libinput_event_gesture *event), (event)) \
	F(double, libinput_event_gesture_get_dx_unaccelerated, (struct libinput_event_gesture *event), (event)) \
	F(double, libinput_event_gesture_get_dy, (struct libinput_event_gesture *event), (event)) \
	F(double, libinput_event_gesture_get_dy_unaccelerated, (struct libinput_event_gesture *event), (event)) \
	F(int, libinput_event_gesture_get_finger_count, (struct libinput_event_gesture *event), (event)) \
	F(double, libinput_event_gesture_get_scale, (struct libinput_event_gesture *event), (event)) \
	F(uint64_t, libinput_event_gesture_get_time_usec, (struct libinput_event_gesture *event), (event)) \
	F(struct libinput_device *, libinput_event_get_device, (struct libinput_event *event), (event)) \
	F(struct libinput_event_gesture *, libinput_event_get_gesture_event, (struct libinput_event *event), (event)) \
	F(struct libinput_event_touch *, libinput_event_get_touch_event, (struct libinput_event *event), (event)) \
	F(enum libinput_event_type, libinput_event_get_type, (struct libinput_event *event), (event)) \
	F(int32_t, libinput_event_touch_get_seat_slot, (struct libinput_event_touch *event), (event)) \
	F(int32_t, libinput_event_touch_get_slot, (struct libinput_event_touch *event), (event)) \
	F(uint64_t, libinput_event_touch_get_time_usec, (struct libinput_event_touch *event), (event)) \
	F(double, libinput_event_touch_get_x, (struct libinput_event_touch *event), (event)) \
	F(double, libinput_event_touch_get_x_transformed, (struct libinput_event_touch *event, uint32_t width), (event, width)) \
	F(double, libinput_event_touch_get_y, (struct libinput_event_touch *event), (event)) \
	F(double, libinput_event_touch_get_y_transformed, (struct libinput_event_touch *event, uint32_t height), (event, height)) \
	F(struct libinput_event *, libinput_get_event, (struct libinput *libinput), (libinput)) \
	F(int, libinput_get_fd, (struct libinput *libinput), (libinput)) \
	F(void *, libinput_get_user_data, (struct libinput *libinput), (libinput)) \
	P(libinput_log_set_handler, (struct libinput *libinput, libinput_log_handler log_handler), (libinput, log_handler)) \
	P(libinput_log_set_priority, (struct libinput *libinput, enum libinput_log_priority priority), (libinput, priority)) \
	F(struct libinput_device *, libinput_path_add_device, (struct libinput *libinput, const char *path), (libinput, path)) \
	F(struct libinput *, libinput_path_create_context, (const struct libinput_interface *interface, void *user_data), (interface, user_data)) \
	P(libinput_path_remove_device, (struct libinput_device *device), (device)) \
	F(const char *, libinput_seat_get_physical_name, (struct libinput_seat *seat), (seat)) \
	F(int, libinput_udev_assign_seat, (struct libinput *libinput, const char *seat_id), (libinput, seat_id)) \
	F(struct libinput *, libinput_udev_create_context, (const struct libinput_interface *interface, void *user_data, struct udev *udev), (interface, user_data, udev)) \
	F(struct libinput *, libinput_unref, (struct libinput *libinput), (libinput))

#define GESTO_UDEV_FUNCTIONS(F, P) \
	F(struct udev_device *, udev_device_get_parent_with_subsystem_devtype, (struct udev_device *udev_device, const char *subsystem, const char *devtype), (udev_device, subsystem, devtype)) \
	F(const char *, udev_device_get_property_value, (struct udev_device *udev_device, const char *key), (udev_device, key)) \
	F(const char *, udev_device_get_sysattr_value, (struct udev_device *udev_device, const char *sysattr), (udev_device, sysattr)) \
	F(struct udev_device *, udev_device_new_from_devnum, (struct udev *udev, char type, dev_t devnum), (udev, type, devnum)) \
	F(struct udev_device *, udev_device_unref, (struct udev_device *udev_device), (udev_device)) \
	F(struct udev *, udev_new, (void), ()) \
	F(struct udev *, udev_unref, (struct udev *udev), (udev))

/* Debian 12's sonames and the packages that ship them (the gesto package depends on them).
 * libinput needs libudev itself, so libudev is opened first and both name the same loaded
 * libudev. */
#define GESTO_LIBINPUT_LIBRARIES(L) \
	L(libudev, "libudev.so.1", "libudev1", GESTO_UDEV_FUNCTIONS) \
	L(libinput, "libinput.so.10", "libinput10", GESTO_LIBINPUT_FUNCTIONS)
GESTO_FAMILY(GESTO_LIBINPUT_LIBRARIES)

#pragma GCC visibility pop
const char *gesto_libinput_open(void) { return gesto_family_open(); }
