// Runs a binding's `exec:` command as gestod does: through /bin/sh -c, detached from the
// compositor, with the GESTO_* variables libgesto formats for the firing.
#pragma once

#include <gesto/gesto.h>

#include <string>

namespace gesto_host
{
/** Starts @p command for @p firing; returns false (with @p error set) if it could not start. */
bool run_command(const std::string& command, const gesto_recognized& firing, std::string& error);
}
