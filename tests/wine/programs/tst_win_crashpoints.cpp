// Crash points under Wine: cudnn-setup-cli.exe (a test build) is ended by TerminateProcess, from
// outside once it says it is at the point (testhooks::killThisProcess, CUDNN_SETUP_TEST_KILL_AT and
// CUDNN_SETUP_TEST_KILL_BY_PARENT; runProgram kills it), before and after every
// operation of an install, an uninstall and a repair, once after the commit mark, and (the
// one-pass install) at each archive entry handed to staging while verifying; then `recover`
// runs. The toolkit is a Windows-layout one at the default location, PATH is the real system
// PATH value in the prefix's registry (REG_EXPAND_SZ). Every time the toolkit's files and
// folders, the PATH value (bytes and type) and the install records must be identical to
// before (killed mid-way: rolled back) or to the complete result (killed after the commit
// mark: finished). The same walk as tests/cli/tst_cli_crashpoints.cpp, on Windows' own
// file and registry APIs.

#include "clirun.h"
#include "machinestate.h"
#include "winetest.h"

#include "fixtures/archivebuilder.h"
#include "fixtures/toolkitbuilder.h"
#include "platform/win32.h"
#include "platform/winsystempath.h"

#include <gtest/gtest.h>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <map>
#include <regex>

using namespace cudnnsetup;
using winetest::runCli;

