// The privileged workflow the command line and the wizard share (install/privilegedflow.h) and the
// helper's own entry (install/trust.h applyIntent), with an elevator that only records what it is
// asked and answers as a helper would: where the apply runs, when a journal is rolled back through
// the helper first, what the helper is given, how its answer is read, and that a reviewed plan is
// applied only while its digest holds (samePlan: the one rule, the helper's too).
#include "installfixture.h"

#include "fixtures/toolkitbuilder.h"

#include "install/helperargs.h"
#include "install/helperprogress.h"
#include "install/privilegedflow.h"
#include "install/statedir.h"
#include "install/trust.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <functional>

using namespace cudnnsetup;
using namespace installtest;

Q_DECLARE_METATYPE(std::function<void(Plan&)>)

namespace {

// Answers `needed` as told and each run with `answer`; records both.
class FakeElevator : public Elevator {
public:
    bool need = true;
    std::function<Result<int>(const std::vector<std::string>& args, std::string* output)> answer;
    mutable std::vector<std::vector<std::string>> neededFor;
    std::vector<std::vector<std::string>> ran;

    bool needed(const std::vector<std::string>& folders) const override
    {
        neededFor.push_back(folders);
        return need;
    }
    Result<int> run(const std::string&, const std::vector<std::string>& args, std::string* output,
                    const std::function<void()>& whileWaiting) override
    {
        ran.push_back(args);
        if (whileWaiting)
            whileWaiting();
        return answer ? answer(args, output) : Result<int>(Error{"elevation-failed", "no answer", "FakeElevator"});
    }
};

class RecordingPrompt : public ElevationPrompt {
public:
    QStringList said;
    void recoverNeedsRights(const InterruptedTransaction&) override { said << "recoverNeedsRights"; }
    void recoveredFirst(const InterruptedTransaction&) override { said << "recoveredFirst"; }
    void flowStarts() override { said << "flowStarts"; }
    void flowFinished(const FlowResult&) override { said << "flowFinished"; }
    void applyNeedsRights(const Plan&) override { said << "applyNeedsRights"; }
};

// `file` becomes a link to a copy of itself at `elsewhere` (the same bytes, reached through a link).
void plantLink(const QString& file, const QString& elsewhere)
{
    QFile::remove(elsewhere);
    if (!QFile::copy(file, elsewhere) || !QFile::remove(file) || !QFile::link(elsewhere, file))
        qFatal("cannot plant a link at %s", qPrintable(file));
}

std::string valueAfter(const std::vector<std::string>& args, const std::string& name)
{
    for (std::size_t i = 0; i + 1 < args.size(); ++i)
        if (args[i] == name)
            return args[i + 1];
    return {};
}

const char* kApplied = R"({"ok":true,"toolkit":"T","actions":[{"op":"place-file","path":"p","description":"place p",
"status":"done"}],"rolled_back":false,"problems":[],"not_restored":[],"warnings":[],"notes":["a note"],"record":null})";
const char* kRolledBack = R"({"ok":false,"toolkit":"T","actions":[],"rolled_back":true,
"problems":[{"code":"target-blocked","path":"p","message":"blocked"}],"not_restored":[],"warnings":[],"notes":[]})";
const char* kNotRestored = R"({"ok":false,"toolkit":"T","actions":[],"rolled_back":true,
"problems":[{"code":"disk-full","message":"full"},{"code":"not-restored","path":"p","message":"left"}],
"not_restored":[{"code":"not-restored","path":"p","message":"left"}],"warnings":[],"notes":[]})";

QByteArray bytesOf(const QString& file)
{
    QFile f(file);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray("(unreadable)");
}

// The elevator of a test that runs the helper's side in this process: its own command line parsed
// as the helper parses it (install/helperargs.h), then applyIntent with the helper's state folder,
// exactly what `cudnn-setup elevated-apply` does short of the process and its JSON document. Before
// that, `meanwhile` changes the disk as someone could between the review and the helper's run.
class InProcessHelper : public Elevator {
public:
    std::string stateDir;
    std::function<void()> meanwhile;
    std::optional<FlowResult> result;  // what the helper's flow returned
    std::vector<std::vector<std::string>> ran;

