// Every diagnosis code, provoked with real toolkit trees (PE DLLs with VERSIONINFO, ELF
// libraries with sonames) and a fake registry/environment standing in for the machine.
#include "detect/detector.h"
#include "fixtures/fakeenvironment.h"
#include "fixtures/fakeregistry.h"
#include "fixtures/pebuilder.h"
#include "fixtures/rpmdb.h"
#include "fixtures/toolkitbuilder.h"

#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <functional>

using namespace cudnnsetup;
using namespace cudnnsetup::fixtures;
namespace fs = std::filesystem;

namespace {

std::vector<std::uint8_t> readAll(const std::string& path)
{
    std::ifstream in(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

}  // namespace

namespace {
const char* kSysEnv = R"(SYSTEM\CurrentControlSet\Control\Session Manager\Environment)";
const char* kCudaKey = R"(SOFTWARE\NVIDIA Corporation\GPU Computing Toolkit\CUDA)";

struct Machine {
    fs::path root;
    bool windows = true;
    FakeEnvironment env{true};
    FakeRegistry reg;
    DetectOptions opts;
    std::vector<std::string> systemPath, userPath;

    explicit Machine(const fs::path& r, bool win) : root(r), windows(win), env(win)
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
        env.setKnownFolder(KnownFolder::SysWow64, (root / "Windows" / "SysWOW64").string());
        env.setKnownFolder(KnownFolder::Home, (root / "home").string());
        fs::create_directories(root / "Windows" / "System32");
    }
    // A Windows toolkit registered like the NVIDIA installer does it.
    std::string winToolkit(const std::string& cuda, ToolkitSpec spec)
    {
        spec.cuda = cuda;
        const std::string mm = cuda.substr(0, cuda.rfind('.'));
        const std::string dir = (root / "CUDA" / ("v" + mm)).string();
        buildToolkit(dir, spec);
        reg.setString(RegistryHive::LocalMachine, std::string(kCudaKey) + "\\v" + mm, "InstallDir", dir);
        return dir;
    }
    void finishPath()
    {
        std::string s, u;
        for (const auto& p : systemPath)
            s += p + ";";
        for (const auto& p : userPath)
            u += p + ";";
        reg.setString(RegistryHive::LocalMachine, kSysEnv, "Path", s, true);
        reg.setString(RegistryHive::CurrentUser, "Environment", "Path", u, true);
    }
    DetectResult run()
    {
        if (windows)
            finishPath();
        return detect(opts, env, reg);
    }
};

bool has(const Problems& ps, const std::string& code, std::string* message = nullptr)
{
    const auto it = std::find_if(ps.begin(), ps.end(), [&](const Problem& p) { return p.code == code; });
    if (it != ps.end() && message)
        *message = it->message;
    return it != ps.end();
}

std::string codes(const DetectResult& r)
{
    std::string s;
    for (const auto& p : r.problems)
        s += p.code + " ";
    for (const auto& p : r.warnings)
        s += "(" + p.code + ") ";
    return s;
}
}  // namespace

using Scenario = std::function<void(Machine&)>;
Q_DECLARE_METATYPE(Scenario)

class TestDiagnosis : public QObject {
    Q_OBJECT
private slots:
    void finding_data()
    {
        QTest::addColumn<bool>("windows");
        QTest::addColumn<Scenario>("setup");
        QTest::addColumn<QString>("code");      // expected finding ("" = healthy)
        QTest::addColumn<QString>("mentions");  // text the message must contain

        auto spec = [](const char* cudnn) { ToolkitSpec s; s.cudnn = cudnn; return s; };

        QTest::newRow("healthy windows 12.6 + 9.6") << true << Scenario([=](Machine& m) {
            const auto d = m.winToolkit("12.6.3", spec("9.6.0.74"));
            m.systemPath = {d + "/bin"};
        }) << "" << "";
        QTest::newRow("healthy linux 13.0 + 9.19") << false << Scenario([=](Machine& m) {
            ToolkitSpec s = spec("9.19.0");
            s.cuda = "13.0.88";
            s.windowsLayout = false;
            s.cudnnDistInfoCuda = 13;
            const auto d = buildToolkit((m.root / "cuda-13.0").string(), s);
            m.opts.find.roots = {d};
            m.env.set("LD_LIBRARY_PATH", d + "/lib64");
        }) << "" << "";
        QTest::newRow("missing sub-DLL next to cudnn64_8.dll") << true << Scenario([=](Machine& m) {
            ToolkitSpec s = spec("8.2.0.53");
            s.omit = {"cudnn_cnn_infer64_8.dll"};
            m.systemPath = {m.winToolkit("11.3.1", s) + "/bin"};
        }) << "missing-file" << "cudnn_cnn_infer64_8.dll. Error code 126";
        QTest::newRow("9.22 lacks its tenth DLL") << true << Scenario([=](Machine& m) {
            ToolkitSpec s = spec("9.22.0.52");
            s.omit = {"cudnn_ext64_9.dll"};
            m.systemPath = {m.winToolkit("12.9.0", s) + "/bin"};
        }) << "missing-file" << "cudnn_ext64_9.dll";
        QTest::newRow("healthy 9.21 without the late DLLs (unconfirmed either way)") << true << Scenario([=](Machine& m) {
            m.systemPath = {m.winToolkit("12.9.0", spec("9.21.0.82")) + "/bin"};
        }) << "" << "";
        QTest::newRow("NVIDIA's driver-style FileVersion is no version") << true << Scenario([=](Machine& m) {
            ToolkitSpec s = spec("8.9.7.29");
            for (const char* dll : {"cudnn64_8.dll", "cudnn_ops_infer64_8.dll", "cudnn_cnn_infer64_8.dll"})
                s.dllVersions[dll] = "6.14.11.8090";
            s.toolkitDlls = {"zlibwapi.dll"};
            m.systemPath = {m.winToolkit("12.2.0", s) + "/bin"};
        }) << "" << "";  // healthy: no version-mismatch
        // Version evidence under verify's rule (releases/versionevidence.h): a version names no more than it
        // says, a cuDNN-shaped field of the family that disagrees is a mix, the odd header is named.
        QTest::newRow("padded FileVersion 8.4.0.0 names no patch level") << true << Scenario([=](Machine& m) {
            ToolkitSpec s = spec("8.4.1.50");
            for (const char* dll : {"cudnn64_8.dll", "cudnn_ops_infer64_8.dll", "cudnn_cnn_infer64_8.dll"})
                s.dllVersions[dll] = "8.4.0.0";
            s.everyDllDescription = "NVIDIA CUDA Deep Neural Network, Version 8.4";
            s.toolkitDlls = {"zlibwapi.dll"};
            m.systemPath = {m.winToolkit("11.6.2", s) + "/bin"};
        }) << "" << "";
        QTest::newRow("CUDA 8.0.61 as FileVersion is no cuDNN version") << true << Scenario([=](Machine& m) {
            ToolkitSpec s = spec("8.0.5.39");
            s.dllVersions["cudnn_ops_infer64_8.dll"] = "8.0.61.0";
            m.systemPath = {m.winToolkit("11.0.3", s) + "/bin"};
        }) << "" << "";
        QTest::newRow("descriptions of another patch level") << true << Scenario([=](Machine& m) {
            ToolkitSpec s = spec("8.9.7.29");
            s.everyDllDescription = "NVIDIA CUDA Deep Neural Network 8.9.6.50";
            s.toolkitDlls = {"zlibwapi.dll"};
            m.systemPath = {m.winToolkit("12.2.0", s) + "/bin"};
        }) << "version-mismatch" << "cudnn64_8.dll (file description) is 8.9.6.50";
        QTest::newRow("the header is the odd one out") << true << Scenario([=](Machine& m) {
            ToolkitSpec s = spec("8.9.7.29");
            s.headerVersion = "8.9.6";
            s.toolkitDlls = {"zlibwapi.dll"};
            m.systemPath = {m.winToolkit("12.2.0", s) + "/bin"};
        }) << "version-mismatch" << "cudnn_version.h says 8.9.6 but cudnn64_8.dll and 6 other sources say 8.9.7.29";
        QTest::newRow("a header of another major") << true << Scenario([=](Machine& m) {
            ToolkitSpec s = spec("8.9.7.29");
            s.headerVersion = "9.1.0";
            s.toolkitDlls = {"zlibwapi.dll"};
            m.systemPath = {m.winToolkit("12.2.0", s) + "/bin"};
        }) << "version-mismatch" << "cudnn_version.h says 9.1.0 but";
        QTest::newRow("missing header") << true << Scenario([=](Machine& m) {
            ToolkitSpec s = spec("8.9.7.29");
            s.omit = {"cudnn_backend.h"};
            m.winToolkit("12.2.0", s);
        }) << "missing-file" << "cudnn_backend.h";
        QTest::newRow("zero-byte DLL") << true << Scenario([=](Machine& m) {
            ToolkitSpec s = spec("9.6.0.74");
            s.zeroSize = {"cudnn_ops64_9.dll"};
            m.winToolkit("12.6.3", s);
        }) << "zero-size" << "cudnn_ops64_9.dll is 0 bytes";
        QTest::newRow("zero-byte shared library") << false << Scenario([=](Machine& m) {
            ToolkitSpec s = spec("9.6.0");
            s.windowsLayout = false;
            s.zeroSize = {"libcudnn_cnn"};
            m.opts.find.roots = {buildToolkit((m.root / "cuda-12.6").string(), s)};
        }) << "zero-size" << "libcudnn_cnn.so.9.6.0 is 0 bytes";
        QTest::newRow("mixed DLL versions in one folder") << true << Scenario([=](Machine& m) {
            ToolkitSpec s = spec("8.9.7.29");
            s.dllVersions = {{"cudnn_ops_infer64_8.dll", "8.2.0.53"}};
            m.winToolkit("11.8.0", s);
        }) << "version-mismatch" << "cudnn_ops_infer64_8.dll is 8.2.0.53";
        QTest::newRow("mixed soname versions") << false << Scenario([=](Machine& m) {
            ToolkitSpec s = spec("9.6.0");
            s.windowsLayout = false;
            s.dllVersions = {{"libcudnn_ops", "8.9.7"}};
            m.opts.find.roots = {buildToolkit((m.root / "cuda-12.6").string(), s)};
        }) << "version-mismatch" << "libcudnn_ops.so.8.9.7 is 8.9.7";
        QTest::newRow("32-bit DLL") << true << Scenario([=](Machine& m) {
            ToolkitSpec s = spec("9.6.0.74");
            s.i386Dlls = true;
            m.winToolkit("12.6.3", s);
        }) << "wrong-architecture" << "x86";
        // Damaged files are told apart from whole libraries of another architecture: their fix is
        // a repair, not another download.
        QTest::newRow("zero-filled DLL (a copy that never finished)") << true << Scenario([=](Machine& m) {
            const auto d = m.winToolkit("12.6.3", spec("9.6.0.74"));
            const std::string dll = d + "/bin/cudnn_ops64_9.dll";
            writeBytes(dll, std::vector<std::uint8_t>(static_cast<std::size_t>(std::filesystem::file_size(dll)), 0));
        }) << "damaged-file" << "cudnn_ops64_9.dll is damaged: its first";
        QTest::newRow("DLL cut short") << true << Scenario([=](Machine& m) {
            const auto d = m.winToolkit("12.6.3", spec("9.6.0.74"));
            const std::string dll = d + "/bin/cudnn_ops64_9.dll";
            std::vector<std::uint8_t> bytes = readAll(dll);
            bytes.resize(bytes.size() - 64);
            writeBytes(dll, bytes);
        }) << "damaged-file" << "it is cut short";
        QTest::newRow("an HTML page saved under a DLL's name") << true << Scenario([=](Machine& m) {
            const auto d = m.winToolkit("12.6.3", spec("9.6.0.74"));
            const std::string page = "<!DOCTYPE html><html><body>Access denied</body></html>";
            writeBytes(d + "/bin/cudnn_ops64_9.dll", std::vector<std::uint8_t>(page.begin(), page.end()));
        }) << "damaged-file" << "it is not a DLL at all (it starts with \"<!DOCTYPE html><html><bo\")";
        QTest::newRow("zero-filled shared library") << false << Scenario([=](Machine& m) {
            ToolkitSpec s = spec("9.6.0");
            s.windowsLayout = false;
            const std::string root = buildToolkit((m.root / "cuda-12.6").string(), s);
            m.opts.find.roots = {root};
            const std::string so = root + "/lib64/libcudnn_cnn.so.9.6.0";
            writeBytes(so, std::vector<std::uint8_t>(4096, 0));
        }) << "damaged-file" << "libcudnn_cnn.so.9.6.0 is damaged";
        QTest::newRow("copy in System32 wins") << true << Scenario([=](Machine& m) {
            const auto d = m.winToolkit("11.3.1", spec("8.2.0.53"));
            m.systemPath = {d + "/bin"};
            PeOptions o;
            o.fileVersion = "8.1.1.33";
            writeBytes((m.root / "Windows" / "System32" / "cudnn64_8.dll").string(), buildPe(o));
        }) << "system32-copy" << "8.1.1.33";
        QTest::newRow("another copy wins (shadowed, names both)") << true << Scenario([=](Machine& m) {
            const auto d = m.winToolkit("11.3.1", spec("8.2.0.53"));
            PeOptions o;
            o.fileVersion = "8.0.5.39";
            writeBytes((m.root / "tools" / "cudnn64_8.dll").string(), buildPe(o));
            m.systemPath = {(m.root / "tools").string(), d + "/bin"};
        }) << "shadowed" << "tools/cudnn64_8.dll (8.0.5.39) instead of";
        // Linux: a program started now loads the first libcudnn.so.9 of LD_LIBRARY_PATH, the cache, the defaults.
        QTest::newRow("linux: stale copy earlier in LD_LIBRARY_PATH") << false << Scenario([=](Machine& m) {
            ToolkitSpec s = spec("9.19.0");
            s.cuda = "13.0.88";
            s.windowsLayout = false;
            const auto d = buildToolkit((m.root / "cuda-13.0").string(), s);
            const fs::path stale = m.root / "home" / "old-cudnn" / "lib";
            fs::create_directories(stale);
            writeBytes((stale / "libcudnn.so.9.1.0").string(), buildElfSharedObject("libcudnn.so.9"));
            fs::create_symlink("libcudnn.so.9.1.0", stale / "libcudnn.so.9");
            m.opts.find.roots = {d};
            m.env.set("LD_LIBRARY_PATH", stale.string() + ":" + d + "/lib64");
        }) << "shadowed" << "old-cudnn/lib/libcudnn.so.9 (9.1.0) instead of";
        QTest::newRow("linux: stale copy in /usr/lib/x86_64-linux-gnu") << false << Scenario([=](Machine& m) {
            ToolkitSpec s = spec("9.19.0");
            s.cuda = "13.0.88";
            s.windowsLayout = false;
            const auto d = buildToolkit((m.root / "cuda-13.0").string(), s);
            const fs::path sys = m.root / "sysroot" / "usr" / "lib" / "x86_64-linux-gnu";
            fs::create_directories(sys);
            writeBytes((sys / "libcudnn.so.9.0.0").string(), buildElfSharedObject("libcudnn.so.9"));
            fs::create_symlink("libcudnn.so.9.0.0", sys / "libcudnn.so.9");
            m.opts.find.roots = {d};
        }) << "shadowed" << "x86_64-linux-gnu/libcudnn.so.9 (9.0.0) instead of";
        QTest::newRow("conda copy first on PATH") << true << Scenario([=](Machine& m) {
            const auto d = m.winToolkit("12.6.3", spec("9.6.0.74"));
            const fs::path conda = m.root / "home" / "miniconda3" / "envs" / "ml" / "Library" / "bin";
            PeOptions o;
            o.fileVersion = "9.1.0.70";
            writeBytes((conda / "cudnn64_9.dll").string(), buildPe(o));
            m.userPath = {conda.string()};
            m.systemPath = {d + "/bin"};
            std::swap(m.systemPath, m.userPath);  // conda's folder comes first
        }) << "conda-pip-first" << "conda";
        QTest::newRow("wrong CUDA bin first on PATH") << true << Scenario([=](Machine& m) {
            const auto d11 = m.winToolkit("11.8.0", ToolkitSpec{});
            const auto d12 = m.winToolkit("12.6.3", spec("9.6.0.74"));
            m.systemPath = {d11 + "/bin", d12 + "/bin"};
            m.env.set("CUDA_PATH", d11);
        }) << "cuda-path-order" << "(CUDA 11.8)";
        QTest::newRow("CUDA_PATH names another toolkit") << true << Scenario([=](Machine& m) {
            const auto d11 = m.winToolkit("11.8.0", ToolkitSpec{});
            const auto d12 = m.winToolkit("12.6.3", spec("9.6.0.74"));
            m.systemPath = {d12 + "/bin"};
            m.env.set("CUDA_PATH", d11);
        }) << "cuda-path-var-mismatch" << "CUDA_PATH names";
        QTest::newRow("cuDNN for CUDA 11 in a CUDA 12 toolkit (table)") << true << Scenario([=](Machine& m) {
            m.systemPath = {m.winToolkit("12.6.3", spec("8.2.1.32")) + "/bin"};
        }) << "cuda-major-mismatch" << "built for CUDA 10.x or 11.x";
        QTest::newRow("cuDNN cu12 wheel in a CUDA 13 toolkit (dist-info)") << false << Scenario([=](Machine& m) {
            ToolkitSpec s = spec("9.19.0");
            s.cuda = "13.0.88";
            s.windowsLayout = false;
            s.cudnnDistInfoCuda = 12;
            m.opts.find.roots = {buildToolkit((m.root / "cuda-13.0").string(), s)};
        }) << "cuda-major-mismatch" << "built for CUDA 12.x";
        QTest::newRow("driver too old for 11.3 (Windows 465.89)") << true << Scenario([=](Machine& m) {
            m.winToolkit("11.3.1", spec("8.2.0.53"));
            m.opts.driver->version = "451.48";
        }) << "driver-too-old" << "465.89";
        QTest::newRow("driver below 12.6 minimum, above 12.x floor") << false << Scenario([=](Machine& m) {
            ToolkitSpec s;
            s.cuda = "12.6.0";
            s.windowsLayout = false;
            m.opts.find.roots = {buildToolkit((m.root / "cuda-12.6").string(), s)};
            m.opts.driver->version = "535.104.05";
        }) << "driver-minor-compat" << "560.28.03";
        QTest::newRow("no driver") << false << Scenario([=](Machine& m) {
            m.opts.driver = DriverInfo{};
            m.opts.driver->detail = "libcuda.so.1: not found";
        }) << "no-driver" << "libcuda.so.1";
        QTest::newRow("stub driver") << false << Scenario([=](Machine& m) {
            DriverInfo d;
            d.state = DriverInfo::State::Stub;
            d.library = "/usr/local/cuda/lib64/stubs/libcuda.so";
            m.opts.driver = d;
        }) << "stub-driver" << "CUDA_ERROR_STUB_LIBRARY";
        QTest::newRow("zlibwapi missing for 8.9.7") << true << Scenario([=](Machine& m) {
            m.systemPath = {m.winToolkit("12.2.0", spec("8.9.7.29")) + "/bin"};
        }) << "zlibwapi-missing" << "zlibwapi.dll";
        // What the real 8.x sub-libraries import (fact sheet: cuBLAS of the CUDA major they are built for).
        auto importing = [=](const char* cudnn, std::vector<std::string> imports) {
            ToolkitSpec s = spec(cudnn);
            s.dllImports["cudnn_ops_infer64_8.dll"] = imports;
            s.dllImports["cudnn_cnn_infer64_8.dll"] = imports;
            return s;
        };
        const std::vector<std::string> cublas11 = {"cublas64_11.dll", "cublasLt64_11.dll", "KERNEL32.dll"};
        QTest::newRow("healthy windows 11.3 + 8.2, every import found") << true << Scenario([=](Machine& m) {
            ToolkitSpec s = importing("8.2.0.53", cublas11);
            s.toolkitDlls = {"cublas64_11.dll", "cublasLt64_11.dll"};
            writeText((m.root / "Windows" / "System32" / "kernel32.dll").string(), "MZ");
            m.systemPath = {m.winToolkit("11.3.1", s) + "/bin"};
        }) << "" << "";
        QTest::newRow("cuBLASLt missing: the static error 126") << true << Scenario([=](Machine& m) {
            ToolkitSpec s = importing("8.2.0.53", cublas11);
            s.toolkitDlls = {"cublas64_11.dll"};
            writeText((m.root / "Windows" / "System32" / "kernel32.dll").string(), "MZ");
            m.systemPath = {m.winToolkit("11.3.1", s) + "/bin"};
        }) << "dependency-missing" << "cudnn_cnn_infer64_8.dll, cudnn_ops_infer64_8.dll in";
        QTest::newRow("import found on PATH only") << true << Scenario([=](Machine& m) {
            ToolkitSpec s = importing("8.2.0.53", {"cublasLt64_11.dll", "vcruntime140.dll"});
            s.toolkitDlls = {"cublasLt64_11.dll"};
            m.systemPath = {m.winToolkit("11.3.1", s) + "/bin"};
        }) << "dependency-missing" << "Microsoft Visual C++ Redistributable";
        QTest::newRow("Windows toolkit seen from Linux: only the CUDA family") << false << Scenario([=](Machine& m) {
            ToolkitSpec s = importing("8.2.0.53", cublas11);
            s.cuda = "11.3.1";
            s.toolkitDlls = {"cublas64_11.dll"};
            m.opts.find.roots = {buildToolkit((m.root / "v11.3").string(), s)};
        }) << "dependency-missing" << "import cublasLt64_11.dll";
        QTest::newRow("8.9.7 built for CUDA 11 (its imports) in CUDA 12.2") << true << Scenario([=](Machine& m) {
            ToolkitSpec s = importing("8.9.7.29", {"cublas64_11.dll", "cublasLt64_11.dll"});
            s.toolkitDlls = {"cublas64_11.dll", "cublasLt64_11.dll"};
            m.systemPath = {m.winToolkit("12.2.0", s) + "/bin"};
        }) << "cuda-major-mismatch" << "is built for CUDA 11.x, but";
        // A build's own CUDA major wins over the release's: 9.19 also exists for CUDA 13, but this build
        // names cuBLASLt 12.
        QTest::newRow("cuDNN 9 naming cublasLt64_12.dll in a CUDA 13 toolkit (imports)") << true << Scenario([=](Machine& m) {
            ToolkitSpec s = spec("9.19.0.56");
            s.dllImports["cudnn_engines_precompiled64_9.dll"] = {"cublasLt64_12.dll"};
            m.systemPath = {m.winToolkit("13.0.1", s) + "/bin/x64"};
        }) << "cuda-major-mismatch" << "is built for CUDA 12.x, but the toolkit is CUDA 13.0";
        QTest::newRow("CUDA 13: PATH names bin, not bin/x64") << true << Scenario([=](Machine& m) {
            m.systemPath = {m.winToolkit("13.0.1", spec("9.19.0.56")) + "/bin"};
        }) << "cuda13-bin-x64" << "bin/x64";
        QTest::newRow("CUDA 13: cuDNN DLLs in bin") << true << Scenario([=](Machine& m) {
            ToolkitSpec s = spec("9.19.0.56");
            s.cudnnBinDir = "bin";
            const auto d = m.winToolkit("13.0.1", s);
            m.systemPath = {d + "/bin/x64", d + "/bin"};
        }) << "cuda13-bin-x64" << "the cuDNN DLLs are in";
        QTest::newRow("python >= 3.8 ignores PATH") << true << Scenario([=](Machine& m) {
            m.systemPath = {m.winToolkit("12.6.3", spec("9.6.0.74")) + "/bin"};
            PythonInfo p;
            p.version = "3.11.7";
            m.opts.python = p;
        }) << "python-dll-search" << "os.add_dll_directory";
        QTest::newRow("toolkit cuDNN not on the search path") << true << Scenario([=](Machine& m) {
            m.winToolkit("12.6.3", spec("9.6.0.74"));
        }) << "not-on-search-path" << "not on the library search path";
        // Split loading: cudnn64_8.dll of the toolkit loads cudnn_cnn_infer64_8.dll by name, and an
        // older folder earlier on PATH holds one.
        QTest::newRow("older sub-library earlier on PATH: mixed load set") << true << Scenario([=](Machine& m) {
            const auto d = m.winToolkit("11.3.1", spec("8.2.0.53"));
            PeOptions o;
            o.fileVersion = "8.0.5.39";
            writeBytes((m.root / "old" / "cudnn_cnn_infer64_8.dll").string(), buildPe(o));
            m.systemPath = {(m.root / "old").string(), d + "/bin"};
        }) << "mixed-cudnn" << "but cudnn_cnn_infer64_8.dll from";
        QTest::newRow("cuDNN 9 naming cuBLASLt 12 in a CUDA 13 toolkit (library strings)") << false << Scenario([=](Machine& m) {
            ToolkitSpec s = spec("9.19.0");
            s.cuda = "13.0.88";
            s.windowsLayout = false;
            const auto d = buildToolkit((m.root / "cuda-13.0").string(), s);
            auto elf = buildElfSharedObject("libcudnn_engines_precompiled.so.9");
            const std::string names("\0libcublasLt.so.12\0libnvrtc.so.12\0", 33);
            elf.insert(elf.end(), names.begin(), names.end());
            writeBytes(d + "/lib64/libcudnn_engines_precompiled.so.9.19.0", elf);
            m.opts.find.roots = {d};
            m.env.set("LD_LIBRARY_PATH", d + "/lib64");
        }) << "cuda-major-mismatch" << "is built for CUDA 12.x, but the toolkit is CUDA 13.0";
        QTest::newRow("quoted PATH entry") << true << Scenario([=](Machine& m) {
            const auto d = m.winToolkit("12.6.3", spec("9.6.0.74"));
            m.systemPath = {"\"" + d + "/bin\""};
        }) << "path-quoted-entry" << "LoadLibrary does not strip them";
        QTest::newRow("system PATH over 2,047 characters") << true << Scenario([=](Machine& m) {
            const auto d = m.winToolkit("12.6.3", spec("9.6.0.74"));
            m.systemPath = {d + "/bin"};
            for (int i = 0; i < 40; ++i) {
                const std::string filler = (m.root / ("a-rather-long-tool-folder-name-number-" + std::to_string(i))).string();
                fs::create_directories(filler);
                m.systemPath.push_back(filler);
            }
        }) << "system-path-too-long" << "over 2,047";
        QTest::newRow("PATH names a folder that is gone") << true << Scenario([=](Machine& m) {
            const auto d = m.winToolkit("12.6.3", spec("9.6.0.74"));
            m.systemPath = {d + "/bin", (m.root / "CUDA" / "v10.2" / "bin").string()};
        }) << "path-missing-entry" << "v10.2";
        QTest::newRow("toolkit bin only on the user PATH") << true << Scenario([=](Machine& m) {
            m.userPath = {m.winToolkit("12.6.3", spec("9.6.0.74")) + "/bin"};
        }) << "toolkit-bin-user-path" << "only on your user PATH";
        QTest::newRow("CUDA_PATH names a folder that is gone") << true << Scenario([=](Machine& m) {
            const auto d = m.winToolkit("12.6.3", spec("9.6.0.74"));
            m.systemPath = {d + "/bin"};
            m.env.set("CUDA_PATH", d);
            m.env.set("CUDA_PATH_V11_8", (m.root / "CUDA" / "v11.8").string());
        }) << "cuda-path-missing" << "CUDA_PATH_V11_8 names";
    }

