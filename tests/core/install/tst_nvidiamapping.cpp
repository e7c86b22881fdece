// install/nvidiamapping.h: a Windows cuDNN 9 zip's files in NVIDIA's installer layout, as data.
#include "common/problemcodes.h"
#include "install/nvidiamapping.h"

#include <QTest>

using namespace cudnnsetup;

Q_DECLARE_METATYPE(std::vector<cudnnsetup::PresentNvidiaVariant>)

namespace {

// A zip as the verifier maps it into a toolkit (toolkitTargetFor): 9.3 keeps its DLLs in bin/,
// 9.18 on in bin/x64/; import libraries in lib/x64/ from 8.8 on.
ArchiveInfo zip(const std::string& cudnn, const std::string& cuda, bool binX64)
{
    const std::string root = "cudnn-windows-x86_64-" + cudnn + "_cuda" + cuda + "-archive/";
    const ArchiveFolders folders{root, binX64 ? "bin/x64" : "bin", "include", "lib/x64"};
    ArchiveInfo a;
    a.path = "/downloads/" + root.substr(0, root.size() - 1) + ".zip";
    a.cudnn = cudnn;
    a.cuda = cuda;
    a.platform = "windows-x86_64";
    a.buildCudaMajor = std::stoi(cuda);
    std::uint32_t crc = 1;
    for (const std::string& e : {root + folders.bin + "/cudnn64_9.dll", root + folders.bin + "/cudnn_ops64_9.dll",
                                 root + "include/cudnn.h", root + "include/cudnn_version.h",
                                 root + "lib/x64/cudnn.lib", root + "lib/x64/cudnn64_9.lib"})
        a.files.push_back({e, toolkitTargetFor(e, folders).value(), 100 + crc, crc++});
    a.notPlaced.push_back(root + "LICENSE");
    return a;
}

std::string targetOf(const ArchiveInfo& a, const std::string& name)
{
    for (const ArchiveFile& f : a.files)
        if (f.target.ends_with("/" + name))
            return f.target;
    return "";
}

}  // namespace

class TestNvidiaMapping : public QObject {
    Q_OBJECT
private slots:
    // The release's row of the embedded table, or the variant already there, or a refusal.
    void layoutFor_data()
    {
        QTest::addColumn<QString>("cudnn");
        QTest::addColumn<int>("cudaMajor");
        QTest::addColumn<std::vector<PresentNvidiaVariant>>("present");
        QTest::addColumn<QString>("bin");    // expected variant bin folder, or "" for a refusal
        QTest::addColumn<QString>("code");   // the refusal's code
        const std::vector<PresentNvidiaVariant> none;
        QTest::newRow("v9.3 cuda12 -> bin/12.6") << "9.3.0.75" << 12 << none << "bin/12.6" << "";
        QTest::newRow("v9.19 cuda12 -> bin/12.9/x64") << "9.19.0.56" << 12 << none << "bin/12.9/x64" << "";
        QTest::newRow("v9.12 cuda13 -> bin/13.0") << "9.12.0.46" << 13 << none << "bin/13.0" << "";
        QTest::newRow("v9.1 cuda11 beside cuda12") << "9.1.0.70" << 11 << none << "bin/11.8" << "";
        QTest::newRow("v9.19 cuda13: not in the table") << "9.19.0.56" << 13 << none << "" << codes::kNvidiaLayoutUnknown;
        QTest::newRow("unknown release 9.22") << "9.22.0.52" << 12 << none << "" << codes::kNvidiaLayoutUnknown;
        QTest::newRow("unknown release, the CUDA 12 variant present")
            << "9.22.0.52" << 12 << std::vector<PresentNvidiaVariant>{{"12.9", true, 12}} << "bin/12.9/x64" << "";
        QTest::newRow("unknown release, only another major present")
            << "9.22.0.52" << 12 << std::vector<PresentNvidiaVariant>{{"13.0", true, 13}} << ""
            << codes::kNvidiaLayoutUnknown;
        // NVIDIA made this shape on this machine: it wins over the table (no second CUDA 12 variant).
        QTest::newRow("present wins over the table")
            << "9.19.0.56" << 12 << std::vector<PresentNvidiaVariant>{{"12.8", false, 12}} << "bin/12.8" << "";
        QTest::newRow("present major from the folder name")
            << "9.22.0.52" << 13 << std::vector<PresentNvidiaVariant>{{"13.0", true, std::nullopt}} << "bin/13.0/x64" << "";
        QTest::newRow("cuDNN 8: no such layout") << "8.9.7.29" << 12 << none << "" << codes::kNotAToolkit;
    }
    void layoutFor()
    {
        QFETCH(QString, cudnn);
        QFETCH(int, cudaMajor);
        QFETCH(std::vector<PresentNvidiaVariant>, present);
        QFETCH(QString, bin);
        QFETCH(QString, code);
        const auto l = nvidiaLayoutFor(cudnn.toStdString(), cudaMajor, present, "C:\\Program Files\\NVIDIA\\CUDNN\\v9");
        if (bin.isEmpty()) {
            QVERIFY(!l);
            QCOMPARE(QString::fromStdString(l.error().code), code);
            if (code == codes::kNvidiaLayoutUnknown) {
                // The message names the fix.
                QVERIFY(l.error().message.find("--cudnn-root") != std::string::npos);
                QVERIFY(l.error().message.find("--toolkit") != std::string::npos);
            }
            return;
        }
        QVERIFY2(l, l ? "" : l.error().message.c_str());
        QCOMPARE(QString::fromStdString(l->binDir()), bin);
        QVERIFY(!l->source.empty());
    }

