// End to end under Wine: cudnn-setup-cli.exe against generated archives, a toolkit
// at the Windows default location with its registry key and CUDA_PATH_V11_3, the
// system PATH in the prefix's registry, a kill mid-install, and validate against
// a test-double cuDNN whose sub-library misses a DLL.

#include "clirun.h"
#include "machinestate.h"
#include "winetest.h"

#include "fixtures/archivebuilder.h"
#include "fixtures/pebuilder.h"
#include "fixtures/toolkitbuilder.h"
#include "platform/win32.h"
#include "platform/winsystempath.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>

using namespace cudnnsetup;
using winetest::readSystemPath;
using winetest::runCli;
using winetest::writeSystemPath;

namespace {

const std::string kToolkit = "C:\\Program Files\\NVIDIA GPU Computing Toolkit\\CUDA\\v11.3";
const std::string kOtherBin = "C:\\Program Files\\NVIDIA GPU Computing Toolkit\\CUDA\\v10.2\\bin";
const std::string kState = "C:\\ProgramData\\cudnn-setup-e2e";

class EndToEnd : public ::testing::Test {
protected:
    void SetUp() override
    {
        m_pathSaved = readSystemPath(&m_pathTypeSaved);
        fixtures::ToolkitSpec spec;
        spec.cuda = "11.3.109";
        fixtures::buildToolkit(kToolkit, spec);
        win::Key key;
        ASSERT_EQ(::RegCreateKeyExW(HKEY_LOCAL_MACHINE,
                                    L"SOFTWARE\\NVIDIA Corporation\\GPU Computing Toolkit\\CUDA\\v11.3", 0, nullptr,
                                    0, KEY_SET_VALUE | KEY_WOW64_64KEY, nullptr, key.put(), nullptr),
                  ERROR_SUCCESS);
        const std::wstring dir = win::widen(kToolkit);
        ::RegSetValueExW(key.get(), L"InstallDir", 0, REG_SZ, reinterpret_cast<const BYTE*>(dir.c_str()),
                         static_cast<DWORD>((dir.size() + 1) * sizeof(wchar_t)));
        ::SetEnvironmentVariableW(L"CUDA_PATH_V11_3", dir.c_str());
        fixtures::ReleaseSpec release;  // 8.2.0.53 for CUDA 11.3, NVIDIA's 8.2 layout
        // Not NVIDIA's file name: the catalog knows the official hashes and would call it a mismatch.
        m_archive = (m_scratch.path() / ("generated-" + fixtures::releaseArchiveName(release))).string();
        std::string error;
        ASSERT_TRUE(fixtures::writeZip(m_archive, fixtures::cudnnWindowsRelease(release), &error)) << error;
        // A PATH as Windows has it, plus an older CUDA bin that the install must get ahead of.
        writeSystemPath(L"%SystemRoot%\\system32;%SystemRoot%;%SystemRoot%\\System32\\Wbem;" + win::widen(kOtherBin),
                     REG_EXPAND_SZ);
    }
    void TearDown() override
    {
        writeSystemPath(m_pathSaved, m_pathTypeSaved);
        ::RegDeleteTreeW(HKEY_LOCAL_MACHINE, L"SOFTWARE\\NVIDIA Corporation");
        ::SetEnvironmentVariableW(L"CUDA_PATH_V11_3", nullptr);
        ::SetEnvironmentVariableW(L"CUDNN_SETUP_TEST_OP_DELAY_MS", nullptr);
        std::error_code ec;
        std::filesystem::remove_all("C:\\Program Files\\NVIDIA GPU Computing Toolkit", ec);
        std::filesystem::remove_all(kState, ec);
    }

    winetest::ScratchDir m_scratch{"e2e"};
    std::string m_archive;
    std::wstring m_pathSaved;
    DWORD m_pathTypeSaved = 0;
};

}  // namespace

