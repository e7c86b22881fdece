// NVIDIA's installer variant as the source of a merge into a toolkit (install/foldersource.h,
// issue 27): which toolkit target each entry of a variant maps to (nvidiaVariantTargetFor), and what
// describeNvidiaVariant makes of a variant folder built as NVIDIA's installer leaves it
// (fixtures/toolkitbuilder.h buildNvidiaInstall): targets per CUDA major, headers and import
// libraries, a file that is not cuDNN's, a zero-byte DLL.
#include "fixtures/toolkitbuilder.h"
#include "install/foldersource.h"
#include "install/plan.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace cudnnsetup;

namespace {
std::optional<std::string> targetOf(const ArchiveInfo& a, const std::string& entry)
{
    for (const ArchiveFile& f : a.files)
        if (f.entry == entry)
            return f.target;
    return std::nullopt;
}
}  // namespace

class TestFolderSource : public QObject {
    Q_OBJECT
private slots:
    // The one mapping: bin/<cuda>[/x64]/x -> bin/x (bin/x64/x from CUDA 13), include/<cuda>/x ->
    // include/x, lib/<cuda>/x64/x -> lib/x64/x; nothing deeper, nothing outside those folders.
    void targets_data()
    {
        QTest::addColumn<QString>("cuda");   // the variant's folder name
        QTest::addColumn<QString>("entry");  // root-relative
        QTest::addColumn<QString>("target"); // "" = not placed
        QTest::newRow("v9.19 bin/12.9/x64 DLL -> bin") << "12.9" << "bin/12.9/x64/cudnn64_9.dll" << "bin/cudnn64_9.dll";
        QTest::newRow("13.0 variant DLL -> bin/x64") << "13.0" << "bin/13.0/x64/cudnn64_9.dll" << "bin/x64/cudnn64_9.dll";
        QTest::newRow("header -> include") << "12.9" << "include/12.9/cudnn_version.h" << "include/cudnn_version.h";
        QTest::newRow("import library -> lib/x64") << "12.9" << "lib/12.9/x64/cudnn.lib" << "lib/x64/cudnn.lib";
        QTest::newRow("13.0 import library -> lib/x64") << "13.0" << "lib/13.0/x64/cudnn.lib" << "lib/x64/cudnn.lib";
        QTest::newRow("deeper than the bin folder") << "12.9" << "bin/12.9/x64/sub/cudnn64_9.dll" << "";
        QTest::newRow("another variant's DLL") << "12.9" << "bin/13.0/x64/cudnn64_9.dll" << "";
        QTest::newRow("outside the variant's folders") << "12.9" << "LICENSE.txt" << "";
        QTest::newRow("the bin folder itself") << "12.9" << "bin/12.9/x64/" << "";
    }
    void targets()
    {
        QFETCH(QString, cuda);
        QFETCH(QString, entry);
        QFETCH(QString, target);
        const std::string c = cuda.toStdString();
        const ArchiveFolders folders{"/pf/NVIDIA/CUDNN/v9.19", "bin/" + c + "/x64", "include/" + c, "lib/" + c + "/x64"};
        const auto got = nvidiaVariantTargetFor(entry.toStdString(), folders);
        QCOMPARE(QString::fromStdString(got.value_or(std::string())), target);
    }

    // describeNvidiaVariant on a variant as NVIDIA's installer leaves it.
    void describe_data()
    {
        QTest::addColumn<QString>("variant");  // the variant's CUDA folder name
        QTest::addColumn<QString>("damage");   // "", "extra" (a non-cuDNN file in bin), "zero" (a zero-byte DLL)
        QTest::addColumn<QString>("dllTarget");
        QTest::addColumn<QString>("code");     // refusal, "" = described
        QTest::newRow("v9.19 bin/12.9/x64 for a 12.x toolkit") << "12.9" << "" << "bin/cudnn64_9.dll" << "";
        QTest::newRow("a 13.0 variant into bin/x64") << "13.0" << "" << "bin/x64/cudnn64_9.dll" << "";
        QTest::newRow("a non-cuDNN file in the variant folder not taken") << "12.9" << "extra" << "bin/cudnn64_9.dll" << "";
        QTest::newRow("a zero-byte DLL refused") << "12.9" << "zero" << "" << "zero-size";
    }
    void describe()
    {
        QFETCH(QString, variant);
        QFETCH(QString, damage);
        QFETCH(QString, dllTarget);
        QFETCH(QString, code);
        QTemporaryDir pf;
        fixtures::NvidiaInstallSpec spec;
        spec.variants = {variant.toStdString()};
        const std::string root = fixtures::buildNvidiaInstall((QDir(pf.path()).canonicalPath() + "/Program Files").toStdString(), spec);
        const std::string cuda = variant.toStdString();
        const std::string bin = root + "/bin/" + cuda + "/x64";
        if (damage == "zero") {
            QFile f(QString::fromStdString(bin + "/cudnn_ops64_9.dll"));
            QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
        } else if (damage == "extra") {
            QFile f(QString::fromStdString(bin + "/readme.txt"));
            QVERIFY(f.open(QIODevice::WriteOnly));
            QVERIFY(f.write("not cuDNN's") > 0);
        }
        Result<ArchiveInfo> a = describeNvidiaVariant(root, bin);  // Result has no const operator->
        if (!code.isEmpty()) {
            QVERIFY(!a);
            QCOMPARE(QString::fromStdString(a.error().code), code);
            QVERIFY2(a.error().message.find("reinstall it") != std::string::npos, a.error().message.c_str());
            return;
        }
        QVERIFY2(a, a ? "" : a.error().message.c_str());
        QVERIFY(isNvidiaFolderSource(*a));
        QCOMPARE(QString::fromStdString(a->path), QString::fromStdString(bin));
        QCOMPARE(QString::fromStdString(a->cudnn).left(5), QString("9.19."));
        QCOMPARE(a->sha256.size(), std::size_t(64));
        QCOMPARE(QString::fromStdString(targetOf(*a, "bin/" + cuda + "/x64/cudnn64_9.dll").value_or("")), dllTarget);
        QCOMPARE(QString::fromStdString(targetOf(*a, "include/" + cuda + "/cudnn_version.h").value_or("")),
                 QString("include/cudnn_version.h"));
        QCOMPARE(QString::fromStdString(targetOf(*a, "lib/" + cuda + "/x64/cudnn.lib").value_or("")),
                 QString("lib/x64/cudnn.lib"));
        for (const ArchiveFile& f : a->files)
            QVERIFY2(f.size > 0, f.entry.c_str());
        if (damage == "extra") {
            // Listed (the listing digest covers the whole folder) but not a file of the release, and
            // a folder of NVIDIA's installer is not an official archive: the plan never places it.
            QVERIFY(targetOf(*a, "bin/" + cuda + "/x64/readme.txt"));
            QVERIFY(!isReleaseFileOf(*a, "readme.txt"));
            QVERIFY(!installsExtraFiles(*a, false));
            QVERIFY(isReleaseFileOf(*a, "cudnn64_9.dll"));
        }
    }
};

QTEST_GUILESS_MAIN(TestFolderSource)
#include "tst_foldersource.moc"
