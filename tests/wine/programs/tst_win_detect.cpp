// Registry, environment, process runner and CUDA toolkit discovery against the
// Wine prefix's real registry and file system.

#include "winetest.h"

#include "detect/detector.h"
#include "detect/toolkits.h"
#include "fixtures/toolkitbuilder.h"
#include "platform/childprocess.h"
#include "platform/environment.h"
#include "platform/process.h"
#include "platform/registry.h"
#include "platform/win32.h"

#include <gtest/gtest.h>

#include <algorithm>
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
    const auto r = runProcess(winetest::cliExe().string(), {"--version"}, std::chrono::seconds(30));
    ASSERT_TRUE(r.started);
    EXPECT_FALSE(r.timedOut);
    EXPECT_EQ(r.exitCode, 0);
    EXPECT_NE(r.output.find("cudnn-setup "), std::string::npos) << r.output;
}

TEST(Process, ArgumentsWithSpacesAndQuotesArriveIntact)
{
    // The test program echoes its arguments in --echo mode, one per line.
    const std::string self = win::narrow((winetest::programDir() / "tst_win_detect.exe").wstring());
    const std::vector<std::string> args{"--echo", "two words", "quote\"inside", "trailing\\", "C:\\a b\\", ""};
    const auto r = runProcess(self, args, std::chrono::seconds(30));
    ASSERT_TRUE(r.started);
    EXPECT_EQ(r.exitCode, 0);
    EXPECT_EQ(r.output, "two words\nquote\"inside\ntrailing\\\nC:\\a b\\\n\n");
}

TEST(Process, TimeoutKillsAndMissingProgramIsNotStarted)
{
    const std::string self = win::narrow((winetest::programDir() / "tst_win_detect.exe").wstring());
    const auto slow = runProcess(self, {"--sleep", "20000"}, std::chrono::milliseconds(500));
    EXPECT_TRUE(slow.started);
    EXPECT_TRUE(slow.timedOut);
    const auto missing = runProcess("cudnnsetup-no-such-program", {}, std::chrono::seconds(5));
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
    const auto r = platform::runChildProcess(self, {"--sleep", "20000"}, 60000, {}, &cancel);
    const auto ms =
        std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - started).count();
    canceller.join();
    EXPECT_TRUE(r.started) << r.error;
    EXPECT_TRUE(r.cancelled);
    EXPECT_FALSE(r.timedOut);
    EXPECT_FALSE(r.crashed);
    EXPECT_LT(ms, 5000) << "cancel took effect only after " << ms << " ms";
}
