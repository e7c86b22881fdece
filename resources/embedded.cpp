#include "embedded.h"

#include <cstddef>

namespace cudnnsetup::embedded {
struct Entry { const char* name; const unsigned char* data; std::size_t size; };
extern const Entry kEntries[];
}

namespace cudnnsetup {

std::optional<std::string_view> embeddedResource(std::string_view name)
{
    for (const auto* e = embedded::kEntries; e->name; ++e)
        if (name == e->name)
            return std::string_view(reinterpret_cast<const char*>(e->data), e->size);
    return std::nullopt;
}

}  // namespace cudnnsetup