TEST_F(EndToEnd, VerifyIdentifiesAGeneratedArchiveAndRejectsAnIncompleteOne)
{
    const auto ok = runCli({"--json", "verify", m_archive});
    ASSERT_EQ(ok.exitCode, 0) << ok.out << ok.err;
    const auto doc = ok.json();
    ASSERT_FALSE(doc.is_discarded()) << ok.out;
    EXPECT_TRUE(doc["ok"].get<bool>());
    EXPECT_EQ(doc["release"]["cudnn"], "8.2.0.53");
    bool sawDll = false;
    for (const auto& e : doc["entries"])
        if (e["path"] == "cuda/bin/cudnn64_8.dll") {
            sawDll = true;
            EXPECT_EQ(e["kind"], "dll");
            EXPECT_EQ(e["version"], "8.2.0.53");
        }
    EXPECT_TRUE(sawDll) << ok.out;

    fixtures::ReleaseSpec broken;
    broken.omit = {"cudnn_cnn_infer64_8.dll"};
    const std::string bad = (m_scratch.path() / ("incomplete-" + fixtures::releaseArchiveName(broken))).string();
    std::string error;
    ASSERT_TRUE(fixtures::writeZip(bad, fixtures::cudnnWindowsRelease(broken), &error)) << error;
    const auto refused = runCli({"--json", "verify", bad});
    EXPECT_EQ(refused.exitCode, 1) << refused.out;
    EXPECT_NE(refused.out.find("missing-file"), std::string::npos) << refused.out;
    EXPECT_NE(refused.out.find("cudnn_cnn_infer64_8.dll"), std::string::npos) << refused.out;
}

TEST_F(EndToEnd, DetectFindsTheToolkitFromRegistryAndCudaPathV113)
{
    const auto r = runCli({"--json", "detect"});
    const auto doc = r.json();
    ASSERT_FALSE(doc.is_discarded()) << r.out << r.err;
    bool found = false;
    for (const auto& tk : doc["toolkits"]) {
        if (tk["path"].get<std::string>() != kToolkit)
            continue;
        found = true;
        EXPECT_EQ(tk["version"].get<std::string>().rfind("11.3", 0), 0u) << tk.dump();
        EXPECT_EQ(tk["layout"], "windows");
        const std::string sources = tk["sources"].dump();
        EXPECT_NE(sources.find("registry"), std::string::npos) << sources;
        EXPECT_NE(sources.find("CUDA_PATH_V11_3"), std::string::npos) << sources;
    }
    EXPECT_TRUE(found) << r.out;
}

TEST_F(EndToEnd, InstallPutsTheBinFirstAsExpandStringAndUninstallRestoresExactly)
{
    const auto filesBefore = winetest::snapshotFiles(kToolkit);
    DWORD typeBefore = 0;
    const std::wstring pathBefore = readSystemPath(&typeBefore);

    const auto in = runCli({"--json", "--state-dir", kState, "install", m_archive, "--toolkit", kToolkit,
                            "--allow-unknown"});
    ASSERT_EQ(in.exitCode, 0) << in.out << in.err;
    EXPECT_TRUE(std::filesystem::exists(kToolkit + "\\bin\\cudnn64_8.dll"));
    EXPECT_TRUE(std::filesystem::exists(kToolkit + "\\include\\cudnn_version.h"));
    DWORD type = 0;
    const std::string path = win::narrow(readSystemPath(&type));
    EXPECT_EQ(type, static_cast<DWORD>(REG_EXPAND_SZ));
    const auto ours = path.find(kToolkit + "\\bin");
    ASSERT_NE(ours, std::string::npos) << path;
    EXPECT_LT(ours, path.find(kOtherBin)) << path;
    EXPECT_EQ(path.rfind("%SystemRoot%\\system32;%SystemRoot%;", 0), 0u) << path;
    // What a registry detection rule reads (HKLM\SOFTWARE\cudnn-setup\Toolkits), and the file.
    EXPECT_EQ(winetest::summaryValue(kToolkit, L"CudnnVersion"), "8.2.0.53") << in.out;
    EXPECT_EQ(winetest::summaryValue(kToolkit, L"State"), "install");
    EXPECT_EQ(winetest::summaryValue(kToolkit, L"ArchiveSha256").size(), 64u);
    EXPECT_TRUE(std::filesystem::exists(kState + "\\summary.json"));

    const auto un = runCli({"--json", "--state-dir", kState, "uninstall", "--toolkit", kToolkit});
    ASSERT_EQ(un.exitCode, 0) << un.out << un.err;
    EXPECT_EQ(winetest::summaryValue(kToolkit, L"CudnnVersion"), "");
    EXPECT_FALSE(std::filesystem::exists(kState + "\\summary.json"));
    EXPECT_EQ(winetest::snapshotFiles(kToolkit), filesBefore);
    DWORD typeAfter = 0;
    EXPECT_EQ(readSystemPath(&typeAfter), pathBefore);
    EXPECT_EQ(typeAfter, typeBefore);
}

