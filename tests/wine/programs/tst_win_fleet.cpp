// A fleet machine as a deployment tool (Intune, MECM, winget) leaves it (issue 28): the real NSIS
// package that package.nsis built, installed silently with /CONFIG= naming a desired state (the
// newest cuDNN for the toolkit from a folder mirror laid out like NVIDIA's redist tree, the
// licence accepted, on PATH); the installer runs apply,
// which installs cuDNN; the registry detection values are there, `apply --check` says 0, a second
// apply changes nothing, configs that cannot be met fail with their codes and change nothing; the
// QuietUninstallString, run as the tool runs it, undoes the cuDNN install (toolkit files and the
// system PATH byte-identical), and leaves no file, key or summary of ours. The same with the MSI,
// which runs no custom action: msiexec /i, then apply by command (what a second deployment type or
// a scheduled task runs) of one vetted archive named with its SHA-256, uninstall --all, msiexec /x.
//   CUDNN_SETUP_FLEET_SETUP=<the installer> CUDNN_SETUP_FLEET_MSI=<the MSI> tst_win_fleet.exe (Windows paths)
//   (tests/wine/CMakeLists.txt: package.fleet, after package.nsis built it)
#include "winetest.h"
#include "clirun.h"
#include "machinestate.h"

#include "common/digest.h"
#include "fixtures/archivebuilder.h"
#include "fixtures/toolkitbuilder.h"
#include "platform/winsystempath.h"
#include "platform/win32.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <thread>

using namespace cudnnsetup;
using winetest::runProgram;

namespace {

const std::string kToolkit = "C:\\fleet-test\\CUDA\\v11.3";
const std::string kApp = "C:\\fleet-test\\app";
const std::wstring kUninstallKey = L"Software\\Microsoft\\Windows\\CurrentVersion\\Uninstall\\cudnn-setup";

std::wstring readPathRaw()
{
    win::Key key;
    ::RegOpenKeyExW(HKEY_LOCAL_MACHINE, kSystemEnvironmentKey, 0, KEY_QUERY_VALUE | KEY_WOW64_64KEY, key.put());
    DWORD bytes = 0, type = 0;
    ::RegQueryValueExW(key.get(), L"Path", nullptr, &type, nullptr, &bytes);
    std::wstring text(bytes / sizeof(wchar_t), L'\0');
    ::RegQueryValueExW(key.get(), L"Path", nullptr, &type, reinterpret_cast<BYTE*>(text.data()), &bytes);
    return text;
}

std::string writeConfig(const std::filesystem::path& file, const nlohmann::json& config)
{
    winetest::writeFile(file, config.dump(2));
    return file.string();
}

class Fleet : public ::testing::Test {
protected:
    void SetUp() override
    {
        const char* setup = std::getenv("CUDNN_SETUP_FLEET_SETUP");
        const char* msi = std::getenv("CUDNN_SETUP_FLEET_MSI");
        ASSERT_TRUE(setup && *setup && msi && *msi) << "CUDNN_SETUP_FLEET_SETUP / _MSI name no package (package.fleet sets them)";
        m_setup = setup;
        m_msi = msi;
        fixtures::ToolkitSpec spec;
        spec.cuda = "11.3.109";
        fixtures::buildToolkit(kToolkit, spec);
        fixtures::ReleaseSpec release;  // 8.2.0.53 for CUDA 11.3; not NVIDIA's name, so the catalog stays out
        m_archive = (m_scratch.path() / ("vetted-" + fixtures::releaseArchiveName(release))).string();
        std::string error;
        ASSERT_TRUE(fixtures::writeZip(m_archive, fixtures::cudnnWindowsRelease(release), &error)) << error;
        m_sha256 = digestFile(m_archive)->sha256;
        // The mirror: redistrib_8.2.2.99.json beside cudnn\windows-x86_64\<archive>, a release the
        // catalog does not know (so only the manifest vouches for it), for CUDA 11.
        fixtures::ReleaseSpec mirrored;
        mirrored.cudnn = "8.2.2.99";
        mirrored.cuda = "11.4";
        const std::string name = fixtures::releaseArchiveName(mirrored);
        const std::filesystem::path archive = m_scratch.path() / "redist" / "cudnn" / "windows-x86_64" / name;
        std::filesystem::create_directories(archive.parent_path());
        ASSERT_TRUE(fixtures::writeZip(archive.string(), fixtures::cudnnWindowsRelease(mirrored), &error)) << error;
        const nlohmann::json entry{{"relative_path", "cudnn/windows-x86_64/" + name},
                                   {"sha256", digestFile(archive.string())->sha256},
                                   {"size", std::to_string(std::filesystem::file_size(archive))}};
        winetest::writeFile(m_scratch.path() / "redist" / "redistrib_8.2.2.99.json",
                            nlohmann::json{{"release_label", "8.2.2.99"},
                                           {"release_product", "cudnn"},
                                           {"cudnn", {{"version", "8.2.2.99"}, {"windows-x86_64", {{"cuda11", entry}}}}}}
                                .dump(1));
    }
    void TearDown() override
    {
        std::error_code ec;
        std::filesystem::remove_all("C:\\fleet-test", ec);
    }

