#include "installservice.h"

#include "common/problemcodes.h"
#include "problemtext.h"
#include "wizardconfig.h"

#include <QDir>

#if CUDNN_SETUP_WIZARD_HAVE_INSTALL
#include "archive/verifier.h"
#include "install/engine.h"
#include "install/installflow.h"
#include "install/interrupted.h"
#include "install/plan.h"
#include "install/statedir.h"
#include "install/helperargs.h"
#include "install/helperprogress.h"
#include "install/trust.h"
#include "platform/elevation.h"

#endif

namespace cudnnsetup::wizard {

bool InstallService::engineAvailable()
{
    return CUDNN_SETUP_WIZARD_HAVE_INSTALL != 0;
}

QString InstallService::operationName(Operation operation)
{
    switch (operation) {
    case Operation::Install: return tr("Install");
    case Operation::Repair: return tr("Repair");
    case Operation::Uninstall: return tr("Uninstall");
    case Operation::Recover: return tr("Recover");
    }
    return {};
}

#if CUDNN_SETUP_WIZARD_HAVE_INSTALL
namespace {

QString q(const std::string& s)
{
    return QString::fromStdString(s);
}

ProblemView view(const Problem& p)
{
    return ProblemText::describe(q(p.code), p.path ? q(*p.path) : QString(), q(p.message));
}

QStringList splitPath(const std::optional<std::string>& v)
{
    return v ? q(*v).split(QLatin1Char(';'), Qt::SkipEmptyParts) : QStringList();
}

PlanView toView(const Plan& plan, const QString& toolkit)
{
    PlanView v;
    v.ok = plan.problems.empty();
    for (const Problem& p : plan.problems)
        v.warnings << view(p);
    if (!v.ok)
        v.error = v.warnings.isEmpty() ? QString() : v.warnings.first().message;
    for (const Problem& p : plan.warnings)
        v.warnings << view(p);
    for (const cudnnsetup::Operation& op : plan.ops) {
        PlanFileView f;
        f.path = QDir::toNativeSeparators(q(op.path));
        switch (op.kind) {
        case OpKind::PlaceFile:
            f.change = op.backup.empty() ? FileChange::Added : FileChange::Replaced;
            f.size = qint64(op.size);
            (op.backup.empty() ? v.added : v.replaced) += 1;
            f.detail = op.backup.empty() ? QString() : InstallService::tr("backup: %1").arg(q(op.backup));
            v.files << f;
            break;
        case OpKind::RemoveFile:
            f.change = FileChange::Removed;
            ++v.removed;
            f.detail = InstallService::tr("backup: %1").arg(q(op.backup));
            v.files << f;
            break;
        case OpKind::PlaceLink:
            // Shown as a link (libcudnn.so -> libcudnn.so.9), not as a file.
            f.change = FileChange::Link;
            f.path += QStringLiteral(" \u2192 ") + q(op.linkTarget);
            f.detail = op.backup.empty() ? f.path : InstallService::tr("backup: %1").arg(q(op.backup));
            (op.backup.empty() ? v.added : v.replaced) += 1;
            v.files << f;
            break;
        case OpKind::RemoveLink:
            f.change = FileChange::Removed;
            ++v.removed;
            f.path += QStringLiteral(" \u2192 ") + q(op.linkTarget);
            v.files << f;
            break;
        case OpKind::CreateDirectory:
            if (!op.workDir) {
                f.change = FileChange::Directory;
                v.files << f;
            }
            break;
        case OpKind::PathChange: {
            v.pathChange = true;
            v.pathBefore = splitPath(op.before);
            v.pathAfter = splitPath(op.after);
            // What the core's PATH edit did (inserted or moved entries), not a positional diff: an
            // insertion shifts every later entry without changing it.
            for (const PathInsert& ins : op.edit.inserted)
                v.pathChanged << q(ins.entry);
            for (const PathMove& mv : op.edit.moved)
                v.pathChanged << q(mv.entry);
            break;
        }
        default: break;
        }
    }
    // The apply step writes into the toolkit and the state dir: the core's elevator decides, as for the CLI.
    v.needsAdmin = makeElevator()->needed({plan.toolkit, plan.stateDir});
    Q_UNUSED(toolkit)
    return v;
}

OutcomeView toOutcome(Operation operation, const cudnnsetup::Outcome& o)
{
    OutcomeView v;
    v.operation = operation;
    v.ok = o.ok;
    v.exitCode = int(o.exitCode());
    v.rolledBack = !o.ok && o.notRestored.empty();
    v.notRolledBack = !o.ok && !o.notRestored.empty();
    for (const auto& a : o.actions)
        v.actions << q(a.value("description", std::string()));
    for (const Problem& p : o.problems)
        v.problems << view(p);
    for (const Problem& p : o.notRestored)
        v.leftovers << q(p.message);
    const QString name = InstallService::operationName(operation);
    if (o.ok)
        v.headline = InstallService::tr("%1 finished: %n change(s) made and recorded.", "", int(v.actions.size())).arg(name);
    else if (v.notRolledBack)
        v.headline = InstallService::tr("%1 failed and could NOT be fully rolled back. What is left is listed below; "
                                        "run Recover (or `cudnn-setup recover`) to finish the rollback.")
                         .arg(name);
    else
        v.headline = InstallService::tr("%1 did not complete. Everything was rolled back: the toolkit and PATH are "
                                        "exactly as before.")
                         .arg(name);
    return v;
}

OutcomeView failed(Operation operation, const Error& e)
{
    OutcomeView v;
    v.operation = operation;
    v.exitCode = 3;
    v.rolledBack = true;
    v.headline = InstallService::tr("Nothing was changed: %1").arg(q(e.message));
    return v;
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

// The helper's JSON document (its stdout, or its state folder's copy) as an outcome.
OutcomeView fromHelper(Operation operation, const std::string& output, int rc)
{
    cudnnsetup::Outcome o;
    try {
        const nlohmann::json doc = nlohmann::json::parse(output);
        o.ok = doc.value("ok", false);
        o.rolledBack = doc.value("rolled_back", false);
        if (doc.contains("actions") && doc["actions"].is_array())
            o.actions = doc["actions"];
        o.notRestored = problemsFrom(doc.value("not_restored", nlohmann::json::array()));
        for (Problem& p : problemsFrom(doc.value("problems", nlohmann::json::array())))
            if (p.code != codes::kNotRestored)  // the document lists them in both
                o.problems.push_back(std::move(p));
    } catch (const std::exception&) {
        OutcomeView v = failed(operation, Error{codes::kElevationFailed, "The elevated helper gave no result (exit " +
                                                    std::to_string(rc) + "); run `cudnn-setup recover` as an administrator.", ""});
        v.exitCode = rc == 0 ? int(ExitCode::NotRolledBack) : rc;
        v.problems << view(Problem{codes::kElevationFailed, std::nullopt, "The elevated helper gave no result."});
        return v;
    }
    OutcomeView v = toOutcome(operation, o);
    v.exitCode = rc;
    v.elevated = true;
    return v;
}

// The apply step through the core's elevated helper (`cudnn-setup-cli elevated-apply --operation ...`,
// started by pkexec / UAC; docs/install.md "Elevation"), as the command line does when the toolkit is
// not writable. The helper gets only the intent (install/trust.h): it verifies the archive, scans the
// toolkit and plans for itself, and applies only a plan with the reviewed digest. Its JSON outcome
// comes back on stdout.
OutcomeView applyElevated(Operation operation, const InstallRequest& r, const Plan& plan, Elevator& elevator,
                          TaskContext& ctx)
{
    const Intent intent =
        intentFor(plan, r.noPath, r.sha256.isEmpty() ? std::nullopt : std::optional(r.sha256.toStdString()),
                  r.manifest.isEmpty() ? std::nullopt : std::optional(r.manifest.toStdString()), r.allowUnknown);
    // Its own command line only (install/helperargs.h): its state folder and log are its own.
    const std::vector<std::string> args = helperApplyArguments(intent);
    passStateDirToTestHelper(plan.stateDir);
    ctx.progress.log(InstallService::tr("Administrator rights are needed: asking for them to run the installer's "
                                        "helper.").toStdString());
    std::string output;
    // Its progress, from the helper's state folder (install/helperprogress.h): a UAC helper has no pipe to us.
    HelperProgressReader helperProgress(plan.stateDir, plan.transactionId, &ctx.progress);
    auto rc = elevator.run(r.helperProgram.toStdString(), args, &output, [&helperProgress] { helperProgress.poll(); });
    if (!rc) {
        OutcomeView v = failed(operation, rc.error());
        v.exitCode = int(ExitCode::NeedsAdmin);
        v.problems << view(Problem{rc.error().code, std::nullopt, rc.error().message});
        return v;
    }
    if (output.empty())  // Windows: no pipe from a "runas" process; its state folder has it
        output = readHelperOutcome(plan.stateDir, plan.transactionId).value_or(std::string());
    return fromHelper(operation, output, *rc);
}

// A killed helper's journal (install/interrupted.h) is the administrators' to roll back: through
// the elevated helper's `recover`, as the command line does. Rolling it back here would stop half
// way (no-permission), and a plan of the half-changed toolkit is not what the helper finds.
OutcomeView recoverThroughHelper(const InstallRequest& r, const InterruptedTransaction& t, Elevator& elevator,
                                 TaskContext& ctx)
{
    ctx.progress.log(InstallService::tr("An interrupted change of %1 can only be rolled back with administrator "
                                        "rights: asking for them.")
                         .arg(QDir::toNativeSeparators(q(t.toolkit)))
                         .toStdString());
    auto rc = recoverElevated(elevator, r.helperProgram.toStdString(), t, std::nullopt);
    if (!rc) {
        OutcomeView v = failed(Operation::Recover, rc.error());
        v.exitCode = int(ExitCode::NeedsAdmin);
        v.problems << view(Problem{rc.error().code, std::nullopt, rc.error().message});
        return v;
    }
    return fromHelper(Operation::Recover, rc->document, rc->exitCode);
}


// The plan the Review page shows and the one the helper applies name the same state folder (and so
// the same record): the helper's own when it will apply it (install/statedir.h).
FlowOptions flowOptions(const InstallRequest& r, TaskContext* ctx)
{
    FlowOptions o;
    o.stateDir = r.stateDir.toStdString();
    if (r.alwaysElevate || makeElevator()->needed({r.toolkit.toStdString(), o.stateDir}))
        o.stateDir = elevatedStateDirFor(o.stateDir);
    o.allowUnknown = r.allowUnknown;
    o.noPath = r.noPath;
    o.includeExtraFiles = r.includeExtraFiles;
    if (!r.sha256.isEmpty())
        o.sha256 = r.sha256.toStdString();
    if (!r.manifest.isEmpty())
        o.manifestPath = r.manifest.toStdString();
    o.verified = r.verified.get();
    if (ctx) {
        o.progress = &ctx->progress;
        o.cancel = &ctx->cancel;
    }
    return o;
}

// The ops the user reviewed against the ops about to run: the flow plans again just before applying,
// and anything different (the toolkit changed meanwhile) must not be applied unseen.
bool samePlan(const Plan& reviewed, const Plan& now)
{
    if (reviewed.ops.size() != now.ops.size())
        return false;
    for (std::size_t i = 0; i < now.ops.size(); ++i)
        if (reviewed.ops[i].kind != now.ops[i].kind || reviewed.ops[i].path != now.ops[i].path
            || reviewed.ops[i].backup != now.ops[i].backup)
            return false;
    return true;
}

OutcomeView fromFlow(Operation operation, FlowResult r, const InstallRequest& request, Elevator& elevator,
                     TaskContext& ctx)
{
    switch (r.status) {
    case FlowStatus::Applied: return toOutcome(operation, *r.outcome);
    case FlowStatus::Unrecovered: return toOutcome(Operation::Recover, *r.outcome);
    case FlowStatus::NothingToDo: {
        cudnnsetup::Outcome nothing;
        nothing.ok = true;
        return toOutcome(operation, nothing);
    }
    case FlowStatus::Planned:  // applyHere = false: the elevated helper applies it
        // An install applies what the Review page showed: the helper must arrive at that very plan.
        return applyElevated(operation, request,
                             operation == Operation::Install && request.plan ? *request.plan : *r.plan, elevator, ctx);
    default: break;
    }
    const Problem first = r.problems.empty() ? Problem{codes::kInternal, std::nullopt, "stopped without a reason"}
                                             : r.problems.front();
    OutcomeView v = failed(operation, Error{first.code, first.message, ""});
    v.exitCode = int(r.exitCode());
    v.cancelled = r.status == FlowStatus::Cancelled;
    for (const Problem& p : r.problems)
        v.problems << view(p);
    return v;
}

}  // namespace
#endif

Task<PlanView>* InstallService::plan(const InstallRequest& request, QObject* parent)
{
    auto* task = new Task<PlanView>(parent);
#if CUDNN_SETUP_WIZARD_HAVE_INSTALL
    task->start([request](TaskContext&) {
        PlanView v;
        if (!request.verified || !request.verified->ok()) {
            v.error = tr("Verify the archive first.");
            return v;
        }
        try {
            // A dry run of the core's install flow over the verification the Archive page made.
            FlowOptions o = flowOptions(request, nullptr);
            o.dryRun = true;
            const FlowResult r = installArchive(request.archive.toStdString(), request.toolkit.toStdString(), o);
            if (!r.plan) {
                v.error = tr("Cannot plan the install into %1: %2")
                              .arg(request.toolkit, r.problems.empty() ? QString() : q(r.problems.front().message));
                for (const Problem& p : r.problems)
                    v.warnings << view(p);
                return v;
            }
            v = toView(*r.plan, request.toolkit);
            v.needsAdmin = v.needsAdmin || request.alwaysElevate;
            v.core = std::make_shared<const Plan>(std::move(*r.plan));
        } catch (const std::exception& e) {
            v.error = tr("Planning stopped with an internal error: %1").arg(QString::fromUtf8(e.what()));
        }
        return v;
    });
#else
    task->start([request](TaskContext&) {
        PlanView p;
        p.error = tr("This build of cudnn-setup does not contain the install engine, so nothing can be planned "
                     "for %1.").arg(request.toolkit);
        return p;
    });
#endif
    return task;
}

Task<OutcomeView>* InstallService::run(Operation operation, const InstallRequest& request, QObject* parent)
{
    auto* task = new Task<OutcomeView>(parent);
#if CUDNN_SETUP_WIZARD_HAVE_INSTALL
    task->start([operation, request](TaskContext& ctx) {
        try {
            // The core's flow: recover an interrupted transaction first, verify (a chosen repair archive),
            // snapshot, plan, apply here or, when the toolkit is not writable, hand the plan to the
            // elevated helper.
            auto elevator = makeElevator();
            if (operation == Operation::Recover) {
                const auto t = findInterrupted(request.stateDir.toStdString(), *elevator);
                if (t && t->needsElevation)
                    return recoverThroughHelper(request, *t, *elevator, ctx);
                return toOutcome(operation, recoverInterrupted(t ? t->stateDir : request.stateDir.toStdString()));
            }
            FlowOptions o = flowOptions(request, &ctx);
            o.applyHere = !request.alwaysElevate && !elevator->needed({request.toolkit.toStdString(), o.stateDir});
            if (!o.applyHere)
                if (const auto t = findInterrupted(o.stateDir, *elevator); t && t->needsElevation)
                    if (OutcomeView recovered = recoverThroughHelper(request, *t, *elevator, ctx); !recovered.ok)
                        return recovered;
            const std::string toolkit = request.toolkit.toStdString();
            FlowResult r;
            if (operation == Operation::Install) {
                if (!request.plan)
                    return failed(operation, Error{codes::kNoPlan, "there is no reviewed plan", ""});
                // Plan again (dry run) and apply only what was reviewed; the same transaction, so the work
                // folders in both plans have the same names.
                o.transactionId = request.plan->transactionId;
                FlowOptions check = o;
                check.dryRun = true;
                const FlowResult again = installArchive(request.archive.toStdString(), toolkit, check);
                if (again.plan && !samePlan(*request.plan, *again.plan))
                {
                    OutcomeView v = failed(operation, Error{codes::kTargetChanged, "the toolkit changed after the plan was "
                                                            "reviewed; go back to Review to see the new plan", ""});
                    v.problems << view(Problem{codes::kTargetChanged, toolkit, "The toolkit changed after the plan was "
                                               "reviewed; nothing was changed. Go back to Review to see the new plan."});
                    return v;
                }
                r = installArchive(request.archive.toStdString(), toolkit, o);
            } else if (operation == Operation::Repair) {
                o.verified = nullptr;  // the repair archive (if any) is verified by the flow
                r = repairToolkit(toolkit, request.archive.isEmpty() ? std::nullopt
                                                                     : std::optional<std::string>(request.archive.toStdString()), o);
            } else {
                r = uninstallToolkit(toolkit, o);
            }
            if (r.plan) {
                ctx.progress.log(InstallService::tr("%n operation(s) planned", "", int(r.plan->ops.size())).toStdString());
                for (const cudnnsetup::Operation& op : r.plan->ops)
                    ctx.progress.log(op.describe());
            }
            return fromFlow(operation, std::move(r), request, *elevator, ctx);
        } catch (const std::exception& e) {
            return failed(operation, Error{codes::kInternal, e.what(), ""});
        }
    });
#else
    task->start([operation](TaskContext&) {
        OutcomeView o;
        o.operation = operation;
        o.exitCode = 2;
        o.headline = tr("Nothing was changed: this build of cudnn-setup does not contain the install engine.");
        return o;
    });
#endif
    return task;
}

}  // namespace cudnnsetup::wizard
