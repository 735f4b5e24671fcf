// What gesto-inputd links (it always needs all three, so it links them rather than opening them
// late as gestod does): libevdev (Debian libevdev-dev: reading, grabbing and cloning a touchpad
// through uinput), libudev (libudev-dev: which devices are touchpads, hotplug) and sd-login
// (libsystemd-dev: the active session's user, who may connect).
#include <libevdev/libevdev.h>
#include <libevdev/libevdev-uinput.h>
#include <libudev.h>
#include <systemd/sd-login.h>