    void unknownCudaMajorIsRefused()
    {
        const auto l = nvidiaLayoutFor("9.19.0.56", std::nullopt, {}, "root");
        QVERIFY(!l);
        QCOMPARE(l.error().code, std::string(codes::kNotAToolkit));
    }

    // Every file of the zip lands in the variant's folders; nothing else of the tree is named.
    void mapZip_data()
    {
        QTest::addColumn<QString>("cudnn");
        QTest::addColumn<QString>("cuda");
        QTest::addColumn<bool>("zipBinX64");
        QTest::addColumn<QString>("dll");
        QTest::addColumn<QString>("header");
        QTest::addColumn<QString>("lib");
        QTest::newRow("v9.3 cuda12 (zip bin/)") << "9.3.0.75" << "12" << false << "bin/12.6/cudnn64_9.dll"
                                                << "include/12.6/cudnn.h" << "lib/12.6/x64/cudnn.lib";
        QTest::newRow("v9.19 cuda12 (zip bin/x64)") << "9.19.0.56" << "12" << true << "bin/12.9/x64/cudnn64_9.dll"
                                                    << "include/12.9/cudnn.h" << "lib/12.9/x64/cudnn.lib";
        QTest::newRow("v9.12 cuda13 (zip bin/)") << "9.12.0.46" << "13" << false << "bin/13.0/cudnn64_9.dll"
                                                 << "include/13.0/cudnn.h" << "lib/13.0/x64/cudnn.lib";
    }
    void mapZip()
    {
        QFETCH(QString, cudnn);
        QFETCH(QString, cuda);
        QFETCH(bool, zipBinX64);
        QFETCH(QString, dll);
        QFETCH(QString, header);
        QFETCH(QString, lib);
        ArchiveInfo a = zip(cudnn.toStdString(), cuda.toStdString(), zipBinX64);
        auto l = nvidiaLayoutFor(a.cudnn, a.buildCudaMajor, {}, "root");
        QVERIFY(l);
        const std::size_t files = a.files.size();
        mapIntoNvidiaLayout(a, *l);
        QCOMPARE(a.files.size(), files);
        QCOMPARE(QString::fromStdString(targetOf(a, "cudnn64_9.dll")), dll);
        QCOMPARE(QString::fromStdString(targetOf(a, "cudnn.h")), header);
        QCOMPARE(QString::fromStdString(targetOf(a, "cudnn.lib")), lib);
        for (const ArchiveFile& f : a.files)
            QVERIFY2(f.target.starts_with(l->binDir() + "/") || f.target.starts_with(l->includeDir() + "/") ||
                         f.target.starts_with(l->libDir() + "/"),
                     f.target.c_str());
        QCOMPARE(a.notPlaced.size(), std::size_t(1));  // the licence, as for a toolkit
    }

