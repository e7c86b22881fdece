#include "releases/releases.h"
#include "testpaths.h"

#include <QFile>
#include <QTest>

#include <algorithm>

using namespace cudnnsetup;

namespace {
Version v(const char* text)
{
    return Version::parse(text).value();
}
bool has(const std::vector<std::string>& list, const std::string& name)
{
    return std::find(list.begin(), list.end(), name) != list.end();
}
}  // namespace

class TestReleases : public QObject {
    Q_OBJECT
private slots:
    void versionParse_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<bool>("valid");
        QTest::addColumn<QString>("printed");
        QTest::newRow("four fields") << "8.2.0.53" << true << "8.2.0.53";
        QTest::newRow("three fields") << "9.10.0" << true << "9.10.0";
        QTest::newRow("two fields") << "8.2" << true << "8.2.0";
        QTest::newRow("surrounding whitespace") << " 8.9.7.29\n" << true << "8.9.7.29";
        QTest::newRow("one field") << "8" << false << "";
        QTest::newRow("five fields") << "8.2.0.53.1" << false << "";
        QTest::newRow("letters") << "8.2.x" << false << "";
        QTest::newRow("empty field") << "8..2" << false << "";
        QTest::newRow("leading v") << "v8.2.0" << false << "";
        QTest::newRow("negative") << "8.-2.0" << false << "";
        QTest::newRow("overflowing number") << "99999999999.1" << false << "";
        QTest::newRow("empty") << "" << false << "";
    }
    void versionParse()
    {
        QFETCH(QString, text);
        QFETCH(bool, valid);
        QFETCH(QString, printed);
        const auto parsed = Version::parse(text.toStdString());
        QCOMPARE(parsed.has_value(), valid);
        if (valid)
            QCOMPARE(QString::fromStdString(parsed->toString()), printed);
    }

    void agreement_data()
    {
        QTest::addColumn<QString>("a");
        QTest::addColumn<QString>("b");
        QTest::addColumn<bool>("agree");
        QTest::newRow("identical") << "8.2.0.53" << "8.2.0.53" << true;
        QTest::newRow("header without build") << "8.2.0" << "8.2.0.53" << true;
        QTest::newRow("build differs") << "8.2.0.53" << "8.2.0.54" << false;
        QTest::newRow("patch differs") << "8.2.1.32" << "8.2.0" << false;
        QTest::newRow("minor differs") << "8.9.7.29" << "8.2.7.29" << false;
        QTest::newRow("major differs") << "9.10.0.56" << "8.10.0.56" << false;
    }
    void agreement()
    {
        QFETCH(QString, a);
        QFETCH(QString, b);
        QFETCH(bool, agree);
        QCOMPARE(v(qPrintable(a)).agreesWith(v(qPrintable(b))), agree);
        QCOMPARE(v(qPrintable(b)).agreesWith(v(qPrintable(a))), agree);
    }

    void names_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("cudnn");     // empty: not recognised
        QTest::addColumn<QString>("cuda");
        QTest::addColumn<QString>("platform");
        QTest::newRow("8.2 cuda 11.3") << "cudnn-11.3-windows-x64-v8.2.0.53.zip" << "8.2.0.53" << "11.3" << "windows-x86_64";
        QTest::newRow("8.2 cuda 10.2 windows10") << "cudnn-10.2-windows10-x64-v8.2.0.53.zip" << "8.2.0.53" << "10.2" << "windows-x86_64";
        QTest::newRow("8.2.4 with directory") << "/home/me/Downloads/cudnn-11.4-windows-x64-v8.2.4.15.zip" << "8.2.4.15" << "11.4" << "windows-x86_64";
        QTest::newRow("8.3.0 old scheme") << "cudnn-11.5-windows-x64-v8.3.0.98.zip" << "8.3.0.98" << "11.5" << "windows-x86_64";
        QTest::newRow("8.9.7 cuda12 zip") << "cudnn-windows-x86_64-8.9.7.29_cuda12-archive.zip" << "8.9.7.29" << "12" << "windows-x86_64";
        QTest::newRow("8.9.7 folder") << "cudnn-windows-x86_64-8.9.7.29_cuda12-archive" << "8.9.7.29" << "12" << "windows-x86_64";
        QTest::newRow("folder with slash") << "cudnn-windows-x86_64-8.9.7.29_cuda11-archive/" << "8.9.7.29" << "11" << "windows-x86_64";
        QTest::newRow("windows backslash path") << "C:\\Users\\me\\cudnn-windows-x86_64-9.10.0.56_cuda12-archive.zip" << "9.10.0.56" << "12" << "windows-x86_64";
        QTest::newRow("8.3.2 cuda11.5") << "cudnn-windows-x86_64-8.3.2.44_cuda11.5-archive.zip" << "8.3.2.44" << "11.5" << "windows-x86_64";
        QTest::newRow("browser duplicate") << "cudnn-windows-x86_64-8.9.7.29_cuda12-archive (1).zip" << "8.9.7.29" << "12" << "windows-x86_64";
        QTest::newRow("linux tgz") << "cudnn-11.3-linux-x64-v8.2.0.53.tgz" << "8.2.0.53" << "11.3" << "linux-x86_64";
        QTest::newRow("linux tar.xz") << "cudnn-linux-x86_64-8.9.7.29_cuda12-archive.tar.xz" << "8.9.7.29" << "12" << "linux-x86_64";
        QTest::newRow("linux sbsa") << "cudnn-linux-sbsa-9.10.0.56_cuda12-archive.tar.xz" << "9.10.0.56" << "12" << "linux-sbsa";
        QTest::newRow("linux ppc64le old") << "cudnn-11.3-linux-ppc64le-v8.2.0.53.tgz" << "8.2.0.53" << "11.3" << "linux-ppc64le";
        QTest::newRow("9.x cuda13") << "cudnn-windows-x86_64-9.18.0.77_cuda13-archive.zip" << "9.18.0.77" << "13" << "windows-x86_64";
        QTest::newRow("renamed") << "cudnn.zip" << "" << "" << "";
        QTest::newRow("almost, no v") << "cudnn-11.3-windows-x64-8.2.0.53.zip" << "" << "" << "";
        QTest::newRow("almost, no -archive") << "cudnn-windows-x86_64-8.9.7.29_cuda12.zip" << "" << "" << "";
        QTest::newRow("other product") << "cutensor-windows-x86_64-1.7.0.1-archive.zip" << "" << "" << "";
    }
    void names()
    {
        QFETCH(QString, name);
        QFETCH(QString, cudnn);
        QFETCH(QString, cuda);
        QFETCH(QString, platform);
        const NameInfo info = parseArchiveName(name.toStdString());
        QCOMPARE(info.cudnn.has_value(), !cudnn.isEmpty());
        if (cudnn.isEmpty()) {
            QVERIFY(!info.cuda);
            return;
        }
        QCOMPARE(QString::fromStdString(info.cudnn->toString()), cudnn);
        QCOMPARE(QString::fromStdString(info.cuda.value_or("?")), cuda);
        QCOMPARE(QString::fromStdString(info.platform.value_or("?")), platform);
    }

    void officialNames_data()
    {
        QTest::addColumn<QString>("cudnn");
        QTest::addColumn<QString>("cuda");
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("root");
        QTest::newRow("8.2.0 11.3") << "8.2.0.53" << "11.3" << "cudnn-11.3-windows-x64-v8.2.0.53.zip" << "cuda/";
        QTest::newRow("8.2.0 10.2") << "8.2.0.53" << "10.2" << "cudnn-10.2-windows10-x64-v8.2.0.53.zip" << "cuda/";
        QTest::newRow("8.3.0 11.5") << "8.3.0.98" << "11.5" << "cudnn-11.5-windows-x64-v8.3.0.98.zip" << "cuda/";
        QTest::newRow("8.9.7 12") << "8.9.7.29" << "12" << "cudnn-windows-x86_64-8.9.7.29_cuda12-archive.zip"
                                  << "cudnn-windows-x86_64-8.9.7.29_cuda12-archive/";
    }
    void officialNames()
    {
        QFETCH(QString, cudnn);
        QFETCH(QString, cuda);
        QFETCH(QString, name);
        QFETCH(QString, root);
        const Version ver = v(qPrintable(cudnn));
        QCOMPARE(QString::fromStdString(officialWindowsArchiveName(ver, cuda.toStdString())), name);
        QCOMPARE(QString::fromStdString(windowsRootFolderFor(ver, cuda.toStdString())), root);
        // What we name, we must recognise.
        const NameInfo back = parseArchiveName(name.toStdString());
        QVERIFY(back.cudnn && back.cudnn->agreesWith(ver));
        QCOMPARE(QString::fromStdString(back.cuda.value_or("")), cuda);
    }

    void layouts_data()
    {
        QTest::addColumn<QString>("cudnn");
        QTest::addColumn<QString>("root");
        QTest::addColumn<QString>("bin");
        QTest::addColumn<QString>("lib");
        QTest::newRow("8.0.5") << "8.0.5.39" << "cuda" << "bin" << "lib/x64";
        QTest::newRow("8.2.0.53") << "8.2.0.53" << "cuda/" << "bin" << "lib/x64";
        QTest::newRow("8.3.0") << "8.3.0.98" << "cuda/" << "bin" << "lib/x64";
        QTest::newRow("8.3.1") << "8.3.1.22" << "cudnn-windows-x86_64-8.3.1.22_cuda11.5-archive/" << "bin" << "lib";
        QTest::newRow("8.5") << "8.5.0.96" << "cudnn-windows-x86_64-8.5.0.96_cuda11-archive/" << "bin" << "lib";
        QTest::newRow("8.7") << "8.7.0.84" << "r/" << "bin" << "lib";
        QTest::newRow("8.8") << "8.8.0.121" << "r/" << "bin" << "lib/x64";
        QTest::newRow("8.9.7") << "8.9.7.29" << "cudnn-windows-x86_64-8.9.7.29_cuda12-archive/" << "bin" << "lib/x64";
        QTest::newRow("9.10") << "9.10.0.56" << "r/" << "bin" << "lib/x64";
        QTest::newRow("9.17") << "9.17.1.4" << "r/" << "bin" << "lib/x64";
        QTest::newRow("9.18") << "9.18.0.77" << "r/" << "bin/x64" << "lib/x64";
        QTest::newRow("toolkit (no root)") << "9.25.0.15" << "" << "bin/x64" << "lib/x64";
    }
    void layouts()
    {
        QFETCH(QString, cudnn);
        QFETCH(QString, root);
        QFETCH(QString, bin);
        QFETCH(QString, lib);
        const Layout l = windowsLayoutFor(v(qPrintable(cudnn)), root.toStdString());
        QString expectedRoot = root;
        if (!expectedRoot.isEmpty() && !expectedRoot.endsWith('/'))
            expectedRoot += '/';
        QCOMPARE(QString::fromStdString(l.root), expectedRoot);
        QCOMPARE(QString::fromStdString(l.bin), bin);
        QCOMPARE(QString::fromStdString(l.include), QString("include"));
        QCOMPARE(QString::fromStdString(l.lib), lib);
        QCOMPARE(QString::fromStdString(l.platform), QString("windows-x86_64"));
    }

    void fileSets_data()
    {
        QTest::addColumn<QString>("cudnn");
        QTest::addColumn<int>("dlls");
        QTest::addColumn<int>("headers");
        QTest::addColumn<int>("libs");
        QTest::addColumn<QString>("license");
        QTest::addColumn<QString>("mainDll");
        QTest::newRow("8.2.0") << "8.2.0.53" << 7 << 9 << 14 << "NVIDIA_SLA_cuDNN_Support.txt" << "cudnn64_8.dll";
        QTest::newRow("8.3.0") << "8.3.0.98" << 7 << 9 << 14 << "NVIDIA_SLA_cuDNN_Support.txt" << "cudnn64_8.dll";
        QTest::newRow("8.3.1 LICENSE") << "8.3.1.22" << 7 << 9 << 14 << "LICENSE" << "cudnn64_8.dll";
        QTest::newRow("8.4.0") << "8.4.0.27" << 7 << 9 << 14 << "LICENSE" << "cudnn64_8.dll";
        QTest::newRow("8.4.1") << "8.4.1.50" << 7 << 9 << 14 << "LICENSE" << "cudnn64_8.dll";
        QTest::newRow("8.9.7") << "8.9.7.29" << 7 << 9 << 14 << "LICENSE" << "cudnn64_8.dll";
        QTest::newRow("9.10") << "9.10.0.56" << 8 << 7 << 16 << "LICENSE" << "cudnn64_9.dll";
        QTest::newRow("9.21 (late DLLs unconfirmed)") << "9.21.0.82" << 8 << 7 << 16 << "LICENSE" << "cudnn64_9.dll";
        QTest::newRow("9.22 ten DLLs") << "9.22.0.52" << 10 << 7 << 16 << "LICENSE" << "cudnn64_9.dll";
        QTest::newRow("9.27 ten DLLs") << "9.27.0.42" << 10 << 7 << 16 << "LICENSE" << "cudnn64_9.dll";
    }
    void fileSets()
    {
        QFETCH(QString, cudnn);
        QFETCH(int, dlls);
        QFETCH(int, headers);
        QFETCH(int, libs);
        QFETCH(QString, license);
        QFETCH(QString, mainDll);
        const ReleaseFileSet set = windowsFileSet(v(qPrintable(cudnn)));
        QCOMPARE(int(set.dlls.size()), dlls);
        QCOMPARE(int(set.headers.size()), headers);
        QCOMPARE(int(set.importLibs.size()), libs);
        QCOMPARE(QString::fromStdString(set.license), license);
        QCOMPARE(int(set.total()), dlls + headers + libs + 1);
        QVERIFY(has(set.dlls, mainDll.toStdString()));
        QVERIFY(has(set.headers, "cudnn_version.h"));
        QVERIFY(has(set.headers, "cudnn.h"));
        QVERIFY(has(set.importLibs, "cudnn.lib"));
        // No duplicates inside one family.
        for (const auto* list : {&set.dlls, &set.headers, &set.importLibs}) {
            auto sorted = *list;
            std::sort(sorted.begin(), sorted.end());
            QVERIFY(std::adjacent_find(sorted.begin(), sorted.end()) == sorted.end());
        }
    }

    void unconfirmedFilesAreOptional_data()
    {
        QTest::addColumn<QString>("cudnn");
        QTest::addColumn<QStringList>("optional");
        QTest::addColumn<QStringList>("alternatives");
        QTest::newRow("8.2.0") << "8.2.0.53" << QStringList{} << QStringList{};
        QTest::newRow("8.3.0 either licence") << "8.3.0.98" << QStringList{} << QStringList{"LICENSE"};
        QTest::newRow("9.20 eight DLLs") << "9.20.0.48" << QStringList{} << QStringList{};
        QTest::newRow("9.21 either way") << "9.21.0.82"
            << QStringList{"cudnn_engines_tensor_ir64_9.dll", "cudnn_ext64_9.dll", "cudnn_engines_tensor_ir.lib",
                           "cudnn_engines_tensor_ir64_9.lib", "cudnn_ext.lib", "cudnn_ext64_9.lib"} << QStringList{};
        QTest::newRow("9.22 libraries of the late DLLs") << "9.22.0.52"
            << QStringList{"cudnn_engines_tensor_ir.lib", "cudnn_engines_tensor_ir64_9.lib", "cudnn_ext.lib", "cudnn_ext64_9.lib"}
            << QStringList{};
    }
    void unconfirmedFilesAreOptional()
    {
        QFETCH(QString, cudnn);
        QFETCH(QStringList, optional);
        QFETCH(QStringList, alternatives);
        const ReleaseFileSet set = windowsFileSet(v(qPrintable(cudnn)));
        QStringList got;
        for (const auto* list : {&set.optionalDlls, &set.optionalHeaders, &set.optionalImportLibs})
            for (const auto& n : *list)
                got << QString::fromStdString(n);
        QCOMPARE(got, optional);
        QStringList alt;
        for (const auto& n : set.licenseAlternatives)
            alt << QString::fromStdString(n);
        QCOMPARE(alt, alternatives);
        for (const auto& n : optional)
            QVERIFY(set.isReleaseFile(n.toStdString()));
        QVERIFY(set.isReleaseFile("CUDNN64_" + std::to_string(v(qPrintable(cudnn)).major) + ".DLL"));  // as Windows compares
        QVERIFY(set.isReleaseFile(set.license));
        QVERIFY(!set.isReleaseFile("zlibwapi.dll"));
    }

    // Every real archive name in the official hash list (resources/catalog/hashes.tsv) parses to the
    // version, platform and CUDA it names.
    void parsesEveryOfficialName()
    {
        QFile f((cudnnsetup::testpaths::sourceDir() + "/resources/catalog/hashes.tsv"));
        QVERIFY(f.open(QIODevice::ReadOnly));
        int names = 0;
        const QStringList lines = QString::fromUtf8(f.readAll()).split('\n', Qt::SkipEmptyParts);
        for (const QString& line : lines.mid(1)) {
            const QString name = line.section('\t', 0, 0);
            if (!name.startsWith("cudnn-"))
                continue;  // zlib123dllx64.zip
            ++names;
            const NameInfo info = parseArchiveName(name.toStdString());
            QVERIFY2(info.cudnn && info.cuda && info.platform, qPrintable(name));
            const QString version = QString::fromStdString(info.cudnn->toString());
            QVERIFY2(name.contains(version), qPrintable(name + " -> " + version));
            QVERIFY2(name.contains(QString::fromStdString(*info.cuda)), qPrintable(name));
            const QString platform = QString::fromStdString(*info.platform);
            const bool windows = name.contains("windows");
            QVERIFY2(platform.startsWith(windows ? "windows-" : name.contains("osx") ? "macos-" : "linux-"), qPrintable(name));
        }
        QVERIFY(names >= 180);
        const NameInfo noTen = parseArchiveName("cudnn-10.2-windows-x64-v8.0.1.13.zip");
        QCOMPARE(QString::fromStdString(noTen.cudnn->toString()), QStringLiteral("8.0.1.13"));
        QCOMPARE(QString::fromStdString(*noTen.cuda), QStringLiteral("10.2"));
        QCOMPARE(QString::fromStdString(*noTen.platform), QStringLiteral("windows-x86_64"));
        QCOMPARE(QString::fromStdString(*parseArchiveName("cudnn-windows-arm64-9.27.0.42_cuda13.4-archive.zip").platform),
                 QStringLiteral("windows-arm64"));
        QCOMPARE(QString::fromStdString(*parseArchiveName("cudnn-11.3-linux-aarch64sbsa-v8.2.1.32.tgz").platform),
                 QStringLiteral("linux-sbsa"));
    }

    void exactNames82()
    {
        const ReleaseFileSet s = windowsFileSet(v("8.2.0.53"));
        QCOMPARE(s.total(), std::size_t(31));
        for (const char* dll : {"cudnn64_8.dll", "cudnn_adv_infer64_8.dll", "cudnn_adv_train64_8.dll", "cudnn_cnn_infer64_8.dll",
                                "cudnn_cnn_train64_8.dll", "cudnn_ops_infer64_8.dll", "cudnn_ops_train64_8.dll"})
            QVERIFY2(has(s.dlls, dll), dll);
        for (const char* h : {"cudnn.h", "cudnn_adv_infer.h", "cudnn_adv_train.h", "cudnn_backend.h", "cudnn_cnn_infer.h",
                              "cudnn_cnn_train.h", "cudnn_ops_infer.h", "cudnn_ops_train.h", "cudnn_version.h"})
            QVERIFY2(has(s.headers, h), h);
        for (const char* lib : {"cudnn.lib", "cudnn64_8.lib", "cudnn_adv_infer.lib", "cudnn_adv_infer64_8.lib", "cudnn_ops_train.lib",
                                "cudnn_ops_train64_8.lib"})
            QVERIFY2(has(s.importLibs, lib), lib);
    }

    void exactNames9()
    {
        const ReleaseFileSet s = windowsFileSet(v("9.10.0.56"));
        for (const char* dll : {"cudnn64_9.dll", "cudnn_adv64_9.dll", "cudnn_cnn64_9.dll", "cudnn_engines_precompiled64_9.dll",
                                "cudnn_engines_runtime_compiled64_9.dll", "cudnn_graph64_9.dll", "cudnn_heuristic64_9.dll",
                                "cudnn_ops64_9.dll"})
            QVERIFY2(has(s.dlls, dll), dll);
        for (const char* h : {"cudnn.h", "cudnn_adv.h", "cudnn_backend.h", "cudnn_cnn.h", "cudnn_graph.h", "cudnn_ops.h", "cudnn_version.h"})
            QVERIFY2(has(s.headers, h), h);
        QVERIFY(has(s.importLibs, "cudnn_engines_runtime_compiled64_9.lib"));
        QVERIFY(has(s.importLibs, "cudnn_graph.lib"));
    }

    void classify_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("kind");
        QTest::newRow("dll") << "cuda/bin/cudnn64_8.dll" << "dll";
        QTest::newRow("dll upper case") << "CUDNN64_8.DLL" << "dll";
        QTest::newRow("import lib") << "cuda/lib/x64/cudnn.lib" << "import-lib";
        QTest::newRow("static lib") << "lib/libcudnn_static.a" << "static-lib";
        QTest::newRow("so") << "lib/libcudnn.so" << "shared-lib";
        QTest::newRow("so.8") << "lib/libcudnn.so.8" << "shared-lib";
        QTest::newRow("so.8.9.7") << "lib/libcudnn_ops.so.8.9.7" << "shared-lib";
        QTest::newRow("header") << "include/cudnn_version.h" << "header";
        QTest::newRow("old licence") << "cuda/NVIDIA_SLA_cuDNN_Support.txt" << "license";
        QTest::newRow("licence") << "cudnn-windows-x86_64-8.9.7.29_cuda12-archive\\LICENSE" << "license";
        QTest::newRow("other txt") << "cuda/readme.txt" << "other";
        QTest::newRow("json") << "version.json" << "other";
        QTest::newRow("not a shared lib") << "lib/libcudnn.someday" << "other";
    }
    void classify()
    {
        QFETCH(QString, name);
        QFETCH(QString, kind);
        QCOMPARE(QString::fromStdString(std::string(toString(classifyFile(name.toStdString())))), kind);
    }

    void versionHeader_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("version");  // empty: none
        QTest::newRow("8.2.1 real shape") << "#ifndef CUDNN_VERSION_H_\n#define CUDNN_VERSION_H_\n\n#define CUDNN_MAJOR 8\n#define CUDNN_MINOR 2\n"
                                             "#define CUDNN_PATCHLEVEL 1\n\n#define CUDNN_VERSION (CUDNN_MAJOR * 1000 + CUDNN_MINOR * 100 + CUDNN_PATCHLEVEL)\n\n#endif\n"
                                          << "8.2.1";
        QTest::newRow("9.6.0 real shape") << "#define CUDNN_MAJOR 9\n#define CUDNN_MINOR 6\n#define CUDNN_PATCHLEVEL 0\n\n"
                                             "#define CUDNN_VERSION (CUDNN_MAJOR * 10000 + CUDNN_MINOR * 100 + CUDNN_PATCHLEVEL)\n"
                                             "#define CUDNN_MAX_SM_MAJOR_NUMBER 9\n#define CUDNN_MAX_SM_MINOR_NUMBER 0\n"
                                          << "9.6.0";
        QTest::newRow("CRLF, tabs, spaced hash") << "#define\tCUDNN_MAJOR\t8\r\n  #  define CUDNN_MINOR   9 \r\n#define CUDNN_PATCHLEVEL 7\r\n" << "8.9.7";
        QTest::newRow("trailing comments") << "#define CUDNN_MAJOR 9 /* major */\n#define CUDNN_MINOR 10 // minor\n#define CUDNN_PATCHLEVEL 2\n" << "9.10.2";
        QTest::newRow("commented-out old values ignored")
            << "/*\n#define CUDNN_MAJOR 7\n*/\n// #define CUDNN_MINOR 6\n#define CUDNN_MAJOR 8\n#define CUDNN_MINOR 2\n#define CUDNN_PATCHLEVEL 0\n" << "8.2.0";
        QTest::newRow("parenthesised") << "#define CUDNN_MAJOR (8)\n#define CUDNN_MINOR (2)\n#define CUDNN_PATCHLEVEL (4)\n" << "8.2.4";
        QTest::newRow("similar names do not count") << "#define CUDNN_MAJOR_X 1\n#define CUDNN_MAJOR 8\n#define CUDNN_OPS_INFER_MINOR 5\n"
                                                       "#define CUDNN_MINOR 2\n#define CUDNN_PATCHLEVEL 0\n" << "8.2.0";
        QTest::newRow("missing patchlevel") << "#define CUDNN_MAJOR 8\n#define CUDNN_MINOR 2\n" << "";
        QTest::newRow("expression, not a number") << "#define CUDNN_MAJOR FOO\n#define CUDNN_MINOR 2\n#define CUDNN_PATCHLEVEL 0\n" << "";
        QTest::newRow("empty") << "" << "";
    }
    void versionHeader()
    {
        QFETCH(QString, text);
        QFETCH(QString, version);
        const auto parsed = parseVersionHeader(text.toStdString());
        QCOMPARE(parsed.has_value(), !version.isEmpty());
        if (parsed) {
            QCOMPARE(QString::fromStdString(parsed->toString()), version);
            QCOMPARE(parsed->build, -1);
        }
    }
};

QTEST_GUILESS_MAIN(TestReleases)
#include "tst_releases.moc"
