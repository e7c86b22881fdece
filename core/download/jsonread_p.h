#pragma once
// Fields of the small JSON files the download room reads back (a .part's side file, the licence
// record): files in a folder the user, or anything running as the user, may have changed. A field
// of another type reads as missing instead of throwing nlohmann's type_error out of the download.
#include <nlohmann/json.hpp>

#include <cstdint>
#include <string>

namespace cudnnsetup::jsonread {

inline std::string text(const nlohmann::json& doc, const char* key)
{
    const auto it = doc.find(key);
    return it != doc.end() && it->is_string() ? it->get<std::string>() : std::string();
}

// A non-negative integer, else 0 (a float such as 1e30 too: its conversion would be undefined).
inline std::uint64_t count(const nlohmann::json& doc, const char* key)
{
    const auto it = doc.find(key);
    return it != doc.end() && it->is_number_unsigned() ? it->get<std::uint64_t>() : 0;
}

}  // namespace cudnnsetup::jsonread