TEST_F(EndToEnd, RecoverAfterTheInstallIsKilled)
{
    const auto filesBefore = winetest::snapshotFiles(kToolkit);
    DWORD typeBefore = 0;
    const std::wstring pathBefore = readSystemPath(&typeBefore);
    // Slow each operation down so the kill lands between placed files.
    ::SetEnvironmentVariableW(L"CUDNN_SETUP_TEST_OP_DELAY_MS", L"150");
    {
        winetest::CliProcess install({"--json", "--state-dir", kState, "install", m_archive, "--toolkit", kToolkit,
                                      "--allow-unknown"});
        bool placed = false;
        for (int i = 0; i < 1200 && install.running(); ++i) {
            if (std::filesystem::exists(kState + "\\journal.json") &&
                std::filesystem::exists(kToolkit + "\\bin\\cudnn_adv_infer64_8.dll")) {
                placed = true;
                break;
            }
            ::Sleep(25);
        }
        // While it runs, its journal is live: `recover` must leave it alone.
        const auto busy = placed && install.running() ? runCli({"--json", "--state-dir", kState, "recover"})
                                                      : winetest::CliResult{};
        install.kill();
        ASSERT_TRUE(placed) << "the install ended before a file was placed " << install.startLog();
        ASSERT_EQ(busy.exitCode, 3) << "the install ended before recover ran, or recover did not see it: " << busy.out
                                    << busy.err;
        EXPECT_NE(busy.out.find("\"busy\""), std::string::npos) << busy.out;
    }
    ::SetEnvironmentVariableW(L"CUDNN_SETUP_TEST_OP_DELAY_MS", nullptr);
    ASSERT_TRUE(std::filesystem::exists(kState + "\\journal.json"));
    EXPECT_NE(winetest::snapshotFiles(kToolkit), filesBefore);

    const auto r = runCli({"--json", "--state-dir", kState, "recover"});
    ASSERT_EQ(r.exitCode, 0) << r.out << r.err;
    EXPECT_TRUE(r.json()["rolled_back"].get<bool>()) << r.out;
    EXPECT_EQ(winetest::snapshotFiles(kToolkit), filesBefore);
    DWORD typeAfter = 0;
    EXPECT_EQ(readSystemPath(&typeAfter), pathBefore);
    EXPECT_EQ(typeAfter, typeBefore);
}

TEST_F(EndToEnd, ValidateNamesTheSubLibraryWhoseDependencyIsMissing)
{
    // A mingw-built stand-in for cudnn64_8.dll (exports cudnnGetVersion, VERSIONINFO
    // 8.2.0.53) beside sub-libraries; cudnn_cnn_infer64_8.dll imports a DLL that
    // does not exist, which Windows reports as error 126.
    const std::filesystem::path bin = std::filesystem::path(kToolkit) / "bin";
    std::filesystem::copy_file(winetest::testDll("cstest_versioned.dll"), bin / "cudnn64_8.dll");
    for (const char* sub : {"cudnn_ops_infer64_8.dll", "cudnn_ops_train64_8.dll", "cudnn_adv_infer64_8.dll",
                            "cudnn_adv_train64_8.dll", "cudnn_cnn_train64_8.dll"})
        std::filesystem::copy_file(winetest::testDll("cstest_versioned.dll"), bin / sub);
    std::filesystem::copy_file(winetest::testDll("cstest_needsmissing.dll"), bin / "cudnn_cnn_infer64_8.dll");
    // An 8.2 header: 8.2 never loads zlibwapi.dll, so the failure must not be blamed on it.
    const auto include = std::filesystem::path(kToolkit) / "include";
    std::filesystem::create_directories(include);
    std::ofstream(include / "cudnn_version.h") << "#define CUDNN_MAJOR 8\n#define CUDNN_MINOR 2\n#define CUDNN_PATCHLEVEL 0\n";
    const auto r = runCli({"--json", "validate", "--toolkit", kToolkit});
    EXPECT_EQ(r.exitCode, 1) << r.out << r.err;
    const auto doc = r.json();
    ASSERT_FALSE(doc.is_discarded()) << r.out << r.err;
    bool named = false;
    for (const auto& p : doc["problems"])
        if (p["message"].get<std::string>().find("cudnn_cnn_infer64_8.dll") != std::string::npos) {
            named = true;
            EXPECT_EQ(p["code"].get<std::string>(), "sublibrary-load-failed") << p.dump();
        }
    EXPECT_TRUE(named) << r.out;
}

