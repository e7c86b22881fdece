#pragma once
// Decides, from the name alone, whether an archive entry may be written below a
// target folder on Windows *and* POSIX. Called before anything is inflated.

#include <optional>
#include <string>
#include <string_view>

namespace cudnnsetup {

enum class PathVerdict {
    Safe,
    Empty,
    ParentSegment,     // a ".." segment anywhere
    Absolute,          // leading "/" or "\" (after normalising "\" to "/")
    DriveQualified,    // "C:", "C:foo", "C:/foo"
    Unc,               // "//server/share", "\\?\", "\\.\"
    Stream,            // ':' anywhere (NTFS alternate data stream)
    ReservedName,      // CON, PRN, AUX, NUL, COM1-9, LPT1-9 (any extension, any case), CONIN$/CONOUT$
    TrailingDotSpace,  // a segment ending in '.' or ' ' (Windows strips them silently)
    ControlChar,       // bytes < 0x20, or one of <>"|?* which Windows forbids
    DotSegment,        // a "." segment (harmless on its face, never in a real archive)
};

struct PathCheck {
    PathVerdict verdict = PathVerdict::Safe;
    std::string normalized;  // '\' -> '/', duplicate '/' collapsed, directory slash kept
    std::string reason;      // a sentence for the problem message when not Safe
};

PathCheck checkEntryPath(std::string_view rawName);

// The key two entries collide on when extracted to a case-insensitive file system.
std::string collisionKey(std::string_view normalizedName);

// Separator-aware containment: is `child` the same as or below `root` (both already absolute, lexically normal)?
bool isWithin(const std::string& root, const std::string& child);

}  // namespace cudnnsetup
