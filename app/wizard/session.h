#pragma once
// The wizard's controller: what the user chose so far, the work in flight, and the
// results. Pages read it and call it; it calls the services (never the widgets).

#include "downloadservice.h"
#include "installservice.h"
#include "task.h"
#include "viewmodels.h"

#include <QObject>
#include <QPointer>
#include <QStringList>

#include <functional>
#include <memory>

namespace cudnnsetup {
class Environment;
class Registry;
}

namespace cudnnsetup::wizard {

class ValidationRun;

struct SessionConfig {
    QStringList searchFolders;       // where cudnn*.zip are looked for
    QStringList extraToolkitRoots;   // like `detect --root`
    bool scanSystem = true;          // false: only extraToolkitRoots (tests, offline images)
    QString stateDir;                // install records and journals ("" = the core's default)
    QString validatorProgram;        // runs `validate --json`; "" = this program
    QString logDir;                  // where the wizard's log goes
    int validateTimeoutMs = 180000;
    bool validateQuick = false;      // `validate --quick` (small shapes; the CPU test double needs it)
    QString validateDriverLibrary;   // CUDNN_SETUP_LIBCUDA for the validate child (tests); "" = the system's
    bool noPath = false;
    // An NVIDIA redistrib manifest the archive is checked against, as `verify --manifest` does (its
    // hashes count as official); "" = the built-in catalog only. Only code sets it (the GUI tests).
    QString manifest;
    // The apply step always goes through the elevated helper, even where this process could write
    // the toolkit (Wine, where every folder is writable): how the Windows GUI test takes the real
    // runas path. Only code sets it; no command-line option or environment variable does.
    bool alwaysElevate = false;
    // "Download from NVIDIA": where from ("" = NVIDIA's redist; an https:// mirror or a folder laid
    // out like it), the CA of a mirror's certificate, the folder ("" = the user's Downloads) and the
    // platform ("" = this one). Only code sets them (the GUI tests point them at a local server).
    QString downloadSource;
    QString downloadCaFile;
    QString downloadFolder;
    QString downloadPlatform;
    // The environment and registry detection reads (unset: this host's). Only code sets them: the GUI
    // tests describe a Windows machine on any host (Program Files with NVIDIA's cuDNN install, the
    // system PATH read from the file CUDNN_SETUP_TEST_SYSTEM_PATH_FILE names, which the install writes).
    std::function<std::unique_ptr<Environment>()> environment;
    std::function<std::unique_ptr<Registry>()> registry;
};

class Session : public QObject {
    Q_OBJECT
public:
    explicit Session(SessionConfig config, QObject* parent = nullptr);
    ~Session() override;

    const SessionConfig& config() const { return m_config; }

    // Machine
    void detect();
    bool detecting() const;
    const MachineView& machine() const { return m_machine; }
    bool maintenanceAvailable() const;  // a recorded install or use, cuDNN found in a toolkit, a variant to use

    // "Use this cuDNN" (issue 27): the install at `index` of machine().cudnnInstalls goes on the system
    // PATH (first: ahead of every entry) through Review and Install, as an operation of its own; or,
    // with mergeInto (a detected toolkit of the variant's CUDA major), its files are copied into that
    // toolkit as a zip install would be, and the toolkit becomes the selected one.
    void chooseUse(int index, bool first, const QString& mergeInto = {});
    // Back to installing from an archive (Review left with Back).
    void clearUse();
    const CudnnInstallView* useChoice() const { return m_useChosen ? &m_use : nullptr; }
    bool usePathFirst() const { return m_usePathFirst; }
    // The toolkit the chosen variant is copied into; "" when it goes on PATH.
    QString useMergeInto() const { return m_useChosen ? m_useMergeInto : QString(); }
    // The "use" record of the selected root (setToolkit with its v9.x folder), for Maintenance.
    const UseRecordView* selectedUseRecord() const;

    // Archive
    QStringList discoverArchives() const;
    // sha256: the expected hash when known (a download's, from NVIDIA's manifest), as `verify --sha256`.
    void verifyArchive(const QString& path, const QString& sha256 = {});
    void cancelVerify();
    bool verifying() const;
    const ArchiveReport& archive() const { return m_archive; }
    QString archivePath() const { return m_archivePath; }
    void setTrusted(bool trusted);
    bool trusted() const { return m_trusted; }
    // Also install the archive's files that are not part of the release (an official archive's are anyway).
    void setIncludeExtraFiles(bool include);
    bool includeExtraFiles() const { return m_includeExtraFiles; }
    bool archiveAcceptable() const;
    TaskBase* verifyTask() const { return m_verifyTask; }

