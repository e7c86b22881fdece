// Install from a zip into NVIDIA's layout and repair of NVIDIA's own install (issue 27): the plans
// (planInstall / planRepair / planUninstall with PlanOptions::nvidiaLayout) as data, and what
// checkPlanInvariants lets such a plan do. Roots are real folders where the rule reads the disk
// (a temporary "Program Files", fixtures/toolkitbuilder.h buildNvidiaInstall).
#include "common/problemcodes.h"
#include "fixtures/toolkitbuilder.h"
#include "install/nvidiamapping.h"
#include "install/nvidiaroot.h"
#include "install/pathedit.h"
#include "install/plan.h"
#include "install/trust.h"

#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <filesystem>
#include <functional>

using namespace cudnnsetup;
namespace fs = std::filesystem;

Q_DECLARE_METATYPE(std::function<void(cudnnsetup::Plan&)>)

namespace {
const char* kTx = "20261205T000000Z-abc123";
const NvidiaVariantLayout k129{"12.9", true, ""};

// A 9.19 cuda12 zip as the flow hands it to the planner: toolkit targets moved into bin/12.9/x64 etc.
ArchiveInfo zip919(const std::string& cudnn = "9.19.0.56")
{
    const std::string root = "cudnn-windows-x86_64-" + cudnn + "_cuda12-archive/";
    const ArchiveFolders folders{root, "bin/x64", "include", "lib/x64"};
    ArchiveInfo a;
    a.path = "/downloads/" + root.substr(0, root.size() - 1) + ".zip";
    a.sha256 = std::string(64, 'b');
    a.authenticity = "official";
    a.cudnn = cudnn;
    a.cuda = "12";
    a.platform = "windows-x86_64";
    a.folders = folders;
    a.buildCudaMajor = 12;
    std::uint32_t crc = 1;
    for (const std::string& e : {root + "bin/x64/cudnn64_9.dll", root + "bin/x64/cudnn_ops64_9.dll",
                                 root + "include/cudnn.h", root + "include/cudnn_version.h", root + "lib/x64/cudnn.lib"})
        a.files.push_back({e, toolkitTargetFor(e, folders).value(), 100 + crc, crc++});
    mapIntoNvidiaLayout(a, k129);
    return a;
}

const Operation* find(const Plan& p, OpKind kind, const std::string& suffix)
{
    for (const Operation& op : p.ops)
        if (op.kind == kind && op.path.ends_with(suffix))
            return &op;
    return nullptr;
}
}  // namespace

class TestNvidiaInstall : public QObject {
    Q_OBJECT
private:
    QTemporaryDir m_dir;
    std::string m_base, m_state, m_pathFile, m_v919, m_v919cuda13;

    PathState pathState(const std::string& value) const { return fixtures::windowsPathState(m_pathFile, value); }
    PlanOptions options(const std::vector<std::string>& create = {}) const
    {
        return PlanOptions{m_state, kTx, false, false, false, k129, create};
    }
    // The root as the snapshot sees it: the variant's folders and the files given (rel -> size, crc, damage).
    ToolkitState root(const std::string& path, const std::vector<std::tuple<std::string, std::uint64_t, std::string>>& files,
                      const std::string& version = "") const
    {
        ToolkitState t;
        t.root = path;
        t.cudnnVersion = version;
        for (const char* d : {"bin", "bin/12.9", "bin/12.9/x64", "include", "include/12.9", "lib", "lib/12.9", "lib/12.9/x64"})
            t.nodes[d] = {NodeType::Directory};
        std::uint32_t crc = 1;
        for (const auto& [rel, size, damage] : files) {
            ExistingNode n{NodeType::File, size, crc++, "sha-" + rel};
            n.damage = damage;
            t.nodes[rel] = n;
            t.cudnnFiles.push_back(rel);
        }
        return t;
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_base = fs::canonical(m_dir.path().toStdString()).generic_string();
        m_state = m_base + "/state";
        m_pathFile = m_base + "/path.txt";
        fixtures::NvidiaInstallSpec s;
        m_v919 = fs::canonical(fixtures::buildNvidiaInstall(m_base + "/pf1", s)).generic_string();
        s.variants = {"13.0"};
        m_v919cuda13 = fs::canonical(fixtures::buildNvidiaInstall(m_base + "/pf2", s)).generic_string();
    }

