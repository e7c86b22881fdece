#include "install/statedir.h"

#include <cstdlib>
#ifndef _WIN32
#include <unistd.h>
#endif

namespace cudnnsetup {

std::string elevatedStateDir()
{
#ifdef _WIN32
    const char* pd = std::getenv("ProgramData");
    return std::string(pd && *pd ? pd : "C:\\ProgramData") + "\\cudnn-setup";
#else
    return "/var/lib/cudnn-setup";
#endif
}

std::string elevatedStateDirFor(const std::string& current)
{
    const char* env = std::getenv("CUDNN_SETUP_STATE_DIR");
    const bool chosen = (env && *env) || current != defaultStateDir();
    return chosen ? current : elevatedStateDir();
}

std::string defaultStateDir()
{
    if (const char* env = std::getenv("CUDNN_SETUP_STATE_DIR"); env && *env)
        return env;
#ifdef _WIN32
    return elevatedStateDir();
#else
    if (::geteuid() == 0)
        return elevatedStateDir();
    if (const char* xdg = std::getenv("XDG_STATE_HOME"); xdg && *xdg)
        return std::string(xdg) + "/cudnn-setup";
    const char* home = std::getenv("HOME");
    return std::string(home && *home ? home : ".") + "/.local/state/cudnn-setup";
#endif
}

}  // namespace cudnnsetup
