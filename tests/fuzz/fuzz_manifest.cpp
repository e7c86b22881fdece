// NVIDIA's redistrib_<version>.json (releases/manifest.h), given with --manifest or found
// beside the download: any bytes give a manifest or a "bad-manifest" error, never a crash
// or an exception out of the parser.
#include "releases/manifest.h"

#include <cstdlib>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    auto m = cudnnsetup::parseManifest(text, "fuzz.json");
    if (!m) {
        if (m.error().code != "bad-manifest")
            std::abort();
        return 0;
    }
    for (const auto& e : m->entries) {
        (void)e.fileName();
        if (m->findByFileName(e.fileName()) == nullptr && !e.fileName().empty())
            std::abort();  // every entry is found by its own name
    }
    return 0;
}