    // Into a root that is not there: the record naming the folders first, then the folders, the
    // variant's files, its bin folder on PATH, the record with nvidia_layout and created_root.
    void installIntoNewRoot()
    {
        const std::string r = m_base + "/pf0/NVIDIA/CUDNN/v9.19";
        const std::vector<std::string> make{m_base + "/pf0/NVIDIA", m_base + "/pf0/NVIDIA/CUDNN", r};
        ToolkitState t;
        t.root = r;
        const Plan p = planInstall(zip919(), t, pathState("C:\\Windows"), options(make));
        QVERIFY(p.problems.empty());
        QVERIFY(p.ops[0].kind == OpKind::WriteRecord);
        QVERIFY(p.ops[0].record->at("created_root") == nlohmann::json(make));
        for (std::size_t i = 0; i < make.size(); ++i) {
            QVERIFY(p.ops[i + 1].kind == OpKind::CreateDirectory);
            QCOMPARE(p.ops[i + 1].path, make[i]);
        }
        QVERIFY(createsNvidiaRoot(p));
        QVERIFY(find(p, OpKind::PlaceFile, "/bin/12.9/x64/cudnn64_9.dll"));
        QVERIFY(find(p, OpKind::PlaceFile, "/lib/12.9/x64/cudnn.lib"));
        const Operation* path = find(p, OpKind::PathChange, m_pathFile);
        QVERIFY(path);
        QCOMPARE(*path->after, "C:\\Windows;" + pathEntryOf(r + "/bin/12.9/x64"));
        QVERIFY(p.ops.back().record->at("nvidia_layout") == toJson(k129));
        QVERIFY(p.nvidiaLayout == k129);
    }

    // Beside NVIDIA's CUDA 13 variant: only the 12.9 folders appear in the plan.
    void installBesideAnotherVariant()
    {
        ToolkitState t = root(m_v919cuda13, {});
        t.nodes["bin/13.0/x64/cudnn64_9.dll"] = {NodeType::File, 5, 5, "nvidia"};
        const Plan p = planInstall(zip919(), t, pathState(""), options());
        QVERIFY(p.problems.empty());
        for (const Operation& op : p.ops)
            QVERIFY2(op.path.find("/13.0") == std::string::npos, op.path.c_str());
        QVERIFY(!p.ops.front().record || !p.ops.front().record->contains("created_root"));
    }

    // NVIDIA's files in the variant folder, or our record for another variant: nothing planned.
    void installVerdicts_data()
    {
        QTest::addColumn<QString>("there");    // version of NVIDIA's files in bin/12.9/x64 ("" = none)
        QTest::addColumn<bool>("otherRecord"); // our record names another variant
        QTest::addColumn<QString>("code");     // "" = nothing to do (a note), else the refusal
        QTest::newRow("NVIDIA's same release: nothing to do") << "9.19.0" << false << "";
        QTest::newRow("NVIDIA's other release: refused") << "9.19.1" << false << codes::kTargetBlocked;
        QTest::newRow("our record for bin/13.0/x64: refused") << "" << true << codes::kTargetBlocked;
    }
    void installVerdicts()
    {
        QFETCH(QString, there);
        QFETCH(bool, otherRecord);
        QFETCH(QString, code);
        ToolkitState t = there.isEmpty() ? root(m_v919, {})
                                         : root(m_v919, {{"bin/12.9/x64/cudnn64_9.dll", 101, ""}}, there.toStdString());
        if (otherRecord)
            t.record = nlohmann::json{{"kind", "install"}, {"toolkit", m_v919}, {"files", nlohmann::json::array()},
                                      {"nvidia_layout", toJson(NvidiaVariantLayout{"13.0", true, ""})}};
        const Plan p = planInstall(zip919(), t, pathState(""), options());
        QVERIFY(p.ops.empty());
        if (code.isEmpty()) {
            QVERIFY(p.problems.empty());
            QVERIFY(std::any_of(p.notes.begin(), p.notes.end(),
                                [](const std::string& n) { return n.find("repair --cudnn-root") != std::string::npos; }));
        } else {
            QCOMPARE(QString::fromStdString(p.problems.at(0).code), code);
        }
    }