namespace {

namespace fs = std::filesystem;

const std::string kToolkit = "C:\\Program Files\\NVIDIA GPU Computing Toolkit\\CUDA\\v11.3";
const std::string kOtherBin = "C:\\Program Files\\NVIDIA GPU Computing Toolkit\\CUDA\\v10.2\\bin";
const std::string kState = "C:\\ProgramData\\cudnn-setup-crashpoints";

struct PathValue {
    std::wstring text;
    DWORD type = 0;
    bool operator==(const PathValue&) const = default;
};

PathValue readPath()
{
    PathValue v;
    win::Key key;
    ::RegOpenKeyExW(HKEY_LOCAL_MACHINE, kSystemEnvironmentKey, 0, KEY_QUERY_VALUE | KEY_WOW64_64KEY, key.put());
    DWORD bytes = 0;
    ::RegQueryValueExW(key.get(), L"Path", nullptr, &v.type, nullptr, &bytes);
    v.text.assign(bytes / sizeof(wchar_t), L'\0');
    ::RegQueryValueExW(key.get(), L"Path", nullptr, &v.type, reinterpret_cast<BYTE*>(v.text.data()), &bytes);
    // The value's bytes as stored, its terminating NUL included: any change is a difference.
    v.text.resize(bytes / sizeof(wchar_t));
    return v;
}

void writePath(const PathValue& v)
{
    win::Key key;
    ::RegOpenKeyExW(HKEY_LOCAL_MACHINE, kSystemEnvironmentKey, 0, KEY_SET_VALUE | KEY_WOW64_64KEY, key.put());
    ::RegSetValueExW(key.get(), L"Path", 0, v.type, reinterpret_cast<const BYTE*>(v.text.data()),
                     static_cast<DWORD>(v.text.size() * sizeof(wchar_t)));
}

struct Snapshot {
    std::map<std::string, std::string> toolkit, records;
    PathValue path;
    bool operator==(const Snapshot&) const = default;
};

Snapshot snapshot()
{
    return {winetest::treeOf(kToolkit), winetest::treeOf(kState + "\\records"), readPath()};
}

// Two runs differ only in their transaction ids (the backup folder's name, the records'
// "transaction"): the complete result is compared with them replaced.
Snapshot withoutTransactionIds(Snapshot s)
{
    static const std::regex id("[0-9]{8}T[0-9]{6}Z-[0-9a-f]{6}");
    auto scrub = [](std::map<std::string, std::string>& m) {
        std::map<std::string, std::string> out;
        for (const auto& [k, v] : m)
            out[std::regex_replace(k, id, "TX")] = std::regex_replace(v, id, "TX");
        m = std::move(out);
    };
    scrub(s.toolkit);
    scrub(s.records);
    return s;
}

std::string describe(const std::map<std::string, std::string>& m)
{
    std::string out;
    for (const auto& [k, v] : m)
        out += "  " + k + " (" + std::to_string(v.size()) + " bytes)\n";
    return out;
}

// `to` becomes a copy of `from`; a folder that exists on both sides is kept (its DACL: the
// state folder is made administrators-only and checked), only what is inside is replaced.
void copyTree(const std::string& from, const std::string& to)
{
    std::error_code ec;
    if (!fs::exists(from, ec)) {
        fs::remove_all(to, ec);
        return;
    }
    fs::create_directories(to);
    for (const auto& e : fs::directory_iterator(to))
        fs::remove_all(e.path());
    for (const auto& e : fs::recursive_directory_iterator(from)) {
        const fs::path target = fs::path(to) / fs::relative(e.path(), from);
        if (e.is_directory())
            fs::create_directory(target);
        else
            fs::copy_file(e.path(), target);
    }
}

class CrashPoints : public ::testing::Test {
protected:
    void SetUp() override
    {
        // Each crash point is a kill from outside, by runProgram, once the tool says it is there:
        // Wine's TerminateProcess of the calling process can hang (common/testhooks.cpp).
        ::SetEnvironmentVariableW(L"CUDNN_SETUP_TEST_KILL_BY_PARENT", L"1");
        m_pathSaved = readPath();
        fixtures::ToolkitSpec spec;
        spec.cuda = "11.3.109";
        fixtures::buildToolkit(kToolkit, spec);
        // An older hand-copied cuDNN: the install replaces files and keeps backups of them.
        winetest::writeFile(kToolkit + "\\bin\\cudnn64_8.dll", "old 8.1 main library");
        winetest::writeFile(kToolkit + "\\bin\\cudnn_ops_infer64_8.dll", "old 8.1 ops");
        winetest::writeFile(kToolkit + "\\include\\cudnn_old.h", "// 8.1 only");
        fixtures::ReleaseSpec release;
        release.dllBodyBytes = 4096;  // the points are about order, not size
        // Not NVIDIA's file name: the catalog knows the official hashes and would call it a mismatch.
        m_archive = (m_scratch.path() / ("generated-" + fixtures::releaseArchiveName(release))).string();
        std::string error;
        ASSERT_TRUE(fixtures::writeZip(m_archive, fixtures::cudnnWindowsRelease(release), &error)) << error;
        writePath({L"%SystemRoot%\\system32;%SystemRoot%;%SystemRoot%\\System32\\Wbem;" + win::widen(kOtherBin) +
                       std::wstring(1, L'\0'),
                   REG_EXPAND_SZ});
        std::error_code ec;
        fs::remove_all(kState, ec);
    }
    void TearDown() override
    {
        ::SetEnvironmentVariableW(L"CUDNN_SETUP_TEST_KILL_AT", nullptr);
        ::SetEnvironmentVariableW(L"CUDNN_SETUP_TEST_KILL_BY_PARENT", nullptr);
        writePath(m_pathSaved);
        std::error_code ec;
        fs::remove_all("C:\\Program Files\\NVIDIA GPU Computing Toolkit", ec);
        fs::remove_all(kState, ec);
    }

    void save()
    {
        copyTree(kToolkit, saved("toolkit"));
        copyTree(kState, saved("state"));
        m_pathBefore = readPath();
    }
    void restore()
    {
        copyTree(saved("toolkit"), kToolkit);
        copyTree(saved("state"), kState);
        writePath(m_pathBefore);
    }
    std::string saved(const std::string& what) const { return (m_scratch.path() / ("saved-" + what)).string(); }

