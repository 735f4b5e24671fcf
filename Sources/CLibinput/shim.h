// libinput and the udev handle its seat backend needs (Debian: libinput-dev, libudev-dev).
#include <libinput.h>
#include <libudev.h>
