#include "session.h"

#include "archiveservice.h"
#include "consoletwin.h"
#include "machineservice.h"
#include "problemtext.h"
#include "reportwriter.h"
#include "validateservice.h"

#include "download/licence.h"
#include "install/statedir.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSaveFile>
#include <QStandardPaths>

namespace cudnnsetup::wizard {

Session::Session(SessionConfig config, QObject* parent) : QObject(parent), m_config(std::move(config))
{
    if (m_config.stateDir.isEmpty())
        m_config.stateDir = QString::fromStdString(cudnnsetup::defaultStateDir());  // the CLI's rule, same records
    if (m_config.logDir.isEmpty())
        m_config.logDir = QStandardPaths::writableLocation(QStandardPaths::AppLocalDataLocation) + QStringLiteral("/logs");
}

Session::~Session() = default;

void Session::detect()
{
    if (detecting())
        return;
    MachineRequest request;
    request.extraRoots = m_config.extraToolkitRoots;
    request.scanSystem = m_config.scanSystem;
    request.stateDir = m_config.stateDir;
    request.environment = m_config.environment;
    request.registry = m_config.registry;
    m_detectTask = MachineService::detect(request, this);
    connect(m_detectTask, &TaskBase::finished, this, [this, task = m_detectTask.data()] {
        m_machine = task->result();
        MachineService::rate(m_machine, m_archive);
        task->deleteLater();
        emit machineChanged();
    });
}

bool Session::detecting() const
{
    return m_detectTask && m_detectTask->isRunning();
}

bool Session::maintenanceAvailable() const
{
    for (const ToolkitView& t : m_machine.toolkits)
        if (t.hasRecord || !t.cudnnVersion.isEmpty())
            return true;
    for (const CudnnInstallView& v : m_machine.cudnnInstalls)
        if (v.canUse)
            return true;
    return !m_machine.useRecords.isEmpty();
}

void Session::chooseUse(int index, bool first, const QString& mergeInto)
{
    if (index < 0 || index >= m_machine.cudnnInstalls.size() || !m_machine.cudnnInstalls[index].canUse)
        return;
    m_use = m_machine.cudnnInstalls[index];
    m_useChosen = true;
    // "Put it first" is about PATH order: a copy into a toolkit puts the toolkit's own folder on PATH.
    m_usePathFirst = first && mergeInto.isEmpty();
    m_useMergeInto = mergeInto;
    m_plan = {};
    m_operation = Operation::Use;
    if (!mergeInto.isEmpty()) {
        // Review lists the files relative to it, and Maintenance selects it afterwards.
        setToolkit(mergeInto);
        log(QStringLiteral("use: %1 (cuDNN %2, CUDA %3) copied into %4")
                .arg(m_use.binDir, m_use.version, m_use.builtWith, mergeInto));
        return;
    }
    log(QStringLiteral("use: %1 (cuDNN %2, CUDA %3) on PATH%4")
            .arg(m_use.binDir, m_use.version, m_use.builtWith, first ? QStringLiteral(", first") : QString()));
}

void Session::clearUse()
{
    if (!m_useChosen)
        return;
    m_useChosen = false;
    m_plan = {};
    if (m_operation == Operation::Use)
        m_operation = Operation::Install;
}

const UseRecordView* Session::selectedUseRecord() const
{
    if (m_toolkit.isEmpty())
        return nullptr;
    for (const UseRecordView& u : m_machine.useRecords)
        if (samePath(u.root, m_toolkit))
            return &u;
    return nullptr;
}

QStringList Session::discoverArchives() const
{
    return ArchiveService::discover(m_config.searchFolders);
}

void Session::verifyArchive(const QString& path, const QString& sha256)
{
    if (m_verifyTask) {
        m_verifyTask->disconnect(this);
        m_verifyTask->cancel();
        m_verifyTask->deleteLater();  // its destructor waits for the (cancelled) work
    }
    m_archivePath = path;
    m_archive = {};
    m_archive.path = path;
    m_trusted = false;
    m_includeExtraFiles = false;
    log(QStringLiteral("verify %1").arg(path));
    m_verifyTask = ArchiveService::verify(path, sha256, m_config.manifest, this);
    connect(m_verifyTask, &TaskBase::progressChanged, this, &Session::verifyProgress);
    connect(m_verifyTask, &TaskBase::finished, this, [this, task = m_verifyTask.data(), expected = !sha256.isEmpty()] {
        m_archive = task->result();
        // The expected hash came with a download, not from the user: say whose it is.
        if (expected && m_archive.authenticity == QLatin1String("user") && m_archive.checks.size() > 1)
            m_archive.checks[1].summary = tr("Matches the SHA-256 in the release manifest it was downloaded with.");
        log(QStringLiteral("verify result: ok=%1 authenticity=%2 problems=%3 cancelled=%4 %5")
                .arg(m_archive.ok)
                .arg(m_archive.authenticity)
                .arg(m_archive.problems.size())
                .arg(m_archive.cancelled)
                .arg(m_archive.error));
        MachineService::rate(m_machine, m_archive);
        emit verifyFinished();
        emit trustChanged();
    });
}

void Session::cancelVerify()
{
    if (m_verifyTask)
        m_verifyTask->cancel();
}

bool Session::verifying() const
{
    return m_verifyTask && m_verifyTask->isRunning();
}

DownloadRequest Session::downloadRequest() const
{
    DownloadRequest r;
    r.source = m_config.downloadSource;
    r.caFile = m_config.downloadCaFile;
    r.folder = m_config.downloadFolder;
    r.platform = m_config.downloadPlatform;
    r.cudaMajor = m_downloadCudaMajor;
    r.driver = m_machine.driverVersion;
    r.frameworks = m_machine.coreFrameworks;
    for (const ToolkitView& t : m_machine.toolkits)
        if (!m_downloadToolkit.isEmpty() && samePath(t.path, m_downloadToolkit))
            r.toolkitVersion = t.version;
    return r;
}

void Session::chooseDownload(const QString& toolkit, int cudaMajor)
{
    if (m_chooseTask) {
        m_chooseTask->disconnect(this);
        m_chooseTask->cancel();
        m_chooseTask->deleteLater();
    }
    m_downloadToolkit = toolkit;
    m_downloadCudaMajor = toolkit.isEmpty() ? cudaMajor : 0;
    m_downloadChoice = {};
    m_download = {};
    // The download is for this toolkit: the Toolkit page starts with it selected.
    if (!toolkit.isEmpty())
        setToolkit(toolkit);
    const DownloadRequest r = downloadRequest();
    log(QStringLiteral("download: choose for %1 (CUDA %2) from %3")
            .arg(toolkit.isEmpty() ? QStringLiteral("CUDA %1").arg(cudaMajor) : toolkit, r.toolkitVersion,
                 r.source.isEmpty() ? QStringLiteral("NVIDIA") : r.source));
    m_chooseTask = DownloadService::choose(r, this);
    connect(m_chooseTask, &TaskBase::finished, this, [this, task = m_chooseTask.data()] {
        m_downloadChoice = task->result();
        log(m_downloadChoice.ok ? QStringLiteral("download: chose %1 — %2").arg(m_downloadChoice.fileName, m_downloadChoice.reason)
                                : QStringLiteral("download: no choice: %1 %2").arg(m_downloadChoice.problem.code,
                                                                                   m_downloadChoice.problem.message));
        task->deleteLater();
        emit downloadChoiceFinished();
    });
}

bool Session::choosingDownload() const
{
    return m_chooseTask && m_chooseTask->isRunning();
}

QString Session::licenceAcceptedOn() const
{
    const auto accepted = recordedLicenceAcceptance(m_config.stateDir.toStdString());
    return accepted ? QString::fromStdString(accepted->date) : QString();
}

bool Session::acceptLicence(QString* error)
{
    auto recorded = recordLicenceAcceptance(m_config.stateDir.toStdString());
    if (!recorded) {
        *error = ProblemText::describe(QString::fromStdString(recorded.error().code), {},
                                       QString::fromStdString(recorded.error().message)).message;
        log(QStringLiteral("licence: not recorded: %1").arg(*error));
        return false;
    }
    log(QStringLiteral("licence: %1 (%2) accepted on %3, recorded in %4")
            .arg(QString::fromUtf8(kCudnnLicenceName), QString::fromUtf8(kCudnnLicenceUrl),
                 QString::fromStdString(recorded->date),
                 QString::fromStdString(licenceRecordPath(m_config.stateDir.toStdString()))));
    return true;
}

QString Session::downloadFolder() const
{
    return DownloadService::folderFor(downloadRequest());
}

void Session::startDownload()
{
    // Nothing of NVIDIA's software is fetched before its licence is accepted (and recorded).
    if (downloading() || !m_downloadChoice.ok || licenceAcceptedOn().isEmpty())
        return;
    if (m_downloadTask)
        m_downloadTask->deleteLater();
    m_download = {};
    log(QStringLiteral("download: %1 into %2").arg(m_downloadChoice.fileName, downloadFolder()));
    m_downloadTask = DownloadService::download(downloadRequest(), m_downloadChoice.core, this);
    connect(m_downloadTask, &TaskBase::progressChanged, this, &Session::downloadProgress);
    connect(m_downloadTask, &TaskBase::logLines, this, [this](const QStringList& lines) {
        for (const QString& l : lines)
            log(l);
    });
    connect(m_downloadTask, &TaskBase::finished, this, [this, task = m_downloadTask.data()] {
        m_download = task->result();
        log(m_download.ok ? QStringLiteral("download: done: %1 (already there: %2, resumed from %3 bytes)")
                                .arg(m_download.path)
                                .arg(m_download.alreadyThere)
                                .arg(m_download.resumedFrom)
                          : QStringLiteral("download: stopped: %1 %2").arg(m_download.problem.code, m_download.problem.message));
        emit downloadFinished();
    });
}

void Session::cancelDownload()
{
    if (m_downloadTask) {
        log(QStringLiteral("download: cancel requested"));
        m_downloadTask->cancel();
    }
}

bool Session::downloading() const
{
    return m_downloadTask && m_downloadTask->isRunning();
}

void Session::setTrusted(bool trusted)
{
    if (m_trusted == trusted)
        return;
    m_trusted = trusted;
    log(QStringLiteral("user trusts unknown archive: %1").arg(trusted));
    emit trustChanged();
}

void Session::setIncludeExtraFiles(bool include)
{
    if (m_includeExtraFiles == include)
        return;
    m_includeExtraFiles = include;
    m_plan = {};  // the plan the user reviews must be made with the choice
    log(QStringLiteral("include extra files: %1").arg(include));
}

bool Session::archiveAcceptable() const
{
    if (verifying() || !m_archive.ok || !m_archive.error.isEmpty())
        return false;
    return !m_archive.needsTrust() || m_trusted;
}

void Session::addToolkitRoot(const QString& folder)
{
    const QString f = QDir::cleanPath(folder);
    if (!m_config.extraToolkitRoots.contains(f))
        m_config.extraToolkitRoots << f;
    setToolkit(QDir::toNativeSeparators(f));
    detect();
}

void Session::setToolkit(const QString& path)
{
    if (m_toolkit == path)
        return;
    m_toolkit = path;
    emit toolkitChanged();
}

bool Session::samePath(const QString& a, const QString& b)
{
    auto norm = [](const QString& p) {
        const QString c = QFileInfo(p).canonicalFilePath();
        return c.isEmpty() ? QDir::cleanPath(QDir::fromNativeSeparators(p)) : c;
    };
#ifdef Q_OS_WIN
    return norm(a).compare(norm(b), Qt::CaseInsensitive) == 0;
#else
    return norm(a) == norm(b);
#endif
}

const ToolkitView* Session::selectedToolkit() const
{
    if (m_toolkit.isEmpty())
        return nullptr;
    for (const ToolkitView& t : m_machine.toolkits)
        if (samePath(t.path, m_toolkit))
            return &t;
    return nullptr;
}

InstallRequest Session::request() const
{
    InstallRequest r;
    r.verified = m_archive.core;
    r.plan = m_plan.core;
    r.archive = m_operation == Operation::Repair ? m_repairArchive : m_archivePath;
    r.toolkit = m_toolkit;
    r.allowUnknown = m_trusted;
    r.noPath = m_config.noPath;
    r.includeExtraFiles = m_includeExtraFiles;
    r.manifest = m_config.manifest;
    r.stateDir = m_config.stateDir;
    r.helperProgram = validatorProgram();  // the same command-line program runs `elevated-apply`
    r.alwaysElevate = m_config.alwaysElevate;
    if (m_operation == Operation::Use && m_useChosen) {
        r.toolkit = m_useMergeInto.isEmpty() ? m_use.root : m_useMergeInto;
        r.useFolder = m_use.binDir;
        r.pathFirst = m_usePathFirst;
        r.mergeIntoToolkit = !m_useMergeInto.isEmpty();
        r.archive.clear();
        r.verified = nullptr;
    }
    return r;
}

void Session::makePlan()
{
    m_plan = {};
    if (m_planTask)
        return;
    m_planTask = InstallService::plan(request(), this);
    connect(m_planTask, &TaskBase::finished, this, [this, task = m_planTask.data()] {
        m_plan = task->result();
        log(QStringLiteral("plan: ok=%1 added=%2 replaced=%3 removed=%4 admin=%5 %6")
                .arg(m_plan.ok)
                .arg(m_plan.added)
                .arg(m_plan.replaced)
                .arg(m_plan.removed)
                .arg(m_plan.needsAdmin)
                .arg(m_plan.error));
        task->deleteLater();
        emit planFinished();
    });
}

bool Session::planning() const
{
    return m_planTask && m_planTask->isRunning();
}

void Session::runOperation()
{
    if (operationRunning())
        return;
    if (m_operationTask)
        m_operationTask->deleteLater();
    m_outcome = {};
    const InstallRequest r = request();
    log(QStringLiteral("%1 %2 into %3").arg(InstallService::operationName(m_operation), r.archive, r.toolkit));
    m_operationTask = InstallService::run(m_operation, r, this);
    connect(m_operationTask, &TaskBase::progressChanged, this, &Session::operationProgress);
    connect(m_operationTask, &TaskBase::logLines, this, [this](const QStringList& lines) {
        for (const QString& l : lines)
            log(l);
        emit operationLog(lines);
    });
    connect(m_operationTask, &TaskBase::finished, this, [this, task = m_operationTask.data()] {
        m_outcome = task->result();
        log(QStringLiteral("result: exit %1 — %2").arg(m_outcome.exitCode).arg(m_outcome.headline));
        for (const QString& l : m_outcome.leftovers)
            log(QStringLiteral("left over: %1").arg(l));
        emit operationFinished();
        if (m_operation != Operation::Recover)
            detect();  // the machine changed: Finish and Maintenance show the new state
    });
}

void Session::cancelOperation()
{
    if (m_operationTask) {
        log(QStringLiteral("cancel requested"));
        m_operationTask->cancel();
    }
}

bool Session::operationRunning() const
{
    return m_operationTask && m_operationTask->isRunning();
}

QString Session::validatorProgram() const
{
    if (!m_config.validatorProgram.isEmpty())
        return m_config.validatorProgram;
#ifdef Q_OS_WIN
    // The Windows wizard is never the elevated process (docs/windows.md): its console twin is.
    return ConsoleTwin::program();
#endif
    return QCoreApplication::applicationFilePath();
}

void Session::validate()
{
    if (validating())
        return;
    if (m_validationRun)
        m_validationRun->deleteLater();
    m_validation = {};
    m_validationRun = new ValidationRun(validatorProgram(), m_toolkit, m_config.stateDir, m_config.validateTimeoutMs,
                                        m_config.validateDriverLibrary, this);
    m_validationRun->setQuick(m_config.validateQuick);
    log(QStringLiteral("validate: %1 %2").arg(validatorProgram(), m_validationRun->arguments().join(QLatin1Char(' '))));
    connect(m_validationRun, &ValidationRun::finished, this, [this, run = m_validationRun.data()] {
        m_validation = run->result();
        log(QStringLiteral("validate result: exit %1 ok=%2 — %3").arg(m_validation.exitCode).arg(m_validation.ok)
                .arg(m_validation.headline));
        emit validationFinished();
    });
    m_validationRun->start();
}

void Session::cancelValidation()
{
    if (m_validationRun)
        m_validationRun->cancel();
}

bool Session::validating() const
{
    return m_validationRun && m_validationRun->isRunning();
}

QString Session::reportMarkdown() const
{
    return ReportWriter::markdown(*this);
}

QByteArray Session::reportJson() const
{
    return ReportWriter::json(*this);
}

bool Session::saveReport(const QString& path, QString* error) const
{
    QSaveFile f(path);
    const QByteArray data = path.endsWith(QLatin1String(".json"), Qt::CaseInsensitive) ? reportJson()
                                                                                        : reportMarkdown().toUtf8();
    if (!f.open(QIODevice::WriteOnly) || f.write(data) != data.size() || !f.commit()) {
        if (error)
            *error = tr("Could not write %1: %2. Choose another folder.").arg(path, f.errorString());
        return false;
    }
    return true;
}

QString Session::logFilePath() const
{
    return m_config.logDir + QStringLiteral("/cudnn-setup-wizard.log");
}

void Session::log(const QString& line)
{
    QDir().mkpath(m_config.logDir);
    QFile f(logFilePath());
    if (!f.open(QIODevice::Append | QIODevice::Text))
        return;  // a log that cannot be written must not stop the install
    f.write(QDateTime::currentDateTime().toString(Qt::ISODateWithMs).toUtf8() + ' ' + line.toUtf8() + '\n');
}

}  // namespace cudnnsetup::wizard
