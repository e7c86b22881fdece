#include "common/testhooks.h"

#include <atomic>
#include <cstdlib>

#ifndef CUDNN_SETUP_TEST_HOOKS
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

}  // namespace cudnnsetup::testhooks