    void targets_data()
    {
        QTest::addColumn<QString>("target");
        QTest::addColumn<QString>("cuda");
        QTest::addColumn<bool>("binX64");
        QTest::addColumn<QString>("mapped");
        QTest::newRow("bin -> bin/12.6") << "bin/cudnn64_9.dll" << "12.6" << false << "bin/12.6/cudnn64_9.dll";
        QTest::newRow("bin/x64 -> bin/12.6 (no x64 then)") << "bin/x64/cudnn64_9.dll" << "12.6" << false
                                                           << "bin/12.6/cudnn64_9.dll";
        QTest::newRow("bin -> bin/12.9/x64") << "bin/cudnn64_9.dll" << "12.9" << true << "bin/12.9/x64/cudnn64_9.dll";
        QTest::newRow("lib/x64") << "lib/x64/cudnn_ops.lib" << "12.9" << true << "lib/12.9/x64/cudnn_ops.lib";
        QTest::newRow("include") << "include/cudnn_adv.h" << "13.0" << true << "include/13.0/cudnn_adv.h";
        QTest::newRow("deeper under bin: no place") << "bin/x64/sub/cudnn64_9.dll" << "12.9" << true << "";
        QTest::newRow("elsewhere: no place") << "LICENSE" << "12.9" << true << "";
        QTest::newRow("folder name not a CUDA version") << "bin/cudnn64_9.dll" << "../12" << false << "";
    }
    void targets()
    {
        QFETCH(QString, target);
        QFETCH(QString, cuda);
        QFETCH(bool, binX64);
        QFETCH(QString, mapped);
        const auto t = nvidiaTargetFor(target.toStdString(), {cuda.toStdString(), binX64, ""});
        QCOMPARE(QString::fromStdString(t.value_or("")), mapped);
    }

    void binFolderNamesItsVariant_data()
    {
        QTest::addColumn<QString>("bin");
        QTest::addColumn<QString>("cuda");
        QTest::addColumn<bool>("binX64");
        QTest::newRow("bin/12.6") << "bin/12.6" << "12.6" << false;
        QTest::newRow("bin/12.9/x64") << "bin/12.9/x64" << "12.9" << true;
        QTest::newRow("bin alone") << "bin" << "" << false;
        QTest::newRow("bin/x64 (a toolkit's)") << "bin/x64" << "" << false;
        QTest::newRow("include/12.9") << "include/12.9" << "" << false;
    }
    void binFolderNamesItsVariant()
    {
        QFETCH(QString, bin);
        QFETCH(QString, cuda);
        QFETCH(bool, binX64);
        const auto l = nvidiaLayoutOfBin(bin.toStdString());
        QCOMPARE(QString::fromStdString(l ? l->cuda : ""), cuda);
        QCOMPARE(l ? l->binX64 : false, binX64);
        if (l) {
            QCOMPARE(QString::fromStdString(l->binDir()), bin);
            QCOMPARE(nvidiaLayoutFromJson(toJson(*l)), l);
        }
    }

    // The embedded table is resources/nvidialayout.json, rows checked as they are read.
    void embeddedTable()
    {
        const auto& table = nvidiaLayoutTable();
        QVERIFY(table.size() >= 7);
        for (const NvidiaLayoutRow& r : table) {
            QVERIFY(!r.source.empty());
            QCOMPARE(std::stoi(r.folder.substr(0, r.folder.find('.'))), r.cudaMajor);
        }
        const auto parsed = parseNvidiaLayoutTable(R"({"layouts": [
            {"cudnn": "9.30", "cuda_major": 13, "folder": "13.4", "bin_x64": true, "source": "s"},
            {"cudnn": "9.31", "cuda_major": 12, "folder": "13.4", "bin_x64": true, "source": "major disagrees"},
            {"cudnn": "9.32", "cuda_major": 13, "folder": "x", "bin_x64": true}]})");
        QCOMPARE(parsed.size(), std::size_t(1));
        const auto l = nvidiaLayoutFor("9.30.1.2", 13, {}, "root", parsed);
        QVERIFY(l);
        QCOMPARE(l->binDir(), std::string("bin/13.4/x64"));
    }
};

QTEST_GUILESS_MAIN(TestNvidiaMapping)
#include "tst_nvidiamapping.moc"
