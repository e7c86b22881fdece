#include "machineservice.h"

#include "cudnninstalltext.h"
#include "problemtext.h"

#include <QDir>

#include "detect/compat.h"
#include "detect/detector.h"
#include "install/fileops.h"
#include "install/foldersource.h"
#include "install/interrupted.h"
#include "install/journal.h"
#include "install/plan.h"
#include "install/statedir.h"
#include "install/toolkitscan.h"
#include "platform/elevation.h"
#include "platform/environment.h"
#include "platform/registry.h"

#include <QFileInfo>

namespace cudnnsetup::wizard {

namespace {

QString q(const std::string& s)
{
    return QString::fromStdString(s);
}

ProblemView view(const Problem& p)
{
    return ProblemText::describe(q(p.code), p.path ? q(*p.path) : QString(), q(p.message));
}

QString sourceText(const std::string& s)
{
    if (s == "--root")
        return MachineService::tr("chosen by you");
    if (s == "registry")
        return MachineService::tr("registry");
    return q(s);
}

MachineView toView(const DetectResult& r)
{
    MachineView m;
    m.detected = true;
    switch (r.driver.state) {
    case DriverInfo::State::Present:
        m.driverVersion = q(r.driver.version.value_or(std::string()));
        m.driverText = MachineService::tr("NVIDIA driver %1 (supports CUDA up to %2)")
                           .arg(m.driverVersion.isEmpty() ? MachineService::tr("of unknown version") : m.driverVersion,
                                r.driver.cudaVersion ? q(cudaVersionText(*r.driver.cudaVersion)) : QStringLiteral("?"));
        break;
    case DriverInfo::State::Stub:
        m.driverText = MachineService::tr("No NVIDIA driver: only the toolkit's stub library was found (%1).")
                           .arg(q(r.driver.library));
        break;
    case DriverInfo::State::None:
        m.driverText = MachineService::tr("No NVIDIA driver found. cuDNN can be installed, but it cannot run "
                                          "until the NVIDIA display driver is installed.");
        break;
    }
    for (const Toolkit& tk : r.toolkits) {
        ToolkitView t;
        t.path = QDir::toNativeSeparators(q(tk.path));
        t.version = q(tk.versionText);
        t.layout = q(tk.layout);
        for (const std::string& s : tk.sources)
            if (!t.sources.contains(sourceText(s)))
                t.sources << sourceText(s);
        if (tk.cudnn.present)
            t.cudnnVersion = tk.cudnn.version ? q(tk.cudnn.version->toString()) : MachineService::tr("unknown version");
        t.cudnnComplete = tk.cudnn.complete;
        for (const Problem& p : tk.cudnn.problems)
            t.problems << view(p);
        m.toolkits << t;
    }
    for (const CudnnCopy& c : r.copies) {
        const QString line = QStringLiteral("%1 — %2 — %3")
                                 .arg(q(c.path), c.version ? q(*c.version) : QStringLiteral("?"), q(c.origin));
        if (c.wins && m.cudnnLoaded.isEmpty())
            m.cudnnLoaded = line;
        if (c.wins)
            m.cudnnCopies.prepend(line);
        else
            m.cudnnCopies << line;
    }
    m.cudnnInstalls = CudnnInstallText::describe(r);
    for (const Problem& p : r.problems)
        m.diagnosis << view(p);
    for (const Problem& p : r.warnings)
        m.diagnosis << view(p);
    m.pythonEnvironments = int(r.pythonEnvironments.size());
    m.coreFrameworks = std::make_shared<const std::vector<FrameworkVerdict>>(r.frameworks);
    for (const FrameworkVerdict& f : r.frameworks) {
        FrameworkView v;
        v.title = q(f.package) + QLatin1Char(' ') + q(f.version);
        v.environment = q(f.environmentKind) + QLatin1Char(' ') + QDir::toNativeSeparators(q(f.environment));
        v.loads = f.loads ? QDir::toNativeSeparators(q(*f.loads)) : QString();
        v.state = f.severity == "problem"   ? CheckState::Failed
                  : f.severity == "warning" ? CheckState::Warning
                  : f.severity == "ok"      ? CheckState::Passed
                                            : CheckState::Skipped;
        v.verdict = ProblemText::describe(q(f.code), v.title + QStringLiteral(" (") + v.environment + QLatin1Char(')'),
                                          q(f.message));
        m.frameworks << v;
    }
    return m;
}

// The "use" record of an NVIDIA root (install/planuse.cpp), in the user's state folder or the
// helper's (where the apply ran elevated); nullopt when there is none.
std::optional<UseRecordView> useRecordOf(const QString& root, const std::string& dir, const MachineView& m)
{
    const std::string canonical = QFileInfo(root).canonicalFilePath().toStdString();
    if (canonical.empty())
        return std::nullopt;
    for (const std::string& d : {dir, elevatedStateDirFor(dir)}) {
        const std::string path = recordPathFor(d, canonical);
        if (!QFileInfo::exists(q(path)))
            continue;
        auto loaded = loadRecord(path);
        if (!loaded || !loaded->has_value())
            continue;
        const nlohmann::json& record = **loaded;
        if (record.value("kind", std::string()) != "use" || !record.contains("use") || !record["use"].is_object())
            continue;
        const nlohmann::json& use = record["use"];
        UseRecordView u;
        u.root = root;
        u.folder = QDir::toNativeSeparators(q(use.value("folder", std::string())));
        u.variantFolder = QDir::toNativeSeparators(QDir(QDir::fromNativeSeparators(root)).relativeFilePath(
            QDir::fromNativeSeparators(u.folder)));
        u.release = QFileInfo(QDir::fromNativeSeparators(root)).fileName().mid(1);  // "v9.19" -> "9.19"
        u.first = use.value("position", std::string()) == "first";
        for (const CudnnInstallView& v : m.cudnnInstalls)
            if (QFileInfo(v.binDir).canonicalFilePath() == QFileInfo(u.folder).canonicalFilePath())
                u.builtWith = v.builtWith;
        return u;
    }
    return std::nullopt;
}

// Install records (what maintenance can undo) and an unfinished journal (what to recover first).
void addInstallState(MachineView& m, const QString& stateDir)
{
    const std::string dir = stateDir.toStdString();
    QStringList roots;
    for (const CudnnInstallView& v : m.cudnnInstalls)
        if (v.origin == QLatin1String("NVIDIA installer") && !roots.contains(v.root))
            roots << v.root;
    for (const QString& root : roots)
        if (auto u = useRecordOf(root, dir, m))
            m.useRecords << *u;
    auto elevator = makeElevator();
    for (ToolkitView& t : m.toolkits) {
        const QString canonical = QFileInfo(t.path).canonicalFilePath();
        // A toolkit only the helper may change has its record in the helper's state folder.
        const std::string recordDir =
            elevator->needed({canonical.toStdString(), dir}) ? elevatedStateDirFor(dir) : dir;
        const std::string record = canonical.isEmpty() ? std::string() : recordPathFor(recordDir, canonical.toStdString());
        t.hasRecord = !record.empty() && QFileInfo::exists(q(record));
        if (t.hasRecord)
            if (auto loaded = loadRecord(record); loaded && loaded->has_value() && (**loaded)["archive"].is_object()) {
                const nlohmann::json& source = (**loaded)["archive"];
                if (source.value("authenticity", std::string()) == kNvidiaInstallerSource) {
                    t.nvidiaFolder = QDir::toNativeSeparators(q(source.value("path", std::string())));
                    // "9.19.0.56" -> "9.19": the release NVIDIA's folder (v9.19) is named by.
                    const nlohmann::json& release = (**loaded)["release"];
                    const QString cudnn = release.is_object() ? q(release.value("cudnn", std::string())) : QString();
                    t.nvidiaRelease = cudnn.section(QLatin1Char('.'), 0, 1);
                }
            }
    }
    auto files = makeRealFileOps();
    const auto interrupted = findInterrupted(dir, *elevator);
    auto journal = loadJournal(*files, journalPathIn(interrupted ? interrupted->stateDir : dir));
    if (!journal) {
        m.interruptedTransaction = true;
        m.interruptedText = q(journal.error().message);
    } else if (*journal && (*journal)->status != JournalStatus::Committed) {
        m.interruptedTransaction = true;
        m.interruptedText = MachineService::tr("%1 in %2, %3")
                                .arg(q(std::string(toString((*journal)->plan.kind))),
                                     QDir::toNativeSeparators(q((*journal)->plan.toolkit)),
                                     q(std::string(toString((*journal)->status))));
    }
}

}  // namespace

Task<MachineView>* MachineService::detect(const MachineRequest& request, QObject* parent)
{
    auto* task = new Task<MachineView>(parent);
    std::vector<std::string> roots;
    for (const QString& r : request.extraRoots)
        roots.push_back(QDir::toNativeSeparators(r).toStdString());
    task->start([roots, request](TaskContext&) {
        try {
            const auto env = request.environment ? request.environment() : hostEnvironment();
            const auto reg = request.registry ? request.registry() : hostRegistry();
            DetectOptions opts;
            opts.find.roots = roots;
            opts.find.scanSystem = request.scanSystem;
            // Windows rules where the machine is Windows: this host, or the one a test describes.
            opts.find.windowsRules = env->windowsRules();
            const DetectResult result = cudnnsetup::detect(opts, *env, *reg);
            MachineView m = toView(result);
            m.profileMarkdown = QString::fromStdString(toMarkdown(result));
            m.profileJson = QByteArray::fromStdString(toJson(result).dump());
            addInstallState(m, request.stateDir);
            return m;
        } catch (const std::exception& e) {
            MachineView m;
            m.error = tr("Looking at this computer failed: %1").arg(QString::fromUtf8(e.what()));
            return m;
        }
    });
    return task;
}

void MachineService::rate(MachineView& machine, const ArchiveReport& archive)
{
    const CompatRules& rules = CompatRules::builtin();
    const auto cudnn = Version::parse(archive.cudnnVersion.toStdString());
    const auto archiveCuda = parseCudaVersion(archive.cudaVersion.toStdString());
    for (ToolkitView& t : machine.toolkits) {
        t.compatibility = Compatibility::Unknown;
        if (!cudnn) {
            t.compatibilityReason = tr("Not checked: choose and verify an archive first.");
            continue;
        }
        const auto builds = rules.buildsFor(*cudnn);
        const auto tk = parseCudaVersion(t.version.toStdString());
        if (builds.empty()) {
            t.compatibilityReason = tr("cuDNN %1 is not in the compatibility table; nothing is known about it.")
                                        .arg(archive.cudnnVersion);
            continue;
        }
        if (!tk) {
            t.compatibilityReason = tr("The CUDA version of this toolkit is unknown (no version.json, version.txt "
                                       "or cuda_runtime_api.h).");
            continue;
        }
        const CudnnBuild* build = nullptr;
        for (const CudnnBuild& b : builds)
            if (archiveCuda ? b.cudaMajor == archiveCuda->major : b.cudaMajor == tk->major)
                build = &b;
        const QString tkText = QStringLiteral("%1.%2").arg(tk->major).arg(tk->minor);
        const QString head = build ? tr("cuDNN %1 for CUDA %2.x").arg(archive.cudnnVersion).arg(build->cudaMajor)
                                   : tr("cuDNN %1 for CUDA %2").arg(archive.cudnnVersion, archive.cudaVersion);
        if (!build || build->cudaMajor != tk->major) {
            t.compatibility = Compatibility::Incompatible;
            t.compatibilityReason = tr("%1 — does not work with CUDA %2 (another major version). "
                                       "Download the cuDNN build for CUDA %3.x.")
                                        .arg(head, tkText)
                                        .arg(tk->major);
            continue;
        }
        const auto lo = parseCudaVersion(build->cudaMin), hi = parseCudaVersion(build->cudaMax);
        const bool below = lo && Version{tk->major, tk->minor, 0, -1} < Version{lo->major, lo->minor, 0, -1};
        const bool above = hi && Version{tk->major, tk->minor, 0, -1} > Version{hi->major, hi->minor, 0, -1};
        QString reason;
        if (below) {
            t.compatibility = Compatibility::Incompatible;
            reason = tr("%1 — needs CUDA %2 or later; this toolkit is %3.").arg(head, q(build->cudaMin), tkText);
        } else if (above) {
            t.compatibility = Compatibility::Warning;
            reason = tr("%1 — tested up to CUDA %2; %3 is newer in the same major version and usually works.")
                         .arg(head, q(build->cudaMax), tkText);
        } else {
            t.compatibility = Compatibility::Compatible;
            reason = tr("%1 — compatible with %2").arg(head, tkText);
        }
        const bool windows = t.layout == QLatin1String("windows");
        if (const auto need = rules.minDriver(Version{tk->major, tk->minor, 0, -1}, windows)) {
            if (machine.driverVersion.isEmpty()) {
                reason += QStringLiteral("; ") + tr("driver %1 required, none installed").arg(q(*need));
                if (t.compatibility == Compatibility::Compatible)
                    t.compatibility = Compatibility::Warning;
            } else if (compareDriverVersions(machine.driverVersion.toStdString(), *need) < 0) {
                reason += QStringLiteral("; ") + tr("driver %1 required, %2 installed — update the driver")
                                                     .arg(q(*need), machine.driverVersion);
                if (t.compatibility == Compatibility::Compatible)
                    t.compatibility = Compatibility::Warning;
            } else {
                reason += QStringLiteral("; ") + tr("driver %1 required, %2 installed").arg(q(*need), machine.driverVersion);
            }
        }
        t.compatibilityReason = reason;
    }
}

}  // namespace cudnnsetup::wizard