    void check(const Snapshot& after, bool finished, const Snapshot& before, const Snapshot& complete,
               const std::string& point)
    {
        if (finished) {
            const Snapshot want = withoutTransactionIds(complete), got = withoutTransactionIds(after);
            EXPECT_TRUE(got.toolkit == want.toolkit)
                << point << ": toolkit not the complete result\nwant:\n" << describe(want.toolkit) << "got:\n"
                << describe(got.toolkit);
            EXPECT_TRUE(got.path == want.path) << point << ": PATH not the complete result: "
                                               << win::narrow(got.path.text);
            EXPECT_TRUE(got.records == want.records) << point << ": records not the complete result";
        } else {
            EXPECT_TRUE(after.toolkit == before.toolkit)
                << point << ": toolkit not as before\nbefore:\n" << describe(before.toolkit) << "after:\n"
                << describe(after.toolkit);
            EXPECT_TRUE(after.path == before.path) << point << ": PATH not as before: " << win::narrow(after.path.text);
            EXPECT_TRUE(after.records == before.records) << point << ": records not as before";
        }
    }

    void killAtEveryOperation(const std::string& operation, int minimum)
    {
        const auto started = std::chrono::steady_clock::now();
        const std::vector<std::string> common{"--json", "--state-dir", kState};
        std::vector<std::string> install = common;
        install.insert(install.end(), {"install", m_archive, "--toolkit", kToolkit, "--allow-unknown"});
        if (operation != "install") {
            const auto in = runCli(install);
            ASSERT_EQ(in.exitCode, 0) << in.out << in.err;
        }
        if (operation == "repair") {
            // Damage a third of the installed files: gone, or other bytes in their place.
            int n = 0;
            for (const char* sub : {"bin", "include", "lib\\x64"})
                for (const auto& e : fs::directory_iterator(kToolkit + "\\" + sub))
                    if (e.path().filename().string().rfind("cudnn", 0) == 0 && n++ % 3 == 0) {
                        if (n % 2)
                            fs::remove(e.path());
                        else
                            winetest::writeFile(e.path(), "damaged");
                    }
        }
        std::vector<std::string> args = install;
        if (operation != "install") {
            args = common;
            args.insert(args.end(), {operation, "--toolkit", kToolkit});
        }
        save();
        const Snapshot before = snapshot();

        // The complete result, and how many operations the engine runs to get there.
        const auto clean = runCli(args);
        ASSERT_EQ(clean.exitCode, 0) << clean.out << clean.err;
        const Snapshot complete = snapshot();
        ASSERT_FALSE(complete == before);
        if (operation != "repair") {  // repair puts the same bin folder back where it was
            ASSERT_FALSE(complete.path == before.path) << "the PATH was not changed: nothing to roll back";
        }
        const auto doc = clean.json();
        ASSERT_FALSE(doc.is_discarded()) << clean.out;
        const int ops = static_cast<int>(doc["actions"].size());
        ASSERT_GT(ops, 0) << clean.out;

        std::vector<std::string> engine;
        for (int i = 0; i < ops; ++i) {
            engine.push_back("before:" + std::to_string(i));
            engine.push_back("after:" + std::to_string(i));
        }
        // Each point costs two Wine process starts (about 1 s each), so by default the walk
        // takes points spread evenly over the operations, the first and last always, and
        // still at least `minimum` kills; CUDNN_SETUP_WINE_CRASHPOINTS=all takes every one
        // (the native tst_cli_crashpoints walks every point of the same engine);
        // CUDNN_SETUP_WINE_CRASHPOINTS=prestage only every kill while staging, for looping that part.
        const char* chosen = std::getenv("CUDNN_SETUP_WINE_CRASHPOINTS");
        const bool everyPoint = chosen && (std::string(chosen) == "all" || std::string(chosen) == "prestage");
        const bool onlyPrestage = chosen && std::string(chosen) == "prestage";
        const bool prestages = operation == "install";
        std::vector<std::string> points;
        if (!onlyPrestage) {
            points.push_back("commit");
            const std::size_t want = everyPoint ? engine.size() : std::size_t(minimum) + (prestages ? 0 : 10);
            for (std::size_t k = 0; k < std::min(want, engine.size()); ++k)
                points.push_back(engine[want >= engine.size() ? k : k * (engine.size() - 1) / (want - 1)]);
        }
        // The one-pass install stages while it verifies, before the engine: a kill at each
        // archive entry handed over (every second one by default), up to the first index past
        // the last entry.
        if (prestages)
            for (int i = 0; i < 64; i += everyPoint ? 1 : 2)
                points.push_back("prestage:" + std::to_string(i));
        int killed = 0, unreached = 0, prestaged = 0, runs = 1;
        for (const std::string& point : points) {
            restore();
            ::SetEnvironmentVariableW(L"CUDNN_SETUP_TEST_KILL_AT", win::widen(point).c_str());
            const auto run = runCli(args);
            ::SetEnvironmentVariableW(L"CUDNN_SETUP_TEST_KILL_AT", nullptr);
            ++runs;
            std::error_code ec;
            if (!fs::exists(kState + "\\journal.json", ec)) {
                // Not reached: the point lies past the last archive entry.
                ASSERT_EQ(run.exitCode, 0) << point << ": " << run.out << run.err;
                check(snapshot(), true, before, complete, point);
                ++unreached;
                if (point.rfind("prestage:", 0) == 0)
                    break;  // past the last entry (they come last)
                continue;
            }
            // Terminated at the point (by runProgram, from outside): no destructor, no flush, no atexit ran.
            ASSERT_EQ(run.exitCode, 137) << point << ": " << run.out << run.err;
            ++killed;
            if (point.rfind("prestage:", 0) == 0)
                ++prestaged;
            const auto r = runCli({"--json", "--state-dir", kState, "recover"});
            ++runs;
            ASSERT_EQ(r.exitCode, 0) << point << ": " << r.out << r.err;
            ASSERT_FALSE(fs::exists(kState + "\\journal.json", ec)) << point;
            check(snapshot(), point == "commit", before, complete, point);
            if (HasFailure())
                return;
        }
        const double seconds =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
        std::printf("crash points: %s (Wine, TerminateProcess from outside, registry PATH): %d killed and recovered (%d "
                    "operations, %d kills while staging during verification; %d points not reached; %d runs of the "
                    "tool in %.0f s, %.2f s each)\n",
                    operation.c_str(), killed, ops, prestaged, unreached, runs, seconds, seconds / runs);
        std::fflush(stdout);
        if (prestages) {
            EXPECT_GE(prestaged, everyPoint ? 20 : 10);  // one per archive entry (or every second)
        }
        if (!onlyPrestage) {
            EXPECT_GE(killed, minimum);
        }
    }

