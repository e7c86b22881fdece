#include "platform/filesinuse.h"

#include "common/problemcodes.h"

#include <cerrno>
#include <cstdio>
#include <cstring>

namespace cudnnsetup {

Result<Unit> replaceFile(const std::filesystem::path& source, const std::filesystem::path& target)
{
    // rename(2) is atomic and indifferent to open handles on the target.
    if (std::rename(source.c_str(), target.c_str()) != 0) {
        const int err = errno;
        return Error{codes::kReplaceFailed,
                     "Cannot replace " + target.string() + " with " + source.string() + ": " + std::strerror(err) + ".",
                     "rename errno " + std::to_string(err)};
    }
    return Unit{};
}

bool isFileLocked(const std::filesystem::path&) { return false; }

Result<std::vector<FileHolder>> processesUsing(const std::filesystem::path&)
{
    return std::vector<FileHolder>{};
}

}  // namespace cudnnsetup
