// sd-bus and sd-login from Debian's libsystemd-dev: logind's session lock state; sd-journal
// for gestod's log entries when its stderr is the journal.
#include <systemd/sd-bus.h>
#include <systemd/sd-login.h>
#include <systemd/sd-journal.h>
