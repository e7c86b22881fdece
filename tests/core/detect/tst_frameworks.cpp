// "Will my framework load a working cuDNN?": Python environments laid out on disk the way pip
// and conda leave them (dist-info folders, build-info modules, the frameworks' own DLLs as PE
// images with VERSIONINFO and import tables), toolkits on a fake registry PATH, and the verdict.
#include "detect/detector.h"
#include "detect/frameworks.h"
#include "detect/fsutil.h"
#include "fixtures/fakeenvironment.h"
#include "fixtures/fakeregistry.h"
#include "fixtures/pebuilder.h"
#include "fixtures/toolkitbuilder.h"
#include "formats/elfreader.h"

#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <filesystem>
#include <functional>

using namespace cudnnsetup;
using namespace cudnnsetup::fixtures;
namespace fs = std::filesystem;

namespace {
const char* kSysEnv = R"(SYSTEM\CurrentControlSet\Control\Session Manager\Environment)";
const char* kCudaKey = R"(SOFTWARE\NVIDIA Corporation\GPU Computing Toolkit\CUDA)";

struct Machine {
    fs::path root;
    bool windows;
    FakeEnvironment env;
    FakeRegistry reg;
    DetectOptions opts;
    std::vector<std::string> systemPath;

    Machine(const fs::path& r, bool win) : root(r), windows(win), env(win)
    {
        opts.find.windowsRules = win;
        opts.find.scanSystem = false;
        opts.find.runNvcc = false;
        opts.find.systemPrefix = (root / "sysroot").string();
        opts.search.useLdconfig = false;
        DriverInfo d;
        d.state = DriverInfo::State::Present;
        d.version = win ? "581.15" : "580.95.05";
        d.cudaVersion = 13000;
        opts.driver = d;
        env.setKnownFolder(KnownFolder::System32, (root / "Windows" / "System32").string());
        env.setKnownFolder(KnownFolder::Home, (root / "home").string());
        fs::create_directories(root / "Windows" / "System32");
        fs::create_directories(root / "home");
    }
    std::string winToolkit(const std::string& cuda, const std::string& cudnn)
    {
        ToolkitSpec spec;
        spec.cuda = cuda;
        if (!cudnn.empty())  // "": a toolkit without cuDNN
            spec.cudnn = cudnn;
        const std::string mm = cuda.substr(0, cuda.rfind('.'));
        const std::string dir = (root / "CUDA" / ("v" + mm)).string();
        buildToolkit(dir, spec);
        reg.setString(RegistryHive::LocalMachine, std::string(kCudaKey) + "\\v" + mm, "InstallDir", dir);
        return dir;
    }
    // A python.org-style environment registered as PEP 514 does it (what `py -0p` lists).
    fs::path pythonOrg(const std::string& tag)
    {
        const fs::path dir = root / ("Python" + tag);
        writeText((dir / "python.exe").string(), "MZ stand-in");
        reg.setString(RegistryHive::CurrentUser, std::string(R"(SOFTWARE\Python\PythonCore\)") + tag + "\\InstallPath", "",
                      dir.string());
        return windows ? dir / "Lib" / "site-packages" : dir;
    }
    // A conda environment under ~/miniconda3/envs.
    fs::path conda(const std::string& name, const std::string& python = "3.11.7")
    {
        const fs::path dir = root / "home" / "miniconda3" / "envs" / name;
        writeText((dir / "conda-meta" / ("python-" + python + "-h1234_0.json")).string(), "{}");
        if (windows)
            return dir / "Lib" / "site-packages";
        return dir / "lib" / ("python" + python.substr(0, python.rfind('.'))) / "site-packages";
    }
    DetectResult run()
    {
        std::string s;
        for (const auto& p : systemPath)
            s += p + ";";
        if (windows) {
            reg.setString(RegistryHive::LocalMachine, kSysEnv, "Path", s, true);
            reg.setString(RegistryHive::CurrentUser, "Environment", "Path", "", true);
        }
        return detect(opts, env, reg);
    }
};

void distInfo(const fs::path& site, const std::string& folderName, const std::string& version = "")
{
    fs::create_directories(site / folderName);
    if (!version.empty())
        writeText((site / folderName / "METADATA").string(), "Metadata-Version: 2.1\nName: x\nVersion: " + version + "\n");
}

void dll(const fs::path& path, const std::string& version, std::vector<std::string> imports = {})
{
    PeOptions o;
    o.fileVersion = version;
    o.imports = std::move(imports);
    writeBytes(path.string(), buildPe(o));
}

const FrameworkVerdict* verdictFor(const DetectResult& r, const std::string& package)
{
    const auto it = std::find_if(r.frameworks.begin(), r.frameworks.end(),
                                 [&](const FrameworkVerdict& v) { return v.package == package; });
    return it == r.frameworks.end() ? nullptr : &*it;
}
}  // namespace

