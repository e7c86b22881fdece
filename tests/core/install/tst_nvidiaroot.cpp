// "Use this cuDNN" (issue 27): the NVIDIA cuDNN root as a plan root (install/nvidiaroot.h), the
// planner that puts one of its variant folders on PATH (planUse), the uninstall of its record, and
// what checkPlanInvariants lets such a plan do. Trees as NVIDIA's installer leaves them
// (fixtures/toolkitbuilder.h buildNvidiaInstall) in a temporary "Program Files".
#include "fixtures/toolkitbuilder.h"
#include "install/nvidiaroot.h"
#include "install/pathedit.h"
#include "install/plan.h"
#include "install/trust.h"

#include <QTemporaryDir>
#include <QTest>

#include <filesystem>
#include <functional>

using namespace cudnnsetup;
using namespace cudnnsetup::fixtures;
namespace fs = std::filesystem;

Q_DECLARE_METATYPE(std::function<void(Plan&)>)

namespace {
const char* kTx = "20261204T000000Z-abc123";

std::string sub(const std::string& root, const std::string& rel)
{
    return rel.empty() ? root : root + "/" + rel;
}
}  // namespace

class TestNvidiaRoot : public QObject {
    Q_OBJECT
private:
    QTemporaryDir m_dir;
    std::string m_base;     // canonical temporary folder
    std::string m_v93;      // v9.3: bin/12.6
    std::string m_v919;     // v9.19: bin/12.9/x64
    std::string m_two;      // v9.20: bin/12.9/x64 and bin/13.0/x64
    std::string m_state;
    std::string m_pathFile;

    std::string nvidia(const std::string& programFiles, const std::string& cudnn, std::vector<std::string> variants,
                       bool binX64)
    {
        NvidiaInstallSpec s;
        s.cudnn = cudnn;
        s.variants = std::move(variants);
        s.binX64 = binX64;
        return fs::canonical(buildNvidiaInstall(programFiles, s)).generic_string();
    }

    ToolkitState rootState(const std::string& root) const
    {
        ToolkitState t;
        t.root = root;
        return t;
    }

    PathState pathState(const std::optional<std::string>& value) const { return fixtures::windowsPathState(m_pathFile, value); }

    PlanOptions options() const { return PlanOptions{m_state, kTx}; }

