#include "clirun.h"

#include "winetest.h"

#include "platform/win32.h"

#include <thread>

namespace cudnnsetup::winetest {

namespace {

std::wstring commandLine(const std::vector<std::string>& args)
{
    std::wstring line = win::quoteArgument(cliExe().wstring());
    for (const std::string& a : args)
        line += L' ' + win::quoteArgument(win::widen(a));
    return line;
}

void drain(HANDLE pipe, std::string* into)
{
    char buf[4096];
    DWORD got = 0;
    while (::ReadFile(pipe, buf, sizeof buf, &got, nullptr) && got > 0)
        into->append(buf, got);
}

}  // namespace

CliResult runCli(const std::vector<std::string>& args)
{
    CliResult r;
    SECURITY_ATTRIBUTES inherit{sizeof(SECURITY_ATTRIBUTES), nullptr, TRUE};
    HANDLE outRead = nullptr, outWrite = nullptr, errRead = nullptr, errWrite = nullptr;
    ::CreatePipe(&outRead, &outWrite, &inherit, 0);
    ::CreatePipe(&errRead, &errWrite, &inherit, 0);
    ::SetHandleInformation(outRead, HANDLE_FLAG_INHERIT, 0);
    ::SetHandleInformation(errRead, HANDLE_FLAG_INHERIT, 0);
    STARTUPINFOW si{};
    si.cb = sizeof si;
    si.dwFlags = STARTF_USESTDHANDLES;
    si.hStdInput = ::GetStdHandle(STD_INPUT_HANDLE);
    si.hStdOutput = outWrite;
    si.hStdError = errWrite;
    PROCESS_INFORMATION pi{};
    const std::wstring exe = cliExe().wstring();
    std::string startLog;
    const BOOL started = createProcessWithRetry(exe, commandLine(args), &si, &pi, &startLog);
    ::CloseHandle(outWrite);
    ::CloseHandle(errWrite);
    if (started) {
        std::thread errReader(drain, errRead, &r.err);
        drain(outRead, &r.out);
        errReader.join();
        ::WaitForSingleObject(pi.hProcess, INFINITE);
        DWORD code = 0;
        ::GetExitCodeProcess(pi.hProcess, &code);
        r.exitCode = static_cast<int>(code);
        r.err = startLog + r.err;
        ::CloseHandle(pi.hProcess);
        ::CloseHandle(pi.hThread);
    } else {
        r.err = startLog + "cannot start " + cliExe().string();
    }
    ::CloseHandle(outRead);
    ::CloseHandle(errRead);
    return r;
}

CliProcess::CliProcess(const std::vector<std::string>& args)
{
    STARTUPINFOW si{};
    si.cb = sizeof si;
    PROCESS_INFORMATION pi{};
    const std::wstring exe = cliExe().wstring();
    // Its output is not needed: to NUL, so a full pipe can never stall it.
    SECURITY_ATTRIBUTES inherit{sizeof(SECURITY_ATTRIBUTES), nullptr, TRUE};
    HANDLE nul = ::CreateFileW(L"NUL", GENERIC_WRITE, FILE_SHARE_READ | FILE_SHARE_WRITE, &inherit, OPEN_EXISTING, 0,
                               nullptr);
    si.dwFlags = STARTF_USESTDHANDLES;
    si.hStdOutput = nul;
    si.hStdError = nul;
    si.hStdInput = ::GetStdHandle(STD_INPUT_HANDLE);
    if (createProcessWithRetry(exe, commandLine(args), &si, &pi, &m_startLog)) {
        m_process = pi.hProcess;
        ::CloseHandle(pi.hThread);
    }
    ::CloseHandle(nul);
}

CliProcess::~CliProcess()
{
    if (m_process) {
        kill();
        ::CloseHandle(m_process);
    }
}

bool CliProcess::running() const
{
    return m_process && ::WaitForSingleObject(m_process, 0) == WAIT_TIMEOUT;
}

void CliProcess::kill()
{
    if (m_process && running()) {
        ::TerminateProcess(m_process, 137);
        ::WaitForSingleObject(m_process, 10000);
    }
}

}  // namespace cudnnsetup::winetest
