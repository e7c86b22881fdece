// The real toolkit of these machines: /usr/local/cuda -> CUDA 13.0 with cuDNN 9.19.0.
#include "detect/detector.h"
#include "platform/fakeregistry.h"
#include "platform/environment.h"

#include <QTest>

#include <filesystem>

using namespace cudnnsetup;

class TestRealToolkit : public QObject {
    Q_OBJECT
private slots:
    void cuda13WithCudnn919()
    {
        if (!std::filesystem::exists("/usr/local/cuda/include/cudnn_version.h"))
            QSKIP("no CUDA toolkit with cuDNN under /usr/local/cuda on this machine");
        const auto env = hostEnvironment();
        FakeRegistry reg;
        DetectOptions opts;
        opts.probeDriver = true;
        const DetectResult r = detect(opts, *env, reg);
        const auto it = std::find_if(r.toolkits.begin(), r.toolkits.end(),
                                     [](const Toolkit& t) { return t.path == "/usr/local/cuda"; });
        QVERIFY(it != r.toolkits.end());
        QCOMPARE(it->versionText, std::string("13.0"));
        QCOMPARE(it->layout, std::string("linux"));
        QVERIFY(it->resolvedPath.has_value());
        QVERIFY(it->cudnn.version);
        QCOMPARE(it->cudnn.version->toString(), std::string("9.19.0"));
        QVERIFY2(it->cudnn.complete, toJson(r).dump().c_str());
        QCOMPARE(it->cudnn.builtForCudaMajor.value_or(0), 13);
        // These machines carry no driver (or a GPU one on the device host).
        QVERIFY(r.driver.state == DriverInfo::State::None || r.driver.state == DriverInfo::State::Present);
    }

    void stubDriverIsRecognised()
    {
        const char* stub = "/usr/local/cuda/lib64/stubs/libcuda.so";
        if (!std::filesystem::exists(stub))
            QSKIP("no toolkit link stub at /usr/local/cuda/lib64/stubs/libcuda.so");
        qputenv("CUDNN_SETUP_LIBCUDA", stub);
        qputenv("CUDNN_SETUP_LIBNVML", "/nonexistent/libnvidia-ml.so.1");
        const auto env = hostEnvironment();
        FakeRegistry reg;
        const DetectResult r = detect(DetectOptions{}, *env, reg);
        qunsetenv("CUDNN_SETUP_LIBCUDA");
        qunsetenv("CUDNN_SETUP_LIBNVML");
        QCOMPARE(toString(r.driver.state), std::string("stub"));
        QVERIFY(std::any_of(r.problems.begin(), r.problems.end(), [](const Problem& p) { return p.code == "stub-driver"; }));
    }

    void noDriverWhenNothingLoads()
    {
        qputenv("CUDNN_SETUP_LIBCUDA", "/nonexistent/libcuda.so.1");
        qputenv("CUDNN_SETUP_LIBNVML", "/nonexistent/libnvidia-ml.so.1");
        const auto env = hostEnvironment();
        FakeRegistry reg;
        const DetectResult r = detect(DetectOptions{}, *env, reg);
        qunsetenv("CUDNN_SETUP_LIBCUDA");
        qunsetenv("CUDNN_SETUP_LIBNVML");
        QCOMPARE(toString(r.driver.state), std::string("none"));
        QVERIFY(std::any_of(r.problems.begin(), r.problems.end(), [](const Problem& p) { return p.code == "no-driver"; }));
    }
};

QTEST_GUILESS_MAIN(TestRealToolkit)
#include "tst_realtoolkit.moc"
