#include "installservice.h"

#include "problemtext.h"
#include "wizardconfig.h"

#include <QDir>
#include <QFileInfo>
#include <QStandardPaths>
#include <QUuid>

#if CUDNN_SETUP_WIZARD_HAVE_INSTALL
#include "archive/verifier.h"
#include "install/archiveinfo.h"
#include "install/engine.h"
#include "install/fileops.h"
#include "install/plan.h"
#include "install/toolkitscan.h"
#include "platform/systempath.h"
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

QString InstallService::defaultStateDir()
{
    if (const QByteArray env = qgetenv("CUDNN_SETUP_STATE_DIR"); !env.isEmpty())
        return QString::fromLocal8Bit(env);
#ifdef Q_OS_WIN
    return qEnvironmentVariable("ProgramData", QStringLiteral("C:/ProgramData")) + QStringLiteral("/cudnn-setup");
#else
    if (QFileInfo(QStringLiteral("/var/lib")).isWritable())
        return QStringLiteral("/var/lib/cudnn-setup");
    const QString xdg = qEnvironmentVariable("XDG_STATE_HOME", QDir::homePath() + QStringLiteral("/.local/state"));
    return xdg + QStringLiteral("/cudnn-setup");
#endif
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

// The machine's library search registration; none when the user chose --no-path, and a
// Windows-layout toolkit on a Linux host gets none either (the plan says so in a note).
std::unique_ptr<SystemPath> systemPathFor(const InstallRequest& r)
{
    if (r.noPath)
        return nullptr;
#ifdef Q_OS_WIN
    return makeWindowsSystemPath();
#else
    return nullptr;
#endif
}

PathState pathStateOf(SystemPath* path, const InstallRequest& r)
{
    PathState state;
    if (!path) {
        state.note = r.noPath ? "PATH left alone (chosen in the wizard)" : "PATH is only changed on Windows";
        return state;
    }
    auto value = path->read();
    if (!value) {
        state.note = value.error().message;
        return state;
    }
    state.available = true;
    state.mechanism = path->mechanism();
    state.location = path->location();
    state.value = *value;
    return state;
}

std::string canonicalRoot(const QString& toolkit)
{
    const QString c = QFileInfo(toolkit).canonicalFilePath();
    return (c.isEmpty() ? QDir::cleanPath(QFileInfo(toolkit).absoluteFilePath()) : c).toStdString();
}

Result<Plan> makePlan(PlanKind kind, const ArchiveInfo* archive, const InstallRequest& r, SystemPath* path)
{
    const std::string root = canonicalRoot(r.toolkit);
    const std::string stateDir = r.stateDir.toStdString();
    auto record = loadRecord(recordPathFor(stateDir, root));
    if (!record)
        return record.error();
    const nlohmann::json* rec = *record ? &**record : nullptr;
    auto state = snapshotToolkit(root, pathsOfInterest(archive, rec, root), stateDir);
    if (!state)
        return state.error();
    const PathState ps = pathStateOf(path, r);
    const PlanOptions options{stateDir, QUuid::createUuid().toString(QUuid::WithoutBraces).toStdString(), r.noPath};
    switch (kind) {
    case PlanKind::Install: return planInstall(*archive, *state, ps, options);
    case PlanKind::Uninstall: return planUninstall(*state, ps, options);
    case PlanKind::Repair:
        return planRepair(archive ? std::optional<ArchiveInfo>(*archive) : std::nullopt, *state, ps, options);
    }
    return Error{"internal", "unknown plan kind", ""};
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
            for (const QString& e : v.pathAfter)
                if (v.pathBefore.indexOf(e) != v.pathAfter.indexOf(e) || !v.pathBefore.contains(e, Qt::CaseInsensitive))
                    v.pathChanged << e;
            break;
        }
        default: break;
        }
    }
    // The apply step writes into the toolkit and the state dir: administrator rights unless both are ours.
    v.needsAdmin = !QFileInfo(toolkit).isWritable();
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
            const ArchiveInfo archive = archiveInfoFrom(*request.verified);
            auto path = systemPathFor(request);
            auto plan = makePlan(PlanKind::Install, &archive, request, path.get());
            if (!plan) {
                v.error = tr("Cannot plan the install into %1: %2").arg(request.toolkit, q(plan.error().message));
                return v;
            }
            v = toView(*plan, request.toolkit);
            v.core = std::make_shared<const Plan>(std::move(*plan));
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
            auto files = makeRealFileOps();
            auto path = systemPathFor(request);
            auto source = makeArchiveStagingSource();
            Engine engine(*files, path.get(), source.get());
            if (operation == Operation::Recover)
                return toOutcome(operation, engine.recover(request.stateDir.toStdString()));
            // An interrupted transaction is finished first, as the command line does.
            const cudnnsetup::Outcome pending = engine.recover(request.stateDir.toStdString());
            if (!pending.ok && !pending.notRestored.empty())
                return toOutcome(Operation::Recover, pending);
            Plan plan;
            if (operation == Operation::Install) {
                if (!request.plan)
                    return failed(operation, Error{"no-plan", "there is no reviewed plan", ""});
                plan = *request.plan;
            } else {
                auto made = makePlan(operation == Operation::Uninstall ? PlanKind::Uninstall : PlanKind::Repair,
                                     nullptr, request, path.get());
                if (!made)
                    return failed(operation, made.error());
                plan = std::move(*made);
            }
            if (!plan.problems.empty()) {
                OutcomeView v = failed(operation, Error{plan.problems.front().code, plan.problems.front().message, ""});
                for (const Problem& p : plan.problems)
                    v.problems << view(p);
                return v;
            }
            ctx.progress.log(InstallService::tr("%n operation(s) planned", "", int(plan.ops.size())).toStdString());
            for (const cudnnsetup::Operation& op : plan.ops)
                ctx.progress.log(op.describe());
            return toOutcome(operation, engine.apply(std::move(plan), &ctx.cancel, &ctx.progress));
        } catch (const std::exception& e) {
            return failed(operation, Error{"internal", e.what(), ""});
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
