// sd-bus and sd-login from Debian's libsystemd-dev: logind's session lock state.
#include <systemd/sd-bus.h>
#include <systemd/sd-login.h>
