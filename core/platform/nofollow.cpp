#include "platform/nofollow.h"
#include "platform/nofollow_p.h"

#include <functional>

namespace cudnnsetup::nofollow {

namespace {

std::function<void(const std::string&)>& beforeActHook()
{
    static std::function<void(const std::string&)> hook;
    return hook;
}

}  // namespace

void beforeAct(const std::string& path)
{
    if (const auto& hook = beforeActHook())
        hook(path);
}

void setBeforeActForTests(std::function<void(const std::string& path)> hook)
{
    beforeActHook() = std::move(hook);
}

}  // namespace cudnnsetup::nofollow
