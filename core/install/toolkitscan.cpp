#include "install/toolkitscan.h"

#include "common/digest.h"
#include "common/problemcodes.h"
#include "common/u8path.h"
#include "common/casefold.h"
#include "detect/cudnninspect.h"
#include "detect/packageowners.h"
#include "install/nvidiamapping.h"
#include "detect/toolkits.h"
#include "platform/nofollow.h"

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

namespace fs = std::filesystem;

namespace cudnnsetup {

namespace {

NodeType nodeType(const fs::path& p)
{
    std::error_code ec;
    const fs::file_status s = fs::symlink_status(p, ec);
    if (ec || !fs::exists(s))
        return NodeType::Missing;
    if (fs::is_symlink(s))
        return NodeType::Symlink;
    if (fs::is_directory(s))
        return NodeType::Directory;
    return fs::is_regular_file(s) ? NodeType::File : NodeType::Other;
}

void addWithParents(std::set<std::string>& out, const std::string& rel)
{
    for (std::string p = rel; !p.empty();) {
        out.insert(p);
        const auto slash = p.rfind('/');
        p = slash == std::string::npos ? std::string() : p.substr(0, slash);
    }
}

// The folder `rel` really is, relative to root, when it (or what it links to) is a folder inside root.
std::optional<std::string> realFolder(const fs::path& root, const std::string& rel)
{
    std::error_code ec;
    const fs::path p = root / pathOf(rel);
    if (!fs::is_directory(p, ec))  // follows the link
        return std::nullopt;
    const fs::path real = fs::canonical(p, ec);
    if (ec)
        return std::nullopt;
    const std::string r = utf8Of(real), base = utf8Of(root);
    if (r == base || !r.starts_with(base + "/"))
        return std::nullopt;  // a link out of the toolkit: not a folder of ours
    return r.substr(base.size() + 1);
}

}  // namespace

LinuxFolders linuxFoldersOf(const std::string& canonicalRoot)
{
    const fs::path root = pathOf(canonicalRoot);
    LinuxFolders f;
    for (const char* c : {"lib64", "targets/x86_64-linux/lib", "targets/sbsa-linux/lib", "lib"})
        if (auto r = realFolder(root, c)) {
            f.lib = *r;
            break;
        }
    for (const char* c : {"include", "targets/x86_64-linux/include", "targets/sbsa-linux/include"})
        if (auto r = realFolder(root, c)) {
            f.include = *r;
            break;
        }
    return f;
}

Result<std::optional<nlohmann::json>> loadRecord(const std::string& path)
{
    // One handle, a plain file that is no link, read with a bound (issue 29: what root reads).
    constexpr std::uint64_t kMaxRecordBytes = 64u << 20;
    std::error_code ec;
    const auto text = nofollow::readRegularFile(path, kMaxRecordBytes, true, ec);
    if (ec == std::errc::no_such_file_or_directory)
        return std::optional<nlohmann::json>();
    if (!text)
        return Error{codes::kRecordCorrupt,
                     "The install record " + path + " cannot be read (" + ec.message() +
                         "; it must be a plain file under 64 MiB). Use `repair --archive` to rebuild it from the archive.",
                     ec.message()};
    try {
        return std::optional<nlohmann::json>(nlohmann::json::parse(*text));
    } catch (const nlohmann::json::exception& e) {
        return Error{codes::kRecordCorrupt,
                     "The install record " + path + " cannot be read (" + e.what() +
                         "). Use `repair --archive` to rebuild it from the archive.",
                     e.what()};
    }
}

std::vector<std::string> pathsOfInterest(const ArchiveInfo* archive, const nlohmann::json* record,
                                         const std::string& root)
{
    std::vector<std::string> out{".cudnn-setup"};
    if (archive)
        for (const ArchiveFile& f : archive->files)
            out.push_back(f.target);
    auto rel = [&](const std::string& abs) {
        return abs.starts_with(root + "/") ? abs.substr(root.size() + 1) : std::string();
    };
    if (record) {
        for (const auto& f : record->value("files", nlohmann::json::array())) {
            out.push_back(f.at("path").get<std::string>());
            if (f.contains("backup") && f.at("backup").is_string())
                out.push_back(rel(f.at("backup").get<std::string>()));
        }
        for (const auto& r : record->value("removed", nlohmann::json::array())) {
            out.push_back(r.at("path").get<std::string>());
            out.push_back(rel(r.at("backup").get<std::string>()));
        }
        // What repairs set aside comes back on uninstall too; what they replaced is looked at so
        // that uninstall can tell an empty backup (nothing of anyone's) from bytes to keep.
        for (const auto& rep : record->value("repairs", nlohmann::json::array())) {
            for (const auto& r : rep.value("removed", nlohmann::json::array())) {
                out.push_back(r.at("path").get<std::string>());
                out.push_back(rel(r.at("backup").get<std::string>()));
            }
            for (const auto& r : rep.value("replaced", nlohmann::json::array()))
                if (r.contains("backup") && r.at("backup").is_string())
                    out.push_back(rel(r.at("backup").get<std::string>()));
        }
        for (const auto& d : record->value("created_directories", nlohmann::json::array()))
            out.push_back(d.get<std::string>());
        for (const auto& l : record->value("links", nlohmann::json::array())) {
            out.push_back(l.at("path").get<std::string>());
            if (l.contains("backup") && l.at("backup").is_string())
                out.push_back(rel(l.at("backup").get<std::string>()));
        }
    }
    if (archive)
        for (const ArchiveLink& l : archive->links)
            out.push_back(l.target);
    return out;
}

Result<ToolkitState> snapshotToolkit(const std::string& rootIn, const std::vector<std::string>& relPaths,
                                     const std::string& stateDir, const std::string& dpkgInfoDir,
                                     const std::string& rpmDbDir, const std::optional<NvidiaVariantLayout>& nvidiaLayout)
{
    std::error_code ec;
    const fs::path canonical = fs::canonical(pathOf(rootIn), ec);
    if (ec || !fs::is_directory(canonical))
        return Error{codes::kNotAToolkit, rootIn + " is not a folder. Give the toolkit root (the folder that holds bin, "
                                               "include and lib) with --toolkit.", ec.message()};
    ToolkitState t;
    t.root = utf8Of(canonical);
    while (t.root.size() > 1 && t.root.back() == '/')
        t.root.pop_back();
    auto rec = loadRecord(recordPathFor(stateDir, t.root));
    if (!rec)
        return rec.error();
    t.record = *rec;

    std::set<std::string> wanted;
    for (const std::string& r : relPaths)
        if (!r.empty())
            addWithParents(wanted, r);
    for (const std::string& r : pathsOfInterest(nullptr, t.record ? &*t.record : nullptr, t.root))
        if (!r.empty())
            addWithParents(wanted, r);
    std::optional<NvidiaVariantLayout> nvidia = nvidiaLayout;
    if (!nvidia && t.record && t.record->is_object() && t.record->contains("nvidia_layout"))
        nvidia = nvidiaLayoutFromJson(t.record->at("nvidia_layout"));
    // NVIDIA's tree: that variant's folders only (the other variants are NVIDIA's, never looked at).
    std::vector<std::string> folders = cudnnFolders();
    if (nvidia)
        folders = {nvidia->binDir(), nvidia->includeDir(), nvidia->libDir()};
    for (const std::string& f : folders)
        addWithParents(wanted, f);
    t.linuxFolders = linuxFoldersOf(t.root);
    // Its CUDA version, read as detect reads it but never by running nvcc: the plan refuses a
    // cuDNN build for another CUDA major (issue 30, rule 4).
    Toolkit identified;
    identified.path = t.root;
    FindOptions find;
    find.runNvcc = false;
    identifyToolkit(identified, find);
    if (identified.version)
        t.cudaVersion = std::to_string(identified.version->major) + "." + std::to_string(identified.version->minor);
    for (const std::string& f : {t.linuxFolders.lib, t.linuxFolders.include})
        addWithParents(wanted, f);
    std::set<std::string> recorded;
    if (t.record)
        for (const auto& f : t.record->value("files", nlohmann::json::array()))
            recorded.insert(f.at("path").get<std::string>());

    for (const std::string& rel : wanted) {
        ExistingNode n;
        n.type = nodeType(canonical / pathOf(rel));
        if (n.type == NodeType::Symlink)
            n.linkTarget = utf8Of(fs::read_symlink(canonical / pathOf(rel), ec));
        if (n.type == NodeType::File) {
            n.size = fs::file_size(canonical / pathOf(rel), ec);
            if (recorded.count(rel)) {
                auto d = digestFile(utf8Of(canonical / pathOf(rel)));
                if (d) {
                    n.crc32 = d->crc32;
                    n.sha256 = d->sha256;
                }
            }
        }
        t.nodes[rel] = n;
    }
    for (const std::string& f : {t.linuxFolders.lib, t.linuxFolders.include})
        if (!nvidia && std::find(folders.begin(), folders.end(), f) == folders.end())
            folders.push_back(f);
    for (const std::string& folder : folders) {
        if (t.node(folder).type != NodeType::Directory)
            continue;
        for (const auto& e : fs::directory_iterator(canonical / pathOf(folder), ec)) {
            const std::string name = utf8Of(e.path().filename());
            if (!isCudnnFileName(name) || nodeType(e.path()) != NodeType::File)
                continue;
            const std::string rel = folder + "/" + name;
            auto d = digestFile(utf8Of(e.path()));
            if (!d)
                return d.error();
            t.nodes[rel] = {NodeType::File, d->size, d->crc32, d->sha256, {}, {}};
            if (nvidia && foldCaseUtf8(name).ends_with(".dll"))
                t.nodes[rel].damage = libraryDamage(utf8Of(e.path())).value_or("");
            t.cudnnFiles.push_back(rel);
        }
    }
    const bool windowsSigns = t.node("lib/x64").type == NodeType::Directory;
    const bool linuxSigns = t.node("lib64").type != NodeType::Missing ||
                            nodeType(canonical / "targets" / "x86_64-linux") != NodeType::Missing;
    t.windowsLayout = windowsSigns || !linuxSigns;
    std::vector<std::string> owned;
    for (const auto& [rel, n] : t.nodes)
        if (n.type == NodeType::File || n.type == NodeType::Symlink)
            owned.push_back(rel);
    for (auto& [rel, owner] : packageOwnersOf(t.root, owned, dpkgInfoDir, rpmDbDir))
        t.packageOwners[rel] = owner;
    return t;
}

}  // namespace cudnnsetup