    void finding()
    {
        QFETCH(bool, windows);
        QFETCH(Scenario, setup);
        QFETCH(QString, code);
        QFETCH(QString, mentions);
        QTemporaryDir tmp;
        QVERIFY(tmp.isValid());
        Machine m(fs::path(tmp.path().toStdString()), windows);
        setup(m);
        const DetectResult r = m.run();
        const std::string all = codes(r);
        if (code.isEmpty()) {
            QVERIFY2(r.problems.empty() && r.warnings.empty(), all.c_str());
            QVERIFY(!r.toolkits.empty());
            QVERIFY(r.toolkits.front().cudnn.complete);
            return;
        }
        std::string message;
        QVERIFY2(has(r.problems, code.toStdString(), &message) || has(r.warnings, code.toStdString(), &message),
                 ("expected " + code.toStdString() + ", got: " + all).c_str());
        QVERIFY2(message.find(mentions.toStdString()) != std::string::npos, message.c_str());
        QVERIFY2(message.find(" Fix: ") != std::string::npos, message.c_str());
    }

    void windowsSourcesAreMerged()
    {
        QTemporaryDir tmp;
        Machine m(fs::path(tmp.path().toStdString()), true);
        const auto d = m.winToolkit("12.6.3", ToolkitSpec{});
        m.env.set("CUDA_PATH", d);
        m.env.set("CUDA_PATH_V12_6", d);
        const fs::path pf = m.root / "PF";
        ToolkitSpec old;
        old.cuda = "10.0.130";
        old.versionSource = "version.txt";
        buildToolkit((pf / "NVIDIA GPU Computing Toolkit" / "CUDA" / "v10.0").string(), old);
        m.env.setKnownFolder(KnownFolder::ProgramFiles, pf.string());
        const DetectResult r = m.run();
        QCOMPARE(r.toolkits.size(), std::size_t(2));
        QCOMPARE(r.toolkits[0].sources, (std::vector<std::string>{"registry", "CUDA_PATH", "CUDA_PATH_V12_6"}));
        QCOMPARE(r.toolkits[0].versionText, std::string("12.6.3"));
        QCOMPARE(r.toolkits[1].sources, (std::vector<std::string>{"ProgramFiles"}));
        QCOMPARE(r.toolkits[1].versionText, std::string("10.0.130"));
        QCOMPARE(r.toolkits[1].versionSource, std::string("version.txt"));
        QCOMPARE(r.toolkits[0].layout, std::string("windows"));
    }

