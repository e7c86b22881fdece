// verifyArchive against archives generated at test time: every Windows layout, and at least
// one archive per problem code.
#include "archive/tarreader.h"
#include "archive/verifier.h"
#include "fixtures/archivebuilder.h"
#include "fixtures/hostilezip.h"

#include <QCryptographicHash>
#include <QElapsedTimer>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <atomic>

using namespace cudnnsetup;
using namespace cudnnsetup::fixtures;

namespace {

QString dump(const VerifyResult& r) { return QString::fromStdString(toJson(r).dump(1)); }

bool hasProblem(const Problems& ps, const std::string& code, const std::optional<std::string>& path = std::nullopt)
{
    for (const auto& p : ps)
        if (p.code == code && (!path || p.path == path))
            return true;
    return false;
}

QStringList codes(const Problems& ps)
{
    QStringList out;
    for (const auto& p : ps)
        out << QString::fromStdString(p.code);
    out.removeDuplicates();
    return out;
}

QString sha256Of(const QString& path)
{
    QFile f(path);
    f.open(QIODevice::ReadOnly);
    QCryptographicHash h(QCryptographicHash::Sha256);
    h.addData(&f);
    return QString::fromLatin1(h.result().toHex());
}

// Counts entries the scanner starts to inflate (it names each one as it starts).
struct ItemCounter : ProgressSink {
    std::atomic<int> items{0};
    void onProgress(std::uint64_t, std::uint64_t) override {}
    void onItem(const std::string&) override { ++items; }
};

}  // namespace

class TestVerifier : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;

    QString write(const std::vector<ArchiveFile>& files, const QString& name)
    {
        const QString path = m_dir.filePath(name);
        std::string error;
        if (!writeZip(path.toStdString(), files, &error))
            qFatal("writeZip: %s", error.c_str());
        return path;
    }
    QString writeRelease(const ReleaseSpec& spec, QString name = {})
    {
        return write(cudnnWindowsRelease(spec), name.isEmpty() ? QString::fromStdString(releaseArchiveName(spec)) : name);
    }

    // A redistrib manifest (NVIDIA's form) listing `path` under the release's official name.
    QString writeManifest(const QString& path, const ReleaseSpec& spec)
    {
        const QString manifest = m_dir.filePath("redistrib_" + QString::fromStdString(spec.cudnn) + ".json");
        QFile mf(manifest);
        if (!mf.open(QIODevice::WriteOnly))
            qFatal("cannot write %s", qPrintable(manifest));
        mf.write(QString::fromUtf8(R"({"release_label": "%4", "cudnn": {"version": "%4", "windows-x86_64": {"cuda%5": {
            "relative_path": "cudnn/windows-x86_64/%1", "sha256": "%2", "size": "%3"}}}})")
                     .arg(QFileInfo(path).fileName(), sha256Of(path), QString::number(QFileInfo(path).size()),
                          QString::fromStdString(spec.cudnn), QString::fromStdString(spec.cuda))
                     .toUtf8());
        return manifest;
    }

