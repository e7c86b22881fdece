// Orchestration and every error path, with the test-double cuDNN and driver (CPU only).
#include "doubles/faketoolkit.h"
#include "testpaths.h"
#include "validate/validator.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <dlfcn.h>

using namespace cudnnsetup::validate;

namespace {

bool hasCode(const ValidationReport& r, const QString& code)
{
    for (const auto& p : r.problems)
        if (QString::fromStdString(p.code) == code)
            return true;
    return false;
}

QByteArray dump(const ValidationReport& r)
{
    return QByteArray::fromStdString(toJson(r).dump(1));
}

const char* const kEnv[] = {"CUDNN_DOUBLE_FAULT", "CUDNN_DOUBLE_VERSION", "CUDNN_DOUBLE_CUDART", "CUDNN_DOUBLE_SUBLIB",
                            "CUDA_DOUBLE_FAULT", "CUDA_DOUBLE_VERSION"};

}  // namespace

class TestValidateDoubles : public QObject {
    Q_OBJECT

    QTemporaryDir* m_dir = nullptr;
    ValidateOptions m_opt;

    ValidationReport run() { return runValidation(m_opt); }

private slots:
    void init()
    {
        for (const char* e : kEnv)
            qunsetenv(e);
        m_dir = new QTemporaryDir;
        QVERIFY(m_dir->isValid());
        const QString err = faketoolkit::build(m_dir->path());
        QVERIFY2(err.isEmpty(), qPrintable(err));
        m_opt = ValidateOptions{};
        m_opt.toolkit = m_dir->path().toStdString();
        m_opt.driverLibrary = cudnnsetup::testpaths::fakeCuda().toStdString();
        m_opt.quick = true;
        m_opt.timedRuns = 2;
        m_opt.warmupRuns = 1;
    }
    void cleanup()
    {
        delete m_dir;
        m_dir = nullptr;
        for (const char* e : kEnv)
            qunsetenv(e);
    }

    void healthyRunChecksEveryUsableAlgorithm()
    {
        const ValidationReport r = run();
        QVERIFY2(r.ok(), dump(r));
        QCOMPARE(QString::fromStdString(r.cudnnVersion), QString("9.19.0"));
        QVERIFY(r.device);
        QCOMPARE(QString::fromStdString(r.device->name), QString("cudnn-setup test double"));
        // quick shapes: tiny 3x3 (4 usable algorithms: 0,1,2,6), strided 1x1 (3), dilated 3x3 (3).
        QCOMPARE(r.checks.size(), size_t(10));
        for (const auto& c : r.checks) {
            QVERIFY2(c.ok, c.algo.c_str());
            QVERIFY(c.relError && *c.relError < 1e-5);
            QVERIFY(c.fullCheck);
            QVERIFY(c.timeMs);
            QCOMPARE(QString::fromStdString(c.math), QString("fma"));
        }
        QCOMPARE(QString::fromStdString(r.checks[3].algo), QString("WINOGRAD"));
        QCOMPARE(r.checks[2].workspaceBytes, size_t(4096)); // GEMM asked for workspace and got it
        QVERIFY(r.tensorOpChecks.empty());
        // Which files were loaded: the double's cuDNN and its siblings from the fake toolkit.
        int fromToolkit = 0;
        for (const auto& f : r.loadedFiles)
            fromToolkit += QString::fromStdString(f).startsWith(QFileInfo(m_dir->path()).canonicalFilePath());
        QVERIFY2(fromToolkit >= 9, dump(r)); // libcudnn + 7 sub-libraries + cuBLASLt
        QCOMPARE(QString::fromStdString(toJson(r)["checks"][0]["algo"].get<std::string>()), QString("IMPLICIT_GEMM"));
    }

    void tensorOpPassesAreSeparate()
    {
        m_opt.tensorOps = true;
        const ValidationReport r = run();
        QVERIFY2(r.ok(), dump(r));
        QCOMPARE(r.tensorOpChecks.size(), size_t(8)); // tiny shape: tf32 and fp16, 4 algorithms each
        QCOMPARE(QString::fromStdString(r.tensorOpChecks.front().math), QString("tf32"));
        QCOMPARE(QString::fromStdString(r.tensorOpChecks.back().math), QString("fp16"));
        QCOMPARE(r.tensorOpChecks.back().tolerance, 5e-3);
        QVERIFY(*r.tensorOpChecks.back().relError > 0); // really rounded through half
    }

