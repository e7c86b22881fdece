#include "platform/systempath.h"

namespace cudnnsetup {

// There is no Windows system PATH on this host; callers use makeLdSoConfPath or skip.
std::unique_ptr<SystemPath> makeWindowsSystemPath()
{
    return nullptr;
}

}  // namespace cudnnsetup
