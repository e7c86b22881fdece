#pragma once
// Windows only: where the machine-wide PATH lives and how running programs learn
// that it changed. systempath_win.cpp implements platform/systempath.h with these;
// the Wine tests call them directly. The Linux build never includes this.

#include <windows.h>

#include <chrono>

namespace cudnnsetup {

// HKLM\<this>\Path holds the system PATH (REG_EXPAND_SZ, unexpanded %SystemRoot%...).
inline constexpr const wchar_t* kSystemEnvironmentKey =
    L"SYSTEM\\CurrentControlSet\\Control\\Session Manager\\Environment";

struct BroadcastResult {
    bool delivered = false;  // SendMessageTimeoutW returned non-zero
    DWORD error = 0;         // GetLastError() when not delivered (ERROR_TIMEOUT: a window hung)
    std::chrono::milliseconds elapsed{0};
};

// WM_SETTINGCHANGE with lParam "Environment" to every top-level window, so that
// Explorer (and new consoles it starts) pick up the new PATH. SMTO_ABORTIFHUNG:
// a hung window is skipped instead of blocking the install.
BroadcastResult broadcastEnvironmentChange(std::chrono::milliseconds timeoutPerWindow = std::chrono::seconds(5));

}  // namespace cudnnsetup