    void versionSources_data()
    {
        QTest::addColumn<QString>("source");
        QTest::addColumn<QString>("written");
        QTest::addColumn<QString>("expected");
        QTest::newRow("version.json") << "version.json" << "12.6.3" << "12.6.3";
        QTest::newRow("version.json with a date") << "version.json" << "11.8.20220929" << "11.8";
        QTest::newRow("version.json, 4 parts") << "version.json" << "12.4.1.20240301" << "12.4.1";
        QTest::newRow("version.txt") << "version.txt" << "10.0.130" << "10.0.130";
        QTest::newRow("CUDART_VERSION") << "header" << "11.3.1" << "11.3";
        QTest::newRow("dist-info") << "dist-info" << "13.0.96" << "13.0.96";
        QTest::newRow("nothing") << "none" << "12.0.0" << "";
    }
    void versionSources()
    {
        QFETCH(QString, source);
        QFETCH(QString, written);
        QFETCH(QString, expected);
        QTemporaryDir tmp;
        Machine m(fs::path(tmp.path().toStdString()), false);
        ToolkitSpec s;
        s.windowsLayout = false;
        s.cuda = written.toStdString();
        s.versionSource = source.toStdString();
        m.opts.find.roots = {buildToolkit((m.root / "tk").string(), s)};
        const DetectResult r = m.run();
        QCOMPARE(r.toolkits.size(), std::size_t(1));
        QCOMPARE(QString::fromStdString(r.toolkits[0].versionText), expected);
        QCOMPARE(r.toolkits[0].layout, std::string("linux"));
    }

