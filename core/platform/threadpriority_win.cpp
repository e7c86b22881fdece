#include "platform/threadpriority.h"

#include <windows.h>

namespace cudnnsetup {

bool lowerThisThreadPriority()
{
    return SetThreadPriority(GetCurrentThread(), THREAD_PRIORITY_BELOW_NORMAL) != 0;
}

}  // namespace cudnnsetup