using Scenario = std::function<void(Machine&)>;
Q_DECLARE_METATYPE(Scenario)

class TestFrameworks : public QObject {
    Q_OBJECT
private slots:
    void verdict_data()
    {
        QTest::addColumn<bool>("windows");
        QTest::addColumn<Scenario>("setup");
        QTest::addColumn<QString>("package");
        QTest::addColumn<QString>("code");
        QTest::addColumn<QString>("mentions");

        QTest::newRow("onnxruntime-gpu 1.19.2 finds cuDNN 8.2 (the issue's example)") << true << Scenario([](Machine& m) {
            distInfo(m.conda("ort"), "onnxruntime_gpu-1.19.2.dist-info", "1.19.2");
            m.systemPath = {m.winToolkit("11.3.1", "8.2.0.53") + "/bin"};
        }) << "onnxruntime-gpu" << "framework-cudnn-major"
           << "needs cuDNN 9.x for CUDA 12.x; the cudnn64_8.dll it would find";
        QTest::newRow("... and the fix names the onnxruntime-gpu that fits cuDNN 8") << true << Scenario([](Machine& m) {
            distInfo(m.conda("ort"), "onnxruntime_gpu-1.19.2.dist-info", "1.19.2");
            m.systemPath = {m.winToolkit("11.3.1", "8.2.0.53") + "/bin"};
        }) << "onnxruntime-gpu" << "framework-cudnn-major" << "pip install \"onnxruntime-gpu==1.18.*\" (built for CUDA 11.8 / cuDNN 8.x)";
        QTest::newRow("onnxruntime-gpu 1.19.2 with CUDA 12.6 + cuDNN 9.6 on PATH") << true << Scenario([](Machine& m) {
            distInfo(m.conda("ort"), "onnxruntime_gpu-1.19.2.dist-info");
            m.systemPath = {m.winToolkit("12.6.3", "9.6.0.74") + "/bin"};
        }) << "onnxruntime-gpu" << "framework-ok" << "cudnn64_9.dll (cuDNN 9.6.0.74, PATH (system))";
        QTest::newRow("onnxruntime-gpu 1.18.1 whose provider imports cuDNN 8 / CUDA 11 (PyPI build)") << true << Scenario([](Machine& m) {
            const fs::path site = m.pythonOrg("3.10");
            distInfo(site, "onnxruntime_gpu-1.18.1.dist-info");
            dll(site / "onnxruntime" / "capi" / "onnxruntime_providers_cuda.dll", "1.18.1.0",
                {"cudnn64_8.dll", "cublasLt64_11.dll", "cudart64_110.dll", "KERNEL32.dll"});
            m.systemPath = {m.winToolkit("12.6.3", "9.6.0.74") + "/bin"};
        }) << "onnxruntime-gpu" << "framework-cudnn-major" << "needs cuDNN 8.x for CUDA 11.8";
        QTest::newRow("onnxruntime-gpu: no cuDNN anywhere") << true << Scenario([](Machine& m) {
            distInfo(m.pythonOrg("3.12"), "onnxruntime_gpu-1.20.1.dist-info");
        }) << "onnxruntime-gpu" << "framework-cudnn-missing" << "finds no cudnn64_9.dll (searched: its own folder";
        // A fix is complete: without a CUDA runtime of the framework's major anywhere it looks, the fix
        // starts with that toolkit; any one source of cudart of that major (a toolkit, a folder on PATH,
        // the nvidia-cuda-runtime wheel) makes that step go away.
        QTest::newRow("no cuDNN and no CUDA 12 runtime: the fix starts with the CUDA 12 toolkit") << true << Scenario([](Machine& m) {
            distInfo(m.pythonOrg("3.12"), "onnxruntime_gpu-1.20.1.dist-info");
        }) << "onnxruntime-gpu" << "framework-cudnn-missing"
           << "Fix: This machine has no CUDA 12 runtime either (no CUDA 12.x toolkit, no cudart64_12.dll in a folder this "
              "environment searches): install the CUDA 12.x toolkit first";
        QTest::newRow("CUDA 11 toolkit only: cuDNN 8 major, and the CUDA 12 toolkit first") << true << Scenario([](Machine& m) {
            distInfo(m.conda("ort"), "onnxruntime_gpu-1.19.2.dist-info", "1.19.2");
            m.systemPath = {m.winToolkit("11.3.1", "8.2.0.53") + "/bin"};
        }) << "onnxruntime-gpu" << "framework-cudnn-major" << "install the CUDA 12.x toolkit first";
        QTest::newRow("a CUDA 12 toolkit: no toolkit step") << true << Scenario([](Machine& m) {
            distInfo(m.pythonOrg("3.12"), "onnxruntime_gpu-1.20.1.dist-info");
            m.winToolkit("12.6.3", "");
        }) << "onnxruntime-gpu" << "framework-cudnn-missing" << "!no CUDA 12 runtime either";
        QTest::newRow("cudart64_12.dll in a folder on PATH: no toolkit step") << true << Scenario([](Machine& m) {
            distInfo(m.pythonOrg("3.12"), "onnxruntime_gpu-1.20.1.dist-info");
            dll(m.root / "cudart" / "cudart64_12.dll", "6.14.11.12060");
            m.systemPath = {(m.root / "cudart").string()};
        }) << "onnxruntime-gpu" << "framework-cudnn-missing" << "!no CUDA 12 runtime either";
        QTest::newRow("the nvidia-cuda-runtime-cu12 wheel: no toolkit step") << true << Scenario([](Machine& m) {
            const fs::path site = m.pythonOrg("3.12");
            distInfo(site, "onnxruntime_gpu-1.20.1.dist-info");
            dll(site / "nvidia" / "cuda_runtime" / "bin" / "cudart64_12.dll", "6.14.11.12060");
        }) << "onnxruntime-gpu" << "framework-cudnn-missing" << "!no CUDA 12 runtime either";
        // ONNX Runtime 1.21+'s own rule: preload_dlls() loads the nvidia-cudnn wheel's copy (or a CUDA 12
        // torch's) before the loader's order; said beside the verdict, read from onnxruntime/__init__.py.
        QTest::newRow("onnxruntime-gpu 1.22 with preload_dlls: the wheel's cuDNN instead of PATH's") << true << Scenario([](Machine& m) {
            const fs::path site = m.pythonOrg("3.12");
            distInfo(site, "onnxruntime_gpu-1.22.0.dist-info", "1.22.0");
            writeText((site / "onnxruntime" / "__init__.py").string(),
                      "def preload_dlls(cuda: bool = True, cudnn: bool = True, msvc: bool = True, directory=None):\n    pass\n");
            distInfo(site, "nvidia_cudnn_cu12-9.10.2.21.dist-info", "9.10.2.21");
            dll(site / "nvidia" / "cudnn" / "bin" / "cudnn64_9.dll", "9.10.2.21");
            m.systemPath = {m.winToolkit("12.6.3", "9.6.0.74") + "/bin"};
        }) << "onnxruntime-gpu" << "framework-ok" << "calls onnxruntime.preload_dlls() before its first session loads";
        QTest::newRow("onnxruntime-gpu 1.20 has no preload_dlls: nothing added") << true << Scenario([](Machine& m) {
            const fs::path site = m.pythonOrg("3.12");
            distInfo(site, "onnxruntime_gpu-1.20.1.dist-info", "1.20.1");
            writeText((site / "onnxruntime" / "__init__.py").string(), "__version__ = '1.20.1'\n");
            distInfo(site, "nvidia_cudnn_cu12-9.10.2.21.dist-info", "9.10.2.21");
            dll(site / "nvidia" / "cudnn" / "bin" / "cudnn64_9.dll", "9.10.2.21");
            m.systemPath = {m.winToolkit("12.6.3", "9.6.0.74") + "/bin"};
        }) << "onnxruntime-gpu" << "framework-ok" << "!preload_dlls";
        QTest::newRow("tensorflow 2.10 on Windows: no cuDNN 8") << true << Scenario([](Machine& m) {
            distInfo(m.conda("tf"), "tensorflow-2.10.1.dist-info");
        }) << "tensorflow" << "framework-cudnn-missing" << "needs cuDNN 8.1 for CUDA 11.2";
        QTest::newRow("tensorflow 2.10 with cuDNN 8.0 on PATH: older than its build") << true << Scenario([](Machine& m) {
            distInfo(m.conda("tf"), "tensorflow_gpu-2.10.0.dist-info");
            m.systemPath = {m.winToolkit("11.2.2", "8.0.5.39") + "/bin"};
        }) << "tensorflow-gpu" << "framework-cudnn-older" << "the older cuDNN 8.0.5.39";
        QTest::newRow("tensorflow 2.10 with CUDA 11.3 + cuDNN 8.2") << true << Scenario([](Machine& m) {
            distInfo(m.conda("tf"), "tensorflow-2.10.1.dist-info");
            m.systemPath = {m.winToolkit("11.3.1", "8.2.0.53") + "/bin"};
        }) << "tensorflow" << "framework-ok" << "needs cuDNN 8.1 for CUDA 11.2";
        QTest::newRow("tensorflow build_info.py wins over the table") << true << Scenario([](Machine& m) {
            const fs::path site = m.conda("tf");
            distInfo(site, "tensorflow-2.10.1.dist-info");
            writeText((site / "tensorflow" / "python" / "platform" / "build_info.py").string(),
                      "build_info = {'cuda_version': '64_113', 'cudnn_version': '64_8', 'is_cuda_build': True}\n");
            m.systemPath = {m.winToolkit("11.3.1", "8.2.0.53") + "/bin"};
        }) << "tensorflow" << "framework-ok" << "for CUDA 11.3";
        QTest::newRow("tensorflow 2.15 on native Windows: no GPU build") << true << Scenario([](Machine& m) {
            distInfo(m.pythonOrg("3.11"), "tensorflow-2.15.0.dist-info");
            m.systemPath = {m.winToolkit("12.6.3", "9.6.0.74") + "/bin"};
        }) << "tensorflow" << "framework-no-gpu-build" << "pip install \"tensorflow==2.10.*\"";
        QTest::newRow("torch carries its own cuDNN in torch\\lib") << true << Scenario([](Machine& m) {
            const fs::path site = m.conda("pt");
            distInfo(site, "torch-2.5.1+cu124.dist-info");
            writeText((site / "torch" / "version.py").string(),
                      "__version__ = '2.5.1+cu124'\ndebug = False\ncuda: Optional[str] = '12.4'\nhip: Optional[str] = None\n");
            dll(site / "torch" / "lib" / "cudnn64_9.dll", "9.1.0.70");
            m.systemPath = {m.winToolkit("11.3.1", "8.2.0.53") + "/bin"};
        }) << "torch" << "framework-bundled" << "loads its own cuDNN 9.1.0.70 from";
        QTest::newRow("torch CPU build") << true << Scenario([](Machine& m) {
            const fs::path site = m.conda("pt");
            distInfo(site, "torch-2.5.1+cpu.dist-info");
            writeText((site / "torch" / "version.py").string(), "__version__ = '2.5.1+cpu'\ncuda: Optional[str] = None\n");
        }) << "torch" << "framework-no-gpu-build" << "CPU-only build";
        QTest::newRow("torch on Linux: the nvidia-cudnn-cu12 wheel") << false << Scenario([](Machine& m) {
            const fs::path site = m.conda("pt", "3.12.4");
            distInfo(site, "torch-2.5.1.dist-info");
            distInfo(site, "nvidia_cudnn_cu12-9.1.0.70.dist-info");
            writeText((site / "torch" / "version.py").string(), "cuda: Optional[str] = '12.4'\n");
            writeBytes((site / "nvidia" / "cudnn" / "lib" / "libcudnn.so.9").string(), buildElfSharedObject("libcudnn.so.9"));
        }) << "torch" << "framework-bundled" << "cuDNN 9.1.0.70 from";
        QTest::newRow("paddlepaddle-gpu 2.6.1.post120 finds only cuDNN 9") << true << Scenario([](Machine& m) {
            distInfo(m.conda("pd"), "paddlepaddle_gpu-2.6.1.post120.dist-info");
            m.systemPath = {m.winToolkit("12.6.3", "9.6.0.74") + "/bin"};
        }) << "paddlepaddle-gpu" << "framework-cudnn-major" << "needs cuDNN 8.9.1 for CUDA 12.0";
        QTest::newRow("paddlepaddle-gpu 3.0 names its build in paddle/version") << true << Scenario([](Machine& m) {
            const fs::path site = m.conda("pd");
            distInfo(site, "paddlepaddle_gpu-3.0.0.dist-info");
            writeText((site / "paddle" / "version" / "__init__.py").string(),
                      "full_version    = '3.0.0'\ncuda_version    = '12.6'\ncudnn_version   = '9.5.1'\n");
            m.systemPath = {m.winToolkit("12.6.3", "9.6.0.74") + "/bin"};
        }) << "paddlepaddle-gpu" << "framework-ok" << "needs cuDNN 9.5.1 for CUDA 12.6";
        QTest::newRow("jax on native Windows") << true << Scenario([](Machine& m) {
            distInfo(m.pythonOrg("3.12"), "jax-0.4.30.dist-info");
        }) << "jax" << "framework-no-gpu-build" << "WSL2";
        QTest::newRow("jax[cuda12] on Linux with its cuDNN wheel") << false << Scenario([](Machine& m) {
            const fs::path site = m.conda("jx", "3.12.4");
            distInfo(site, "jax-0.4.30.dist-info");
            distInfo(site, "jax_cuda12_plugin-0.4.30.dist-info");
            distInfo(site, "nvidia_cudnn_cu12-9.1.1.17.dist-info");
            writeBytes((site / "nvidia" / "cudnn" / "lib" / "libcudnn.so.9").string(), buildElfSharedObject("libcudnn.so.9"));
        }) << "jax" << "framework-ok" << "(cuDNN 9.1.1.17, nvidia-cudnn-cu12 9.1.1.17 wheel)";
        QTest::newRow("jax[cuda12] with a cu13 cuDNN wheel: CUDA major") << false << Scenario([](Machine& m) {
            const fs::path site = m.conda("jx", "3.12.4");
            distInfo(site, "jax-0.7.2.dist-info");
            distInfo(site, "jax_cuda12_plugin-0.7.2.dist-info");
            distInfo(site, "nvidia_cudnn_cu13-9.13.0.50.dist-info");
            writeBytes((site / "nvidia" / "cudnn" / "lib" / "libcudnn.so.9").string(), buildElfSharedObject("libcudnn.so.9"));
        }) << "jax" << "framework-cuda-major" << "built for CUDA 13.x";
        QTest::newRow("onnxruntime-gpu 1.20 finds cuDNN 9 built for CUDA 13 (library strings)") << false << Scenario([](Machine& m) {
            distInfo(m.conda("ort", "3.11.7"), "onnxruntime_gpu-1.20.1.dist-info");
            const fs::path lib = m.root / "cuda13" / "lib";
            auto elf = buildElfSharedObject("libcudnn_engines_precompiled.so.9");
            const std::string names = std::string("\0libcublasLt.so.13\0libnvrtc.so.13\0", 33);
            elf.insert(elf.end(), names.begin(), names.end());
            writeBytes((lib / "libcudnn_engines_precompiled.so.9").string(), elf);
            writeBytes((lib / "libcudnn.so.9").string(), buildElfSharedObject("libcudnn.so.9"));
            m.env.set("LD_LIBRARY_PATH", lib.string());
        }) << "onnxruntime-gpu" << "framework-cuda-major" << "needs CUDA 12.x";
    }

