#include "install/privilegedflow.h"

#include "common/problemcodes.h"
#include "install/helperargs.h"
#include "install/helperprogress.h"
#include "install/statedir.h"
#include "install/trust.h"

#include <filesystem>

namespace cudnnsetup {

namespace {

std::string canonicalOf(const std::string& path)
{
    std::error_code ec;
    return std::filesystem::weakly_canonical(std::filesystem::absolute(path, ec), ec).generic_string();
}

Problems problemsFrom(const nlohmann::json& list)
{
    Problems out;
    if (!list.is_array())
        return out;
    for (const auto& p : list) {
        Problem pr;
        pr.code = p.value("code", std::string());
        if (p.contains("path") && p["path"].is_string())
            pr.path = p["path"].get<std::string>();
        pr.message = p.value("message", std::string());
        out.push_back(std::move(pr));
    }
    return out;
}

// The helper's document (the command line's outcome document, docs/cli.md) back as an Outcome.
// Throws (nlohmann::json::exception) on a document of another shape.
Outcome outcomeFromDocument(const nlohmann::json& doc)
{
    Outcome o;
    o.ok = doc.value("ok", false);
    o.rolledBack = doc.value("rolled_back", false);
    if (doc.contains("actions") && doc["actions"].is_array())
        o.actions = doc["actions"];
    o.notRestored = problemsFrom(doc.value("not_restored", nlohmann::json::array()));
    for (Problem& p : problemsFrom(doc.value("problems", nlohmann::json::array())))
        if (p.code != codes::kNotRestored)  // the document lists them in both
            o.problems.push_back(std::move(p));
    o.warnings = problemsFrom(doc.value("warnings", nlohmann::json::array()));
    for (const auto& n : doc.value("notes", nlohmann::json::array()))
        if (n.is_string())
            o.notes.push_back(n.get<std::string>());
    return o;
}

FlowResult refusedUnseen(FlowResult again, const std::string& toolkit)
{
    again.status = FlowStatus::Refused;
    again.problems = {{codes::kTargetChanged, toolkit,
                       "the toolkit changed after the plan was reviewed; go back to Review to see the new plan"}};
    return again;
}

}  // namespace

ElevationChoice chooseElevation(const Elevator& elevator, const std::string& root, const std::string& stateDir,
                                bool alwaysElevate)
{
    const bool elevate = alwaysElevate || elevator.needed({root, stateDir});
    return {!elevate, elevate ? elevatedStateDirFor(stateDir) : stateDir};
}

bool recoverFirstThroughHelper(const std::optional<InterruptedTransaction>& t, bool applyHere, bool dryRun)
{
    return t && t->needsElevation && !applyHere && !dryRun;
}

bool recoverThroughHelper(const std::optional<InterruptedTransaction>& t, const std::optional<std::string>& toolkit)
{
    return t && t->needsElevation && (!toolkit || t->toolkit.empty() || canonicalOf(t->toolkit) == canonicalOf(*toolkit));
}

HelperOutcome helperNotStarted(const Error& error)
{
    HelperOutcome h;
    h.exitCode = static_cast<int>(ExitCode::NeedsAdmin);
    h.outcome.problems.push_back({error.code, std::nullopt, error.message});
    return h;
}

HelperOutcome helperOutcomeFrom(const std::string& document, int exitCode)
{
    HelperOutcome h;
    h.exitCode = exitCode;
    try {
        nlohmann::json doc = nlohmann::json::parse(document);
        h.outcome = outcomeFromDocument(doc);
        h.document = std::move(doc);
    } catch (const nlohmann::json::exception&) {
        h.outcome = Outcome{};
        h.outcome.problems.push_back({codes::kElevationFailed, std::nullopt,
                                      "The elevated helper gave no result (exit " + std::to_string(exitCode) +
                                          "); run `cudnn-setup recover` as an administrator."});
        if (exitCode == 0)
            h.exitCode = static_cast<int>(ExitCode::NotRolledBack);
    }
    return h;
}

PrivilegedFlow::PrivilegedFlow(Elevator& elevator, std::string helperProgram, ProgressSink* progress,
                               ElevationPrompt& prompt)
    : m_elevator(elevator), m_helperProgram(std::move(helperProgram)), m_progress(progress), m_prompt(prompt)
{
}

PrivilegedResult PrivilegedFlow::run(const PrivilegedRequest& request)
{
    PrivilegedResult out;
    FlowOptions o = request.options;
    o.progress = m_progress;
    const ElevationChoice where = chooseElevation(m_elevator, canonicalOf(request.toolkit), o.stateDir,
                                                  request.alwaysElevate);
    o.applyHere = where.applyHere;
    o.stateDir = where.stateDir;
    auto interrupted = o.applyHere ? std::nullopt : findInterrupted(o.stateDir, m_elevator);
    if (recoverFirstThroughHelper(interrupted, o.applyHere, o.dryRun)) {
        out.interrupted = std::move(interrupted);
        out.recovered = recoverByHelper(*out.interrupted, std::nullopt);
        if (out.recovered->failed())
            return out;
        m_prompt.recoveredFirst(*out.interrupted);
    }
    m_prompt.flowStarts();
    if (request.reviewed) {
        // The flow plans again just before applying; a plan that differs from the reviewed one (the
        // toolkit changed meanwhile) is not applied unseen. The same transaction, so that the work
        // folders in both plans have the same names.
        o.transactionId = request.reviewed->transactionId;
        FlowOptions check = o;
        check.dryRun = true;
        FlowResult again = runFlow(request.kind, request.archive, request.toolkit, check);
        if (again.plan && !samePlan(*request.reviewed, *again.plan)) {
            out.flow = refusedUnseen(std::move(again), request.toolkit);
            return out;
        }
    }
    out.flow = runFlow(request.kind, request.archive, request.toolkit, o);
    m_prompt.flowFinished(*out.flow);
    if (out.flow->status == FlowStatus::Planned && !o.dryRun)  // applyHere = false: the helper applies it
        out.applied = applyByHelper(request.reviewed ? *request.reviewed : *out.flow->plan, o);
    return out;
}

PrivilegedRecovery PrivilegedFlow::recover(const std::string& stateDir, const std::optional<std::string>& toolkit)
{
    PrivilegedRecovery out;
    const std::optional<std::string> only = toolkit ? std::optional(canonicalOf(*toolkit)) : std::nullopt;
    out.interrupted = findInterrupted(stateDir, m_elevator);
    out.stateDir = out.interrupted ? out.interrupted->stateDir : stateDir;
    if (recoverThroughHelper(out.interrupted, only))
        out.throughHelper = recoverByHelper(*out.interrupted, only);
    else
        out.here = recoverInterrupted(out.stateDir, only);
    return out;
}

HelperOutcome PrivilegedFlow::recoverByHelper(const InterruptedTransaction& t, const std::optional<std::string>& toolkit)
{
    m_prompt.recoverNeedsRights(t);
    auto r = recoverElevated(m_elevator, m_helperProgram, t, toolkit);
    if (!r)
        return helperNotStarted(r.error());
    return helperOutcomeFrom(r->document, r->exitCode);
}

// The helper gets only the intent (install/trust.h) on its own command line (install/helperargs.h:
// no --json, --state-dir or --log of ours), never a plan: it verifies, scans and plans for itself and
// applies only a plan with the reviewed digest.
HelperOutcome PrivilegedFlow::applyByHelper(const Plan& plan, const FlowOptions& o)
{
    const Intent intent = intentFor(plan, o.noPath, o.sha256, o.manifestPath, o.allowUnknown);
    const std::vector<std::string> args = helperApplyArguments(intent);
    passStateDirToTestHelper(plan.stateDir);
    m_prompt.applyNeedsRights(plan);
    std::string output;
    // Its progress, from its state folder (install/helperprogress.h): a UAC helper has no pipe to us.
    HelperProgressReader progress(plan.stateDir, plan.transactionId, m_progress);
    auto rc = m_elevator.run(m_helperProgram, args, &output, [&progress] { progress.poll(); });
    if (!rc)
        return helperNotStarted(rc.error());
    if (output.empty())  // Windows: no pipe from a "runas" process; its state folder has it
        output = readHelperOutcome(plan.stateDir, plan.transactionId).value_or(std::string());
    return helperOutcomeFrom(output, *rc);
}

}  // namespace cudnnsetup
