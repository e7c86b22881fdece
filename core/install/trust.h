#pragma once
// What the elevated side trusts, decided once for the command line, the wizard and the helper.
//
// The model is WiX burn's elevated engine: the unelevated side says *what* the user asked
// for (an intent), never *how*. The helper re-verifies the archive from its own read,
// re-scans the toolkit and makes the plan itself; the plan the user reviewed only travels
// as a digest, and a different digest means "the toolkit or the archive changed since you
// reviewed it" (nothing is changed). Every plan the helper is about to apply, and every
// journal any command is about to roll back, first passes checkPlanInvariants: the plan
// is data that can be forged (a journal in a state folder is a file), so its undo must
// never reach outside the toolkit's cuDNN files, its own work folders and its record.

#include "common/problem.h"
#include "install/plan.h"

#include <optional>
#include <string>
#include <vector>

namespace cudnnsetup {

struct FlowResult;  // install/installflow.h

// What the user asked for, as the helper's command line carries it (no file: a command
// line cannot be rewritten while the password / UAC prompt is up).
struct Intent {
    PlanKind kind = PlanKind::Install;
    std::string archive;                  // absolute; empty: uninstall, or repair from the record
    std::string toolkit;                  // the canonical root the reviewed plan names
    bool noPath = false;
    std::optional<std::string> sha256;    // install: --sha256
    std::optional<std::string> manifest;  // install: --manifest
    bool allowUnknown = false;
    bool includeExtraFiles = false;       // install: --include-extra-files (rule in plan.h)
    bool newPrefix = false;               // install: create `toolkit` as a standalone prefix (--new-prefix)
    std::string useFolder;                // use: the variant bin folder (--use-folder); `toolkit` its NVIDIA root;
                                          // repair of a merged toolkit: the folder its record names
    bool pathFirst = false;               // use: ahead of every PATH entry (--path-first)
    // use --toolkit: useFolder's variant merged into `toolkit`, a CUDA toolkit (--merge; install/foldersource.h).
    bool merge = false;
    // install: into NVIDIA's layout (--nvidia-layout): `toolkit` an NVIDIA cuDNN root, existing
    // (install/nvidiaroot.h checkNvidiaRootShape) or to be made (checkNewNvidiaRoot).
    bool nvidiaLayout = false;
    std::string transactionId;            // the reviewed plan's (names its work folders)
    std::string planDigest;               // planDigest() of the reviewed plan
};

// The arguments after `elevated-apply` (install/helperargs.h parses them back with the same names).
std::vector<std::string> intentArguments(const Intent& intent);
// The intent for the plan the user reviewed.
Intent intentFor(const Plan& reviewed, bool noPath, const std::optional<std::string>& sha256,
                 const std::optional<std::string>& manifest, bool allowUnknown);

// SHA-256 over what the plan does: kind, toolkit, state and work folders, the archive (its
// hash and authenticity included) and every operation with its undo data, in order. Notes
// and warnings are words, not acts, and are left out.
std::string planDigest(const Plan& plan);
// The one rule for "is this still the plan the user reviewed?": the same digest, so the wizard's
// check before applying and the helper's check (FlowOptions::reviewedDigest) cannot disagree.
bool samePlan(const Plan& reviewed, const Plan& now);

// The elevated helper's apply (WiX burn's elevated engine), once its own command line passed
// (install/helperargs.h) and its state folder was checked: the request checked against the disk
// (checkElevatedRequest: the archive opened once, the manifest read once, the root a toolkit or
// a prefix it may make), then the flow with the intent's options only, applied here as the
// helper, and only if the plan's digest is the reviewed one. Its progress goes to its state
// folder (install/helperprogress.h) for the caller that waits. Usage when the request is refused.
FlowResult applyIntent(const Intent& intent, const std::string& stateDir);

// True when `id` can name a work folder: letters, digits and '-' only, 1..64 characters.
bool validTransactionId(const std::string& id);

// The toolkit must be a canonical, absolute folder that detect recognises as a CUDA
// toolkit (detect/toolkits.h looksLikeToolkit), with no character that could split or
// expand a PATH entry (';', '%', '"', control characters). "not-a-toolkit" when not.
std::optional<Problem> checkToolkitRoot(const std::string& root);

// A standalone prefix (Linux: /opt/cudnn-9.19, made visible through ld.so.conf.d) is not a
// toolkit, so nothing about it can be recognised; it is trusted only because cudnn-setup
// makes it itself. checkNewPrefix: absolute, lexically normal, no PATH-splitting character,
// not there yet, and its parent chain reached with no link followed, root's (or this
// process user's) and writable by no one else (platform/nofollow.h creatableTrustedFolder).
// An existing folder that is not a toolkit stays refused. "not-a-toolkit" when not.
std::optional<Problem> checkNewPrefix(const std::string& prefix);
// The admin-only record of `root` in `stateDir` says cudnn-setup created `root` as a prefix
// (record field created_prefix): repair, a second install, uninstall and recover accept it then.
bool recordNamesCreatedPrefix(const std::string& stateDir, const std::string& root);
// The admin-only record of `root` says it is an install of ours in NVIDIA's layout ("nvidia_layout").
bool recordNamesNvidiaLayout(const std::string& stateDir, const std::string& root);
// The admin-only record of `root` says its install was merged from NVIDIA's variant folder `folder`
// (use --toolkit: archive.authenticity "nvidia-installer", archive.path that folder, byte for byte):
// the only folder the helper repairs that toolkit from.
bool recordNamesNvidiaFolder(const std::string& stateDir, const std::string& root, const std::string& folder);
// What install / repair / uninstall / use may change: a CUDA toolkit (checkToolkitRoot), a prefix
// to be created now (newPrefix: checkNewPrefix), a prefix the record names as created, or an
// NVIDIA cuDNN root (install/nvidiaroot.h checkNvidiaCudnnRoot).
std::optional<Problem> checkInstallRoot(const std::string& root, const std::string& stateDir, bool newPrefix);
// The plan makes its root (a new standalone prefix): its first steps are the record naming
// the prefix, then the prefix folder.
bool createsPrefix(const Plan& plan);
// The plan makes its NVIDIA cuDNN root (install --nvidia-layout into a root that is not there): its
// first steps are the record naming the folders it makes ("created_root"), then those folders,
// outermost first, each the parent of the next, the last the root, at most NVIDIA/CUDNN/v9.x.
bool createsNvidiaRoot(const Plan& plan);

// A real CUDA toolkit, as the elevated helper needs one before it puts it on the system search
// path: bin/nvcc (or bin/nvcc.exe) and include/cuda_runtime_api.h, plain files. A version.json or
// version.txt is enough to be *detected* (detect/toolkits.h), but anyone can write one.
bool isRealToolkit(const std::string& root);
// A folder the plan puts on the system search path (ld.so.conf.d, the system PATH): anything
// planted there is loaded by every program of every user. "search-path-writable" when someone
// other than root / an administrator can change it or a parent (platform/folderaccess.h
// writableByNonAdmins); "not-a-toolkit" when `root` is not a real toolkit (isRealToolkit) and not
// a standalone prefix cudnn-setup makes. The helper refuses with it; a user's own install warns.
std::optional<Problem> checkSearchPathFolder(const std::string& folder, const std::string& root,
                                             bool standalonePrefix);

// A PATH value the helper writes: no control characters in any entry.
bool pathValueClean(const std::string& value);

// Everything the plan touches stays inside its toolkit's cuDNN folders (exact cuDNN file
// names; the release's own targets when the plan has an archive), its work folders and its
// record; a work folder's recursive undo only for the plan's own <toolkit>/.cudnn-setup/<tx>;
// PATH changes only add or move the toolkit's bin folders, every other entry in the same
// order; ld.so.conf.d only names <toolkit>/lib64. A standalone prefix only by the rules of
// checkNewPrefix / recordNamesCreatedPrefix. An NVIDIA cuDNN root (install/nvidiaroot.h): only
// `use` and its uninstall, which change nothing in NVIDIA's tree: the record and the system PATH,
// where only that root's variant bin folders may come, go or move (a use plan: its own folder
// only), every other entry in the same order. A plan in NVIDIA's layout (plan.nvidiaLayout:
// install --nvidia-layout, repair of an NVIDIA root, their uninstall) by the toolkit's rules with
// that variant's folders for the cuDNN folders (bin/<cuda>[/x64], include/<cuda>, lib/<cuda>/x64;
// targets follow from entries through install/nvidiamapping.h), that variant's bin folder the only
// PATH entry that may come, go or move, the root NVIDIA/CUDNN/v<x.y> by checkNvidiaRootShape, or
// made by the plan itself (createsNvidiaRoot). Problems "unsafe-plan" (nothing done).
// committedJournal: a journal marked committed, of which only the clean-up still runs (an
// uninstall of a prefix may have deleted the record that named it).
Problems checkPlanInvariants(const Plan& plan, const std::string& stateDir, const std::string& systemPathLocation,
                             bool committedJournal = false);

}  // namespace cudnnsetup
