#include "common/testhooks.h"

#include <atomic>
#include <cstdlib>
#include <cstring>

#ifdef _WIN32
#include <windows.h>
#else
#include <csignal>
#include <unistd.h>
#endif

// CUDNN_SETUP_TEST_HOOKS_COMPILED_OUT: this file compiled into the hooks-off console tool of a
// test build (app/CMakeLists.txt, cudnn-setup-cli-hooks-off), which must behave exactly as a
// release build does: the rest of its objects are the test build's, none of which reads the
// option; only this file does.
#if defined(CUDNN_SETUP_TEST_HOOKS_COMPILED_OUT)
#undef CUDNN_SETUP_TEST_HOOKS
#define CUDNN_SETUP_TEST_HOOKS 0
#elif !defined(CUDNN_SETUP_TEST_HOOKS)
#define CUDNN_SETUP_TEST_HOOKS 0
#endif

namespace cudnnsetup::testhooks {

namespace {
std::atomic<bool> g_disabled{false};
}

bool enabled()
{
    return CUDNN_SETUP_TEST_HOOKS && !g_disabled.load();
}

std::optional<std::string> get(const char* name)
{
    if (!enabled())
        return std::nullopt;
    const char* v = std::getenv(name);
    if (!v || !*v)
        return std::nullopt;
    return std::string(v);
}

void disable()
{
    g_disabled.store(true);
}

bool disabled()
{
    return g_disabled.load();
}

bool builtForTests()
{
    return CUDNN_SETUP_TEST_HOOKS;
}

void killThisProcess()
{
    if (enabled()) {
        // Said first, unbuffered: a run that hangs with this line in its output reached the kill
        // point, one without it never did. It is also what a killing parent waits for (below).
        char said[sizeof kKilledHereLine + 1];
        std::memcpy(said, kKilledHereLine, sizeof kKilledHereLine - 1);
        said[sizeof kKilledHereLine - 1] = '\n';
#ifdef _WIN32
        DWORD written = 0;
        ::WriteFile(::GetStdHandle(STD_ERROR_HANDLE), said, sizeof kKilledHereLine, &written, nullptr);
        // Under Wine, TerminateProcess of the calling process from one thread can hang for good: the
        // server stops the other threads, and when one of them held a lock of Wine's own (its main
        // thread, in the walk that hung), the caller waits for that lock in a signal handler after
        // the call, with the process neither running nor gone (seen under gdb: the main thread a
        // zombie, the last one in NtTerminateProcess -> pthread_mutex_lock). A parent that kills the
        // process from outside (CUDNN_SETUP_TEST_KILL_BY_PARENT, tests/wine/programs/clirun.cpp)
        // stops every thread alike. This thread waits for it, and so holds the flow at the point;
        // the self-kill stays as the fallback for a run with no such parent.
        if (get("CUDNN_SETUP_TEST_KILL_BY_PARENT"))
            ::Sleep(120000);
        ::TerminateProcess(::GetCurrentProcess(), 137);
#else
        [[maybe_unused]] const auto written = ::write(2, said, sizeof kKilledHereLine);
        ::kill(::getpid(), SIGKILL);
#endif
    }
    std::abort();  // not reached where hooks are on
}

}  // namespace cudnnsetup::testhooks
