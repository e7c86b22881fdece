#pragma once
// Read-only data compiled into the binary (resources/*.json).
#include <optional>
#include <string_view>

namespace cudnnsetup {
std::optional<std::string_view> embeddedResource(std::string_view name);
}
