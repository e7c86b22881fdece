// verifyArchive on Linux tarballs generated at test time (tests/fixtures/tarbuilder.h): both
// of NVIDIA's layouts, one tarball per hostile trick with its own code, the ELF / SONAME /
// symlink-chain / version / file-set checks, authenticity, cancel and progress, and a
// tarball rebuilt around the real cuDNN 9.19 libraries in /usr/local/cuda.
#include "archive/tarreader.h"
#include "archive/verifier.h"
#include "fixtures/tarbuilder.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <atomic>

using namespace cudnnsetup;
using namespace cudnnsetup::fixtures;

Q_DECLARE_METATYPE(std::vector<cudnnsetup::fixtures::TarMember>)

namespace {

QString dump(const VerifyResult& r) { return QString::fromStdString(toJson(r).dump(1)); }

QStringList codes(const Problems& ps)
{
    QStringList out;
    for (const auto& p : ps)
        out << QString::fromStdString(p.code);
    out.removeDuplicates();
    return out;
}

const std::string kRoot = "cudnn-linux-x86_64-9.19.0.56_cuda13-archive/";

std::vector<std::uint8_t> bytes(const std::string& s) { return {s.begin(), s.end()}; }

TarMember file(std::string name, std::string text = "x", std::uint32_t mode = 0644)
{
    return TarMember{.name = std::move(name), .mode = mode, .data = bytes(text)};
}

TarMember link(std::string name, std::string target)
{
    return TarMember{.name = std::move(name), .type = '2', .mode = 0777, .link = std::move(target)};
}

struct Counter : ProgressSink {
    std::atomic<int> progress{0}, items{0};
    std::uint64_t last = 0;
    void onProgress(std::uint64_t done, std::uint64_t) override
    {
        ++progress;
        last = done;
    }
    void onItem(const std::string&) override { ++items; }
};

}  // namespace

class TestTarVerify : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;

    QString write(const std::vector<TarMember>& members, const QString& name,
                  TarCompression c = TarCompression::Xz)
    {
        const QString path = m_dir.filePath(name);
        std::string error;
        if (!writeTar(path.toStdString(), members, c, &error))
            qFatal("writeTar: %s", error.c_str());
        return path;
    }
    QString writeRelease(const LinuxReleaseSpec& spec, TarCompression c = TarCompression::Xz)
    {
        return write(cudnnLinuxRelease(spec), QString::fromStdString(linuxArchiveName(spec)), c);
    }

