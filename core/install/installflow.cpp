#include "install/installflow.h"

#include "archive/tarverify.h"
#include "formats/cudabuild.h"
#include "common/digest.h"
#include "common/problemcodes.h"
#include "common/testhooks.h"
#include "common/u8path.h"
#include "install/archiveinfo.h"
#include "install/foldersource.h"
#include "install/journal.h"
#include "install/machinesummary.h"
#include "install/nvidiamapping.h"
#include "install/nvidiaroot.h"
#include "install/prestage.h"
#include "install/statedir.h"
#include "install/toolkitscan.h"
#include "install/trust.h"
#include "platform/elevation.h"
#include "platform/folderaccess.h"
#include "platform/statelock.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <memory>
#include <random>

namespace cudnnsetup {

PathService pathServiceFor(const ToolkitState& toolkit)
{
    PathService s;
    if (const auto file = testhooks::get("CUDNN_SETUP_TEST_SYSTEM_PATH_FILE")) {
        s.system = makeFileSystemPath(*file);
    } else if (toolkit.windowsLayout) {
        s.system = makeWindowsSystemPath();
        if (!s.system) {
            s.state.note = "PATH left alone: " + toolkit.root + " is a Windows-layout toolkit and this is not Windows";
            return s;
        }
    } else {
        s.system = makeLdSoConfPath(testhooks::get("CUDNN_SETUP_LDSOCONF_DIR").value_or("/etc/ld.so.conf.d"),
                                    "cudnn-setup-" + sha256Hex(toolkit.root).substr(0, 12) + ".conf",
                                    testhooks::get("CUDNN_SETUP_LDCONFIG").value_or("/sbin/ldconfig"));
    }
    auto value = s.system->read();
    if (!value) {
        s.state.note = "PATH left alone: " + value.error().message;
        s.system.reset();
        return s;
    }
    s.state.available = true;
    s.state.mechanism = s.system->mechanism();
    s.state.location = s.system->location();
    s.state.value = *value;
    SystemPath* sys = s.system.get();
    s.state.lookup = [sys](std::string_view name) { return sys->lookupVariable(name); };
    return s;
}

std::string newTransactionId()
{
    const auto now = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
    char stamp[32];
    std::strftime(stamp, sizeof stamp, "%Y%m%dT%H%M%SZ", std::gmtime(&now));
    std::random_device rd;
    char tail[16];
    std::snprintf(tail, sizeof tail, "%06x", rd() & 0xffffff);
    return std::string(stamp) + "-" + tail;
}

ExitCode FlowResult::exitCode() const
{
    switch (status) {
    case FlowStatus::Usage: return ExitCode::Usage;
    case FlowStatus::Unrecovered: return ExitCode::NotRolledBack;
    case FlowStatus::BadArchive: return ExitCode::Bad;
    case FlowStatus::Cancelled:
    case FlowStatus::Refused: return ExitCode::RolledBack;
    case FlowStatus::Planned: return plan && !plan->problems.empty() ? ExitCode::RolledBack : ExitCode::Ok;
    case FlowStatus::NothingToDo: return ExitCode::Ok;
    case FlowStatus::Applied: return outcome ? outcome->exitCode() : ExitCode::RolledBack;
    }
    return ExitCode::RolledBack;
}

namespace {

// The journal of a recover needs the PATH service of the toolkit it names.
std::unique_ptr<SystemPath> pathForJournal(FileOps& files, const std::string& stateDir)
{
    auto journal = loadJournal(files, journalPathIn(stateDir));
    if (!journal || !*journal)
        return nullptr;
    ToolkitState t;
    t.root = (*journal)->plan.toolkit;
    t.windowsLayout = true;
    for (const Operation& op : (*journal)->plan.ops)
        if (op.kind == OpKind::PathChange && op.mechanism == PathMechanism::LdSoConf)
            t.windowsLayout = false;
    return std::move(pathServiceFor(t).system);
}

// A prefix about to be made: nothing in it, Linux folders, and no record yet (one left for a
// folder that is gone is refused: it would be taken for the install this one replaces).
Result<ToolkitState> emptyPrefixState(const std::string& prefix, const std::string& stateDir)
{
    ToolkitState t;
    t.root = prefix;
    t.windowsLayout = false;
    auto record = loadRecord(recordPathFor(stateDir, prefix));
    if (!record)
        return record.error();
    if (*record)
        return Error{codes::kNotAToolkit,
                     prefix + " does not exist, but the state folder has an install record for it (" +
                         recordPathFor(stateDir, prefix) + "); remove that record, or choose another prefix.",
                     "record without its prefix"};
    return t;
}

// An NVIDIA root about to be made (install --nvidia-layout): nothing in it, Windows DLLs, and no
// record yet (as emptyPrefixState).
Result<ToolkitState> emptyNvidiaRootState(const std::string& root, const std::string& stateDir)
{
    auto t = emptyPrefixState(root, stateDir);
    if (t)
        t->windowsLayout = true;
    return t;
}

// The v<major>.<minor> an NVIDIA root is named for ("9.19"), from its last component.
std::string releaseOfNvidiaRoot(const std::string& root)
{
    const std::string name = utf8Of(pathOf(root).filename());
    return name.size() > 1 ? name.substr(1) : std::string();
}

FlowResult stop(FlowResult r, FlowStatus status, Problems problems = {})
{
    r.status = status;
    r.problems = std::move(problems);
    return r;
}

FlowResult usage(FlowResult r, const std::string& code, const std::string& message)
{
    return stop(std::move(r), FlowStatus::Usage, {{code, std::nullopt, message}});
}

// The one-pass preparation: a journal naming the work folders, then the folders. Until the
// engine's own journal replaces it, `recover` (or rollBack()) removes them again.
class Preparation {
public:
    Preparation(FileOps& files, std::string stateDir) : m_files(files), m_stateDir(std::move(stateDir)) {}
    ~Preparation() { rollBack(); }

