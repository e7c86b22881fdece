// Plans are pure: every case is built from data and checked without touching a disk.
#include "install/plan.h"

#include <QTest>

#include <algorithm>

using namespace cudnnsetup;

namespace {

const std::string kRoot = "C:/Program Files/NVIDIA GPU Computing Toolkit/CUDA/v11.3";

std::vector<std::string> dlls8()
{
    return {"cudnn64_8.dll", "cudnn_adv_infer64_8.dll", "cudnn_adv_train64_8.dll", "cudnn_cnn_infer64_8.dll",
            "cudnn_cnn_train64_8.dll", "cudnn_ops_infer64_8.dll", "cudnn_ops_train64_8.dll"};
}
std::vector<std::string> dlls9()
{
    return {"cudnn64_9.dll", "cudnn_adv64_9.dll", "cudnn_cnn64_9.dll", "cudnn_engines_precompiled64_9.dll",
            "cudnn_engines_runtime_compiled64_9.dll", "cudnn_graph64_9.dll", "cudnn_heuristic64_9.dll",
            "cudnn_ops64_9.dll"};
}

// A release as the verifier would describe it: entries mapped with toolkitTargetFor.
ArchiveInfo release(const std::string& version, const ArchiveFolders& folders, const std::vector<std::string>& dlls,
                    const std::vector<std::string>& headers, std::uint32_t crcSeed)
{
    ArchiveInfo a;
    a.path = "/downloads/cudnn-" + version + ".zip";
    a.sha256 = std::string(64, 'a');
    a.size = 1000;
    a.authenticity = "official";
    a.cudnn = version;
    a.cuda = version[0] == '9' ? "12" : "11.3";
    a.platform = "windows-x86_64";
    std::vector<std::string> entries;
    for (const auto& d : dlls)
        entries.push_back(folders.root + folders.bin + "/" + d);
    for (const auto& h : headers)
        entries.push_back(folders.root + folders.include + "/" + h);
    entries.push_back(folders.root + folders.lib + "/cudnn.lib");
    std::uint32_t crc = crcSeed;
    for (const auto& e : entries) {
        auto target = toolkitTargetFor(e, folders);
        if (!target)
            qFatal("unmapped %s", e.c_str());
        a.files.push_back({e, *target, 100 + crc, crc});
        ++crc;
    }
    a.notPlaced.push_back(folders.root + "LICENSE");
    return a;
}

ArchiveInfo release8(const std::string& v, std::uint32_t seed)
{
    return release(v, {"cuda/", "bin", "include", "lib/x64"}, dlls8(), {"cudnn.h", "cudnn_ops_infer.h"}, seed);
}

// A toolkit with bin/, include/, lib/x64 and whatever files are given (with their CRC).
ToolkitState toolkit(const std::vector<std::pair<std::string, std::uint32_t>>& files = {})
{
    ToolkitState t;
    t.root = kRoot;
    for (const char* d : {"bin", "include", "lib", "lib/x64"})
        t.nodes[d] = {NodeType::Directory};
    for (const auto& [rel, crc] : files) {
        t.nodes[rel] = {NodeType::File, 100 + crc, crc, "sha-" + std::to_string(crc)};
        t.cudnnFiles.push_back(rel);
    }
    return t;
}

PathState windowsPath(const std::string& value)
{
    PathState p;
    p.available = true;
    p.mechanism = PathMechanism::WindowsPath;
    p.location = "HKLM\\SYSTEM\\CurrentControlSet\\Control\\Session Manager\\Environment\\Path";
    p.value = value;
    return p;
}

PlanOptions options()
{
    return {"C:/ProgramData/cudnn-setup", "tx1", false};
}

int count(const Plan& p, OpKind k)
{
    return int(std::count_if(p.ops.begin(), p.ops.end(), [k](const Operation& o) { return o.kind == k; }));
}

const Operation* find(const Plan& p, OpKind k, const std::string& suffix)
{
    for (const Operation& o : p.ops)
        if (o.kind == k && o.path.ends_with(suffix))
            return &o;
    return nullptr;
}

}  // namespace

