// What gesto-inputd links (it always needs all three, so it links them rather than opening them
// late as gestod does): libevdev (Debian libevdev-dev: reading, grabbing and cloning a touchpad
// through uinput), libudev (libudev-dev: which devices are touchpads, hotplug) and sd-login
// (libsystemd-dev: the active session's user, who may connect).
#include <errno.h>
#include <libevdev/libevdev.h>
#include <libevdev/libevdev-uinput.h>
#include <libudev.h>
#include <systemd/sd-login.h>

#include <fcntl.h>
#include <linux/uinput.h>
#include <sys/ioctl.h>
#include <unistd.h>

/// Sets the phys of the device a /dev/uinput descriptor will create (UI_SET_PHYS, which
/// libevdev_uinput_create_from_device does not set). Returns 0, or -1 and sets errno.
static inline int gesto_uinput_set_phys(int fd, const char *phys) {
    return ioctl(fd, UI_SET_PHYS, phys);
}

#include <linux/input.h>

/// EVIOCREVOKE: the open file description of `fd` (and every copy of it handed to another
/// process) reads nothing more from its evdev node. Returns 0, or -1 and sets errno.
static inline int gesto_evdev_revoke(int fd) {
    return ioctl(fd, EVIOCREVOKE, NULL);
}
