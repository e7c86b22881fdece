#pragma once
// Shared by nofollow_posix.cpp and nofollow_win.cpp (nofollow.cpp): the tests' seam.

#include <string>

namespace cudnnsetup::nofollow {

// Calls the hook of setBeforeActForTests, if one is set: once a step's folder has been
// opened (POSIX) or checked (Windows), right before the step acts.
void beforeAct(const std::string& path);

}  // namespace cudnnsetup::nofollow
