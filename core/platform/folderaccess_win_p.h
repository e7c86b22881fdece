#pragma once
// The ACL rule of folderaccess_win.cpp, on a security descriptor, so that tests can hand it one made from
// SDDL (Wine keeps a file's ACL only as Unix mode bits: a named user's entry cannot be set on a real
// file there).
#include <windows.h>

#include <string>

namespace cudnnsetup::win {

enum class Reach {
    Object,    // the folder (or file) itself: any right that changes it
    Parent,    // a folder on the way: a right that takes the next component away (delete, rename, DACL, owner)
    Contents,  // a state folder or an entry of it: as Object, and inherit-only entries count too
};

// "" when no one but Administrators, SYSTEM, TrustedInstaller (and this process's user, when it has
// administrator rights) may change the object: else why, naming the owner or the entry's SID.
std::string foreignWriter(PSECURITY_DESCRIPTOR sd, Reach reach);

}  // namespace cudnnsetup::win