    winetest::ScratchDir m_scratch{"fleet"};
    std::string m_setup, m_msi, m_archive, m_sha256;
};

TEST_F(Fleet, InstallWithAConfigConvergesAndTheQuietUninstallUndoesEverything)
{
    const auto toolkitBefore = winetest::snapshotFiles(kToolkit);
    const std::wstring pathBefore = readPathRaw();
    const std::string config = writeConfig(m_scratch / "desired.json",
                                           {{"schema", 1},
                                            {"cudnn", "newest"},
                                            {"source", {{"from", "mirror"}, {"mirror", (m_scratch.path() / "redist").string()}}},
                                            {"toolkits", {kToolkit}},
                                            {"path", true},
                                            {"accept_license", true},
                                            {"download_to", (m_scratch.path() / "downloads").string()}});

    // The installer as a deployment tool runs it; it ends with apply's exit code.
    ASSERT_TRUE(std::filesystem::exists(m_setup)) << m_setup << " is not there: package.nsis builds it";
    const auto setup = runProgram(m_setup, {"/S", "/CONFIG=" + config, "/D=" + kApp});
    ASSERT_EQ(setup.exitCode, 0) << setup.out << setup.err;
    EXPECT_TRUE(std::filesystem::exists(kToolkit + "\\bin\\cudnn64_8.dll"));
    EXPECT_NE(win::narrow(readPathRaw()).find(kToolkit + "\\bin"), std::string::npos);
    EXPECT_EQ(winetest::summaryValue(kToolkit, L"CudnnVersion"), "8.2.2.99");  // the registry detection rule's value

    // The detection script: apply --check, 0 when there.
    const std::filesystem::path cli = kApp + "\\cudnn-setup-cli.exe";
    const std::string installed = kApp + "\\config.json";
    EXPECT_EQ(runProgram(cli, {"apply", "--config", installed, "--check"}).exitCode, 0);

    // A second apply changes nothing.
    const auto converged = winetest::snapshotFiles(kToolkit);
    const std::wstring pathConverged = readPathRaw();
    const auto again = runProgram(cli, {"--json", "apply", "--config", installed});
    ASSERT_EQ(again.exitCode, 0) << again.out << again.err;
    EXPECT_EQ(again.json()["apply"]["toolkits"][0]["state"], "in-desired-state") << again.out;
    EXPECT_EQ(winetest::snapshotFiles(kToolkit), converged);
    EXPECT_EQ(readPathRaw(), pathConverged);

    // States that cannot be reached: each fails with its code and changes nothing.
    const std::string noToolkit = writeConfig(m_scratch / "no-toolkit.json",
                                              {{"schema", 1},
                                               {"source", {{"from", "archive"}, {"archive", m_archive}, {"sha256", m_sha256}}},
                                               {"toolkits", {"C:\\fleet-test\\CUDA\\v99.9"}}});
    EXPECT_EQ(runProgram(cli, {"apply", "--config", noToolkit}).exitCode, 2);
    std::string otherHash = m_sha256;
    otherHash[0] = otherHash[0] == '0' ? '1' : '0';
    const std::string wrongHash = writeConfig(m_scratch / "wrong-hash.json",
                                              {{"schema", 1},
                                               {"source", {{"from", "archive"}, {"archive", m_archive}, {"sha256", otherHash}}},
                                               {"toolkits", {kToolkit}}});
    EXPECT_EQ(runProgram(cli, {"apply", "--config", wrongHash}).exitCode, 1);
    EXPECT_EQ(winetest::snapshotFiles(kToolkit), converged);
    EXPECT_EQ(readPathRaw(), pathConverged);

    // The QuietUninstallString from the uninstall key, run as the tool runs it. NSIS's uninstaller
    // copies itself to %TEMP% and runs from there: the folder going is the end of it.
    const std::string quiet = winetest::machineText(kUninstallKey, L"QuietUninstallString");
    ASSERT_EQ(quiet.rfind('"', 0), 0u) << quiet;
    const std::string exe = quiet.substr(1, quiet.find('"', 1) - 1);
    const auto un = runProgram(exe, {"/S"});
    EXPECT_EQ(un.exitCode, 0) << un.out << un.err;
    for (int i = 0; i < 300 && std::filesystem::exists(kApp); ++i)
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
    EXPECT_FALSE(std::filesystem::exists(kApp)) << "the uninstall left " << kApp;
    EXPECT_EQ(winetest::snapshotFiles(kToolkit), toolkitBefore);
    EXPECT_EQ(readPathRaw(), pathBefore);
    EXPECT_EQ(winetest::summaryValue(kToolkit, L"CudnnVersion"), "");
    EXPECT_EQ(winetest::machineText(kUninstallKey, L"DisplayName"), "");
}

TEST_F(Fleet, TheMsiThenApplyByCommandThenUninstallAllAndMsiexecX)
{
    ASSERT_TRUE(std::filesystem::exists(m_msi)) << m_msi << " is not there: package.msi builds it";
    const auto toolkitBefore = winetest::snapshotFiles(kToolkit);
    const std::wstring pathBefore = readPathRaw();
    const std::filesystem::path msiexec = "C:\\windows\\system32\\msiexec.exe";
    const auto in = runProgram(msiexec, {"/i", m_msi, "/qn"});
    ASSERT_EQ(in.exitCode, 0) << in.out << in.err;
    const std::filesystem::path cli = "C:\\Program Files\\cudnn-setup\\cudnn-setup-cli.exe";
    ASSERT_TRUE(std::filesystem::exists(cli));

    const std::string config = writeConfig(m_scratch / "share-fleet.json",
                                           {{"schema", 1},
                                            {"source", {{"from", "archive"}, {"archive", m_archive}, {"sha256", m_sha256}}},
                                            {"toolkits", {kToolkit}},
                                            {"path", false}});
    EXPECT_EQ(runProgram(cli, {"apply", "--config", config, "--check"}).exitCode, 1);
    const auto applied = runProgram(cli, {"apply", "--config", config});
    ASSERT_EQ(applied.exitCode, 0) << applied.out << applied.err;
    EXPECT_TRUE(std::filesystem::exists(kToolkit + "\\bin\\cudnn64_8.dll"));
    EXPECT_EQ(readPathRaw(), pathBefore);  // "path": false
    EXPECT_EQ(winetest::summaryValue(kToolkit, L"CudnnVersion"), "8.2.0.53");
    EXPECT_EQ(runProgram(cli, {"apply", "--config", config, "--check"}).exitCode, 0);

    // The MSI places files only: the cuDNN installs go by the tool first (docs/deploy.md).
    EXPECT_EQ(runProgram(cli, {"uninstall", "--all"}).exitCode, 0);
    const auto out = runProgram(msiexec, {"/x", m_msi, "/qn"});
    EXPECT_EQ(out.exitCode, 0) << out.out << out.err;
    EXPECT_FALSE(std::filesystem::exists(cli));
    EXPECT_EQ(winetest::snapshotFiles(kToolkit), toolkitBefore);
    EXPECT_EQ(readPathRaw(), pathBefore);
    EXPECT_EQ(winetest::summaryValue(kToolkit, L"CudnnVersion"), "");
}

}  // namespace
