// The inflate seeds of fuzz_makeseeds: raw deflate streams written by zlib, each after the
// options byte of fuzz_inflate.cpp (the largest slice: 2^(1 + b % 13) bytes), so that mutations
// start from every block kind (stored, fixed, dynamic), flush points, a bomb, stored blocks full of
// another stream's block headers and a second stream after the end.
#include "fixtures/pebuilder.h"
#include "fixtures/rawdeflate.h"

#include <zlib.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

namespace {

using Bytes = std::vector<std::uint8_t>;

using cudnnsetup::fixtures::deflateRaw;

Bytes code(std::size_t n, std::uint64_t seed, double randomShare = 0.30)
{
    Bytes b(n);
    cudnnsetup::fixtures::PeBodyGenerator(seed, randomShare).fill(b.data(), n);
    return b;
}

Bytes text(std::size_t n)
{
    std::string s;
    for (int i = 0; s.size() < n; ++i)
        s += "#define CUDNN_ATTR_" + std::to_string(i * 7919 % 1000) + " (" + std::to_string(i) + ")\n";
    s.resize(n);
    return Bytes(s.begin(), s.end());
}

Bytes random(std::size_t n)
{
    Bytes b(n);
    std::uint64_t x = 88172645463325252ull;
    for (auto& c : b) {
        x ^= x << 13, x ^= x >> 7, x ^= x << 17;
        c = static_cast<std::uint8_t>(x);
    }
    return b;
}

}  // namespace

void writeInflateSeeds(const std::filesystem::path& dir)
{
    std::filesystem::create_directories(dir);
    auto write = [&](const std::string& name, std::uint8_t options, const Bytes& stream) {
        std::ofstream out(dir / name, std::ios::binary | std::ios::trunc);
        out.put(static_cast<char>(options));
        out.write(reinterpret_cast<const char*>(stream.data()), std::streamsize(stream.size()));
        if (!out)
            std::fprintf(stderr, "cannot write %s\n", name.c_str()), std::exit(1);
    };
    // Options byte (fuzz_inflate.cpp): slices of up to 2^(1 + b % 13) bytes.
    write("code-level6-256B-segments", 0x00, deflateRaw(code(24 << 10, 1), 6));
    write("code-level6-4KiB-segments-2-helpers", 0x3C, deflateRaw(code(32 << 10, 2), 6));
    write("code-level1", 0x19, deflateRaw(code(16 << 10, 3), 1));
    write("text-level9-512B-segments", 0x11, deflateRaw(text(32 << 10), 9));
    write("zeros-bomb-output-limit", 0x42, deflateRaw(Bytes(1 << 20, 0), 6));
    write("random-stored-block", 0x01, deflateRaw(random(4 << 10), 6));
    write("fixed-blocks-only", 0x02, deflateRaw(text(8 << 10), 6, Z_FIXED));
    write("huffman-only", 0x0A, deflateRaw(code(8 << 10, 4), 6, Z_HUFFMAN_ONLY));
    write("rle", 0x23, deflateRaw(code(8 << 10, 5), 6, Z_RLE));
    write("memlevel1-tiny-blocks", 0x28, deflateRaw(code(16 << 10, 6), 6, Z_DEFAULT_STRATEGY, 1));
    write("sync-flush-every-2KiB", 0x1B, deflateRaw(text(16 << 10), 6, Z_DEFAULT_STRATEGY, 8, 2048, Z_SYNC_FLUSH));
    write("block-flush-every-1KiB", 0x0C, deflateRaw(code(16 << 10, 7), 6, Z_DEFAULT_STRATEGY, 8, 1024, Z_BLOCK));
    // Stored blocks holding another stream: valid dynamic headers that are no block starts.
    write("stored-blocks-with-false-headers", 0x30, deflateRaw(deflateRaw(code(12 << 10, 8), 6), 0));
    Bytes two = deflateRaw(code(8 << 10, 9), 6);
    const Bytes second = deflateRaw(code(8 << 10, 10), 6);
    two.insert(two.end(), second.begin(), second.end());
    write("second-stream-after-the-end", 0x08, two);
    write("empty-stream", 0x00, deflateRaw({}, 6));
    write("code-1MiB-slices-of-up-to-4KiB", 0xBB, deflateRaw(code(1 << 20, 11, 0.7), 6));
}
