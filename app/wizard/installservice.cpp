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
#include "platform/elevation.h"
#include "platform/systempath.h"

#include <QTemporaryDir>

#include <fstream>
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

// The machine's library search registration; none when the user chose --no-path, and a
// Windows-layout toolkit on a Linux host gets none either (the plan says so in a note).
std::unique_ptr<SystemPath> systemPathFor(const InstallRequest& r)
{
    if (r.noPath)
        return nullptr;
    // The command line's test hook (docs/install.md): a file stands in for the Windows system PATH.
    if (const QByteArray file = qgetenv("CUDNN_SETUP_TEST_SYSTEM_PATH_FILE"); !file.isEmpty())
        return makeFileSystemPath(file.toStdString());
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
    state.lookup = [path](std::string_view name) { return path->lookupVariable(name); };
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

// The apply step through the core's elevated helper (`cudnn-setup-cli elevated-apply PLAN`, started by
// pkexec / UAC; docs/install.md "Elevation"), as the command line does when the toolkit is not writable.
// The helper re-checks the plan and re-hashes the archive; its JSON outcome comes back on stdout.
OutcomeView applyElevated(Operation operation, const InstallRequest& r, const Plan& plan, Elevator& elevator,
                          TaskContext& ctx)
{
    QTemporaryDir dir;
    const std::string planFile = (dir.path() + QStringLiteral("/plan.json")).toStdString();
    {
        std::ofstream out(planFile, std::ios::trunc);
        out << toJson(plan).dump(1);
        if (!out)
            return failed(operation, Error{"io-error", "cannot write the plan for the elevated helper: " + planFile, ""});
    }
    ctx.progress.log(InstallService::tr("Administrator rights are needed: asking for them to run the installer's "
                                        "helper.").toStdString());
    std::string output;
    auto rc = elevator.run(r.helperProgram.toStdString(),
                                 {"--json", "--state-dir", plan.stateDir, "elevated-apply", planFile}, &output);
    if (!rc) {
        OutcomeView v = failed(operation, rc.error());
        v.exitCode = int(ExitCode::NeedsAdmin);
        v.problems << view(Problem{rc.error().code, std::nullopt, rc.error().message});
        return v;
    }
    cudnnsetup::Outcome o;
    try {
        const nlohmann::json doc = nlohmann::json::parse(output);
        o.ok = doc.value("ok", false);
        o.rolledBack = doc.value("rolled_back", false);
        if (doc.contains("actions") && doc["actions"].is_array())
            o.actions = doc["actions"];
        o.notRestored = problemsFrom(doc.value("not_restored", nlohmann::json::array()));
        for (Problem& p : problemsFrom(doc.value("problems", nlohmann::json::array())))
            if (p.code != "not-restored")  // the document lists them in both
                o.problems.push_back(std::move(p));
    } catch (const std::exception&) {
        OutcomeView v = failed(operation, Error{"elevation-failed", "The elevated helper gave no result (exit " +
                                                    std::to_string(*rc) + "); run `cudnn-setup recover` as an administrator.", ""});
        v.exitCode = *rc == 0 ? int(ExitCode::NotRolledBack) : *rc;
        v.problems << view(Problem{"elevation-failed", std::nullopt, "The elevated helper gave no result."});
        return v;
    }
    OutcomeView v = toOutcome(operation, o);
    v.exitCode = *rc;
    v.elevated = true;
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
                // Repair from a chosen archive (`repair --archive`): verified here first; an archive of
                // unknown origin is accepted as the command line does, a damaged one is refused.
                std::optional<ArchiveInfo> archive;
                if (operation == Operation::Repair && !request.archive.isEmpty()) {
                    VerifyOptions vo;
                    vo.progress = &ctx.progress;
                    vo.cancel = &ctx.cancel;
                    const VerifyResult verified = verifyArchive(request.archive.toStdString(), vo);
                    if (!verified.ok()) {
                        const std::string why = verified.cancelled ? std::string("cancelled while verifying the archive")
                                                : verified.problems.empty() ? std::string("the archive did not pass verification")
                                                                            : verified.problems.front().message;
                        OutcomeView v = failed(operation, Error{"bad-archive", why, request.archive.toStdString()});
                        v.exitCode = int(verified.cancelled ? ExitCode::RolledBack : ExitCode::Bad);
                        for (const Problem& p : verified.problems)
                            v.problems << view(p);
                        return v;
                    }
                    archive = archiveInfoFrom(verified);
                }
                auto made = makePlan(operation == Operation::Uninstall ? PlanKind::Uninstall : PlanKind::Repair,
                                     archive ? &*archive : nullptr, request, path.get());
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
            if (auto elevator = makeElevator(); elevator->needed({plan.toolkit, plan.stateDir}))
                return applyElevated(operation, request, plan, *elevator, ctx);
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
