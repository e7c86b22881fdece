// "Use this cuDNN" under Wine (issue 27): a prefix set up as NVIDIA's cuDNN 9 exe installer leaves
// it (C:\Program Files\NVIDIA\CUDNN\v9.19\bin\12.9\x64 holding a loadable cudnn64_9.dll, nothing on
// PATH), then detect → use → a program started now loads the wired copy → uninstall --cudnn-root →
// the registry's system PATH byte-identical (and of the same type) to before. The detect text
// before and after wiring is saved under wine-tests/tst_win_use/ and printed.

#include "clirun.h"
#include "machinestate.h"
#include "winetest.h"

#include "fixtures/toolkitbuilder.h"
#include "platform/win32.h"
#include "platform/winsystempath.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <iostream>

using namespace cudnnsetup;
using winetest::loadedByNewProgram;
using winetest::readSystemPath;
using winetest::runCli;
using winetest::writeSystemPath;

namespace {

const std::string kProgramFiles = "C:\\Program Files";
const std::string kRoot = "C:\\Program Files\\NVIDIA\\CUDNN\\v9.19";
const std::string kVariant = kRoot + "\\bin\\12.9\\x64";
const std::string kState = "C:\\ProgramData\\cudnn-setup-use";

// The detect text, saved for the closing note and printed.
std::string detectText(const std::string& name)
{
    const auto r = runCli({"detect"});
    const auto dir = winetest::programDir() / "tst_win_use";
    std::filesystem::create_directories(dir);
    winetest::writeFile(dir / (name + ".txt"), r.out);
    std::cout << "---- detect " << name << " ----\n" << r.out << "---- end ----" << std::endl;
    return r.out;
}

class UseNvidiaCudnn : public ::testing::Test {
protected:
    void SetUp() override
    {
        m_pathSaved = readSystemPath(&m_pathTypeSaved);
        // As NVIDIA's installer leaves it: v9.19 with one variant, bin\12.9\x64, nothing on PATH.
        fixtures::NvidiaInstallSpec spec;
        spec.cudnn = "9.19.0.56";
        spec.variants = {"12.9"};
        m_root = fixtures::buildNvidiaInstall(kProgramFiles, spec);
        // A real, loadable DLL under cuDNN's name (a mingw-built stand-in), so that the child's
        // LoadLibraryW proves which copy the search finds.
        std::filesystem::copy_file(winetest::testDll("cstest_cudnn919.dll"), kVariant + "\\cudnn64_9.dll",
                                   std::filesystem::copy_options::overwrite_existing);
        writeSystemPath(L"%SystemRoot%\\system32;%SystemRoot%;%SystemRoot%\\System32\\Wbem;;C:\\tools", REG_EXPAND_SZ);
    }
    void TearDown() override
    {
        writeSystemPath(m_pathSaved, m_pathTypeSaved);
        std::error_code ec;
        std::filesystem::remove_all(kProgramFiles + "\\NVIDIA\\CUDNN", ec);
        std::filesystem::remove_all(kState, ec);
    }
    std::wstring m_pathSaved;
    DWORD m_pathTypeSaved = REG_EXPAND_SZ;
    std::string m_root;
};

TEST_F(UseNvidiaCudnn, DetectUseLoadUninstallLeavesPathByteIdentical)
{
    DWORD typeBefore = 0;
    const std::wstring pathBefore = readSystemPath(&typeBefore);
    const std::string before = detectText("before");
    EXPECT_NE(before.find("bin\\12.9\\x64: not on the search path"), std::string::npos) << before;
    EXPECT_EQ(loadedByNewProgram("cudnn64_9.dll").rfind("(not loaded", 0), 0u);

    const auto use = runCli({"--json", "--state-dir", kState, "use", "--cudnn-root", kRoot});
    ASSERT_EQ(use.exitCode, 0) << use.out << use.err;
    const auto doc = use.json();
    ASSERT_FALSE(doc.is_discarded()) << use.out;
    EXPECT_EQ(doc["record"]["kind"], "use") << use.out;
    DWORD typeWired = 0;
    const std::wstring wired = readSystemPath(&typeWired);
    EXPECT_EQ(typeWired, DWORD(REG_EXPAND_SZ));
    EXPECT_EQ(wired, pathBefore + L";" + win::widen(kVariant));
    // Nothing of ours in NVIDIA's tree.
    EXPECT_FALSE(std::filesystem::exists(kRoot + "\\.cudnn-setup"));

    const std::string after = detectText("after");
    EXPECT_NE(after.find("bin\\12.9\\x64: loaded by a program started now"), std::string::npos) << after;
    EXPECT_EQ(after.find("cudnn-install-not-on-path"), std::string::npos) << after;
    const std::string loaded = loadedByNewProgram("cudnn64_9.dll");
    std::cout << "a program started now loads: " << loaded << std::endl;
    EXPECT_EQ(win::widen(loaded), win::widen(kVariant + "\\cudnn64_9.dll")) << loaded;

    const auto un = runCli({"--json", "--state-dir", kState, "uninstall", "--cudnn-root", kRoot});
    ASSERT_EQ(un.exitCode, 0) << un.out << un.err;
    DWORD typeAfter = 0;
    EXPECT_EQ(readSystemPath(&typeAfter), pathBefore);
    EXPECT_EQ(typeAfter, typeBefore);
    EXPECT_EQ(loadedByNewProgram("cudnn64_9.dll").rfind("(not loaded", 0), 0u);
}

// --first puts it ahead of an older copy on PATH; the elevated helper applies only the reviewed plan.
TEST_F(UseNvidiaCudnn, FirstWinsOverAnOlderCopyThroughTheHelper)
{
    const std::string old = "C:\\old-cudnn";
    std::filesystem::create_directories(old);
    std::filesystem::copy_file(winetest::testDll("cstest_versioned.dll"), old + "\\cudnn64_9.dll",
                               std::filesystem::copy_options::overwrite_existing);
    writeSystemPath(L"%SystemRoot%\\system32;%SystemRoot%;" + win::widen(old), REG_EXPAND_SZ);
    DWORD type = 0;
    const std::wstring pathBefore = readSystemPath(&type);
    EXPECT_EQ(win::widen(loadedByNewProgram("cudnn64_9.dll")), win::widen(old + "\\cudnn64_9.dll"));

    const auto dry = runCli({"--json", "--state-dir", kState, "use", "--cudnn-root", kVariant, "--first", "--dry-run"});
    ASSERT_EQ(dry.exitCode, 0) << dry.out << dry.err;
    const auto plan = dry.json()["plan"];
    const std::string tx = plan["transaction"], root = plan["toolkit"], folder = plan["use_folder"];
    const std::string digest = dry.json()["plan_digest"];
    auto helper = [&](const std::string& d, const std::string& f) {
        ::SetEnvironmentVariableW(L"CUDNN_SETUP_TEST_HELPER_STATE_DIR", win::widen(kState).c_str());
        auto r = runCli({"elevated-apply", "--operation", "use", "--toolkit", root, "--use-folder", f, "--path-first",
                         "--transaction", tx, "--plan-digest", d});
        ::SetEnvironmentVariableW(L"CUDNN_SETUP_TEST_HELPER_STATE_DIR", nullptr);
        return r;
    };
    const auto other = helper(std::string(64, 'a'), folder);
    EXPECT_EQ(other.exitCode, 3) << other.out << other.err;
    EXPECT_NE(other.out.find("plan-changed"), std::string::npos) << other.out;
    const auto notVariant = helper(digest, root + "/bin");
    EXPECT_EQ(notVariant.exitCode, 2) << notVariant.out << notVariant.err;
    EXPECT_EQ(readSystemPath(&type), pathBefore);
    const auto ok = helper(digest, folder);
    ASSERT_EQ(ok.exitCode, 0) << ok.out << ok.err;
    EXPECT_EQ(readSystemPath(&type), win::widen(kVariant) + L";" + pathBefore);
    EXPECT_EQ(win::widen(loadedByNewProgram("cudnn64_9.dll")), win::widen(kVariant + "\\cudnn64_9.dll"));

    const auto un = runCli({"--json", "--state-dir", kState, "uninstall", "--all"});
    ASSERT_EQ(un.exitCode, 0) << un.out << un.err;
    EXPECT_EQ(readSystemPath(&type), pathBefore);
    std::error_code ec;
    std::filesystem::remove_all(old, ec);
}

}  // namespace
