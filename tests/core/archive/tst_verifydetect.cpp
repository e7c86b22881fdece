// Verify (an archive, streamed) and detect (the same files, installed) reach the same verdict on
// the same bytes: issue 30's rules, each a row. Rules 1-3, the version evidence: a version with
// fewer parts names no more than it says, a DLL of another minor is a mix, a header of another
// release is a mix (releases/versionevidence.h is the one rule both read). Rule 4: the build's own
// CUDA major from its own bytes (formats/cudabuild.h).
#include "archive/verifier.h"
#include "detect/cudnninspect.h"
#include "fixtures/archivebuilder.h"
#include "fixtures/tarbuilder.h"
#include "fixtures/toolkitbuilder.h"

#include <QTemporaryDir>
#include <QTest>

#include <filesystem>
#include <map>
#include <string>
#include <vector>

using namespace cudnnsetup;
using namespace cudnnsetup::fixtures;
namespace fs = std::filesystem;

namespace {

// Writes every file of a release under `dir` as an extraction would (streams read out, links made).
void extract(const std::vector<ArchiveFile>& files, const fs::path& dir)
{
    for (const auto& f : files) {
        if (f.name.ends_with('/'))
            continue;
        std::vector<std::uint8_t> bytes = f.data;
        if (f.stream) {
            bytes.resize(f.streamSize);
            auto in = f.stream();
            for (std::size_t at = 0; at < bytes.size();)
                at += in->read(bytes.data() + at, bytes.size() - at);
        }
        fs::create_directories((dir / f.name).parent_path());
        writeBytes((dir / f.name).string(), bytes);
    }
}

void extract(const std::vector<TarMember>& members, const fs::path& dir)
{
    for (const auto& m : members) {
        if (m.type == '5') {
            fs::create_directories(dir / m.name);
        } else if (m.type == '2') {
            fs::create_symlink(m.link, dir / m.name);
        } else {
            fs::create_directories((dir / m.name).parent_path());
            writeBytes((dir / m.name).string(), m.data);
        }
    }
}

// A Windows release's files extracted into `root` as a toolkit detect inspects.
Toolkit installed(const std::vector<ArchiveFile>& files, const fs::path& root)
{
    extract(files, root);
    Toolkit tk;
    tk.layout = "windows";
    for (const auto& f : files)
        if (f.name.ends_with("cudnn64_8.dll") || f.name.ends_with("cudnn64_9.dll"))
            tk.binDirs.push_back((root / f.name).parent_path().string());
        else if (f.name.ends_with(".lib") && tk.libDir.empty())
            tk.libDir = (root / f.name).parent_path().string();
    if (!tk.binDirs.empty())
        tk.path = fs::path(tk.binDirs.front()).parent_path().string();
    return tk;
}

std::vector<std::string> codes(const Problems& ps)
{
    std::vector<std::string> out;
    for (const auto& p : ps)
        out.push_back(p.code);
    return out;
}

bool has(const Problems& ps, const std::string& code, const std::string& naming)
{
    for (const auto& p : ps)
        if (p.code == code && (naming.empty() || p.message.find(naming) != std::string::npos ||
                               (p.path && p.path->find(naming) != std::string::npos)))
            return true;
    return false;
}

}  // namespace

