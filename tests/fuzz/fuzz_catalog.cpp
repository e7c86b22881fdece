// The catalog JSON (releases/catalog.h): compiled in today, but parsed by the same code that
// will read an updated catalog; any bytes give a catalog or an error, never a crash.
#include "releases/catalog.h"

#include <cstdlib>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    auto c = cudnnsetup::Catalog::parse(text);
    if (!c)
        return 0;
    for (const auto& e : c->entries()) {
        const std::string sha = cudnnsetup::normalizeSha256(e.sha256);
        if (!sha.empty() && c->findBySha256(sha) == nullptr)
            std::abort();  // an entry with a well-formed hash is found by it
        (void)c->findByFileName(e.file);
        (void)cudnnsetup::comparableArchiveName(e.file);
    }
    return 0;
}