    bool needed(const std::vector<std::string>&) const override { return true; }
    Result<int> run(const std::string&, const std::vector<std::string>& args, std::string* output,
                    const std::function<void()>&) override
    {
        ran.push_back(args);
        if (meanwhile)
            meanwhile();
        const auto request = parseHelperCommandLine(args);
        if (!request) {
            *output = nlohmann::json{{"ok", false}, {"problems", {{{"code", request.error().code},
                                                                  {"message", request.error().message}}}}}
                          .dump();
            return 2;
        }
        result = cudnnsetup::applyIntent(request->intent, stateDir);
        nlohmann::json problems = nlohmann::json::array();
        for (const Problem& p : result->problems)
            problems.push_back({{"code", p.code}, {"message", p.message}});
        const bool ok = result->outcome && result->outcome->ok;
        *output = nlohmann::json{{"ok", ok}, {"toolkit", result->toolkit}, {"actions", nlohmann::json::array()},
                                 {"rolled_back", false}, {"problems", problems}}
                      .dump();
        return ok ? 0 : int(result->exitCode());
    }
};

}  // namespace

class TestPrivilegedFlow : public QObject {
    Q_OBJECT
private:
    QTemporaryDir m_dir;
    Release m_release;
    int m_toolkits = 0;

    QString freshToolkit()
    {
        const QString root = QDir(m_dir.path()).canonicalPath() + "/toolkit-" + QString::number(++m_toolkits);
        makeToolkit(root);
        return root;
    }
    QString stateDir() const { return QDir(m_dir.path()).canonicalPath() + "/state"; }
    PrivilegedRequest installRequest(const QString& toolkit) const
    {
        PrivilegedRequest r;
        r.kind = PlanKind::Install;
        r.archive = m_release.path.toStdString();
        r.toolkit = toolkit.toStdString();
        r.options.stateDir = stateDir().toStdString();
        r.options.allowUnknown = true;
        r.options.noPath = true;
        return r;
    }
    // The plan the wizard's Review page shows: a dry run of the same workflow.
    Plan reviewedPlan(const QString& toolkit)
    {
        FakeElevator elevator;
        RecordingPrompt prompt;
        PrivilegedRequest r = installRequest(toolkit);
        r.options.dryRun = true;
        const PrivilegedResult dry = PrivilegedFlow(elevator, "helper", nullptr, prompt).run(r);
        if (!dry.flow || !dry.flow->plan)
            qFatal("no plan to review");
        return *dry.flow->plan;
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_release = makeRelease(m_dir.path(), {});
        QVERIFY(QDir().mkpath(stateDir()));
    }

    // The rule the wizard had beside the digest compared only each op's kind, path and backup.
    void samePlanIsTheDigest_data()
    {
        QTest::addColumn<std::function<void(Plan&)>>("change");
        QTest::addColumn<bool>("same");
        QTest::newRow("unchanged") << std::function<void(Plan&)>([](Plan&) {}) << true;
        QTest::newRow("notes and warnings are words, not acts")
            << std::function<void(Plan&)>([](Plan& p) {
                   p.notes.push_back("another note");
                   p.warnings.push_back({"search-path-writable", std::nullopt, "a warning"});
               })
            << true;
        QTest::newRow("an operation's backup") << std::function<void(Plan&)>([](Plan& p) {
            for (Operation& op : p.ops)
                if (op.kind == OpKind::PlaceFile) {
                    op.backup = p.backupDir + "/elsewhere";
                    return;
                }
        }) << false;
        QTest::newRow("an operation's bytes (same kind, path and backup)") << std::function<void(Plan&)>([](Plan& p) {
            for (Operation& op : p.ops)
                if (op.kind == OpKind::PlaceFile) {
                    op.sha256 = std::string(64, 'e');
                    return;
                }
        }) << false;
        QTest::newRow("the archive's hash (every op the same)")
            << std::function<void(Plan&)>([](Plan& p) { p.archive->sha256 = std::string(64, 'f'); }) << false;
        QTest::newRow("an operation more") << std::function<void(Plan&)>([](Plan& p) {
            Operation op = p.ops.back();
            op.path += ".more";
            p.ops.push_back(op);
        }) << false;
    }
    void samePlanIsTheDigest()
    {
        QFETCH(std::function<void(Plan&)>, change);
        QFETCH(bool, same);
        const Plan reviewed = planFor(PlanKind::Install, &m_release.info, freshToolkit(), stateDir(), QString(),
                                      "20261201T000000Z-same");
        Plan now = reviewed;
        change(now);
        QCOMPARE(samePlan(reviewed, now), same);
        QCOMPARE(samePlan(reviewed, now), planDigest(reviewed) == planDigest(now));
    }

