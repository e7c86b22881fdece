#pragma once
// The elevated helper's own command line: `cudnn-setup elevated-apply <intent>` and
// `cudnn-setup elevated-recover [--toolkit ROOT]`, and nothing else.
//
// Under a polkit rule or a sudoers line the person who approves the elevation is not the person
// who chose the helper's arguments (docs/install.md, "The helper's command line"). So the helper
// takes no global option (--log, --state-dir, --json, --lang, --version, --help), no environment
// variable and no `--name=value` form: exactly the intent's options (install/trust.h
// intentArguments), each at most once and each value checked as the Intent type says. Anything
// else is "helper-usage" (exit 2) before any file is opened. Its state folder is the machine's
// (helperStateDir) and its log a fixed name in it (kHelperLogName); it always answers in JSON.
//
// Pure: no file is looked at here (checkElevatedRequest, which follows, looks at the toolkit).
// tests/fuzz/fuzz_intent.cpp feeds parseHelperCommandLine arbitrary argv.

#include "common/problem.h"
#include "install/trust.h"
#include "platform/openedfile.h"
#include "releases/manifest.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace cudnnsetup {

inline constexpr const char* kHelperApply = "elevated-apply";
inline constexpr const char* kHelperRecover = "elevated-recover";
// The helper's log, in its state folder (platform/nofollow.h openAppendIn).
inline constexpr const char* kHelperLogName = "helper.log";

struct HelperRequest {
    enum class Mode { Apply, Recover };
    Mode mode = Mode::Apply;
    Intent intent;                       // Apply
    std::optional<std::string> toolkit;  // Recover: only a journal of this toolkit
};

// The global options of the ordinary command line (app/cli/cli.cpp): never the helper's.
const std::vector<std::string>& globalOptionNames();

// `args`: the command line after the program's name, its first word the mode. A request whose
// every value passed its check, or "helper-usage" naming the argument and the fix.
Result<HelperRequest> parseHelperCommandLine(const std::vector<std::string>& args);

// What the unelevated side (command line, wizard) passes to the helper.
std::vector<std::string> helperApplyArguments(const Intent& intent);
std::vector<std::string> helperRecoverArguments(const std::optional<std::string>& toolkit);

// The values as parseHelperCommandLine checks them (also the fuzz target's oracle).
bool helperPathValue(const std::string& value);  // absolute, no . or .., no control or PATH-splitting character
bool hexDigest(const std::string& value);        // 64 hex digits

// The request as the helper checks it next, now against the disk: the archive and manifest are
// plain files reached with no link at their last component ("missing-file"), and the root (trust.h
// checkInstallRoot: a toolkit, a new prefix for --new-prefix installs, or a prefix the record in
// stateDir names; "not-a-toolkit"). The archive is opened here, once (platform/openedfile.h): with
// `archive`, that handle is handed out for every later read of it (FlowOptions::archiveFile), so
// what is checked is what is read; the name is never opened again. With `manifest`, the manifest is
// read here, once, and handed out (FlowOptions::manifestRead) for verification.
std::optional<Problem> checkElevatedRequest(const Intent& intent, const std::string& stateDir,
                                            std::shared_ptr<const OpenedFile>* archive = nullptr,
                                            std::shared_ptr<const Result<Manifest>>* manifest = nullptr);

// The helper's state folder: the machine's (install/statedir.h elevatedStateDir), never one the
// caller names. In a build with test hooks only (never shipped), a scratch folder the unelevated
// test passed with passStateDirToTestHelper, read before the helper turns hooks off.
std::string helperStateDir();
// Test builds: tells a helper started from this process (CUDNN_SETUP_ELEVATOR) the state folder
// it should use. Does nothing where hooks are off.
void passStateDirToTestHelper(const std::string& dir);

}  // namespace cudnnsetup
