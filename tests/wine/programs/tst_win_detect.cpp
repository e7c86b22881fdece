// Registry, environment, process runner and CUDA toolkit discovery against the
// Wine prefix's real registry and file system.

#include "winetest.h"

#include "detect/detector.h"
#include "detect/toolkits.h"
#include "fixtures/pebuilder.h"
#include "fixtures/toolkitbuilder.h"
#include "platform/childprocess.h"
#include "platform/environment.h"
#include "platform/registry.h"
#include "platform/win32.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <optional>
#include <chrono>
#include <thread>

using namespace cudnnsetup;

namespace {

constexpr const wchar_t* kCudaKey = L"SOFTWARE\\NVIDIA Corporation\\GPU Computing Toolkit\\CUDA";
constexpr const char* kRoot113 = "C:\\Program Files\\NVIDIA GPU Computing Toolkit\\CUDA\\v11.3";

void setString(const std::wstring& key, const wchar_t* name, const std::wstring& value, REGSAM view,
               DWORD type = REG_SZ)
{
    win::Key k;
    ASSERT_EQ(::RegCreateKeyExW(HKEY_LOCAL_MACHINE, key.c_str(), 0, nullptr, 0, KEY_SET_VALUE | view, nullptr, k.put(),
                                nullptr),
              ERROR_SUCCESS);
    ASSERT_EQ(::RegSetValueExW(k.get(), name, 0, type, reinterpret_cast<const BYTE*>(value.c_str()),
                               static_cast<DWORD>((value.size() + 1) * sizeof(wchar_t))),
              ERROR_SUCCESS);
}

void makeToolkit(const std::filesystem::path& root, const std::string& version)
{
    std::filesystem::create_directories(root / "bin");
    std::filesystem::create_directories(root / "include");
    std::filesystem::create_directories(root / "lib" / "x64");
    winetest::writeFile(root / "version.json",
                        R"({"cuda": {"name": "CUDA SDK", "version": ")" + version + R"("}})");
}

// HKLM keys, CUDA_PATH_V* variables and toolkit folders made for one test, gone after it.
class CudaDiscovery : public ::testing::Test {
protected:
    void TearDown() override
    {
        ::RegDeleteTreeW(HKEY_LOCAL_MACHINE, L"SOFTWARE\\NVIDIA Corporation");
        win::Key wow;
        if (::RegOpenKeyExW(HKEY_LOCAL_MACHINE, L"SOFTWARE", 0, KEY_ALL_ACCESS | KEY_WOW64_32KEY, wow.put()) ==
            ERROR_SUCCESS)
            ::RegDeleteTreeW(wow.get(), L"NVIDIA Corporation");
        ::SetEnvironmentVariableW(L"CUDA_PATH", nullptr);
        ::SetEnvironmentVariableW(L"CUDA_PATH_V11_3", nullptr);
        ::SetEnvironmentVariableW(L"CUDA_PATH_V12_4", nullptr);
        std::error_code ec;
        std::filesystem::remove_all("C:\\Program Files\\NVIDIA GPU Computing Toolkit", ec);
        std::filesystem::remove_all("C:\\cudnnsetup-cuda-12.4", ec);
    }
};

}  // namespace

TEST_F(CudaDiscovery, RegistryReadsTheNativeViewUnexpanded)
{
    setString(std::wstring(kCudaKey) + L"\\v11.3", L"InstallDir", win::widen(kRoot113), KEY_WOW64_64KEY);
    setString(std::wstring(kCudaKey) + L"\\v11.3", L"Expand", L"%SystemRoot%\\x", KEY_WOW64_64KEY, REG_EXPAND_SZ);
    setString(std::wstring(kCudaKey) + L"\\v9.0", L"InstallDir", L"C:\\only-in-wow64", KEY_WOW64_32KEY);
    const auto reg = hostRegistry();
    const std::string key = "SOFTWARE\\NVIDIA Corporation\\GPU Computing Toolkit\\CUDA";
    EXPECT_EQ(reg->subkeys(RegistryHive::LocalMachine, key, RegistryView::Native64), std::vector<std::string>{"v11.3"});
    EXPECT_EQ(reg->subkeys(RegistryHive::LocalMachine, key, RegistryView::Wow32), std::vector<std::string>{"v9.0"});
    const auto dir = reg->value(RegistryHive::LocalMachine, key + "\\v11.3", "InstallDir", RegistryView::Native64);
    ASSERT_TRUE(dir.has_value());
    EXPECT_EQ(dir->type, RegistryValue::Type::String);
    EXPECT_EQ(dir->text, kRoot113);
    const auto expand = reg->value(RegistryHive::LocalMachine, key + "\\v11.3", "expand", RegistryView::Native64);
    ASSERT_TRUE(expand.has_value());
    EXPECT_EQ(expand->type, RegistryValue::Type::ExpandString);
    EXPECT_EQ(expand->text, "%SystemRoot%\\x");
    EXPECT_FALSE(reg->value(RegistryHive::LocalMachine, key + "\\v11.3", "Missing", RegistryView::Native64));
    EXPECT_TRUE(reg->subkeys(RegistryHive::LocalMachine, key + "\\absent", RegistryView::Native64).empty());
}

