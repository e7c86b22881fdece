// Inflate alone, one thread, on the bytes the archive benches generate (a DLL body of
// PeBodyGenerator, 47.5 % incompressible runs, deflated by zlib, level 6 unless --level): what each decoder
// costs per byte. Why: unknown verify is CPU-bound and inflating is most of its CPU time, so the
// decoder is what would have to change if it ever missed its target.
//   ISA-L isal_inflate, 1 MiB output pieces (what EntryInflater uses)
//   zlib inflate, 1 MiB output pieces (streaming)
//   libdeflate, the whole entry in one buffer (no streaming API: not usable within 64 MiB for a
//     2 GiB DLL, timed to show what a decoder of its kind gains), when libdeflate-dev is installed
// Best of N runs each; prints MB/s of output and each time as a ratio to ISA-L's.
//
//   bench_inflate [--mib N] [--runs N] [--random-share X] [--level N]

#include "fixtures/pebuilder.h"
#include "fixtures/rawdeflate.h"

#include <isa-l/crc.h>
#include <isa-l/igzip_lib.h>
#include <zlib.h>
#if CUDNN_SETUP_BENCH_LIBDEFLATE
#include <libdeflate.h>
#endif

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace {

using Clock = std::chrono::steady_clock;

double bestOf(int runs, const std::function<bool()>& body)
{
    double best = 1e30;
    for (int i = 0; i < runs; ++i) {
        const auto t0 = Clock::now();
        if (!body())
            return -1;
        best = std::min(best, std::chrono::duration<double>(Clock::now() - t0).count());
    }
    return best;
}

}  // namespace

int main(int argc, char** argv)
{
    std::size_t mib = 96;
    int runs = 3;
    double randomShare = 0.475;
    int level = 6;
    for (int i = 1; i < argc; ++i) {
        if (!std::strcmp(argv[i], "--mib") && i + 1 < argc)
            mib = std::max(1, std::atoi(argv[++i]));
        else if (!std::strcmp(argv[i], "--runs") && i + 1 < argc)
            runs = std::max(1, std::atoi(argv[++i]));
        else if (!std::strcmp(argv[i], "--random-share") && i + 1 < argc)
            randomShare = std::atof(argv[++i]);
        else if (!std::strcmp(argv[i], "--level") && i + 1 < argc)
            level = std::clamp(std::atoi(argv[++i]), 1, 9);
        else {
            std::printf("usage: bench_inflate [--mib N] [--runs N] [--random-share X] [--level N]\n");
            return std::strcmp(argv[i], "--help") ? 2 : 0;
        }
    }
    std::vector<std::uint8_t> body(mib << 20);
    cudnnsetup::fixtures::PeBodyGenerator(1, randomShare).fill(body.data(), body.size());
    const std::vector<std::uint8_t> in = cudnnsetup::fixtures::deflateRaw(body, level);
    const std::uint32_t expectCrc = crc32_gzip_refl(0, body.data(), body.size());
    std::printf("%zu MiB DLL body (random share %.3f), %zu bytes deflated (zlib level %d), best of %d\n", mib,
                randomShare, in.size(), level, runs);

    std::vector<std::uint8_t> piece(1u << 20);
    const double isal = bestOf(runs, [&] {
        auto s = std::make_unique<inflate_state>();
        isal_inflate_init(s.get());
        s->crc_flag = ISAL_GZIP_NO_HDR;
        s->next_in = const_cast<std::uint8_t*>(in.data());
        s->avail_in = static_cast<std::uint32_t>(in.size());
        std::size_t total = 0;
        do {
            s->next_out = piece.data();
            s->avail_out = static_cast<std::uint32_t>(piece.size());
            if (isal_inflate(s.get()) < 0)
                return false;
            total += piece.size() - s->avail_out;
        } while (s->block_state != ISAL_BLOCK_FINISH);
        return total == body.size() && s->crc == expectCrc;
    });
    auto report = [&](const char* what, double seconds) {
        if (seconds < 0)
            std::printf("  %-58s FAILED (wrong output)\n", what);
        else
            std::printf("  %-58s %7.3f s  %7.1f MB/s  %.2fx ISA-L's time\n", what, seconds, body.size() / seconds / 1e6,
                        seconds / isal);
    };
    report("ISA-L isal_inflate + CRC-32, 1 MiB pieces", isal);

    report("zlib inflate + crc32, 1 MiB pieces", bestOf(runs, [&] {
               z_stream z{};
               if (inflateInit2(&z, -15) != Z_OK)
                   return false;
               z.next_in = const_cast<Bytef*>(in.data());
               z.avail_in = static_cast<uInt>(in.size());
               uLong crc = crc32(0, nullptr, 0);
               std::size_t total = 0;
               int rc = Z_OK;
               while (rc == Z_OK) {
                   z.next_out = piece.data();
                   z.avail_out = static_cast<uInt>(piece.size());
                   rc = inflate(&z, Z_NO_FLUSH);
                   const std::size_t n = piece.size() - z.avail_out;
                   crc = crc32(crc, piece.data(), static_cast<uInt>(n));
                   total += n;
               }
               inflateEnd(&z);
               return rc == Z_STREAM_END && total == body.size() && crc == expectCrc;
           }));

#if CUDNN_SETUP_BENCH_LIBDEFLATE
    {
        std::vector<std::uint8_t> out(body.size());
        std::fill(out.begin(), out.end(), 1);  // resident before the clock starts
        libdeflate_decompressor* d = libdeflate_alloc_decompressor();
        report("libdeflate + its CRC-32, whole entry in memory", bestOf(runs, [&] {
                   std::size_t got = 0;
                   if (libdeflate_deflate_decompress(d, in.data(), in.size(), out.data(), out.size(), &got) !=
                       LIBDEFLATE_SUCCESS)
                       return false;
                   return got == body.size() && libdeflate_crc32(0, out.data(), got) == expectCrc;
               }));
        libdeflate_free_decompressor(d);
    }
#else
    std::printf("  libdeflate: not measured (libdeflate-dev was not found when this was built)\n");
#endif

    return 0;
}