    bool begin(const std::string& root, const std::string& tx)
    {
        const std::string top = root + "/.cudnn-setup";
        m_topExisted = m_files.type(top);
        if (m_topExisted != NodeType::Missing && m_topExisted != NodeType::Directory)
            return false;
        JournalDoc doc;
        Plan& p = doc.plan;
        p.kind = PlanKind::Install;
        p.toolkit = root;
        p.stateDir = m_stateDir;
        p.transactionId = tx;
        p.workDir = top + "/" + tx;
        p.stagingDir = p.workDir + "/staging";
        p.backupDir = p.workDir + "/backup";
        p.recordPath = recordPathFor(m_stateDir, root);
        if (m_topExisted == NodeType::Missing)
            p.ops.push_back({.kind = OpKind::CreateDirectory, .path = top});
        Operation work{.kind = OpKind::CreateDirectory, .path = p.workDir};
        work.workDir = true;
        p.ops.push_back(work);
        // As the engine does: the journal names each folder before it is made (so that a kill
        // between the mkdir and the write that marks it ours still finds it in progress).
        doc.started = 0;
        m_prefix = p.ops;
        m_workDir = p.workDir;
        if (!m_files.createDirectories(m_stateDir) || !writeJournal(m_files, journalPathIn(m_stateDir), doc))
            return false;
        m_active = true;
        for (std::size_t i = 0; i < doc.plan.ops.size(); ++i) {
            if (!m_files.createDirectory(doc.plan.ops[i].path))
                return false;
            doc.plan.ops[i].changed = true;  // ours: journaled before anything is put in it
            doc.started = long(std::min(i + 1, doc.plan.ops.size() - 1));
            if (!writeJournal(m_files, journalPathIn(m_stateDir), doc)) {
                // The journal cannot say it, but this process made the folder (mkdir is exclusive)
                // and put nothing in it: it goes now, not left behind for good.
                (void)m_files.removeDirectory(doc.plan.ops[i].path);
                return false;
            }
        }
        return true;
    }

    void rollBack()
    {
        if (!m_active)
            return;
        m_active = false;
        Engine engine(m_files, nullptr, nullptr);
        (void)engine.recover(m_stateDir);
    }
    // The engine takes over: its first journal write replaces ours.
    void handOver() { m_active = false; }
    // After the engine ran: when it stopped before its first journal write (its state folder
    // could not be made), the journal is still ours and the work folders are still to be undone.
    void afterEngine()
    {
        if (!m_active)
            return;
        auto journal = loadJournal(m_files, journalPathIn(m_stateDir));
        const bool ours = journal && *journal && (*journal)->plan.workDir == m_workDir &&
                          (*journal)->plan.ops.size() == m_prefix.size() &&
                          (*journal)->status == JournalStatus::Applying;
        if (ours)
            rollBack();
        else
            handOver();
    }

