#include "common/casefold.h"

#include "common/text.h"

#include <algorithm>
#include <iterator>
#include <utility>

namespace cudnnsetup {

namespace {

constexpr std::pair<std::uint16_t, std::uint16_t> kFold[] = {
#include "common/casefold_table.inc"
};

}  // namespace

std::uint32_t simpleCaseFold(std::uint32_t cp)
{
    if (cp > 0xFFFF)
        return cp;
    const auto it = std::lower_bound(std::begin(kFold), std::end(kFold), cp,
                                     [](const auto& e, std::uint32_t c) { return e.first < c; });
    return it != std::end(kFold) && it->first == cp ? it->second : cp;
}

std::string foldCaseUtf8(std::string_view s)
{
    std::string out;
    out.reserve(s.size());
    for (std::size_t i = 0; i < s.size();) {
        const auto b0 = static_cast<unsigned char>(s[i]);
        auto cont = [&](std::size_t k) {
            return i + k < s.size() && (static_cast<unsigned char>(s[i + k]) & 0xC0) == 0x80;
        };
        std::uint32_t cp = b0;
        std::size_t len = 1;
        if (b0 >= 0xC2 && b0 < 0xE0 && cont(1)) {
            cp = ((b0 & 0x1Fu) << 6) | (static_cast<unsigned char>(s[i + 1]) & 0x3Fu);
            len = 2;
        } else if (b0 >= 0xE0 && b0 < 0xF0 && cont(1) && cont(2)) {
            cp = ((b0 & 0x0Fu) << 12) | ((static_cast<unsigned char>(s[i + 1]) & 0x3Fu) << 6) |
                 (static_cast<unsigned char>(s[i + 2]) & 0x3Fu);
            len = 3;
        } else if (b0 >= 0x80) {
            out += s[i];  // a 4-byte sequence byte (never folded by NTFS) or a stray byte: as is
            ++i;
            continue;
        }
        const std::uint32_t folded = simpleCaseFold(cp);
        if (folded == cp)
            out.append(s.substr(i, len));
        else
            putUtf8(out, folded);
        i += len;
    }
    return out;
}

}  // namespace cudnnsetup
