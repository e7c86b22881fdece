#include "winetest.h"

#include <gtest/gtest.h>

#include <fcntl.h>
#include <io.h>

#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>

namespace cudnnsetup::winetest {

std::filesystem::path thisProgram()
{
    std::wstring buffer(32768, L'\0');
    const DWORD n = ::GetModuleFileNameW(nullptr, buffer.data(), static_cast<DWORD>(buffer.size()));
    buffer.resize(n);
    return std::filesystem::path(buffer);
}

std::filesystem::path programDir() { return thisProgram().parent_path(); }

std::filesystem::path testDll(const std::string& name) { return programDir() / "dlls" / name; }

std::filesystem::path cliExe() { return programDir().parent_path() / "app" / "cudnn-setup-cli.exe"; }

bool underWine()
{
    const HMODULE ntdll = ::GetModuleHandleW(L"ntdll.dll");
    return ntdll && ::GetProcAddress(ntdll, "wine_get_version") != nullptr;
}

ScratchDir::ScratchDir(const std::string& tag)
{
    wchar_t temp[MAX_PATH + 1];
    const DWORD n = ::GetTempPathW(MAX_PATH + 1, temp);
    const auto base = std::filesystem::path(std::wstring(temp, n));
    m_path = base / ("cudnnsetup-" + tag + "-" + std::to_string(::GetCurrentProcessId()) + "-" +
                     std::to_string(::GetTickCount64()));
    std::filesystem::create_directories(m_path);
}

ScratchDir::~ScratchDir()
{
    std::error_code ec;
    std::filesystem::remove_all(m_path, ec);
}

void writeFile(const std::filesystem::path& file, const std::string& bytes)
{
    std::ofstream out(file, std::ios::binary | std::ios::trunc);
    out << bytes;
    if (!out)
        throw std::runtime_error("cannot write " + file.string());
}

std::string readFile(const std::filesystem::path& file)
{
    std::ifstream in(file, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

// Wine's CreateProcess has failed once in CI, instantly and never again in
// hundreds of local runs: a starting failure of the host, not of the tool under
// test. So it is retried a few times, and every failed attempt is reported
// with its error code in the result's stderr rather than hidden.
BOOL createProcessWithRetry(const std::wstring& exe, std::wstring line, STARTUPINFOW* si, PROCESS_INFORMATION* pi,
                    std::string* log)
{
    for (int attempt = 1;; ++attempt) {
        std::wstring mutableLine = line;  // CreateProcessW may write into it
        if (::CreateProcessW(exe.c_str(), mutableLine.data(), nullptr, nullptr, TRUE, 0, nullptr, nullptr, si, pi))
            return TRUE;
        const DWORD error = ::GetLastError();
        *log += "CreateProcessW attempt " + std::to_string(attempt) + " failed: error " + std::to_string(error) +
                "\n";
        if (attempt == 5)
            return FALSE;
        ::Sleep(static_cast<DWORD>(200 * attempt));
    }
}

FileHolderProcess::FileHolderProcess(const std::filesystem::path& file)
{
    SECURITY_ATTRIBUTES inherit{sizeof(SECURITY_ATTRIBUTES), nullptr, TRUE};
    HANDLE childIn = nullptr, childOut = nullptr, readyRead = nullptr;
    if (!::CreatePipe(&childIn, &m_stdin, &inherit, 0) || !::CreatePipe(&readyRead, &childOut, &inherit, 0))
        return;
    ::SetHandleInformation(m_stdin, HANDLE_FLAG_INHERIT, 0);
    ::SetHandleInformation(readyRead, HANDLE_FLAG_INHERIT, 0);
    const std::wstring exe = thisProgram().wstring();
    const std::wstring line = L"\"" + exe + L"\" --hold \"" + file.wstring() + L"\"";
    STARTUPINFOW si{};
    si.cb = sizeof si;
    si.dwFlags = STARTF_USESTDHANDLES;
    si.hStdInput = childIn;
    si.hStdOutput = childOut;
    si.hStdError = ::GetStdHandle(STD_ERROR_HANDLE);
    PROCESS_INFORMATION pi{};
    std::string startLog;
    if (createProcessWithRetry(exe, line, &si, &pi, &startLog)) {
        m_process = pi.hProcess;
        m_pid = pi.dwProcessId;
        ::CloseHandle(pi.hThread);
    }
    ::CloseHandle(childIn);
    ::CloseHandle(childOut);
    // The child writes one byte once the file is open.
    char byte = 0;
    DWORD got = 0;
    m_ready = m_process && ::ReadFile(readyRead, &byte, 1, &got, nullptr) && got == 1 && byte == 'R';
    ::CloseHandle(readyRead);
}

FileHolderProcess::~FileHolderProcess()
{
    if (m_stdin)
        ::CloseHandle(m_stdin);
    if (m_process) {
        if (::WaitForSingleObject(m_process, 10000) != WAIT_OBJECT_0)
            ::TerminateProcess(m_process, 1);
        ::CloseHandle(m_process);
    }
}

namespace {

std::string narrowArg(const wchar_t* arg)
{
    const int n = ::WideCharToMultiByte(CP_UTF8, 0, arg, -1, nullptr, 0, nullptr, nullptr);
    std::string out(static_cast<size_t>(n > 0 ? n - 1 : 0), '\0');
    ::WideCharToMultiByte(CP_UTF8, 0, arg, -1, out.data(), n, nullptr, nullptr);
    return out;
}

// Child mode of FileHolderProcess: hold FILE open (no FILE_SHARE_DELETE) until stdin closes.
int holdFile(const wchar_t* file)
{
    HANDLE h = ::CreateFileW(file, GENERIC_READ, FILE_SHARE_READ | FILE_SHARE_WRITE, nullptr, OPEN_EXISTING,
                             FILE_ATTRIBUTE_NORMAL, nullptr);
    if (h == INVALID_HANDLE_VALUE)
        return 3;
    DWORD written = 0;
    ::WriteFile(::GetStdHandle(STD_OUTPUT_HANDLE), "R", 1, &written, nullptr);
    char buffer[16];
    DWORD got = 0;
    while (::ReadFile(::GetStdHandle(STD_INPUT_HANDLE), buffer, sizeof buffer, &got, nullptr) && got > 0) {
    }
    ::CloseHandle(h);
    return 0;
}

}  // namespace

}  // namespace cudnnsetup::winetest

int main(int argc, char** argv)
{
    int wargc = 0;
    wchar_t** wargv = ::CommandLineToArgvW(::GetCommandLineW(), &wargc);
    // Child modes the tests start this same program in.
    if (wargv && wargc == 3 && std::wstring(wargv[1]) == L"--hold")
        return cudnnsetup::winetest::holdFile(wargv[2]);
    if (wargv && wargc == 3 && std::wstring(wargv[1]) == L"--exit")
        return _wtoi(wargv[2]);
    if (wargv && wargc == 3 && std::wstring(wargv[1]) == L"--leave-child") {
        // Starts itself with --sleep MS, handles inherited (its stdout and stderr among them), and
        // ends at once: the child holds copies of the output pipes' write ends after this has ended.
        const std::wstring exe = cudnnsetup::winetest::thisProgram().wstring();
        STARTUPINFOW si{};
        si.cb = sizeof si;
        si.dwFlags = STARTF_USESTDHANDLES;
        si.hStdInput = ::GetStdHandle(STD_INPUT_HANDLE);
        si.hStdOutput = ::GetStdHandle(STD_OUTPUT_HANDLE);
        si.hStdError = ::GetStdHandle(STD_ERROR_HANDLE);
        PROCESS_INFORMATION pi{};
        std::string log;
        if (!cudnnsetup::winetest::createProcessWithRetry(exe, L"\"" + exe + L"\" --sleep " + wargv[2], &si, &pi, &log))
            return 2;
        ::CloseHandle(pi.hProcess);
        ::CloseHandle(pi.hThread);
        std::cout << "child started" << std::endl;
        return 0;
    }
    if (wargv && wargc == 3 && std::wstring(wargv[1]) == L"--load") {
        // What a program started now loads by that name (LoadLibraryW's search: its folder, the
        // system folders, then PATH), printed as GetModuleFileNameW says; exit 1 when nothing.
        HMODULE m = ::LoadLibraryW(wargv[2]);
        if (!m) {
            std::cout << "not loaded: error " << ::GetLastError() << std::endl;
            return 1;
        }
        wchar_t file[32768];
        const DWORD n = ::GetModuleFileNameW(m, file, 32768);
        _setmode(_fileno(stdout), _O_BINARY);
        std::cout << cudnnsetup::winetest::narrowArg(std::wstring(file, n).c_str()) << "\n";
        return 0;
    }
    if (wargv && wargc == 3 && std::wstring(wargv[1]) == L"--sleep") {
        ::Sleep(static_cast<DWORD>(_wtoi(wargv[2])));
        return 0;
    }
    if (wargv && wargc >= 3 && std::wstring(wargv[1]) == L"--echo-to") {  // no stdout to read (runas)
        std::ofstream out(std::filesystem::path(wargv[2]), std::ios::binary);
        for (int i = 3; i < wargc; ++i)
            out << cudnnsetup::winetest::narrowArg(wargv[i]) << "\n";
        return 0;
    }
    if (wargv && wargc >= 2 && std::wstring(wargv[1]) == L"--echo") {
        _setmode(_fileno(stdout), _O_BINARY);  // "\n", not "\r\n"
        for (int i = 2; i < wargc; ++i)
            std::cout << cudnnsetup::winetest::narrowArg(wargv[i]) << "\n";
        return 0;
    }

    testing::InitGoogleTest(&argc, argv);
    const int rc = RUN_ALL_TESTS();
    const testing::UnitTest& unit = *testing::UnitTest::GetInstance();
    if (unit.test_to_run_count() == 0) {
        std::cerr << "no test matched: a wrong --gtest_filter is a failure, not a pass\n";
        return 1;
    }
    // Every selected test skipped: CTest's SKIP_RETURN_CODE shows it as skipped, not passed.
    if (rc == 0 && unit.skipped_test_count() == unit.test_to_run_count())
        return 77;
    return rc;
}