    void chooseElevation_data()
    {
        QTest::addColumn<bool>("needed");
        QTest::addColumn<bool>("always");
        QTest::addColumn<bool>("applyHere");
        QTest::newRow("writable: here, in the user's folder") << false << false << true;
        QTest::newRow("not writable: the helper, in its folder") << true << false << false;
        QTest::newRow("always elevate (the wizard's setting)") << false << true << false;
    }
    void chooseElevation()
    {
        QFETCH(bool, needed);
        QFETCH(bool, always);
        QFETCH(bool, applyHere);
        FakeElevator elevator;
        elevator.need = needed;
        const std::string dir = stateDir().toStdString();
        const ElevationChoice c = cudnnsetup::chooseElevation(elevator, "/opt/cuda", dir, always);
        QCOMPARE(c.applyHere, applyHere);
        QCOMPARE(c.stateDir, applyHere ? dir : elevatedStateDirFor(dir));
        if (!always) {
            QCOMPARE(elevator.neededFor.size(), std::size_t(1));
            QCOMPARE(elevator.neededFor.front(), (std::vector<std::string>{"/opt/cuda", dir}));
        }
    }

    void recoverFirst_data()
    {
        QTest::addColumn<bool>("journal");
        QTest::addColumn<bool>("needsElevation");
        QTest::addColumn<bool>("applyHere");
        QTest::addColumn<bool>("dryRun");
        QTest::addColumn<bool>("first");
        QTest::newRow("the helper's journal before the helper's apply") << true << true << false << false << true;
        QTest::newRow("no journal") << false << false << false << false << false;
        QTest::newRow("a journal this process rolls back (the flow does)") << true << false << false << false << false;
        QTest::newRow("applied here: the flow recovers") << true << true << true << false << false;
        QTest::newRow("a dry run changes nothing") << true << true << false << true << false;
    }
    void recoverFirst()
    {
        QFETCH(bool, journal);
        QFETCH(bool, needsElevation);
        QFETCH(bool, applyHere);
        QFETCH(bool, dryRun);
        QFETCH(bool, first);
        std::optional<InterruptedTransaction> t;
        if (journal)
            t = InterruptedTransaction{"/var/lib/cudnn-setup", "/opt/cuda", "tx", needsElevation};
        QCOMPARE(recoverFirstThroughHelper(t, applyHere, dryRun), first);
    }

    void recoverThroughHelper_data()
    {
        QTest::addColumn<bool>("needsElevation");
        QTest::addColumn<QString>("journalToolkit");
        QTest::addColumn<QString>("named");  // "-": no --toolkit
        QTest::addColumn<bool>("throughHelper");
        QTest::newRow("no toolkit named") << true << "/opt/cuda" << "-" << true;
        QTest::newRow("the journal's toolkit, spelled otherwise") << true << "/opt/cuda" << "/opt/./cuda" << true;
        QTest::newRow("another toolkit: not this command's") << true << "/opt/cuda" << "/opt/other" << false;
        QTest::newRow("a journal that names none") << true << "" << "/opt/other" << true;
        QTest::newRow("a journal this process may roll back") << false << "/opt/cuda" << "-" << false;
    }
    void recoverThroughHelper()
    {
        QFETCH(bool, needsElevation);
        QFETCH(QString, journalToolkit);
        QFETCH(QString, named);
        QFETCH(bool, throughHelper);
        const InterruptedTransaction t{"/var/lib/cudnn-setup", journalToolkit.toStdString(), "tx", needsElevation};
        const auto toolkit = named == "-" ? std::nullopt : std::optional(named.toStdString());
        QCOMPARE(cudnnsetup::recoverThroughHelper(t, toolkit), throughHelper);
        QVERIFY(!cudnnsetup::recoverThroughHelper(std::nullopt, toolkit));
    }

