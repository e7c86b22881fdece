// formats/cudabuild.h: the one rule for a cuDNN build's own CUDA major. The streaming scanner of
// CUDA library names (what stands alone, what does not, a name split at every offset, bounded),
// one file's evidence (imports before names). Verify and detect agreeing on the same files:
// tst_verifydetect.
#include "formats/cudabuild.h"

#include <QTest>

#include <set>
#include <string>
#include <vector>

using namespace cudnnsetup;

namespace {

std::set<std::string> scanned(const QByteArray& bytes, const std::vector<int>& cuts = {})
{
    CudaNameScanner s;
    int from = 0;
    for (const int cut : cuts) {
        s.feed(reinterpret_cast<const std::uint8_t*>(bytes.constData()) + from, std::size_t(cut - from));
        from = cut;
    }
    s.feed(reinterpret_cast<const std::uint8_t*>(bytes.constData()) + from, std::size_t(bytes.size() - from));
    s.finish();
    return s.names();
}

std::set<std::string> toSet(const QStringList& l)
{
    std::set<std::string> out;
    for (const auto& s : l)
        out.insert(s.toStdString());
    return out;
}

QByteArray nulSeparated(const QStringList& strings)
{
    QByteArray out;
    for (const auto& s : strings)
        out += QByteArray(1, '\0') + s.toLatin1();
    return out + QByteArray(1, '\0');
}

}  // namespace

class TestCudaBuild : public QObject {
    Q_OBJECT

private slots:
    void findsNamesThatStandAlone_data()
    {
        QTest::addColumn<QByteArray>("bytes");
        QTest::addColumn<QStringList>("names");
        const QStringList none;
        auto row = [](const char* name, const QStringList& strings, const QStringList& names) {
            QTest::newRow(name) << nulSeparated(strings) << names;
        };
        row("the real 9.19 CUDA 13 .rodata: libcublasLt.so.13 beside its API names, libnvrtc.so.13",
            {"libcublasLt.so.13", "cublasLtCreate", "cublasLtGetVersion", "libnvrtc.so.13"},
            {"libcublasLt.so.13", "libnvrtc.so.13"});
        row("Windows names of CUDA 12", {"cublasLt64_12.dll", "nvrtc64_120_0.dll", "cudart64_12.dll", "cublas64_12.dll"},
            {"cublasLt64_12.dll", "cublas64_12.dll", "cudart64_12.dll", "nvrtc64_120_0.dll"});
        row("CUDA 11 spells major and minor", {"cudart64_110.dll", "libcudart.so.11.0", "nvrtc64_112_0.dll"},
            {"cudart64_110.dll", "libcudart.so.11.0", "nvrtc64_112_0.dll"});
        row("Windows names fold case", {"CUBLASLT64_12.DLL"}, {"CUBLASLT64_12.DLL"});
        row("a path before the name", {"/usr/local/cuda/lib64/libcublasLt.so.12"}, {"libcublasLt.so.12"});
        row("cuDNN's own names are not CUDA's",
            {"cudnn64_9.dll", "libcudnn_adv.so.9", "cudnn_engines_precompiled64_9.dll", "libcudnn_graph.so.9"}, none);
        row("the driver and libraries whose numbers are not the CUDA major",
            {"libcuda.so.1", "nvcuda.dll", "cufft64_11.dll", "libcufft.so.11", "libz.so.1"}, none);
        row("prose and paths with CUDA versions",
            {"FORT_NATIVE_12X engine is only supported with nvrtc 12.8 or later",
             "$ORIGIN:$ORIGIN/../../cublas/lib:$ORIGIN/../../cu13/lib", "cudnnGetCudartVersion",
             "CUDNN_STATUS_EXECUTION_FAILED_CUBLAS", "CUDA 12.9"},
            none);
        row("format strings and unversioned names", {"cublasLt64_%d.dll", "libcublasLt.so", "libnvrtc.so.%d", "cublas.dll"}, none);
        row("part of a longer name", {"mycublas64_12.dll", "cublasLt64_12.dll.bak", "libcublasLt.so.12x", "xlibnvrtc.so.12",
                                      "libcublasLt.so.12-dev", "cudnn_cublasLt64_12.dll"},
            none);
        row("Linux names are case-sensitive", {"LIBCUBLASLT.SO.12", "libcublaslt.so.12"}, none);
        row("too old or too new to be a CUDA major here", {"libnvrtc.so.8", "cublas64_92.dll", "libcublas.so.99"}, none);
        QTest::newRow("a name at the very end counts") << QByteArray("\0\0libcublasLt.so.12", 19) << QStringList{"libcublasLt.so.12"};
        QTest::newRow("a name at the very start counts") << QByteArray("cublasLt64_13.dll\0xx", 20) << QStringList{"cublasLt64_13.dll"};
    }
    void findsNamesThatStandAlone()
    {
        QFETCH(QByteArray, bytes);
        QFETCH(QStringList, names);
        QCOMPARE(scanned(bytes), toSet(names));
        // The same fed one byte at a time.
        std::vector<int> everyByte;
        for (int i = 1; i < bytes.size(); ++i)
            everyByte.push_back(i);
        QCOMPARE(scanned(bytes, everyByte), toSet(names));
    }

