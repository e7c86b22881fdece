#pragma once
// The host this build runs on, for the rules that differ by platform but need no platform call
// (a constant, so `if (kWindowsHost)` keeps both branches compiled and checked on every host).

namespace cudnnsetup {

#ifdef _WIN32
inline constexpr bool kWindowsHost = true;
#else
inline constexpr bool kWindowsHost = false;
#endif

}  // namespace cudnnsetup
