#pragma once
// Windows paths beyond MAX_PATH (260) need the "\\?\" form, which also turns off
// the Win32 path normalisation: so "." and ".." are resolved here first and every
// '/' becomes '\'. Pure string functions on UTF-8, compiled on both hosts so the
// rules are tested natively too; only the Windows layer passes them to the API.

#include <string>
#include <string_view>

namespace cudnnsetup {

// "C:\a\..\b" -> "\\?\C:\b"; "\\server\share\x" -> "\\?\UNC\server\share\x".
// Already-prefixed ("\\?\", "\\.\") paths come back unchanged; relative,
// drive-relative ("C:x") and rooted-without-drive ("\x") paths too, because
// "\\?\" has no meaning for them: the caller makes the path absolute first.
std::string extendedLengthPath(std::string_view windowsPath);

// True when `windowsPath` already carries "\\?\" or "\\.\".
bool hasExtendedPrefix(std::string_view windowsPath);

}  // namespace cudnnsetup
