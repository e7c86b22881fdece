#pragma once
// UTF-8 std::string <-> std::filesystem::path without the C++20 char8_t friction
// (on Windows a plain std::string path would go through the ANSI code page).

#include <filesystem>
#include <string>

namespace cudnnsetup {

inline std::filesystem::path pathOf(const std::string& utf8)
{
    return std::filesystem::path(std::u8string(utf8.begin(), utf8.end()));
}

inline std::string utf8Of(const std::filesystem::path& p)
{
    const std::u8string s = p.generic_u8string();
    return std::string(s.begin(), s.end());
}

}  // namespace cudnnsetup
