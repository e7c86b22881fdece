// `verify` for NVIDIA's Linux tarballs: one pass with libarchive (tarreader.h), hostile
// entries decided header by header, ELF facts and the version header read from the same
// stream, then the symlink chains, the file set and the version evidence from the listing.
#include "archive/tarverify.h"

#include "archive/pathsafety.h"
#include "archive/tarreader.h"
#include "archive/verifychecks.h"
#include "common/problemcodes.h"
#include "formats/cudabuild.h"
#include "formats/elfreader.h"
#include "releases/linuxreleases.h"

#include <cstdio>
#include <map>
#include <optional>
#include <set>

namespace cudnnsetup {

namespace {

using namespace verifycheck;

constexpr std::size_t kMaxName = 4095;   // PATH_MAX - 1 on Linux
constexpr std::size_t kMaxSegment = 255; // NAME_MAX

const char* kNotUsed = " Nothing was extracted; do not use this archive: download it again from NVIDIA "
                       "(developer.nvidia.com/cudnn).";

std::string inQuotes(const std::string& s) { return "\"" + s + "\""; }

// The ELF facts, and the CUDA libraries the library names anywhere in its bytes: a tar entry
// streams past whole anyway, so DT_NEEDED (libcublas.so.11 of cuDNN 8, in .dynstr) and the names
// cuDNN 9 passes to dlopen (libcublasLt.so.13, in .rodata) are found by the one scan.
class ElfConsumer : public EntryConsumer {
public:
    ElfConsumer(std::optional<ElfFacts>& out, std::optional<std::vector<std::string>>& cudaNames)
        : m_out(out), m_cudaNames(cudaNames)
    {
    }
    bool write(const std::uint8_t* data, std::size_t size) override
    {
        m_reader.feed(data, size);
        m_scanner.feed(data, size);
        return true;
    }
    void finish(bool intact) override
    {
        if (!intact)
            return;
        m_out = m_reader.finish();
        m_scanner.finish();
        m_cudaNames = m_scanner.nameList();
    }

private:
    ElfStreamReader m_reader;
    CudaNameScanner m_scanner;
    std::optional<ElfFacts>& m_out;
    std::optional<std::vector<std::string>>& m_cudaNames;
};

bool validUtf8(std::string_view s)
{
    for (std::size_t i = 0; i < s.size();) {
        const auto c = static_cast<unsigned char>(s[i]);
        std::size_t n = c < 0x80 ? 1 : (c >> 5) == 6 ? 2 : (c >> 4) == 14 ? 3 : (c >> 3) == 30 ? 4 : 0;
        if (n == 0 || i + n > s.size())
            return false;
        for (std::size_t k = 1; k < n; ++k)
            if ((static_cast<unsigned char>(s[i + k]) >> 6) != 2)
                return false;
        i += n;
    }
    return true;
}

// A name as it can be shown and put into JSON: bytes that are not UTF-8 become \xNN.
std::string printable(std::string_view s)
{
    if (validUtf8(s))
        return std::string(s);
    std::string out;
    for (std::size_t i = 0; i < s.size(); ++i) {
        const auto c = static_cast<unsigned char>(s[i]);
        if (c < 0x80) {
            out += static_cast<char>(c);
        } else {
            char buf[8];
            std::snprintf(buf, sizeof buf, "\\x%02X", c);
            out += buf;
        }
    }
    return out;
}

std::string stripSlash(std::string s)
{
    while (s.size() > 1 && s.back() == '/')
        s.pop_back();
    return s;
}

std::string dirOf(const std::string& p)
{
    const auto slash = p.rfind('/');
    return slash == std::string::npos ? std::string() : p.substr(0, slash);
}

// Lexically resolves `target` relative to the folder of link `name`; nullopt when it climbs
// above the archive's top level or is absolute.
std::optional<std::string> resolveLink(const std::string& name, const std::string& target)
{
    if (target.empty() || target[0] == '/')
        return std::nullopt;
    std::vector<std::string> parts;
    const std::string dir = dirOf(name);
    std::size_t start = 0;
    auto push = [&](const std::string& path) -> bool {
        start = 0;
        while (start <= path.size()) {
            const auto slash = path.find('/', start);
            const std::string seg = path.substr(start, slash == std::string::npos ? std::string::npos : slash - start);
            if (seg == "..") {
                if (parts.empty())
                    return false;
                parts.pop_back();
            } else if (!seg.empty() && seg != ".") {
                parts.push_back(seg);
            }
            if (slash == std::string::npos)
                break;
            start = slash + 1;
        }
        return true;
    };
    if (!dir.empty() && !push(dir))
        return std::nullopt;
    if (!push(target))
        return std::nullopt;
    std::string out;
    for (const auto& p : parts)
        out += (out.empty() ? "" : "/") + p;
    return out;
}

std::string firstSegment(const std::string& p)
{
    const auto slash = p.find('/');
    return slash == std::string::npos ? p : p.substr(0, slash);
}

// "libcudnn_adv.so.9.19.0" -> {"libcudnn_adv", "9.19.0"}; "libcudnn.so" -> {"libcudnn", ""}.
std::optional<std::pair<std::string, std::string>> splitSharedName(const std::string& base)
{
    const auto so = base.find(".so");
    if (so == std::string::npos || !base.starts_with("libcudnn"))
        return std::nullopt;
    const std::string rest = base.substr(so + 3);
    if (!rest.empty() && rest[0] != '.')
        return std::nullopt;
    return std::make_pair(base.substr(0, so), rest.empty() ? std::string() : rest.substr(1));
}

struct EntryState {
    std::optional<ElfFacts> elf;
    std::optional<std::vector<std::string>> cudaNames;
    std::optional<std::string> text;
};

// Decides, per header, whether the entry is hostile (each case with its own code).
class HeaderChecks {
public:
    HeaderChecks(const std::string& archiveName, const TarLimits& limits, Problems& problems)
        : m_name(archiveName), m_limits(limits), m_problems(problems)
    {
    }