TEST_F(CudaDiscovery, FindsToolkitsFromRegistryCudaPathVersionedAndProgramFiles)
{
    makeToolkit(kRoot113, "11.3.109");
    makeToolkit("C:\\cudnnsetup-cuda-12.4", "12.4.131");
    setString(std::wstring(kCudaKey) + L"\\v11.3", L"InstallDir", win::widen(kRoot113), KEY_WOW64_64KEY);
    setString(std::wstring(kCudaKey) + L"\\v11.3", L"64BitInstalled", L"1", KEY_WOW64_64KEY);
    ASSERT_TRUE(::SetEnvironmentVariableW(L"CUDA_PATH_V11_3", win::widen(kRoot113).c_str()));
    ASSERT_TRUE(::SetEnvironmentVariableW(L"CUDA_PATH_V12_4", L"C:\\cudnnsetup-cuda-12.4"));
    ASSERT_TRUE(::SetEnvironmentVariableW(L"CUDA_PATH", L"C:\\cudnnsetup-cuda-12.4"));

    FindOptions opts;
    opts.windowsRules = true;
    opts.runNvcc = false;
    const auto toolkits = findToolkits(*hostEnvironment(), *hostRegistry(), opts);
    auto find = [&](const std::string& path) {
        return std::find_if(toolkits.begin(), toolkits.end(), [&](const Toolkit& t) {
            return win::narrow(std::filesystem::path(win::widen(t.path)).lexically_normal().wstring()) == path;
        });
    };
    const auto v113 = find(kRoot113);
    ASSERT_NE(v113, toolkits.end());
    EXPECT_EQ(v113->versionText.rfind("11.3", 0), 0u) << v113->versionText;
    EXPECT_EQ(v113->layout, "windows");
    for (const char* source : {"registry", "CUDA_PATH_V11_3", "ProgramFiles"})
        EXPECT_NE(std::find(v113->sources.begin(), v113->sources.end(), source), v113->sources.end()) << source;
    const auto v124 = find("C:\\cudnnsetup-cuda-12.4");
    ASSERT_NE(v124, toolkits.end());
    EXPECT_EQ(v124->versionText.rfind("12.4", 0), 0u) << v124->versionText;
    EXPECT_NE(std::find(v124->sources.begin(), v124->sources.end(), "CUDA_PATH"), v124->sources.end());
    // Each toolkit once, whatever number of sources named it.
    EXPECT_EQ(std::count_if(toolkits.begin(), toolkits.end(),
                            [&](const Toolkit& t) {
                                return win::narrow(std::filesystem::path(win::widen(t.path)).lexically_normal().wstring()) ==
                                       kRoot113;
                            }),
              1);
}