    // Download from NVIDIA (issue 26). chooseDownload reads the release list and recommends the
    // archive for the toolkit (a path among machine().toolkits) or, with none, for a CUDA major.
    void chooseDownload(const QString& toolkit, int cudaMajor = 0);
    bool choosingDownload() const;
    const DownloadChoiceView& downloadChoice() const { return m_downloadChoice; }
    // The recorded acceptance of NVIDIA's cuDNN licence: its UTC date, "" when none.
    QString licenceAcceptedOn() const;
    // Records the acceptance (licence.h); false with *error when it cannot be written.
    bool acceptLicence(QString* error);
    // Downloads the recommended archive (the licence must be accepted); a cancelled one resumes.
    void startDownload();
    void cancelDownload();
    bool downloading() const;
    const DownloadView& download() const { return m_download; }
    QString downloadFolder() const;
    TaskBase* downloadTask() const { return m_downloadTask; }

    // Toolkit
    void addToolkitRoot(const QString& folder);
    void setToolkit(const QString& path);
    QString toolkit() const { return m_toolkit; }
    const ToolkitView* selectedToolkit() const;
    // Whether two spellings name the same folder (links resolved; case-blind on Windows).
    static bool samePath(const QString& a, const QString& b);

    // Plan and operation
    void setOperation(Operation operation) { m_operation = operation; }
    // Repair's archive ("" = the recorded one), like `repair --archive`.
    void setRepairArchive(const QString& path) { m_repairArchive = path; }
    QString repairArchive() const { return m_repairArchive; }
    Operation operation() const { return m_operation; }
    void makePlan();
    bool planning() const;
    const PlanView& plan() const { return m_plan; }
    void runOperation();
    void cancelOperation();
    bool operationRunning() const;
    const OutcomeView& outcome() const { return m_outcome; }
    TaskBase* operationTask() const { return m_operationTask; }

    // Validation
    void validate();
    void cancelValidation();
    bool validating() const;
    const ValidationView& validation() const { return m_validation; }
    QString validatorProgram() const;

    // Report and log
    QString reportMarkdown() const;
    QByteArray reportJson() const;
    // Writes JSON when the name ends in .json, else Markdown; error says why not.
    bool saveReport(const QString& path, QString* error) const;
    QString logFilePath() const;
    void log(const QString& line);

signals:
    void machineChanged();
    void verifyProgress(const cudnnsetup::wizard::ProgressInfo& progress);
    void verifyFinished();
    void trustChanged();
    void downloadChoiceFinished();
    void downloadProgress(const cudnnsetup::wizard::ProgressInfo& progress);
    void downloadFinished();
    void toolkitChanged();
    void planFinished();
    void operationProgress(const cudnnsetup::wizard::ProgressInfo& progress);
    void operationLog(const QStringList& lines);
    void operationFinished();
    void validationFinished();

private:
    InstallRequest request() const;
    DownloadRequest downloadRequest() const;

    SessionConfig m_config;
    MachineView m_machine;
    ArchiveReport m_archive;
    QString m_archivePath;
    bool m_trusted = false;
    bool m_includeExtraFiles = false;
    QString m_toolkit;
    Operation m_operation = Operation::Install;
    QString m_repairArchive;
    CudnnInstallView m_use;
    bool m_useChosen = false;
    bool m_usePathFirst = false;
    QString m_useMergeInto;
    PlanView m_plan;
    OutcomeView m_outcome;
    ValidationView m_validation;

    QPointer<Task<MachineView>> m_detectTask;
    QPointer<Task<ArchiveReport>> m_verifyTask;
    DownloadChoiceView m_downloadChoice;
    DownloadView m_download;
    QString m_downloadToolkit;
    int m_downloadCudaMajor = 0;
    QPointer<Task<DownloadChoiceView>> m_chooseTask;
    QPointer<Task<DownloadView>> m_downloadTask;
    QPointer<Task<PlanView>> m_planTask;
    QPointer<Task<OutcomeView>> m_operationTask;
    QPointer<ValidationRun> m_validationRun;
};

}  // namespace cudnnsetup::wizard