    // A copy that NVIDIA's .deb installed is reported as the package's (origin and package name).
    void linuxPackageCopyNamesItsPackage()
    {
        QTemporaryDir tmp;
        Machine m(fs::path(tmp.path().toStdString()), false);
        const fs::path sys = m.root / "sysroot" / "usr" / "lib" / "x86_64-linux-gnu";
        fs::create_directories(sys);
        writeBytes((sys / "libcudnn.so.9.1.0").string(), buildElfSharedObject("libcudnn.so.9"));
        fs::create_symlink("libcudnn.so.9.1.0", sys / "libcudnn.so.9");
        const fs::path info = m.root / "sysroot" / "var" / "lib" / "dpkg" / "info";
        fs::create_directories(info);
        writeText((info / "libcudnn9-cuda-12:amd64.list").string(),
                  "/.\n/usr/lib/x86_64-linux-gnu\n" + (sys / "libcudnn.so.9").string() + "\n" +
                      (sys / "libcudnn.so.9.1.0").string() + "\n");
        const DetectResult r = m.run();
        const auto c = std::find_if(r.copies.begin(), r.copies.end(),
                                    [](const CudnnCopy& x) { return x.path.find("x86_64-linux-gnu") != std::string::npos; });
        QVERIFY(c != r.copies.end());
        QCOMPARE(c->package.value_or(""), std::string("libcudnn9-cuda-12"));
        QCOMPARE(c->packageManager.value_or(""), std::string("dpkg"));
        QCOMPARE(c->version.value_or(""), std::string("9.1.0"));
        QVERIFY(c->wins);
        const auto doc = toJson(r);
        bool inJson = false;
        for (const auto& j : doc.at("cudnn_copies"))
            inJson = inJson || j.value("package", nlohmann::json()).dump() == "\"libcudnn9-cuda-12\"";
        QVERIFY(inJson);
    }

