#pragma once
// What the pages show, in Qt types, already translated. Built by the services from
// the core's results (on the worker thread), so a page only lays them out.

#include <QList>

#include <memory>

#include <vector>

namespace cudnnsetup {
struct VerifyResult;
struct Plan;
struct FrameworkVerdict;
struct SourceChoice;
}
#include <QMetaType>
#include <QString>
#include <QStringList>

namespace cudnnsetup::wizard {

enum class CheckState { Pending, Passed, Warning, Failed, Skipped };

struct ProblemView {
    QString code;     // stable code from the contract ("unsafe-path")
    QString path;     // the file it concerns, may be empty
    QString message;  // one sentence naming the file
    QString fix;      // what to do, may be empty
};

struct CheckItem {
    QString key;    // "identity", "authenticity", "completeness", "integrity", "safety"
    QString title;  // translated
    CheckState state = CheckState::Pending;
    QString summary;              // one line next to the title
    QList<ProblemView> problems;  // sentences under it
};

struct ArchiveReport {
    QString path;
    quint64 size = 0;
    QString sha256;
    QString authenticity;  // contract string: official, manifest, user, unknown, mismatch
    QString releaseText;   // "cuDNN 8.2.0.53 for CUDA 11.3 (windows-x86_64)", empty when unidentified
    QString cudnnVersion;
    QString cudaVersion;
    int entryCount = 0;
    QList<CheckItem> checks;
    QList<ProblemView> problems;
    QList<ProblemView> warnings;
    bool ok = false;
    bool cancelled = false;
    QString error;  // the check could not run at all (not available, internal failure)
    std::shared_ptr<const VerifyResult> core;  // what the plan is made from (null without a verifier)
    bool needsTrust() const { return ok && authenticity == QLatin1String("unknown"); }
};

enum class Compatibility { Unknown, Compatible, Warning, Incompatible };

struct ToolkitView {
    QString path;
    QString version;        // "11.3"
    QString layout;         // "windows" / "linux"
    QStringList sources;    // where it was found, translated ("registry", "CUDA_PATH", "added by you")
    QString cudnnVersion;   // cuDNN already inside, empty when none
    bool cudnnComplete = false;
    QList<ProblemView> problems;
    bool hasRecord = false;  // installed by this tool (an install record exists)
    // Its record's source is a variant folder of NVIDIA's installer ("Use this cuDNN", copied into this
    // toolkit): that folder and the cuDNN release ("9.19"), so Maintenance can say where it came from.
    QString nvidiaFolder;
    QString nvidiaRelease;
    // Against the chosen archive:
    Compatibility compatibility = Compatibility::Unknown;
    QString compatibilityReason;
};

// One GPU framework of one Python environment and its verdict ("your frameworks").
struct FrameworkView {
    QString title;        // "onnxruntime-gpu 1.19.2"
    QString environment;  // "conda C:\Users\me\miniconda3\envs\ml"
    QString loads;        // the cudnn* file it loads, empty when none
    CheckState state = CheckState::Pending;  // Passed ok, Warning, Failed problem, Skipped info
    ProblemView verdict;  // the verdict's code, translated sentence and fix
};

// Where a cuDNN outside the toolkits stands in the library search of a program started now.
enum class CudnnReach {
    Loaded,     // its folder is on the search path and its cudnn64_N.dll is the one loaded
    Behind,     // on the search path, but another copy of the same DLL comes first
    NotOnPath,  // no folder of the search path is its bin folder
};

// One cuDNN variant outside every toolkit: NVIDIA's exe installer (v9.x\bin\<cuda>[\x64]), a
// CUDNN_PATH folder or a pip wheel (core detect/nvidialayout.h), said for the Welcome page.
struct CudnnInstallView {
    QString origin;         // the core's: "NVIDIA installer", "CUDNN_PATH", "pip wheel"
    QString originText;     // translated
    QString version;        // "9.19.0.56"; "" when unknown
    QString builtWith;      // the CUDA the folder names ("12.9"); "" when it names none
    int cudaMajor = 0;      // 0: unknown
    QString root;           // the v9.x folder (what the "use" flow takes), native separators
    QString binDir;         // the folder PATH must name
    QString variantFolder;  // binDir under root ("bin\12.9\x64")
    QString fit;            // which toolkit it serves, and why the folder's CUDA minor is no requirement
    CudnnReach reach = CudnnReach::NotOnPath;
    QString reachText;      // whether programs find it now, in words
    QString winner;         // the copy programs load instead (its path), "" when none or this one
    QString winnerVersion;
    bool winnerOlder = false;       // ... and it is an older cuDNN than this one
    QList<ProblemView> findings;    // detect's findings about it (not on PATH, shadowed, ...)
    bool canUse = false;            // "Use this cuDNN" is offered: NVIDIA's install, not what programs load
};

// A variant folder cudnn-setup put on PATH ("use"), from its record: what Maintenance undoes.
struct UseRecordView {
    QString root;           // the v9.x folder the record is kept for (what uninstall takes)
    QString folder;         // the variant bin folder on PATH
    QString variantFolder;  // folder under root ("bin\12.9\x64")
    QString release;        // "9.19" from the root's name
    QString builtWith;      // "12.9"; "" when unknown
    bool first = false;     // put ahead of every PATH entry
};

struct MachineView {
    bool detected = false;  // detection ran
    QString error;          // why it could not run
    QString driverText;     // "NVIDIA driver 531.14 (CUDA 12.1)" / "No NVIDIA driver found"
    QString driverVersion;
    QList<ToolkitView> toolkits;
    QStringList cudnnCopies;        // "path — version — origin", winner first
    QString cudnnLoaded;            // the winner's line; "" when no copy is on the search path
    QList<ProblemView> diagnosis;   // conflicts with their fixes
    QList<CudnnInstallView> cudnnInstalls;  // cuDNN outside the toolkits, in detect's order
    QList<UseRecordView> useRecords;        // NVIDIA variants cudnn-setup put on PATH
    QList<FrameworkView> frameworks;  // every framework verdict, healthy ones too
    int pythonEnvironments = 0;       // how many environments were looked at
    bool interruptedTransaction = false;
    QString interruptedText;        // what was interrupted, where
    QString profileMarkdown;        // the core's version profile, as `cudnn-setup report` prints it
    QByteArray profileJson;         // ... and as `cudnn-setup report --json` prints it
    // The core's framework verdicts: what a download is for them (download/fetch.h frameworkFits).
    std::shared_ptr<const std::vector<FrameworkVerdict>> coreFrameworks;
};

// What "Download from NVIDIA" recommends for a toolkit, before anything of NVIDIA's is fetched
// but the release list (the source's index and manifests).
struct DownloadChoiceView {
    bool ok = false;
    ProblemView problem;        // why there is no choice (no-matching-release, network, ...)
    QString release;            // "9.19.0.56"
    int cudaMajor = 0;
    QString fileName;
    quint64 size = 0;
    QString reason;             // the chooser's sentence
    QStringList frameworks;     // one sentence per framework detect found
    std::shared_ptr<const SourceChoice> core;  // what the download fetches, exactly as shown
};

// How a download ended.
struct DownloadView {
    bool ok = false;
    bool cancelled = false;     // the .part is kept: Resume continues it
    ProblemView problem;
    QString path;               // the downloaded file, under its final name
    QString sha256;             // the manifest's, verified while the bytes arrived
    bool alreadyThere = false;
    quint64 resumedFrom = 0;
};

enum class FileChange { Added, Replaced, Removed, Directory, Link };

struct PlanFileView {
    FileChange change = FileChange::Added;
    QString path;     // target path
    QString detail;   // "backup kept in ..." etc
    qint64 size = -1; // bytes placed (PlaceFile), -1 when not known
};

struct PlanView {
    bool ok = false;
    QString error;
    QList<PlanFileView> files;
    int added = 0, replaced = 0, removed = 0;
    QStringList pathBefore;   // PATH entries before
    QStringList pathAfter;    // PATH entries after
    QStringList pathChanged;  // the entries that are new or moved (highlighted)
    bool pathChange = false;
    QList<ProblemView> warnings;  // diagnosis conflicts that stay, with fixes
    bool needsAdmin = false;
    std::shared_ptr<const Plan> core;  // what Install applies, exactly as shown
};

// Use: one variant folder of NVIDIA's cuDNN install on the system PATH, recorded (issue 27).
enum class Operation { Install, Repair, Uninstall, Recover, Use };

struct OutcomeView {
    Operation operation = Operation::Install;
    bool ok = false;
    bool cancelled = false;
    bool rolledBack = false;      // failed and everything was restored
    bool notRolledBack = false;   // failed and something is left: see leftovers
    QString name;                 // what the operation is called where it is shown (a merge: "Copying cuDNN…")
    QString headline;             // one honest sentence
    QStringList actions;          // what was done
    QList<ProblemView> problems;
    QStringList leftovers;        // what could not be restored, and how to recover
    int exitCode = 0;             // contract exit code
    bool elevated = false;        // applied by the elevated helper (cannot be cancelled from here)
};

struct ValidationCheckView {
    QString name;       // shape
    QString algo;
    bool ok = false;
    double maxRelError = -1;
    double timeMs = -1;
    QString error;
};

struct ValidationView {
    bool ran = false;        // the child process produced a document
    bool ok = false;
    bool timedOut = false;
    bool crashed = false;
    int exitCode = -1;
    QString device;
    QString driver;
    QString cudnnVersion;
    QString libraryPath;
    QStringList loaded;      // every module actually loaded
    QList<ValidationCheckView> checks;
    QList<ProblemView> problems;
    QString stderrText;      // the last lines the child printed, for the report
    QString headline;
    QByteArray rawJson;
};

}  // namespace cudnnsetup::wizard

Q_DECLARE_METATYPE(cudnnsetup::wizard::ArchiveReport)
