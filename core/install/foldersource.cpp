#include "install/foldersource.h"

#include "common/digest.h"
#include "common/problemcodes.h"
#include "common/u8path.h"
#include "detect/cudnninspect.h"
#include "detect/model.h"
#include "formats/cudabuild.h"
#include "install/nvidiamapping.h"
#include "install/nvidiaroot.h"
#include "platform/nofollow.h"
#include "platform/openedfile.h"

#include <algorithm>
#include <filesystem>
#include <map>
#include <vector>

namespace fs = std::filesystem;

namespace cudnnsetup {

namespace {

constexpr std::size_t kFolderReadChunk = std::size_t(1) << 20;

// One plain file read through one handle, no link followed (its last component by the open, the
// folders above it by checkParents): its digests, and each chunk handed to `sink` when there is one.
Result<FileDigest> readVariantFile(const std::string& path, OutputFile* sink)
{
    std::error_code ec;
    std::string linkAt;
    nofollow::checkParents(path, ec, &linkAt);
    if (ec)
        return Error{codes::kUnsafePath,
                     path + " cannot be read with no link followed (" + (linkAt.empty() ? ec.message() : "a link at " + linkAt) +
                         "); nothing was copied. Repair NVIDIA's install or reinstall it.",
                     "variant file parents"};
    auto file = OpenedFile::open(path, true, ec);
    if (!file)
        return Error{codes::kUnsafePath,
                     path + " is not a plain file of NVIDIA's install (" +
                         (ec == std::errc::too_many_symbolic_link_levels ? std::string("a symbolic link")
                          : ec == std::errc::invalid_argument            ? std::string("a device, FIFO or folder")
                                                                         : ec.message()) +
                         "); nothing was copied. Repair NVIDIA's install or reinstall it.",
                     "variant file open"};
    FileDigest d;
    Sha256 sha;
    std::vector<std::uint8_t> buffer(kFolderReadChunk);
    for (;;) {
        const long long n = file->readSome(d.size, buffer.data(), buffer.size());
        if (n < 0)
            return Error{codes::kIo, path + " cannot be read; nothing was copied.", "variant file read"};
        if (n == 0)
            break;
        sha.update(buffer.data(), std::size_t(n));
        d.crc32 = crc32Update(d.crc32, buffer.data(), std::size_t(n));
        if (sink)
            if (auto w = sink->write(buffer.data(), std::size_t(n)); !w)
                return w.error();
        d.size += std::uint64_t(n);
    }
    d.sha256 = sha.finishHex();
    return d;
}

// The listing digest: what the variant's files are, in one SHA-256 (entries sorted).
std::string listingDigest(const std::map<std::string, FileDigest>& byEntry)
{
    std::string text;
    for (const auto& [entry, d] : byEntry)
        text += entry + "\n" + std::to_string(d.size) + "\n" + d.sha256 + "\n";
    return sha256Hex(text);
}

// The variant's detect findings that make it unfit to copy, as one refusal naming the file and the fix.
std::optional<Error> variantUnsound(const std::string& root, const std::string& binDir, const NvidiaVariantLayout& layout,
                                    Toolkit& tk)
{
    tk.path = root;
    tk.layout = "windows";
    tk.binDirs = {binDir};
    tk.libDir = root + "/" + layout.libDir();
    inspectCudnn(tk, root + "/" + layout.includeDir());
    for (const Problem& p : tk.cudnn.problems)
        if (p.code == codes::kZeroSize || p.code == codes::kDamagedFile || p.code == codes::kVersionMismatch ||
            p.code == codes::kMissingFile)
            return Error{p.code,
                         pathEntryOf(binDir) + " is not a sound cuDNN variant to copy: " + p.message +
                             " Repair NVIDIA's install (repair --cudnn-root) or reinstall it; nothing was copied.",
                         p.path.value_or(std::string())};
    if (!tk.cudnn.version)
        return Error{codes::kVersionMismatch,
                     pathEntryOf(binDir) + " has no cuDNN version detect can read (no cudnn_version.h in " +
                         pathEntryOf(root + "/" + layout.includeDir()) +
                         ", no FileVersion). Repair NVIDIA's install or reinstall it; nothing was copied.",
                     "no version"};
    return std::nullopt;
}

class FolderStagingSource : public StagingSource {
public:
    Result<StageOutcome> stage(const Plan& plan, FileOps& files, const CancelToken* cancel, ProgressSink* progress) override
    {
        if (!plan.archive || !isNvidiaFolderSource(*plan.archive))
            return Error{codes::kInternal, "The plan names no NVIDIA variant folder to copy from.", "FolderStagingSource"};
        const ArchiveInfo& a = *plan.archive;
        std::map<std::string, const Operation*> placed;
        for (const Operation& op : plan.ops)
            if (op.kind == OpKind::PlaceFile && !op.entry.empty())
                placed[op.entry] = &op;
        std::uint64_t total = 0, done = 0;
        for (const ArchiveFile& f : a.files)
            total += f.size;
        StageOutcome out;
        std::map<std::string, FileDigest> byEntry;
        for (const ArchiveFile& f : a.files) {
            if (cancel && cancel->isCancelled())
                return Error{codes::kCancelled, "Cancelled; everything done so far was undone.", "staging"};
            const std::string path = a.folders.root + "/" + f.entry;
            const auto it = placed.find(f.entry);
            std::unique_ptr<OutputFile> sink;
            if (it != placed.end()) {
                auto created = files.createFile(it->second->source);
                if (!created)
                    return created.error();
                sink = std::move(*created);
            }
            auto d = readVariantFile(path, sink.get());
            if (!d)
                return d.error();
            if (sink)
                if (auto fin = sink->finish(); !fin)
                    return fin.error();
            if (d->size != f.size || d->crc32 != f.crc32)
                return Error{codes::kArchiveChanged,
                             path + " changed after the plan was made (size or CRC-32 differs); nothing was installed. "
                                    "Review the plan again.",
                             "size " + std::to_string(d->size)};
            if (it != placed.end())
                out.sha256[it->second->source] = d->sha256;
            byEntry[f.entry] = *d;
            done += d->size;
            if (progress)
                progress->onProgress(done, total);
        }
        out.archiveSha256 = listingDigest(byEntry);
        return out;
    }
};

}  // namespace

std::optional<std::string> nvidiaVariantTargetFor(std::string_view entry, const ArchiveFolders& folders)
{
    const std::optional<NvidiaVariantLayout> layout = nvidiaLayoutOfBin(folders.bin);
    if (!layout || folders.include != layout->includeDir() || folders.lib != layout->libDir())
        return std::nullopt;
    const std::optional<int> major = cudaMajorOfText(layout->cuda);
    const std::vector<std::pair<std::string, std::string>> mapping{
        {folders.bin + "/", major && *major >= 13 ? "bin/x64/" : "bin/"},
        {folders.include + "/", "include/"},
        {folders.lib + "/", "lib/x64/"}};
    for (const auto& [from, to] : mapping)
        if (entry.starts_with(from)) {
            const std::string_view name = entry.substr(from.size());
            if (name.empty() || name.find('/') != std::string_view::npos || name == "." || name == "..")
                return std::nullopt;
            return to + std::string(name);
        }
    return std::nullopt;
}

bool isNvidiaFolderSource(const ArchiveInfo& archive)
{
    return archive.authenticity == kNvidiaInstallerSource;
}

Result<ArchiveInfo> describeNvidiaVariant(const std::string& root, const std::string& binDir)
{
    const std::string rel = binDir.starts_with(root + "/") ? binDir.substr(root.size() + 1) : std::string();
    const std::optional<NvidiaVariantLayout> layout = nvidiaLayoutOfBin(rel);
    if (!layout)
        return Error{codes::kNotAToolkit,
                     pathEntryOf(binDir) + " is not a variant folder of " + pathEntryOf(root) +
                         " (bin\\<cuda> or bin\\<cuda>\\x64).",
                     "describeNvidiaVariant"};
    const std::optional<int> folderMajor = cudaMajorOfText(layout->cuda);

    ArchiveInfo a;
    a.path = binDir;
    a.folders = {root, layout->binDir(), layout->includeDir(), layout->libDir()};
    a.authenticity = kNvidiaInstallerSource;
    a.platform = "windows-x86_64";
    a.cuda = layout->cuda;
    std::map<std::string, FileDigest> byEntry;
    for (const std::string& from : {layout->binDir(), layout->includeDir(), layout->libDir()}) {
        const std::string dir = root + "/" + from;
        std::error_code ec;
        if (!fs::is_directory(fs::symlink_status(pathOf(dir), ec)))
            continue;  // a variant without import libraries, say: what it has is copied
        std::vector<std::string> names;
        for (fs::directory_iterator it(pathOf(dir), ec), end; !ec && it != end; it.increment(ec)) {
            const fs::file_status st = it->symlink_status(ec);
            if (fs::is_directory(st))
                continue;  // bin\12.6 of the v9.3 layout holds no deeper cuDNN folder; x64 is its own variant
            if (!fs::is_regular_file(st))
                return Error{codes::kUnsafePath,
                             pathEntryOf(utf8Of(it->path())) +
                                 " in NVIDIA's cuDNN variant is a link or not a plain file; cudnn-setup copies no "
                                 "link's target into a toolkit. Repair NVIDIA's install or reinstall it; nothing was copied.",
                             "variant entry not a file"};
            names.push_back(utf8Of(it->path().filename()));
        }
        if (ec)
            return Error{codes::kIo, pathEntryOf(dir) + " cannot be listed: " + ec.message(), ec.message()};
        std::sort(names.begin(), names.end());
        for (const std::string& name : names) {
            const std::string entry = from + "/" + name;
            auto d = readVariantFile(dir + "/" + name, nullptr);
            if (!d)
                return d.error();
            const std::optional<std::string> target = nvidiaVariantTargetFor(entry, a.folders);
            if (!target) {
                a.notPlaced.push_back(entry);  // a name no toolkit folder takes ("." or the like)
                continue;
            }
            a.files.push_back({entry, *target, d->size, d->crc32});
            a.size += d->size;
            byEntry[entry] = *d;
        }
    }
    Toolkit tk;
    if (auto bad = variantUnsound(root, binDir, *layout, tk))
        return *bad;
    a.cudnn = tk.cudnn.version->toString();
    a.sha256 = listingDigest(byEntry);
    if (tk.cudnn.builtForCudaMajor) {
        a.buildCudaMajor = tk.cudnn.builtForCudaMajor;
        a.buildCudaSource = tk.cudnn.builtForCudaSource;
    } else if (folderMajor) {
        a.buildCudaMajor = folderMajor;
        a.buildCudaSource = "installer folder bin\\" + layout->cuda;
    }
    return a;
}

std::unique_ptr<StagingSource> makeFolderStagingSource()
{
    return std::make_unique<FolderStagingSource>();
}

}  // namespace cudnnsetup