    // An entry's bytes arrive in chunks of whatever size the inflater has: a name split anywhere,
    // even in three, is found once and whole.
    void findsANameSplitAtEveryOffset_data()
    {
        QTest::addColumn<QString>("name");
        for (const char* n : {"cublasLt64_12.dll", "cublas64_12.dll", "nvrtc64_120_0.dll", "cudart64_110.dll",
                              "libcublasLt.so.12", "libnvrtc.so.12", "libcudart.so.11.0", "libcublas.so.13.1.0.3"})
            QTest::newRow(n) << QString(n);
    }
    void findsANameSplitAtEveryOffset()
    {
        QFETCH(QString, name);
        // Between the neighbours it has in a real .rodata: cuDNN's own names, API names, prose.
        const QByteArray bytes = nulSeparated({"cudnn_graph64_9.dll", "cublasLtMatmul", name, "nvrtc 12.8 or later"});
        const auto want = toSet({name});
        for (int i = 0; i <= bytes.size(); ++i)
            for (int j = i; j <= bytes.size(); ++j) {
                const auto got = scanned(bytes, {i, j});
                if (got != want)
                    QFAIL(qPrintable(QString("cut at %1 and %2: %3 names").arg(i).arg(j).arg(got.size())));
            }
    }

    void bytesPassedOverAreNotJoined()
    {
        // A name cannot continue across bytes the scanner was not shown (a PE consumer shows .rdata only).
        CudaNameScanner s;
        const QByteArray a("\0libcublasLt.so.1", 17), b("2\0", 2);
        s.feed(reinterpret_cast<const std::uint8_t*>(a.constData()), std::size_t(a.size()));
        s.gap();
        s.feed(reinterpret_cast<const std::uint8_t*>(b.constData()), std::size_t(b.size()));
        s.finish();
        QVERIFY(s.names().empty());
    }

    void boundedInNamesAndFindsANameDeepInABigFile()
    {
        CudaNameScanner s;
        QByteArray many;
        for (int i = 0; i < 100; ++i)
            many += nulSeparated({QString("libcublas.so.12.%1").arg(i)});
        s.feed(reinterpret_cast<const std::uint8_t*>(many.constData()), std::size_t(many.size()));
        // 8 MiB of filler (no name), then one name: found, and the scanner keeps only a block.
        const std::vector<std::uint8_t> filler(8u << 20, 'x');
        s.feed(filler.data(), filler.size());
        const QByteArray tail = nulSeparated({"nvrtc64_130_0.dll"});
        s.feed(reinterpret_cast<const std::uint8_t*>(tail.constData()), std::size_t(tail.size()));
        s.finish();
        QCOMPARE(s.names().size(), CudaNameScanner::kMaxNames);
        CudaNameScanner t;
        t.feed(filler.data(), filler.size());
        t.feed(reinterpret_cast<const std::uint8_t*>(tail.constData()), std::size_t(tail.size()));
        t.finish();
        QCOMPARE(t.names(), toSet({"nvrtc64_130_0.dll"}));
    }

    // One file's evidence: what it imports (PE import table, DT_NEEDED) first, else the names in
    // its data when they agree; names of two majors say nothing (cudabuild.h says why).
    void oneFilesEvidence_data()
    {
        QTest::addColumn<QStringList>("imports");
        QTest::addColumn<QStringList>("names");
        QTest::addColumn<int>("major");  // 0 = none
        QTest::addColumn<bool>("byName");
        QTest::addColumn<QString>("witness");
        QTest::newRow("imports win over the names in its data")
            << QStringList{"KERNEL32.dll", "cublasLt64_12.dll"} << QStringList{"cublasLt64_13.dll"} << 12 << false << "cublasLt64_12.dll";
        QTest::newRow("names alone (cuDNN 9): cuBLASLt is the witness")
            << QStringList{"KERNEL32.dll"} << QStringList{"cublasLt64_12.dll", "nvrtc64_120_0.dll"} << 12 << true << "cublasLt64_12.dll";
        QTest::newRow("DT_NEEDED libcublas.so.11 is an import (cuDNN 8 on Linux)")
            << QStringList{"libcudnn_ops_infer.so.8", "libcublas.so.11"} << QStringList{} << 11 << false << "libcublas.so.11";
        QTest::newRow("names of two majors in one file say nothing")
            << QStringList{} << QStringList{"libcublasLt.so.12", "libcublasLt.so.13"} << 0 << false << "";
        QTest::newRow("no CUDA library at all") << QStringList{"KERNEL32.dll", "libcudnn_graph.so.9"} << QStringList{} << 0 << false << "";
    }
    void oneFilesEvidence()
    {
        QFETCH(QStringList, imports);
        QFETCH(QStringList, names);
        QFETCH(int, major);
        QFETCH(bool, byName);
        QFETCH(QString, witness);
        std::vector<std::string> i, n;
        for (const auto& s : imports)
            i.push_back(s.toStdString());
        for (const auto& s : names)
            n.push_back(s.toStdString());
        const auto e = cudaEvidenceOf("bin/cudnn_ops64_9.dll", i, n);
        QCOMPARE(e ? e->major : 0, major);
        if (e) {
            QCOMPARE(e->byName, byName);
            QCOMPARE(QString::fromStdString(e->import), witness);
        }
    }
};

QTEST_GUILESS_MAIN(TestCudaBuild)
#include "tst_cudabuild.moc"