TEST_F(EndToEnd, InstallOverADllHeldOpenRollsBackAndSaysItIsInUse)
{
    // An older cudnn64_8.dll that a running program holds open without FILE_SHARE_DELETE
    // (as a process that loaded it does): the install must not half-replace the toolkit.
    fixtures::PeOptions old;
    old.fileVersion = "8.1.1.33";
    const auto image = fixtures::buildPe(old);
    const std::string held = kToolkit + "\\bin\\cudnn64_8.dll";
    std::filesystem::create_directories(kToolkit + "\\bin");
    std::ofstream(held, std::ios::binary).write(reinterpret_cast<const char*>(image.data()),
                                                static_cast<std::streamsize>(image.size()));
    const auto filesBefore = winetest::snapshotFiles(kToolkit);
    DWORD typeBefore = 0;
    const std::wstring pathBefore = readSystemPath(&typeBefore);

    win::FileHandle holder(::CreateFileW(win::widen(held).c_str(), GENERIC_READ, FILE_SHARE_READ, nullptr, OPEN_EXISTING,
                                     FILE_ATTRIBUTE_NORMAL, nullptr));
    ASSERT_TRUE(holder.get() != INVALID_HANDLE_VALUE);
    const auto r = runCli({"--json", "--state-dir", kState, "install", m_archive, "--toolkit", kToolkit,
                           "--allow-unknown"});
    EXPECT_EQ(r.exitCode, 3) << r.out << r.err;
    const auto doc = r.json();
    ASSERT_FALSE(doc.is_discarded()) << r.out << r.err;
    bool inUse = false;
    for (const auto& p : doc["problems"])
        if (p["code"] == "file-in-use" && p["message"].get<std::string>().find("cudnn64_8.dll") != std::string::npos)
            inUse = true;
    EXPECT_TRUE(inUse) << r.out;
    holder.reset();
    EXPECT_EQ(winetest::snapshotFiles(kToolkit), filesBefore);
    DWORD typeAfter = 0;
    EXPECT_EQ(readSystemPath(&typeAfter), pathBefore);
    EXPECT_EQ(typeAfter, typeBefore);
}