class TestPlan : public QObject {
    Q_OBJECT
private slots:
    void targets_data()
    {
        QTest::addColumn<QString>("entry");
        QTest::addColumn<QString>("root");
        QTest::addColumn<QString>("bin");
        QTest::addColumn<QString>("lib");
        QTest::addColumn<QString>("target");
        QTest::newRow("8.2 dll") << "cuda/bin/cudnn64_8.dll" << "cuda/" << "bin" << "lib/x64" << "bin/cudnn64_8.dll";
        QTest::newRow("8.2 lib") << "cuda/lib/x64/cudnn.lib" << "cuda/" << "bin" << "lib/x64" << "lib/x64/cudnn.lib";
        QTest::newRow("8.5 lib in lib/") << "r/lib/cudnn.lib" << "r/" << "bin" << "lib" << "lib/x64/cudnn.lib";
        QTest::newRow("9.18 bin/x64") << "r/bin/x64/cudnn64_9.dll" << "r/" << "bin/x64" << "lib/x64"
                                      << "bin/x64/cudnn64_9.dll";
        QTest::newRow("licence not placed") << "cuda/NVIDIA_SLA_cuDNN_Support.txt" << "cuda/" << "bin" << "lib/x64" << "";
        QTest::newRow("other root not placed") << "evil/bin/x.dll" << "cuda/" << "bin" << "lib/x64" << "";
    }
    void targets()
    {
        QFETCH(QString, entry);
        QFETCH(QString, root);
        QFETCH(QString, bin);
        QFETCH(QString, lib);
        QFETCH(QString, target);
        const auto t = toolkitTargetFor(entry.toStdString(), {root.toStdString(), bin.toStdString(), "include",
                                                              lib.toStdString()});
        QCOMPARE(QString::fromStdString(t.value_or("")), target);
    }

    void freshInstall()
    {
        const ArchiveInfo a = release8("8.2.0.53", 1);
        ToolkitState t = toolkit();
        const Plan p = planInstall(a, t, windowsPath("C:\\Windows"), options());
        QVERIFY(p.problems.empty());
        QCOMPARE(count(p, OpKind::PlaceFile), int(a.files.size()));
        QCOMPARE(count(p, OpKind::RemoveFile), 0);
        QCOMPARE(count(p, OpKind::StageFiles), 1);
        // The work folder and its parent are created; no toolkit folder (they exist).
        QCOMPARE(count(p, OpKind::CreateDirectory), 2);
        for (const Operation& o : p.ops)
            if (o.kind == OpKind::PlaceFile)
                QVERIFY2(o.backup.empty(), o.path.c_str());
        const Operation* path = find(p, OpKind::PathChange, "Path");
        QVERIFY(path);
        QCOMPARE(path->after.value(), std::string("C:\\Windows;") + "C:\\Program Files\\NVIDIA GPU Computing Toolkit\\CUDA\\v11.3\\bin");
        // Order: stage, then place, then PATH, record last.
        QVERIFY(p.ops.back().kind == OpKind::WriteRecord);
        QVERIFY(p.ops.back().record);
        QCOMPARE(p.ops.back().record->at("files").size(), a.files.size());
        QVERIFY(p.ops.back().record->at("previous").is_null());
        QVERIFY(!p.notes.empty());  // the licence is listed as not copied
    }