private slots:
    void acceptsEveryLayout_data()
    {
        QTest::addColumn<QString>("cudnn");
        QTest::addColumn<QString>("cuda");
        QTest::addColumn<QString>("root");
        QTest::addColumn<QString>("bin");
        QTest::addColumn<QString>("lib");
        QTest::addColumn<int>("files");
        QTest::addColumn<bool>("directories");
        QTest::addColumn<bool>("store");
        // Build numbers NVIDIA never shipped where the real one is in the catalog: an archive carrying
        // an official name with other bytes is (rightly) a hash mismatch.
        QTest::newRow("8.1 cuda/ root, lib/x64") << "8.1.1.33" << "11.2" << "cuda/" << "bin" << "lib/x64" << 31 << false << false;
        QTest::newRow("8.2.2 cuda/ root, with folder entries") << "8.2.2.99" << "11.4" << "cuda/" << "bin" << "lib/x64" << 31 << true << false;
        QTest::newRow("8.2.2 stored") << "8.2.2.99" << "10.2" << "cuda/" << "bin" << "lib/x64" << 31 << false << true;
        QTest::newRow("8.3.0 last cuda/ root") << "8.3.0.98" << "11.5" << "cuda/" << "bin" << "lib/x64" << 31 << false << false;
        QTest::newRow("8.3.2 archive folder, lib/") << "8.3.2.40" << "11.5" << "cudnn-windows-x86_64-8.3.2.40_cuda11.5-archive/"
                                                    << "bin" << "lib" << 31 << false << false;
        QTest::newRow("8.4.1 LICENSE") << "8.4.1.49" << "11.6" << "cudnn-windows-x86_64-8.4.1.49_cuda11.6-archive/"
                                       << "bin" << "lib" << 31 << true << false;
        QTest::newRow("8.7 lib/") << "8.7.0.83" << "11" << "cudnn-windows-x86_64-8.7.0.83_cuda11-archive/" << "bin" << "lib" << 31 << false << false;
        QTest::newRow("8.8 back in lib/x64") << "8.8.1.2" << "12" << "cudnn-windows-x86_64-8.8.1.2_cuda12-archive/" << "bin" << "lib/x64" << 31 << false << false;
        QTest::newRow("9.6 eight DLLs") << "9.6.0.73" << "12" << "cudnn-windows-x86_64-9.6.0.73_cuda12-archive/" << "bin" << "lib/x64" << 32 << false << false;
        QTest::newRow("9.18 bin/x64") << "9.18.0.70" << "13" << "cudnn-windows-x86_64-9.18.0.70_cuda13-archive/" << "bin/x64" << "lib/x64" << 32 << true << false;
    }
    void acceptsEveryLayout()
    {
        QFETCH(QString, cudnn);
        QFETCH(QString, cuda);
        QFETCH(QString, root);
        QFETCH(QString, bin);
        QFETCH(QString, lib);
        QFETCH(int, files);
        QFETCH(bool, directories);
        QFETCH(bool, store);
        ReleaseSpec spec;
        spec.cudnn = cudnn.toStdString();
        spec.cuda = cuda.toStdString();
        spec.directoryEntries = directories;
        spec.store = store;
        spec.dllBodyBytes = 300000;
        const QString path = writeRelease(spec);
        const VerifyResult r = verifyArchive(path.toStdString(), {});
        QVERIFY2(r.ok(), qPrintable(dump(r)));
        QVERIFY(r.release);
        QCOMPARE(QString::fromStdString(r.release->cudnn.toString()), cudnn);
        QCOMPARE(QString::fromStdString(r.release->cuda), cuda);
        QCOMPARE(QString::fromStdString(r.release->platform), QStringLiteral("windows-x86_64"));
        QVERIFY(r.layout);
        QCOMPARE(QString::fromStdString(r.layout->root), root);
        QCOMPARE(QString::fromStdString(r.layout->bin), bin);
        QCOMPARE(QString::fromStdString(r.layout->lib), lib);
        QCOMPARE(QString::fromStdString(r.layout->include), QStringLiteral("include"));
        QCOMPARE(int(r.entries.size()), files);
        int dlls = 0;
        for (const auto& e : r.entries)
            if (e.kind == FileKind::Dll) {
                ++dlls;
                QCOMPARE(QString::fromStdString(e.version.value_or("none")), cudnn);
            }
        QCOMPARE(dlls, cudnn.startsWith("9") ? 8 : 7);
        QVERIFY(r.authenticity == Authenticity::Unknown);
        QCOMPARE(codes(r.warnings), QStringList{"unknown-origin"});
        QCOMPARE(QString::fromStdString(r.sha256), sha256Of(path));
        QCOMPARE(r.size, quint64(QFileInfo(path).size()));
    }

    // Archives shaped as NVIDIA ships them (cudnn-facts.md §1 and §7, nvidia/layout_evidence.md), with
    // the DLL version resources NVIDIA may use: the cuDNN version, its driver-style 6.14.11.x scheme,
    // another product's version, or none at all. None of these may be refused.
    void verifiesGenuineShapes_data()
    {
        QTest::addColumn<QString>("cudnn");
        QTest::addColumn<QString>("cuda");
        QTest::addColumn<QString>("dllVersions");  // "cudnn", "nvidia", "none", or a literal version for every DLL
        QTest::addColumn<bool>("withOptional");
        QTest::addColumn<int>("dlls");
        QTest::addColumn<QString>("licence");
        QTest::newRow("8.2.0 cudnn versions") << "8.2.0.53" << "11.3" << "cudnn" << false << 7 << "NVIDIA_SLA_cuDNN_Support.txt";
        QTest::newRow("8.2.0 NVIDIA scheme") << "8.2.0.53" << "11.3" << "nvidia" << false << 7 << "NVIDIA_SLA_cuDNN_Support.txt";
        QTest::newRow("8.2.0 no version resource") << "8.2.0.53" << "11.3" << "none" << false << 7 << "NVIDIA_SLA_cuDNN_Support.txt";
        QTest::newRow("8.3.1 LICENSE") << "8.3.1.22" << "11.5" << "nvidia" << false << 7 << "LICENSE";
        QTest::newRow("8.3.2 LICENSE, lib/") << "8.3.2.44" << "10.2" << "cudnn" << false << 7 << "LICENSE";
        QTest::newRow("8.4.0 LICENSE") << "8.4.0.27" << "11.6" << "none" << false << 7 << "LICENSE";
        QTest::newRow("8.4.1") << "8.4.1.50" << "11.6" << "nvidia" << false << 7 << "LICENSE";
        QTest::newRow("8.9.7 another product's version") << "8.9.7.29" << "12" << "12.3.0.1" << false << 7 << "LICENSE";
        QTest::newRow("8.9.7 NVIDIA scheme") << "8.9.7.29" << "11" << "nvidia" << false << 7 << "LICENSE";
        QTest::newRow("9.10 eight DLLs") << "9.10.0.56" << "12" << "cudnn" << false << 8 << "LICENSE";
        QTest::newRow("9.10 no version resource") << "9.10.0.56" << "11" << "none" << false << 8 << "LICENSE";
        QTest::newRow("9.21 eight DLLs (unconfirmed)") << "9.21.0.82" << "13" << "cudnn" << false << 8 << "LICENSE";
        QTest::newRow("9.21 ten DLLs (unconfirmed)") << "9.21.0.82" << "13" << "cudnn" << true << 10 << "LICENSE";
        QTest::newRow("9.22 ten DLLs") << "9.22.0.52" << "12" << "nvidia" << false << 10 << "LICENSE";
        QTest::newRow("9.25 ten DLLs bin/x64") << "9.25.0.15" << "12" << "cudnn" << true << 10 << "LICENSE";
        QTest::newRow("9.27 cuda13 no version resource") << "9.27.0.42" << "13" << "none" << false << 10 << "LICENSE";
    }
    void verifiesGenuineShapes()
    {
        QFETCH(QString, cudnn);
        QFETCH(QString, cuda);
        QFETCH(QString, dllVersions);
        QFETCH(bool, withOptional);
        QFETCH(int, dlls);
        QFETCH(QString, licence);
        ReleaseSpec spec;
        spec.cudnn = cudnn.toStdString();
        spec.cuda = cuda.toStdString();
        spec.withOptional = withOptional;
        spec.dllBodyBytes = 20000;
        if (dllVersions == "nvidia")
            spec.everyDllVersion = "6.14.11." + std::to_string(Version::parse(spec.cudnn)->major * 1000 + 20);
        else if (dllVersions == "none")
            spec.noDllVersions = true;
        else if (dllVersions != "cudnn")
            spec.everyDllVersion = dllVersions.toStdString();
        // Saved under another name: NVIDIA's own name belongs to NVIDIA's bytes (the catalog knows it),
        // so these generated archives are identified from their contents, then confirmed by a manifest.
        const QString path = writeRelease(spec, "shape.zip");
        VerifyResult r = verifyArchive(path.toStdString(), {});
        QVERIFY2(r.ok(), qPrintable(dump(r)));
        QCOMPARE(codes(r.warnings), QStringList{"unknown-origin"});
        QVERIFY(r.release);
        const Version want = *Version::parse(spec.cudnn);
        QVERIFY2(r.release->cudnn.agreesWith(Version{want.major, want.minor, want.patch}),
                 qPrintable(QString::fromStdString(r.release->cudnn.toString())));  // never a DLL's 6.14.11.x
        if (want >= Version{8, 3, 1})  // the top folder names the release and its CUDA
            QCOMPARE(QString::fromStdString(r.release->cudnn.toString()), cudnn);
        int dllCount = 0;
        bool licenceSeen = false;
        for (const auto& e : r.entries) {
            dllCount += e.kind == FileKind::Dll;
            licenceSeen = licenceSeen || QString::fromStdString(e.path).endsWith("/" + licence);
        }
        QCOMPARE(dllCount, dlls);
        QVERIFY(licenceSeen);

        VerifyOptions o;
        o.manifestPath = writeManifest(path, spec).toStdString();
        r = verifyArchive(path.toStdString(), o);
        QVERIFY2(r.ok(), qPrintable(dump(r)));
        QVERIFY(r.authenticity == Authenticity::Manifest);
        QCOMPARE(QString::fromStdString(r.release->cudnn.toString()), cudnn);
        QCOMPARE(QString::fromStdString(r.release->cuda), cuda);
        QVERIFY2(r.warnings.empty(), qPrintable(dump(r)));
    }

    // An archive whose SHA-256 the manifest (or the catalog) lists is checked at hashing speed: no entry
    // is inflated for its CRC, yet names, structure and each DLL's PE headers are still checked.
    void officialArchiveSkipsTheCrcPass()
    {
        ReleaseSpec spec;
        spec.cudnn = "9.27.0.42";
        spec.cuda = "12";
        spec.dllBodyBytes = 200000;
        const QString path = writeRelease(spec, "shape.zip");
        VerifyOptions o;
        o.manifestPath = writeManifest(path, spec).toStdString();
        ItemCounter counter;
        o.progress = &counter;
        const VerifyResult fast = verifyArchive(path.toStdString(), o);
        QVERIFY2(fast.ok(), qPrintable(dump(fast)));
        QVERIFY(!fast.crcChecked);
        QCOMPARE(counter.items.load(), 0);  // nothing inflated by the scanner
        QVERIFY(toJson(fast)["crc_checked"] == false);
        const VerifyResult full = verifyArchive(path.toStdString(), {});
        QVERIFY(full.crcChecked);
        QCOMPARE(fast.sha256, full.sha256);
        QCOMPARE(fast.entries.size(), full.entries.size());
        QCOMPARE(QString::fromStdString(fast.release->cudnn.toString()), QStringLiteral("9.27.0.42"));

        // The DLL headers are still read: a 32-bit DLL in an "official" archive is refused.
        spec.i386Dlls = {"cudnn_ops64_9.dll"};
        const QString i386 = writeRelease(spec, "shape-i386.zip");
        o.manifestPath = writeManifest(i386, spec).toStdString();
        const VerifyResult r = verifyArchive(i386.toStdString(), o);
        QVERIFY(!r.crcChecked);
        QVERIFY2(hasProblem(r.problems, "wrong-architecture"), qPrintable(dump(r)));
    }
    void damagedArchiveUnderAnOfficialNameGetsTheFullPass()
    {
        ReleaseSpec spec;
        spec.cudnn = "9.27.0.42";
        spec.cuda = "12";
        spec.dllBodyBytes = 200000;
        spec.store = true;  // a flipped byte is then a CRC mismatch, not a deflate error
        const QString path = writeRelease(spec, "shape.zip");
        VerifyOptions o;
        o.manifestPath = writeManifest(path, spec).toStdString();  // lists the intact bytes
        std::string error;
        QVERIFY2(corruptEntryData(path.toStdString(), "cudnn-windows-x86_64-9.27.0.42_cuda12-archive/bin/x64/cudnn_cnn64_9.dll",
                                  &error, 100000),
                 error.c_str());
        const VerifyResult r = verifyArchive(path.toStdString(), o);
        QVERIFY(r.crcChecked);
        QVERIFY(hasProblem(r.problems, "hash-mismatch"));
        QVERIFY2(hasProblem(r.problems, "crc-mismatch"), qPrintable(dump(r)));
    }

    void lateDllsAreRequiredWhereConfirmed_data()
    {
        QTest::addColumn<QString>("cudnn");
        QTest::addColumn<QString>("omit");
        QTest::addColumn<bool>("refused");
        QTest::newRow("9.22 without cudnn_ext64_9.dll") << "9.22.0.52" << "cudnn_ext64_9.dll" << true;
        QTest::newRow("9.27 without the tensor IR engine") << "9.27.0.42" << "cudnn_engines_tensor_ir64_9.dll" << true;
        QTest::newRow("9.21 without cudnn_ext64_9.dll") << "9.21.0.82" << "cudnn_ext64_9.dll" << false;
    }
    void lateDllsAreRequiredWhereConfirmed()
    {
        QFETCH(QString, cudnn);
        QFETCH(QString, omit);
        QFETCH(bool, refused);
        ReleaseSpec spec;
        spec.cudnn = cudnn.toStdString();
        spec.cuda = "12";
        spec.withOptional = true;
        spec.omit = {omit.toStdString()};
        const VerifyResult r = verifyArchive(writeRelease(spec, "shape.zip").toStdString(), {});
        QCOMPARE(!r.ok(), refused);
        if (refused)
            QCOMPARE(codes(r.problems), QStringList{"missing-file"});
        QVERIFY2(!hasProblem(r.warnings, "extra-file"), qPrintable(dump(r)));
    }

    void versionFieldsCountOnlyWhereTheyAgreeWithTheHeader()
    {
        // A DLL whose FileVersion names another family (9.x in an 8.x release) is no evidence; one of
        // the family that names another patch is a mix (a DLL of 8.2.1 in 8.2.0).
        ReleaseSpec spec;
        spec.cudnn = "8.2.0.53";
        spec.dllVersion = {{"cudnn_ops_infer64_8.dll", "9.1.0.70"}};
        VerifyResult r = verifyArchive(writeRelease(spec, "shape.zip").toStdString(), {});
        QVERIFY2(r.ok(), qPrintable(dump(r)));
        spec.dllVersion = {{"cudnn_ops_infer64_8.dll", "8.2.1.32"}};
        r = verifyArchive(writeRelease(spec, "shape.zip").toStdString(), {});
        QVERIFY(hasProblem(r.problems, "version-mismatch", "cuda/bin/cudnn_ops_infer64_8.dll"));
    }

    // A FileDescription (StringFileInfo) is version evidence under the FileVersion's rule
    // (releases/versionevidence.h): a cuDNN-shaped number of the family that agrees completes the
    // release, one that disagrees is a mix; NVIDIA's driver-style scheme, another product's version,
    // prose and a disagreeing two-part number are no evidence; an official hash outranks it.
    void fileDescriptionIsEvidenceOnlyWhereItAgrees_data()
    {
        QTest::addColumn<QString>("fileVersions");  // "cudnn", "nvidia" (6.14.11.8020) or "none"
        QTest::addColumn<QString>("description");
        QTest::addColumn<QString>("onlyDll");       // "" = every DLL carries the description
        QTest::addColumn<bool>("manifest");         // NVIDIA's hash for these bytes
        QTest::addColumn<bool>("ok");
        QTest::addColumn<QString>("release");       // the release reported
        QTest::addColumn<bool>("mismatchWarned");   // version-mismatch among the warnings
        const QString ops = "cudnn_ops_infer64_8.dll";
        QTest::newRow("agrees: completes the build number") << "none" << "NVIDIA CUDA Deep Neural Network Library 8.2.0.53"
                                                            << "" << false << true << "8.2.0.53" << false;
        QTest::newRow("another patch level in one DLL") << "none" << "cuDNN v8.2.1.32" << ops << false << false << "" << false;
        QTest::newRow("another patch level beside an agreeing FileVersion") << "cudnn" << "cuDNN 8.2.1" << ops << false << false
                                                                            << "" << false;
        QTest::newRow("NVIDIA's scheme in both fields") << "nvidia" << "NVIDIA cuDNN 6.14.11.8020" << "" << false << true
                                                        << "8.2.0" << false;
        QTest::newRow("another product's version") << "none" << "Built with CUDA 11.3.58" << "" << false << true << "8.2.0"
                                                   << false;
        QTest::newRow("another minor of the family is a mix") << "none" << "cuDNN 8.1.1.33" << ops << false << false << ""
                                                              << false;
        QTest::newRow("two parts name no patch level") << "none" << "NVIDIA CUDA Deep Neural Network, Version 8.2" << ""
                                                       << false << true << "8.2.0" << false;
        QTest::newRow("a two-part number that disagrees is no evidence") << "none" << "cuDNN for compute capability 8.6"
                                                                         << "" << false << true << "8.2.0" << false;
        QTest::newRow("prose only") << "none" << "NVIDIA cuDNN dynamic link library" << "" << false << true << "8.2.0" << false;
        QTest::newRow("an official hash outranks it") << "none" << "cuDNN v8.2.1.32" << ops << true << true << "8.2.0.53"
                                                      << true;
    }
    void fileDescriptionIsEvidenceOnlyWhereItAgrees()
    {
        QFETCH(QString, fileVersions);
        QFETCH(QString, description);
        QFETCH(QString, onlyDll);
        QFETCH(bool, manifest);
        QFETCH(bool, ok);
        QFETCH(QString, release);
        QFETCH(bool, mismatchWarned);
        ReleaseSpec spec;  // 8.2.0.53 for CUDA 11.3: the cuda/ root and the header say 8.2.0, no build number
        if (fileVersions == "nvidia")
            spec.everyDllVersion = "6.14.11.8020";
        else if (fileVersions == "none")
            spec.noDllVersions = true;
        if (onlyDll.isEmpty())
            spec.everyDllDescription = description.toStdString();
        else
            spec.dllDescription = {{onlyDll.toStdString(), description.toStdString()}};
        const QString path = writeRelease(spec, "download.zip");  // a name that says nothing
        VerifyOptions o;
        if (manifest)
            o.manifestPath = writeManifest(path, spec).toStdString();
        const VerifyResult r = verifyArchive(path.toStdString(), o);
        QCOMPARE(r.ok(), ok);
        if (ok)
            QCOMPARE(QString::fromStdString(r.release ? r.release->cudnn.toString() : "none"), release);
        else
            QVERIFY2(hasProblem(r.problems, "version-mismatch", "cuda/bin/" + onlyDll.toStdString()), qPrintable(dump(r)));
        if (!ok)
            QCOMPARE(codes(r.problems), QStringList{"version-mismatch"});
        QCOMPARE(hasProblem(r.warnings, "version-mismatch"), mismatchWarned);
        if (mismatchWarned)
            QVERIFY2(hasProblem(r.warnings, "version-mismatch", "cuda/bin/" + onlyDll.toStdString()), qPrintable(dump(r)));
    }

    // Rule 1 and the zero-false-refusal promise: one release of every family 8.0-9.27, re-zipped (so no
    // official hash vouches for it), with what NVIDIA's DLLs may carry: the cuDNN version as FileVersion
    // and "NVIDIA CUDA Deep Neural Network, Version M.m" as FileDescription (two parts: no patch level),
    // or a FileVersion padded with zeros ("8.9.0.0"). Neither may be refused.
    void genuineShapesOfEveryFamily_data()
    {
        QTest::addColumn<QString>("cudnn");
        QTest::addColumn<QString>("cuda");
        QTest::addColumn<bool>("padded");  // FileVersion M.m.0.0 instead of the full version
        const char* releases[][2] = {
            {"8.0.5.39", "11.0"}, {"8.1.1.33", "11.2"},  {"8.2.4.15", "11.4"},  {"8.3.2.44", "11.5"},  {"8.4.1.50", "11.6"},
            {"8.5.0.96", "11"},   {"8.6.0.163", "11"},   {"8.7.0.84", "10"},    {"8.8.1.3", "12"},     {"8.9.7.29", "12"},
            {"9.0.0.312", "12"},  {"9.1.0.70", "11"},    {"9.2.1.18", "12"},    {"9.3.0.75", "12"},    {"9.4.0.58", "11"},
            {"9.5.0.50", "12"},   {"9.6.0.74", "12"},    {"9.7.1.26", "12"},    {"9.8.0.87", "12"},    {"9.9.0.52", "11"},
            {"9.10.2.21", "12"},  {"9.11.0.98", "12"},   {"9.12.0.46", "13"},   {"9.13.1.26", "12"},   {"9.14.0.64", "13"},
            {"9.15.1.9", "13"},   {"9.16.0.29", "13"},   {"9.17.1.4", "13"},    {"9.18.1.3", "13"},    {"9.19.1.2", "13"},
            {"9.20.0.48", "12"},  {"9.21.1.3", "13"},    {"9.22.0.52", "12"},   {"9.23.2.1", "13"},    {"9.24.0.43", "13"},
            {"9.25.0.15", "13"},  {"9.27.0.42", "12"}};
        for (const auto& [cudnn, cuda] : releases) {
            QTest::addRow("%s for CUDA %s, two-part description", cudnn, cuda) << cudnn << cuda << false;
            QTest::addRow("%s for CUDA %s, padded FileVersion", cudnn, cuda) << cudnn << cuda << true;
        }
    }
    void genuineShapesOfEveryFamily()
    {
        QFETCH(QString, cudnn);
        QFETCH(QString, cuda);
        QFETCH(bool, padded);
        ReleaseSpec spec;
        spec.cudnn = cudnn.toStdString();
        spec.cuda = cuda.toStdString();
        spec.withOptional = true;  // 9.21: the two late DLLs may be there
        spec.dllBodyBytes = 4000;
        const Version v = *Version::parse(spec.cudnn);
        const std::string mm = std::to_string(v.major) + "." + std::to_string(v.minor);
        if (padded)
            spec.everyDllVersion = mm + ".0.0";
        else
            spec.everyDllDescription = "NVIDIA CUDA Deep Neural Network, Version " + mm;
        const VerifyResult r = verifyArchive(writeRelease(spec, "shape.zip").toStdString(), {});
        QVERIFY2(r.ok(), qPrintable(dump(r)));
        QCOMPARE(codes(r.warnings), QStringList{"unknown-origin"});
        QVERIFY(r.release);
        // Completed by the top folder (8.3.1 on) or a full FileVersion; else the header's three parts.
        const QString want = v >= Version{8, 3, 1} || !padded ? cudnn : QString::fromStdString(Version{v.major, v.minor, v.patch}.toString());
        QCOMPARE(QString::fromStdString(r.release->cudnn.toString()), want);
    }

    // Rule 2: a DLL whose version field is shaped like a cuDNN version of the release's family but names
    // another major.minor (or patch) is evidence of mixing; NVIDIA's driver-style scheme, CUDA versions
    // (including 8.0.61 / 9.2.148, which share a cuDNN major), prose and no resource stay ignored.
    void dllOfAnotherReleaseIsAMix_data()
    {
        QTest::addColumn<QString>("cudnn");
        QTest::addColumn<QString>("cuda");
        QTest::addColumn<QString>("dll");
        QTest::addColumn<QString>("field");  // "version", "description" or "none" (no resource)
        QTest::addColumn<QString>("value");
        QTest::addColumn<bool>("mix");
        QTest::newRow("8.2 with a DLL of 8.1.1") << "8.2.0.53" << "11.3" << "cudnn_cnn_infer64_8.dll" << "version" << "8.1.1.33" << true;
        QTest::newRow("8.9.7 with a DLL of 8.8.1") << "8.9.7.29" << "12" << "cudnn_ops_infer64_8.dll" << "version" << "8.8.1.3" << true;
        QTest::newRow("9.10 with a DLL of 9.1.0") << "9.10.0.56" << "12" << "cudnn_graph64_9.dll" << "version" << "9.1.0.70" << true;
        QTest::newRow("9.27 with a DLL of 9.22") << "9.27.0.42" << "13" << "cudnn_engines_precompiled64_9.dll" << "version"
                                                  << "9.22.0.52" << true;
        QTest::newRow("8.2 with a description of 8.1.1") << "8.2.0.53" << "11.3" << "cudnn_adv_train64_8.dll" << "description"
                                                          << "NVIDIA CUDA Deep Neural Network 8.1.1.33" << true;
        QTest::newRow("driver style in one DLL") << "8.2.0.53" << "11.3" << "cudnn_cnn_infer64_8.dll" << "version"
                                                 << "6.14.11.8020" << false;
        QTest::newRow("CUDA version in one DLL") << "8.9.7.29" << "12" << "cudnn_cnn_infer64_8.dll" << "version" << "12.2.140.0"
                                                 << false;
        QTest::newRow("CUDA 9.2.148 beside cuDNN 9.2.1") << "9.2.1.18" << "12" << "cudnn_ops64_9.dll" << "version" << "9.2.148.0"
                                                         << false;
        QTest::newRow("CUDA 8.0.61 beside cuDNN 8.0.5") << "8.0.5.39" << "11.0" << "cudnn_ops_infer64_8.dll" << "version"
                                                        << "8.0.61.0" << false;
        QTest::newRow("prose in one DLL") << "9.10.0.56" << "12" << "cudnn_ops64_9.dll" << "description"
                                          << "NVIDIA cuDNN operations library" << false;
        QTest::newRow("no resource in one DLL") << "9.10.0.56" << "12" << "cudnn_ops64_9.dll" << "none" << "" << false;
    }
    void dllOfAnotherReleaseIsAMix()
    {
        QFETCH(QString, cudnn);
        QFETCH(QString, cuda);
        QFETCH(QString, dll);
        QFETCH(QString, field);
        QFETCH(QString, value);
        QFETCH(bool, mix);
        ReleaseSpec spec;
        spec.cudnn = cudnn.toStdString();
        spec.cuda = cuda.toStdString();
        spec.root = "cuda/";  // a folder and a file name that say nothing: only the files speak
        if (field == "version")
            spec.dllVersion = {{dll.toStdString(), value.toStdString()}};
        else if (field == "description")
            spec.dllDescription = {{dll.toStdString(), value.toStdString()}};
        else
            spec.noVersionDlls = {dll.toStdString()};
        const QString path = writeRelease(spec, "download.zip");
        const Version v = *Version::parse(spec.cudnn);
        const std::string entry = "cuda/" + windowsLayoutFor(v, "").bin + "/" + dll.toStdString();
        VerifyResult r = verifyArchive(path.toStdString(), {});
        QVERIFY(r.release);
        QCOMPARE(QString::fromStdString(r.release->cudnn.toString()), cudnn);
        if (!mix) {
            QVERIFY2(!hasProblem(r.problems, "version-mismatch"), qPrintable(dump(r)));
            return;
        }
        QVERIFY2(hasProblem(r.problems, "version-mismatch", entry), qPrintable(dump(r)));
        QCOMPARE(codes(r.problems), QStringList{"version-mismatch"});
        QVERIFY2(QString::fromStdString(r.problems.front().message).contains(dll) &&
                     QString::fromStdString(r.problems.front().message).contains(cudnn),
                 "names the DLL and the release");
        // NVIDIA's hash for these bytes outranks the heuristic: a warning, not a refusal.
        VerifyOptions o;
        o.manifestPath = writeManifest(path, spec).toStdString();
        r = verifyArchive(path.toStdString(), o);
        QVERIFY2(r.ok(), qPrintable(dump(r)));
        QVERIFY(hasProblem(r.warnings, "version-mismatch", entry));
    }

    // Rule 3: a cudnn_version.h of another release than its DLLs (and names) is a mix; when the header is
    // the odd one out it is the one reported, naming both, and the release is what the rest says.
    void headerOfAnotherReleaseIsAMix_data()
    {
        QTest::addColumn<QString>("cudnn");
        QTest::addColumn<QString>("cuda");
        QTest::addColumn<QString>("header");
        QTest::addColumn<QString>("root");  // "" = NVIDIA's folder for the release
        QTest::addColumn<QString>("name");  // "" = NVIDIA's file name
        QTest::addColumn<QString>("release");
        QTest::newRow("8.1.1 header among 8.2.0.53 DLLs") << "8.2.0.53" << "11.3" << "8.1.1" << "cuda/" << "download.zip"
                                                         << "8.2.0.53";
        QTest::newRow("9.1.0 header among 8.2.0.53 DLLs") << "8.2.0.53" << "11.3" << "9.1.0" << "cuda/" << "download.zip"
                                                          << "8.2.0.53";
        QTest::newRow("9.1.0 header in a 9.10.0.56 archive") << "9.10.0.56" << "12" << "9.1.0" << "" << "shape.zip" << "9.10.0.56";
        // A build NVIDIA never shipped: NVIDIA's own name with other bytes would be a hash mismatch.
        QTest::newRow("8.9.6 header in an 8.9.7 archive under its NVIDIA-style name") << "8.9.7.99" << "12" << "8.9.6" << ""
                                                                                      << "" << "8.9.7.99";
    }
    void headerOfAnotherReleaseIsAMix()
    {
        QFETCH(QString, cudnn);
        QFETCH(QString, cuda);
        QFETCH(QString, header);
        QFETCH(QString, root);
        QFETCH(QString, name);
        QFETCH(QString, release);
        ReleaseSpec spec;
        spec.cudnn = cudnn.toStdString();
        spec.cuda = cuda.toStdString();
        spec.headerVersion = header.toStdString();
        if (!root.isEmpty())
            spec.root = root.toStdString();
        const VerifyResult r = verifyArchive(writeRelease(spec, name).toStdString(), {});
        QCOMPARE(codes(r.problems), QStringList{"version-mismatch"});
        QCOMPARE(r.problems.size(), std::size_t(1));  // the header, not every DLL
        const Problem& p = r.problems.front();
        QVERIFY2(p.path && QString::fromStdString(*p.path).endsWith("include/cudnn_version.h"), qPrintable(dump(r)));
        QVERIFY2(QString::fromStdString(p.message).contains("cudnn_version.h says cuDNN " + header + ", but"), p.message.c_str());
        QVERIFY2(QString::fromStdString(p.message).contains(release), p.message.c_str());
        QVERIFY(r.release);
        QCOMPARE(QString::fromStdString(r.release->cudnn.toString()), release);
    }

    // Rule 4 of issue 30: the CUDA libraries a build's DLLs import say which CUDA it is for,
    // whatever its name says; the planner uses buildCudaMajor (tst_plan, tst_installflow).
    void aBuildsOwnCudaMajorWins_data()
    {
        QTest::addColumn<QString>("cudnn");
        QTest::addColumn<QString>("cuda");       // the name's CUDA
        QTest::addColumn<QString>("name");       // "" = NVIDIA's file name
        QTest::addColumn<QStringList>("imports");  // "dll=import,import" (or "*=..." for every DLL)
        QTest::addColumn<bool>("manifest");      // NVIDIA's manifest lists these bytes
        QTest::addColumn<QStringList>("problems");
        QTest::addColumn<QStringList>("warnings");  // cuda-major-mismatch among them or not
        QTest::addColumn<int>("buildCuda");      // 0 = unknown
        QTest::addColumn<QString>("source");
        QTest::addColumn<QString>("says");       // in the message
        // Build numbers NVIDIA never shipped: genuine shapes that are not NVIDIA's bytes (an official
        // name with other bytes would be a hash mismatch).
        const QString precompiled = "cudnn_engines_precompiled64_9.dll=cublasLt64_12.dll,KERNEL32.dll";
        QTest::newRow("9.19 _cuda13-archive whose DLLs import cublasLt64_12.dll")
            << "9.19.0.99" << "13" << "" << QStringList{precompiled} << false << QStringList{"cuda-major-mismatch"}
            << QStringList{} << 12 << "imports"
            << "its name says CUDA 13, but cudnn_engines_precompiled64_9.dll imports cublasLt64_12.dll, so its DLLs are a build for CUDA 12";
        QTest::newRow("genuine 9.19 cuda12 build importing cublasLt64_12.dll")
            << "9.19.0.99" << "12" << "" << QStringList{precompiled} << false << QStringList{} << QStringList{} << 12
            << "imports" << "";
        QTest::newRow("genuine 8.9.7 cuda12 build importing cuBLAS 12")
            << "8.9.7.99" << "12" << "" << QStringList{"*=cublas64_12.dll,cublasLt64_12.dll,KERNEL32.dll"} << false
            << QStringList{} << QStringList{} << 12 << "imports" << "";
        QTest::newRow("genuine 8.2 for CUDA 11.3 importing cuBLAS 11 and cudart64_110.dll")
            << "8.2.0.99" << "11.3" << "" << QStringList{"*=cublas64_11.dll,cudart64_110.dll"} << false << QStringList{}
            << QStringList{} << 11 << "imports" << "";
        QTest::newRow("8.9.7 _cuda12-archive whose DLLs import cublasLt64_11.dll")
            << "8.9.7.99" << "12" << "" << QStringList{"*=cublas64_11.dll,cublasLt64_11.dll"} << false
            << QStringList{"cuda-major-mismatch"} << QStringList{} << 11 << "imports"
            << "its name says CUDA 12, but cudnn64_8.dll imports cublas64_11.dll, so its DLLs are a build for CUDA 11";
        QTest::newRow("one DLL of a CUDA 11 build among CUDA 12 DLLs")
            << "8.9.7.99" << "12" << ""
            << QStringList{"*=cublasLt64_12.dll", "cudnn_cnn_infer64_8.dll=cublasLt64_11.dll"} << false
            << QStringList{"cuda-major-mismatch"} << QStringList{} << 12 << "imports"
            << "cudnn_cnn_infer64_8.dll imports cublasLt64_11.dll (CUDA 11), but";
        QTest::newRow("renamed download: the imports still say CUDA 12")
            << "9.19.0.99" << "12" << "download.zip" << QStringList{precompiled} << false << QStringList{}
            << QStringList{} << 12 << "imports" << "";
        QTest::newRow("no CUDA import (cuDNN 9 loads cuBLAS at run time): the name says")
            << "9.19.0.99" << "13" << "" << QStringList{} << false << QStringList{} << QStringList{} << 13 << "name" << "";
        QTest::newRow("nothing says: renamed 8.2 (cuda/ root), no CUDA import")
            << "8.2.0.99" << "11.3" << "download.zip" << QStringList{} << false << QStringList{} << QStringList{} << 0
            << "" << "";
        // NVIDIA's bytes say which build it is: verified at hashing speed, the import tables are not
        // even read (at most a warning where they are: install's full pass), never a refusal.
        QTest::newRow("official hash outranks the imports (manifest lists it as cuda13)")
            << "9.19.0.99" << "13" << "" << QStringList{precompiled} << true << QStringList{} << QStringList{} << 13
            << "manifest" << "";
    }
    void aBuildsOwnCudaMajorWins()
    {
        QFETCH(QString, cudnn);
        QFETCH(QString, cuda);
        QFETCH(QString, name);
        QFETCH(QStringList, imports);
        QFETCH(bool, manifest);
        QFETCH(QStringList, problems);
        QFETCH(QStringList, warnings);
        QFETCH(int, buildCuda);
        QFETCH(QString, source);
        QFETCH(QString, says);
        ReleaseSpec spec;
        spec.cudnn = cudnn.toStdString();
        spec.cuda = cuda.toStdString();
        spec.dllBodyBytes = 100000;  // the import table lies beyond the 64 KiB head a stream keeps
        for (const QString& i : imports) {
            const QString dll = i.section('=', 0, 0);
            std::vector<std::string> names;
            for (const QString& n : i.section('=', 1).split(','))
                names.push_back(n.toStdString());
            if (dll == "*")
                spec.everyDllImports = names;
            else
                spec.dllImports[dll.toStdString()] = names;
        }
        const QString path = writeRelease(spec, name);
        VerifyOptions o;
        if (manifest)
            o.manifestPath = writeManifest(path, spec).toStdString();
        const VerifyResult r = verifyArchive(path.toStdString(), o);
        QVERIFY2(codes(r.problems) == problems, qPrintable(dump(r)));
        QVERIFY2(hasProblem(r.warnings, "cuda-major-mismatch") == warnings.contains("cuda-major-mismatch"), qPrintable(dump(r)));
        QCOMPARE(r.buildCudaMajor.value_or(0), buildCuda);
        QCOMPARE(QString::fromStdString(r.buildCudaSource), source);
        const auto j = toJson(r);
        QCOMPARE(j["build_cuda"].is_null(), buildCuda == 0);
        if (buildCuda)
            QCOMPARE(j["build_cuda"]["major"].get<int>(), buildCuda);
        if (!says.isEmpty()) {
            bool found = false;
            for (const auto& p : r.problems.empty() ? r.warnings : r.problems)
                found = found || (p.code == "cuda-major-mismatch" && QString::fromStdString(p.message).contains(says));
            QVERIFY2(found, qPrintable(dump(r)));
        }
    }

    // Rule 4 for cuDNN 9, whose DLLs import no CUDA library: they name cublasLt64_<major>.dll and
    // nvrtc64_<major>0_0.dll in .rdata for LoadLibrary, and verify reads those names from the DLL's
    // own bytes as they stream past (formats/cudabuild.h), as detect does from installed files.
    void aBuildsOwnCudaMajorShowsInTheNamesItLoads_data()
    {
        QTest::addColumn<QString>("cudnn");
        QTest::addColumn<QString>("cuda");        // the name's CUDA
        QTest::addColumn<QString>("name");        // "" = NVIDIA's file name
        QTest::addColumn<QStringList>("names");   // "dll=name,name": that DLL's .rdata names ("*=" every DLL)
        QTest::addColumn<bool>("manifest");       // NVIDIA's manifest lists these bytes (install's full pass)
        QTest::addColumn<QStringList>("problems");
        QTest::addColumn<bool>("warned");         // cuda-major-mismatch among the warnings
        QTest::addColumn<int>("buildCuda");
        QTest::addColumn<QString>("source");
        QTest::addColumn<QString>("says");        // in a cuda-major-mismatch message
        // The real 9.19 Linux build names cuBLASLt in libcudnn_adv and cuBLASLt and NVRTC in
        // engines_precompiled (.rodata), nothing in the others; the DLLs are taken to do the same.
        auto build = [](const QString& lt, const QString& nvrtc) {
            return QStringList{"cudnn_adv64_9.dll=" + lt, "cudnn_engines_precompiled64_9.dll=" + lt + "," + nvrtc};
        };
        const QStringList cuda12 = build("cublasLt64_12.dll", "nvrtc64_120_0.dll");
        const QStringList cuda13 = build("cublasLt64_13.dll", "nvrtc64_130_0.dll");
        QTest::newRow("9.19 _cuda13-archive whose DLLs name cublasLt64_12.dll (no import)")
            << "9.19.0.99" << "13" << "" << cuda12 << false << QStringList{"cuda-major-mismatch"} << false << 12
            << "library strings" << "its name says CUDA 13, but cudnn_";
        QTest::newRow("genuine 9.19 cuda12 build naming cublasLt64_12.dll and nvrtc64_120_0.dll")
            << "9.19.0.99" << "12" << "" << cuda12 << false << QStringList{} << false << 12 << "library strings" << "";
        QTest::newRow("genuine 9.19 cuda13 build naming cublasLt64_13.dll and nvrtc64_130_0.dll")
            << "9.19.0.99" << "13" << "" << cuda13 << false << QStringList{} << false << 13 << "library strings" << "";
        QTest::newRow("genuine 9.10 cuda11 build naming cublasLt64_11.dll and nvrtc64_112_0.dll")
            << "9.10.0.99" << "11" << "" << build("cublasLt64_11.dll", "nvrtc64_112_0.dll") << false << QStringList{}
            << false << 11 << "library strings" << "";
        QTest::newRow("renamed download: the names still say CUDA 12")
            << "9.19.0.99" << "12" << "download.zip" << cuda12 << false << QStringList{} << false << 12
            << "library strings" << "";
        QTest::newRow("one DLL naming cublasLt64_12.dll among DLLs naming CUDA 13")
            << "9.19.0.99" << "13" << ""
            << QStringList{"cudnn_adv64_9.dll=cublasLt64_12.dll", "cudnn_engines_precompiled64_9.dll=cublasLt64_13.dll,nvrtc64_130_0.dll",
                           "cudnn_ops64_9.dll=cublasLt64_13.dll"}
            << false << QStringList{"cuda-major-mismatch"} << false << 13 << "library strings"
            << "cudnn_adv64_9.dll names cublasLt64_12.dll (CUDA 12), but";
        // NVIDIA's bytes say which build it is; install's one pass reads the names and says so as a warning.
        QTest::newRow("official hash: a cuda13 manifest entry whose DLLs name CUDA 12 only warns")
            << "9.19.0.99" << "13" << "" << cuda12 << true << QStringList{} << true << 13 << "manifest"
            << "its name says CUDA 13, but cudnn_";
    }
    void aBuildsOwnCudaMajorShowsInTheNamesItLoads()
    {
        QFETCH(QString, cudnn);
        QFETCH(QString, cuda);
        QFETCH(QString, name);
        QFETCH(QStringList, names);
        QFETCH(bool, manifest);
        QFETCH(QStringList, problems);
        QFETCH(bool, warned);
        QFETCH(int, buildCuda);
        QFETCH(QString, source);
        QFETCH(QString, says);
        ReleaseSpec spec;
        spec.cudnn = cudnn.toStdString();
        spec.cuda = cuda.toStdString();
        spec.dllBodyBytes = 100000;  // .rdata lies beyond the 64 KiB head a stream keeps
        // What else a cuDNN .rdata holds: its own DLL names, API names, prose with CUDA versions.
        const std::vector<std::string> noise{"cudnn_graph64_9.dll", "cudnnGetCudartVersion", "cublasLtMatmul",
                                             "FORT_NATIVE_12X engine is only supported with nvrtc 12.8 or later",
                                             "CUDNN_STATUS_EXECUTION_FAILED_CUBLAS", "cublasLt64_%d.dll"};
        spec.everyDllRdataStrings = noise;
        for (const QString& n : names) {
            std::vector<std::string> strings = noise;
            for (const QString& s : n.section('=', 1).split(','))
                strings.push_back(s.toStdString());
            spec.dllRdataStrings[n.section('=', 0, 0).toStdString()] = strings;
        }
        const QString path = writeRelease(spec, name);
        VerifyOptions o;
        if (manifest) {
            o.manifestPath = writeManifest(path, spec).toStdString();
            // Install verifies and stages in one full pass (no hashing-speed shortcut): a tee.
            o.alsoConsume = [](const ZipEntryInfo&) -> std::unique_ptr<EntryConsumer> { return nullptr; };
        }
        const VerifyResult r = verifyArchive(path.toStdString(), o);
        QVERIFY2(codes(r.problems) == problems, qPrintable(dump(r)));
        QVERIFY2(hasProblem(r.warnings, "cuda-major-mismatch") == warned, qPrintable(dump(r)));
        QCOMPARE(r.buildCudaMajor.value_or(0), buildCuda);
        QCOMPARE(QString::fromStdString(r.buildCudaSource), source);
        const auto j = toJson(r);
        QCOMPARE(j["build_cuda"]["major"].get<int>(), buildCuda);
        QCOMPARE(QString::fromStdString(j["build_cuda"]["source"].get<std::string>()), source);
        if (!says.isEmpty()) {
            bool found = false;
            for (const auto& p : r.problems.empty() ? r.warnings : r.problems)
                found = found || (p.code == "cuda-major-mismatch" && QString::fromStdString(p.message).contains(says));
            QVERIFY2(found, qPrintable(dump(r)));
        }
    }

    void anOfficialHashOutranksEveryHeuristic()
    {
        // NVIDIA's manifest lists these exact bytes: a header of another patch level and a DLL our
        // table does not know are then our tables' mistakes, told as warnings, not refusals.
        ReleaseSpec spec;
        spec.cudnn = "9.10.0.56";
        spec.cuda = "12";
        spec.headerVersion = "9.10.1";
        spec.omit = {"cudnn_heuristic64_9.dll"};
        const QString path = writeRelease(spec, "shape.zip");
        VerifyOptions o;
        o.manifestPath = writeManifest(path, spec).toStdString();
        VerifyResult r = verifyArchive(path.toStdString(), o);
        QVERIFY2(r.ok(), qPrintable(dump(r)));
        QVERIFY(r.authenticity == Authenticity::Manifest);
        QCOMPARE(QString::fromStdString(r.release->cudnn.toString()), QStringLiteral("9.10.0.56"));
        QCOMPARE(QString::fromStdString(r.release->cuda), QStringLiteral("12"));
        QVERIFY(hasProblem(r.warnings, "version-mismatch"));
        QVERIFY(hasProblem(r.warnings, "missing-file"));
        // Without the manifest the same archive is refused.
        r = verifyArchive(path.toStdString(), {});
        QVERIFY(hasProblem(r.problems, "version-mismatch"));
        QVERIFY(hasProblem(r.problems, "missing-file"));
    }

    void renamedArchiveIsIdentifiedFromItsContents()
    {
        ReleaseSpec spec;  // 8.2.0.53 for CUDA 11.3, saved under a name that says nothing
        const QString path = writeRelease(spec, "download.zip");
        const VerifyResult r = verifyArchive(path.toStdString(), {});
        QVERIFY2(r.ok(), qPrintable(dump(r)));
        QCOMPARE(QString::fromStdString(r.release->cudnn.toString()), QStringLiteral("8.2.0.53"));
        QVERIFY(r.release->cuda.empty());  // only the name says which CUDA
        QVERIFY(toJson(r)["release"]["cuda"].is_null());
    }

    void reportsDefectsOfTheRelease_data()
    {
        QTest::addColumn<QString>("defect");
        QTest::addColumn<QString>("code");
        QTest::addColumn<QString>("path");  // "" = any
        QTest::newRow("missing DLL") << "omit" << "missing-file" << "cuda/bin/cudnn_cnn_infer64_8.dll";
        QTest::newRow("missing licence") << "omit-licence" << "missing-file" << "cuda/NVIDIA_SLA_cuDNN_Support.txt";
        QTest::newRow("zero-size DLL") << "zero-dll" << "zero-size" << "cuda/bin/cudnn_ops_train64_8.dll";
        QTest::newRow("zero-size import lib") << "zero-lib" << "zero-size" << "cuda/lib/x64/cudnn64_8.lib";
        QTest::newRow("i386 DLL") << "i386" << "wrong-architecture" << "cuda/bin/cudnn_adv_infer64_8.dll";
        QTest::newRow("DLL of another release") << "dll-version" << "version-mismatch" << "cuda/bin/cudnn_adv_train64_8.dll";
        QTest::newRow("header of another release") << "header-version" << "version-mismatch" << "";
        QTest::newRow("name of another release") << "name-version" << "version-mismatch" << "";
    }
    void reportsDefectsOfTheRelease()
    {
        QFETCH(QString, defect);
        QFETCH(QString, code);
        QFETCH(QString, path);
        ReleaseSpec spec;
        spec.cudnn = "8.2.2.99";
        spec.cuda = "11.4";
        QString name = "cudnn-11.4-windows-x64-v8.2.2.99.zip";
        if (defect == "omit")
            spec.omit = {"cudnn_cnn_infer64_8.dll"};
        else if (defect == "omit-licence")
            spec.omit = {"NVIDIA_SLA_cuDNN_Support.txt"};
        else if (defect == "zero-dll")
            spec.zeroSize = {"cudnn_ops_train64_8.dll"};
        else if (defect == "zero-lib")
            spec.zeroSize = {"cudnn64_8.lib"};
        else if (defect == "i386")
            spec.i386Dlls = {"cudnn_adv_infer64_8.dll"};
        else if (defect == "dll-version")
            spec.dllVersion = {{"cudnn_adv_train64_8.dll", "8.2.1.32"}};
        else if (defect == "header-version")
            spec.headerVersion = "8.2.1";
        else if (defect == "name-version")
            name = "cudnn-11.4-windows-x64-v8.2.4.16.zip";
        spec.root = "cuda/";
        const QString file = writeRelease(spec, name);
        const VerifyResult r = verifyArchive(file.toStdString(), {});
        QVERIFY(!r.ok());
        QVERIFY2(hasProblem(r.problems, code.toStdString(),
                            path.isEmpty() ? std::nullopt : std::optional<std::string>(path.toStdString())),
                 qPrintable(dump(r)));
        for (const auto& p : r.problems) {
            QVERIFY2(QString::fromStdString(p.message).contains(name), "every message names the archive");
            QVERIFY2(QString::fromStdString(p.message).contains("download"), "every message says what to do");
        }
        QCOMPARE(codes(r.problems), QStringList{code});  // one defect, one kind of problem
    }

    void extraFilesAreOnlyWarnings()
    {
        ReleaseSpec spec;
        spec.cudnn = "8.2.2.99";
        spec.cuda = "11.4";
        spec.extra = {textFile("cuda/README.txt", "hello")};
        const VerifyResult r = verifyArchive(writeRelease(spec).toStdString(), {});
        QVERIFY2(r.ok(), qPrintable(dump(r)));
        QVERIFY(hasProblem(r.warnings, "extra-file", "cuda/README.txt"));
    }

    void reportsUnknownLayouts_data()
    {
        QTest::addColumn<QString>("what");
        QTest::newRow("unrelated zip") << "zip";
        QTest::newRow("Linux tarball") << "tgz";
    }
    void reportsUnknownLayouts()
    {
        QFETCH(QString, what);
        QString path;
        if (what == "zip") {
            path = write({textFile("photos/a.txt", "a"), textFile("photos/b.txt", "b")}, "photos.zip");
        } else {
            path = m_dir.filePath("cudnn-11.3-linux-x64-v8.2.1.30.tgz");  // not an official name (8.2.1.32 is)
            QFile f(path);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(QByteArray("\x1f\x8b\x08\x00\x00\x00\x00\x00", 8) + QByteArray(4000, 'z'));
        }
        const VerifyResult r = verifyArchive(path.toStdString(), {});
        // With the tar reader (Linux builds) this gzip header over junk is a damaged tarball
        // (tst_tarverify covers real ones); without it (Windows) any tarball is not a layout it knows.
        const QString expected = what == "tgz" && tarReaderAvailable() ? "corrupt-archive" : "unknown-layout";
        QCOMPARE(codes(r.problems), QStringList{expected});
        QVERIFY(!r.layout);
        QVERIFY(!r.sha256.empty());
    }

    void reportsDamage_data()
    {
        QTest::addColumn<QString>("damage");
        QTest::addColumn<QString>("code");
        QTest::newRow("CRC-corrupted stored DLL") << "crc" << "crc-mismatch";
        QTest::newRow("truncated download") << "truncate" << "corrupt-archive";
        QTest::newRow("empty file") << "empty" << "corrupt-archive";
        QTest::newRow("encrypted entry") << "encrypted" << "encrypted-entry";
    }
    void reportsDamage()
    {
        QFETCH(QString, damage);
        QFETCH(QString, code);
        ReleaseSpec spec;
        spec.cudnn = "8.2.2.99";
        spec.cuda = "11.4";
        spec.store = true;
        spec.dllBodyBytes = 100000;
        const QString path = writeRelease(spec);
        const std::string p = path.toStdString();
        std::string error;
        const std::string dll = "cuda/bin/cudnn_cnn_infer64_8.dll";
        bool done = true;
        if (damage == "crc")
            done = corruptEntryData(p, dll, &error, 5000);
        else if (damage == "truncate")
            done = truncateFile(p, std::uint64_t(QFileInfo(path).size() * 2 / 3), &error);
        else if (damage == "empty")
            done = truncateFile(p, 0, &error);
        else if (damage == "encrypted")
            done = setEncryptedFlag(p, dll, &error);
        QVERIFY2(done, error.c_str());
        const VerifyResult r = verifyArchive(p, {});
        QVERIFY(!r.ok());
        QVERIFY2(hasProblem(r.problems, code.toStdString()), qPrintable(dump(r)));
        if (damage == "crc" || damage == "encrypted")
            QVERIFY2(hasProblem(r.problems, code.toStdString(), dll), qPrintable(dump(r)));
        QCOMPARE(QString::fromStdString(r.sha256), sha256Of(path));
    }

    void refusesHostileNamesWithoutInflating_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<bool>("symlink");
        QTest::newRow("parent segment") << "../evil.dll" << false;
        QTest::newRow("parent inside") << "cuda/bin/../../evil.dll" << false;
        QTest::newRow("backslash parent") << "cuda\\..\\..\\evil.dll" << false;
        QTest::newRow("absolute") << "/etc/evil.dll" << false;
        QTest::newRow("backslash absolute") << "\\Windows\\System32\\evil.dll" << false;
        QTest::newRow("drive letter") << "C:/Windows/System32/evil.dll" << false;
        QTest::newRow("drive relative") << "C:evil.dll" << false;
        QTest::newRow("UNC") << "\\\\server\\share\\evil.dll" << false;
        QTest::newRow("device path") << "\\\\?\\C:\\evil.dll" << false;
        QTest::newRow("alternate data stream") << "cuda/bin/cudnn64_8.dll:evil" << false;
        QTest::newRow("reserved name") << "cuda/bin/CON" << false;
        QTest::newRow("reserved name with extension") << "cuda/bin/nul.dll" << false;
        QTest::newRow("trailing dot") << "cuda/bin/evil.dll." << false;
        QTest::newRow("trailing space") << "cuda/bin/evil.dll " << false;
        QTest::newRow("symlink entry") << "cuda/bin/link.dll" << true;
    }
    void refusesHostileNamesWithoutInflating()
    {
        QFETCH(QString, name);
        QFETCH(bool, symlink);
        ReleaseSpec spec;
        spec.cudnn = "8.2.2.99";
        spec.cuda = "11.4";
        ArchiveFile evil = textFile(name.toStdString(), symlink ? "../../../../etc/passwd" : "MZ evil");
        evil.symlink = symlink;
        if (symlink)
            evil.unixMode = 0777;
        spec.extra = {evil};
        const QString path = writeRelease(spec);
        ItemCounter counter;
        VerifyOptions o;
        o.progress = &counter;
        const VerifyResult r = verifyArchive(path.toStdString(), o);
        QVERIFY2(hasProblem(r.problems, "unsafe-path", name.toStdString()), qPrintable(dump(r)));
        QCOMPARE(counter.items.load(), 0);  // decided from the central directory alone
        QVERIFY(!r.sha256.empty());
    }

    void refusesDuplicates_data()
    {
        QTest::addColumn<bool>("exact");
        QTest::newRow("same name in other case") << false;
        QTest::newRow("byte-identical names") << true;
    }
    void refusesDuplicates()
    {
        QFETCH(bool, exact);
        ReleaseSpec spec;
        spec.cudnn = "8.2.2.99";
        spec.cuda = "11.4";
        auto files = cudnnWindowsRelease(spec);
        const QString path = m_dir.filePath("dup.zip");
        std::string error;
        if (exact) {
            std::vector<RawZipEntry> raw;
            for (const auto& f : files)
                raw.push_back(rawEntry(f));
            raw.push_back(rawEntry(textFile("cuda/bin/cudnn64_8.dll", "MZ planted")));
            QVERIFY2(writeRawZip(path.toStdString(), raw, &error), error.c_str());
        } else {
            files.push_back(textFile("cuda/BIN/CUDNN64_8.DLL", "MZ planted"));
            QVERIFY2(writeZip(path.toStdString(), files, &error), error.c_str());
        }
        ItemCounter counter;
        VerifyOptions o;
        o.progress = &counter;
        const VerifyResult r = verifyArchive(path.toStdString(), o);
        QVERIFY2(hasProblem(r.problems, "duplicate-entry"), qPrintable(dump(r)));
        QCOMPARE(counter.items.load(), 0);
    }

    void refusesBombsWithoutInflating_data()
    {
        QTest::addColumn<QString>("kind");
        QTest::newRow("real 1 GiB deflate bomb") << "bomb";
        QTest::newRow("declared size beyond the ratio limit") << "declared";
        QTest::newRow("overlapping entries") << "overlap";
    }
    void refusesBombsWithoutInflating()
    {
        QFETCH(QString, kind);
        ReleaseSpec spec;
        spec.cudnn = "8.2.2.99";
        spec.cuda = "11.4";
        auto files = cudnnWindowsRelease(spec);
        const QString path = m_dir.filePath("bomb-" + kind + ".zip");
        const std::string p = path.toStdString();
        std::string error;
        QString code = "size-limit";
        if (kind == "bomb") {
            BombOptions b;
            b.entryName = "cuda/bin/cudnn_cnn_infer64_8.dll";
            for (auto& f : files)
                if (f.name != b.entryName)
                    b.others.push_back(f);
            std::uint64_t compressed = 0;
            QVERIFY2(writeDeflateBomb(p, b, &error, &compressed), error.c_str());
            QVERIFY(compressed < (4u << 20));  // it really is a bomb
        } else if (kind == "declared") {
            QVERIFY2(writeZip(p, files, &error), error.c_str());
            QVERIFY2(setDeclaredSize(p, "cuda/include/cudnn.h", 0xF0000000u, &error), error.c_str());
        } else {
            QVERIFY2(writeOverlappingZip(p, files, "cuda/bin/cudnn_ops_infer64_8.dll.bak", "cuda/bin/cudnn_ops_infer64_8.dll", &error),
                     error.c_str());
            code = "corrupt-archive";
        }
        ItemCounter counter;
        VerifyOptions o;
        o.progress = &counter;
        QElapsedTimer t;
        t.start();
        const VerifyResult r = verifyArchive(p, o);
        QVERIFY2(hasProblem(r.problems, code.toStdString()), qPrintable(dump(r)));
        QCOMPARE(counter.items.load(), 0);  // nothing inflated
        QVERIFY(!r.ok());
        qInfo("verified in %lld ms", t.elapsed());
    }

    void checksAuthenticity_data()
    {
        QTest::addColumn<QString>("how");
        QTest::addColumn<QString>("authenticity");
        QTest::addColumn<bool>("hashMismatch");
        QTest::newRow("--sha256 matches") << "sha-good" << "user" << false;
        QTest::newRow("--sha256 differs") << "sha-bad" << "mismatch" << true;
        QTest::newRow("manifest matches") << "manifest-good" << "manifest" << false;
        QTest::newRow("manifest promises other bytes") << "manifest-bad" << "mismatch" << true;
        QTest::newRow("manifest promises another size") << "manifest-size" << "mismatch" << true;
        QTest::newRow("manifest lists something else") << "manifest-other" << "mismatch" << true;
        QTest::newRow("manifest lists these bytes under another name") << "manifest-renamed" << "manifest" << false;
        QTest::newRow("official name, other bytes") << "official-name" << "mismatch" << true;
        QTest::newRow("official 8.9.7 name, other bytes") << "official-name-897" << "mismatch" << true;
        QTest::newRow("nothing to compare with") << "none" << "unknown" << false;
    }
    void checksAuthenticity()
    {
        QFETCH(QString, how);
        QFETCH(QString, authenticity);
        QFETCH(bool, hashMismatch);
        ReleaseSpec spec;
        spec.cudnn = "8.2.2.99";
        spec.cuda = "11.4";
        if (how == "official-name") {
            spec.cudnn = "8.2.0.53";
            spec.cuda = "11.3";
        } else if (how == "official-name-897") {
            spec.cudnn = "8.9.7.29";
            spec.cuda = "12";
        }
        const QString path = writeRelease(spec);
        const QString sha = sha256Of(path);
        VerifyOptions o;
        if (how == "sha-good")
            o.sha256 = sha.toUpper().toStdString();
        else if (how == "sha-bad")
            o.sha256 = std::string(64, 'a');
        if (how.startsWith("manifest")) {
            QString listedSha = how == "manifest-bad" || how == "manifest-other" ? QString(64, 'b') : sha;
            QString listedName = how == "manifest-other" || how == "manifest-renamed" ? "cudnn-other.zip" : QFileInfo(path).fileName();
            qint64 size = QFileInfo(path).size() + (how == "manifest-size" ? 1 : 0);
            const QString json = QString(R"({"release_label":"8.2.2.99","cudnn":{"version":"8.2.2.99",
                "windows-x86_64":{"cuda11":{"relative_path":"cudnn/windows-x86_64/%1","sha256":"%2","md5":"x","size":"%3"}}}})")
                                     .arg(listedName, listedSha)
                                     .arg(size);
            const QString mpath = m_dir.filePath("redistrib_8.2.2.99.json");
            QFile f(mpath);
            QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
            f.write(json.toUtf8());
            f.close();
            o.manifestPath = mpath.toStdString();
        }
        const VerifyResult r = verifyArchive(path.toStdString(), o);
        QCOMPARE(QString::fromStdString(std::string(toString(r.authenticity))), authenticity);
        QCOMPARE(hasProblem(r.problems, "hash-mismatch"), hashMismatch);
        QCOMPARE(r.ok(), !hashMismatch);
        QCOMPARE(QString::fromStdString(toJson(r)["authenticity"].get<std::string>()), authenticity);
    }

    void cancelStopsEverything()
    {
        ReleaseSpec spec;
        spec.cudnn = "8.2.2.99";
        spec.cuda = "11.4";
        spec.dllBodyBytes = 4 << 20;
        const QString path = writeRelease(spec);
        struct Canceller : ProgressSink {
            CancelToken token;
            int calls = 0;
            void onProgress(std::uint64_t, std::uint64_t) override
            {
                if (++calls == 2)
                    token.cancel();
            }
        } sink;
        VerifyOptions o;
        o.progress = &sink;
        o.cancel = &sink.token;
        o.threads = 1;
        const VerifyResult r = verifyArchive(path.toStdString(), o);
        QVERIFY(r.cancelled);
        QVERIFY(!r.ok());
        QVERIFY2(r.problems.empty() && r.warnings.empty() && r.entries.empty(), qPrintable(dump(r)));
        QVERIFY(r.sha256.empty());
        QVERIFY(!r.release);
        QVERIFY(sink.calls >= 2);
    }

    void jsonFollowsTheContract()
    {
        ReleaseSpec spec;
        spec.cudnn = "8.2.2.99";
        spec.cuda = "11.4";
        const QString path = writeRelease(spec);
        const auto j = toJson(verifyArchive(path.toStdString(), {}));
        for (const char* key : {"ok", "archive", "size", "sha256", "authenticity", "release", "layout", "entries", "problems", "warnings"})
            QVERIFY2(j.contains(key), key);
        QCOMPARE(j["ok"].get<bool>(), true);
        QCOMPARE(QString::fromStdString(j["archive"].get<std::string>()), path);
        QCOMPARE(j["sha256"].get<std::string>().size(), std::size_t(64));
        QCOMPARE(QString::fromStdString(j["release"]["cudnn"].get<std::string>()), QStringLiteral("8.2.2.99"));
        QCOMPARE(QString::fromStdString(j["release"]["cuda"].get<std::string>()), QStringLiteral("11.4"));
        QCOMPARE(QString::fromStdString(j["layout"]["root"].get<std::string>()), QStringLiteral("cuda/"));
        QCOMPARE(j["entries"].size(), std::size_t(31));
        bool sawDll = false;
        for (const auto& e : j["entries"]) {
            QCOMPARE(e["crc32"].get<std::string>().size(), std::size_t(8));
            const std::string kind = e["kind"].get<std::string>();
            QVERIFY(kind == "dll" || kind == "import-lib" || kind == "header" || kind == "license");
            if (e["path"] == "cuda/bin/cudnn64_8.dll") {
                sawDll = true;
                QCOMPARE(kind, std::string("dll"));
                QCOMPARE(e["version"].get<std::string>(), std::string("8.2.2.99"));
            } else if (kind != "dll") {
                QVERIFY(e["version"].is_null());
            }
        }
        QVERIFY(sawDll);
        QVERIFY(j["problems"].is_array() && j["problems"].empty());
    }
};

QTEST_GUILESS_MAIN(TestVerifier)
#include "tst_verifier.moc"