    static std::string entry(const std::string& folder) { return pathEntryOf(folder); }

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_base = fs::canonical(m_dir.path().toStdString()).generic_string();
        const std::string pf = m_base + "/Program Files";
        m_v93 = nvidia(pf, "9.3.0.75", {"12.6"}, false);
        m_v919 = nvidia(pf, "9.19.0.56", {"12.9"}, true);
        m_two = nvidia(pf, "9.20.0.48", {"12.9", "13.0"}, true);
        m_state = m_base + "/state";
        m_pathFile = m_base + "/path.txt";
        // Odd shapes, each its own tree.
        fs::create_directories(m_base + "/Program Files/NVIDIA/CUDNN/v9.7/bin");  // no variant
        nvidia(m_base + "/Other", "9.19.0.56", {"12.9"}, true);                 // Other/NVIDIA/CUDNN/v9.19
        fs::create_directories(m_base + "/Elsewhere/CUDNN");
        fs::copy(m_v919, m_base + "/Elsewhere/CUDNN/v9.19", fs::copy_options::recursive);  // not under NVIDIA
        fs::create_directory_symlink(m_base + "/Program Files", m_base + "/PF-link");
        nvidia(m_base + "/Program;Files", "9.19.0.56", {"12.9"}, true);
        nvidia(m_base + "/Program%X%", "9.19.0.56", {"12.9"}, true);
    }

    // The root rule (checkNvidiaCudnnRoot): one per shape, refused with not-a-toolkit.
    void rootRule_data()
    {
        QTest::addColumn<QString>("rel");  // below the temporary folder
        QTest::addColumn<bool>("accepted");
        QTest::addColumn<QString>("why");  // a word of the refusal
        QTest::newRow("v9.3 bin/12.6") << "Program Files/NVIDIA/CUDNN/v9.3" << true << "";
        QTest::newRow("v9.19 bin/12.9/x64") << "Program Files/NVIDIA/CUDNN/v9.19" << true << "";
        QTest::newRow("two variants side by side") << "Program Files/NVIDIA/CUDNN/v9.20" << true << "";
        QTest::newRow("any parent on this host") << "Other/NVIDIA/CUDNN/v9.19" << true << "";
        QTest::newRow("a root with no variant") << "Program Files/NVIDIA/CUDNN/v9.7" << false << "no cuDNN variant";
        QTest::newRow("a link in the chain") << "PF-link/NVIDIA/CUDNN/v9.19" << false << "canonical";
        QTest::newRow("not under NVIDIA/CUDNN") << "Elsewhere/CUDNN/v9.19" << false << "NVIDIA\\CUDNN";
        QTest::newRow("a variant folder, not the root") << "Program Files/NVIDIA/CUDNN/v9.19/bin/12.9/x64" << false
                                                        << "NVIDIA\\CUDNN";
        QTest::newRow("with ..") << "Program Files/NVIDIA/CUDNN/v9.19/bin/.." << false << "canonical";
        QTest::newRow("a ; that splits PATH") << "Program;Files/NVIDIA/CUDNN/v9.19" << false << "split";
        QTest::newRow("a % that expands in PATH") << "Program%X%/NVIDIA/CUDNN/v9.19" << false << "split";
        QTest::newRow("missing") << "Program Files/NVIDIA/CUDNN/v9.99" << false << "canonical";
    }
    void rootRule()
    {
        QFETCH(QString, rel);
        QFETCH(bool, accepted);
        QFETCH(QString, why);
        const auto bad = checkNvidiaCudnnRoot(sub(m_base, rel.toStdString()));
        QVERIFY2(bad.has_value() != accepted, bad ? bad->message.c_str() : "accepted");
        if (bad) {
            QCOMPARE(QString::fromStdString(bad->code), QString("not-a-toolkit"));
            QVERIFY2(QString::fromStdString(bad->message).contains(why), bad->message.c_str());
        }
        QCOMPARE(checkInstallRoot(sub(m_base, rel.toStdString()), m_state, false).has_value(), !accepted);
    }

    void relativeRootRefused() { QVERIFY(checkNvidiaCudnnRoot("Program Files/NVIDIA/CUDNN/v9.19").has_value()); }

    // Exactly the root's variant folders, no link on the way.
    void variantBins_data()
    {
        QTest::addColumn<QString>("root");
        QTest::addColumn<QString>("folder");
        QTest::addColumn<bool>("isVariant");
        const QString v93 = QString::fromStdString(m_v93), v919 = QString::fromStdString(m_v919);
        QTest::newRow("v9.3 bin/12.6") << v93 << v93 + "/bin/12.6" << true;
        QTest::newRow("v9.19 bin/12.9/x64") << v919 << v919 + "/bin/12.9/x64" << true;
        QTest::newRow("v9.19 bin/12.9 (the DLLs are in x64)") << v919 << v919 + "/bin/12.9" << false;
        QTest::newRow("v9.19 bin") << v919 << v919 + "/bin" << false;
        QTest::newRow("another root's variant") << v919 << v93 + "/bin/12.6" << false;
        QTest::newRow("through a link") << v919 << QString::fromStdString(m_base) + "/PF-link/NVIDIA/CUDNN/v9.19/bin/12.9/x64"
                                        << false;
        QTest::newRow("with ..") << v919 << v919 + "/bin/12.9/x64/../x64" << false;
    }
    void variantBins()
    {
        QFETCH(QString, root);
        QFETCH(QString, folder);
        QFETCH(bool, isVariant);
        QCOMPARE(isNvidiaVariantBin(root.toStdString(), folder.toStdString()), isVariant);
    }

    // use --cudnn-root DIR [--cuda X.Y]: which variant, or why none.
    void chooseVariant_data()
    {
        QTest::addColumn<QString>("dir");
        QTest::addColumn<QString>("cuda");
        QTest::addColumn<int>("toolkitMajor");  // 0: no toolkit found
        QTest::addColumn<QString>("binDir");    // chosen; empty: refused
        QTest::addColumn<QString>("code");
        QTest::addColumn<QString>("names");     // the message names this folder
        const QString v93 = QString::fromStdString(m_v93), v919 = QString::fromStdString(m_v919),
                      two = QString::fromStdString(m_two);
        QTest::newRow("v9.3 root: its only variant") << v93 << "" << 0 << v93 + "/bin/12.6" << "" << "";
        QTest::newRow("v9.19 root: its only variant") << v919 << "" << 0 << v919 + "/bin/12.9/x64" << "" << "";
        QTest::newRow("v9.19 variant folder") << v919 + "/bin/12.9/x64" << "" << 0 << v919 + "/bin/12.9/x64" << ""
                                              << "";
        QTest::newRow("two side by side, --cuda 13.0") << two << "13.0" << 0 << two + "/bin/13.0/x64" << "" << "";
        QTest::newRow("two side by side, toolkit CUDA 12") << two << "" << 12 << two + "/bin/12.9/x64" << "" << "";
        QTest::newRow("two side by side, toolkit CUDA 13") << two << "" << 13 << two + "/bin/13.0/x64" << "" << "";
        QTest::newRow("two side by side, nothing to choose by")
            << two << "" << 0 << "" << "variant-ambiguous" << two + "/bin/13.0/x64";
        QTest::newRow("two side by side, toolkit CUDA 11")
            << two << "" << 11 << "" << "variant-ambiguous" << two + "/bin/12.9/x64";
        QTest::newRow("--cuda no variant has") << two << "11.8" << 0 << "" << "variant-ambiguous" << two + "/bin/12.9/x64";
        QTest::newRow("v9.7/bin shape: bin holds no DLL, names the subfolder")
            << v919 + "/bin" << "" << 0 << "" << "not-a-toolkit" << v919 + "/bin/12.9/x64";
        QTest::newRow("bin/12.9 when the DLLs are in x64") << v919 + "/bin/12.9" << "" << 0 << "" << "not-a-toolkit"
                                                           << v919 + "/bin/12.9/x64";
        QTest::newRow("a variant folder and another --cuda") << v919 + "/bin/12.9/x64" << "13.0" << 0 << "" << "not-a-toolkit"
                                                             << v919 + "/bin/12.9/x64";
        QTest::newRow("a folder not under NVIDIA/CUDNN")
            << QString::fromStdString(m_base) + "/Elsewhere/CUDNN/v9.19" << "" << 0 << "" << "not-a-toolkit" << "";
        QTest::newRow("a root with no variant")
            << QString::fromStdString(m_base) + "/Program Files/NVIDIA/CUDNN/v9.7" << "" << 0 << "" << "not-a-toolkit"
            << "";
    }
    void chooseVariant()
    {
        QFETCH(QString, dir);
        QFETCH(QString, cuda);
        QFETCH(int, toolkitMajor);
        QFETCH(QString, binDir);
        QFETCH(QString, code);
        QFETCH(QString, names);
        const auto r = chooseNvidiaVariant(dir.toStdString(), cuda.toStdString(),
                                           toolkitMajor ? std::optional<int>(toolkitMajor) : std::nullopt);
        QVERIFY2(r.ok() == !binDir.isEmpty(), r.ok() ? r->binDir.c_str() : r.error().message.c_str());
        if (r.ok()) {
            QCOMPARE(QString::fromStdString(r->binDir), binDir);
            QVERIFY(isNvidiaVariantBin(r->root, r->binDir));
            return;
        }
        QCOMPARE(QString::fromStdString(r.error().code), code);
        QVERIFY2(QString::fromStdString(r.error().message).contains(names), r.error().message.c_str());
    }

    // planUse: the record, then exactly one PATH change adding the variant folder.
    void planUse_data()
    {
        QTest::addColumn<QString>("root");
        QTest::addColumn<QString>("folder");
        QTest::addColumn<bool>("first");
        QTest::addColumn<QString>("before");
        QTest::addColumn<QString>("after");  // "" : nothing to do
        const QString v93 = QString::fromStdString(m_v93), v919 = QString::fromStdString(m_v919),
                      two = QString::fromStdString(m_two);
        const QString e93 = QString::fromStdString(entry(m_v93 + "/bin/12.6"));
        const QString e919 = QString::fromStdString(entry(m_v919 + "/bin/12.9/x64"));
        const QString e13 = QString::fromStdString(entry(m_two + "/bin/13.0/x64"));
        const QString sys = "%SystemRoot%\\system32;%SystemRoot%";
        QTest::newRow("v9.3 bin/12.6, at the end") << v93 << v93 + "/bin/12.6" << false << sys << sys + ";" + e93;
        QTest::newRow("v9.19 bin/12.9/x64, at the end") << v919 << v919 + "/bin/12.9/x64" << false << sys
                                                        << sys + ";" + e919;
        QTest::newRow("two side by side, the 13.0 one") << two << two + "/bin/13.0/x64" << false << sys << sys + ";" + e13;
        QTest::newRow("first: ahead of older copies") << v919 << v919 + "/bin/12.9/x64" << true
                                                      << "C:\\old\\cudnn;" + sys << e919 + ";C:\\old\\cudnn;" + sys;
        QTest::newRow("a trailing ; stays trailing") << v919 << v919 + "/bin/12.9/x64" << false << sys + ";"
                                                     << sys + ";" + e919 + ";";
        QTest::newRow("quoted and empty entries kept as they are")
            << v919 << v919 + "/bin/12.9/x64" << false << "\"C:\\a b\";;C:\\c" << "\"C:\\a b\";;C:\\c;" + e919;
        QTest::newRow("empty PATH") << v919 << v919 + "/bin/12.9/x64" << false << "" << e919;
        QTest::newRow("already on PATH") << v919 << v919 + "/bin/12.9/x64" << false << sys + ";" + e919 << "";
        QTest::newRow("already on PATH, spelled otherwise")
            << v919 << v919 + "/bin/12.9/x64" << false << sys + ";" + e919.toLower() + "\\" << "";
        QTest::newRow("already first, first") << v919 << v919 + "/bin/12.9/x64" << true << e919 + ";" + sys << "";
        QTest::newRow("on PATH behind an older copy, first: moved")
            << v919 << v919 + "/bin/12.9/x64" << true << "C:\\old\\cudnn;" + e919 << e919 + ";C:\\old\\cudnn";
    }
    void planUse()
    {
        QFETCH(QString, root);
        QFETCH(QString, folder);
        QFETCH(bool, first);
        QFETCH(QString, before);
        QFETCH(QString, after);
        const Plan plan = cudnnsetup::planUse(rootState(root.toStdString()), folder.toStdString(), first,
                                              pathState(before.toStdString()), options());
        QVERIFY(plan.problems.empty());
        QVERIFY(plan.kind == PlanKind::Use);
        QCOMPARE(QString::fromStdString(plan.useFolder), folder);
        QVERIFY(plan.cleanup.empty());
        if (after.isEmpty()) {
            QVERIFY(plan.ops.empty());
            QVERIFY(!plan.notes.empty() && QString::fromStdString(plan.notes[0]).contains("already on the system PATH"));
            return;
        }
        // No work folder, no file: the record, then the PATH change.
        QCOMPARE(plan.ops.size(), std::size_t(2));
        QVERIFY(plan.ops[0].kind == OpKind::WriteRecord);
        QCOMPARE(plan.ops[0].path, recordPathFor(m_state, root.toStdString()));
        const nlohmann::json& rec = *plan.ops[0].record;
        QCOMPARE(rec.at("kind").get<std::string>(), std::string("use"));
        QCOMPARE(QString::fromStdString(rec.at("use").at("folder").get<std::string>()), folder);
        QCOMPARE(rec.at("use").at("position").get<std::string>(), std::string(first ? "first" : "end"));
        QVERIFY(plan.ops[1].kind == OpKind::PathChange);
        QCOMPARE(QString::fromStdString(*plan.ops[1].before), before);
        QCOMPARE(QString::fromStdString(*plan.ops[1].after), after);
        QVERIFY(checkPlanInvariants(plan, m_state, m_pathFile).empty());
        // The plan round-trips through its JSON (the journal) with the same digest.
        QCOMPARE(planDigest(planFromJson(toJson(plan))), planDigest(plan));
    }

    void planUseRefusals_data()
    {
        QTest::addColumn<bool>("pathAvailable");
        QTest::addColumn<QString>("recordedKind");  // a record of the root already there
        QTest::addColumn<QString>("code");
        QTest::newRow("PATH cannot be changed here") << false << "" << "not-a-toolkit";
        QTest::newRow("the root is wired already") << true << "use" << "target-blocked";
    }
    void planUseRefusals()
    {
        QFETCH(bool, pathAvailable);
        QFETCH(QString, recordedKind);
        QFETCH(QString, code);
        ToolkitState t = rootState(m_two);
        if (!recordedKind.isEmpty())
            t.record = nlohmann::json{{"kind", recordedKind.toStdString()},
                                      {"use", {{"folder", m_two + "/bin/12.9/x64"}}}};
        PathState p = pathState("C:\\Windows");
        p.available = pathAvailable;
        const Plan plan = cudnnsetup::planUse(t, m_two + "/bin/13.0/x64", false, p, options());
        QVERIFY(plan.ops.empty());
        QVERIFY(!plan.problems.empty());
        QCOMPARE(QString::fromStdString(plan.problems[0].code), code);
    }

    // Uninstall of a use record: only the entry it added, then the record; nothing else of PATH.
    void uninstallUse_data()
    {
        QTest::addColumn<QString>("now");       // PATH when uninstalling; {E} = the entry use added
        QTest::addColumn<QString>("expected");  // PATH after; "-" : left as it is
        QTest::addColumn<QString>("note");
        QTest::newRow("PATH as use left it: byte-identical to before") << "C:\\a;;\"C:\\b c\";{E}" << "C:\\a;;\"C:\\b c\"" << "";
        QTest::newRow("entries added after: only ours goes") << "C:\\a;;\"C:\\b c\";{E};C:\\later"
                                                             << "C:\\a;;\"C:\\b c\";C:\\later" << "";
        QTest::newRow("the user removed it: nothing, a note") << "C:\\a;;\"C:\\b c\"" << "-" << "no longer on PATH";
    }
    void uninstallUse()
    {
        QFETCH(QString, now);
        QFETCH(QString, expected);
        QFETCH(QString, note);
        const std::string folder = m_v919 + "/bin/12.9/x64";
        const QString e = QString::fromStdString(entry(folder));
        const Plan use = cudnnsetup::planUse(rootState(m_v919), folder, false, pathState("C:\\a;;\"C:\\b c\""), options());
        QCOMPARE(use.ops.size(), std::size_t(2));
        ToolkitState t = rootState(m_v919);
        t.record = use.ops[0].record;
        const Plan un = planUninstall(t, pathState(QString(now).replace("{E}", e).toStdString()),
                                      PlanOptions{m_state, "20261205T000000Z-def456"});
        QVERIFY(un.problems.empty());
        QVERIFY(un.cleanup.empty());  // no work folder in NVIDIA's tree
        const Operation* pathOp = nullptr;
        for (const Operation& op : un.ops) {
            QVERIFY(op.kind == OpKind::PathChange || op.kind == OpKind::WriteRecord);
            if (op.kind == OpKind::PathChange)
                pathOp = &op;
        }
        QVERIFY(un.ops.back().kind == OpKind::WriteRecord);
        QVERIFY(!un.ops.back().record);  // the record goes
        if (expected == "-") {
            QVERIFY(!pathOp);
        } else {
            QVERIFY(pathOp);
            QCOMPARE(QString::fromStdString(*pathOp->after), expected);
        }
        if (!note.isEmpty()) {
            bool found = false;
            for (const std::string& n : un.notes)
                found = found || QString::fromStdString(n).contains(note);
            QVERIFY(found);
        }
        QVERIFY(checkPlanInvariants(un, m_state, m_pathFile).empty());
    }

    // What the elevated side lets a plan of an NVIDIA root do: a forged one is unsafe-plan.
    void invariants_data()
    {
        QTest::addColumn<std::function<void(Plan&)>>("forge");
        QTest::addColumn<bool>("safe");
        const std::string e13 = entry(m_two + "/bin/13.0/x64");
        QTest::newRow("as planned") << std::function<void(Plan&)>([](Plan&) {}) << true;
        QTest::newRow("adds another folder") << std::function<void(Plan&)>([](Plan& p) {
            p.ops[1].after = *p.ops[1].after + ";C:\\Users\\Public\\evil";
        }) << false;
        QTest::newRow("reorders other entries") << std::function<void(Plan&)>([](Plan& p) {
            auto e = splitPathValue(*p.ops[1].after);
            std::swap(e[0], e[1]);
            p.ops[1].after = joinPathValue(e);
        }) << false;
        QTest::newRow("drops another entry") << std::function<void(Plan&)>([](Plan& p) {
            auto e = splitPathValue(*p.ops[1].after);
            e.erase(e.begin());
            p.ops[1].after = joinPathValue(e);
        }) << false;
        QTest::newRow("adds the other variant too") << std::function<void(Plan&)>([e13](Plan& p) {
            p.ops[1].after = *p.ops[1].after + ";" + e13;
        }) << false;
        QTest::newRow("names a folder that is no variant") << std::function<void(Plan&)>([this](Plan& p) {
            p.useFolder = m_two + "/bin";
        }) << false;
        QTest::newRow("writes a file into the tree") << std::function<void(Plan&)>([this](Plan& p) {
            Operation op{.kind = OpKind::PlaceFile, .path = m_two + "/bin/12.9/x64/cudnn64_9.dll"};
            op.source = m_base + "/evil.dll";
            p.ops.insert(p.ops.begin() + 1, op);
        }) << false;
        QTest::newRow("makes a folder in the tree") << std::function<void(Plan&)>([this](Plan& p) {
            p.ops.insert(p.ops.begin(), Operation{.kind = OpKind::CreateDirectory, .path = m_two + "/.cudnn-setup"});
        }) << false;
        QTest::newRow("cleans up in the tree") << std::function<void(Plan&)>([this](Plan& p) {
            p.cleanup.push_back(m_two + "/bin");
        }) << false;
        QTest::newRow("another search path") << std::function<void(Plan&)>([this](Plan& p) {
            p.ops[1].location = p.ops[1].path = m_base + "/other-path.txt";
        }) << false;
        QTest::newRow("record elsewhere") << std::function<void(Plan&)>([this](Plan& p) {
            p.ops[0].path = p.recordPath = m_base + "/record.json";
        }) << false;
        QTest::newRow("an install in NVIDIA's tree") << std::function<void(Plan&)>([](Plan& p) {
            p.kind = PlanKind::Install;
        }) << false;
        QTest::newRow("use of a toolkit-like root elsewhere") << std::function<void(Plan&)>([this](Plan& p) {
            p.toolkit = m_base + "/Elsewhere/CUDNN/v9.19";
        }) << false;
    }
    void invariants()
    {
        QFETCH(std::function<void(Plan&)>, forge);
        QFETCH(bool, safe);
        Plan plan = cudnnsetup::planUse(rootState(m_two), m_two + "/bin/12.9/x64", false,
                                        pathState("C:\\Windows\\system32;C:\\Windows;C:\\tools"), options());
        QCOMPARE(plan.ops.size(), std::size_t(2));
        forge(plan);
        const Problems found = checkPlanInvariants(plan, m_state, m_pathFile);
        QVERIFY2(found.empty() == safe, found.empty() ? "accepted" : found[0].message.c_str());
        for (const Problem& p : found)
            QCOMPARE(QString::fromStdString(p.code), QString("unsafe-plan"));
    }
};

QTEST_GUILESS_MAIN(TestNvidiaRoot)
#include "tst_nvidiaroot.moc"
