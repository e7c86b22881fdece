#include "install/statedir.h"

#include "common/casefold.h"
#include "common/problemcodes.h"
#include "common/testhooks.h"
#include "common/u8path.h"
#include "platform/folderaccess.h"

#include <cstdlib>
#include <filesystem>
#include <optional>
#include <vector>
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

bool isBelowElevatedStateDir(const std::string& dir)
{
    auto parts = [](const std::string& p) {
        std::vector<std::string> out;
        for (const auto& c : pathOf(p).relative_path())
            if (!c.empty())
                out.push_back(utf8Of(c));
        return out;
    };
    const std::filesystem::path given = pathOf(dir);
    if (!given.is_absolute() || given.root_name() != pathOf(elevatedStateDir()).root_name())
        return false;
    const std::vector<std::string> base = parts(elevatedStateDir()), mine = parts(dir);
    if (mine.size() < base.size())
        return false;
    for (const std::string& c : mine)
        if (c == "." || c == "..")
            return false;
    for (std::size_t i = 0; i < base.size(); ++i) {
#ifdef _WIN32
        if (foldCaseUtf8(mine[i]) != foldCaseUtf8(base[i]))  // NTFS names compare case-insensitively
#else
        if (mine[i] != base[i])
#endif
            return false;
    }
    return true;
}

std::optional<Error> outsideElevatedStateDir(const std::string& dir)
{
    if (isBelowElevatedStateDir(dir))
        return std::nullopt;
    return Error{codes::kStateDirOutside,
                 "As an administrator cudnn-setup keeps its state only in " + elevatedStateDir() +
                     " (or a folder below it), not in " + dir +
                     ": whoever runs it with administrator rights through a rule (polkit, sudo) may not be the one "
                     "who chose the folder. Leave out --state-dir and CUDNN_SETUP_STATE_DIR, or give a folder below " +
                     elevatedStateDir() + ".",
                 "state dir " + dir};
}

Result<Unit> prepareAdminStateDir(const std::string& dir)
{
    // The build, not whether hooks are still on: the hooks-on helper has turned them off, and its tests
    // (tst_cli_install's elevated-apply as root) keep their state in scratch folders.
    if (!testhooks::builtForTests())
        if (auto outside = outsideElevatedStateDir(dir))
            return *outside;
    return prepareStateDir(pathOf(dir), StateDirAccess::Shared);
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