    // One rule (plan.h): the release's files; an extra one only from an official archive or on request,
    // and an extra that is not cuDNN's never over a file the toolkit already has.
    void extraFilesFollowTheInstallRule_data()
    {
        QTest::addColumn<QString>("authenticity");
        QTest::addColumn<bool>("optIn");
        QTest::addColumn<bool>("toolkitHasZlib");
        QTest::addColumn<bool>("placesZlib");
        QTest::addColumn<bool>("placesReadme");
        QTest::newRow("unknown archive: release files only") << "unknown" << false << false << false << false;
        QTest::newRow("user hash: release files only") << "user" << false << false << false << false;
        QTest::newRow("unknown archive, user opts in") << "unknown" << true << false << true << true;
        QTest::newRow("official archive") << "official" << false << false << true << true;
        QTest::newRow("manifest archive") << "manifest" << false << false << true << true;
        QTest::newRow("official, toolkit has its own zlibwapi.dll") << "official" << false << true << false << true;
    }
    void extraFilesFollowTheInstallRule()
    {
        QFETCH(QString, authenticity);
        QFETCH(bool, optIn);
        QFETCH(bool, toolkitHasZlib);
        QFETCH(bool, placesZlib);
        QFETCH(bool, placesReadme);
        ArchiveInfo a = release8("8.2.0.53", 1);
        a.authenticity = authenticity.toStdString();
        a.files.push_back({"cuda/bin/zlibwapi.dll", "bin/zlibwapi.dll", 77, 77});
        a.files.push_back({"cuda/include/README.txt", "include/README.txt", 78, 78});
        ToolkitState t = toolkit();
        if (toolkitHasZlib)
            t.nodes["bin/zlibwapi.dll"] = {NodeType::File, 5, 5, "sha-5"};
        PlanOptions o = options();
        o.includeExtraFiles = optIn;
        const Plan p = planInstall(a, t, windowsPath("C:\\Windows"), o);
        QVERIFY(p.problems.empty());
        QCOMPARE(find(p, OpKind::PlaceFile, "/bin/zlibwapi.dll") != nullptr, placesZlib);
        QCOMPARE(find(p, OpKind::PlaceFile, "/include/README.txt") != nullptr, placesReadme);
        QCOMPARE(count(p, OpKind::PlaceFile), int(a.files.size()) - 2 + int(placesZlib) + int(placesReadme));
        QCOMPARE(count(p, OpKind::RemoveFile), 0);  // the toolkit's own zlibwapi.dll is never set aside
        QCOMPARE(p.includeExtraFiles, optIn);
        QCOMPARE(planFromJson(toJson(p)).includeExtraFiles, optIn);
        if (toolkitHasZlib)
            QVERIFY(std::any_of(p.warnings.begin(), p.warnings.end(), [](const Problem& w) { return w.code == "extra-file"; }));
    }

    void releaseFilesIncludeTheOptionalOnes()
    {
        // 9.21's late DLLs are optional in the release's set: present in the archive, they are installed.
        ArchiveInfo a = release("9.21.0.82", {"r/", "bin/x64", "include", "lib/x64"}, dlls9(), {"cudnn.h"}, 7);
        a.authenticity = "unknown";
        a.files.push_back({"r/bin/x64/cudnn_ext64_9.dll", "bin/x64/cudnn_ext64_9.dll", 90, 90});
        const Plan p = planInstall(a, toolkit(), windowsPath("C:\\Windows"), options());
        QVERIFY(find(p, OpKind::PlaceFile, "/bin/x64/cudnn_ext64_9.dll"));
        QCOMPARE(count(p, OpKind::PlaceFile), int(a.files.size()));
    }

    void freshInstallCreatesMissingFolders()
    {
        ToolkitState t;
        t.root = kRoot;
        const Plan p = planInstall(release8("8.2.0.53", 1), t, windowsPath(""), options());
        QVERIFY(p.problems.empty());
        // .cudnn-setup, work dir, bin, include, lib, lib/x64
        QCOMPARE(count(p, OpKind::CreateDirectory), 6);
        const auto& created = p.ops.back().record->at("created_directories");
        QCOMPARE(created.size(), std::size_t(4));
        QCOMPARE(created[2].get<std::string>(), std::string("lib"));
        QCOMPARE(created[3].get<std::string>(), std::string("lib/x64"));
    }

    void upgrade81to82()
    {
        const ArchiveInfo old = release8("8.1.1.33", 50);
        std::vector<std::pair<std::string, std::uint32_t>> files;
        for (const ArchiveFile& f : old.files)
            files.push_back({f.target, f.crc32});
        files.push_back({"include/cudnn_old_only.h", 99});  // in 8.1, not in 8.2
        const ToolkitState t = toolkit(files);
        const Plan p = planInstall(release8("8.2.0.53", 1), t, windowsPath(""), options());
        QVERIFY(p.problems.empty());
        QCOMPARE(count(p, OpKind::PlaceFile), int(old.files.size()));
        for (const Operation& o : p.ops)
            if (o.kind == OpKind::PlaceFile)
                QCOMPARE(o.backup, p.backupDir + o.path.substr(kRoot.size()));
        const Operation* stray = find(p, OpKind::RemoveFile, "include/cudnn_old_only.h");
        QVERIFY(stray);
        QCOMPARE(stray->backup, p.backupDir + "/include/cudnn_old_only.h");
        QCOMPARE(p.ops.back().record->at("removed").size(), std::size_t(1));
        for (const auto& f : p.ops.back().record->at("files"))
            QVERIFY(!f.at("backup").is_null());
    }

