#include "common/testhooks.h"

#include <atomic>
#include <cstdlib>

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
        // Said first, unbuffered: a run that hangs with this line in its output was stopped by the
        // kill itself, one without it never reached the kill point (the Wine walk tells them apart).
        static const char kSaid[] = "test hook: the process ends itself here (exit 137)\n";
#ifdef _WIN32
        DWORD written = 0;
        ::WriteFile(::GetStdHandle(STD_ERROR_HANDLE), kSaid, sizeof kSaid - 1, &written, nullptr);
        ::TerminateProcess(::GetCurrentProcess(), 137);
#else
        [[maybe_unused]] const auto written = ::write(2, kSaid, sizeof kSaid - 1);
        ::kill(::getpid(), SIGKILL);
#endif
    }
    std::abort();  // not reached where hooks are on
}

}  // namespace cudnnsetup::testhooks
