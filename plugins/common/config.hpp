// The user's gesto config, found and read as gestod finds it, turned into a libgesto engine.
#pragma once

#include <gesto/gesto.h>

#include <string>

namespace gesto_host
{
/** $XDG_CONFIG_HOME/gesto/config.yaml, else ~/.config/gesto/config.yaml. */
std::string config_path();

/**
 * An engine for the config at @p path: one without bindings when the file does not exist
 * (every gesture then passes through), nullptr with @p error set ("PATH:LINE:COLUMN: error:
 * ..." lines) when it cannot be read or is not a valid config.
 */
gesto_engine *load_engine(const std::string& path, std::string& error);
}
