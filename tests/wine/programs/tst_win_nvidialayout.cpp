// NVIDIA's installer layout under Wine (issue 27): the Windows-only half of install --nvidia-layout,
// repair --cudnn-root and uninstall --cudnn-root, which the Linux-host tests (tests/cli/
// tst_cli_nvidialayout.cpp) cannot reach: the default root in the prefix's real %ProgramFiles%, the
// %ProgramFiles% rule, the registry's system PATH, real folder permissions and detect's search order.
//  1. A generated cuDNN 9.19 / cuda12 zip installed with --nvidia-layout and no --cudnn-root: the
//     tree in %ProgramFiles%\NVIDIA\CUDNN\v9.19, the registry PATH gains exactly bin\12.9\x64, detect
//     says a program started now loads it and a child's LoadLibraryW does; uninstall takes all of it
//     away (NVIDIA and CUDNN too: the install made them) and the PATH is byte-identical.
//  2. NVIDIA's own install with one DLL zero-filled and one missing: detect names both, repair
//     restores them from the same zip, uninstall puts back exactly the damaged tree.
//  3. A root outside %ProgramFiles% (C:\NVIDIA\CUDNN\v9.19) is refused with exit 2, nothing made.
// The detect text before and after case 1's install is saved under wine-tests/tst_win_nvidialayout/
// and printed.

#include "clirun.h"
#include "machinestate.h"
#include "winetest.h"

#include "fixtures/archivebuilder.h"
#include "fixtures/toolkitbuilder.h"
#include "platform/win32.h"
#include "platform/winsystempath.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cwctype>
#include <filesystem>
#include <iostream>
#include <map>
#include <memory>
#include <set>

using namespace cudnnsetup;
using winetest::loadedByNewProgram;
using winetest::readSystemPath;
using winetest::runCli;
using winetest::treeOf;
using winetest::writeSystemPath;
namespace fs = std::filesystem;

namespace {

const std::string kState = "C:\\ProgramData\\cudnn-setup-nvidialayout";
const std::string kArchiveTop = "cudnn-windows-x86_64-9.19.0.56_cuda12-archive/";

// The prefix's %ProgramFiles%, as the tool reads it (not a spelling of ours).
std::string programFiles()
{
    wchar_t buffer[MAX_PATH] = {};
    const DWORD n = ::GetEnvironmentVariableW(L"ProgramFiles", buffer, MAX_PATH);
    return n > 0 && n < MAX_PATH ? win::narrow(buffer) : std::string();
}

// A folder as Windows compares it: '\' separated, no trailing separator, case-folded.
std::wstring folderKey(const std::string& dir)
{
    std::wstring w = win::widen(dir);
    std::replace(w.begin(), w.end(), L'/', L'\\');
    while (w.size() > 3 && w.back() == L'\\')
        w.pop_back();
    std::transform(w.begin(), w.end(), w.begin(), [](wchar_t c) { return static_cast<wchar_t>(std::towlower(c)); });
    return w;
}

std::string listing(const std::map<std::string, std::string>& tree)
{
    std::string out;
    for (const auto& [path, content] : tree)
        out += path + (content == "<dir>" ? "\\" : " (" + std::to_string(content.size()) + " bytes)") + "\n";
    return out;
}

// The detect text, saved for the closing note and printed.
std::string detectText(const std::string& name)
{
    const auto r = runCli({"detect"});
    const auto dir = winetest::programDir() / "tst_win_nvidialayout";
    fs::create_directories(dir);
    winetest::writeFile(dir / (name + ".txt"), r.out);
    std::cout << "---- detect " << name << " ----\n" << r.out << "---- end ----" << std::endl;
    return r.out;
}

// detect --json's entry for the variant folder `bin` (null when detect lists none there).
nlohmann::json detectedVariant(const nlohmann::json& doc, const std::string& bin)
{
    for (const auto& v : doc["cudnn_installs"])
        if (folderKey(v["bin_dir"].get<std::string>()) == folderKey(bin))
            return v;
    return nullptr;
}

// detect's findings (problems and warnings) that name `file`.
std::vector<std::string> findingsAbout(const nlohmann::json& doc, const std::string& file)
{
    std::vector<std::string> out;
    for (const char* list : {"problems", "warnings"})
        for (const auto& p : doc[list]) {
            const std::string text = p.dump();
            if (text.find(file) != std::string::npos)
                out.push_back(p.value("code", std::string()));
        }
    return out;
}

class NvidiaLayout : public ::testing::Test {
protected:
    // One generated zip for every case (it takes most of a second to write). NVIDIA's own file name:
    // the default root comes from the release that name says. The catalog knows no hash for this
    // name (cuda12 9.19.0.56 is not in resources/catalog/hashes.tsv), so it is an archive of
    // unknown origin (--allow-unknown), not a mismatch.
    static void SetUpTestSuite()
    {
        s_scratch = std::make_unique<winetest::ScratchDir>("nvidialayout");
        fixtures::ReleaseSpec release;
        release.cudnn = "9.19.0.56";
        release.cuda = "12";
        release.everyDllRdataStrings = std::vector<std::string>{"cublasLt64_12.dll", "nvrtc64_120_0.dll"};
        // The main DLL is a real, loadable one (dlls/cudnn919.c, FileVersion 9.19.0.56): the child's
        // LoadLibraryW then proves which copy the search finds.
        release.omit = {"cudnn64_9.dll"};
        const std::string dll = winetest::readFile(winetest::testDll("cstest_cudnn919.dll"));
        fixtures::ArchiveFile main;
        main.name = kArchiveTop + "bin/x64/cudnn64_9.dll";
        main.data.assign(dll.begin(), dll.end());
        release.extra.push_back(std::move(main));
        s_archive = (s_scratch->path() / fixtures::releaseArchiveName(release)).string();
        std::string error;
        ASSERT_TRUE(fixtures::writeZip(s_archive, fixtures::cudnnWindowsRelease(release), &error)) << error;
    }
    static void TearDownTestSuite() { s_scratch.reset(); }

