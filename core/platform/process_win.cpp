#include "platform/process.h"

#include "platform/win32.h"

#include <thread>

namespace cudnnsetup {

namespace {

constexpr std::size_t kMaxOutput = 1u << 20;

// Quotes one argument so that CommandLineToArgvW / the MSVC runtime give it back
// unchanged: backslashes double only before a quote.
void appendQuoted(std::wstring& line, const std::wstring& arg)
{
    if (!arg.empty() && arg.find_first_of(L" \t\n\v\"") == std::wstring::npos) {
        line += arg;
        return;
    }
    line += L'"';
    size_t backslashes = 0;
    for (wchar_t c : arg) {
        if (c == L'\\') {
            ++backslashes;
            continue;
        }
        if (c == L'"')
            line.append(backslashes * 2 + 1, L'\\');
        else
            line.append(backslashes, L'\\');
        backslashes = 0;
        line += c;
    }
    line.append(backslashes * 2, L'\\');
    line += L'"';
}

// A bare name is looked up on PATH only: CreateProcessW's own search would try
// the current folder first, where a planted nvcc.exe could sit.
std::wstring resolveProgram(const std::wstring& program)
{
    if (program.find_first_of(L"\\/:") != std::wstring::npos)
        return program;
    const DWORD pathSize = ::GetEnvironmentVariableW(L"PATH", nullptr, 0);
    std::wstring path(pathSize, L'\0');
    path.resize(::GetEnvironmentVariableW(L"PATH", path.data(), pathSize));
    std::wstring found(MAX_PATH, L'\0');
    for (;;) {
        const DWORD n = ::SearchPathW(path.c_str(), program.c_str(), L".exe", static_cast<DWORD>(found.size()),
                                      found.data(), nullptr);
        if (n == 0)
            return {};
        if (n < found.size()) {
            found.resize(n);
            return found;
        }
        found.resize(n);
    }
}

}  // namespace

ProcessResult runProcess(const std::string& program, const std::vector<std::string>& args,
                         std::chrono::milliseconds timeout)
{
    ProcessResult r;
    const std::wstring exe = resolveProgram(win::widen(program));
    if (exe.empty())
        return r;

    std::wstring line;
    appendQuoted(line, exe);
    for (const std::string& a : args) {
        line += L' ';
        appendQuoted(line, win::widen(a));
    }

    SECURITY_ATTRIBUTES inherit{sizeof(SECURITY_ATTRIBUTES), nullptr, TRUE};
    win::Handle readEnd, writeEnd;
    if (!::CreatePipe(readEnd.put(), writeEnd.put(), &inherit, 0))
        return r;
    ::SetHandleInformation(readEnd.get(), HANDLE_FLAG_INHERIT, 0);
    win::FileHandle nul(::CreateFileW(L"NUL", GENERIC_READ, FILE_SHARE_READ | FILE_SHARE_WRITE, &inherit,
                                      OPEN_EXISTING, 0, nullptr));

    // A job so that a timeout also ends whatever the program started.
    win::Handle job(::CreateJobObjectW(nullptr, nullptr));
    JOBOBJECT_EXTENDED_LIMIT_INFORMATION limits{};
    limits.BasicLimitInformation.LimitFlags = JOB_OBJECT_LIMIT_KILL_ON_JOB_CLOSE;
    if (job)
        ::SetInformationJobObject(job.get(), JobObjectExtendedLimitInformation, &limits, sizeof limits);

    STARTUPINFOW si{};
    si.cb = sizeof si;
    si.dwFlags = STARTF_USESTDHANDLES;
    si.hStdInput = nul.get();
    si.hStdOutput = writeEnd.get();
    si.hStdError = writeEnd.get();
    PROCESS_INFORMATION pi{};
    if (!::CreateProcessW(exe.c_str(), line.data(), nullptr, nullptr, TRUE, CREATE_NO_WINDOW | CREATE_SUSPENDED,
                          nullptr, nullptr, &si, &pi))
        return r;
    win::Handle process(pi.hProcess), thread(pi.hThread);
    if (job)
        ::AssignProcessToJobObject(job.get(), process.get());
    ::ResumeThread(thread.get());
    r.started = true;
    writeEnd.reset();  // only the child writes now: EOF comes when it (and its children) exit

    std::thread reader([&] {
        char buf[4096];
        DWORD got = 0;
        while (::ReadFile(readEnd.get(), buf, sizeof buf, &got, nullptr) && got > 0) {
            if (r.output.size() < kMaxOutput)
                r.output.append(buf, got);
        }
    });
    const DWORD waited = ::WaitForSingleObject(process.get(), static_cast<DWORD>(timeout.count()));
    if (waited != WAIT_OBJECT_0) {
        r.timedOut = true;
        if (job)
            ::TerminateJobObject(job.get(), 1);
        else
            ::TerminateProcess(process.get(), 1);
        ::WaitForSingleObject(process.get(), INFINITE);
    }
    // Grandchildren that kept the pipe open would block the reader: the job ends them.
    if (job && !r.timedOut)
        ::TerminateJobObject(job.get(), 0);
    reader.join();
    if (!r.timedOut) {
        DWORD code = 0;
        ::GetExitCodeProcess(process.get(), &code);
        r.exitCode = static_cast<int>(code);
    }
    return r;
}

}  // namespace cudnnsetup
