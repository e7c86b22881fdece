#include "platform/statedir.h"

#include <cstdio>
#include <cstdlib>
#include <sys/stat.h>
#include <unistd.h>

namespace cudnnsetup {

Result<Unit> prepareStateDir(const std::filesystem::path& dir, StateDirAccess access)
{
    std::error_code ec;
    std::filesystem::create_directories(dir, ec);
    if (ec)
        return Error{"state-dir-access", "Cannot create the state folder " + dir.string() + ": " + ec.message() + ".",
                     "create_directories"};
    struct stat st {};
    if (::stat(dir.c_str(), &st) != 0 || !S_ISDIR(st.st_mode))
        return Error{"state-dir-access", "The state folder " + dir.string() + " is not a directory.", "stat"};
    // Someone else's folder cannot be made safe from here: refuse rather than trust it.
    if (st.st_uid != ::geteuid() && st.st_uid != 0)
        return Error{"state-dir-access",
                     "The state folder " + dir.string() + " belongs to another user; pass --state-dir with a folder you own.",
                     "owner uid " + std::to_string(st.st_uid)};
    const mode_t wanted = access == StateDirAccess::Shared ? 0755 : 0700;
    if ((st.st_mode & 07777) != wanted && ::chmod(dir.c_str(), wanted) != 0)
        return Error{"state-dir-access",
                     "Cannot set the permissions of the state folder " + dir.string() + "; run as its owner.",
                     "chmod"};
    return Unit{};
}

Result<std::string> describeStateDirAccess(const std::filesystem::path& dir)
{
    struct stat st {};
    if (::stat(dir.c_str(), &st) != 0)
        return Error{"state-dir-access", "The state folder " + dir.string() + " does not exist.", "stat"};
    char mode[8];
    std::snprintf(mode, sizeof mode, "%04o", static_cast<unsigned>(st.st_mode & 07777));
    return std::string(mode) + " uid=" + std::to_string(st.st_uid);
}

}  // namespace cudnnsetup
