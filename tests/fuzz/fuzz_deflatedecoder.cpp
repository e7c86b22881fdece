// Our DeflateDecoder (archive/deflatedecoder.h) against zlib's inflate, the reference. The input:
// one byte of options (the seed of the piece sizes it is fed in), then a raw deflate stream (the
// seeds are fuzz_inflate's). Where zlib ends the stream, the decoder must end it with the same
// bytes; where zlib refuses it or runs out of input, the decoder must not end it, and what either
// put out before must agree. Output stops at kCap (a bomb is then compared up to there). Any
// difference aborts. Then the same stream from its first block boundary past 64 KiB of output
// (zlib's Z_BLOCK says where), with the output before it as dictionary: the rest must agree too.
#include "archive/deflatedecoder.h"

#include <zlib.h>

#include <algorithm>
#include <cstdlib>
#include <vector>

namespace {

using Bytes = std::vector<std::uint8_t>;
using cudnnsetup::deflate::DeflateDecoder;
constexpr std::size_t kCap = 1u << 20;

struct Zlib {
    bool ok = false;
    Bytes out;
    std::uint64_t boundaryBit = 0;  // the first block boundary (not the last) after 64 KiB of output
    std::size_t boundaryOut = 0;
};

Zlib zlibInflate(const std::uint8_t* data, std::size_t size)
{
    Zlib r;
    z_stream z{};
    if (inflateInit2(&z, -15) != Z_OK)
        std::abort();
    z.next_in = const_cast<Bytef*>(data);
    z.avail_in = static_cast<uInt>(size);
    r.out.resize(kCap);
    z.next_out = r.out.data();
    z.avail_out = static_cast<uInt>(kCap);
    int rc = Z_OK;
    while (rc == Z_OK && z.avail_out > 0) {
        rc = inflate(&z, Z_BLOCK);
        if (!r.boundaryBit && z.total_out >= 65536 && (z.data_type & 128) && !(z.data_type & 64)) {
            r.boundaryBit = std::uint64_t(z.total_in) * 8 - (z.data_type & 7);
            r.boundaryOut = z.total_out;
        }
        if (rc == Z_BUF_ERROR)
            break;  // no progress: the input ran out
    }
    r.ok = rc == Z_STREAM_END;
    r.out.resize(z.total_out);
    inflateEnd(&z);
    return r;
}

struct Ours {
    DeflateDecoder::Status status = DeflateDecoder::Status::NeedInput;
    Bytes out;
};

Ours ourInflate(const std::uint8_t* data, std::size_t size, unsigned seed, std::uint64_t bit = 0,
                const Bytes* dict = nullptr, std::size_t dictLength = 0)
{
    Ours r;
    DeflateDecoder d;
    d.begin(bit, data + bit / 8, dict ? dict->data() : nullptr, dictLength);
    auto sink = [&](const std::uint8_t* p, std::size_t n) {
        r.out.insert(r.out.end(), p, p + std::min(n, kCap - r.out.size()));
        return r.out.size() < kCap;
    };
    unsigned s = seed * 2654435761u + 1;
    while (d.fed() < size) {
        s = s * 1103515245u + 12345u;
        const std::size_t piece = (seed & 1) ? size : 1 + (s >> 16) % ((seed & 2) ? 7 : 4096);
        const std::size_t n = std::min<std::size_t>(piece, size - d.fed());
        r.status = d.feed(data + d.fed(), n, sink);
        if (r.status != DeflateDecoder::Status::NeedInput)
            break;
    }
    return r;
}

void compare(const Zlib& z, const Ours& o, std::size_t from)
{
    const bool zlibFull = z.out.size() >= kCap;
    if (o.status == DeflateDecoder::Status::Stopped) {  // we reached kCap
        if (!zlibFull && !z.ok)
            std::abort();
    } else if (z.ok != (o.status == DeflateDecoder::Status::Finished) && !zlibFull) {
        std::abort();
    }
    const std::size_t common = std::min(o.out.size(), z.out.size() - from);
    if (!std::equal(o.out.begin(), o.out.begin() + static_cast<std::ptrdiff_t>(common), z.out.begin() + static_cast<std::ptrdiff_t>(from)))
        std::abort();
    if (z.ok && o.out.size() != z.out.size() - from)
        std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    if (size < 1)
        return 0;
    const unsigned options = data[0];
    const std::uint8_t* stream = data + 1;
    const std::size_t n = size - 1;
    const Zlib z = zlibInflate(stream, n);
    compare(z, ourInflate(stream, n, options), 0);
    if (z.boundaryBit && z.boundaryBit < std::uint64_t(n) * 8) {
        const Ours rest = ourInflate(stream, n, options >> 2, z.boundaryBit, &z.out, z.boundaryOut);
        compare(z, rest, z.boundaryOut);
    }
    return 0;
}
