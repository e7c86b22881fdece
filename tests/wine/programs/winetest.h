#pragma once
// Shared helpers of the Wine test programs (GoogleTest, cross-built with mingw-w64).

#include <windows.h>

#include <filesystem>
#include <string>

namespace cudnnsetup::winetest {

// The running test program's own .exe (its child modes: --hold, --sleep, --leave-child, ...).
std::filesystem::path thisProgram();
// The folder of the running test program (…/wine-tests).
std::filesystem::path programDir();
// A test DLL built next to the programs (…/wine-tests/dlls/NAME).
std::filesystem::path testDll(const std::string& name);
// cudnn-setup-cli.exe of the same cross build.
std::filesystem::path cliExe();

// True when running under Wine (ntdll exports wine_get_version): used only to
// explain a skip where Wine lacks a feature, never to pass a test.
bool underWine();

// A fresh folder under %TEMP% (inside the throwaway WINEPREFIX), removed on scope exit.
class ScratchDir {
public:
    explicit ScratchDir(const std::string& tag);
    ~ScratchDir();
    ScratchDir(const ScratchDir&) = delete;
    ScratchDir& operator=(const ScratchDir&) = delete;
    const std::filesystem::path& path() const { return m_path; }
    std::filesystem::path operator/(const std::string& name) const { return m_path / name; }

private:
    std::filesystem::path m_path;
};

void writeFile(const std::filesystem::path& file, const std::string& bytes);
std::string readFile(const std::filesystem::path& file);


// A child process (this same program started with --hold FILE) that opens FILE
// without FILE_SHARE_DELETE and keeps it open until the object dies.
// CreateProcessW, tried up to five times; each failed attempt's error code is
// appended to *log.
BOOL createProcessWithRetry(const std::wstring& exe, std::wstring line, STARTUPINFOW* si, PROCESS_INFORMATION* pi,
                            std::string* log);

class FileHolderProcess {
public:
    explicit FileHolderProcess(const std::filesystem::path& file);
    ~FileHolderProcess();
    FileHolderProcess(const FileHolderProcess&) = delete;
    FileHolderProcess& operator=(const FileHolderProcess&) = delete;
    bool ready() const { return m_ready; }
    DWORD pid() const { return m_pid; }

private:
    HANDLE m_process = nullptr;
    HANDLE m_stdin = nullptr;  // closing it tells the child to exit
    DWORD m_pid = 0;
    bool m_ready = false;
};

}  // namespace cudnnsetup::winetest