    void faults_data()
    {
        QTest::addColumn<QByteArray>("var");
        QTest::addColumn<QByteArray>("value");
        QTest::addColumn<QString>("code");
        QTest::addColumn<int>("failedChecks");
        QTest::newRow("wrong values") << QByteArray("CUDNN_DOUBLE_FAULT") << QByteArray("wrong-values") << "wrong-result" << 3;
        QTest::newRow("unwritten output") << QByteArray("CUDNN_DOUBLE_FAULT") << QByteArray("unwritten") << "wrong-result" << 3;
        QTest::newRow("NOT_SUPPORTED at run time") << QByteArray("CUDNN_DOUBLE_FAULT") << QByteArray("not-supported") << "algo-failed" << 3;
        QTest::newRow("no usable algorithm") << QByteArray("CUDNN_DOUBLE_FAULT") << QByteArray("no-algo") << "no-algorithm" << 0;
        QTest::newRow("cudnnCreate fails") << QByteArray("CUDNN_DOUBLE_FAULT") << QByteArray("create-fails") << "cudnn-create-failed" << 0;
        QTest::newRow("architecture not supported") << QByteArray("CUDNN_DOUBLE_FAULT") << QByteArray("arch-mismatch") << "unsupported-architecture" << 0;
        QTest::newRow("sub-library fails inside cudnnCreate") << QByteArray("CUDNN_DOUBLE_SUBLIB") << QByteArray("libcudnn_extra.so.9") << "sublibrary-load-failed" << 0;
        QTest::newRow("cuInit fails") << QByteArray("CUDA_DOUBLE_FAULT") << QByteArray("init-error") << "driver-error" << 0;
        QTest::newRow("cuInit: no device") << QByteArray("CUDA_DOUBLE_FAULT") << QByteArray("no-device") << "no-device" << 0;
        QTest::newRow("zero devices") << QByteArray("CUDA_DOUBLE_FAULT") << QByteArray("zero-devices") << "no-device" << 0;
        QTest::newRow("driver older than cuDNN's CUDA") << QByteArray("CUDA_DOUBLE_VERSION") << QByteArray("12080") << "driver-too-old" << 0;
        QTest::newRow("library major differs from its name") << QByteArray("CUDNN_DOUBLE_VERSION") << QByteArray("8907") << "version-mismatch" << 0;
    }
    void faults()
    {
        QFETCH(QByteArray, var);
        QFETCH(QByteArray, value);
        QFETCH(QString, code);
        QFETCH(int, failedChecks);
        qputenv(var.constData(), value);
        const ValidationReport r = run();
        QVERIFY2(hasCode(r, code), dump(r));
        QVERIFY(!r.ok());
        int failed = 0;
        for (const auto& c : r.checks)
            failed += !c.ok;
        QCOMPARE(failed, failedChecks);
        if (failedChecks > 0) {
            // Only the faulty algorithm fails; the others still pass on the same data.
            for (const auto& c : r.checks)
                QCOMPARE(c.ok, c.algoId != (value == "unwritten" ? 0 : 1));
        }
        if (value == "unwritten")
            QVERIFY(r.checks[0].nonFinite == 1);
    }

    void driverOlderMinorIsOnlyAWarning()
    {
        qputenv("CUDNN_DOUBLE_CUDART", "13010");
        const ValidationReport r = run();
        QVERIFY2(r.ok(), dump(r));
        QCOMPARE(r.warnings.size(), size_t(1));
        QCOMPARE(QString::fromStdString(r.warnings[0].code), QString("driver-older-minor"));
    }

    void missingSubLibraryIsNamed()
    {
        QVERIFY(QFile::remove(m_dir->path() + "/lib/libcudnn_cnn.so.9"));
        const ValidationReport r = run();
        QVERIFY2(hasCode(r, "missing-file"), dump(r));
        QVERIFY(QString::fromStdString(*r.problems[0].path).endsWith("lib/libcudnn_cnn.so.9"));
        QVERIFY(QString::fromStdString(r.problems[0].message).contains("libcudnn_cnn.so.9"));
        QVERIFY(r.checks.empty());
    }

    void subLibraryWithMissingCublasIsNamed()
    {
        const QString ops = m_dir->path() + "/lib/libcudnn_ops.so.9";
        QVERIFY(QFile::remove(ops));
        QVERIFY(QFile::copy(cudnnsetup::testpaths::fakeSubNeeds(), ops));
        const ValidationReport r = run();
        QVERIFY2(hasCode(r, "missing-cublas"), dump(r));
        QVERIFY(QString::fromStdString(r.problems[0].message).contains("libcublasLt.so.77"));
    }

    void cublasForTheCudaMajorMustLoad()
    {
        if (void* h = dlopen("libcublasLt.so.12", RTLD_LAZY)) {
            dlclose(h);
            QSKIP("this machine has a system-wide libcublasLt.so.12");
        }
        qputenv("CUDNN_DOUBLE_CUDART", "12080");
        qputenv("CUDA_DOUBLE_VERSION", "12080");
        const ValidationReport r = run();
        QVERIFY2(hasCode(r, "missing-cublas"), dump(r));
        QVERIFY(r.checks.empty());
    }

    void headerFromAnotherRelease()
    {
        QVERIFY(QDir().mkpath(m_dir->path() + "/include"));
        QFile h(m_dir->path() + "/include/cudnn_version.h");
        QVERIFY(h.open(QIODevice::WriteOnly));
        h.write("#define CUDNN_MAJOR 9\n#define CUDNN_MINOR 18\n#define CUDNN_PATCHLEVEL 1\n");
        h.close();
        const ValidationReport r = run();
        QVERIFY2(hasCode(r, "version-mismatch"), dump(r));
        QCOMPARE(QString::fromStdString(r.headerVersion), QString("9.18.1"));
    }

    void notACudnnLibrary()
    {
        const QString main = m_dir->path() + "/lib/libcudnn.so.9";
        QVERIFY(QFile::remove(main));
        QVERIFY(QFile::copy(cudnnsetup::testpaths::fakeSub(), main));
        const ValidationReport r = run();
        QVERIFY2(hasCode(r, "missing-symbol"), dump(r));
    }

    void garbageLibrary()
    {
        const QString main = m_dir->path() + "/lib/libcudnn.so.9";
        QVERIFY(QFile::remove(main));
        QFile f(main);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("MZ this is not an ELF file");
        f.close();
        const ValidationReport r = run();
        QVERIFY2(hasCode(r, "wrong-architecture") || hasCode(r, "cudnn-load-failed"), dump(r));
    }

    void noCudnnInToolkit()
    {
        QTemporaryDir empty;
        m_opt.toolkit = empty.path().toStdString();
        const ValidationReport r = run();
        QVERIFY2(hasCode(r, "cudnn-not-found"), dump(r));
        QVERIFY(r.device); // the driver part still ran and says what GPU there is
    }
};

QTEST_GUILESS_MAIN(TestValidateDoubles)
#include "tst_validate_doubles.moc"
