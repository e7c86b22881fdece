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
    a.buildCudaMajor = v.buildCudaMajor;
    a.buildCudaSource = v.buildCudaSource;
    if (v.release) {
        a.cudnn = v.release->cudnn.toString();
        a.cuda = v.release->cuda;
        a.platform = v.release->platform;
    }
    const ArchiveFolders folders = v.layout ? foldersOf(*v.layout) : ArchiveFolders{};
    a.folders = folders;
    if (v.layout && v.layout->platform.rfind("linux", 0) == 0) {
        a.platform = v.layout->platform;
        // Linux: include/ and lib/ (lib64/ before 8.3.1) go to include/ and lib64/, links as links.
        for (const VerifiedEntry& e : v.entries) {
            const auto target = linuxTargetFor(e.path, folders, LinuxFolders{});
            if (!target)
                a.notPlaced.push_back(e.path);  // the licence
            else if (e.linkTarget)
                a.links.push_back({e.path, *target, *e.linkTarget});
            else
                a.files.push_back({e.path, *target, e.size, e.crc32});
        }
        return a;
    }
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