    void SetUp() override
    {
        ASSERT_FALSE(s_archive.empty());
        m_pathSaved = readSystemPath(&m_pathTypeSaved);
        m_programFiles = programFiles();
        ASSERT_FALSE(m_programFiles.empty());
        m_nvidia = m_programFiles + "\\NVIDIA";
        m_root = m_nvidia + "\\CUDNN\\v9.19";
        m_variant = m_root + "\\bin\\12.9\\x64";
        // The fresh prefix has no NVIDIA folder, but the tests before this one share the prefix and may
        // leave it empty (tst_win_use removes only NVIDIA\CUDNN). Empty, it goes (fs::remove takes no
        // folder with anything in it); anything in it stops the test, so that the TearDown that
        // removes the folder removes only ours, and case 1 sees the install make all three folders.
        std::error_code ec;
        fs::remove(m_nvidia, ec);
        ASSERT_FALSE(fs::exists(m_nvidia)) << m_nvidia << " is there before the test, not empty";
        writeSystemPath(L"%SystemRoot%\\system32;%SystemRoot%;%SystemRoot%\\System32\\Wbem;;C:\\tools", REG_EXPAND_SZ);
    }
    void TearDown() override
    {
        writeSystemPath(m_pathSaved, m_pathTypeSaved);
        std::error_code ec;
        fs::remove_all(m_nvidia, ec);
        fs::remove_all("C:\\NVIDIA", ec);
        fs::remove_all(kState, ec);
    }