class TestVerifyDetect : public QObject {
    Q_OBJECT

private slots:
    // Rules 1-3 as NVIDIA-shaped archives that are not byte-identical to NVIDIA's (no official hash):
    // both refuse a mix and name the odd file, both accept every genuine shape.
    void versionVerdictsAgree_data()
    {
        QTest::addColumn<QString>("cudnn");
        QTest::addColumn<QString>("cuda");
        QTest::addColumn<QString>("everyDescription");  // every DLL's FileDescription ("" none)
        QTest::addColumn<QString>("everyVersion");      // every DLL's FileVersion ("" the release's)
        QTest::addColumn<QString>("oddDll");            // one DLL with another FileVersion ...
        QTest::addColumn<QString>("oddVersion");        // ... this one
        QTest::addColumn<QString>("header");            // cudnn_version.h says ("" the release)
        QTest::addColumn<QString>("oddOneOut");         // "" genuine; else what both must name
        QTest::newRow("rule 1: 8.4.1 DLLs described as 'Version 8.4' are genuine")
            << "8.4.1.50" << "11.6" << "NVIDIA CUDA Deep Neural Network, Version 8.4" << "" << "" << "" << "" << "";
        QTest::newRow("rule 1: 8.3.2 DLLs described as 'Version 8.3' are genuine")
            << "8.3.2.44" << "11.5" << "NVIDIA CUDA Deep Neural Network, Version 8.3" << "" << "" << "" << "" << "";
        QTest::newRow("rule 1: 8.9.7 re-zipped, three-part FileVersion 8.9.7 agrees with every build")
            << "8.9.7.29" << "12" << "" << "8.9.7" << "" << "" << "" << "";
        QTest::newRow("rule 2: one DLL of 8.1.1 in an 8.2.0 archive is a mix")
            << "8.2.0.53" << "11.3" << "" << "" << "cudnn_ops_infer64_8.dll" << "8.1.1.33" << ""
            << "cudnn_ops_infer64_8.dll";
        QTest::newRow("rule 2: NVIDIA's driver-style 6.14.11.x FileVersion is no evidence")
            << "8.2.0.53" << "11.3" << "" << "6.14.11.8020" << "" << "" << "" << "";
        QTest::newRow("rule 2: a CUDA-version-like FileVersion is no evidence")
            << "8.2.0.53" << "11.3" << "" << "11.3.58" << "" << "" << "" << "";
        QTest::newRow("rule 3: an 8.1.1 cudnn_version.h among 8.2.0 DLLs is a mix")
            << "8.2.0.53" << "11.3" << "" << "" << "" << "" << "8.1.1" << "cudnn_version.h";
        QTest::newRow("rule 3: a 9.1.0 header among 9.10.2 DLLs is a mix")
            << "9.10.2.21" << "12" << "" << "" << "" << "" << "9.1.0" << "cudnn_version.h";
    }
    void versionVerdictsAgree()
    {
        QFETCH(QString, cudnn);
        QFETCH(QString, cuda);
        QFETCH(QString, everyDescription);
        QFETCH(QString, everyVersion);
        QFETCH(QString, oddDll);
        QFETCH(QString, oddVersion);
        QFETCH(QString, header);
        QFETCH(QString, oddOneOut);
        ReleaseSpec spec;
        spec.cudnn = cudnn.toStdString();
        spec.cuda = cuda.toStdString();
        if (!everyDescription.isEmpty())
            spec.everyDllDescription = everyDescription.toStdString();
        if (!everyVersion.isEmpty())
            spec.everyDllVersion = everyVersion.toStdString();
        if (!oddDll.isEmpty())
            spec.dllVersion[oddDll.toStdString()] = oddVersion.toStdString();
        if (!header.isEmpty())
            spec.headerVersion = header.toStdString();
        QTemporaryDir tmp;
        const fs::path dir = tmp.path().toStdString();
        const auto files = cudnnWindowsRelease(spec);
        // Re-zipped under another name (as a mirror or a file share passes it on): no official hash
        // vouches for it, so every verdict is the evidence's.
        const std::string archive = (dir / "rezipped.zip").string();
        std::string error;
        QVERIFY2(writeZip(archive, files, &error), error.c_str());
        Toolkit tk = installed(files, dir / "toolkit");
        QVERIFY(!tk.binDirs.empty());

        const VerifyResult v = verifyArchive(archive, {});
        inspectCudnn(tk);
        QVERIFY(tk.cudnn.present);
        std::string why = "verify:";
        for (const auto& c : codes(v.problems))
            why += " " + c;
        why += "\ndetect:";
        for (const auto& p : tk.cudnn.problems)
            why += " " + p.code + " (" + p.message + ")";
        const bool verifyMixed = has(v.problems, "version-mismatch", ""),
                   detectMixed = has(tk.cudnn.problems, "version-mismatch", "");
        QVERIFY2(verifyMixed == detectMixed, why.c_str());
        QVERIFY2(verifyMixed == !oddOneOut.isEmpty(), why.c_str());
        if (!oddOneOut.isEmpty()) {
            QVERIFY2(has(v.problems, "version-mismatch", oddOneOut.toStdString()), why.c_str());
            QVERIFY2(has(tk.cudnn.problems, "version-mismatch", oddOneOut.toStdString()), why.c_str());
        } else {
            QVERIFY2(v.ok(), why.c_str());
        }
    }

