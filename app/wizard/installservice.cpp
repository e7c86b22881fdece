#include "installservice.h"

#include "archive/verifier.h"
#include "common/problemcodes.h"
#include "install/engine.h"
#include "install/installflow.h"
#include "install/interrupted.h"
#include "install/plan.h"
#include "install/privilegedflow.h"
#include "install/trust.h"
#include "platform/elevation.h"
#include "problemtext.h"

#include <QDir>

namespace cudnnsetup::wizard {

QString InstallService::operationName(Operation operation)
{
    switch (operation) {
    case Operation::Install: return tr("Install");
    case Operation::Repair: return tr("Repair");
    case Operation::Uninstall: return tr("Uninstall");
    case Operation::Recover: return tr("Recover");
    case Operation::Use: return tr("Putting cuDNN on PATH");
    }
    return {};
}

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
    v.name = name;
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

// The helper's answer (install/privilegedflow.h) as an outcome: its own, or why it gave none.
OutcomeView fromHelper(Operation operation, const HelperOutcome& h)
{
    if (h.document.is_null()) {
        const Problem& why = h.outcome.problems.front();
        OutcomeView v = failed(operation, Error{why.code, why.message, ""});
        v.exitCode = h.exitCode;
        v.problems << view(why);
        return v;
    }
    OutcomeView v = toOutcome(operation, h.outcome);
    v.exitCode = h.exitCode;
    v.elevated = true;
    return v;
}

// What the core's workflow is about to do, in the install log (translated).
class LogPrompt : public ElevationPrompt {
public:
    explicit LogPrompt(TaskContext& ctx) : m_ctx(ctx) {}
    void recoverNeedsRights(const InterruptedTransaction& t) override
    {
        m_ctx.progress.log(InstallService::tr("An interrupted change of %1 can only be rolled back with administrator "
                                              "rights: asking for them.")
                               .arg(QDir::toNativeSeparators(q(t.toolkit)))
                               .toStdString());
    }
    void flowFinished(const FlowResult& r) override
    {
        if (!r.plan)
            return;
        m_ctx.progress.log(InstallService::tr("%n operation(s) planned", "", int(r.plan->ops.size())).toStdString());
        for (const cudnnsetup::Operation& op : r.plan->ops)
            m_ctx.progress.log(op.describe());
    }
    void applyNeedsRights(const Plan&) override
    {
        m_ctx.progress.log(InstallService::tr("Administrator rights are needed: asking for them to run the installer's "
                                              "helper.").toStdString());
    }

private:
    TaskContext& m_ctx;
};

// The workflow's request for the wizard's: the core chooses where the apply runs and the state folder
// (install/privilegedflow.h chooseElevation), so the plan the Review page shows and the one the
// helper applies name the same state folder, and so the same record.
PrivilegedRequest privilegedRequest(PlanKind kind, const InstallRequest& r)
{
    PrivilegedRequest p;
    p.kind = kind;
    p.archive = r.archive.toStdString();
    p.toolkit = r.toolkit.toStdString();
    p.alwaysElevate = r.alwaysElevate;
    FlowOptions& o = p.options;
    o.stateDir = r.stateDir.toStdString();
    o.allowUnknown = r.allowUnknown;
    o.noPath = r.noPath;
    o.includeExtraFiles = r.includeExtraFiles;
    if (!r.sha256.isEmpty())
        o.sha256 = r.sha256.toStdString();
    if (!r.manifest.isEmpty())
        o.manifestPath = r.manifest.toStdString();
    o.verified = r.verified.get();
    if (kind == PlanKind::Use) {
        // Nothing is read from an archive; the core checks the folder is one of the root's variants.
        o.verified = nullptr;
        o.useFolder = QDir::toNativeSeparators(r.useFolder).toStdString();
        // Merged: an install into r.toolkit whose source is the folder, PATH as for a zip (the session's
        // noPath applies); otherwise nothing but the PATH change (noPath refused in plan() and run()).
        o.mergeIntoToolkit = r.mergeIntoToolkit;
        o.noPath = r.mergeIntoToolkit && r.noPath;
        o.pathFirst = !r.mergeIntoToolkit && r.pathFirst;
    }
    return p;
}

OutcomeView fromFlow(Operation operation, const PrivilegedResult& result)
{
    if (!result.flow)  // the interrupted transaction before it could not be rolled back
        return fromHelper(Operation::Recover, *result.recovered);
    if (result.applied)  // applyHere = false: the elevated helper applied it
        return fromHelper(operation, *result.applied);
    const FlowResult& r = *result.flow;
    switch (r.status) {
    case FlowStatus::Applied: return toOutcome(operation, *r.outcome);
    case FlowStatus::Unrecovered: return toOutcome(Operation::Recover, *r.outcome);
    case FlowStatus::NothingToDo: {
        cudnnsetup::Outcome nothing;
        nothing.ok = true;
        return toOutcome(operation, nothing);
    }
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

Task<PlanView>* InstallService::plan(const InstallRequest& request, QObject* parent)
{
    auto* task = new Task<PlanView>(parent);
    task->start([request](TaskContext&) {
        PlanView v;
        const bool use = !request.useFolder.isEmpty();
        if (!use && (!request.verified || !request.verified->ok())) {
            v.error = tr("Verify the archive first.");
            return v;
        }
        if (use && request.noPath && !request.mergeIntoToolkit) {
            v.error = tr("This session leaves PATH alone, and using this cuDNN is nothing but a PATH change.");
            return v;
        }
        try {
            // A dry run of the core's install workflow over the verification the Archive page made
            // (use: of its flow for NVIDIA's folder, which reads no archive).
            PrivilegedRequest dryRun = privilegedRequest(use ? PlanKind::Use : PlanKind::Install, request);
            dryRun.options.dryRun = true;
            auto elevator = makeElevator();
            ElevationPrompt quiet;
            FlowResult r =
                *PrivilegedFlow(*elevator, request.helperProgram.toStdString(), nullptr, quiet).run(dryRun).flow;
            if (!r.plan) {
                const QString why = r.problems.empty() ? QString() : q(r.problems.front().message);
                v.error = use && request.mergeIntoToolkit
                              ? tr("Cannot plan copying %1 into %2: %3").arg(request.useFolder, request.toolkit, why)
                          : use ? tr("Cannot plan putting %1 on PATH: %2").arg(request.useFolder, why)
                                : tr("Cannot plan the install into %1: %2").arg(request.toolkit, why);
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
    return task;
}

Task<OutcomeView>* InstallService::run(Operation operation, const InstallRequest& request, QObject* parent)
{
    auto* task = new Task<OutcomeView>(parent);
    task->start([operation, request](TaskContext& ctx) {
        try {
            // The core's workflow: recover an interrupted transaction first (through the elevated helper
            // when only it may), verify (a chosen repair archive), snapshot, plan, apply here or, when the
            // toolkit is not writable, through the elevated helper.
            auto elevator = makeElevator();
            LogPrompt prompt(ctx);
            PrivilegedFlow flow(*elevator, request.helperProgram.toStdString(), &ctx.progress, prompt);
            if (operation == Operation::Recover) {
                const PrivilegedRecovery r = flow.recover(request.stateDir.toStdString(), std::nullopt);
                return r.throughHelper ? fromHelper(operation, *r.throughHelper) : toOutcome(operation, r.here);
            }
            PrivilegedRequest p = privilegedRequest(operation == Operation::Install ? PlanKind::Install
                                                    : operation == Operation::Repair ? PlanKind::Repair
                                                    : operation == Operation::Use    ? PlanKind::Use
                                                                                     : PlanKind::Uninstall,
                                                    request);
            p.options.cancel = &ctx.cancel;
            if (operation == Operation::Use && request.noPath && !request.mergeIntoToolkit)
                return failed(operation, Error{codes::kNoPlan, "this session leaves PATH alone", ""});
            if (operation == Operation::Install || operation == Operation::Use) {
                // Applied only if it is still the plan the Review page showed (trust.h samePlan).
                if (!request.plan)
                    return failed(operation, Error{codes::kNoPlan, "there is no reviewed plan", ""});
                p.reviewed = request.plan.get();
            } else if (operation == Operation::Repair) {
                p.options.verified = nullptr;  // the repair archive (if any) is verified by the flow
            }
            OutcomeView v = fromFlow(operation, flow.run(p));
            // A merge stays Operation::Use (Finish next, as for PATH), but its headline names what it did.
            if (operation == Operation::Use && request.mergeIntoToolkit && v.operation == Operation::Use) {
                const QString merged = tr("Copying cuDNN into the toolkit");
                v.headline.replace(v.name, merged);
                v.name = merged;  // the report names it so too
            }
            return v;
        } catch (const std::exception& e) {
            return failed(operation, Error{codes::kInternal, e.what(), ""});
        }
    });
    return task;
}

}  // namespace cudnnsetup::wizard