// The static "error 126" against this prefix's real System32 and PATH: KERNEL32.dll is found
// there, cuBLAS in the toolkit's bin, and a DLL nobody has is named with the files that import it.
TEST_F(CudaDiscovery, DependencyMissingLooksInSystem32AndTheToolkit)
{
    const std::string root = "C:\\cudnnsetup-cuda-12.4";
    fixtures::ToolkitSpec spec;
    spec.cuda = "11.3.109";
    spec.cudnn = "8.2.0.53";
    spec.toolkitDlls = {"cublas64_11.dll", "cublasLt64_11.dll"};
    spec.dllImports["cudnn_ops_infer64_8.dll"] = {"cublas64_11.dll", "cublasLt64_11.dll", "KERNEL32.dll",
                                                  "cudnnsetup_absent_runtime.dll"};
    fixtures::buildToolkit(root, spec);
    DetectOptions opts;
    opts.find.windowsRules = true;
    opts.find.scanSystem = false;
    opts.find.runNvcc = false;
    opts.find.roots = {root};
    DriverInfo driver;
    driver.state = DriverInfo::State::Present;
    driver.version = "581.15";
    driver.cudaVersion = 13000;
    opts.driver = driver;
    const DetectResult r = detect(opts, *hostEnvironment(), *hostRegistry());
    std::vector<std::string> missing;
    for (const auto& p : r.problems)
        if (p.code == "dependency-missing")
            missing.push_back(p.message);
    ASSERT_EQ(missing.size(), 1u) << (missing.empty() ? std::string("none") : missing.front());
    EXPECT_NE(missing[0].find("cudnnsetup_absent_runtime.dll"), std::string::npos) << missing[0];
    EXPECT_NE(missing[0].find("cudnn_ops_infer64_8.dll"), std::string::npos) << missing[0];
    ASSERT_FALSE(r.toolkits.empty());
    EXPECT_EQ(r.toolkits.front().cudnn.builtForCudaMajor, std::optional<int>(11));
}

namespace {
constexpr const wchar_t* kSysEnvKey = L"SYSTEM\\CurrentControlSet\\Control\\Session Manager\\Environment";

std::optional<std::wstring> readValue(HKEY hive, const wchar_t* key, const wchar_t* name)
{
    DWORD bytes = 0;
    if (::RegGetValueW(hive, key, name, RRF_RT_REG_SZ | RRF_RT_REG_EXPAND_SZ | RRF_NOEXPAND, nullptr, nullptr, &bytes) !=
        ERROR_SUCCESS)
        return std::nullopt;
    std::wstring text(bytes / sizeof(wchar_t) + 1, L'\0');
    if (::RegGetValueW(hive, key, name, RRF_RT_REG_SZ | RRF_RT_REG_EXPAND_SZ | RRF_NOEXPAND, nullptr, text.data(), &bytes) !=
        ERROR_SUCCESS)
        return std::nullopt;
    text.resize(wcslen(text.c_str()));
    return text;
}

void writeValue(HKEY hive, const wchar_t* key, const wchar_t* name, const std::wstring& value, DWORD type = REG_EXPAND_SZ)
{
    win::Key k;
    ASSERT_EQ(::RegCreateKeyExW(hive, key, 0, nullptr, 0, KEY_SET_VALUE | KEY_WOW64_64KEY, nullptr, k.put(), nullptr),
              ERROR_SUCCESS);
    ASSERT_EQ(::RegSetValueExW(k.get(), name, 0, type, reinterpret_cast<const BYTE*>(value.c_str()),
                               static_cast<DWORD>((value.size() + 1) * sizeof(wchar_t))),
              ERROR_SUCCESS);
}

DetectOptions offlineOptions(const std::vector<std::string>& roots)
{
    DetectOptions opts;
    opts.find.windowsRules = true;
    opts.find.scanSystem = false;
    opts.find.runNvcc = false;
    opts.find.roots = roots;
    DriverInfo driver;
    driver.state = DriverInfo::State::Present;
    driver.version = "581.15";
    driver.cudaVersion = 13000;
    opts.driver = driver;
    return opts;
}

bool hasFinding(const DetectResult& r, const std::string& code, const std::string& mentions, std::string* all)
{
    for (const auto* list : {&r.problems, &r.warnings})
        for (const auto& p : *list) {
            *all += p.code + ": " + p.message + "\n";
            if (p.code == code && p.message.find(mentions) != std::string::npos)
                return true;
        }
    return false;
}

// The system and user PATH of this prefix, put back after each test; the folders made removed.
class MachineState : public ::testing::Test {
protected:
    void SetUp() override
    {
        m_system = readValue(HKEY_LOCAL_MACHINE, kSysEnvKey, L"Path");
        m_user = readValue(HKEY_CURRENT_USER, L"Environment", L"Path");
    }
    void TearDown() override
    {
        if (m_system)
            writeValue(HKEY_LOCAL_MACHINE, kSysEnvKey, L"Path", *m_system);
        if (m_user)
            writeValue(HKEY_CURRENT_USER, L"Environment", L"Path", *m_user);
        else
            ::RegDeleteKeyValueW(HKEY_CURRENT_USER, L"Environment", L"Path");
        ::RegDeleteTreeW(HKEY_CURRENT_USER, L"SOFTWARE\\Python\\PythonCore\\3.11");
        ::SetEnvironmentVariableW(L"CUDA_PATH", nullptr);
        std::error_code ec;
        for (const char* d : {"C:\\cudnnsetup-cuda-11.3", "C:\\cudnnsetup-cuda-12.6", "C:\\cudnnsetup-q", "C:\\cudnnsetup-py311"})
            std::filesystem::remove_all(d, ec);
    }
    std::optional<std::wstring> m_system, m_user;
};
}  // namespace

