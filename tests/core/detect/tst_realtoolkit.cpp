// The real toolkit of these machines: /usr/local/cuda -> CUDA 13.0 with cuDNN 9.19.0.
#include "detect/cudnninspect.h"
#include "detect/detector.h"
#include "detect/fsutil.h"
#include "fixtures/fakeregistry.h"
#include "formats/cudabuild.h"
#include "platform/environment.h"

#include <QTest>

#include <filesystem>

#include <dlfcn.h>

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
        // What the dynamic loader says decides the expected state: these machines carry no
        // driver, the device host a real one (then with a version and a CUDA version).
        void* libcuda = ::dlopen("libcuda.so.1", RTLD_NOW | RTLD_LOCAL);
        const bool driverLoads = libcuda != nullptr;
        if (libcuda)
            ::dlclose(libcuda);
        if (driverLoads) {
            QCOMPARE(toString(r.driver.state), std::string("present"));
            QVERIFY(r.driver.version.has_value());
            QVERIFY(r.driver.cudaVersion.has_value());
        } else {
            QCOMPARE(toString(r.driver.state), std::string("none"));
            QVERIFY(std::any_of(r.problems.begin(), r.problems.end(),
                                [](const Problem& p) { return p.code == "no-driver"; }));
        }
    }

    // Without the dist-info, the CUDA major of a cuDNN 9 build shows in the names its libraries
    // load at run time (its .rodata; the real engines_precompiled names libcublasLt.so.13 and libnvrtc.so.13).
    void realCudnn9NamesItsCuda()
    {
        const char* lib = "/usr/local/cuda/lib64/libcudnn_engines_precompiled.so.9";
        if (!std::filesystem::exists(lib))
            QSKIP("no libcudnn_engines_precompiled.so.9 under /usr/local/cuda/lib64 on this machine");
        std::uint64_t read = 0;
        const auto names = cudaLibraryNames(lib, 32ull << 20, &read);
        // Only the .rodata section (3.6 MiB of a 234 MiB file) is read.
        QVERIFY2(read > 0 && read < 8ull << 20, std::to_string(read).c_str());
        QVERIFY2(std::find(names.begin(), names.end(), "libcublasLt.so.13") != names.end(), "libcublasLt.so.13");
        QVERIFY2(std::find(names.begin(), names.end(), "libnvrtc.so.13") != names.end(), "libnvrtc.so.13");
        QCOMPARE(cudaMajorFromNames(names).value_or(0), 13);
        // Bounded: a limit smaller than the section still reads only that much, and finds what is in it.
        QVERIFY(cudaLibraryNames(lib, 4096).size() <= names.size());
        std::vector<InstalledFile> files;
        for (const auto& n : listDirectory("/usr/local/cuda/lib64"))
            if (n.rfind("libcudnn", 0) == 0 && n.size() > 3 && n.substr(n.size() - 3) == ".so")
                files.push_back({"/usr/local/cuda/lib64/" + n, FileKind::SharedLib, fileSize("/usr/local/cuda/lib64/" + n).value_or(0),
                                 std::nullopt, std::nullopt, ""});
        QCOMPARE(cudaMajorFromNames(cudaLibraryNamesOf(files)).value_or(0), 13);
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