    void helperOutcome_data()
    {
        QTest::addColumn<QString>("document");
        QTest::addColumn<int>("rc");
        QTest::addColumn<int>("exitCode");
        QTest::addColumn<bool>("ok");
        QTest::addColumn<QStringList>("problems");
        QTest::addColumn<int>("notRestored");
        QTest::addColumn<bool>("documentKept");
        QTest::newRow("applied") << kApplied << 0 << 0 << true << QStringList() << 0 << true;
        QTest::newRow("rolled back") << kRolledBack << 3 << 3 << false << QStringList{"target-blocked"} << 0 << true;
        QTest::newRow("not restored: listed once") << kNotRestored << 5 << 5 << false << QStringList{"disk-full"} << 1
                                                   << true;
        QTest::newRow("no document, exit 0: recover is the advice")
            << "" << 0 << 5 << false << QStringList{"elevation-failed"} << 0 << false;
        QTest::newRow("no document, its own exit code") << "" << 2 << 2 << false << QStringList{"elevation-failed"} << 0
                                                        << false;
        QTest::newRow("not JSON") << "Segmentation fault" << 139 << 139 << false << QStringList{"elevation-failed"} << 0
                                  << false;
        QTest::newRow("JSON of another shape") << "[1,2]" << 0 << 5 << false << QStringList{"elevation-failed"} << 0
                                               << false;
    }
    void helperOutcome()
    {
        QFETCH(QString, document);
        QFETCH(int, rc);
        QFETCH(int, exitCode);
        QFETCH(bool, ok);
        QFETCH(QStringList, problems);
        QFETCH(int, notRestored);
        QFETCH(bool, documentKept);
        const HelperOutcome h = helperOutcomeFrom(document.toStdString(), rc);
        QCOMPARE(h.exitCode, exitCode);
        QCOMPARE(h.outcome.ok, ok);
        QCOMPARE(h.failed(), !ok);
        QStringList codes;
        for (const Problem& p : h.outcome.problems)
            codes << QString::fromStdString(p.code);
        QCOMPARE(codes, problems);
        QCOMPARE(int(h.outcome.notRestored.size()), notRestored);
        QCOMPARE(!h.document.is_null(), documentKept);
        if (documentKept)  // the command line prints it as the helper wrote it
            QVERIFY(h.document == nlohmann::json::parse(document.toStdString()));
        if (ok) {
            QCOMPARE(h.outcome.actions.size(), std::size_t(1));
            QCOMPARE(h.outcome.notes, std::vector<std::string>{"a note"});
        }
    }

    void helperNotStartedIsExit4()
    {
        const HelperOutcome h = helperNotStarted({"elevation-refused", "no rights", "pkexec exit 126"});
        QCOMPARE(h.exitCode, 4);
        QVERIFY(h.failed());
        QVERIFY(h.document.is_null());
        QCOMPARE(h.outcome.problems.size(), std::size_t(1));
        QCOMPARE(h.outcome.problems.front().code, std::string("elevation-refused"));
    }