    winetest::ScratchDir m_scratch{"crashpoints"};
    std::string m_archive;
    PathValue m_pathSaved, m_pathBefore;
};

}  // namespace

// The harness itself: every point is a run of the tool, and a run must end when the tool has.
TEST(RunProgram, EndsWhenTheProgramHasEndedThoughACopyOfItsOutputLivesOn)
{
    const auto self = winetest::thisProgram();
    const auto started = std::chrono::steady_clock::now();
    const auto r = winetest::runProgram(self, {"--leave-child", "15000"});
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    EXPECT_EQ(r.exitCode, 0) << r.err;
    EXPECT_FALSE(r.timedOut);
    EXPECT_NE(r.out.find("child started"), std::string::npos) << r.out << r.err;
    // Read to the end of file it would take the child's 15 s; the run is over 5 s after the program.
    EXPECT_LT(seconds, 11.0);
}

TEST(RunProgram, EndsAProgramStillRunningAtTheLimit)
{
    const auto self = winetest::thisProgram();
    const auto started = std::chrono::steady_clock::now();
    const auto r = winetest::runProgram(self, {"--sleep", "60000"}, std::chrono::seconds(3));
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    EXPECT_TRUE(r.timedOut);
    EXPECT_EQ(r.exitCode, 124);
    EXPECT_NE(r.err.find("still running after 3 s"), std::string::npos) << r.err;
    EXPECT_LT(seconds, 30.0);
}

TEST_F(CrashPoints, Install)
{
    killAtEveryOperation("install", 50);
}

TEST_F(CrashPoints, Uninstall)
{
    killAtEveryOperation("uninstall", 20);
}

TEST_F(CrashPoints, Repair)
{
    killAtEveryOperation("repair", 20);
}
