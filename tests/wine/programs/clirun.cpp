#include "clirun.h"

#include "winetest.h"

#include "common/testhooks.h"
#include "platform/win32.h"

#include <tlhelp32.h>

#include <algorithm>
#include <optional>

namespace cudnnsetup::winetest {

namespace {

std::wstring commandLine(const std::filesystem::path& exe, const std::vector<std::string>& args)
{
    std::wstring line = win::quoteArgument(exe.wstring());
    for (const std::string& a : args)
        line += L' ' + win::quoteArgument(win::widen(a));
    return line;
}

// Appends what the pipe holds now. False once no writer is left (ERROR_BROKEN_PIPE) or it fails.
bool readAvailable(HANDLE pipe, std::string* into)
{
    for (;;) {
        DWORD available = 0;
        if (!::PeekNamedPipe(pipe, nullptr, 0, nullptr, &available, nullptr))
            return false;
        if (available == 0)
            return true;
        char buf[4096];
        DWORD got = 0;
        if (!::ReadFile(pipe, buf, std::min<DWORD>(available, sizeof buf), &got, nullptr))
            return false;
        into->append(buf, got);
    }
}

// What Wine still counts of a process that did not end in time: its threads and its exit code.
// With the kill hook's line in the output, a stuck run is one the kill did not end; without it,
// the program stopped before the kill point.
std::string describeStuck(const PROCESS_INFORMATION& pi)
{
    int threads = 0;
    if (HANDLE snap = ::CreateToolhelp32Snapshot(TH32CS_SNAPTHREAD, 0); snap != INVALID_HANDLE_VALUE) {
        THREADENTRY32 t{};
        t.dwSize = sizeof t;
        for (BOOL more = ::Thread32First(snap, &t); more; more = ::Thread32Next(snap, &t))
            threads += t.th32OwnerProcessID == pi.dwProcessId;
        ::CloseHandle(snap);
    }
    DWORD code = 0;
    ::GetExitCodeProcess(pi.hProcess, &code);
    return std::to_string(threads) + " thread(s) alive, exit code " +
           (code == STILL_ACTIVE ? std::string("STILL_ACTIVE") : std::to_string(code));
}

}  // namespace

CliResult runCli(const std::vector<std::string>& args) { return runProgram(cliExe(), args); }

CliResult runProgram(const std::filesystem::path& exe, const std::vector<std::string>& args,
                     std::chrono::seconds limit)
{
    using Clock = std::chrono::steady_clock;
    // What a program writes before it ends is in the pipe when it has ended: read for this much
    // longer, then stop waiting for an end of file that a leftover copy of the write end withholds.
    constexpr auto kAfterEnd = std::chrono::seconds(5);
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
    std::string startLog;
    const BOOL started = createProcessWithRetry(exe.wstring(), commandLine(exe, args), &si, &pi, &startLog);
    ::CloseHandle(outWrite);
    ::CloseHandle(errWrite);
    if (started) {
        const auto deadline = Clock::now() + limit;
        std::optional<Clock::time_point> endedAt;
        bool outOpen = true, errOpen = true, killedAtHook = false;
        // Polled rather than read until end of file: see the header.
        for (;;) {
            if (outOpen)
                outOpen = readAvailable(outRead, &r.out);
            if (errOpen)
                errOpen = readAvailable(errRead, &r.err);
            // A crash point reached (CUDNN_SETUP_TEST_KILL_BY_PARENT): the program waits there for
            // this kill from outside, which Wine carries out for every thread alike (see
            // common/testhooks.cpp for why the program does not end itself under Wine).
            if (!killedAtHook && r.err.find(testhooks::kKilledHereLine) != std::string::npos) {
                ::TerminateProcess(pi.hProcess, 137);
                killedAtHook = true;
            }
            if (!outOpen && !errOpen)
                break;
            const auto now = Clock::now();
            if (!endedAt && ::WaitForSingleObject(pi.hProcess, 0) == WAIT_OBJECT_0)
                endedAt = now;
            if (endedAt && now - *endedAt >= kAfterEnd)
                break;
            if (!endedAt && now >= deadline) {
                const std::string stuck = describeStuck(pi);
                ::TerminateProcess(pi.hProcess, 124);
                r.timedOut = true;
                r.err += "\n[runProgram: " + exe.filename().string() + " still running after " +
                         std::to_string(limit.count()) + " s (" + stuck + "): ended with TerminateProcess]\n";
                break;
            }
            ::Sleep(2);
        }
        ::WaitForSingleObject(pi.hProcess, 30000);
        DWORD code = 0;
        ::GetExitCodeProcess(pi.hProcess, &code);
        r.exitCode = static_cast<int>(code);
        r.err = startLog + r.err;
        ::CloseHandle(pi.hProcess);
        ::CloseHandle(pi.hThread);
    } else {
        r.err = startLog + "cannot start " + exe.string();
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
    if (createProcessWithRetry(exe, commandLine(cliExe(), args), &si, &pi, &m_startLog)) {
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