    void upgrade8to9RemovesOldNames()
    {
        const ArchiveInfo old = release8("8.9.7.29", 10);
        std::vector<std::pair<std::string, std::uint32_t>> files;
        for (const ArchiveFile& f : old.files)
            files.push_back({f.target, f.crc32});
        const ArchiveInfo nine = release("9.6.0.74", {"r/", "bin", "include", "lib/x64"}, dlls9(), {"cudnn.h"}, 300);
        const Plan p = planInstall(nine, toolkit(files), windowsPath(""), options());
        // Every 8.x DLL and cudnn_ops_infer.h are strays; cudnn.h and cudnn.lib are replaced.
        QCOMPARE(count(p, OpKind::RemoveFile), 8);
        QCOMPARE(count(p, OpKind::PlaceFile), int(nine.files.size()));
        QVERIFY(find(p, OpKind::RemoveFile, "bin/cudnn_ops_infer64_8.dll"));
        QVERIFY(!find(p, OpKind::RemoveFile, "include/cudnn.h"));
    }

    void sameVersionReinstall()
    {
        const ArchiveInfo a = release8("8.2.0.53", 1);
        std::vector<std::pair<std::string, std::uint32_t>> files;
        for (const ArchiveFile& f : a.files)
            files.push_back({f.target, f.crc32});
        const std::string bin = "C:\\Program Files\\NVIDIA GPU Computing Toolkit\\CUDA\\v11.3\\bin";
        const Plan p = planInstall(a, toolkit(files), windowsPath(bin), options());
        QVERIFY(p.problems.empty());
        QCOMPARE(count(p, OpKind::PlaceFile), 0);
        QCOMPARE(count(p, OpKind::RemoveFile), 0);
        QCOMPARE(count(p, OpKind::StageFiles), 0);
        QCOMPARE(count(p, OpKind::PathChange), 0);
        for (const auto& f : p.ops.back().record->at("files"))
            QVERIFY(f.at("preexisting").get<bool>());
    }

    void nineWithBinX64AndCuda13()
    {
        const ArchiveInfo a = release("9.18.0.77", {"r/", "bin/x64", "include", "lib/x64"}, dlls9(), {"cudnn.h"}, 7);
        ToolkitState t = toolkit();
        t.root = "C:/CUDA/v13.0";
        t.nodes["bin/x64"] = {NodeType::Directory};
        const Plan p = planInstall(a, t, windowsPath("C:\\CUDA\\v12.4\\bin;C:\\Windows"), options());
        QVERIFY(p.problems.empty());
        QVERIFY(find(p, OpKind::PlaceFile, "bin/x64/cudnn64_9.dll"));
        const Operation* path = find(p, OpKind::PathChange, "Path");
        QVERIFY(path);
        // bin/x64 ahead of the other CUDA version's bin.
        QCOMPARE(path->after.value(), std::string("C:\\CUDA\\v13.0\\bin\\x64;C:\\CUDA\\v12.4\\bin;C:\\Windows"));
    }

    void nineWithBinX64IntoFreshToolkitCreatesFolder()
    {
        const ArchiveInfo a = release("9.18.0.77", {"r/", "bin/x64", "include", "lib/x64"}, dlls9(), {"cudnn.h"}, 7);
        const Plan p = planInstall(a, toolkit(), windowsPath(""), options());
        QVERIFY(find(p, OpKind::CreateDirectory, "/bin/x64"));
        QCOMPARE(p.ops.back().record->at("created_directories").size(), std::size_t(1));
    }

    void targetIsDirectory()
    {
        ToolkitState t = toolkit();
        t.nodes["bin/cudnn64_8.dll"] = {NodeType::Directory};
        const Plan p = planInstall(release8("8.2.0.53", 1), t, windowsPath(""), options());
        QCOMPARE(int(p.problems.size()), 1);
        QCOMPARE(p.problems[0].code, std::string("target-blocked"));
        QVERIFY(p.problems[0].message.find("cudnn64_8.dll") != std::string::npos);
    }

    void parentIsFileOrLink()
    {
        ToolkitState t = toolkit();
        t.nodes["lib/x64"] = {NodeType::File, 3};
        t.nodes["include"] = {NodeType::Symlink};
        const Plan p = planInstall(release8("8.2.0.53", 1), t, windowsPath(""), options());
        QCOMPARE(int(p.problems.size()), 2);
        QCOMPARE(p.problems[0].code, std::string("unsafe-target"));
        QCOMPARE(p.problems[1].code, std::string("target-blocked"));
    }