// Issue 12, the design change under Wine: the helper gets only the intent. Another digest
// (the toolkit or the archive changed since the review) is refused with nothing changed; the
// reviewed one is applied, and the outcome waits in the admin-only state folder (no %TEMP% file).
TEST_F(EndToEnd, HelperAppliesOnlyTheReviewedPlan)
{
    const auto dry = runCli({"--json", "--state-dir", kState, "install", m_archive, "--toolkit", kToolkit,
                             "--allow-unknown", "--dry-run"});
    ASSERT_EQ(dry.exitCode, 0) << dry.out << dry.err;
    const auto doc = dry.json();
    const std::string toolkit = doc["plan"]["toolkit"].get<std::string>();
    const std::string tx = doc["plan"]["transaction"].get<std::string>();
    const std::string digest = doc["plan_digest"].get<std::string>();
    ASSERT_EQ(digest.size(), 64u);
    const auto before = winetest::snapshotFiles(kToolkit);
    DWORD type = 0;
    const std::wstring pathBefore = readSystemPath(&type);
    // The helper's own command line (install/helperargs.h); its state folder, in this build made
    // for tests, the one the hook names.
    auto helper = [&](const std::string& d, const std::string& tk) {
        ::SetEnvironmentVariableW(L"CUDNN_SETUP_TEST_HELPER_STATE_DIR", win::widen(kState).c_str());
        auto r = runCli({"elevated-apply", "--operation", "install", "--archive", m_archive, "--toolkit", tk,
                         "--allow-unknown", "--transaction", tx, "--plan-digest", d});
        ::SetEnvironmentVariableW(L"CUDNN_SETUP_TEST_HELPER_STATE_DIR", nullptr);
        return r;
    };
    const auto other = helper(std::string(64, 'a'), toolkit);
    EXPECT_EQ(other.exitCode, 3) << other.out << other.err;
    EXPECT_NE(other.out.find("plan-changed"), std::string::npos) << other.out;
    EXPECT_EQ(winetest::snapshotFiles(kToolkit), before);
    EXPECT_EQ(readSystemPath(&type), pathBefore);
    const auto root = helper(digest, "C:/");
    EXPECT_EQ(root.exitCode, 2) << root.out << root.err;
    EXPECT_NE(root.out.find("not-a-toolkit"), std::string::npos) << root.out;
    const auto ok = helper(digest, toolkit);
    ASSERT_EQ(ok.exitCode, 0) << ok.out << ok.err;
    EXPECT_TRUE(std::filesystem::exists(kToolkit + "\\bin\\cudnn64_8.dll"));
    const std::string outcome = winetest::readFile(kState + "\\helper-outcome.json");
    EXPECT_NE(outcome.find(tx), std::string::npos) << outcome;
    const auto un = runCli({"--json", "--state-dir", kState, "uninstall", "--toolkit", kToolkit});
    EXPECT_EQ(un.exitCode, 0) << un.out << un.err;
}

// Issue 12: a journal dropped into the state folder had its undo delete a whole tree and move
// a file out; recover replayed it. Now it is validated like a plan first and left alone.
TEST_F(EndToEnd, ForgedJournalIsNotReplayed)
{
    const std::string victim = m_scratch.path().string() + "\\victim";
    std::filesystem::create_directories(victim + "\\tree");
    winetest::writeFile(victim + "\\tree\\keep.txt", "the user's");
    winetest::writeFile(victim + "\\startup.bat", "@echo the user's");
    const auto dry = runCli({"--json", "--state-dir", kState, "install", m_archive, "--toolkit", kToolkit,
                             "--allow-unknown", "--dry-run"});
    ASSERT_EQ(dry.exitCode, 0) << dry.out;
    nlohmann::json plan = dry.json()["plan"];
    nlohmann::json tree{{"op", "create-directory"}, {"path", victim + "\\tree"}, {"work_dir", true}};
    nlohmann::json moveOut{{"op", "place-file"}, {"path", victim + "\\startup.bat"}, {"source", victim + "\\gone.bat"},
                           {"entry", ""}, {"size", 0}, {"crc32", 0}, {"sha256", ""}, {"backup", ""}};
    plan["operations"] = nlohmann::json::array({tree, moveOut});
    std::filesystem::create_directories(kState);
    std::ofstream(kState + "\\journal.json")
        << nlohmann::json{{"format", 1}, {"status", "applying"}, {"started", 1}, {"plan", plan}}.dump();
    const auto r = runCli({"--json", "--state-dir", kState, "recover"});
    EXPECT_EQ(r.exitCode, 5) << r.out << r.err;
    EXPECT_NE(r.out.find("unsafe-plan"), std::string::npos) << r.out;
    EXPECT_EQ(winetest::readFile(victim + "\\tree\\keep.txt"), "the user's");
    EXPECT_EQ(winetest::readFile(victim + "\\startup.bat"), "@echo the user's");
    std::error_code ec;
    std::filesystem::remove(kState + "\\journal.json", ec);
}