    void verdict()
    {
        QFETCH(bool, windows);
        QFETCH(Scenario, setup);
        QFETCH(QString, package);
        QFETCH(QString, code);
        QFETCH(QString, mentions);
        QTemporaryDir tmp;
        QVERIFY(tmp.isValid());
        Machine m(fs::path(tmp.path().toStdString()), windows);
        setup(m);
        const DetectResult r = m.run();
        const FrameworkVerdict* v = verdictFor(r, package.toStdString());
        std::string all;
        for (const auto& f : r.frameworks)
            all += f.package + ": " + f.code + " — " + f.message + "\n";
        QVERIFY2(v, ("no verdict for " + package.toStdString() + "; got:\n" + all).c_str());
        QVERIFY2(v->code == code.toStdString(), all.c_str());
        if (mentions.startsWith('!'))  // "!text": the message must not say it
            QVERIFY2(v->message.find(mentions.mid(1).toStdString()) == std::string::npos, v->message.c_str());
        else
            QVERIFY2(v->message.find(mentions.toStdString()) != std::string::npos, v->message.c_str());
        if (qEnvironmentVariableIsSet("CUDNN_SETUP_PRINT_VERDICTS"))
            qInfo("%s", v->message.c_str());
        QVERIFY2(v->message.find(" Fix: ") != std::string::npos, v->message.c_str());
        // A problem verdict is a finding too (exit 1, the wizard's list); ok/info verdicts are not.
        const bool listed = std::any_of(r.problems.begin(), r.problems.end(), [&](const Problem& p) { return p.code == v->code; }) ||
                            std::any_of(r.warnings.begin(), r.warnings.end(), [&](const Problem& p) { return p.code == v->code; });
        QCOMPARE(listed, v->severity == "problem" || v->severity == "warning");
        // And the report says it, in both forms.
        const auto json = toJson(r);
        const auto it = std::find_if(json["frameworks"].begin(), json["frameworks"].end(),
                                     [&](const nlohmann::json& j) { return j["package"] == package.toStdString(); });
        QVERIFY(it != json["frameworks"].end());
        QCOMPARE((*it)["verdict"].get<std::string>(), code.toStdString());
        if (v->preloads)
            QCOMPARE((*it)["preload_dlls"]["path"].get<std::string>(), *v->preloads);
        else
            QVERIFY((*it)["preload_dlls"].is_null());
        QVERIFY(toMarkdown(r).find("**" + code.toStdString() + "**") != std::string::npos);
    }