    // Through the workflow: the plan goes to the helper as an intent, and its answer comes back
    // from its pipe, or from its state folder where there is none (Windows "runas").
    void applyThroughHelper_data()
    {
        QTest::addColumn<QString>("helper");
        QTest::addColumn<int>("exitCode");
        QTest::addColumn<QString>("problem");
        QTest::addColumn<bool>("elevated");  // its own document came back
        QTest::newRow("granted, its document on the pipe") << "pipe" << 0 << "" << true;
        QTest::newRow("granted, its document in its state folder (runas)") << "folder" << 0 << "" << true;
        QTest::newRow("rolled back by the helper") << "rolled-back" << 3 << "target-blocked" << true;
        QTest::newRow("refused: nothing changed") << "refused" << 4 << "elevation-refused" << false;
        QTest::newRow("no document anywhere") << "silent" << 5 << "elevation-failed" << false;
    }
    void applyThroughHelper()
    {
        QFETCH(QString, helper);
        QFETCH(int, exitCode);
        QFETCH(QString, problem);
        QFETCH(bool, elevated);
        const QString toolkit = freshToolkit();
        const QStringList before = manifest(toolkit);
        FakeElevator elevator;
        const std::string state = stateDir().toStdString();
        elevator.answer = [&](const std::vector<std::string>& args, std::string* output) -> Result<int> {
            if (helper == "refused")
                return Error{"elevation-refused", "Administrator rights were not granted.", "pkexec exit 126"};
            if (helper == "pipe")
                *output = kApplied;
            else if (helper == "folder")
                writeHelperOutcome(state, valueAfter(args, "--transaction"), kApplied);
            else if (helper == "rolled-back")
                *output = kRolledBack;
            return helper == "rolled-back" ? 3 : 0;
        };
        RecordingPrompt prompt;
        const PrivilegedResult r = PrivilegedFlow(elevator, "the-helper", nullptr, prompt).run(installRequest(toolkit));
        QVERIFY(!r.recovered);
        QVERIFY(r.flow);
        QCOMPARE(int(r.flow->status), int(FlowStatus::Planned));
        QVERIFY(r.applied);
        QCOMPARE(r.applied->exitCode, exitCode);
        QCOMPARE(r.applied->outcome.ok, exitCode == 0);
        QCOMPARE(!r.applied->document.is_null(), elevated);
        if (!problem.isEmpty())
            QCOMPARE(QString::fromStdString(r.applied->outcome.problems.at(0).code), problem);
        // The helper was given the intent for the plan made here, on its own command line.
        QCOMPARE(elevator.ran.size(), std::size_t(1));
        const std::vector<std::string>& args = elevator.ran.front();
        QCOMPARE(args.front(), std::string(kHelperApply));
        QCOMPARE(valueAfter(args, "--plan-digest"), r.flow->planDigest);
        QCOMPARE(valueAfter(args, "--transaction"), r.flow->plan->transactionId);
        QCOMPARE(valueAfter(args, "--toolkit"), toolkit.toStdString());
        QCOMPARE(prompt.said, (QStringList{"flowStarts", "flowFinished", "applyNeedsRights"}));
        QCOMPARE(manifest(toolkit), before);  // nothing applied on this side
        QFile::remove(QString::fromStdString(helperOutcomePathIn(state)));
    }

    void dryRunNeverAsks()
    {
        const QString toolkit = freshToolkit();
        FakeElevator elevator;
        RecordingPrompt prompt;
        PrivilegedRequest request = installRequest(toolkit);
        request.options.dryRun = true;
        const PrivilegedResult r = PrivilegedFlow(elevator, "the-helper", nullptr, prompt).run(request);
        QVERIFY(r.flow && r.flow->plan);
        QCOMPARE(int(r.flow->status), int(FlowStatus::Planned));
        QVERIFY(!r.applied);
        QVERIFY(elevator.ran.empty());
        // The plan names the state folder the helper would use, so the record it shows is the helper's.
        QCOMPARE(r.flow->plan->stateDir, elevatedStateDirFor(stateDir().toStdString()));
    }