    static std::unique_ptr<winetest::ScratchDir> s_scratch;
    static std::string s_archive;
    std::wstring m_pathSaved;
    DWORD m_pathTypeSaved = REG_EXPAND_SZ;
    std::string m_programFiles, m_nvidia, m_root, m_variant;
};

std::unique_ptr<winetest::ScratchDir> NvidiaLayout::s_scratch;
std::string NvidiaLayout::s_archive;

TEST_F(NvidiaLayout, InstallIntoTheDefaultRootLoadsFromItAndUninstallLeavesNothing)
{
    DWORD typeBefore = 0;
    const std::wstring pathBefore = readSystemPath(&typeBefore);
    const auto pfBefore = treeOf(m_programFiles);
    const std::string before = detectText("before");
    EXPECT_EQ(before.find(m_variant), std::string::npos) << before;
    EXPECT_EQ(loadedByNewProgram("cudnn64_9.dll").rfind("(not loaded", 0), 0u);

    // No --cudnn-root: %ProgramFiles%\NVIDIA\CUDNN\v9.19 from the archive's release. In process, as
    // an administrator (the prefix's user is one), so the admin-only checks run on the real folders.
    const auto in = runCli({"--json", "--state-dir", kState, "install", s_archive, "--nvidia-layout", "--allow-unknown"});
    ASSERT_EQ(in.exitCode, 0) << in.out << in.err;
    const auto doc = in.json();
    ASSERT_FALSE(doc.is_discarded()) << in.out;
    EXPECT_EQ(doc["record"]["nvidia_layout"]["cuda"], "12.9") << in.out;
    EXPECT_EQ(doc["record"]["created_root"].size(), 3u) << in.out;  // NVIDIA, CUDNN, v9.19

    // NVIDIA's shape for 9.19: bin\12.9\x64, include\12.9, lib\12.9\x64, and nothing else of the zip's.
    const auto tree = treeOf(m_root);
    for (const char* f : {"bin\\12.9\\x64\\cudnn64_9.dll", "bin\\12.9\\x64\\cudnn_ops64_9.dll",
                          "bin\\12.9\\x64\\cudnn_engines_precompiled64_9.dll", "include\\12.9\\cudnn.h",
                          "include\\12.9\\cudnn_version.h", "lib\\12.9\\x64\\cudnn.lib"})
        EXPECT_TRUE(tree.count(f)) << f << "\n" << listing(tree);
    for (const auto& [path, content] : tree) {
        const bool placed = path.rfind("bin\\12.9\\x64\\", 0) == 0 || path.rfind("include\\12.9\\", 0) == 0 ||
                            path.rfind("lib\\12.9\\x64\\", 0) == 0;
        static const std::set<std::string> folders = {"bin", "bin\\12.9", "bin\\12.9\\x64", "include",
                                                      "include\\12.9", "lib", "lib\\12.9", "lib\\12.9\\x64"};
        const bool folder = content == "<dir>" && folders.count(path);
        EXPECT_TRUE(placed || folder) << path << "\n" << listing(tree);
    }
    EXPECT_EQ(winetest::readFile(m_variant + "\\cudnn64_9.dll"),
              winetest::readFile(winetest::testDll("cstest_cudnn919.dll")));

    // The registry PATH gained exactly the variant folder, as an entry of its own, same type.
    DWORD typeWired = 0;
    const std::wstring wired = readSystemPath(&typeWired);
    std::cout << "system PATH after the install: " << win::narrow(wired) << std::endl;
    EXPECT_EQ(typeWired, typeBefore);
    const std::wstring entry = win::widen(m_variant);
    const auto at = wired.find(entry);
    ASSERT_NE(at, std::wstring::npos) << win::narrow(wired);
    EXPECT_EQ(wired.find(entry, at + 1), std::wstring::npos) << win::narrow(wired);
    std::wstring without = wired;
    if (at + entry.size() < without.size() && without[at + entry.size()] == L';')
        without.erase(at, entry.size() + 1);  // "<entry>;rest"
    else if (at > 0 && without[at - 1] == L';')
        without.erase(at - 1, entry.size() + 1);  // "rest;<entry>"
    EXPECT_EQ(without, pathBefore) << win::narrow(wired);

    const std::string after = detectText("after");
    EXPECT_NE(after.find(m_variant + ": loaded by a program started now"), std::string::npos) << after;
    const auto detected = runCli({"--json", "detect"});
    const auto variant = detectedVariant(detected.json(), m_variant);
    ASSERT_FALSE(variant.is_null()) << detected.out;
    EXPECT_TRUE(variant["wins"].get<bool>()) << variant.dump();
    EXPECT_GE(variant["search_rank"].get<int>(), 0) << variant.dump();
    EXPECT_EQ(variant["version"], "9.19.0") << variant.dump();
    EXPECT_EQ(variant["built_with_cuda"], "12.9") << variant.dump();
    const std::string loaded = loadedByNewProgram("cudnn64_9.dll");
    std::cout << "a program started now loads: " << loaded << std::endl;
    EXPECT_EQ(folderKey(loaded), folderKey(m_variant + "\\cudnn64_9.dll")) << loaded;

    const auto un = runCli({"--json", "--state-dir", kState, "uninstall", "--cudnn-root", m_root});
    ASSERT_EQ(un.exitCode, 0) << un.out << un.err;
    EXPECT_FALSE(fs::exists(m_nvidia)) << listing(treeOf(m_nvidia));  // the install made it: gone again
    EXPECT_EQ(treeOf(m_programFiles), pfBefore);
    DWORD typeAfter = 0;
    EXPECT_EQ(readSystemPath(&typeAfter), pathBefore);
    EXPECT_EQ(typeAfter, typeBefore);
    EXPECT_EQ(loadedByNewProgram("cudnn64_9.dll").rfind("(not loaded", 0), 0u);
}

TEST_F(NvidiaLayout, RepairRestoresNvidiasDamagedAndMissingDllsAndUninstallPutsBackExactlyTheDamage)
{
    // As NVIDIA's installer leaves it (v9.19, bin\12.9\x64, nothing on PATH), then broken two ways:
    // a DLL all zeros at its full size (a disk error, an interrupted copy), another gone.
    fixtures::NvidiaInstallSpec spec;
    spec.cudnn = "9.19.0.56";
    spec.variants = {"12.9"};
    const std::string root = fixtures::buildNvidiaInstall(m_programFiles, spec);
    ASSERT_EQ(folderKey(root), folderKey(m_root));
    const std::string zeroed = m_variant + "\\cudnn_ops64_9.dll", missing = m_variant + "\\cudnn_graph64_9.dll";
    const auto size = fs::file_size(zeroed);
    winetest::writeFile(zeroed, std::string(size, '\0'));
    ASSERT_TRUE(fs::remove(missing));
    const auto damaged = treeOf(m_nvidia);
    DWORD typeBefore = 0;
    const std::wstring pathBefore = readSystemPath(&typeBefore);

    const auto seen = runCli({"--json", "detect"});
    const auto seenDoc = seen.json();
    ASSERT_FALSE(seenDoc.is_discarded()) << seen.out << seen.err;
    EXPECT_NE(seen.exitCode, 0) << seen.out;
    for (const auto& p : seenDoc["problems"])
        if (p["code"] == "damaged-file" || p["code"] == "missing-file")
            std::cout << "detect of the damaged install: " << p["message"].get<std::string>() << std::endl;
    const auto zeroedFindings = findingsAbout(seenDoc, "cudnn_ops64_9.dll");
    const auto missingFindings = findingsAbout(seenDoc, "cudnn_graph64_9.dll");
    EXPECT_NE(std::find(zeroedFindings.begin(), zeroedFindings.end(), "damaged-file"), zeroedFindings.end())
        << seenDoc["problems"].dump(1);
    EXPECT_NE(std::find(missingFindings.begin(), missingFindings.end(), "missing-file"), missingFindings.end())
        << seenDoc["problems"].dump(1);

    const auto rep = runCli({"--json", "--state-dir", kState, "repair", "--cudnn-root", root, "--archive", s_archive});
    ASSERT_EQ(rep.exitCode, 0) << rep.out << rep.err;
    const auto zip = fixtures::cudnnWindowsRelease([] {
        fixtures::ReleaseSpec s;
        s.cudnn = "9.19.0.56";
        s.cuda = "12";
        s.everyDllRdataStrings = std::vector<std::string>{"cublasLt64_12.dll", "nvrtc64_120_0.dll"};
        return s;
    }());
    auto archived = [&](const std::string& name) {
        for (const auto& f : zip)
            if (f.name == kArchiveTop + "bin/x64/" + name)
                return std::string(f.data.begin(), f.data.end());
        return std::string("(not in the archive)");
    };
    EXPECT_EQ(winetest::readFile(zeroed), archived("cudnn_ops64_9.dll"));
    EXPECT_EQ(winetest::readFile(missing), archived("cudnn_graph64_9.dll"));
    // Everything else of NVIDIA's as it was (cudnn64_9.dll differs from the zip's: it stays NVIDIA's).
    const auto repaired = treeOf(m_nvidia);
    for (const auto& [path, content] : damaged) {
        if (path.find("cudnn_ops64_9.dll") == std::string::npos) {
            EXPECT_TRUE(repaired.count(path) && repaired.at(path) == content) << path;
        }
    }
    DWORD type = 0;
    EXPECT_EQ(readSystemPath(&type), pathBefore);  // a repair does not wire NVIDIA's install

    const auto clean = runCli({"--json", "detect"});
    const auto cleanDoc = clean.json();
    EXPECT_TRUE(findingsAbout(cleanDoc, "cudnn_ops64_9.dll").empty()) << cleanDoc["problems"].dump(1);
    EXPECT_TRUE(findingsAbout(cleanDoc, "cudnn_graph64_9.dll").empty()) << cleanDoc["problems"].dump(1);

    const auto un = runCli({"--json", "--state-dir", kState, "uninstall", "--cudnn-root", root});
    ASSERT_EQ(un.exitCode, 0) << un.out << un.err;
    EXPECT_EQ(treeOf(m_nvidia), damaged) << listing(treeOf(m_nvidia));  // NVIDIA's files never deleted
    DWORD typeAfter = 0;
    EXPECT_EQ(readSystemPath(&typeAfter), pathBefore);
    EXPECT_EQ(typeAfter, typeBefore);
}

// Only Windows has a %ProgramFiles%: NVIDIA's layout anywhere else is refused, the new root (its
// PATH entry would be a folder of the user's choosing) as well as an existing NVIDIA-shaped tree.
TEST_F(NvidiaLayout, RootOutsideProgramFilesIsRefusedAndNothingIsMade)
{
    DWORD typeBefore = 0;
    const std::wstring pathBefore = readSystemPath(&typeBefore);
    const std::string outside = "C:\\NVIDIA\\CUDNN\\v9.19";
    const auto refused = runCli({"--json", "--state-dir", kState, "install", s_archive, "--nvidia-layout",
                                 "--cudnn-root", outside, "--allow-unknown"});
    EXPECT_EQ(refused.exitCode, 2) << refused.out << refused.err;
    EXPECT_NE(refused.out.find("not-a-toolkit"), std::string::npos) << refused.out;
    EXPECT_NE(refused.out.find("%ProgramFiles%"), std::string::npos) << refused.out;
    EXPECT_FALSE(fs::exists("C:\\NVIDIA"));
    DWORD type = 0;
    EXPECT_EQ(readSystemPath(&type), pathBefore);

    // The same tree NVIDIA's installer would make, but in C:\ (someone copied it there).
    fixtures::NvidiaInstallSpec spec;
    fixtures::buildNvidiaInstall("C:\\", spec);
    const auto copied = treeOf("C:\\NVIDIA");
    const auto existing = runCli({"--json", "--state-dir", kState, "install", s_archive, "--nvidia-layout",
                                  "--cudnn-root", outside, "--allow-unknown"});
    EXPECT_EQ(existing.exitCode, 2) << existing.out << existing.err;
    EXPECT_NE(existing.out.find("%ProgramFiles%"), std::string::npos) << existing.out;
    EXPECT_EQ(treeOf("C:\\NVIDIA"), copied);
    DWORD typeAfter = 0;
    EXPECT_EQ(readSystemPath(&typeAfter), pathBefore);
    EXPECT_EQ(typeAfter, typeBefore);
    EXPECT_FALSE(fs::exists(kState + "\\records") && !fs::is_empty(kState + "\\records"));
}

}  // namespace
