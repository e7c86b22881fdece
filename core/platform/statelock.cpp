#include "platform/statelock.h"

namespace cudnnsetup {

std::string StateLock::lockPathIn(const std::string& stateDir)
{
    return stateDir + "/lock";
}

}  // namespace cudnnsetup