    // The same for an rpm package: a real rpm database at <sysroot>/var/lib/rpm owns the copy.
    void linuxRpmCopyNamesItsPackage()
    {
        if (!rpmAvailable())
            QSKIP("rpm and rpmbuild are not installed (Debian package rpm, scripts/deps.sh test)");
        QTemporaryDir tmp;
        Machine m(fs::path(tmp.path().toStdString()), false);
        const fs::path sys = m.root / "sysroot" / "usr" / "lib64";
        fs::create_directories(sys);
        writeBytes((sys / "libcudnn.so.9.1.0").string(), buildElfSharedObject("libcudnn.so.9"));
        fs::create_symlink("libcudnn.so.9.1.0", sys / "libcudnn.so.9");
        std::string error;
        QVERIFY2(buildRpmDatabase((m.root / "sysroot" / "var" / "lib" / "rpm").string(), (m.root / "rpmbuild").string(),
                                  "libcudnn9-cuda-12", {(sys / "libcudnn.so.9").string(), (sys / "libcudnn.so.9.1.0").string()},
                                  &error),
                 error.c_str());
        const DetectResult r = m.run();
        const auto c = std::find_if(r.copies.begin(), r.copies.end(),
                                    [](const CudnnCopy& x) { return x.path.find("/usr/lib64/") != std::string::npos; });
        QVERIFY(c != r.copies.end());
        QCOMPARE(c->package.value_or(""), std::string("libcudnn9-cuda-12"));
        QCOMPARE(c->packageManager.value_or(""), std::string("rpm"));
        bool inJson = false;
        const auto doc = toJson(r);  // kept: a range-for over toJson(r).at(...) would dangle
        for (const auto& j : doc.at("cudnn_copies"))
            inJson = inJson || (j.value("package", nlohmann::json()).dump() == "\"libcudnn9-cuda-12\"" &&
                                j.value("package_manager", nlohmann::json()).dump() == "\"rpm\"");
        QVERIFY2(inJson, doc.at("cudnn_copies").dump().c_str());
    }

