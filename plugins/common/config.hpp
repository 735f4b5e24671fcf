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

/** Why the libgesto loaded cannot serve a host built against this gesto.h (another major
 *  version, or an older minor: gesto.h's rules), or "" when it can. */
std::string abi_mismatch();

/**
 * What a host does at load: the ABI checked, then the engine for the user's config
 * (config_path(), set in @p path). nullptr, with @p error saying what went wrong and that every
 * gesture passes through, when either fails.
 */
gesto_engine *load_user_engine(std::string& path, std::string& error);
}