    void verifyAndDetectAgree_data()
    {
        QTest::addColumn<QString>("kind");        // zip or tar
        QTest::addColumn<QStringList>("imports"); // every DLL's import table
        QTest::addColumn<QStringList>("names");   // every library's run-time names (.rdata / appended data)
        QTest::addColumn<int>("major");           // 0: its bytes say nothing
        QTest::addColumn<QString>("source");
        QTest::newRow("import-only: 8.9.7 DLLs import cuBLAS 12")
            << "zip" << QStringList{"cublas64_12.dll", "cublasLt64_12.dll", "KERNEL32.dll"} << QStringList{} << 12 << "imports";
        QTest::newRow("string-only: 9.19 DLLs name cublasLt64_12.dll in .rdata")
            << "zip" << QStringList{} << QStringList{"cublasLt64_12.dll", "nvrtc64_120_0.dll", "cudnn_graph64_9.dll"} << 12
            << "library strings";
        QTest::newRow("tarball: 9.19 libraries name libcublasLt.so.13 for dlopen")
            << "tar" << QStringList{} << QStringList{"libcublasLt.so.13", "libnvrtc.so.13", "libcuda.so.1"} << 13
            << "library strings";
        QTest::newRow("none: 9.19 DLLs name no CUDA library") << "zip" << QStringList{} << QStringList{"cudnn_graph64_9.dll"}
                                                              << 0 << "";
    }
    void verifyAndDetectAgree()
    {
        QFETCH(QString, kind);
        QFETCH(QStringList, imports);
        QFETCH(QStringList, names);
        QFETCH(int, major);
        QFETCH(QString, source);
        std::vector<std::string> i, n;
        for (const auto& s : imports)
            i.push_back(s.toStdString());
        for (const auto& s : names)
            n.push_back(s.toStdString());
        QTemporaryDir tmp;
        const fs::path dir = tmp.path().toStdString();
        std::string archive, error;
        Toolkit tk;
        if (kind == "zip") {
            ReleaseSpec spec;
            spec.cudnn = imports.isEmpty() ? "9.19.0.99" : "8.9.7.99";
            spec.cuda = "13";  // what the name says does not matter here: the bytes' major is compared
            spec.dllBodyBytes = 100000;
            if (!i.empty())
                spec.everyDllImports = i;
            spec.everyDllRdataStrings = n;
            const auto files = cudnnWindowsRelease(spec);
            archive = (dir / releaseArchiveName(spec)).string();
            QVERIFY2(writeZip(archive, files, &error), error.c_str());
            tk = installed(files, dir / "toolkit");
            QVERIFY(!tk.binDirs.empty());
        } else {
            LinuxReleaseSpec spec;
            spec.everyLibStrings = n;
            const auto members = cudnnLinuxRelease(spec);
            archive = (dir / linuxArchiveName(spec)).string();
            QVERIFY2(writeTar(archive, members, TarCompression::Gzip, &error), error.c_str());
            extract(members, dir / "toolkit");
            tk.layout = "linux";
            tk.path = (dir / "toolkit" / linuxRoot(spec)).string();
            tk.libDir = tk.path + "/lib";
        }
        const VerifyResult v = verifyArchive(archive, {});
        inspectCudnn(tk);
        // Verify falls back to the archive's name where the bytes say nothing; detect has no name.
        const bool ownBytes = v.buildCudaSource == "imports" || v.buildCudaSource == "library strings";
        const int verified = ownBytes ? v.buildCudaMajor.value_or(0) : 0;
        const std::string why = toJson(v).dump(1) + "\ndetect: " + std::to_string(tk.cudnn.builtForCudaMajor.value_or(0)) +
                                " (" + tk.cudnn.builtForCudaSource + ")";
        QVERIFY2(tk.cudnn.present, why.c_str());
        QVERIFY2(verified == tk.cudnn.builtForCudaMajor.value_or(0), why.c_str());
        QVERIFY2(verified == major, why.c_str());
        QCOMPARE(QString::fromStdString(ownBytes ? v.buildCudaSource : std::string()), source);
        QCOMPARE(QString::fromStdString(tk.cudnn.builtForCudaSource), source);
    }
};

QTEST_GUILESS_MAIN(TestVerifyDetect)
#include "tst_verifydetect.moc"