    bool hostile() const { return m_hostile; }

    // Returns true when the entry itself is safe to read into memory (never written anywhere).
    void check(const TarEntryInfo& e)
    {
        const std::string& n = e.name;
        const std::string shown = printable(n);
        auto add = [&](const std::string& code, const std::string& why) {
            m_problems.push_back({code, shown, m_name + ": entry " + inQuotes(shown) + " " + why + "." + kNotUsed});
            m_hostile = true;
        };
        const PathCheck pc = checkEntryPath(n);
        if (n.size() > kMaxName || !validUtf8(n))
            add(codes::kNameTrick, n.size() > kMaxName ? "has a name of " + std::to_string(n.size()) +
                                                        " bytes (a pax or GNU long name no Linux file system accepts)"
                                                  : "has a name that is not valid UTF-8 (a pax or GNU long-name trick)");
        else if (e.headerWarning)
            add(codes::kNameTrick, "has a malformed pax or GNU extended header (" + e.warning + ")");
        else if (pc.verdict != PathVerdict::Safe)
            add(codes::kUnsafePath, "is unsafe: " + pc.reason);
        else {
            std::size_t seg = 0;
            for (char c : n) {
                seg = c == '/' ? 0 : seg + 1;
                if (seg > kMaxSegment) {
                    add(codes::kNameTrick, "has a name segment longer than 255 bytes (a long-name trick)");
                    break;
                }
            }
        }
        switch (e.type) {
        case TarEntryType::Hardlink:
            add(codes::kHardlinkEntry, "is a hard link to " + inQuotes(printable(e.linkTarget)) +
                                      "; NVIDIA's tarballs have none, and one can alias a file outside the archive");
            break;
        case TarEntryType::CharDevice:
        case TarEntryType::BlockDevice:
        case TarEntryType::Fifo:
        case TarEntryType::Socket:
        case TarEntryType::Other:
            add(codes::kSpecialEntry, "is a " + std::string(toString(e.type)) + ", not a file, folder or link");
            break;
        default: break;
        }
        if (e.mode & 06000)
            add(codes::kUnsafeMode, std::string("is ") + ((e.mode & 04000) ? "setuid" : "setgid") +
                                   " (mode " + octal(e.mode) + "); a library or header never is");
        else if ((e.mode & 0002) && e.type != TarEntryType::Symlink)
            add(codes::kUnsafeMode, "is writable by every user (mode " + octal(e.mode) + ")");
        if (e.sparse)
            add(codes::kSparseEntry, "is a sparse file (a GNU/pax sparse map); NVIDIA's tarballs have none");
        if (e.size > m_limits.maxEntrySize)
            add(codes::kSizeLimit, "declares " + std::to_string(e.size) + " bytes, beyond the limit of " +
                                  std::to_string(m_limits.maxEntrySize));
        if (e.type == TarEntryType::Symlink) {
            const auto resolved = resolveLink(n, e.linkTarget);
            if (!resolved || firstSegment(*resolved) != firstSegment(n) || resolved->find('/') == std::string::npos)
                add(codes::kUnsafeLink, "is a symbolic link to " + inQuotes(printable(e.linkTarget)) +
                                       ", which leaves the archive's folder" +
                                       (e.linkTarget.starts_with("/") ? " (an absolute target)" : ""));
        }
        const std::string key = stripSlash(pc.normalized.empty() ? n : pc.normalized);
        // A name below an earlier symlink would be written through it.
        for (std::string p = dirOf(key); !p.empty(); p = dirOf(p))
            if (m_links.count(p)) {
                add(codes::kLinkCollision, "lies below " + inQuotes(p) + ", which an earlier entry made a symbolic link");
                break;
            }
        if (auto it = m_seen.find(key); it != m_seen.end()) {
            if (it->second == TarEntryType::Symlink || e.type == TarEntryType::Symlink)
                add(codes::kLinkCollision, "has the name of an earlier " + std::string(toString(it->second)) +
                                          " entry, and one of them is a symbolic link");
            else if (!(it->second == TarEntryType::Directory && e.type == TarEntryType::Directory))
                add(codes::kDuplicateEntry, "appears twice; which copy wins is undefined");
        } else if (e.type == TarEntryType::Symlink && m_parents.count(key)) {
            add(codes::kLinkCollision, "is a symbolic link where earlier entries put a folder");
        }
        m_seen.emplace(key, e.type);
        if (e.type == TarEntryType::Symlink)
            m_links.insert(key);
        for (std::string p = dirOf(key); !p.empty(); p = dirOf(p))
            m_parents.insert(p);
    }

private:
    static std::string octal(std::uint32_t mode)
    {
        char buf[16];
        std::snprintf(buf, sizeof buf, "%04o", mode);
        return buf;
    }

