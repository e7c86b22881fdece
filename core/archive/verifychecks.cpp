#include "archive/verifychecks.h"

#include "archive/pathsafety.h"
#include "common/problemcodes.h"
#include "common/text.h"
#include "releases/catalog.h"
#include "releases/manifest.h"

#include <algorithm>
#include <regex>
#include <set>

namespace cudnnsetup::verifycheck {

bool HeaderTextConsumer::write(const std::uint8_t* data, std::size_t size)
{
    const std::size_t take = std::min(size, kMaxHeaderBytes - std::min(kMaxHeaderBytes, m_text.size()));
    m_text.append(reinterpret_cast<const char*>(data), take);
    return true;
}

void HeaderTextConsumer::finish(bool intact)
{
    if (intact)
        m_out = std::move(m_text);
}

namespace {

const char* kRedownload = "download the archive again from NVIDIA (developer.nvidia.com/cudnn)";

std::string humanSize(std::uint64_t bytes)
{
    const char* units[] = {"bytes", "KiB", "MiB", "GiB", "TiB"};
    double v = static_cast<double>(bytes);
    int u = 0;
    while (v >= 1024 && u < 4) {
        v /= 1024;
        ++u;
    }
    char buf[32];
    std::snprintf(buf, sizeof buf, u == 0 ? "%.0f %s" : "%.1f %s", v, units[u]);
    return buf;
}

std::string quoted(const std::string& s) { return "\"" + s + "\""; }

// The archive's single top folder ("cuda/"), or "" when entries do not share one.
std::string commonRoot(const std::vector<ZipEntryInfo>& entries)
{
    std::string root;
    for (const auto& e : entries) {
        const std::string name = checkEntryPath(e.name).normalized;
        const auto slash = name.find('/');
        if (slash == std::string::npos || slash == 0)
            return {};
        const std::string first = name.substr(0, slash + 1);
        if (root.empty())
            root = first;
        else if (first != root)
            return {};
    }
    return root;
}

}  // namespace

std::string baseName(std::string_view path)
{
    const auto slash = path.find_last_of("/\\");
    return std::string(slash == std::string_view::npos ? path : path.substr(slash + 1));
}

bool checkCentralDirectory(const ArchiveScanner& scanner, const VerifyLimits& limits, const std::string& archiveName,
                           Problems& problems)
{
    const auto& entries = scanner.entries();
    bool hostile = false;
    auto add = [&](std::string code, std::optional<std::string> path, std::string message, bool isHostile) {
        problems.push_back(Problem{std::move(code), std::move(path), std::move(message)});
        hostile = hostile || isHostile;
    };
    const std::string notUsed = " Nothing was extracted; do not use this archive: " + std::string(kRedownload) + ".";

    if (entries.size() > limits.maxEntries)
        add(codes::kSizeLimit, std::nullopt,
            archiveName + " has " + std::to_string(entries.size()) + " entries, more than the limit of " +
                std::to_string(limits.maxEntries) + " (a cuDNN archive has fewer than 100)." + notUsed,
            true);

    std::map<std::string, std::size_t> byKey;
    std::uint64_t total = 0;
    for (const auto& e : entries) {
        const PathCheck pc = checkEntryPath(e.name);
        if (pc.verdict != PathVerdict::Safe)
            add(codes::kUnsafePath, e.name, archiveName + ": entry " + quoted(e.name) + " is unsafe: " + pc.reason + "." + notUsed, true);
        if (e.isSymlink)
            add(codes::kUnsafePath, e.name,
                archiveName + ": entry " + quoted(e.name) +
                    " is a symbolic link; extracting it could redirect later files outside the target folder." + notUsed,
                true);
        if (e.encrypted)
            add(codes::kEncryptedEntry, e.name,
                archiveName + ": entry " + quoted(e.name) + " is encrypted; official cuDNN archives never are, so it " +
                    "cannot be checked or installed: " + kRedownload + ".",
                false);
        if (e.method != 0 && e.method != 8)
            add(codes::kCorruptArchive, e.name,
                archiveName + ": entry " + quoted(e.name) + " uses compression method " + std::to_string(e.method) +
                    ", which cuDNN archives do not use and cudnn-setup cannot read: " + kRedownload + ".",
                false);
        if (!e.isDirectory && pc.verdict == PathVerdict::Safe) {
            auto [it, inserted] = byKey.emplace(collisionKey(pc.normalized), e.index);
            if (!inserted && !entries[it->second].isDirectory)
                add(codes::kDuplicateEntry, e.name,
                    archiveName + ": entries " + quoted(entries[it->second].name) + " and " + quoted(e.name) +
                        " would be written to the same file (names compared as Windows does, ignoring case); which one " +
                        "wins is undefined." + notUsed,
                    true);
        }
        if (e.method == 0 && e.size != e.compressedSize && !e.encrypted)
            add(codes::kCorruptArchive, e.name,
                archiveName + ": stored entry " + quoted(e.name) + " declares " + std::to_string(e.size) +
                    " bytes but occupies " + std::to_string(e.compressedSize) + ": " + kRedownload + ".",
                true);
        total += std::min(e.size, limits.maxTotalSize + 1);
        if (e.size > limits.maxEntrySize) {
            add(codes::kSizeLimit, e.name,
                archiveName + ": entry " + quoted(e.name) + " declares " + humanSize(e.size) + ", more than the limit of " +
                    humanSize(limits.maxEntrySize) + " for one file (a zip bomb?)." + notUsed,
                true);
        } else if (e.size >= limits.ratioFloor && e.size > e.compressedSize * limits.maxRatio) {
            const std::uint64_t ratio = e.compressedSize ? e.size / e.compressedSize : e.size;
            add(codes::kSizeLimit, e.name,
                archiveName + ": entry " + quoted(e.name) + " would inflate " + humanSize(e.compressedSize) + " to " +
                    humanSize(e.size) + " (" + std::to_string(ratio) + ":1), beyond the limit of " +
                    std::to_string(limits.maxRatio) + ":1 (real cuDNN files compress at most about 10:1; this is a " +
                    "zip bomb)." + notUsed,
                true);
        }
    }
    if (total > limits.maxTotalSize)
        add(codes::kSizeLimit, std::nullopt,
            archiveName + " declares more than " + humanSize(limits.maxTotalSize) +
                " of uncompressed data in total, beyond the limit (a cuDNN archive holds about 1-3 GiB)." + notUsed,
            true);

    const auto overlaps = scanner.overlappingEntries();
    for (const auto i : overlaps)
        add(codes::kCorruptArchive, entries[i].name,
            archiveName + ": entry " + quoted(entries[i].name) +
                " shares its bytes with another entry (overlapping entries, a zip-bomb technique)." + notUsed,
            true);
    return hostile;
}

std::optional<DetectedLayout> detectLayout(const std::vector<ZipEntryInfo>& entries)
{
    DetectedLayout d;
    d.layout.root = commonRoot(entries);
    d.layout.platform = "windows-x86_64";
    static const std::regex mainDll(R"(cudnn64_([0-9]+)\.dll)", std::regex::icase);
    std::optional<std::string> bin, lib, include;
    for (const auto& e : entries) {
        if (e.isDirectory)
            continue;
        const std::string name = checkEntryPath(e.name).normalized;
        if (name.size() <= d.layout.root.size())
            continue;
        const std::string rel = name.substr(d.layout.root.size());
        const auto slash = rel.find_last_of('/');
        const std::string dir = lowerAscii(slash == std::string::npos ? std::string() : rel.substr(0, slash));
        const std::string base = slash == std::string::npos ? rel : rel.substr(slash + 1);
        const std::string lbase = lowerAscii(base);
        if (lbase.rfind("cudnn", 0) != 0)
            continue;
        std::smatch m;
        const FileKind kind = classifyFile(base);
        if (kind == FileKind::Dll && (dir == "bin" || dir == "bin/x64")) {
            if (std::regex_match(base, m, mainDll)) {
                d.dllMajor = std::stoi(m[1].str());
                bin = dir;
            } else if (!bin) {
                bin = dir;
            }
        } else if (kind == FileKind::ImportLib && (dir == "lib" || dir == "lib/x64")) {
            lib = dir;
        } else if (kind == FileKind::Header && dir == "include") {
            include = dir;
        }
    }
    if (!bin && !lib && !include)
        return std::nullopt;
    d.layout.bin = bin.value_or("bin");
    d.layout.lib = lib.value_or("lib/x64");
    d.layout.include = include.value_or("include");
    return d;
}

void checkCompleteness(const std::vector<ZipEntryInfo>& entries, const Layout& layout, const Version& family,
                       bool versionKnown, bool official, const std::string& archiveName, Problems& problems,
                       Problems& warnings)
{
    std::map<std::string, std::string> present;  // collision key -> entry name
    for (const auto& e : entries)
        if (!e.isDirectory)
            present.emplace(collisionKey(checkEntryPath(e.name).normalized), e.name);

    const ReleaseFileSet set = windowsFileSet(family);
    const std::string what = versionKnown ? "cuDNN " + family.toString() : "a cuDNN " + std::to_string(family.major) + ".x release";
    std::set<std::string> expected;
    auto expect = [&](const std::string& folder, const std::string& file) {
        const std::string path = layout.root + (folder.empty() ? "" : folder + "/") + file;
        const std::string key = collisionKey(path);
        expected.insert(key);
        if (!present.count(key))
            problems.push_back(Problem{codes::kMissingFile, path,
                                       archiveName + " lacks " + path + ", which " + what +
                                           " must contain: the download is incomplete or the archive was repackaged; " +
                                           kRedownload + "."});
    };
    auto allow = [&](const std::string& folder, const std::string& file) {
        expected.insert(collisionKey(layout.root + (folder.empty() ? "" : folder + "/") + file));
    };
    for (const auto& f : set.dlls)
        expect(layout.bin, f);
    for (const auto& f : set.headers)
        expect(layout.include, f);
    for (const auto& f : set.importLibs)
        expect(layout.lib, f);
    for (const auto& f : set.optionalDlls)
        allow(layout.bin, f);
    for (const auto& f : set.optionalHeaders)
        allow(layout.include, f);
    for (const auto& f : set.optionalImportLibs)
        allow(layout.lib, f);
    // The licence: its name changed in 8.3.1 (8.3.0 unconfirmed); without a version either name will do.
    std::vector<std::string> licences{set.license};
    licences.insert(licences.end(), set.licenseAlternatives.begin(), set.licenseAlternatives.end());
    if (!versionKnown)
        licences = {"LICENSE", "NVIDIA_SLA_cuDNN_Support.txt"};
    bool licencePresent = false;
    for (const auto& l : licences)
        if (present.count(collisionKey(layout.root + l))) {
            allow("", l);
            licencePresent = true;
        }
    if (!licencePresent)
        expect("", set.license);

    for (const auto& [key, name] : present)
        if (!expected.count(key))
            warnings.push_back(Problem{codes::kExtraFile, name,
                                       official ? archiveName + " contains " + name + ", which is not part of " + what +
                                                      " as cudnn-setup's tables know it; the archive is NVIDIA's own " +
                                                      "(official hash), so install copies it too."
                                                : archiveName + " contains " + name + ", which is not part of " + what +
                                                      "; check where this archive comes from (install copies only the " +
                                                      "release's files, unless you ask for extra files with " +
                                                      "--include-extra-files)."});
}

std::optional<VersionVerdict> checkVersionAgreement(const std::vector<VersionClaim>& claims,
                                                    const std::string& archiveName, Problems& problems)
{
    const auto verdict = weighVersionClaims(claims);
    if (!verdict)
        return verdict;
    const VersionClaim& ref = claims[verdict->reference];
    const std::string refText = referenceText(claims, *verdict);
    for (const std::size_t i : verdict->disagreeing) {
        const VersionClaim& c = claims[i];
        problems.push_back(Problem{codes::kVersionMismatch, c.path ? c.path : ref.path,
                                   archiveName + ": " + c.source + " says cuDNN " + toString(c.version) + ", but " +
                                       refText + "; the archive mixes files of different releases or was renamed: " +
                                       kRedownload + "."});
    }
    return verdict;
}

std::optional<CudaImport> checkCudaBuild(const std::vector<CudaImport>& imports, const std::string& nameCuda,
                                        const std::string& archiveName, Problems& problems)
{
    if (imports.empty())
        return std::nullopt;
    const std::optional<int> nameMajor = cudaMajorOfText(nameCuda);
    std::map<int, std::size_t> count;
    for (const auto& i : imports)
        ++count[i.major];
    // The major most files name; on a tie the one the name says (then it is not the odd one out).
    int build = imports.front().major;
    for (const auto& [major, n] : count)
        if (n > count[build] || (n == count[build] && nameMajor == major))
            build = major;
    const CudaImport* witness = nullptr;
    for (const auto& i : imports)
        if (i.major == build && !witness)
            witness = &i;
    // "imports cublasLt64_12.dll", or where the name is in the file's data (cuDNN 9 loads it with
    // LoadLibrary / dlopen; a tarball's DT_NEEDED is read the same way): "names cublasLt64_12.dll".
    auto says = [](const CudaImport& i) { return baseName(i.file) + (i.byName ? " names " : " imports ") + i.import; };
    const std::string fix = ": the archive mixes cuDNN builds for different CUDA versions or was renamed; install the "
                            "cuDNN build for the CUDA of your toolkit (an archive named ..._cuda<major>-archive), "
                            "downloaded again from NVIDIA (developer.nvidia.com/cudnn).";
    for (const auto& i : imports)
        if (i.major != build)
            problems.push_back(Problem{codes::kCudaMajorMismatch, i.file,
                                       archiveName + ": " + says(i) + " (CUDA " + std::to_string(i.major) + "), but " +
                                           says(*witness) + " (CUDA " + std::to_string(build) + ")" + fix});
    const bool dlls = classifyFile(baseName(witness->file)) == FileKind::Dll;  // a zip's; else a tarball's .so
    if (nameMajor && *nameMajor != build)
        problems.push_back(Problem{codes::kCudaMajorMismatch, witness->file,
                                   archiveName + ": its name says CUDA " + nameCuda + ", but " + says(*witness) +
                                       ", so its " + (dlls ? "DLLs" : "libraries") + " are a build for CUDA " +
                                       std::to_string(build) + fix});
    return *witness;
}

AuthenticityVerdict checkAuthenticity(const std::string& archivePath, std::uint64_t size, const std::string& sha256,
                                      const VerifyOptions& options, Problems& problems, Problems& warnings)
{
    AuthenticityVerdict v;
    const std::string name = baseName(archivePath);
    bool mismatch = false, userOk = false, manifestOk = false;
    std::optional<ReleaseId> manifestRelease;
    auto mismatchProblem = [&](std::string message) {
        mismatch = true;
        problems.push_back(Problem{codes::kHashMismatch, std::nullopt, std::move(message)});
    };

    if (options.sha256) {
        const std::string want = normalizeSha256(*options.sha256);
        if (want == sha256)
            userOk = true;
        else
            mismatchProblem(name + " has SHA-256 " + sha256 + ", but --sha256 expects " + *options.sha256 +
                            ": the file is damaged or not the one you meant; " + kRedownload + ".");
    }
    if (options.manifestPath && options.manifestRead) {  // read once by verifyArchive, or by the helper
        const Result<Manifest>& manifest = *options.manifestRead;
        if (!manifest) {
            mismatchProblem(manifest.error().message);
        } else {
            const ManifestEntry* e = manifest->findByFileName(name);
            if (!e)
                e = manifest->findBySha256(sha256);
            const std::string mname = baseName(*options.manifestPath);
            if (!e)
                mismatchProblem(mname + " lists no archive named " + name + " and none with its SHA-256 " + sha256 +
                                ": this is not the release the manifest describes; pass the manifest of this release or " +
                                kRedownload + ".");
            else if (e->sha256 != sha256 || (e->size && *e->size != size))
                mismatchProblem(name + " does not match " + mname + ": the manifest promises SHA-256 " + e->sha256 +
                                (e->size ? " and " + std::to_string(*e->size) + " bytes" : std::string()) +
                                ", the file has " + sha256 + " and " + std::to_string(size) +
                                " bytes; the download is damaged or was altered: " + kRedownload + ".");
            else {
                manifestOk = true;
                v.detail = "listed in " + mname + " as " + e->relativePath;
                // NVIDIA's manifest names the release as exactly as the catalog does.
                const NameInfo info = parseArchiveName(e->fileName());
                std::optional<Version> ver = Version::parse(e->version);
                if (!ver)
                    ver = info.cudnn;
                std::string cuda = e->variant.rfind("cuda", 0) == 0 ? e->variant.substr(4) : info.cuda.value_or("");
                if (ver)
                    manifestRelease = ReleaseId{*ver, cuda, e->platform};
            }
        }
    }

    const Catalog& catalog = Catalog::builtin();
    const CatalogEntry* official = catalog.findBySha256(sha256);
    if (const CatalogEntry* byName = catalog.findByFileName(name); byName && byName != official)
        mismatchProblem(name + " carries the name of the official cuDNN " + byName->cudnn + " archive for CUDA " +
                        byName->cuda + ", but its SHA-256 is " + sha256 + ", not the official " + byName->sha256 +
                        ": the download is damaged or was altered; " + kRedownload + ".");
    if (official) {
        if (auto ver = Version::parse(official->cudnn))
            v.officialRelease = ReleaseId{*ver, official->cuda, official->platform};
    }

    if (mismatch) {
        v.authenticity = Authenticity::Mismatch;
        v.detail = "the file does not have the bytes its name or the given checksum promises";
    } else if (official) {
        v.authenticity = Authenticity::Official;
        v.detail = "official: cuDNN " + official->cudnn + " for CUDA " + official->cuda + " (" + official->platform +
                   "), hash from " + official->source;
    } else if (manifestOk) {
        v.authenticity = Authenticity::Manifest;
        v.officialRelease = manifestRelease;
    } else if (userOk) {
        v.authenticity = Authenticity::User;
        v.detail = "matches the SHA-256 given with --sha256";
    } else {
        v.authenticity = Authenticity::Unknown;
        v.detail = "not a known official archive and no --sha256 or --manifest was given";
        warnings.push_back(Problem{codes::kUnknownOrigin, std::nullopt,
                                   name + " (SHA-256 " + sha256 + ") is not in cudnn-setup's list of official cuDNN " +
                                       "archives and no --sha256 or --manifest was given, so where it comes from cannot " +
                                       "be confirmed; pass NVIDIA's redistrib manifest with --manifest to check it."});
    }
    return v;
}

}  // namespace cudnnsetup::verifycheck
