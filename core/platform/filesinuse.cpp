#include "platform/filesinuse.h"

namespace cudnnsetup {

std::string describeHolders(const std::vector<FileHolder>& holders)
{
    std::string text;
    for (const FileHolder& h : holders) {
        if (!text.empty())
            text += ", ";
        text += (h.name.empty() ? std::string("a process") : h.name) + " (pid " + std::to_string(h.pid) + ")";
    }
    return text;
}

}  // namespace cudnnsetup