    void pathOptions()
    {
        PlanOptions o = options();
        o.noPath = true;
        QCOMPARE(count(planInstall(release8("8.2.0.53", 1), toolkit(), windowsPath(""), o), OpKind::PathChange), 0);
        PathState skipped;
        skipped.note = "PATH left alone: a Windows toolkit on a Linux host";
        const Plan p = planInstall(release8("8.2.0.53", 1), toolkit(), skipped, options());
        QCOMPARE(count(p, OpKind::PathChange), 0);
        QVERIFY(std::find(p.notes.begin(), p.notes.end(), skipped.note) != p.notes.end());
        PathState tooLong = windowsPath(std::string(32760, 'x'));
        const Plan refused = planInstall(release8("8.2.0.53", 1), toolkit(), tooLong, options());
        QCOMPARE(refused.problems.at(0).code, std::string("path-too-long"));
    }

    void ldSoConfForLinuxToolkit()
    {
        ToolkitState t = toolkit();
        t.root = "/usr/local/cuda-12.4";
        t.windowsLayout = false;
        PathState p;
        p.available = true;
        p.mechanism = PathMechanism::LdSoConf;
        p.location = "/etc/ld.so.conf.d/cudnn-setup-0123.conf";
        const Plan plan = planInstall(release8("8.2.0.53", 1), t, p, options());
        const Operation* op = find(plan, OpKind::PathChange, ".conf");
        QVERIFY(op);
        QVERIFY(!op->before);
        QCOMPARE(op->after.value(), std::string("/usr/local/cuda-12.4/lib64\n"));
    }

    void jsonRoundTrip()
    {
        const Plan p = planInstall(release8("8.2.0.53", 1), toolkit({{"bin/cudnn64_8.dll", 77}}),
                                   windowsPath("C:\\a"), options());
        const nlohmann::json j = toJson(p);
        const Plan back = planFromJson(nlohmann::json::parse(j.dump()));
        QCOMPARE(toJson(back).dump(), j.dump());
    }

    void uninstallAfterUpgrade()
    {
        const ArchiveInfo old = release8("8.1.1.33", 50);
        std::vector<std::pair<std::string, std::uint32_t>> files;
        for (const ArchiveFile& f : old.files)
            files.push_back({f.target, f.crc32});
        files.push_back({"include/cudnn_old_only.h", 99});
        const std::string before = "C:\\Windows";
        const Plan install = planInstall(release8("8.2.0.53", 1), toolkit(files), windowsPath(before), options());
        nlohmann::json record = *install.ops.back().record;
        for (auto& f : record["files"])
            f["sha256"] = "new-" + f.at("path").get<std::string>();
        // The toolkit after that install: new files, backups in the work folder.
        ToolkitState after = toolkit();
        for (const auto& f : record["files"]) {
            after.nodes[f.at("path").get<std::string>()] = {NodeType::File, 1, 1, f.at("sha256").get<std::string>()};
            after.nodes[f.at("backup").get<std::string>().substr(kRoot.size() + 1)] = {NodeType::File, 1};
        }
        after.nodes[record["removed"][0].at("backup").get<std::string>().substr(kRoot.size() + 1)] = {NodeType::File, 1};
        after.nodes[".cudnn-setup"] = {NodeType::Directory};
        after.record = record;
        PlanOptions o = options();
        o.transactionId = "tx2";
        const std::string pathNow = install.ops[install.ops.size() - 2].after.value();
        const Plan un = planUninstall(after, windowsPath(pathNow), o);
        QVERIFY(un.problems.empty());
        // Each replaced file comes back from its backup; the new one goes to the uninstall's trash.
        QCOMPARE(count(un, OpKind::PlaceFile), int(old.files.size()) + 1);
        const Operation* dll = find(un, OpKind::PlaceFile, "bin/cudnn64_8.dll");
        QVERIFY(dll);
        QCOMPARE(dll->source, install.backupDir + "/bin/cudnn64_8.dll");
        QVERIFY(dll->backup.starts_with(un.workDir));
        QVERIFY(find(un, OpKind::PlaceFile, "include/cudnn_old_only.h"));
        const Operation* path = find(un, OpKind::PathChange, "Path");
        QVERIFY(path);
        QCOMPARE(path->after.value(), before);
        QVERIFY(!un.ops.back().record);  // record deleted
        QVERIFY(std::find(un.cleanup.begin(), un.cleanup.end(), install.workDir) != un.cleanup.end());
    }

