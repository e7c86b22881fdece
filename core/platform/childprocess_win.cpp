#include "platform/childprocess.h"

#ifndef NOMINMAX
#define NOMINMAX
#endif
#include <windows.h>

#include "platform/win32.h"

#include <algorithm>
#include <cwctype>
#include <map>

namespace cudnnsetup {

namespace {

using win::widen;

// CommandLineToArgvW rules: backslashes are literal unless they precede a quote.
void appendQuoted(std::wstring& cmd, const std::wstring& arg)
{
    if (!cmd.empty())
        cmd += L' ';
    cmd += win::quoteArgument(arg);
}

class Handle {
public:
    Handle() = default;
    explicit Handle(HANDLE h) : m_h(h) {}
    ~Handle() { reset(); }
    Handle(const Handle&) = delete;
    Handle& operator=(const Handle&) = delete;
    HANDLE get() const { return m_h; }
    HANDLE* put() { reset(); return &m_h; }
    void reset()
    {
        if (m_h && m_h != INVALID_HANDLE_VALUE)
            CloseHandle(m_h);
        m_h = nullptr;
    }

private:
    HANDLE m_h = nullptr;
};

struct Drain {
    HANDLE pipe;
    std::string* into;
};

DWORD WINAPI drain(LPVOID param)
{
    auto* d = static_cast<Drain*>(param);
    char buf[65536];
    DWORD got = 0;
    while (ReadFile(d->pipe, buf, sizeof buf, &got, nullptr) && got > 0)
        d->into->append(buf, got);
    return 0;
}

std::wstring environmentBlock(const EnvironmentOverrides& extra)
{
    // Windows variable names are case-insensitive: key the map on the upper-cased name.
    std::map<std::wstring, std::wstring> vars;
    if (wchar_t* block = GetEnvironmentStringsW()) {
        for (const wchar_t* p = block; *p; p += wcslen(p) + 1) {
            const std::wstring kv = p;
            const auto eq = kv.find(L'=', 1); // entries like "=C:=C:\" start with '='
            if (eq == std::wstring::npos)
                continue;
            std::wstring key = kv.substr(0, eq);
            for (auto& c : key)
                c = static_cast<wchar_t>(std::towupper(c));
            vars[key] = kv;
        }
        FreeEnvironmentStringsW(block);
    }
    for (const auto& [k, v] : extra) {
        std::wstring key = widen(k);
        const std::wstring kv = key + L"=" + widen(v);
        for (auto& c : key)
            c = static_cast<wchar_t>(std::towupper(c));
        vars[key] = kv;
    }
    std::wstring out;
    for (const auto& [k, kv] : vars) {
        out += kv;
        out += L'\0';
    }
    out += L'\0';
    return out;
}

}  // namespace

ChildResult runChildProcess(const std::string& program, const std::vector<std::string>& args, int timeoutMs,
                            const EnvironmentOverrides& env, const CancelToken* cancel)
{
    ChildResult res;
    SECURITY_ATTRIBUTES sa{sizeof(SECURITY_ATTRIBUTES), nullptr, TRUE};
    Handle outRead, outWrite, errRead, errWrite, nul;
    if (!CreatePipe(outRead.put(), outWrite.put(), &sa, 0) || !CreatePipe(errRead.put(), errWrite.put(), &sa, 0)) {
        res.error = "CreatePipe failed: error " + std::to_string(GetLastError());
        return res;
    }
    // Only the child's ends may be inherited.
    SetHandleInformation(outRead.get(), HANDLE_FLAG_INHERIT, 0);
    SetHandleInformation(errRead.get(), HANDLE_FLAG_INHERIT, 0);
    *nul.put() = CreateFileW(L"NUL", GENERIC_READ, FILE_SHARE_READ | FILE_SHARE_WRITE, &sa, OPEN_EXISTING, 0, nullptr);

    const std::wstring wprogram = widen(program);
    std::wstring cmd;
    appendQuoted(cmd, wprogram);
    for (const auto& a : args)
        appendQuoted(cmd, widen(a));
    std::wstring envBlock = environmentBlock(env);

    STARTUPINFOW si{};
    si.cb = sizeof si;
    si.dwFlags = STARTF_USESTDHANDLES;
    si.hStdInput = nul.get();
    si.hStdOutput = outWrite.get();
    si.hStdError = errWrite.get();
    PROCESS_INFORMATION pi{};
    // A bare name ("python") is searched like a shell would (first token of the command line).
    const bool bareName = program.find_first_of("\\/") == std::string::npos;
    if (!CreateProcessW(bareName ? nullptr : wprogram.c_str(), cmd.data(), nullptr, nullptr, TRUE, CREATE_UNICODE_ENVIRONMENT | CREATE_NO_WINDOW,
                        envBlock.data(), nullptr, &si, &pi)) {
        res.error = "cannot start " + program + ": error " + std::to_string(GetLastError());
        return res;
    }
    res.started = true;
    Handle process(pi.hProcess), thread(pi.hThread);
    outWrite.reset();
    errWrite.reset();
    nul.reset();

    // Pipes are drained on threads so a chatty child never blocks on a full pipe.
    // CreateThread rather than std::thread: CancelSynchronousIo needs the thread's HANDLE.
    Drain outJob{outRead.get(), &res.out}, errJob{errRead.get(), &res.err};
    Handle outReader(CreateThread(nullptr, 0, drain, &outJob, 0, nullptr));
    Handle errReader(CreateThread(nullptr, 0, drain, &errJob, 0, nullptr));
    // In slices, so that a cancel is seen within 50 ms.
    const ULONGLONG deadline = GetTickCount64() + static_cast<ULONGLONG>(timeoutMs);
    for (;;) {
        const ULONGLONG now = GetTickCount64();
        const DWORD slice = now >= deadline ? 0 : static_cast<DWORD>(std::min<ULONGLONG>(deadline - now, cancel ? 50 : deadline - now));
        if (WaitForSingleObject(process.get(), slice) != WAIT_TIMEOUT)
            break;
        res.cancelled = cancel && cancel->isCancelled();
        res.timedOut = !res.cancelled && GetTickCount64() >= deadline;
        if (res.cancelled || res.timedOut) {
            TerminateProcess(process.get(), 1);
            WaitForSingleObject(process.get(), INFINITE);
            break;
        }
    }
    // A grandchild holding the pipe open must not hang us: cancel pending reads once the child is gone.
    for (HANDLE t : {outReader.get(), errReader.get()}) {
        if (t && WaitForSingleObject(t, 2000) == WAIT_TIMEOUT) {
            CancelSynchronousIo(t);
            WaitForSingleObject(t, INFINITE);
        }
    }
    DWORD code = 0;
    GetExitCodeProcess(process.get(), &code);
    if (!res.timedOut && !res.cancelled) {
        if (code >= 0xC0000000u) {
            res.crashed = true;
            res.signal = static_cast<int>(code);
        } else {
            res.exitCode = static_cast<int>(code);
        }
    }
    return res;
}

}  // namespace cudnnsetup