private slots:
    void initTestCase()
    {
        if (!tarReaderAvailable())
            QSKIP("no tar reader on this platform");
    }

    void acceptsNvidiasLayouts_data()
    {
        QTest::addColumn<QString>("cudnn");
        QTest::addColumn<QString>("cuda");
        QTest::addColumn<QString>("arch");
        QTest::addColumn<int>("machine");
        QTest::addColumn<QString>("lib");
        QTest::addColumn<int>("compression");
        // Build numbers NVIDIA never shipped where the real one is in the catalog: a generated archive
        // under an official name is (rightly) a hash-mismatch.
        QTest::newRow("9.19 cuda13 .tar.xz, lib/") << "9.19.0.56" << "13" << "x86_64" << 62 << "lib" << int(TarCompression::Xz);
        QTest::newRow("8.9.7 cuda12 .tar.xz, lib/") << "8.9.7.99" << "12" << "x86_64" << 62 << "lib" << int(TarCompression::Xz);
        QTest::newRow("8.2 cuda/ .tgz, lib64/") << "8.2.1.99" << "11.3" << "x86_64" << 62 << "lib64" << int(TarCompression::Gzip);
        QTest::newRow("8.0 cuda/ .tgz, lib64/") << "8.0.5.99" << "11.1" << "x86_64" << 62 << "lib64" << int(TarCompression::Gzip);
        QTest::newRow("9.19 sbsa, AArch64 libraries") << "9.19.0.56" << "13" << "sbsa" << 183 << "lib" << int(TarCompression::Xz);
    }
    void acceptsNvidiasLayouts()
    {
        QFETCH(QString, cudnn);
        QFETCH(QString, cuda);
        QFETCH(QString, arch);
        QFETCH(int, machine);
        QFETCH(QString, lib);
        QFETCH(int, compression);
        LinuxReleaseSpec spec;
        spec.cudnn = cudnn.toStdString();
        spec.cuda = cuda.toStdString();
        spec.arch = arch.toStdString();
        spec.machine = std::uint16_t(machine);
        spec.staticLibs = true;
        const QString path = writeRelease(spec, TarCompression(compression));
        const VerifyResult r = verifyArchive(path.toStdString(), {});
        QVERIFY2(r.ok(), qPrintable(dump(r)));
        QVERIFY(r.layout);
        QCOMPARE(QString::fromStdString(r.layout->lib), lib);
        QVERIFY(r.release);
        QCOMPARE(QString::fromStdString(r.release->cudnn.toString()), cudnn);
        QCOMPARE(QString::fromStdString(r.release->cuda), cuda);
        QCOMPARE(QString::fromStdString(r.release->platform), arch == "sbsa" ? QString("linux-sbsa") : QString("linux-x86_64"));
        QCOMPARE(QString::fromStdString(r.sha256), QString::fromLatin1([&] {
                     QFile f(path);
                     f.open(QIODevice::ReadOnly);
                     QCryptographicHash h(QCryptographicHash::Sha256);
                     h.addData(&f);
                     return h.result().toHex();
                 }()));
        // The links are listed as links.
        int links = 0;
        for (const auto& e : r.entries)
            links += e.linkTarget.has_value();
        QCOMPARE(links, cudnn.startsWith("9") ? 16 : 14);
        QVERIFY(r.authenticity == Authenticity::Unknown);
    }

    // Each hostile tarball is refused with its own code; the rest of the release is fine.
    void refusesHostileTarballs_data()
    {
        QTest::addColumn<std::vector<TarMember>>("extra");
        QTest::addColumn<QString>("code");
        const std::string lib = kRoot + "lib/";
        QTest::newRow("dot-dot") << std::vector<TarMember>{file(kRoot + "../evil.so")} << "unsafe-path";
        QTest::newRow("absolute") << std::vector<TarMember>{file("/etc/ld.so.preload")} << "unsafe-path";
        QTest::newRow("symlink absolute") << std::vector<TarMember>{link(lib + "libcudnn_x.so", "/etc/shadow")} << "unsafe-link";
        QTest::newRow("symlink through ..") << std::vector<TarMember>{link(lib + "libcudnn_x.so", "../../../etc/shadow")} << "unsafe-link";
        QTest::newRow("symlink to the top level") << std::vector<TarMember>{link(lib + "up", "../..")} << "unsafe-link";
        QTest::newRow("hard link") << std::vector<TarMember>{TarMember{.name = lib + "libcudnn_h.so", .type = '1', .link = kRoot + "LICENSE"}} << "hardlink-entry";
        QTest::newRow("character device") << std::vector<TarMember>{TarMember{.name = lib + "tty", .type = '3'}} << "special-entry";
        QTest::newRow("block device") << std::vector<TarMember>{TarMember{.name = lib + "sda", .type = '4'}} << "special-entry";
        QTest::newRow("FIFO") << std::vector<TarMember>{TarMember{.name = lib + "pipe", .type = '6'}} << "special-entry";
        QTest::newRow("setuid") << std::vector<TarMember>{file(lib + "helper", "x", 04755)} << "unsafe-mode";
        QTest::newRow("setgid") << std::vector<TarMember>{file(lib + "helper", "x", 02755)} << "unsafe-mode";
        QTest::newRow("world-writable") << std::vector<TarMember>{file(kRoot + "include/cudnn_x.h", "x", 0666)} << "unsafe-mode";
        QTest::newRow("duplicate") << std::vector<TarMember>{file(kRoot + "LICENSE", "second")} << "duplicate-entry";
        QTest::newRow("file below an earlier symlink")
            << std::vector<TarMember>{link(lib + "dir", "../include"), file(lib + "dir/cudnn.h", "shadow")} << "link-collision";
        QTest::newRow("symlink over an earlier file") << std::vector<TarMember>{link(kRoot + "LICENSE", "include/cudnn.h")} << "link-collision";
        QTest::newRow("symlink over an earlier folder") << std::vector<TarMember>{link(kRoot + "include", "lib")} << "link-collision";
        QTest::newRow("pax path with ..")
            << std::vector<TarMember>{TarMember{.name = kRoot + "include/cudnn_z.h", .data = bytes("x"),
                                                .pax = {{"path", kRoot + "../../etc/cron.d/x"}}}}
            << "unsafe-path";
        QTest::newRow("pax linkpath leaving the archive")
            << std::vector<TarMember>{TarMember{.name = lib + "libcudnn_p.so", .type = '2', .mode = 0777, .link = "libcudnn.so.9",
                                                .pax = {{"linkpath", "/../../../../etc/passwd"}}}}
            << "unsafe-link";
        QTest::newRow("GNU long name beyond PATH_MAX")
            << std::vector<TarMember>{TarMember{.name = kRoot + std::string(5000, 'a'), .data = bytes("x"), .gnuLongName = true}}
            << "name-trick";
        QTest::newRow("pax name segment beyond NAME_MAX")
            << std::vector<TarMember>{file(kRoot + "include/" + std::string(300, 'b') + ".h")} << "name-trick";
        QTest::newRow("pax name not UTF-8")
            << std::vector<TarMember>{TarMember{.name = kRoot + "include/cudnn_q.h", .data = bytes("x"),
                                                .pax = {{"path", kRoot + "include/\xff\xfe.h"}}}}
            << "name-trick";
        QTest::newRow("sparse file")
            << std::vector<TarMember>{TarMember{.name = lib + "libcudnn_s.a", .data = bytes("abcd"),
                                                .pax = {{"GNU.sparse.size", "1048576"}, {"GNU.sparse.numblocks", "1"},
                                                        {"GNU.sparse.offset", "1048572"}, {"GNU.sparse.numbytes", "4"},
                                                        {"GNU.sparse.map", "1048572,4"}}}}
            << "sparse-entry";
    }
    void refusesHostileTarballs()
    {
        QFETCH(std::vector<TarMember>, extra);
        QFETCH(QString, code);
        LinuxReleaseSpec spec;
        spec.extra = extra;
        const QString path = write(cudnnLinuxRelease(spec), QString::fromStdString(linuxArchiveName(spec)));
        const VerifyResult r = verifyArchive(path.toStdString(), {});
        QVERIFY2(!r.ok(), qPrintable(dump(r)));
        QVERIFY2(codes(r.problems).contains(code), qPrintable(dump(r)));
        // Still hashed to its end and named, so the user can compare it with NVIDIA's hash.
        QCOMPARE(r.sha256.size(), std::size_t(64));
        for (const auto& p : r.problems)
            if (p.code == code.toStdString())
                QVERIFY2(p.message.find("Nothing was extracted") != std::string::npos, p.message.c_str());
    }

    void refusesBombs_data()
    {
        QTest::addColumn<int>("zeroMiB");
        QTest::addColumn<qulonglong>("maxTotal");
        QTest::addColumn<qulonglong>("maxEntries");
        QTest::addColumn<QString>("expect");
        QTest::newRow("ratio (48 MiB of zeros in gzip)") << 48 << qulonglong(8ull << 30) << qulonglong(10000) << "beyond the limit of 100:1";
        QTest::newRow("total") << 2 << qulonglong(1u << 20) << qulonglong(10000) << "decompresses to more than";
        QTest::newRow("entries") << 0 << qulonglong(8ull << 30) << qulonglong(5) << "entries";
    }
    void refusesBombs()
    {
        QFETCH(int, zeroMiB);
        QFETCH(qulonglong, maxTotal);
        QFETCH(qulonglong, maxEntries);
        QFETCH(QString, expect);
        LinuxReleaseSpec spec;
        if (zeroMiB)
            spec.extra.push_back(TarMember{.name = kRoot + "lib/libcudnn_bomb.a",
                                           .data = std::vector<std::uint8_t>(std::size_t(zeroMiB) << 20, 0)});
        const QString path = write(cudnnLinuxRelease(spec), "bomb.tgz", TarCompression::Gzip);
        VerifyOptions o;
        o.limits.maxTotalSize = maxTotal;
        o.limits.maxEntries = maxEntries;
        const VerifyResult r = verifyArchive(path.toStdString(), o);
        QVERIFY2(codes(r.problems).contains("size-limit"), qPrintable(dump(r)));
        bool named = false;
        for (const auto& p : r.problems)
            named = named || (p.code == "size-limit" && QString::fromStdString(p.message).contains(expect));
        QVERIFY2(named, qPrintable(dump(r)));
    }

    void checksFilesAsNvidiaShipsThem_data()
    {
        QTest::addColumn<QString>("what");
        QTest::addColumn<QString>("code");
        QTest::addColumn<QString>("path");
        QTest::newRow("AArch64 library in an x86_64 tarball") << "machine" << "wrong-architecture" << "lib/libcudnn_ops.so.9.19.0";
        QTest::newRow("not ELF") << "text" << "wrong-architecture" << "lib/libcudnn_cnn.so.9.19.0";
        QTest::newRow("SONAME names another library") << "soname" << "soname-mismatch" << "lib/libcudnn_graph.so.9.19.0";
        QTest::newRow("SONAME of another major") << "major" << "soname-mismatch" << "lib/libcudnn_adv.so.9.19.0";
        QTest::newRow("chain ends outside the archive") << "broken" << "broken-link" << "lib/libcudnn_heuristic.so.9";
        QTest::newRow("header of another release") << "header" << "version-mismatch" << "include/cudnn_version.h";
        QTest::newRow("header missing") << "noheader" << "missing-file" << "include/cudnn_backend.h";
        QTest::newRow("licence missing") << "nolicence" << "missing-file" << "LICENSE";
        QTest::newRow("empty library") << "empty" << "zero-size" << "lib/libcudnn.so.9.19.0";
    }
    void checksFilesAsNvidiaShipsThem()
    {
        QFETCH(QString, what);
        QFETCH(QString, code);
        QFETCH(QString, path);
        LinuxReleaseSpec spec;
        std::vector<TarMember> members;
        if (what == "soname")
            spec.soname["libcudnn_graph.so.9.19.0"] = "libcudnn_ops.so.9";
        if (what == "major")
            spec.soname["libcudnn_adv.so.9.19.0"] = "libcudnn_adv.so.8";
        if (what == "header")
            spec.headerVersion = "9.18.1";
        if (what == "noheader")
            spec.omit.push_back("cudnn_backend.h");
        if (what == "nolicence")
            spec.omit.push_back("LICENSE");
        if (what == "broken")
            spec.omit.push_back("libcudnn_heuristic.so.9.19.0");
        members = cudnnLinuxRelease(spec);
        for (auto& m : members) {
            if (what == "machine" && m.name.ends_with("libcudnn_ops.so.9.19.0")) {
                LinuxReleaseSpec arm;
                arm.machine = 183;
                for (auto& a : cudnnLinuxRelease(arm))
                    if (a.name == m.name)
                        m.data = a.data;
            }
            if (what == "text" && m.name.ends_with("libcudnn_cnn.so.9.19.0"))
                m.data = bytes("INPUT(libcudnn_cnn_real.so)\n");
            if (what == "empty" && m.name.ends_with("/libcudnn.so.9.19.0"))
                m.data.clear();
        }
        const QString p = write(members, QString::fromStdString(linuxArchiveName(spec)));
        const VerifyResult r = verifyArchive(p.toStdString(), {});
        bool found = false;
        for (const auto& pr : r.problems)
            found = found || (pr.code == code.toStdString() && pr.path == kRoot + path.toStdString());
        QVERIFY2(found, qPrintable(dump(r)));
    }

    // Issue 30, rule 4 for tarballs: cuDNN 9's libraries name libcublasLt.so.<major> and
    // libnvrtc.so.<major> for dlopen (the real 9.19 CUDA 13 build: libcudnn_adv and
    // engines_precompiled, in .rodata), cuDNN 8's need libcublas.so.<major> (DT_NEEDED, in
    // .dynstr); verify reads both from the libraries' bytes as they stream past.
    void aBuildsOwnCudaMajorShowsInItsLibraries_data()
    {
        QTest::addColumn<QString>("cudnn");
        QTest::addColumn<QString>("cuda");       // the name's CUDA
        QTest::addColumn<QStringList>("libs");   // "stem=name,name": strings in that library ("*=" every one)
        QTest::addColumn<QStringList>("problems");
        QTest::addColumn<int>("buildCuda");
        QTest::addColumn<QString>("source");
        QTest::addColumn<QString>("says");       // in the cuda-major-mismatch message
        auto build = [](const QString& major) {
            return QStringList{"libcudnn_adv=libcublasLt.so." + major,
                               "libcudnn_engines_precompiled=libcublasLt.so." + major + ",libnvrtc.so." + major};
        };
        QTest::newRow("9.19 _cuda13 tarball whose libraries name libcublasLt.so.12 (dlopen, no DT_NEEDED)")
            << "9.19.0.99" << "13" << build("12") << QStringList{"cuda-major-mismatch"} << 12 << "library strings"
            << "its name says CUDA 13, but libcudnn_adv.so.9.19.0 names libcublasLt.so.12, so its libraries are a build for CUDA 12";
        QTest::newRow("genuine 9.19 cuda13 tarball naming libcublasLt.so.13 and libnvrtc.so.13")
            << "9.19.0.99" << "13" << build("13") << QStringList{} << 13 << "library strings" << "";
        QTest::newRow("genuine 9.19 cuda12 tarball naming libcublasLt.so.12 and libnvrtc.so.12")
            << "9.19.0.99" << "12" << build("12") << QStringList{} << 12 << "library strings" << "";
        QTest::newRow("8.9.7 _cuda12 tarball whose libraries need libcublas.so.11 and libcublasLt.so.11")
            << "8.9.7.99" << "12" << QStringList{"*=libcublas.so.11,libcublasLt.so.11"} << QStringList{"cuda-major-mismatch"}
            << 11 << "library strings" << "its name says CUDA 12, but libcudnn";
        QTest::newRow("one library naming libcublasLt.so.12 among CUDA 13 libraries")
            << "9.19.0.99" << "13"
            << QStringList{"libcudnn_adv=libcublasLt.so.12", "libcudnn_ops=libcublasLt.so.13",
                           "libcudnn_engines_precompiled=libcublasLt.so.13,libnvrtc.so.13"}
            << QStringList{"cuda-major-mismatch"} << 13 << "library strings"
            << "libcudnn_adv.so.9.19.0 names libcublasLt.so.12 (CUDA 12), but";
    }
    void aBuildsOwnCudaMajorShowsInItsLibraries()
    {
        QFETCH(QString, cudnn);
        QFETCH(QString, cuda);
        QFETCH(QStringList, libs);
        QFETCH(QStringList, problems);
        QFETCH(int, buildCuda);
        QFETCH(QString, source);
        QFETCH(QString, says);
        LinuxReleaseSpec spec;
        spec.cudnn = cudnn.toStdString();
        spec.cuda = cuda.toStdString();
        const QString full = cudnn.section('.', 0, 2);
        // What else the libraries' data holds: the driver's name, cuDNN's own, prose with CUDA versions.
        const std::vector<std::string> noise{"libcuda.so.1", "libcudnn_graph.so.9", "cudnnGetCudartVersion",
                                             "FORT_NATIVE_12X engine is only supported with nvrtc 12.8 or later",
                                             "$ORIGIN:$ORIGIN/../../cublas/lib:$ORIGIN/../../cu13/lib"};
        spec.everyLibStrings = noise;
        for (const QString& l : libs) {
            std::vector<std::string> strings = noise;
            for (const QString& n : l.section('=', 1).split(','))
                strings.push_back(n.toStdString());
            if (l.startsWith("*="))
                spec.everyLibStrings = strings;
            else
                spec.libStrings[(l.section('=', 0, 0) + ".so." + full).toStdString()] = strings;
        }
        const VerifyResult r = verifyArchive(writeRelease(spec).toStdString(), {});
        QVERIFY2(codes(r.problems) == problems, qPrintable(dump(r)));
        QCOMPARE(r.buildCudaMajor.value_or(0), buildCuda);
        QCOMPARE(QString::fromStdString(r.buildCudaSource), source);
        QCOMPARE(toJson(r)["build_cuda"]["major"].get<int>(), buildCuda);
        if (!says.isEmpty()) {
            bool found = false;
            for (const auto& p : r.problems)
                found = found || (p.code == "cuda-major-mismatch" && QString::fromStdString(p.message).contains(says));
            QVERIFY2(found, qPrintable(dump(r)));
        }
    }

    void authenticityFromSha256()
    {
        const QString path = writeRelease({});
        const VerifyResult plain = verifyArchive(path.toStdString(), {});
        QVERIFY(plain.ok());
        VerifyOptions o;
        o.sha256 = plain.sha256;
        QVERIFY(verifyArchive(path.toStdString(), o).authenticity == Authenticity::User);
        o.sha256 = std::string(64, '0');
        const VerifyResult bad = verifyArchive(path.toStdString(), o);
        QVERIFY(bad.authenticity == Authenticity::Mismatch);
        QVERIFY(codes(bad.problems).contains("hash-mismatch"));
    }

    // The catalog knows NVIDIA's Linux 8.2.0.53 tarball: other bytes under its name are refused.
    void officialNameWithOtherBytesIsAMismatch()
    {
        LinuxReleaseSpec spec;
        spec.cudnn = "8.2.0.53";
        spec.cuda = "11.3";
        const QString path = writeRelease(spec, TarCompression::Gzip);
        QCOMPARE(QFileInfo(path).fileName(), QString("cudnn-11.3-linux-x64-v8.2.0.53.tgz"));
        const VerifyResult r = verifyArchive(path.toStdString(), {});
        QVERIFY(r.authenticity == Authenticity::Mismatch);
        QVERIFY2(codes(r.problems).contains("hash-mismatch"), qPrintable(dump(r)));
    }

    void reportsProgressAndCancels()
    {
        LinuxReleaseSpec spec;
        spec.extra.push_back(TarMember{.name = kRoot + "lib/libcudnn_big_static.a",
                                       .data = std::vector<std::uint8_t>(std::size_t(6) << 20, 7)});
        const QString path = writeRelease(spec);
        Counter counter;
        VerifyOptions o;
        o.progress = &counter;
        const VerifyResult r = verifyArchive(path.toStdString(), o);
        QVERIFY2(r.ok(), qPrintable(dump(r)));
        QVERIFY(counter.progress > 0);
        QVERIFY(counter.items >= 40);
        QCOMPARE(counter.last, std::uint64_t(QFileInfo(path).size()));

        CancelToken cancel;
        cancel.cancel();
        o.cancel = &cancel;
        const VerifyResult c = verifyArchive(path.toStdString(), o);
        QVERIFY(c.cancelled);
        QVERIFY(!c.ok());
    }

    void corruptTarballIsCorrupt()
    {
        const QString path = writeRelease({});
        QFile f(path);
        QVERIFY(f.open(QIODevice::ReadWrite));
        QByteArray all = f.readAll();
        all.truncate(all.size() / 2);
        f.resize(0);
        f.write(all);
        f.close();
        const VerifyResult r = verifyArchive(path.toStdString(), {});
        QVERIFY2(codes(r.problems).contains("corrupt-archive"), qPrintable(dump(r)));
    }

    void realCudnnLibrariesVerify()
    {
        const QString real = "/usr/local/cuda/lib";
        if (!QFile::exists(real + "/libcudnn.so.9"))
            QSKIP("no real cuDNN 9 under /usr/local/cuda/lib on this machine");
        LinuxReleaseSpec spec;
        spec.realLibDir = real.toStdString();
        // cudnn_version.h from the real toolkit: the version evidence is NVIDIA's own.
        const QString path = write(cudnnLinuxRelease(spec), QString::fromStdString(linuxArchiveName(spec)).replace(".tar.xz", ".tgz"),
                                   TarCompression::Gzip);
        const VerifyResult r = verifyArchive(path.toStdString(), {});
        QVERIFY2(r.ok(), qPrintable(dump(r)));
        QCOMPARE(QString::fromStdString(r.release->cudnn.toString()), QString("9.19.0.56"));
        // NVIDIA's own bytes name libcublasLt.so.13 and libnvrtc.so.13: the build's CUDA major is read from them.
        QCOMPARE(r.buildCudaMajor.value_or(0), 13);
        QCOMPARE(QString::fromStdString(r.buildCudaSource), QString("library strings"));
    }
};

QTEST_GUILESS_MAIN(TestTarVerify)
#include "tst_tarverify.moc"
