#include "install/archiveinfo.h"

// Kept apart from archiveinfo.cpp: only the command line links the verifier through it.
namespace cudnnsetup {

ArchiveInfo archiveInfoFrom(const VerifyResult& v)
{
    ArchiveInfo a;
    a.path = v.archive;
    a.sha256 = v.sha256;
    a.size = v.size;
    a.authenticity = std::string(toString(v.authenticity));
    if (v.release) {
        a.cudnn = v.release->cudnn.toString();
        a.cuda = v.release->cuda;
        a.platform = v.release->platform;
    }
    const ArchiveFolders folders = v.layout ? foldersOf(*v.layout) : ArchiveFolders{};
    a.folders = folders;
    for (const VerifiedEntry& e : v.entries) {
        if (e.path.ends_with('/'))
            continue;
        if (auto target = v.layout ? toolkitTargetFor(e.path, folders) : std::nullopt)
            a.files.push_back({e.path, *target, e.size, e.crc32});
        else
            a.notPlaced.push_back(e.path);
    }
    return a;
}

}  // namespace cudnnsetup
