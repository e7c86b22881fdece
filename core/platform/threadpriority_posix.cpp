#include "platform/threadpriority.h"

#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>

namespace cudnnsetup {

// Linux keeps a nice value per thread: PRIO_PROCESS with a thread id sets that thread's alone.
bool lowerThisThreadPriority()
{
    const auto tid = static_cast<id_t>(gettid());
    errno = 0;
    const int nice = getpriority(PRIO_PROCESS, tid);
    if (nice == -1 && errno != 0)
        return false;
    return setpriority(PRIO_PROCESS, tid, std::min(nice + 3, 19)) == 0;
}

}  // namespace cudnnsetup
