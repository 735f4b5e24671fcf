#include "config.hpp"

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>

namespace gesto_host
{
std::string config_path()
{
    const char *xdg = std::getenv("XDG_CONFIG_HOME");
    if (xdg && (xdg[0] == '/'))
    {
        return std::string(xdg) + "/gesto/config.yaml";
    }

    const char *home = std::getenv("HOME");
    return std::string(home ? home : "") + "/.config/gesto/config.yaml";
}

gesto_engine *load_engine(const std::string& path, std::string& error)
{
    gesto_engine *engine = nullptr;
    std::ifstream file(path, std::ios::binary);
    if (!file)
    {
        if (errno == ENOENT)
        {
            gesto_engine_new(&engine);
            return engine;
        }

        error = path + ": error: " + std::strerror(errno);
        return nullptr;
    }

    std::stringstream text;
    text << file.rdbuf();
    const std::string yaml = text.str();
    if (gesto_engine_new_from_config(yaml.data(), yaml.size(), &engine) != GESTO_OK)
    {
        // libgesto names the file "<config>": put the real path in each line.
        error = gesto_last_error_message();
        const std::string placeholder = "<config>";
        for (size_t at = error.find(placeholder); at != std::string::npos;
             at = error.find(placeholder, at + path.size()))
        {
            error.replace(at, placeholder.size(), path);
        }

        return nullptr;
    }

    return engine;
}

std::string abi_mismatch()
{
    const uint32_t abi = gesto_abi_version();
    if (((abi >> 16) == GESTO_ABI_VERSION_MAJOR) && ((abi & 0xffff) >= GESTO_ABI_VERSION_MINOR))
    {
        return "";
    }

    return "libgesto ABI " + std::to_string(abi >> 16) + "." + std::to_string(abi & 0xffff) +
           " is older than the " + std::to_string(GESTO_ABI_VERSION_MAJOR) + "." +
           std::to_string(GESTO_ABI_VERSION_MINOR) + " this plugin was built for";
}

gesto_engine *load_user_engine(std::string& path, std::string& error)
{
    path  = config_path();
    error = abi_mismatch();
    gesto_engine *engine = error.empty() ? load_engine(path, error) : nullptr;
    if (!engine)
    {
        error += "\nthe config is not loaded; every gesture passes through";
    }

    return engine;
}
}