    void uninstallLeavesChangedPathEntryAndPreexisting()
    {
        const ArchiveInfo a = release8("8.2.0.53", 1);
        const Plan install = planInstall(a, toolkit({{"bin/cudnn64_8.dll", 1}}), windowsPath("C:\\a"), options());
        nlohmann::json record = *install.ops.back().record;
        ToolkitState after = toolkit();
        after.record = record;
        after.nodes[".cudnn-setup"] = {NodeType::Directory};
        for (const auto& f : record["files"])
            after.nodes[f.at("path").get<std::string>()] = {NodeType::File, 1, 1, ""};
        // The user removed the entry by hand and added another one.
        const Plan un = planUninstall(after, windowsPath("C:\\a;C:\\b"), options());
        QCOMPARE(count(un, OpKind::PathChange), 0);
        QVERIFY(std::any_of(un.notes.begin(), un.notes.end(),
                            [](const std::string& n) { return n.find("no longer on PATH") != std::string::npos; }));
        QVERIFY(!find(un, OpKind::RemoveFile, "bin/cudnn64_8.dll"));  // was there before: stays
        QVERIFY(find(un, OpKind::RemoveFile, "bin/cudnn_ops_infer64_8.dll"));
    }

    void repairFromRecord()
    {
        const ArchiveInfo a = release8("8.2.0.53", 1);
        const Plan install = planInstall(a, toolkit(), windowsPath(""), options());
        nlohmann::json record = *install.ops.back().record;
        ToolkitState t = toolkit();
        for (auto& f : record["files"]) {
            f["sha256"] = "good";
            t.nodes[f.at("path").get<std::string>()] = {NodeType::File, 5, 0, "good"};
        }
        t.record = record;
        QCOMPARE(int(planRepair(a, t, windowsPath(""), options()).ops.size()), 0);  // healthy
        t.nodes.erase("bin/cudnn64_8.dll");                                         // missing
        t.nodes["bin/cudnn_cnn_infer64_8.dll"] = {NodeType::File, 0, 0, "empty"};  // zero bytes
        t.nodes["include/cudnn.h"] = {NodeType::File, 5, 0, "bad"};                // corrupt
        t.nodes["bin/cudnn64_7.dll"] = {NodeType::File, 5, 0, "x"};
        t.cudnnFiles.push_back("bin/cudnn64_7.dll");                                // stray
        const Plan p = planRepair(a, t, windowsPath(""), options());
        QVERIFY(p.problems.empty());
        QCOMPARE(count(p, OpKind::PlaceFile), 3);
        QCOMPARE(count(p, OpKind::RemoveFile), 1);
        QVERIFY(find(p, OpKind::PlaceFile, "bin/cudnn64_8.dll")->backup.empty());
        QVERIFY(!find(p, OpKind::PlaceFile, "include/cudnn.h")->backup.empty());
        QCOMPARE(find(p, OpKind::PlaceFile, "include/cudnn.h")->sha256, std::string("good"));
        QCOMPARE(p.ops.back().record->at("repairs").size(), std::size_t(1));
        // Without the archive the damage is reported, not guessed.
        const Plan noArchive = planRepair(std::nullopt, t, windowsPath(""), options());
        QCOMPARE(int(noArchive.problems.size()), 3);
        QCOMPARE(noArchive.problems[0].code, std::string("missing-file"));
    }

    void repairWithoutRecordNeedsArchive()
    {
        const Plan p = planRepair(std::nullopt, toolkit({{"bin/cudnn64_8.dll", 3}}), windowsPath(""), options());
        QCOMPARE(p.problems.at(0).code, std::string("no-record"));
        const Plan withArchive = planRepair(release8("8.2.0.53", 1), toolkit({{"bin/cudnn64_8.dll", 3}}),
                                            windowsPath(""), options());
        QVERIFY(withArchive.problems.empty());
        QVERIFY(!find(withArchive, OpKind::PlaceFile, "bin/cudnn64_8.dll")->backup.empty());
    }
};

QTEST_GUILESS_MAIN(TestPlan)
#include "tst_plan.moc"
