#pragma once
// Windows only: the elevation state elevation_win.cpp decides on, and the seam the
// Wine tests use to provoke a refused UAC prompt (Wine has no UAC dialog). The
// portable face is platform/elevation.h; the Linux build never includes this.

#include "platform/elevation.h"

#include <functional>
#include <optional>

#include <windows.h>
#include <shellapi.h>

namespace cudnnsetup {

// TokenElevation of this process's token.
bool processIsElevated();

// HKLM\SOFTWARE\Microsoft\Windows\CurrentVersion\Policies\System\EnableLUA; nullopt
// when unreadable. With UAC off, "runas" starts the program *without* elevating it,
// so the launcher refuses up front instead of failing later with access denied.
std::optional<bool> uacEnabled();

// ShellExecuteExW itself in production; a test passes a fake.
using ShellExecuteFn = std::function<BOOL(SHELLEXECUTEINFOW*)>;

// The "runas" Elevator with an injectable launcher. Refusal (ERROR_CANCELLED) and
// "UAC off, not an administrator" give the Error code "elevation-refused" (exit 4).
std::unique_ptr<Elevator> makeRunasElevator(ShellExecuteFn shellExecute);

}  // namespace cudnnsetup
