#include "install/archiveinfo.h"

#include "archive/archivescanner.h"
#include "archive/pathsafety.h"
#include "common/problemcodes.h"

namespace cudnnsetup {

ArchiveFolders foldersOf(const Layout& layout)
{
    return {layout.root, layout.bin, layout.include, layout.lib};
}

Result<ArchiveInfo> describeArchive(const std::string& path, const Layout& layout)
{
    auto scanner = ArchiveScanner::open(path);
    if (!scanner)
        return scanner.error();
    ArchiveInfo a;
    a.path = path;
    const ArchiveFolders folders = foldersOf(layout);
    a.folders = folders;
    for (const ZipEntryInfo& e : (*scanner)->entries()) {
        if (e.isDirectory)
            continue;
        const PathCheck check = checkEntryPath(e.name);
        if (check.verdict != PathVerdict::Safe)
            return Error{codes::kUnsafePath, path + ": entry " + e.name + " " + check.reason, check.reason};
        if (auto target = toolkitTargetFor(check.normalized, folders))
            a.files.push_back({check.normalized, *target, e.size, e.crc32});
        else
            a.notPlaced.push_back(check.normalized);
    }
    return a;
}

}  // namespace cudnnsetup
