#include "archive/tarreader.h"

namespace cudnnsetup {

std::string_view toString(TarEntryType t)
{
    switch (t) {
    case TarEntryType::File: return "file";
    case TarEntryType::Directory: return "directory";
    case TarEntryType::Symlink: return "symlink";
    case TarEntryType::Hardlink: return "hardlink";
    case TarEntryType::CharDevice: return "character device";
    case TarEntryType::BlockDevice: return "block device";
    case TarEntryType::Fifo: return "FIFO";
    case TarEntryType::Socket: return "socket";
    case TarEntryType::Other: return "other";
    }
    return "other";
}

}  // namespace cudnnsetup