    // The wizard's Install: the Review page's plan is applied only while it is still the plan.
    void reviewedPlanOnly_data()
    {
        QTest::addColumn<QString>("meanwhile");
        QTest::addColumn<bool>("applied");
        QTest::newRow("nothing changed: the reviewed plan goes to the helper") << "nothing" << true;
        QTest::newRow("only the reviewed plan's words differ") << "notes" << true;
        QTest::newRow("a file appeared where the plan adds one") << "intruder" << false;
    }
    void reviewedPlanOnly()
    {
        QFETCH(QString, meanwhile);
        QFETCH(bool, applied);
        const QString toolkit = freshToolkit();
        Plan reviewed = reviewedPlan(toolkit);
        if (meanwhile == "notes")
            reviewed.notes.push_back("said differently");
        if (meanwhile == "intruder") {
            QString added;
            for (const Operation& op : reviewed.ops)
                if (op.kind == OpKind::PlaceFile && op.backup.empty())
                    added = QString::fromStdString(op.path);
            QVERIFY(!added.isEmpty());
            QFile intruder(added);
            QVERIFY(intruder.open(QIODevice::WriteOnly));
            intruder.write("someone else's file");
        }
        FakeElevator elevator;
        elevator.answer = [](const std::vector<std::string>&, std::string* output) -> Result<int> {
            *output = kApplied;
            return 0;
        };
        RecordingPrompt prompt;
        PrivilegedRequest request = installRequest(toolkit);
        request.reviewed = &reviewed;
        const PrivilegedResult r = PrivilegedFlow(elevator, "the-helper", nullptr, prompt).run(request);
        QVERIFY(r.flow);
        QCOMPARE(bool(r.applied), applied);
        if (applied) {
            // The intent carries the reviewed plan's digest and transaction: what the helper must arrive at.
            QCOMPARE(elevator.ran.size(), std::size_t(1));
            QCOMPARE(valueAfter(elevator.ran.front(), "--plan-digest"), planDigest(reviewed));
            QCOMPARE(valueAfter(elevator.ran.front(), "--transaction"), reviewed.transactionId);
        } else {
            QVERIFY(elevator.ran.empty());
            QCOMPARE(int(r.flow->status), int(FlowStatus::Refused));
            QCOMPARE(r.flow->problems.at(0).code, std::string("target-changed"));
            QCOMPARE(int(r.flow->exitCode()), 3);
        }
    }

    // use --toolkit (issue 27) end to end through the helper: the unelevated side plans the merge,
    // the helper gets `--operation use --merge --use-folder DIR` and reads the variant itself; a link
    // put into the variant folder after the review is refused there, the toolkit untouched.
    void mergeThroughHelper_data()
    {
        QTest::addColumn<QString>("meanwhile");
        QTest::addColumn<int>("status");  // the helper's flow
        QTest::addColumn<QString>("problem");
        QTest::newRow("merged by the helper") << "" << int(FlowStatus::Applied) << "";
        QTest::newRow("a link in the variant folder, refused by the helper")
            << "link" << int(FlowStatus::BadArchive) << "unsafe-path";
    }
    void mergeThroughHelper()
    {
        QFETCH(QString, meanwhile);
        QFETCH(int, status);
        QFETCH(QString, problem);
        QTemporaryDir pf;
        const QString base = QDir(pf.path()).canonicalPath();
        const QString root = QString::fromStdString(
            fixtures::buildNvidiaInstall((base + "/Program Files").toStdString(), fixtures::NvidiaInstallSpec{}));
        const QString variant = root + "/bin/12.9/x64";
        fixtures::ToolkitSpec tks;
        tks.cuda = "12.8.1";
        const QString tk = QString::fromStdString(fixtures::buildToolkit((base + "/CUDA/v12.8").toStdString(), tks));
        const QStringList before = manifest(tk);

        InProcessHelper helper;
        helper.stateDir = elevatedStateDirFor((base + "/state").toStdString());
        if (meanwhile == "link")
            helper.meanwhile = [&] { plantLink(variant + "/cudnn_ops64_9.dll", base + "/elsewhere.dll"); };
        RecordingPrompt prompt;
        PrivilegedRequest r;
        r.kind = PlanKind::Use;
        r.toolkit = tk.toStdString();
        r.options.stateDir = (base + "/state").toStdString();
        r.options.mergeIntoToolkit = true;
        r.options.useFolder = variant.toStdString();
        r.options.noPath = true;
        r.alwaysElevate = true;
        const PrivilegedResult res = PrivilegedFlow(helper, "the-helper", nullptr, prompt).run(r);
        QVERIFY(res.flow && res.flow->status == FlowStatus::Planned);
        QCOMPARE(helper.ran.size(), std::size_t(1));
        QCOMPARE(valueAfter(helper.ran.front(), "--operation"), std::string("use"));
        QCOMPARE(valueAfter(helper.ran.front(), "--use-folder"), variant.toStdString());
        QVERIFY(std::find(helper.ran.front().begin(), helper.ran.front().end(), "--merge") != helper.ran.front().end());
        QVERIFY(helper.result);
        QVERIFY2(int(helper.result->status) == status,
                 helper.result->problems.empty() ? "no problem" : helper.result->problems[0].message.c_str());
        if (status == int(FlowStatus::Applied)) {
            QVERIFY(res.applied && !res.applied->failed());
            QCOMPARE(bytesOf(tk + "/bin/cudnn_ops64_9.dll"), bytesOf(variant + "/cudnn_ops64_9.dll"));
        } else {
            QCOMPARE(QString::fromStdString(helper.result->problems.at(0).code), problem);
            QVERIFY(res.applied && res.applied->failed());
            QCOMPARE(manifest(tk), before);
        }
    }