    // Linux: the framework library's own DT_RUNPATH / DT_RPATH, read from a real ELF built now
    // with gcc: glibc looks in DT_RPATH (when there is no DT_RUNPATH), then LD_LIBRARY_PATH, then
    // DT_RUNPATH, then the ld.so cache and the default folders ($ORIGIN is the library's folder).
    void runpathDecides_data()
    {
        QTest::addColumn<QString>("dtags");     // "new": DT_RUNPATH, "old": DT_RPATH
        QTest::addColumn<bool>("staleInLdLibraryPath");
        QTest::addColumn<QString>("loads");     // "wheel" or "stale"
        QTest::addColumn<QString>("via");
        QTest::newRow("RUNPATH $ORIGIN finds the nvidia wheel") << "new" << false << "wheel"
                                                                << "RUNPATH of libonnxruntime_providers_cuda.so";
        QTest::newRow("LD_LIBRARY_PATH comes before RUNPATH: the stale copy") << "new" << true << "stale"
                                                                               << "LD_LIBRARY_PATH";
        QTest::newRow("RPATH (no RUNPATH) comes before LD_LIBRARY_PATH") << "old" << true << "wheel"
                                                                         << "RPATH of libonnxruntime_providers_cuda.so";
    }
    void runpathDecides()
    {
        QFETCH(QString, dtags);
        QFETCH(bool, staleInLdLibraryPath);
        QFETCH(QString, loads);
        QFETCH(QString, via);
        if (!fs::exists("/usr/bin/gcc"))
            QSKIP("no gcc here to build the framework library with a RUNPATH");
        QTemporaryDir tmp;
        Machine m(fs::path(tmp.path().toStdString()), false);
        const fs::path site = m.conda("ort", "3.11.7");
        distInfo(site, "onnxruntime_gpu-1.20.1.dist-info");
        const fs::path wheel = site / "nvidia" / "cudnn" / "lib", stale = m.root / "old-cudnn";
        writeBytes((wheel / "libcudnn.so.9.1.0").string(), buildElfSharedObject("libcudnn.so.9"));
        fs::create_symlink("libcudnn.so.9.1.0", wheel / "libcudnn.so.9");
        writeBytes((stale / "libcudnn.so.9.0.0").string(), buildElfSharedObject("libcudnn.so.9"));
        fs::create_symlink("libcudnn.so.9.0.0", stale / "libcudnn.so.9");
        if (staleInLdLibraryPath)
            m.env.set("LD_LIBRARY_PATH", stale.string());
        // The provider library links libcudnn.so.9 (DT_NEEDED) and names the wheel relative to itself.
        const fs::path capi = site / "onnxruntime" / "capi", src = m.root / "provider.c";
        fs::create_directories(capi);
        writeText(src.string(), "int provider(void) { return 0; }\n");
        QProcess gcc;
        gcc.start("/usr/bin/gcc", {"-shared", "-fPIC", "-o", QString::fromStdString((capi / "libonnxruntime_providers_cuda.so").string()),
                                  QString::fromStdString(src.string()), "-Wl,--no-as-needed",
                                  "-L" + QString::fromStdString(wheel.string()), "-l:libcudnn.so.9",
                                  "-Wl,-rpath,$ORIGIN/../../nvidia/cudnn/lib",
                                  dtags == "new" ? "-Wl,--enable-new-dtags" : "-Wl,--disable-new-dtags"});
        QVERIFY(gcc.waitForFinished(120000));
        QVERIFY2(gcc.exitCode() == 0, gcc.readAllStandardError().constData());
        const ElfFacts elf = readElfFile((capi / "libonnxruntime_providers_cuda.so").string());
        QCOMPARE(elf.hasRunpath, dtags == "new");
        QCOMPARE(dtags == "new" ? elf.runpath : elf.rpath, std::vector<std::string>{"$ORIGIN/../../nvidia/cudnn/lib"});
        QVERIFY(std::find(elf.needed.begin(), elf.needed.end(), "libcudnn.so.9") != elf.needed.end());

        const DetectResult r = m.run();
        const FrameworkVerdict* v = verdictFor(r, "onnxruntime-gpu");
        QVERIFY(v);
        QVERIFY2(v->loads, v->message.c_str());
        const fs::path want = (loads == "wheel" ? wheel : stale) / "libcudnn.so.9";
        QCOMPARE(fs::path(*v->loads).lexically_normal().string(), want.lexically_normal().string());
        QCOMPARE(QString::fromStdString(v->loadsVia), via);
        QCOMPARE(v->loaderObject.value_or(""), (capi / "libonnxruntime_providers_cuda.so").string());
        QVERIFY2(v->message.find(via.toStdString()) != std::string::npos, v->message.c_str());
    }

    void noFrameworksNoVerdicts()
    {
        QTemporaryDir tmp;
        Machine m(fs::path(tmp.path().toStdString()), true);
        distInfo(m.conda("plain"), "numpy-2.1.0.dist-info");
        const DetectResult r = m.run();
        QCOMPARE(r.pythonEnvironments.size(), std::size_t(1));
        QVERIFY(r.frameworks.empty());
        QVERIFY(toMarkdown(r).find("No GPU framework") != std::string::npos);
    }
};

QTEST_GUILESS_MAIN(TestFrameworks)
#include "tst_frameworks.moc"
