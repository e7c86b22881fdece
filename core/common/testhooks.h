#pragma once
// Test hooks: the environment variables through which tests steer a product binary
// (CUDNN_SETUP_TEST_SYSTEM_PATH_FILE, CUDNN_SETUP_LDSOCONF_DIR, CUDNN_SETUP_LDCONFIG,
// CUDNN_SETUP_TEST_OP_DELAY_MS, CUDNN_SETUP_ELEVATOR, CUDNN_SETUP_LIBCUDA/LIBNVML, and
// crash points). They are read here and nowhere else, and only in a build made for tests
// (CMake option CUDNN_SETUP_TEST_HOOKS, on in the ci and debug presets, off in release):
// a release binary never reads them, so a leftover variable cannot redirect a real
// install. The elevated side calls disable() before anything else and reads none of
// them in any build: it must not be steerable by the user's environment.

#include <optional>
#include <string>

namespace cudnnsetup::testhooks {

// True in a build made for tests, until disable().
bool enabled();
// The hook's value (empty values count as unset), or nullopt when hooks are off.
std::optional<std::string> get(const char* name);
// From now on, in this process, no hook is read (the elevated helper).
void disable();
// True when this process is the elevated side (disable() was called).
bool disabled();
// True in a build made for tests, disable() or not: such a build is never shipped. Only what keeps
// its tests in scratch folders asks (install/statedir.h: any state folder, its checks still made).
bool builtForTests();

// Ends this process at once, as a power cut or Task Manager would: SIGKILL on POSIX,
// TerminateProcess on Windows; no destructor, no flush, no atexit (the crash points,
// CUDNN_SETUP_TEST_KILL_AT). Where hooks are off it aborts instead, which a test reports.
// It first writes kKilledHereLine to stderr; on Windows with CUDNN_SETUP_TEST_KILL_BY_PARENT set
// it then waits (up to 2 minutes) for the parent that reads that line to terminate it.
[[noreturn]] void killThisProcess();
inline constexpr char kKilledHereLine[] = "test hook: the process ends here (exit 137)";

}  // namespace cudnnsetup::testhooks