// PATH hygiene read from this prefix's real registry values, as stored (REG_EXPAND_SZ, unexpanded).
TEST_F(MachineState, PathHygieneFromTheRegistry)
{
    fixtures::ToolkitSpec spec;
    spec.cuda = "12.6.3";
    spec.cudnn = "9.6.0.74";
    fixtures::buildToolkit("C:\\cudnnsetup-cuda-12.6", spec);
    std::filesystem::create_directories("C:\\cudnnsetup-q\\bin");
    std::wstring system = m_system.value_or(L"%SystemRoot%\\system32");
    system += L";\"C:\\cudnnsetup-q\\bin\";C:\\cudnnsetup-gone\\bin";
    while (system.size() <= 2047)
        system += L";%SystemRoot%";
    writeValue(HKEY_LOCAL_MACHINE, kSysEnvKey, L"Path", system);
    writeValue(HKEY_CURRENT_USER, L"Environment", L"Path", L"C:\\cudnnsetup-cuda-12.6\\bin");
    ASSERT_TRUE(::SetEnvironmentVariableW(L"CUDA_PATH", L"C:\\cudnnsetup-no-such-toolkit"));
    const DetectResult r = detect(offlineOptions({"C:\\cudnnsetup-cuda-12.6"}), *hostEnvironment(), *hostRegistry());
    std::string all;
    EXPECT_TRUE(hasFinding(r, "system-path-too-long", "over 2,047", &all)) << all;
    EXPECT_TRUE(hasFinding(r, "path-quoted-entry", "\"C:\\cudnnsetup-q\\bin\"", &all)) << all;
    EXPECT_TRUE(hasFinding(r, "path-missing-entry", "C:\\cudnnsetup-gone\\bin", &all)) << all;
    EXPECT_TRUE(hasFinding(r, "toolkit-bin-user-path", "cudnnsetup-cuda-12.6", &all)) << all;
    EXPECT_TRUE(hasFinding(r, "cuda-path-missing", "C:\\cudnnsetup-no-such-toolkit", &all)) << all;
    // A quoted entry whose folder exists is reported as quoted, not as missing.
    EXPECT_FALSE(hasFinding(r, "path-missing-entry", "cudnnsetup-q", &all)) << all;
}

// Split loading on this prefix's real PATH: an older cudnn_cnn_infer64_8.dll in a folder ahead of
// the toolkit's bin is what a process started now loads beside the toolkit's cudnn64_8.dll.
TEST_F(MachineState, MixedLoadSetFromTheRegistryPath)
{
    fixtures::ToolkitSpec spec;
    spec.cuda = "11.3.1";
    spec.cudnn = "8.2.0.53";
    fixtures::buildToolkit("C:\\cudnnsetup-cuda-11.3", spec);
    std::filesystem::create_directories("C:\\cudnnsetup-q\\bin");
    fixtures::PeOptions pe;
    pe.fileVersion = "8.0.5.39";
    fixtures::writeBytes("C:\\cudnnsetup-q\\bin\\cudnn_cnn_infer64_8.dll", fixtures::buildPe(pe));
    writeValue(HKEY_LOCAL_MACHINE, kSysEnvKey, L"Path",
               m_system.value_or(L"%SystemRoot%\\system32") + L";C:\\cudnnsetup-q\\bin;C:\\cudnnsetup-cuda-11.3\\bin");
    const DetectResult r = detect(offlineOptions({"C:\\cudnnsetup-cuda-11.3"}), *hostEnvironment(), *hostRegistry());
    std::string all;
    EXPECT_TRUE(hasFinding(r, "mixed-cudnn", "cudnn_cnn_infer64_8.dll from C:\\cudnnsetup-q\\bin", &all)) << all;
    const auto set = std::find_if(r.loadSets.begin(), r.loadSets.end(), [](const LoadSet& l) { return l.mixed; });
    ASSERT_NE(set, r.loadSets.end());
    const auto cnn = std::find_if(set->files.begin(), set->files.end(),
                                  [](const LoadedFile& f) { return f.name == "cudnn_cnn_infer64_8.dll"; });
    ASSERT_NE(cnn, set->files.end());
    EXPECT_EQ(cnn->version.value_or(""), "8.0.5.39");
    EXPECT_EQ(cnn->origin, "PATH (system)");
}

