// The driver probe (detect/driver.h) against the test doubles of the CUDA driver and NVML
// (tests/core/validate/doubles): the paths a machine with a driver takes, which the CI
// machines (no GPU) never reach with the real libraries.
#include "detect/driver.h"
#include "testpaths.h"
#include "fixtures/fakeenvironment.h"

#include <QTest>

using namespace cudnnsetup;

class TestDriverProbe : public QObject {
    Q_OBJECT
private slots:
    void probe_data()
    {
        QTest::addColumn<QString>("cuda");        // CUDNN_SETUP_LIBCUDA: "double", or a missing file
        QTest::addColumn<QString>("nvml");        // CUDNN_SETUP_LIBNVML: "double", or a missing file
        QTest::addColumn<QByteArray>("cudaFault");
        QTest::addColumn<QByteArray>("nvmlFault");
        QTest::addColumn<QString>("state");
        QTest::addColumn<QString>("version");     // "" = none
        QTest::addColumn<int>("cudaVersion");     // 0 = none
        QTest::addColumn<QString>("library");     // which double answered
        QTest::addColumn<QString>("detail");      // a part of it, "" = empty
        const QString none = "/nonexistent/lib.so";
        QTest::newRow("driver and NVML") << "double" << "double" << QByteArray() << QByteArray() << "present"
                                         << "580.65.06" << 13000 << "cuda" << "";
        QTest::newRow("NVML only: present, no CUDA version (and why)")
            << none << "double" << QByteArray() << QByteArray() << "present" << "580.65.06" << 0 << "nvml" << none;
        QTest::newRow("driver only: no version number")
            << "double" << none << QByteArray() << QByteArray() << "present" << "" << 13000 << "cuda" << "";
        QTest::newRow("no device: the driver is still there")
            << "double" << "double" << QByteArray("no-device") << QByteArray() << "present" << "580.65.06" << 13000
            << "cuda" << "cuInit returned 100";
        QTest::newRow("NVML init fails, no CUDA driver: none, and why")
            << none << "double" << QByteArray() << QByteArray("init-error") << "none" << "" << 0 << ""
            << "nvmlInit_v2 returned 999";
        QTest::newRow("NVML cannot tell the version")
            << none << "double" << QByteArray() << QByteArray("version-error") << "none" << "" << 0 << ""
            << "nvmlSystemGetDriverVersion returned 3";
    }
    void probe()
    {
        QFETCH(QString, cuda);
        QFETCH(QString, nvml);
        QFETCH(QByteArray, cudaFault);
        QFETCH(QByteArray, nvmlFault);
        QFETCH(QString, state);
        QFETCH(QString, version);
        QFETCH(int, cudaVersion);
        QFETCH(QString, library);
        QFETCH(QString, detail);
        const std::string cudaLib = cuda == "double" ? cudnnsetup::testpaths::fakeCuda().toStdString() : cuda.toStdString();
        const std::string nvmlLib = nvml == "double" ? cudnnsetup::testpaths::fakeNvml().toStdString() : nvml.toStdString();
        FakeEnvironment env;
        env.set("CUDNN_SETUP_LIBCUDA", cudaLib);
        env.set("CUDNN_SETUP_LIBNVML", nvmlLib);
        // The doubles read their faults from the process environment.
        qputenv("CUDA_DOUBLE_FAULT", cudaFault);
        qputenv("NVML_DOUBLE_FAULT", nvmlFault);
        const DriverInfo d = probeDriver(env);
        qunsetenv("CUDA_DOUBLE_FAULT");
        qunsetenv("NVML_DOUBLE_FAULT");
        QCOMPARE(QString::fromStdString(toString(d.state)), state);
        QCOMPARE(QString::fromStdString(d.version.value_or("")), version);
        QCOMPARE(d.cudaVersion.value_or(0), cudaVersion);
        if (library == "cuda")
            QVERIFY2(d.library.find("fakecuda") != std::string::npos, d.library.c_str());
        else if (library == "nvml")
            QCOMPARE(d.library, nvmlLib);
        if (detail.isEmpty())
            QVERIFY2(d.detail.empty(), d.detail.c_str());
        else
            QVERIFY2(QString::fromStdString(d.detail).contains(detail), d.detail.c_str());
    }
};

QTEST_GUILESS_MAIN(TestDriverProbe)
#include "tst_driverprobe.moc"