    // repair --toolkit of a merged toolkit through the helper (issue 27): the intent names the folder
    // (`--operation repair --use-folder DIR`, never --archive), the helper takes it only if its own
    // record names that folder, reads the files itself, and applies only the reviewed plan.
    void repairMergedThroughHelper_data()
    {
        QTest::addColumn<QString>("meanwhile");  // done before the helper runs
        QTest::addColumn<int>("status");         // the helper's flow
        QTest::addColumn<QString>("problem");
        QTest::newRow("the truncated DLL restored from the recorded folder") << "" << int(FlowStatus::Applied) << "";
        QTest::newRow("a request naming another folder than the record's")
            << "other folder" << int(FlowStatus::Usage) << "not-a-toolkit";
        QTest::newRow("a link in the variant folder, refused by the helper")
            << "link" << int(FlowStatus::BadArchive) << "unsafe-path";
    }
    void repairMergedThroughHelper()
    {
        QFETCH(QString, meanwhile);
        QFETCH(int, status);
        QFETCH(QString, problem);
        QTemporaryDir pf;
        const QString base = QDir(pf.path()).canonicalPath();
        const QString programFiles = base + "/Program Files";
        const QString root =
            QString::fromStdString(fixtures::buildNvidiaInstall(programFiles.toStdString(), fixtures::NvidiaInstallSpec{}));
        fixtures::NvidiaInstallSpec other;
        other.cudnn = "9.20.0.48";
        const QString otherRoot = QString::fromStdString(fixtures::buildNvidiaInstall(programFiles.toStdString(), other));
        const QString variant = root + "/bin/12.9/x64";
        fixtures::ToolkitSpec tks;
        tks.cuda = "12.8.1";
        const QString tk = QString::fromStdString(fixtures::buildToolkit((base + "/CUDA/v12.8").toStdString(), tks));
        const std::string state = (base + "/state").toStdString();

        InProcessHelper helper;
        helper.stateDir = elevatedStateDirFor(state);
        RecordingPrompt prompt;
        PrivilegedRequest merge;
        merge.kind = PlanKind::Use;
        merge.toolkit = tk.toStdString();
        merge.options.stateDir = state;
        merge.options.mergeIntoToolkit = true;
        merge.options.useFolder = variant.toStdString();
        merge.options.noPath = true;
        merge.alwaysElevate = true;
        QVERIFY(!PrivilegedFlow(helper, "the-helper", nullptr, prompt).run(merge).applied->failed());
        const QByteArray good = bytesOf(tk + "/bin/cudnn_ops64_9.dll");
        QVERIFY(!good.isEmpty());
        QVERIFY(QFile(tk + "/bin/cudnn_ops64_9.dll").resize(0));
        const QStringList damaged = manifest(tk);

        helper.ran.clear();
        helper.result.reset();
        if (meanwhile == "link")
            helper.meanwhile = [&] { plantLink(variant + "/cudnn_ops64_9.dll", base + "/elsewhere.dll"); };
        // Someone rewrites the helper's command line to another NVIDIA variant folder (one that passes
        // every rule of a variant): only the record's folder is taken.
        PrivilegedRequest repair;
        repair.kind = PlanKind::Repair;
        repair.toolkit = tk.toStdString();
        repair.options.stateDir = state;
        repair.alwaysElevate = true;
        class Rewriting : public Elevator {
        public:
            InProcessHelper* inner = nullptr;
            std::string folder;
            bool needed(const std::vector<std::string>& f) const override { return inner->needed(f); }
            Result<int> run(const std::string& p, const std::vector<std::string>& args, std::string* out,
                            const std::function<void()>& w) override
            {
                std::vector<std::string> changed = args;
                for (std::size_t i = 0; i + 1 < changed.size(); ++i)
                    if (changed[i] == "--use-folder" && !folder.empty())
                        changed[i + 1] = folder;
                return inner->run(p, changed, out, w);
            }
        } elevator;
        elevator.inner = &helper;
        if (meanwhile == "other folder")
            elevator.folder = (otherRoot + "/bin/12.9/x64").toStdString();
        const PrivilegedResult res = PrivilegedFlow(elevator, "the-helper", nullptr, prompt).run(repair);
        QVERIFY2(res.flow && res.flow->status == FlowStatus::Planned,
                 res.flow && !res.flow->problems.empty() ? res.flow->problems[0].message.c_str() : "no plan");
        QCOMPARE(helper.ran.size(), std::size_t(1));
        const std::vector<std::string>& args = helper.ran.front();
        QCOMPARE(valueAfter(args, "--operation"), std::string("repair"));
        QVERIFY(std::find(args.begin(), args.end(), "--archive") == args.end());
        QVERIFY(helper.result);
        QVERIFY2(int(helper.result->status) == status,
                 helper.result->problems.empty() ? "no problem" : helper.result->problems[0].message.c_str());
        if (status == int(FlowStatus::Applied)) {
            QCOMPARE(valueAfter(args, "--use-folder"), variant.toStdString());
            QVERIFY(res.applied && !res.applied->failed());
            QCOMPARE(bytesOf(tk + "/bin/cudnn_ops64_9.dll"), good);
        } else {
            QCOMPARE(QString::fromStdString(helper.result->problems.at(0).code), problem);
            QVERIFY(res.applied && res.applied->failed());
            QCOMPARE(manifest(tk), damaged);
        }
    }

