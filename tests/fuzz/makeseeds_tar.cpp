// The tar seeds of fuzz_makeseeds (Linux only: the tar writer uses libarchive's xz filter):
// a generated cuDNN 9 release in each compression, and one tarball per header trick the
// verifier refuses (pax and GNU long names, links, devices, sparse-looking pax records), so
// that mutations start from every header shape the reader parses.
#include "fixtures/tarbuilder.h"

#include <cstdio>
#include <cstdlib>
#include <filesystem>

using namespace cudnnsetup::fixtures;

void writeTarSeeds(const std::filesystem::path& dir)
{
    std::filesystem::create_directories(dir);
    auto write = [&](const std::string& name, const std::vector<TarMember>& members, TarCompression c) {
        std::string error;
        if (!writeTar((dir / name).string(), members, c, &error))
            std::fprintf(stderr, "%s: %s\n", name.c_str(), error.c_str()), std::exit(1);
    };
    LinuxReleaseSpec spec;
    spec.omit = {"libcudnn_engines_precompiled", "libcudnn_engines_runtime_compiled", "libcudnn_heuristic"};
    const std::vector<TarMember> release = cudnnLinuxRelease(spec);
    write("release-9.19.tar", release, TarCompression::None);
    write("release-9.19.tgz", release, TarCompression::Gzip);
    write("release-9.19.tar.xz", release, TarCompression::Xz);
    const std::string root = linuxRoot(spec) + "/";
    const std::vector<std::uint8_t> bytes{'d', 'a', 't', 'a'};
    write("symlink-escape.tar", {{.name = root + "lib/libcudnn.so", .type = '2', .mode = 0777, .link = "../../etc/passwd"}},
          TarCompression::None);
    write("hardlink.tar", {{.name = root + "lib/a", .data = bytes}, {.name = root + "lib/b", .type = '1', .link = root + "lib/a"}},
          TarCompression::None);
    write("devices.tar", {{.name = root + "dev", .type = '3'}, {.name = root + "fifo", .type = '6'}, {.name = root + "dir/", .type = '5', .mode = 0755}},
          TarCompression::None);
    write("pax-long-name.tar", {{.name = root + std::string(150, 'p'), .data = bytes, .pax = {{"path", root + std::string(150, 'p')}}}},
          TarCompression::None);
    write("gnu-long-name.tar", {{.name = root + std::string(150, 'g'), .data = bytes, .gnuLongName = true}},
          TarCompression::None);
    write("pax-sparse.tar", {{.name = root + "lib/sparse", .data = bytes, .pax = {{"GNU.sparse.major", "1"}, {"GNU.sparse.minor", "0"}, {"GNU.sparse.name", root + "lib/sparse"}, {"GNU.sparse.realsize", "4096"}}}},
          TarCompression::None);
    write("setuid.tar", {{.name = root + "lib/libcudnn.so.9", .mode = 04755, .data = bytes}}, TarCompression::Gzip);
}
