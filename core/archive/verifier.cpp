#include "archive/verifier.h"

#include "archive/archivescanner.h"
#include "archive/pathsafety.h"
#include "archive/tarreader.h"
#include "archive/tarverify.h"
#include "archive/verifychecks.h"
#include "common/problemcodes.h"
#include "common/text.h"
#include "formats/cudabuild.h"
#include "formats/pereader.h"
#include "releases/catalog.h"
#include "releases/manifest.h"
#include "releases/versionevidence.h"

#include <cstdio>
#include <filesystem>

namespace cudnnsetup {

namespace {

using namespace verifycheck;

constexpr std::size_t kDllHeadBytes = 64 * 1024;  // DOS + PE headers + section table (PeStreamReader::kHeadLimit)

// Could this archive be official? Its name is in the catalog (or the --manifest) with its size or
// no size, its size is that of an official archive, or --sha256 names one. Only then is the hash
// computed first (for anything else that would be a second read).
bool mayBeOfficial(const std::string& name, std::uint64_t size, const VerifyOptions& options)
{
    const Catalog& catalog = Catalog::builtin();
    if (const CatalogEntry* e = catalog.findByFileName(name); e && (!e->size || *e->size == size))
        return true;
    for (const auto& e : catalog.entries())
        if (e.size && *e.size == size)
            return true;
    if (options.sha256 && catalog.findBySha256(*options.sha256))  // --sha256 names an official archive
        return true;
    if (options.manifestRead)
        if (const auto& m = *options.manifestRead; m.ok())
            for (const auto& e : m->entries)
                if ((!e.size || *e.size == size) &&
                    (comparableArchiveName(e.fileName()) == comparableArchiveName(name) || e.size))
                    return true;
    return false;
}

// Keeps only what the PE checks need from a DLL that may be a gigabyte long, and searches its .rdata
// (where cuDNN 9 names cublasLt64_12.dll for LoadLibrary; bounded by kCudaNameScanLimit) for the
// CUDA libraries it loads at run time. Every byte arrives (inflated in order); only that range is scanned.
class PeConsumer : public EntryConsumer {
public:
    PeConsumer(std::optional<PeInfo>& out, std::optional<std::vector<std::string>>& cudaNames)
        : m_out(out), m_cudaNames(cudaNames)
    {
    }
    bool write(const std::uint8_t* data, std::size_t size) override
    {
        m_reader.feed(data, size);  // first: these very bytes may complete the section table
        if (const auto r = scanRange(); r && m_offset + size > r->first && m_offset < r->second) {
            const std::uint64_t from = std::max(m_offset, r->first), to = std::min(m_offset + size, r->second);
            m_scanner.feed(data + (from - m_offset), static_cast<std::size_t>(to - from));
        }
        m_offset += size;
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
    std::optional<std::pair<std::uint64_t, std::uint64_t>> scanRange() const
    {
        auto r = m_reader.readOnlyData();
        if (r)
            r->second = std::min(r->second, r->first + kCudaNameScanLimit);
        return r;
    }
    PeStreamReader m_reader;
    CudaNameScanner m_scanner;
    std::uint64_t m_offset = 0;
    std::optional<PeInfo>& m_out;
    std::optional<std::vector<std::string>>& m_cudaNames;
};

std::string machineName(const PeInfo& pe)
{
    if (!pe.isPe)
        return "not a PE image at all" + (pe.error.empty() ? std::string() : " (" + pe.error + ")");
    switch (pe.machine) {
    case 0x14c: return "a 32-bit x86 (i386) image";
    case 0xAA64: return "an ARM64 image";
    case 0x8664: return "an x64 image with a PE32 (not PE32+) optional header";
    default: {
        char buf[64];
        std::snprintf(buf, sizeof buf, "an image for machine 0x%04x", pe.machine);
        return buf;
    }
    }
}

}  // namespace

VerifyResult verifyArchive(const std::string& archivePath, const VerifyOptions& options)
{
    std::error_code ec;
    auto file = OpenedFile::open(archivePath, false, ec);
    if (!file) {
        VerifyResult r;
        r.archive = archivePath;
        r.problems.push_back(Problem{codes::kCorruptArchive, std::nullopt,
                                     baseName(archivePath) + " cannot be read: " + ec.message() +
                                         ". Download it again from NVIDIA (developer.nvidia.com/cudnn)."});
        return r;
    }
    return verifyArchive(file, options);
}

VerifyResult verifyArchive(const std::shared_ptr<const OpenedFile>& file, const VerifyOptions& given)
{
    // The manifest is read once for every check below (and not at all when the caller read it).
    VerifyOptions options = given;
    if (options.manifestPath && !options.manifestRead)
        options.manifestRead = std::make_shared<const Result<Manifest>>(readManifestFile(*options.manifestPath));
    const std::string& archivePath = file->path();
    VerifyResult r;
    r.archive = archivePath;
    const std::string name = baseName(archivePath);
    auto cancelled = [&] {
        if (!(options.cancel && options.cancel->isCancelled()))
            return false;
        VerifyResult c;
        c.archive = archivePath;
        c.cancelled = true;
        r = std::move(c);
        return true;
    };
    r.size = file->size();
    if (tarReaderAvailable() && looksLikeTarballFile(*file))
        return verifyTarball(*file, options);
    if (options.progress)
        options.progress->onStage("Reading the central directory of " + name);

    auto opened = ArchiveScanner::open(file);
    if (!opened) {
        if (opened.error().code == codes::kCorruptArchive && looksLikeTarballFile(*file))
            r.problems.push_back(Problem{codes::kUnknownLayout, std::nullopt,
                                         name + " is a tar archive (NVIDIA's Linux packaging); verify checks the "
                                                "Windows cuDNN zip: download the windows-x86_64 .zip instead."});
        else
            r.problems.push_back(Problem{codes::kCorruptArchive, std::nullopt,
                                         name + " is not a readable zip archive: " + opened.error().message +
                                             ". Download it again from NVIDIA (developer.nvidia.com/cudnn)."});
        auto sha = sha256File(file, options.progress, options.cancel);
        if (cancelled())
            return r;
        if (sha) {
            r.sha256 = *sha;
            const auto v = checkAuthenticity(archivePath, r.size, r.sha256, options, r.problems, r.warnings);
            r.authenticity = v.authenticity;
            r.authenticityDetail = v.detail;
            r.release = v.officialRelease;
        }
        return r;
    }
    ArchiveScanner& scanner = **opened;
    const auto& entries = scanner.entries();
    const bool hostile = checkCentralDirectory(scanner, options.limits, name, r.problems);
    const auto detected = detectLayout(entries);

    // Only DLLs and the version header are kept (bounded); everything else is inflated,
    // CRC-checked and dropped. A hostile archive is hashed but never inflated.
    std::vector<std::optional<PeInfo>> pe(entries.size());
    std::vector<std::optional<std::string>> text(entries.size());
    std::vector<std::optional<std::vector<std::string>>> cudaNames(entries.size());  // named in a DLL's .rdata
    ScanOptions so;
    so.threads = options.threads;
    so.progress = options.progress;
    so.cancel = options.cancel;
    so.select = [hostile](const ZipEntryInfo& e) { return !hostile && !e.isSymlink; };
    auto ownConsumer = [&](const ZipEntryInfo& e) -> std::unique_ptr<EntryConsumer> {
        const std::string base = baseName(e.name);
        if (classifyFile(base) == FileKind::Dll)
            return std::make_unique<PeConsumer>(pe[e.index], cudaNames[e.index]);
        if (base == "cudnn_version.h")
            return std::make_unique<verifycheck::HeaderTextConsumer>(text[e.index]);
        return nullptr;
    };
    so.consumerFor = [&](const ZipEntryInfo& e) -> std::unique_ptr<EntryConsumer> {
        auto own = ownConsumer(e);
        if (!options.alsoConsume || e.isDirectory || e.isSymlink)
            return own;
        auto tee = options.alsoConsume(e);
        if (!tee)
            return own;
        return teeConsumer(std::move(own), std::move(tee));
    };
    // An archive whose SHA-256 is NVIDIA's needs no CRC pass to prove its bytes: when its name or size
    // makes that likely, hash it first (hashing speed) and, if the hash is official, check only what
    // the central directory and the first bytes of each DLL show. Anything else gets the full pass.
    std::optional<ScanResult> scanned;
    if (!hostile && !options.alsoConsume && mayBeOfficial(name, r.size, options)) {
        if (options.progress)
            options.progress->onStage("Hashing " + name);
        auto sha = sha256File(file, options.progress, options.cancel);
        if (cancelled())
            return r;
        Problems ignoredProblems, ignoredWarnings;
        if (sha && checkAuthenticity(archivePath, r.size, *sha, options, ignoredProblems, ignoredWarnings).isOfficial()) {
            if (options.progress)
                options.progress->onStage("Checking " + name + " (official hash: no CRC pass needed)");
            ScanResult fast;
            fast.sha256 = *sha;
            fast.fileSize = r.size;
            fast.outcomes.resize(entries.size());
            for (const auto& e : entries) {
                auto& o = fast.outcomes[e.index];
                o.read = o.crcOk = true;  // proven by the hash, not by inflating
                o.actualCrc = e.crc32;
                o.actualSize = e.size;
                if (e.isDirectory || e.isSymlink)
                    continue;
                const std::string base = baseName(e.name);
                const bool dll = classifyFile(base) == FileKind::Dll, header = base == "cudnn_version.h";
                if (!dll && !header)
                    continue;
                auto head = scanner.readHead(e, dll ? kDllHeadBytes : verifycheck::kMaxHeaderBytes);
                if (!head) {
                    o.read = o.crcOk = false;
                    o.error = head.error().message;
                } else if (dll) {
                    pe[e.index] = readPe(*head);
                } else {
                    text[e.index] = std::string(head->begin(), head->end());
                }
            }
            r.crcChecked = false;
            scanned = std::move(fast);
        }
    }
    if (!scanned) {
        if (options.progress)
            options.progress->onStage(hostile ? "Hashing " + name : "Verifying " + name);
        auto full = scanner.scan(so);
        if (cancelled())
            return r;
        if (!full) {
            r.problems.push_back(Problem{codes::kCorruptArchive, std::nullopt, name + ": " + full.error().message + "."});
            return r;
        }
        scanned = std::move(*full);
    }
    r.sha256 = scanned->sha256;
    r.size = scanned->fileSize;

    std::vector<VersionClaim> claims;
    std::optional<Version> headerVersion;
    std::optional<std::string> headerEntry;
    struct DllVersionField {
        std::string entry;
        VersionField field;
        std::string text;
    };
    std::vector<DllVersionField> dllVersionFields;
    std::vector<CudaImport> cudaImports;  // each DLL's CUDA library: the first it imports, else the ones it names
    for (const auto& e : entries) {
        if (e.isDirectory)
            continue;
        const auto& out = scanned->outcomes[e.index];
        const std::string path = checkEntryPath(e.name).normalized;
        const FileKind kind = classifyFile(baseName(e.name));
        VerifiedEntry ve{path, e.size, e.crc32, kind, std::nullopt};
        if (!hostile && !out.unsupported && !e.isSymlink) {
            if (out.read && !out.crcOk)
                r.problems.push_back(Problem{codes::kCrcMismatch, e.name,
                                             name + ": the data of " + e.name + " does not match its CRC-32 (expected " +
                                                 hex8(e.crc32) + ", got " + hex8(out.actualCrc) +
                                                 "): the download is damaged; download it again from NVIDIA."});
            else if (!out.read)
                r.problems.push_back(Problem{codes::kCorruptArchive, e.name,
                                             name + ": " + e.name + " cannot be read: " + out.error +
                                                 ". The download is damaged; download it again from NVIDIA."});
        }
        if (e.size == 0 && (kind == FileKind::Dll || kind == FileKind::ImportLib || kind == FileKind::SharedLib))
            r.problems.push_back(Problem{codes::kZeroSize, e.name,
                                         name + ": " + e.name + " is empty (0 bytes); a cuDNN library never is: the " +
                                             "archive is damaged or was repackaged; download it again from NVIDIA."});
        if (const auto& info = pe[e.index]; info && e.size > 0) {
            if (!info->isX64())
                r.problems.push_back(Problem{codes::kWrongArchitecture, e.name,
                                             name + ": " + e.name + " is " + machineName(*info) +
                                                 ", not a 64-bit x64 (PE32+) DLL: download the windows-x86_64 cuDNN archive from NVIDIA."});
            if (info->fileVersion) {
                ve.version = info->fileVersion;
                dllVersionFields.push_back({e.name, VersionField::FileVersion, *info->fileVersion});
            }
            if (info->fileDescription)
                dllVersionFields.push_back({e.name, VersionField::FileDescription, *info->fileDescription});
            if (auto evidence = cudaEvidenceOf(e.name, info->imports, cudaNames[e.index].value_or(std::vector<std::string>{})))
                cudaImports.push_back(std::move(*evidence));
        }
        if (const auto& t = text[e.index]; t && !headerVersion && (headerVersion = parseVersionHeader(*t)))
            headerEntry = e.name;
        r.entries.push_back(std::move(ve));
    }

    const NameInfo fromRoot = detected ? parseArchiveName(detected->layout.root) : NameInfo{};
    const NameInfo fromName = parseArchiveName(name);
    // Every piece of evidence present must agree (releases/versionevidence.h decides what counts and
    // which claim is the release). Listed strongest first, for ties: the main DLL's name (its major
    // is what programs load), the header, the folder and file names, then the DLLs' version fields.
    const std::optional<int> dllMajor = detected ? detected->dllMajor : std::nullopt;
    if (dllMajor)
        claims.push_back(VersionClaim{"cudnn64_" + std::to_string(*dllMajor) + ".dll (its name)", std::nullopt,
                                      NamedVersion{Version{*dllMajor, 0, 0, -1}, 1}});
    if (headerVersion)
        claims.push_back(VersionClaim{"cudnn_version.h", headerEntry, named(*headerVersion)});
    if (fromRoot.cudnn)
        claims.push_back(VersionClaim{"the top folder " + detected->layout.root, std::nullopt, named(*fromRoot.cudnn)});
    if (fromName.cudnn)
        claims.push_back(VersionClaim{"the file name", std::nullopt, named(*fromName.cudnn)});
    const std::optional<int> familyMajor = dllMajor ? dllMajor
                                      : headerVersion ? std::optional<int>(headerVersion->major)
                                      : fromName.cudnn ? std::optional<int>(fromName.cudnn->major)
                                      : fromRoot.cudnn ? std::optional<int>(fromRoot.cudnn->major)
                                                       : std::nullopt;
    const std::optional<Version> namedRelease = headerVersion ? headerVersion : fromName.cudnn ? fromName.cudnn : fromRoot.cudnn;
    for (const auto& f : dllVersionFields)
        if (auto v = versionFieldEvidence(f.field, f.text, familyMajor, namedRelease))
            claims.push_back(VersionClaim{baseName(f.entry) + (f.field == VersionField::FileVersion ? " (file version)" : " (file description)"),
                                          f.entry, *v});

    const auto verdict = checkAuthenticity(archivePath, r.size, r.sha256, options, r.problems, r.warnings);
    r.authenticity = verdict.authenticity;
    r.authenticityDetail = verdict.detail;
    // An official hash outranks every heuristic: the catalog says which release this is, and a
    // disagreement of our tables with NVIDIA's own bytes is our table's fault, told as a warning.
    const bool official = verdict.isOfficial();
    Problems& heuristicFindings = official ? r.warnings : r.problems;
    if (official)
        claims.insert(claims.begin(), VersionClaim{verdict.authenticity == Authenticity::Official ? "the official catalog" : "the manifest",
                                                   std::nullopt, named(verdict.officialRelease->cudnn), true});
    const auto agreement = checkVersionAgreement(claims, name, heuristicFindings);

    // The release: the catalog knows it exactly; otherwise the most specific version of the evidence
    // the release rests on (a header's 8.2.0 completed by an agreeing DLL's 8.2.0.53).
    std::optional<Version> version;
    if (agreement)
        if (const NamedVersion best = mostSpecific(claims, *agreement); best.named >= 3)
            version = best.version;
    if (official)
        version = verdict.officialRelease->cudnn;
    if (verdict.officialRelease)
        r.release = verdict.officialRelease;
    else if (version)
        r.release = ReleaseId{*version, fromName.cuda ? *fromName.cuda : fromRoot.cuda.value_or(""), "windows-x86_64"};

    // The build's own CUDA major outranks the name's (a _cuda13-archive whose DLLs import or, cuDNN 9,
    // name cublasLt64_12.dll is a CUDA 12 build), and NVIDIA's hash outranks both.
    const std::string nameCuda = fromName.cuda ? *fromName.cuda : fromRoot.cuda.value_or("");
    const std::string claimedCuda = official ? verdict.officialRelease->cuda : nameCuda;
    const std::optional<CudaImport> own = checkCudaBuild(cudaImports, claimedCuda, name, heuristicFindings);
    if (const auto catalogMajor = official ? cudaMajorOfText(claimedCuda) : std::nullopt) {
        r.buildCudaMajor = catalogMajor;
        r.buildCudaSource = verdict.authenticity == Authenticity::Official ? "catalog" : "manifest";
    } else if (own) {
        r.buildCudaMajor = own->major;
        r.buildCudaSource = own->byName ? "library strings" : "imports";  // detect's words for the same evidence
    } else if ((r.buildCudaMajor = cudaMajorOfText(nameCuda))) {
        r.buildCudaSource = "name";
    }

    if (!detected) {
        if (!hostile)
            r.problems.push_back(Problem{codes::kUnknownLayout, std::nullopt,
                                         name + " is not a cuDNN archive in any known layout (no cudnn*.dll under bin/, " +
                                             "no cudnn*.lib under lib/, no cudnn*.h under include/): make sure you " +
                                             "downloaded the Windows cuDNN zip from NVIDIA."});
        return r;
    }
    r.layout = detected->layout;
    if (hostile)
        return r;
    const bool versionKnown = version.has_value();
    // Without a version, the family's widest set: for 9.x the 9.21 set, whose two late DLLs are optional.
    const int major = detected->dllMajor.value_or(8);
    Version family = version.value_or(major == 9 ? Version{9, 21, 0, -1} : Version{major, 0, 0, -1});
    checkCompleteness(entries, detected->layout, family, versionKnown, official, name, heuristicFindings, r.warnings);
    if (versionKnown) {
        const Layout expected = windowsLayoutFor(*version, detected->layout.root);
        if (expected.bin != detected->layout.bin || expected.lib != detected->layout.lib)
            r.warnings.push_back(Problem{codes::kUnexpectedLayout, std::nullopt,
                                         name + ": cuDNN " + version->toString() + " ships its DLLs in " + expected.bin +
                                             "/ and import libraries in " + expected.lib + "/, this archive in " +
                                             detected->layout.bin + "/ and " + detected->layout.lib +
                                             "/; it was probably repackaged."});
    }
    return r;
}

}  // namespace cudnnsetup
