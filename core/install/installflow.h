#pragma once
// The install / repair / uninstall / recover orchestration that the command line and the
// wizard share: recover first, verify (and, for an install, stage in the same pass),
// snapshot the toolkit, plan, apply. No Qt, no printing: the caller turns the result into
// its JSON document or its pages.
//
// One pass: when the apply runs in this process, every cuDNN entry the verifier inflates is
// also written into <toolkit>/.cudnn-setup/<tx>/scan while it is CRC-checked and the archive
// hashed. A pre-journal naming the work folders is written first, so a crash or a failed
// verification leaves nothing behind (`recover` removes it). When the apply must run
// elevated (applyHere = false), nothing is staged here: the helper re-hashes and re-stages
// the archive itself (two passes, by design: it trusts nothing from this side).

#include "archive/verifier.h"
#include "common/problem.h"
#include "common/progress.h"
#include "install/engine.h"
#include "install/plan.h"
#include "platform/openedfile.h"
#include "platform/systempath.h"
#include "releases/manifest.h"

#include <memory>
#include <optional>
#include <string>

namespace cudnnsetup {

// The machine-wide search path for a toolkit. Windows: the system PATH; Linux toolkit on
// Linux: ld.so.conf.d; Windows toolkit on Linux: skipped with a note.
// In a build made for tests, CUDNN_SETUP_TEST_SYSTEM_PATH_FILE substitutes a file for PATH
// (common/testhooks.h; never in the elevated helper).
struct PathService {
    std::unique_ptr<SystemPath> system;  // null: PATH is left alone (state.note says why)
    PathState state;
};
PathService pathServiceFor(const ToolkitState& toolkit);

std::string newTransactionId();

struct FlowOptions {
    std::string stateDir;                      // required
    std::optional<std::string> sha256;         // install: --sha256
    std::optional<std::string> manifestPath;   // install: --manifest
    bool allowUnknown = false;                 // install an intact archive of unknown origin
    bool noPath = false;
    bool includeExtraFiles = false;            // install: --include-extra-files (rule in plan.h)
    // install: `toolkit` is a standalone prefix to create (--prefix; install/trust.h checkNewPrefix).
    // Linux tarballs only. Repair, uninstall and later installs accept it because its record says so.
    bool newPrefix = false;
    bool dryRun = false;                       // plan only: nothing staged, nothing changed
    // use (PlanKind::Use, `toolkit` an NVIDIA cuDNN root, install/nvidiaroot.h): the variant bin folder
    // that goes on the system PATH, and whether ahead of every entry (else at the end).
    std::string useFolder;
    bool pathFirst = false;
    // use --toolkit: useFolder's variant merged INTO `toolkit` (a CUDA toolkit) as an install of a zip
    // would (install/foldersource.h): planned and recorded as an install whose source is the folder.
    bool mergeIntoToolkit = false;
    // install: into NVIDIA's layout (--nvidia-layout): `toolkit` an NVIDIA cuDNN root (made when it
    // is not there: install/nvidiaroot.h checkNewNvidiaRoot), the archive's files into the variant
    // install/nvidiamapping.h chooses. Windows archives only. A repair of an NVIDIA root (or of a
    // root whose record says nvidia_layout) is in that layout without it.
    bool nvidiaLayout = false;
    // false: stop after planning (status Planned) so the caller hands the plan to the
    // elevated helper; nothing is staged in this process then.
    bool applyHere = true;
    // The archive was verified already (the wizard's verify page): not verified again;
    // staging then reads the archive once more and checks it still has this SHA-256.
    const VerifyResult* verified = nullptr;
    std::string transactionId;                 // empty: a new one
    // The elevated helper: the digest (install/trust.h planDigest) of the plan the user
    // reviewed; a plan made here that differs is refused ("plan-changed", nothing changed).
    std::optional<std::string> reviewedDigest;
    // The elevated helper itself: a folder it would put on the system search path must be a real
    // toolkit's that only administrators can change (install/trust.h checkSearchPathFolder), a
    // refusal there; elsewhere (a user's own install) that is a warning.
    bool asHelper = false;
    // The archive already open (platform/openedfile.h; the elevated helper opens it once, no link
    // followed). Every read of the archive in the flow (its SHA-256, the scan, verify, staging) goes
    // through this one handle, never the name again. Null: the flow opens the archive once itself,
    // before anything else reads it (no link followed where asHelper).
    std::shared_ptr<const OpenedFile> archiveFile;
    // The manifest as the helper read it while checking its request (archive/verifier.h
    // VerifyOptions::manifestRead): verification opens manifestPath no more.
    std::shared_ptr<const Result<Manifest>> manifestRead;
    ProgressSink* progress = nullptr;
    const CancelToken* cancel = nullptr;
    unsigned threads = 0;                      // scanner workers; 0: one per core
    EngineHooks hooks;
    FileOps* files = nullptr;                  // null: the real file system (tests inject faults)
    // dpkg's <package>.list files: paths a package owns are never overwritten (problem package-owned).
    std::string dpkgInfoDir = "/var/lib/dpkg/info";
    // rpm's database (asked through the rpm program when it holds one): the same rule for rpm packages.
    std::string rpmDbDir = "/var/lib/rpm";
};

enum class FlowStatus {
    Usage,        // not a toolkit, no archive file, unknown origin, no record, unsafe-plan: exit 2
    Unrecovered,  // the automatic recover of an earlier transaction failed: exit 5 (outcome set)
    BadArchive,   // verification failed or the hash does not match what was promised: exit 1
    Cancelled,    // cancelled while verifying: nothing changed, exit 3
    Refused,      // the plan has problems (target-blocked, plan-changed, ...): nothing changed, exit 3
    Planned,      // dryRun, or applyHere = false: `plan` is ready
    NothingToDo,  // exit 0
    Applied,      // `outcome` says how it went (its exitCode())
};

struct FlowResult {
    FlowStatus status = FlowStatus::Usage;
    Problems problems;                   // Usage / BadArchive / Cancelled / Refused: why it stopped
    std::string toolkit;                 // canonical when known, else as given
    std::optional<VerifyResult> verify;  // when the archive was verified here
    std::optional<Plan> plan;
    std::string planDigest;              // of `plan` (install/trust.h), for the elevated helper's intent
    std::optional<Outcome> outcome;      // Applied, Unrecovered
    std::optional<Outcome> recovered;    // the automatic recover that ran first (its notes say what it did)
    bool stagedWhileVerifying = false;   // the one-pass path was taken
    ExitCode exitCode() const;
};

// Verify ARCHIVE (staging it in the same read), plan the merge into TOOLKIT, apply.
FlowResult installArchive(const std::string& archive, const std::string& toolkit, const FlowOptions& options);
// archive: nullopt = the recorded archive if it still exists (and hashes the same while staging).
FlowResult repairToolkit(const std::string& toolkit, const std::optional<std::string>& archive,
                         const FlowOptions& options);
FlowResult uninstallToolkit(const std::string& toolkit, const FlowOptions& options);
// "Use this cuDNN": options.useFolder (a variant bin folder of the NVIDIA cuDNN root `root`) on the
// system PATH, as a recorded transaction (install/plan.h planUse); uninstallToolkit(root) undoes it.
// With options.mergeIntoToolkit, `root` is a CUDA toolkit instead and the variant's files are merged
// into it (install/foldersource.h); uninstallToolkit(toolkit) undoes that.
FlowResult useNvidiaCudnn(const std::string& root, const FlowOptions& options);
// One of the four by kind (archive: "" = none; repair: the recorded one; use: options.useFolder).
FlowResult runFlow(PlanKind kind, const std::string& archive, const std::string& toolkit, const FlowOptions& options);

// Rolls back (or finishes) the transaction left in stateDir; toolkit: only if it is that one.
// Takes the state folder's lock (platform/statelock.h): while another process holds it, the
// journal is that process's live transaction and is left alone (problem "busy", exit 3).
Outcome recoverInterrupted(const std::string& stateDir, const std::optional<std::string>& toolkit = std::nullopt,
                           FileOps* files = nullptr);
// The automatic recover before any mutating command, by a caller that holds the state lock
// (the flows above take it themselves): nullopt when there was no journal;
// otherwise its outcome (failed when !notRestored.empty() || !problems.empty(): exit 5).
bool recoverFailed(const Outcome& recovered);
std::optional<Outcome> recoverBeforeChanging(const std::string& stateDir, FileOps* files = nullptr);

}  // namespace cudnnsetup
