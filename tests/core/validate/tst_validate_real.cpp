// The real cuDNN 9 and the toolkit's driver stub under /usr/local/cuda (no GPU needed).
#include "validate/cudnnlocator.h"
#include "validate/validator.h"

#include <QDir>
#include <QFile>
#include <QTest>

#include <dlfcn.h>

using namespace cudnnsetup::validate;

namespace {

const QString kToolkit = "/usr/local/cuda";

bool hasCode(const ValidationReport& r, const std::string& code)
{
    for (const auto& p : r.problems)
        if (p.code == code)
            return true;
    return false;
}

QByteArray problemsText(const ValidationReport& r)
{
    return QByteArray::fromStdString(toJson(r).dump(1));
}

}  // namespace

class TestValidateReal : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        if (!QFile::exists(kToolkit + "/lib64/libcudnn.so.9") && !QFile::exists(kToolkit + "/lib/libcudnn.so.9"))
            QSKIP("no cuDNN 9 under /usr/local/cuda on this machine");
    }

    void realCudnnLoadsAndReportsItsVersion()
    {
        ValidateOptions o;
        o.toolkit = kToolkit.toStdString();
        o.driverLibrary = "/nonexistent/libcuda.so.1"; // no driver: the run must stop after loading
        const ValidationReport r = runValidation(o);
        QCOMPARE(r.cudnnVersionNumber, size_t(91900));
        QCOMPARE(QString::fromStdString(r.cudnnVersion), QString("9.19.0"));
        QVERIFY(r.cudartVersion >= 13000);
        QVERIFY2(QString::fromStdString(r.cudnnPath).endsWith("libcudnn.so.9"), r.cudnnPath.c_str());
        QCOMPARE(QString::fromStdString(r.headerVersion), QString("9.19.0"));
        QVERIFY2(!hasCode(r, "version-mismatch") && !hasCode(r, "missing-file") && !hasCode(r, "missing-cublas"), problemsText(r));
        // Every sub-library and cuBLASLt really mapped, from the toolkit.
        int subs = 0, cublas = 0;
        for (const auto& f : r.loadedFiles) {
            const QString file = QString::fromStdString(f);
            subs += file.contains("libcudnn_");
            cublas += file.contains("libcublasLt");
        }
        QCOMPARE(subs, 7);
        QCOMPARE(cublas, 1);
        QVERIFY(hasCode(r, "no-driver"));
        QVERIFY(r.checks.empty());
        QVERIFY(!r.ok());
    }

    void noSystemDriverIsNoDriver()
    {
        if (void* h = dlopen("libcuda.so.1", RTLD_LAZY | RTLD_NOLOAD)) {
            dlclose(h);
            QSKIP("a libcuda.so.1 is already loaded in this process");
        }
        if (void* h = dlopen("libcuda.so.1", RTLD_LAZY)) {
            dlclose(h);
            QSKIP("this machine has an NVIDIA driver (libcuda.so.1 loads)");
        }
        ValidateOptions o;
        o.toolkit = kToolkit.toStdString();
        const ValidationReport r = runValidation(o);
        QVERIFY2(hasCode(r, "no-driver"), problemsText(r));
        QVERIFY(!r.driverPresent);
        QCOMPARE(r.problems.size(), size_t(1));
        QVERIFY(r.problems[0].message.find("libcuda.so.1") != std::string::npos);
    }

    void toolkitStubIsStubDriver()
    {
        QString stub;
        for (const QString& p : {kToolkit + "/lib64/stubs/libcuda.so", kToolkit + "/lib/stubs/libcuda.so",
                                 kToolkit + "/targets/x86_64-linux/lib/stubs/libcuda.so"})
            if (QFile::exists(p)) {
                stub = p;
                break;
            }
        if (stub.isEmpty())
            QSKIP("the toolkit has no stubs/libcuda.so");
        ValidateOptions o;
        o.toolkit = kToolkit.toStdString();
        o.driverLibrary = stub.toStdString();
        const ValidationReport r = runValidation(o);
        QVERIFY2(hasCode(r, "stub-driver"), problemsText(r));
        QVERIFY(r.driverIsStub);
        QVERIFY(QString::fromStdString(r.driverPath).contains("stubs"));
        QVERIFY(!r.device);
    }

    void locatorFindsTheRealLibrary()
    {
        const auto loc = locateCudnn(kToolkit.toStdString());
        QVERIFY(loc);
        QCOMPARE(loc->major, 9);
        for (const auto& s : expectedSubLibraries(9))
            QVERIFY2(QFile::exists(QString::fromStdString(loc->directory + "/" + s)), s.c_str());
    }
};

QTEST_GUILESS_MAIN(TestValidateReal)
#include "tst_validate_real.moc"
