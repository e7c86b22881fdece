// The runas elevator: UAC state from the registry, a refused prompt, argument
// quoting, and a real ShellExecuteExW "runas" of a child (Wine has no UAC dialog:
// it starts the child directly, which is what lets the exit code be checked).

#include "winetest.h"

#include "platform/uac.h"
#include "platform/win32.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <iterator>

using namespace cudnnsetup;

namespace {

constexpr const wchar_t* kPolicies = L"SOFTWARE\\Microsoft\\Windows\\CurrentVersion\\Policies\\System";

class UacPolicy : public ::testing::Test {
protected:
    void SetUp() override
    {
        ASSERT_EQ(::RegCreateKeyExW(HKEY_LOCAL_MACHINE, kPolicies, 0, nullptr, 0, KEY_ALL_ACCESS | KEY_WOW64_64KEY,
                                    nullptr, m_key.put(), nullptr),
                  ERROR_SUCCESS);
        DWORD size = sizeof m_saved;
        m_had = ::RegQueryValueExW(m_key.get(), L"EnableLUA", nullptr, nullptr, reinterpret_cast<BYTE*>(&m_saved),
                                   &size) == ERROR_SUCCESS;
    }
    void TearDown() override
    {
        if (m_had)
            set(m_saved);
        else
            ::RegDeleteValueW(m_key.get(), L"EnableLUA");
    }
    void set(DWORD v)
    {
        ASSERT_EQ(::RegSetValueExW(m_key.get(), L"EnableLUA", 0, REG_DWORD, reinterpret_cast<const BYTE*>(&v), sizeof v),
                  ERROR_SUCCESS);
    }
    win::Key m_key;
    DWORD m_saved = 0;
    bool m_had = false;
};

std::string self() { return win::narrow((winetest::programDir() / "tst_win_elevation.exe").wstring()); }

}  // namespace

TEST_F(UacPolicy, EnableLuaIsRead)
{
    set(0);
    EXPECT_EQ(uacEnabled(), std::optional<bool>(false));
    set(1);
    EXPECT_EQ(uacEnabled(), std::optional<bool>(true));
    ::RegDeleteValueW(m_key.get(), L"EnableLUA");
    EXPECT_EQ(uacEnabled(), std::optional<bool>(true));  // absent: Windows' default is on
}

TEST_F(UacPolicy, UacOffWithoutAdminRefusesBeforeLaunching)
{
    set(0);
    bool launched = false;
    auto elevator = makeRunasElevator([&](SHELLEXECUTEINFOW*) {
        launched = true;
        ::SetLastError(ERROR_CANCELLED);
        return FALSE;
    });
    const auto r = elevator->run(self(), {"--exit", "0"}, nullptr);
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().code, "elevation-refused");
    if (processIsElevated()) {
        // An elevated process needs no prompt, so UAC being off does not matter.
        EXPECT_TRUE(launched);
    } else {
        EXPECT_FALSE(launched);
        EXPECT_NE(r.error().message.find("User Account Control"), std::string::npos) << r.error().message;
    }
}

TEST(Runas, RefusedPromptIsElevationRefused)
{
    std::wstring verb, file, parameters;
    auto elevator = makeRunasElevator([&](SHELLEXECUTEINFOW* info) {
        verb = info->lpVerb;
        file = info->lpFile;
        parameters = info->lpParameters;
        ::SetLastError(ERROR_CANCELLED);
        return FALSE;
    });
    std::string output;
    const auto r = elevator->run("C:\\Program Files\\cudnn-setup\\cudnn-setup.exe",
                                 {"--json", "elevated-apply", "C:\\ProgramData\\cudnn-setup\\plan 1.json"}, &output);
    if (!processIsElevated() && uacEnabled() == std::optional<bool>(false))
        GTEST_SKIP() << "UAC is off in this prefix; covered by UacPolicy";
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().code, "elevation-refused");
    EXPECT_NE(r.error().message.find("declined"), std::string::npos) << r.error().message;
    EXPECT_EQ(verb, L"runas");
    // The program itself, no cmd.exe and no output file in %TEMP% (issue 12): the helper leaves
    // its outcome in its admin-only state folder.
    EXPECT_EQ(file, L"C:\\Program Files\\cudnn-setup\\cudnn-setup.exe");
    EXPECT_EQ(parameters, L"--json elevated-apply \"C:\\ProgramData\\cudnn-setup\\plan 1.json\"") << win::narrow(parameters);
    EXPECT_EQ(parameters.find(L" 1> "), std::wstring::npos);
    EXPECT_TRUE(output.empty());
}

TEST(Runas, OtherLaunchFailuresAreNotRefusals)
{
    auto elevator = makeRunasElevator([](SHELLEXECUTEINFOW*) {
        ::SetLastError(ERROR_FILE_NOT_FOUND);
        return FALSE;
    });
    const auto r = elevator->run("C:\\missing.exe", {}, nullptr);
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().code, "elevation-failed");
}

TEST(Runas, RealShellExecuteRunsTheHelperAndReturnsItsExitCode)
{
    const auto elevator = makeElevator();
    std::string output = "stale";
    const auto r = elevator->run(self(), {"--exit", "7"}, &output);
    ASSERT_TRUE(r.ok()) << r.error().message << " / " << r.error().detail;
    EXPECT_EQ(r.value(), 7);
    EXPECT_EQ(output, "");
}

// The wizard forwards the helper's progress from these ticks (install/helperprogress.h).
TEST(Runas, WhileWaitingTicksUntilTheHelperEnds)
{
    int ticks = 0;
    std::string output;
    const auto r = makeElevator()->run(self(), {"--sleep", "700"}, &output, [&ticks] { ++ticks; });
    ASSERT_TRUE(r.ok()) << r.error().message << " / " << r.error().detail;
    EXPECT_EQ(r.value(), 0);
    EXPECT_GE(ticks, 3) << "one tick per 100 ms of a 700 ms helper";
    EXPECT_LE(ticks, 200);
}

TEST(Runas, HelperArgumentsArriveIntact)
{
    // Characters cmd.exe would act on (it is no longer in between), and argv quoting cases. The
    // helper's stdout is not captured (no file in %TEMP%): the program writes what it got to a file.
    winetest::ScratchDir scratch("echo");
    const std::string file = win::narrow((scratch / "args.txt").wstring());
    const std::vector<std::string> args{"--echo-to", file, "two words", "x&y|z", "50%", "%PATH%", "q\"t", "(p)", "^c",
                                        "!e!", "<in>", "C:\\a b\\", "{\"ok\": true}"};
    std::string output = "stale";
    const auto r = makeElevator()->run(self(), args, &output);
    ASSERT_TRUE(r.ok()) << r.error().message;
    EXPECT_EQ(r.value(), 0);
    EXPECT_EQ(output, "");
    std::string expected;
    for (size_t i = 2; i < args.size(); ++i)
        expected += args[i] + "\n";
    std::ifstream in(std::filesystem::path(scratch / "args.txt"), std::ios::binary);
    const std::string got((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    EXPECT_EQ(got, expected);
}

TEST(Runas, WritableFolderNeedsNoElevation)
{
    winetest::ScratchDir scratch("elev");
    const auto elevator = makeElevator();
    EXPECT_FALSE(elevator->needed({win::narrow((scratch / "not-yet" / "deeper").wstring())}));
    EXPECT_FALSE(std::filesystem::exists(scratch / "not-yet"));  // the probe creates nothing that stays
    EXPECT_TRUE(std::filesystem::is_empty(scratch.path()));
}

TEST(CurrentExecutable, IsThisProgram)
{
    EXPECT_EQ(currentExecutable(), self());
}