// A python.org-style environment in the prefix, registered under PEP 514 as its installer does,
// with pip's dist-info folders: ONNX Runtime finds the toolkit's cuDNN 8 on the user PATH, PyTorch
// loads its own copy.
TEST_F(MachineState, FrameworksOfAPythonEnvironmentInThePrefix)
{
    fixtures::ToolkitSpec spec;
    spec.cuda = "11.3.1";
    spec.cudnn = "8.2.0.53";
    fixtures::buildToolkit("C:\\cudnnsetup-cuda-11.3", spec);
    const std::filesystem::path py = "C:\\cudnnsetup-py311";
    const std::filesystem::path site = py / "Lib" / "site-packages";
    for (const auto& d : {py, site / "onnxruntime_gpu-1.19.2.dist-info", site / "torch-2.5.1+cu124.dist-info", site / "torch" / "lib"})
        std::filesystem::create_directories(d);
    winetest::writeFile(py / "python.exe", "MZ stand-in");
    winetest::writeFile(site / "onnxruntime_gpu-1.19.2.dist-info" / "METADATA", "Name: onnxruntime-gpu\nVersion: 1.19.2\n");
    winetest::writeFile(site / "torch-2.5.1+cu124.dist-info" / "METADATA", "Name: torch\nVersion: 2.5.1+cu124\n");
    winetest::writeFile(site / "torch" / "version.py", "__version__ = '2.5.1+cu124'\ncuda: Optional[str] = '12.4'\n");
    fixtures::PeOptions pe;
    pe.fileVersion = "9.1.0.70";
    fixtures::writeBytes((site / "torch" / "lib" / "cudnn64_9.dll").string(), fixtures::buildPe(pe));
    writeValue(HKEY_CURRENT_USER, L"SOFTWARE\\Python\\PythonCore\\3.11\\InstallPath", L"", py.wstring(), REG_SZ);
    writeValue(HKEY_CURRENT_USER, L"SOFTWARE\\Python\\PythonCore\\3.11", L"SysVersion", L"3.11", REG_SZ);
    writeValue(HKEY_CURRENT_USER, L"Environment", L"Path", L"C:\\cudnnsetup-cuda-11.3\\bin");

    const DetectResult r = detect(offlineOptions({"C:\\cudnnsetup-cuda-11.3"}), *hostEnvironment(), *hostRegistry());
    const auto env = std::find_if(r.pythonEnvironments.begin(), r.pythonEnvironments.end(),
                                  [](const PythonEnvironment& e) { return e.kind == "py launcher" && e.root.find("cudnnsetup-py311") != std::string::npos; });
    ASSERT_NE(env, r.pythonEnvironments.end());
    EXPECT_EQ(env->pythonVersion.value_or(""), "3.11");
    auto verdict = [&](const std::string& package) -> const FrameworkVerdict* {
        for (const auto& f : r.frameworks)
            if (f.package == package && f.environment.find("cudnnsetup-py311") != std::string::npos)
                return &f;
        return nullptr;
    };
    const FrameworkVerdict* ort = verdict("onnxruntime-gpu");
    ASSERT_NE(ort, nullptr);
    EXPECT_EQ(ort->code, "framework-cudnn-major") << ort->message;
    EXPECT_NE(ort->message.find("cudnn64_8.dll"), std::string::npos) << ort->message;
    EXPECT_EQ(ort->loadsVia, "PATH (user)") << ort->message;
    EXPECT_EQ(ort->loadsVersion.value_or(""), "8.2.0.53") << ort->message;
    const FrameworkVerdict* torch = verdict("torch");
    ASSERT_NE(torch, nullptr);
    EXPECT_EQ(torch->code, "framework-bundled") << torch->message;
    EXPECT_EQ(torch->loadsVersion.value_or(""), "9.1.0.70") << torch->message;
    EXPECT_NE(torch->message.find("does not change what it loads"), std::string::npos) << torch->message;
}