    // NVIDIA's own install: a zero-byte DLL, a missing header, a damaged DLL come from the archive
    // (the damaged and zero-byte bytes set aside for uninstall); a sound file that differs stays.
    void repairNvidiaInstall()
    {
        const ToolkitState t = root(m_v919,
                                    {{"bin/12.9/x64/cudnn64_9.dll", 0, ""},
                                     {"bin/12.9/x64/cudnn_ops64_9.dll", 77, "its first 77 bytes are all zeros"},
                                     {"include/12.9/cudnn_version.h", 999, ""},
                                     {"lib/12.9/x64/cudnn.lib", 999, ""}},
                                    "9.19.0");
        const Plan p = planRepair(zip919(), t, pathState(""), options());
        QVERIFY(p.problems.empty());
        const Operation* zero = find(p, OpKind::PlaceFile, "/bin/12.9/x64/cudnn64_9.dll");
        const Operation* damaged = find(p, OpKind::PlaceFile, "/cudnn_ops64_9.dll");
        const Operation* missing = find(p, OpKind::PlaceFile, "/include/12.9/cudnn.h");
        QVERIFY(zero && damaged && missing);
        QVERIFY(!zero->backup.empty() && !damaged->backup.empty());
        QVERIFY(missing->backup.empty());
        QVERIFY(!find(p, OpKind::PlaceFile, "/cudnn_version.h"));  // differs, but sound: NVIDIA's
        QVERIFY(!find(p, OpKind::PlaceFile, "/cudnn.lib"));
        QVERIFY(!find(p, OpKind::RemoveFile, ""));                 // nothing of NVIDIA's set aside
        QVERIFY(!find(p, OpKind::PathChange, ""));                 // a repair does not wire it
        const nlohmann::json& record = *p.ops.back().record;
        QVERIFY(record.at("nvidia_layout") == toJson(k129));
        QCOMPARE(record.at("files").size(), std::size_t(5));

        // Its uninstall: the zero-byte and damaged bytes back, the restored header gone again.
        ToolkitState after = t;
        after.record = record;
        for (auto& f : after.record->at("files"))
            if (f.at("sha256") == "")
                f["sha256"] = "restored";
        after.nodes["include/12.9/cudnn.h"] = {NodeType::File, 103, 3, "restored"};
        for (const char* rel : {"bin/12.9/x64/cudnn64_9.dll", "bin/12.9/x64/cudnn_ops64_9.dll"})
            after.nodes[rel] = {NodeType::File, 101, 1, "restored"};
        for (const Operation* op : {zero, damaged})
            after.nodes[op->backup.substr(m_v919.size() + 1)] = {NodeType::File, 1, 1, "old"};
        const Plan un = planUninstall(after, pathState(""), options());
        QVERIFY(un.problems.empty());
        QVERIFY(find(un, OpKind::RemoveFile, "/include/12.9/cudnn.h"));
        QCOMPARE(find(un, OpKind::PlaceFile, "/bin/12.9/x64/cudnn64_9.dll")->source, zero->backup);
        QCOMPARE(find(un, OpKind::PlaceFile, "/cudnn_ops64_9.dll")->source, damaged->backup);
        QVERIFY(!find(un, OpKind::RemoveFile, "/cudnn_version.h"));
    }

    void repairRefusals_data()
    {
        QTest::addColumn<QString>("there");
        QTest::addColumn<bool>("files");
        QTest::addColumn<QString>("code");
        QTest::newRow("another release") << "9.19.1" << true << codes::kVersionMismatch;
        QTest::newRow("no variant of that CUDA major") << "" << false << codes::kCudaMajorMismatch;
    }
    void repairRefusals()
    {
        QFETCH(QString, there);
        QFETCH(bool, files);
        QFETCH(QString, code);
        const ToolkitState t =
            root(m_v919, files ? std::vector<std::tuple<std::string, std::uint64_t, std::string>>{{"bin/12.9/x64/cudnn64_9.dll", 0, ""}}
                               : std::vector<std::tuple<std::string, std::uint64_t, std::string>>{},
                 there.toStdString());
        const Plan p = planRepair(zip919(), t, pathState(""), options());
        QVERIFY(p.ops.empty());
        QCOMPARE(QString::fromStdString(p.problems.at(0).code), code);
    }

    // The PATH entry goes again with the record (uninstall of the install).
    void uninstallTakesThePathEntryAway()
    {
        ToolkitState t = root(m_v919cuda13, {});
        const Plan in = planInstall(zip919(), t, pathState("C:\\a"), options());
        const Operation* add = find(in, OpKind::PathChange, m_pathFile);
        QVERIFY(add);
        t.record = *in.ops.back().record;
        const Plan un = planUninstall(t, pathState(*add->after), PlanOptions{m_state, kTx});
        QVERIFY(un.nvidiaLayout == k129);  // from the record
        const Operation* remove = find(un, OpKind::PathChange, m_pathFile);
        QVERIFY(remove);
        QCOMPARE(*remove->after, std::string("C:\\a"));
        QVERIFY(checkPlanInvariants(un, m_state, m_pathFile).empty());
    }