    bool active() const { return m_active; }
    NodeType topExisted() const { return m_topExisted; }
    const std::string& workDir() const { return m_workDir; }
    // How many of the plan's first operations are ours, or nullopt when they differ.
    std::optional<std::size_t> prefixOf(const Plan& plan) const
    {
        if (plan.ops.size() < m_prefix.size())
            return std::nullopt;
        for (std::size_t i = 0; i < m_prefix.size(); ++i)
            if (plan.ops[i].kind != m_prefix[i].kind || plan.ops[i].path != m_prefix[i].path)
                return std::nullopt;
        return m_prefix.size();
    }

private:
    FileOps& m_files;
    std::string m_stateDir;
    NodeType m_topExisted = NodeType::Missing;
    std::vector<Operation> m_prefix;
    std::string m_workDir;
    bool m_active = false;
};

FlowResult archiveFlow(PlanKind kind, const std::optional<std::string>& archivePath, const std::string& toolkit,
                       const FlowOptions& o)
{
    FlowResult r;
    r.toolkit = toolkit;
    std::unique_ptr<FileOps> realFiles = o.files ? nullptr : makeRealFileOps();
    FileOps& files = o.files ? *o.files : *realFiles;
    std::error_code ec;
    const bool newPrefix = o.newPrefix && kind == PlanKind::Install;
    // install --nvidia-layout: an NVIDIA cuDNN root, made now when it is not there (install/nvidiaroot.h).
    const bool nvidiaInstall = o.nvidiaLayout && kind == PlanKind::Install;
    std::vector<std::string> createFolders;
    if (nvidiaInstall && !newPrefix &&
        !std::filesystem::exists(std::filesystem::symlink_status(pathOf(toolkit), ec))) {
        r.toolkit = utf8Of(std::filesystem::absolute(pathOf(toolkit), ec));  // not normalised: `..` is refused
        auto made = checkNewNvidiaRoot(r.toolkit);
        if (!made)
            return usage(std::move(r), made.error().code, made.error().message);
        createFolders = *made;
    }
    const bool newNvidiaRoot = !createFolders.empty();
    if (newPrefix) {
        // A standalone prefix is made by this install, never taken over (install/trust.h).
        r.toolkit = std::filesystem::absolute(toolkit, ec).generic_string();  // not normalised: `..` is refused
        if (auto bad = checkNewPrefix(r.toolkit))
            return stop(std::move(r), FlowStatus::Usage, {*bad});
    } else if (newNvidiaRoot) {
        // checked above
    } else if (!std::filesystem::is_directory(toolkit, ec)) {
        return usage(std::move(r), codes::kNotAToolkit,
                     toolkit + " is not a folder. Give the toolkit root (the folder with bin, include, lib).");
    }
    // Already elevated (an administrator's console, root, the helper): this process is the
    // elevated side, and the state folder it trusts is the machine's, made admin-only or verified
    // (every entry in it) before anything in it is read: the record checkInstallRoot reads included.
    if (!o.dryRun && o.applyHere && processHasAdminRights())
        if (auto guard = prepareAdminStateDir(o.stateDir); !guard)
            return usage(std::move(r), guard.error().code, guard.error().message);
    // Nothing is made in a folder that is not a CUDA toolkit or a prefix of ours (not even the work folders).
    if (nvidiaInstall && !newNvidiaRoot) {
        // An existing root by its own rule, also for a dry run: never a toolkit, no link on the way.
        const std::string canonical = utf8Of(std::filesystem::canonical(std::filesystem::absolute(pathOf(toolkit), ec), ec));
        if (auto bad = checkNvidiaRootShape(ec ? toolkit : canonical))
            return stop(std::move(r), FlowStatus::Usage, {*bad});
    } else if (!o.dryRun && !newPrefix && !newNvidiaRoot) {
        const std::string canonical =
            std::filesystem::canonical(std::filesystem::absolute(toolkit, ec), ec).generic_string();
        if (auto bad = checkInstallRoot(canonical, o.stateDir, false))
            return stop(std::move(r), FlowStatus::Usage, {*bad});
        // NVIDIA's installer tree: an install goes there only in its layout (--nvidia-layout).
        if (kind == PlanKind::Install && checkToolkitRoot(canonical) && isNvidiaCudnnRoot(canonical))
            return usage(std::move(r), codes::kNotAToolkit,
                         canonical + " is NVIDIA's cuDNN installer tree, not a CUDA toolkit: install into it in its "
                                     "own layout with --nvidia-layout --cudnn-root, or put one of its variant folders "
                                     "on PATH with use --cudnn-root.");
    }
    // The archive is opened here, once, and every later read of it goes through this handle: a file
    // renamed over its name meanwhile (the user's folder) is never read (docs/install.md, "Bounded reads").
    std::shared_ptr<const OpenedFile> archiveFile = o.archiveFile;
    if (archivePath && !archiveFile) {
        archiveFile = OpenedFile::open(*archivePath, o.asHelper, ec);
        if (!archiveFile)
            return usage(std::move(r), codes::kMissingFile,
                         *archivePath + " cannot be read as the archive (" +
                             (ec == std::errc::too_many_symbolic_link_levels ? std::string("a symbolic link")
                              : ec == std::errc::invalid_argument ? std::string("not a plain file: a device, FIFO or folder")
                                                                  : ec.message()) +
                             "); nothing was changed. Give the archive file itself.");
    }
    // Held until the commit (declared before `prep`, whose undo runs under it too).
    std::unique_ptr<StateLock> lock;
    if (!o.dryRun) {
        auto locked = StateLock::tryAcquire(o.stateDir, o.applyHere);
        if (locked)
            lock = std::move(*locked);
        else if (locked.error().code == codes::kBusy)
            return stop(std::move(r), FlowStatus::Refused, {{codes::kBusy, o.stateDir, locked.error().message}});
        // Otherwise the state folder is not ours to write (the elevated helper will lock it)
        // or not usable at all, which the journal write reports in its own words.
    }
    if (!o.dryRun)
        if ((r.recovered = recoverBeforeChanging(o.stateDir, &files)) && recoverFailed(*r.recovered)) {
            r.outcome = r.recovered;
            return stop(std::move(r), FlowStatus::Unrecovered);
        }
    const std::string absolute = std::filesystem::absolute(toolkit, ec).string();
    const std::string tx = o.transactionId.empty() ? newTransactionId() : o.transactionId;

    Preparation prep(files, o.stateDir);
    std::unique_ptr<Prestager> prestager;
    std::optional<ArchiveInfo> archive;
    if (archivePath || o.verified) {
        // A tarball has no central directory: a hostile entry may come last, after cuDNN files were
        // staged. They only ever go into this transaction's own scan folder (safe names, no link
        // followed), and a failed verification removes the work folder again (Preparation), so the
        // toolkit is untouched either way. A new prefix does not exist yet: two passes there.
        const bool onePass = !o.dryRun && o.applyHere && !o.verified && !newPrefix && !newNvidiaRoot;
        if (onePass) {
            const std::string root = std::filesystem::canonical(absolute, ec).generic_string();
            if (!ec && prep.begin(root, tx))
                prestager = std::make_unique<Prestager>(files, prep.workDir() + "/scan",
                                                        looksLikeTarballFile(*archiveFile));
            else
                prep.rollBack();  // the engine will meet (and report) whatever stopped us
        }
        if (!o.verified) {
            VerifyOptions vo;
            vo.sha256 = o.sha256;
            vo.manifestPath = o.manifestPath;
            vo.manifestRead = o.manifestRead;
            vo.progress = o.progress;
            vo.cancel = o.cancel;
            vo.threads = o.threads;
            if (prestager)
                vo.alsoConsume = [p = prestager.get(), hook = o.hooks.whilePrestaging,
                                  n = std::make_shared<std::atomic<std::size_t>>(0)](const ZipEntryInfo& e) {
                    if (hook)
                        hook(n->fetch_add(1));
                    return p->consumerFor(e);
                };
            r.verify = verifyArchive(archiveFile, vo);
        }
        const VerifyResult& v = o.verified ? *o.verified : *r.verify;
        if (v.cancelled)
            return stop(std::move(r), FlowStatus::Cancelled,
                        {{codes::kCancelled, std::nullopt, "Cancelled; everything done so far was undone."}});
        if (!v.ok() || v.authenticity == Authenticity::Mismatch || !v.layout) {
            Problems p = v.problems;
            if (p.empty())
                p.push_back({codes::kHashMismatch, v.archive,
                             v.archive + " is not the archive its name or the given hash promises (" +
                                 v.authenticityDetail + "); it is not installed."});
            return stop(std::move(r), FlowStatus::BadArchive, std::move(p));
        }
        if (v.authenticity == Authenticity::Unknown && !o.allowUnknown && kind == PlanKind::Install)
            return usage(std::move(r), codes::kUnknownArchive,
                         v.archive + " is intact but its origin cannot be checked (not in the catalog of official "
                                     "hashes). Give --sha256 or --manifest, or --allow-unknown to install it anyway.");
        archive = archiveInfoFrom(v);
        if (newPrefix && !archive->isLinux())
            return usage(std::move(r), codes::kNotAToolkit,
                         v.archive + " is not a Linux tarball; a standalone prefix (--prefix) is only for NVIDIA's "
                                     "Linux tarballs. Install a Windows archive into a CUDA toolkit (--toolkit).");
        if (archive->isLinux()) {
            const std::string root = std::filesystem::canonical(absolute, ec).generic_string();
            placeInLinuxFolders(*archive, linuxFoldersOf(ec ? absolute : root));
        }
    }

    // use --toolkit: the variant folder is the source, read here (by the helper: itself) with no link
    // followed; the root by its own rule and the folder exactly one of its variants'.
    if ((kind == PlanKind::Install || kind == PlanKind::Repair) && o.mergeIntoToolkit) {
        const std::string folder = utf8Of(std::filesystem::canonical(pathOf(o.useFolder), ec));
        const std::string root = ec ? std::string() : nvidiaCudnnRootOf(folder).value_or(std::string());
        if (root.empty())
            return usage(std::move(r), codes::kNotAToolkit,
                         (o.useFolder.empty() ? std::string("No folder") : o.useFolder) +
                             " is not in NVIDIA's cuDNN installer tree (...\\NVIDIA\\CUDNN\\v9.x\\bin\\<cuda>).");
        if (auto bad = checkNvidiaCudnnRoot(root))
            return stop(std::move(r), FlowStatus::Usage, {*bad});
        if (auto bad = o.asHelper ? checkNvidiaVariantFolder(root, folder)
                                  : isNvidiaVariantBin(root, folder)
                                        ? std::nullopt
                                        : std::optional<Problem>(Problem{codes::kNotAToolkit, folder,
                                                                         folder + " is not one of the cuDNN variant folders of " + root + "."}))
            return stop(std::move(r), FlowStatus::Usage, {*bad});
        auto described = describeNvidiaVariant(root, folder);
        if (!described)
            return stop(std::move(r), FlowStatus::BadArchive,
                        {{described.error().code, described.error().detail.empty() ? std::optional<std::string>(folder)
                                                                                    : std::optional(described.error().detail),
                          described.error().message}});
        archive = std::move(*described);
    }

    // NVIDIA's layout: an install with --nvidia-layout, or a repair of an NVIDIA root (or of a root
    // whose record says so): the archive's files moved into the variant's folders (install/nvidiamapping.h).
    std::optional<NvidiaVariantLayout> nvidiaLayout;
    std::string nvidiaVersion;
    const std::string rootNow = newNvidiaRoot ? r.toolkit : utf8Of(std::filesystem::canonical(pathOf(absolute), ec));
    const bool nvidiaRepair =
        kind == PlanKind::Repair && !rootNow.empty() && checkToolkitRoot(rootNow) &&
        (isNvidiaCudnnRoot(rootNow) || recordNamesNvidiaLayout(o.stateDir, rootNow));
    if (archive && (nvidiaInstall || nvidiaRepair)) {
        const std::string shownRoot = pathEntryOf(rootNow);
        if (!archive->platform.starts_with("windows"))
            return usage(std::move(r), codes::kNotAToolkit,
                         archive->path + " is not a Windows archive; NVIDIA's cuDNN layout (" + shownRoot +
                             ") holds Windows DLLs only.");
        const auto release = Version::parse(archive->cudnn);
        const std::string rootRelease = releaseOfNvidiaRoot(rootNow);
        if (!release || std::to_string(release->major) + "." + std::to_string(release->minor) != rootRelease)
            return usage(std::move(r), codes::kVersionMismatch,
                         shownRoot + " is NVIDIA's folder for cuDNN " + rootRelease + ", but " + archive->path +
                             " is cuDNN " + (archive->cudnn.empty() ? std::string("(version unknown)") : archive->cudnn) +
                             "; each release has its own v<major>.<minor> folder. Give that one with --cudnn-root"
                             " (or leave --cudnn-root out on Windows); nothing was changed.");
        std::vector<PresentNvidiaVariant> present = newNvidiaRoot ? std::vector<PresentNvidiaVariant>{}
                                                                  : nvidiaVariantsOf(rootNow);
        auto record = loadRecord(recordPathFor(o.stateDir, rootNow));
        if (nvidiaRepair && record && *record && (*record)->contains("nvidia_layout"))
            nvidiaLayout = nvidiaLayoutFromJson((*record)->at("nvidia_layout"));  // the recorded variant's folders
        if (!nvidiaLayout) {
            const std::optional<int> major =
                archive->buildCudaMajor ? archive->buildCudaMajor : cudaMajorOfText(archive->cuda);
            auto chosen = nvidiaLayoutFor(archive->cudnn, major, present, shownRoot);
            if (!chosen && nvidiaRepair) {
                std::string variants;
                for (const PresentNvidiaVariant& v : present)
                    variants += (variants.empty() ? "" : ", ") + std::string("bin\\") + v.cuda + (v.binX64 ? "\\x64" : "");
                return usage(std::move(r), codes::kCudaMajorMismatch,
                             shownRoot + " has no cuDNN variant for CUDA " +
                                 (major ? std::to_string(*major) : std::string("(unknown)")) + " to repair from " +
                                 archive->path + " (its variants: " + (variants.empty() ? "none" : variants) +
                                 "); give the archive of this release built for a variant's CUDA major.");
            }
            if (!chosen)
                return usage(std::move(r), chosen.error().code, chosen.error().message);
            nvidiaLayout = *chosen;
        }
        for (const PresentNvidiaVariant& v : present)
            if (v.cuda == nvidiaLayout->cuda && v.binX64 == nvidiaLayout->binX64)
                nvidiaVersion = v.version;
        mapIntoNvidiaLayout(*archive, *nvidiaLayout);
    }

    auto state = newPrefix        ? emptyPrefixState(r.toolkit, o.stateDir)
                 : newNvidiaRoot ? emptyNvidiaRootState(r.toolkit, o.stateDir)
                                 : snapshotToolkit(absolute, pathsOfInterest(archive ? &*archive : nullptr, nullptr, absolute),
                                                   o.stateDir, o.dpkgInfoDir, o.rpmDbDir, nvidiaLayout);
    if (!state)
        return usage(std::move(r), state.error().code, state.error().message);
    adoptArchiveLayout(*state, archive ? &*archive : nullptr);
    r.toolkit = state->root;
    if (nvidiaLayout) {
        state->cudnnVersion = nvidiaVersion;
        state->windowsLayout = true;  // NVIDIA's tree is Windows DLLs: the system PATH
    }
    // use: the root by its own rule (also for a dry run) and the folder exactly one of its variants'.
    std::string useFolder;
    if (kind == PlanKind::Use) {
        if (auto bad = checkNvidiaCudnnRoot(state->root))
            return stop(std::move(r), FlowStatus::Usage, {*bad});
        useFolder = utf8Of(std::filesystem::canonical(pathOf(o.useFolder), ec));
        if (ec || !isNvidiaVariantBin(state->root, useFolder)) {
            std::string variants;
            for (const std::string& b : nvidiaVariantBins(state->root))
                variants += (variants.empty() ? "" : ", ") + pathEntryOf(b);
            return usage(std::move(r), codes::kNotAToolkit,
                         (o.useFolder.empty() ? std::string("No folder") : o.useFolder) +
                             " is not one of the cuDNN variant folders of " + state->root +
                             " (the folders that hold cudnn64_*.dll): " + variants + ".");
        }
        state->windowsLayout = true;  // NVIDIA's tree is Windows DLLs: the system PATH
    }
    if (prep.active()) {
        if (prep.workDir().rfind(state->root + "/.cudnn-setup/", 0) != 0) {
            prep.rollBack();
            prestager.reset();
        } else if (prep.topExisted() == NodeType::Missing) {
            // The plan is made as if our work folders were not there yet: they are its first steps.
            state->nodes[".cudnn-setup"] = ExistingNode{};
        }
    }
    PathService path = pathServiceFor(*state);
    const PlanOptions options{o.stateDir, tx, o.noPath, o.includeExtraFiles, newPrefix, nvidiaLayout, createFolders};
    Plan plan = kind == PlanKind::Install  ? planInstall(*archive, *state, path.state, options)
                : kind == PlanKind::Repair ? planRepair(archive, *state, path.state, options)
                : kind == PlanKind::Use    ? planUse(*state, useFolder, o.pathFirst, path.state, options)
                                           : planUninstall(*state, path.state, options);
    if (kind != PlanKind::Install && !plan.problems.empty() && plan.problems[0].code == codes::kNoRecord)
        return usage(std::move(r), codes::kNoRecord, plan.problems[0].message);
    std::optional<std::size_t> prefix = prep.active() ? prep.prefixOf(plan) : std::nullopt;
    if (prep.active() && (!prefix || !plan.problems.empty() || plan.ops.empty() || o.dryRun || !o.applyHere)) {
        prep.rollBack();
        prestager.reset();
        prefix.reset();
    }
    if (prestager)
        plan.cleanup.push_back(prestager->dir());  // entries the plan did not need (kept, identical files)
    // A folder standard users can write must not go on the system search path unnoticed:
    // whatever they plant there is loaded by every program of every user.
    // NVIDIA's tree: the one variant folder `use` adds (its uninstall adds none), by that root's rule.
    const bool nvidiaRoot = !plan.standalonePrefix && checkToolkitRoot(plan.toolkit) && isNvidiaCudnnRoot(plan.toolkit);
    if (nvidiaRoot && kind == PlanKind::Use && !plan.ops.empty())
        if (auto bad = checkNvidiaVariantFolder(plan.toolkit, plan.useFolder)) {
            if (o.asHelper)
                plan.problems.push_back(std::move(*bad));
            else if (bad->code == codes::kSearchPathWritable)
                plan.warnings.push_back(std::move(*bad));
        }
    // NVIDIA's layout: the variant's bin folder goes on PATH, so the root (or, for one made now, the
    // folder it is made in) must be changeable by administrators only, as for a toolkit.
    if (plan.nvidiaLayout && plan.kind != PlanKind::Use)
        for (const Operation& op : plan.ops) {
            if (op.kind != OpKind::PathChange || !op.after || op.after == op.before)
                continue;
            std::filesystem::path at = pathOf(plan.toolkit);
            while (at.has_relative_path() && !std::filesystem::exists(std::filesystem::symlink_status(at, ec)))
                at = at.parent_path();
            if (std::string who; writableByNonAdmins(at, &who)) {
                Problem bad{codes::kSearchPathWritable, pathEntryOf(plan.toolkit + "/" + plan.nvidiaLayout->binDir()),
                            pathEntryOf(plan.toolkit + "/" + plan.nvidiaLayout->binDir()) +
                                " would go on the system search path, but " + who +
                                ": anything planted there would be loaded by every program of every user. Make it "
                                "writable by administrators only (as %ProgramFiles% is), or install with --no-path."};
                if (o.asHelper)
                    plan.problems.push_back(std::move(bad));
                else
                    plan.warnings.push_back(std::move(bad));
            }
        }
    for (const Operation& op : plan.ops) {
        if (nvidiaRoot || plan.nvidiaLayout || op.kind != OpKind::PathChange || !op.after)
            continue;
        std::vector<std::string> dirs;
        if (op.mechanism == PathMechanism::LdSoConf)
            dirs.push_back(plan.toolkit + "/lib64");
        else
            for (const char* rel : {"/bin", "/bin/x64"})
                if (files.type(plan.toolkit + rel) == NodeType::Directory)
                    dirs.push_back(plan.toolkit + rel);
        for (const std::string& d : dirs)
            if (auto bad = checkSearchPathFolder(d, plan.toolkit, plan.standalonePrefix)) {
                // The helper refuses; a user's own install is told (only about who can write it).
                if (o.asHelper)
                    plan.problems.push_back(std::move(*bad));
                else if (bad->code == codes::kSearchPathWritable)
                    plan.warnings.push_back(std::move(*bad));
            }
    }
    r.planDigest = planDigest(plan);
    r.plan = plan;
    if (!o.dryRun && plan.problems.empty() && !plan.ops.empty()) {
        // The same checks a journal passes before its undo (install/trust.h): made here, so true
        // by construction, but they are what an elevated process may do, and this may be one.
        if (createsNvidiaRoot(plan)) {
            if (auto made = checkNewNvidiaRoot(plan.toolkit); !made)
                return usage(std::move(r), made.error().code, made.error().message);
        } else if (plan.nvidiaLayout && plan.kind == PlanKind::Install) {
            if (auto bad = checkNvidiaRootShape(plan.toolkit))
                return stop(std::move(r), FlowStatus::Usage, {*bad});
        } else if (auto bad = checkInstallRoot(plan.toolkit, o.stateDir, createsPrefix(plan))) {
            return stop(std::move(r), FlowStatus::Usage, {*bad});
        }
        Problems unsafe = checkPlanInvariants(plan, o.stateDir, path.state.available ? path.state.location : "");
        if (!unsafe.empty())
            return stop(std::move(r), FlowStatus::Usage, std::move(unsafe));
    }
    // A plan the helper refuses anyway says why (a toolkit it will not put on the search path)
    // rather than that it differs from the one reviewed.
    if (o.reviewedDigest && *o.reviewedDigest != r.planDigest && plan.problems.empty())
        return stop(std::move(r), FlowStatus::Refused,
                    {{codes::kPlanChanged, r.toolkit,
                      "The toolkit or the archive changed since you reviewed the plan for " + r.toolkit +
                          "; nothing was changed. Review the plan again and confirm it."}});
    if (o.dryRun)
        return stop(std::move(r), FlowStatus::Planned);
    // A refusal with nothing planned (NVIDIA's files of another release in the variant folder, a
    // second `use`) is still a refusal, not "nothing to do".
    if (!plan.problems.empty())
        return stop(std::move(r), FlowStatus::Refused, plan.problems);
    if (plan.ops.empty())
        return stop(std::move(r), FlowStatus::NothingToDo);
    if (!o.applyHere)
        return stop(std::move(r), FlowStatus::Planned);

    std::unique_ptr<StagingSource> source =
        prestager                                      ? prestager->source(r.verify->sha256)
        : plan.archive && isNvidiaFolderSource(*plan.archive) ? makeFolderStagingSource()
                                                       : makeArchiveStagingSource(o.threads, archiveFile);
    r.stagedWhileVerifying = prestager != nullptr;
    Engine engine(files, path.system.get(), source.get());
    engine.setHooks(o.hooks);
    r.outcome = engine.apply(std::move(plan), o.cancel, o.progress, prefix.value_or(0));
    prep.afterEngine();
    // The machine's side tells deployment tools what is installed now (install/machinesummary.h);
    // a user's own install does not speak for the machine.
    if (r.outcome->ok && (o.asHelper || processHasAdminRights()))
        if (auto published = publishMachineSummary(o.stateDir, files); !published)
            r.outcome->warnings.push_back({published.error().code, std::nullopt, published.error().message});
    return stop(std::move(r), FlowStatus::Applied);
}

}  // namespace

FlowResult installArchive(const std::string& archive, const std::string& toolkit, const FlowOptions& options)
{
    return archiveFlow(PlanKind::Install, archive, toolkit, options);
}

FlowResult repairToolkit(const std::string& toolkit, const std::optional<std::string>& archive,
                         const FlowOptions& options)
{
    std::optional<std::string> from = archive;
    FlowOptions o = options;
    o.allowUnknown = true;  // repair restores the recorded bytes: their hashes are the check
    if (!o.verified && !o.sha256) {
        std::error_code ec;
        auto state = snapshotToolkit(std::filesystem::absolute(toolkit, ec).string(), {}, o.stateDir);
        if (state && state->record) {
            const auto& rec = state->record->at("archive");
            const std::string recorded = rec.value("path", std::string());
            // A caller that names the folder (the elevated helper) names the record's, or nothing is read.
            if (o.mergeIntoToolkit && (rec.value("authenticity", std::string()) != kNvidiaInstallerSource ||
                                       o.useFolder != recorded)) {
                FlowResult refused;
                refused.toolkit = toolkit;
                refused.problems.push_back({codes::kNotAToolkit, o.useFolder,
                                            o.useFolder + " is not the NVIDIA cuDNN folder the install record of " +
                                                toolkit + " names as its source; nothing was changed."});
                return refused;  // FlowStatus::Usage
            }
            // Merged from NVIDIA's variant folder (use --toolkit): the bytes come from that folder again,
            // described afresh (install/foldersource.h); the record's hashes are the check, as for a zip.
            if (!from && rec.value("authenticity", std::string()) == kNvidiaInstallerSource &&
                !filesNeedingRepair(*state).empty()) {
                o.mergeIntoToolkit = true;
                o.useFolder = recorded;
            }
            // Without --archive: the recorded archive, if it is still there and still hashes the same.
            if (!from && !filesNeedingRepair(*state).empty() && std::filesystem::is_regular_file(recorded, ec)) {
                from = recorded;
                o.sha256 = rec.value("sha256", std::string());
            } else if (from && *from == recorded) {
                // The recorded archive named again (the elevated helper's intent carries the plan's
                // archive, not the hash): checked against the same recorded hash, so that the
                // helper's plan (authenticity included) is the one that was reviewed.
                o.sha256 = rec.value("sha256", std::string());
            }
        }
    }
    return archiveFlow(PlanKind::Repair, from, toolkit, o);
}

FlowResult uninstallToolkit(const std::string& toolkit, const FlowOptions& options)
{
    FlowOptions o = options;
    o.verified = nullptr;
    return archiveFlow(PlanKind::Uninstall, std::nullopt, toolkit, o);
}

FlowResult useNvidiaCudnn(const std::string& root, const FlowOptions& options)
{
    FlowOptions o = options;
    o.verified = nullptr;
    // Merged into a toolkit: an install whose source is the variant folder (no archive, no --nvidia-layout).
    if (o.mergeIntoToolkit) {
        o.nvidiaLayout = false;
        o.newPrefix = false;
        return archiveFlow(PlanKind::Install, std::nullopt, root, o);
    }
    return archiveFlow(PlanKind::Use, std::nullopt, root, o);
}

FlowResult runFlow(PlanKind kind, const std::string& archive, const std::string& toolkit, const FlowOptions& options)
{
    switch (kind) {
    case PlanKind::Install: return installArchive(archive, toolkit, options);
    case PlanKind::Repair:
        return repairToolkit(toolkit, archive.empty() ? std::nullopt : std::optional(archive), options);
    case PlanKind::Use: return useNvidiaCudnn(toolkit, options);
    case PlanKind::Uninstall: break;
    }
    return uninstallToolkit(toolkit, options);
}

namespace {

Outcome recoverLocked(const std::string& stateDir, const std::optional<std::string>& toolkit, FileOps* files)
{
    std::unique_ptr<FileOps> real = files ? nullptr : makeRealFileOps();
    FileOps& f = files ? *files : *real;
    std::unique_ptr<SystemPath> sys = pathForJournal(f, stateDir);
    // A journal is a file: validated exactly like a plan before any of its undo runs.
    if (auto journal = loadJournal(f, journalPathIn(stateDir)); journal && *journal) {
        Problems unsafe = checkPlanInvariants((*journal)->plan, stateDir, sys ? sys->location() : std::string(),
                                              (*journal)->status == JournalStatus::Committed);
        if (!unsafe.empty()) {
            Outcome out;
            out.problems.push_back({codes::kUnsafePlan, journalPathIn(stateDir),
                                    "The journal " + journalPathIn(stateDir) +
                                        " asks for changes cudnn-setup never makes; nothing of it was undone. "
                                        "It was not written by cudnn-setup: check the state folder, then delete it."});
            out.problems.insert(out.problems.end(), unsafe.begin(), unsafe.end());
            return out;
        }
    }
    Engine engine(f, sys.get(), nullptr);
    return engine.recover(stateDir, toolkit);
}

}  // namespace

Outcome recoverInterrupted(const std::string& stateDir, const std::optional<std::string>& toolkit, FileOps* files)
{
    // As root: the machine's folder only, verified with every entry before its journal is read
    // (one a user chose, or planted a journal or record in, is refused and left as it is).
    std::error_code ec;
    if (processHasAdminRights() && std::filesystem::exists(std::filesystem::symlink_status(stateDir, ec)))
        if (auto guard = prepareAdminStateDir(stateDir); !guard) {
            Outcome refused;
            refused.problems.push_back({guard.error().code, stateDir, guard.error().message});
            return refused;
        }
    auto lock = StateLock::tryAcquire(stateDir, false);  // no folder: no journal either
    if (!lock && lock.error().code == codes::kBusy) {
        Outcome busy;
        busy.problems.push_back({codes::kBusy, stateDir, lock.error().message});
        return busy;
    }
    return recoverLocked(stateDir, toolkit, files);
}

std::optional<Outcome> recoverBeforeChanging(const std::string& stateDir, FileOps* files)
{
    std::unique_ptr<FileOps> real = files ? nullptr : makeRealFileOps();
    FileOps& f = files ? *files : *real;
    if (f.type(journalPathIn(stateDir)) == NodeType::Missing)
        return std::nullopt;
    return recoverLocked(stateDir, std::nullopt, &f);
}

bool recoverFailed(const Outcome& recovered)
{
    return !recovered.notRestored.empty() || !recovered.problems.empty();
}

}  // namespace cudnnsetup