    std::string m_name;
    const TarLimits& m_limits;
    Problems& m_problems;
    bool m_hostile = false;
    std::map<std::string, TarEntryType> m_seen;
    std::set<std::string> m_links, m_parents;
};

}  // namespace

bool looksLikeTarballName(const std::string& name)
{
    const std::string n = name;
    return n.ends_with(".tar.xz") || n.ends_with(".tgz") || n.ends_with(".tar.gz") || n.ends_with(".tar");
}

VerifyResult verifyTarball(const OpenedFile& archive, const VerifyOptions& options)
{
    const std::string& archivePath = archive.path();
    VerifyResult r;
    r.archive = archivePath;
    const std::string name = baseName(archivePath);
    if (options.progress)
        options.progress->onStage("Verifying " + name);

    TarLimits limits;
    limits.maxEntries = options.limits.maxEntries;
    limits.maxEntrySize = options.limits.maxEntrySize;
    limits.maxTotalSize = options.limits.maxTotalSize;
    limits.maxRatio = options.limits.maxRatio;
    // Tar compresses the stream, not each entry: the ratio is of the whole stream so far,
    // checked from 16 MiB on (the headers at the front compress about 8:1, libraries 3:1).
    limits.ratioFloor = 16u << 20;

    HeaderChecks checks(name, limits, r.problems);
    std::vector<EntryState> states;
    TarScanOptions so;
    so.limits = limits;
    so.progress = options.progress;
    so.cancel = options.cancel;
    so.onEntry = [&](const TarEntryInfo& e) -> TarDecision {
        checks.check(e);
        states.emplace_back();
        TarDecision d;
        // A hostile archive is still listed to its end (every hostile entry named), but no
        // entry of it is looked at any more.
        if (checks.hostile() || e.type != TarEntryType::File)
            return d;
        const std::string base = baseName(e.name);
        if (base == "cudnn_version.h")
            d.consumer = std::make_unique<verifycheck::HeaderTextConsumer>(states.back().text);
        else if (splitSharedName(base))
            d.consumer = std::make_unique<ElfConsumer>(states.back().elf, states.back().cudaNames);
        // The install's one-pass staging (VerifyOptions::alsoConsume): the same bytes, from the same read.
        if (options.alsoConsume) {
            ZipEntryInfo z;
            z.index = e.index;
            z.name = e.name;
            z.size = e.size;
            z.unixMode = e.mode;
            if (auto tee = options.alsoConsume(z))
                d.consumer = teeConsumer(std::move(d.consumer), std::move(tee));
        }
        return d;
    };
    auto scanned = scanTarFile(archive, so);
    if (!scanned) {
        r.problems.push_back({scanned.error().code == codes::kUnsupported ? codes::kUnknownLayout : codes::kCorruptArchive,
                              std::nullopt, scanned.error().message});
        return r;
    }
    if (scanned->cancelled) {
        VerifyResult c;
        c.archive = archivePath;
        c.cancelled = true;
        return c;
    }
    r.sha256 = scanned->sha256;
    r.size = scanned->fileSize;
    if (scanned->failure)
        r.problems.push_back(*scanned->failure);
    const bool hostile = checks.hostile() || (scanned->failure && scanned->failure->code == codes::kSizeLimit);
    const auto& entries = scanned->entries;

    // The listing: normalised names, kinds, link targets.
    std::map<std::string, std::size_t> byName;  // regular files and links
    for (const TarEntryInfo& e : entries) {
        const std::string path = printable(stripSlash(checkEntryPath(e.name).normalized));
        if (e.type == TarEntryType::Directory)
            continue;
        VerifiedEntry ve;
        ve.path = path;
        ve.size = scanned->outcomes[e.index].read ? scanned->outcomes[e.index].actualSize : e.size;
        ve.crc32 = scanned->outcomes[e.index].crc32;
        ve.kind = e.type == TarEntryType::Symlink ? FileKind::Other : classifyFile(baseName(path));
        if (splitSharedName(baseName(path)))
            ve.kind = FileKind::SharedLib;
        if (e.type == TarEntryType::Symlink)
            ve.linkTarget = printable(e.linkTarget);
        ve.mode = e.mode;
        byName[path] = r.entries.size();
        r.entries.push_back(std::move(ve));
    }

    const auto verdict = checkAuthenticity(archivePath, r.size, r.sha256, options, r.problems, r.warnings);
    r.authenticity = verdict.authenticity;
    r.authenticityDetail = verdict.detail;
    if (hostile || (scanned->failure && !r.problems.empty()))
        return r;

    // Layout: one top folder holding include/ and lib/ (lib64/ before 8.3.1).
    std::string root;
    bool oneRoot = true;
    for (const auto& ve : r.entries) {
        const std::string first = firstSegment(ve.path);
        if (ve.path.find('/') == std::string::npos || (!root.empty() && first != root))
            oneRoot = false;
        if (root.empty())
            root = first;
    }
    std::string libDir;
    bool hasHeaders = false;
    for (const auto& ve : r.entries) {
        const std::string rel = oneRoot ? ve.path.substr(root.size() + 1) : ve.path;
        if (rel.starts_with("include/cudnn") && rel.ends_with(".h"))
            hasHeaders = true;
        for (const char* d : {"lib", "lib64"})
            if (rel.starts_with(std::string(d) + "/libcudnn"))
                libDir = d;
    }
    const NameInfo fromName = parseArchiveName(name);
    const NameInfo fromRoot = oneRoot ? parseArchiveName(root) : NameInfo{};
    if (!oneRoot || libDir.empty() || !hasHeaders) {
        r.problems.push_back({codes::kUnknownLayout, std::nullopt,
                              name + " is not a cuDNN tarball in any known layout (one top folder with include/cudnn*.h "
                                     "and lib/libcudnn*.so*, or cuda/lib64 before 8.3.1): make sure you downloaded "
                                     "the Linux cuDNN tarball from NVIDIA."});
        return r;
    }
    Layout layout;
    layout.root = root + "/";
    layout.include = "include";
    layout.lib = libDir;
    layout.platform = fromName.platform.value_or(fromRoot.platform.value_or("linux-x86_64"));
    r.layout = layout;
    const std::uint16_t wantMachine = elfMachineFor(layout.platform);
    const std::string libPrefix = layout.root + libDir + "/";

    std::vector<VersionClaim> claims;
    std::optional<Version> headerVersion, fileVersion;
    std::vector<CudaImport> cudaImports;  // each library's CUDA libraries (formats/cudabuild.h)
    for (const TarEntryInfo& e : entries) {
        const EntryState& st = states[e.index];
        const std::string path = stripSlash(checkEntryPath(e.name).normalized);
        if (st.text && (headerVersion = parseVersionHeader(*st.text)))
            claims.insert(claims.begin(), VersionClaim{"cudnn_version.h", path, named(*headerVersion)});
    }
    // Libraries: ELF class and machine, SONAME = <stem>.so.<major>, the file name's version.
    for (const TarEntryInfo& e : entries) {
        const std::string path = stripSlash(checkEntryPath(e.name).normalized);
        const std::string base = baseName(path);
        const auto split = splitSharedName(base);
        if (!split || e.type != TarEntryType::File)
            continue;
        const auto& out = scanned->outcomes[e.index];
        if (out.actualSize == 0) {
            r.problems.push_back({codes::kZeroSize, path, name + ": " + path + " is empty (0 bytes); a cuDNN library never is: "
                                                     "download the archive again from NVIDIA."});
            continue;
        }
        const auto& elf = states[e.index].elf;
        if (!elf || !elf->isElf || !elf->is64 || !elf->littleEndian || elf->machine != wantMachine || elf->type != 3) {
            std::string what = !elf || !elf->isElf ? "not an ELF file at all"
                               : !elf->is64        ? "a 32-bit ELF file"
                               : elf->type != 3 && elf->machine == wantMachine ? "an ELF file but not a shared library"
                                                                               : "an ELF64 " + elfMachineName(elf->machine) + " library";
            r.problems.push_back({codes::kWrongArchitecture, path,
                                  name + ": " + path + " is " + what + ", not an ELF64 " + elfMachineName(wantMachine) +
                                      " shared library: download the " + layout.platform + " cuDNN tarball from NVIDIA."});
            continue;
        }
        if (auto evidence = cudaEvidenceOf(path, {}, states[e.index].cudaNames.value_or(std::vector<std::string>{})))
            cudaImports.push_back(std::move(*evidence));
        if (auto v = Version::parse(split->second); v && split->second.find('.') != std::string::npos) {
            claims.push_back(VersionClaim{base + " (file name)", path, namedAsWritten(*v, split->second)});
            if (!fileVersion)
                fileVersion = v;
        }
        const std::string major = split->second.substr(0, split->second.find('.'));
        const std::string expected = split->first + ".so." + major;
        if (!elf->soname || *elf->soname != expected)
            r.problems.push_back({codes::kSonameMismatch, path,
                                  name + ": " + path + (elf->soname ? " names itself " + inQuotes(*elf->soname)
                                                                    : " has no readable SONAME (" + elf->error + ")") +
                                      " in its dynamic section, but programs load it as " + inQuotes(expected) +
                                      "; the loader would not find it under that name. The archive was repackaged: "
                                      "download it again from NVIDIA."});
        else if (headerVersion && std::to_string(headerVersion->major) != major)
            r.problems.push_back({codes::kVersionMismatch, path,
                                  name + ": " + path + " is a cuDNN " + major + " library (SONAME " + *elf->soname +
                                      ") but cudnn_version.h says " + headerVersion->toString() +
                                      ": the archive mixes releases; download it again from NVIDIA."});
    }
    if (fromRoot.cudnn)
        claims.push_back(VersionClaim{"the top folder " + layout.root, std::nullopt, named(*fromRoot.cudnn)});
    if (fromName.cudnn)
        claims.push_back(VersionClaim{"the file name", std::nullopt, named(*fromName.cudnn)});
    checkVersionAgreement(claims, name, r.problems);

    // Symlink chains: every link ends, inside the archive, at a regular file.
    for (const TarEntryInfo& e : entries) {
        if (e.type != TarEntryType::Symlink)
            continue;
        const std::string path = stripSlash(checkEntryPath(e.name).normalized);
        std::string at = path;
        std::string why;
        for (int hop = 0;; ++hop) {
            const auto it = byName.find(at);
            if (it == byName.end()) {
                why = inQuotes(at) + " is not in the archive";
                break;
            }
            const VerifiedEntry& ve = r.entries[it->second];
            if (!ve.linkTarget)
                break;
            if (hop > 8) {
                why = "the chain loops";
                break;
            }
            at = resolveLink(at, *ve.linkTarget).value_or("");
        }
        if (!why.empty())
            r.problems.push_back({codes::kBrokenLink, path,
                                  name + ": the symbolic link " + path + " -> " + e.linkTarget + " leads nowhere (" + why +
                                      "): the archive is incomplete; download it again from NVIDIA."});
    }

    std::optional<Version> version = fromName.cudnn ? fromName.cudnn : fromRoot.cudnn;
    if (!version || version->build < 0)
        version = version ? version : (fileVersion ? fileVersion : headerVersion);
    if (verdict.officialRelease)
        r.release = verdict.officialRelease;
    else if (version)
        r.release = ReleaseId{*version, fromName.cuda ? *fromName.cuda : fromRoot.cuda.value_or(""), layout.platform};
    // The build's CUDA major for the planner: NVIDIA's hash, else the CUDA libraries the libraries
    // need or name for dlopen (a _cuda13 tarball whose libraries name libcublasLt.so.12 is a CUDA
    // 12 build: cuda-major-mismatch; only a warning when the hash is NVIDIA's), else the name.
    const std::string nameCuda = fromName.cuda ? *fromName.cuda : fromRoot.cuda.value_or("");
    const bool official = verdict.isOfficial();
    const std::string claimedCuda = official && verdict.officialRelease ? verdict.officialRelease->cuda : nameCuda;
    const std::optional<CudaImport> own = checkCudaBuild(cudaImports, claimedCuda, name, official ? r.warnings : r.problems);
    if (official && r.release && (r.buildCudaMajor = cudaMajorOfText(r.release->cuda)))
        r.buildCudaSource = verdict.authenticity == Authenticity::Official ? "catalog" : "manifest";
    else if (own) {
        r.buildCudaMajor = own->major;
        r.buildCudaSource = own->byName ? "library strings" : "imports";
    } else if (r.release && (r.buildCudaMajor = cudaMajorOfText(r.release->cuda)))
        r.buildCudaSource = "name";

    // The release's file set: every library with its two links, every header, the licence.
    if (version) {
        const LinuxFileSet set = linuxFileSet(*version);
        const std::string full = std::to_string(version->major) + "." + std::to_string(version->minor) + "." +
                                 std::to_string(version->patch);
        auto missing = [&](const std::string& rel, const std::string& what) {
            r.problems.push_back({codes::kMissingFile, rel,
                                  name + ": " + rel + " is missing; cuDNN " + version->toString() + " ships " + what +
                                      ". The archive is incomplete: download it again from NVIDIA."});
        };
        for (const std::string& stem : set.libraries) {
            const std::string file = libPrefix + stem + ".so." + full;
            const std::string soname = libPrefix + stem + ".so." + std::to_string(version->major);
            const std::string dev = libPrefix + stem + ".so";
            if (!byName.count(file))
                missing(file, "it as the library itself");
            if (!byName.count(soname))
                missing(soname, "it as the link programs load");
            if (!byName.count(dev))
                missing(dev, "it as the link the linker uses");
            else if (!r.entries[byName.at(dev)].linkTarget)
                r.warnings.push_back({codes::kNotALink, dev, name + ": " + dev + " is a copy, not a symbolic link as in " +
                                                             "NVIDIA's tarballs; it was probably repackaged."});
        }
        for (const std::string& h : set.headers)
            if (!byName.count(layout.root + "include/" + h))
                missing(layout.root + "include/" + h, "this header");
        if (!byName.count(layout.root + set.license))
            missing(layout.root + set.license, "its licence there");
        const Layout expected = linuxLayoutFor(*version, layout.root);
        if (expected.lib != layout.lib)
            r.warnings.push_back({codes::kUnexpectedLayout, std::nullopt,
                                  name + ": cuDNN " + version->toString() + " ships its libraries in " + expected.lib +
                                      "/, this archive in " + layout.lib + "/; it was probably repackaged."});
    }
    return r;
}

// Tar archives are what NVIDIA ships for Linux.
bool looksLikeTarballFile(const OpenedFile& file)
{
    unsigned char magic[6] = {};
    const long long n = file.readSome(0, magic, sizeof magic);
    const bool gzip = n >= 2 && magic[0] == 0x1f && magic[1] == 0x8b;
    const bool xz = n == 6 && magic[0] == 0xFD && magic[1] == '7' && magic[2] == 'z' && magic[3] == 'X' && magic[4] == 'Z';
    return gzip || xz;
}

bool looksLikeTarballFile(const std::string& path)
{
    std::error_code ec;
    const auto file = OpenedFile::open(path, false, ec);
    return file && looksLikeTarballFile(*file);
}

}  // namespace cudnnsetup