    // The helper's entry (trust.h applyIntent): the request checked against the disk first, then
    // only a plan with the reviewed digest applied.
    void applyIntent_data()
    {
        QTest::addColumn<QString>("request");
        QTest::addColumn<int>("status");
        QTest::addColumn<QString>("problem");
        QTest::newRow("the reviewed plan") << "reviewed" << int(FlowStatus::Applied) << "";
        QTest::newRow("the digest of another plan") << "digest" << int(FlowStatus::Refused) << "plan-changed";
        QTest::newRow("an archive that is not there") << "archive" << int(FlowStatus::Usage) << "missing-file";
        QTest::newRow("a folder that is not a toolkit") << "toolkit" << int(FlowStatus::Usage) << "not-a-toolkit";
    }
    void applyIntent()
    {
        QFETCH(QString, request);
        QFETCH(int, status);
        QFETCH(QString, problem);
        const QString toolkit = freshToolkit();
        const QStringList before = manifest(toolkit);
        Intent in = intentFor(reviewedPlan(toolkit), true, std::nullopt, std::nullopt, true);
        if (request == "digest")
            in.planDigest = std::string(64, '0');
        if (request == "archive")
            in.archive = (m_dir.path() + "/gone.zip").toStdString();
        if (request == "toolkit") {
            in.toolkit = (QDir(m_dir.path()).canonicalPath() + "/plain").toStdString();
            QVERIFY(QDir().mkpath(QString::fromStdString(in.toolkit)));
        }
        const std::string state = elevatedStateDirFor(stateDir().toStdString());
        const FlowResult r = cudnnsetup::applyIntent(in, state);
        QString all;
        for (const Problem& p : r.problems)
            all += QString::fromStdString(p.code + ": " + p.message) + "\n";
        QVERIFY2(int(r.status) == status, qPrintable(QString("status %1\n%2").arg(int(r.status)).arg(all)));
        if (!problem.isEmpty())
            QCOMPARE(QString::fromStdString(r.problems.at(0).code), problem);
        if (status == int(FlowStatus::Applied)) {
            QVERIFY2(r.outcome && r.outcome->ok, qPrintable(all));
            QVERIFY(manifest(toolkit) != before);
        } else {
            QCOMPARE(manifest(toolkit), before);
        }
        QVERIFY(!QFile::exists(QString::fromStdString(helperProgressPathIn(state))));  // the writer went with it
    }
};

QTEST_GUILESS_MAIN(TestPrivilegedFlow)
#include "tst_privilegedflow.moc"