    // What the elevated side lets an NVIDIA-layout plan do: a made plan passes; each break is refused.
    void invariants_data()
    {
        QTest::addColumn<std::function<void(Plan&)>>("breakIt");
        QTest::addColumn<bool>("refused");
        QTest::newRow("as planned") << std::function<void(Plan&)>([](Plan&) {}) << false;
        QTest::newRow("a file in NVIDIA's other variant") << std::function<void(Plan&)>([](Plan& p) {
            for (Operation& op : p.ops)
                if (op.kind == OpKind::PlaceFile && op.path.ends_with("/cudnn64_9.dll"))
                    op.path = p.toolkit + "/bin/13.0/x64/cudnn64_9.dll";
        }) << true;
        QTest::newRow("NVIDIA's file of another variant set aside") << std::function<void(Plan&)>([](Plan& p) {
            Operation op{.kind = OpKind::RemoveFile, .path = p.toolkit + "/bin/13.0/x64/cudnn64_9.dll"};
            op.backup = p.backupDir + "/bin/13.0/x64/cudnn64_9.dll";
            p.ops.push_back(op);
        }) << true;
        QTest::newRow("a target not following from its entry") << std::function<void(Plan&)>([](Plan& p) {
            for (Operation& op : p.ops)
                if (op.kind == OpKind::PlaceFile && op.path.ends_with("/cudnn64_9.dll"))
                    op.path = p.toolkit + "/lib/12.9/x64/cudnn64_9.dll";
        }) << true;
        QTest::newRow("another folder on PATH") << std::function<void(Plan&)>([](Plan& p) {
            for (Operation& op : p.ops)
                if (op.kind == OpKind::PathChange)
                    op.after = *op.after + ";C:\\evil";
        }) << true;
        QTest::newRow("NVIDIA's CUDA 13 bin on PATH instead") << std::function<void(Plan&)>([](Plan& p) {
            for (Operation& op : p.ops)
                if (op.kind == OpKind::PathChange)
                    op.after = *op.before + ";" + pathEntryOf(p.toolkit + "/bin/13.0/x64");
        }) << true;
        QTest::newRow("a folder outside the variant") << std::function<void(Plan&)>([](Plan& p) {
            p.ops.insert(p.ops.begin(), Operation{.kind = OpKind::CreateDirectory, .path = p.toolkit + "/extra"});
        }) << true;
        QTest::newRow("root not NVIDIA/CUDNN/v<x.y>") << std::function<void(Plan&)>([](Plan& p) {
            p.toolkit = fs::path(p.toolkit).parent_path().parent_path().generic_string();
        }) << true;
    }
    void invariants()
    {
        QFETCH(std::function<void(Plan&)>, breakIt);
        QFETCH(bool, refused);
        Plan p = planInstall(zip919(), root(m_v919cuda13, {}), pathState("C:\\a"), options());
        QVERIFY(p.problems.empty());
        breakIt(p);
        const Problems found = checkPlanInvariants(p, m_state, m_pathFile);
        QCOMPARE(!found.empty(), refused);
        if (refused)
            QCOMPARE(found.front().code, std::string(codes::kUnsafePlan));
    }

    // A new root's plan: accepted while the root is still to be made; its folders only at its head.
    void invariantsOfNewRoot()
    {
        const std::string r = m_base + "/pf3/NVIDIA/CUDNN/v9.19";
        fs::create_directories(m_base + "/pf3");
        const std::vector<std::string> make{m_base + "/pf3/NVIDIA", m_base + "/pf3/NVIDIA/CUDNN", r};
        ToolkitState t;
        t.root = r;
        Plan p = planInstall(zip919(), t, pathState(""), options(make));
        QVERIFY(checkPlanInvariants(p, m_state, m_pathFile).empty());
        Plan linkParent = p;  // a made folder that is not the root's parent chain
        linkParent.ops[1].path = m_base + "/elsewhere";
        QVERIFY(!checkPlanInvariants(linkParent, m_state, m_pathFile).empty());
        // Through a link on the way: refused (checkNewNvidiaRoot).
        fs::create_directories(m_base + "/real");
        fs::create_directory_symlink(m_base + "/real", m_base + "/pf4");
        const std::string viaLink = m_base + "/pf4/NVIDIA/CUDNN/v9.19";
        QVERIFY(!checkNewNvidiaRoot(viaLink));
        QVERIFY(checkNewNvidiaRoot(r));
        QVERIFY(*checkNewNvidiaRoot(r) == make);
        QVERIFY(!checkNewNvidiaRoot(m_base + "/pf3/Vendor/CUDNN/v9.19"));
        QVERIFY(!checkNewNvidiaRoot(m_v919));  // exists: taken over never
    }
};

QTEST_GUILESS_MAIN(TestNvidiaInstall)
#include "tst_nvidiainstall.moc"
