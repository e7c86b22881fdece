#pragma once
// The install / repair / uninstall / recover workflow around the elevated helper, written once for
// the command line and the wizard (each brings its progress sink and its prompt, and turns the
// result into its JSON document or its pages):
//
//   where does the apply run? (chooseElevation, before the archive is read)
//   → a journal only the helper may roll back: recover through the helper first
//   → the flow (install/installflow.h); a reviewed plan must still be the plan (samePlan)
//   → a plan the helper must apply goes to it as an intent (install/trust.h), never as a plan
//   → the helper's outcome read back (its stdout, or its state folder's copy on Windows)
//
// Rolling an interrupted helper's journal back in this process would stop half way
// (no-permission), and a plan of the half-changed toolkit is not what the helper finds: hence
// recover first, through the helper.

#include "common/problem.h"
#include "common/progress.h"
#include "install/engine.h"
#include "install/installflow.h"
#include "install/interrupted.h"
#include "install/plan.h"
#include "platform/elevation.h"

#include <nlohmann/json.hpp>

#include <optional>
#include <string>

namespace cudnnsetup {

// Where the apply step runs, decided before anything is read: only an apply in this process
// stages while verifying; the elevated helper re-reads the archive itself.
struct ElevationChoice {
    bool applyHere = true;
    // The helper's (install/statedir.h elevatedStateDirFor) when it applies: the plan shown to
    // the user then names the state folder, and so the record, the helper uses.
    std::string stateDir;
};
ElevationChoice chooseElevation(const Elevator& elevator, const std::string& root, const std::string& stateDir,
                                bool alwaysElevate = false);

// The rule for "recover first": a journal this process may not roll back (t->needsElevation),
// before an apply the helper makes (!applyHere), and not for a dry run, which changes nothing.
bool recoverFirstThroughHelper(const std::optional<InterruptedTransaction>& t, bool applyHere, bool dryRun);

// `recover` goes through the helper for a journal this process may not roll back, when the
// command acts on it: no toolkit named, a journal that names none, or the toolkit it names
// (compared canonically).
bool recoverThroughHelper(const std::optional<InterruptedTransaction>& t, const std::optional<std::string>& toolkit);

// What the elevated helper answered, as both front ends read it.
struct HelperOutcome {
    int exitCode = 0;
    Outcome outcome;          // read from its document, or why there is none (elevation-refused, ...)
    nlohmann::json document;  // its document as it wrote it (the command line prints it); null: none
    bool failed() const { return exitCode != 0 || !outcome.ok; }
};

// The helper could not be started, or the rights were refused: exit 4, nothing changed.
HelperOutcome helperNotStarted(const Error& error);
// The helper ran and ended with `exitCode`, `document` its JSON document ("" when it left none).
// A document that cannot be read is "elevation-failed" (exit 5 when the helper said 0: what it
// changed is unknown, so `recover` is the advice).
HelperOutcome helperOutcomeFrom(const std::string& document, int exitCode);

// What the front ends say while the workflow runs, in their own words (the wizard translates).
// Each is called on the worker thread that runs the workflow.
class ElevationPrompt {
public:
    virtual ~ElevationPrompt() = default;
    // Rights are asked for next, to roll back `t` through the helper.
    virtual void recoverNeedsRights(const InterruptedTransaction& /*t*/) {}
    // That rollback ended well; the operation goes on.
    virtual void recoveredFirst(const InterruptedTransaction& /*t*/) {}
    // The flow starts (verify, scan, plan, apply here).
    virtual void flowStarts() {}
    // The flow ended; when it planned for the helper, the helper has not run yet.
    virtual void flowFinished(const FlowResult& /*result*/) {}
    // Rights are asked for next, for the helper to apply `plan`.
    virtual void applyNeedsRights(const Plan& /*plan*/) {}
};

struct PrivilegedRequest {
    PlanKind kind = PlanKind::Install;
    std::string archive;  // install; repair: "" = the recorded archive; uninstall: ""
    std::string toolkit;  // as given (with options.newPrefix: the prefix to create)
    // stateDir: the one the user chose (the helper's is chosen here when it applies); applyHere and
    // progress are set here; cancel, dryRun and the rest are the caller's.
    FlowOptions options;
    bool alwaysElevate = false;       // apply through the helper even where this process could
    const Plan* reviewed = nullptr;   // the plan the user reviewed (the wizard's Review page): applied only if samePlan
};

struct PrivilegedResult {
    std::optional<InterruptedTransaction> interrupted;  // the journal rolled back through the helper first
    // The helper's rollback of an interrupted transaction before the flow. When it failed, the
    // flow did not run (flow empty) and this is the answer.
    std::optional<HelperOutcome> recovered;
    std::optional<FlowResult> flow;
    std::optional<HelperOutcome> applied;  // the helper's apply, when the flow planned for it
};

struct PrivilegedRecovery {
    std::optional<InterruptedTransaction> interrupted;
    std::string stateDir;                        // the folder whose journal was rolled back (or looked for)
    std::optional<HelperOutcome> throughHelper;  // the helper's rollback (recoverThroughHelper)
    Outcome here;                                // otherwise: the rollback in this process
};

class PrivilegedFlow {
public:
    // helperProgram: the console tool the elevator starts (`elevated-apply`, `elevated-recover`).
    // progress: the helper's progress is forwarded there too (install/helperprogress.h).
    PrivilegedFlow(Elevator& elevator, std::string helperProgram, ProgressSink* progress, ElevationPrompt& prompt);

    PrivilegedResult run(const PrivilegedRequest& request);
    // The journal in stateDir (or the helper's folder): rolled back through the helper or here.
    // toolkit: only a journal of this toolkit.
    PrivilegedRecovery recover(const std::string& stateDir, const std::optional<std::string>& toolkit);

private:
    HelperOutcome recoverByHelper(const InterruptedTransaction& t, const std::optional<std::string>& toolkit);
    HelperOutcome applyByHelper(const Plan& plan, const FlowOptions& options);

    Elevator& m_elevator;
    std::string m_helperProgram;
    ProgressSink* m_progress;
    ElevationPrompt& m_prompt;
};

}  // namespace cudnnsetup