TEST(Environment, VariablesAreCaseInsensitiveAndFoldersAreTheShells)
{
    const auto env = hostEnvironment();
    EXPECT_TRUE(env->windowsRules());
    ASSERT_TRUE(::SetEnvironmentVariableW(L"CudnnSetup_Test", L"x;y"));
    EXPECT_EQ(env->get("CUDNNSETUP_TEST").value_or("?"), "x;y");
    ASSERT_TRUE(::SetEnvironmentVariableW(L"CudnnSetup_Empty", L""));
    EXPECT_EQ(env->get("CudnnSetup_Empty"), std::optional<std::string>(""));
    EXPECT_FALSE(env->get("CudnnSetup_Absent").has_value());
    const auto all = env->list();
    EXPECT_NE(std::find(all.begin(), all.end(), std::pair<std::string, std::string>("CudnnSetup_Test", "x;y")),
              all.end());
    EXPECT_EQ(env->knownFolder(KnownFolder::ProgramFiles).value_or(""), "C:\\Program Files");
    EXPECT_EQ(env->knownFolder(KnownFolder::ProgramData).value_or(""), "C:\\ProgramData");
    EXPECT_EQ(env->knownFolder(KnownFolder::System32).value_or(""), "C:\\windows\\system32");
    EXPECT_EQ(env->expand("%SystemRoot%\\x;%NoSuchVar%"), "C:\\windows\\x;%NoSuchVar%");
    ::SetEnvironmentVariableW(L"CudnnSetup_Test", nullptr);
    ::SetEnvironmentVariableW(L"CudnnSetup_Empty", nullptr);
}

TEST(Process, CapturesOutputAndExitCode)
{
    const auto r = runChildProcess(winetest::cliExe().string(), {"--version"}, 30000);
    ASSERT_TRUE(r.started);
    EXPECT_FALSE(r.timedOut);
    EXPECT_EQ(r.exitCode, 0);
    EXPECT_NE(r.out.find("cudnn-setup "), std::string::npos) << r.out;
}

TEST(Process, ArgumentsWithSpacesAndQuotesArriveIntact)
{
    // The test program echoes its arguments in --echo mode, one per line.
    const std::string self = win::narrow((winetest::programDir() / "tst_win_detect.exe").wstring());
    const std::vector<std::string> args{"--echo", "two words", "quote\"inside", "trailing\\", "C:\\a b\\", ""};
    const auto r = runChildProcess(self, args, 30000);
    ASSERT_TRUE(r.started);
    EXPECT_EQ(r.exitCode, 0);
    EXPECT_EQ(r.out, "two words\nquote\"inside\ntrailing\\\nC:\\a b\\\n\n");
}

TEST(Process, TimeoutKillsAndMissingProgramIsNotStarted)
{
    const std::string self = win::narrow((winetest::programDir() / "tst_win_detect.exe").wstring());
    const auto slow = runChildProcess(self, {"--sleep", "20000"}, 500);
    EXPECT_TRUE(slow.started);
    EXPECT_TRUE(slow.timedOut);
    const auto missing = runChildProcess("cudnnsetup-no-such-program", {}, 5000);
    EXPECT_FALSE(missing.started);
}

// The wizard's Validate Cancel: the child is terminated within a 50 ms slice of the token.
TEST(Process, CancelTokenTerminatesTheChild)
{
    const std::string self = win::narrow((winetest::programDir() / "tst_win_detect.exe").wstring());
    CancelToken cancel;
    std::thread canceller([&cancel] {
        std::this_thread::sleep_for(std::chrono::milliseconds(300));
        cancel.cancel();
    });
    const auto started = std::chrono::steady_clock::now();
    const auto r = runChildProcess(self, {"--sleep", "20000"}, 60000, {}, &cancel);
    const auto ms =
        std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - started).count();
    canceller.join();
    EXPECT_TRUE(r.started) << r.error;
    EXPECT_TRUE(r.cancelled);
    EXPECT_FALSE(r.timedOut);
    EXPECT_FALSE(r.crashed);
    EXPECT_LT(ms, 5000) << "cancel took effect only after " << ms << " ms";
}