    void linuxSymlinkAndSonames()
    {
        QTemporaryDir tmp;
        Machine m(fs::path(tmp.path().toStdString()), false);
        const fs::path usrLocal = m.root / "sysroot" / "usr" / "local";
        ToolkitSpec s;
        s.windowsLayout = false;
        s.cuda = "12.6.3";
        s.cudnn = "9.6.0";
        buildToolkit((usrLocal / "cuda-12.6").string(), s);
        fs::create_directory_symlink("cuda-12.6", usrLocal / "cuda");
        m.opts.find.scanSystem = true;
        const DetectResult r = m.run();
        QCOMPARE(r.toolkits.size(), std::size_t(1));
        const Toolkit& tk = r.toolkits[0];
        QVERIFY(tk.resolvedPath && tk.resolvedPath->find("cuda-12.6") != std::string::npos);
        QCOMPARE(tk.sources, (std::vector<std::string>{"/usr/local/cuda", "/usr/local/cuda-*"}));
        const auto ops = std::find_if(tk.cudnn.files.begin(), tk.cudnn.files.end(),
                                      [](const InstalledFile& f) { return f.path.find("libcudnn_ops.so") != std::string::npos; });
        QVERIFY(ops != tk.cudnn.files.end());
        QCOMPARE(ops->soname.value_or(""), std::string("libcudnn_ops.so.9"));
        QCOMPARE(ops->version.value_or(""), std::string("9.6.0"));
        QCOMPARE(ops->arch, std::string("x86-64"));
    }
};

QTEST_GUILESS_MAIN(TestDiagnosis)
#include "tst_diagnosis.moc"
