// Writes the generated seeds of the fuzz corpora: small zips (deflated, stored, with folder
// entries, a symlink, an overlapping alias, a duplicate name) and PE images (x64/i386/arm64,
// with and without VERSIONINFO and imports, and each PeDefect), all from tests/fixtures,
// command lines of the elevated helper (NUL between the arguments), raw deflate streams
// (makeseeds_inflate.cpp) and tarballs (Linux).
//   fuzz_makeseeds OUTDIR   -> OUTDIR/zipdirectory/*.zip, OUTDIR/pereader/*.dll, OUTDIR/intent/*,
//                              OUTDIR/inflate/*, OUTDIR/tar/* (Linux)
// Binary, so generated instead of committed: CTest's fuzz.seeds writes them for the replay
// tests, scripts/fuzz.sh into build/fuzz/seeds. The text seeds are in tests/fuzz/corpus.
#include "fixtures/archivebuilder.h"
#include "fixtures/hostilezip.h"
#include "fixtures/pebuilder.h"
#include "fixtures/toolkitbuilder.h"

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

using namespace cudnnsetup::fixtures;

void writeTarSeeds(const std::filesystem::path& dir);      // makeseeds_tar.cpp (not on Windows)
void writeInflateSeeds(const std::filesystem::path& dir);  // makeseeds_inflate.cpp

namespace {
void writeBytes(const std::filesystem::path& p, const std::vector<std::uint8_t>& bytes)
{
    std::ofstream out(p, std::ios::binary | std::ios::trunc);
    out.write(reinterpret_cast<const char*>(bytes.data()), std::streamsize(bytes.size()));
    if (!out)
        std::fprintf(stderr, "cannot write %s\n", p.string().c_str()), std::exit(1);
}
void check(bool ok, const std::string& what, const std::string& error)
{
    if (!ok)
        std::fprintf(stderr, "%s: %s\n", what.c_str(), error.c_str()), std::exit(1);
}
PeOptions tinyPe(const char* version)
{
    PeOptions o;
    o.fileVersion = version;
    o.bodyBytes = 64;
    return o;
}
// The elevated helper's command lines (fuzz_intent.cpp): NUL between the arguments, "@TK@"
// for the real toolkit that the target makes at start. Accepted install/uninstall/repair
// requests (every option once) and recovers, and what the helper must refuse: the --opt=value
// form, global options before and after the mode (--log, --state-dir, --json), values that look
// like options, the toolkit through a link, with ';' or '%', not canonical, "/"; a transaction
// with dots; an uninstall with an archive and a short digest.
void writeIntentSeeds(const std::filesystem::path& dir)
{
    std::filesystem::create_directories(dir);
    const std::string digest(64, 'e'), tx = "20261201T084406Z-71c10b";
    auto helper = [](std::vector<std::string> rest) {
        std::vector<std::string> a{"elevated-apply", "--operation"};
        a.insert(a.end(), rest.begin(), rest.end());
        return a;
    };
    auto install = [&](const std::string& toolkit, const std::string& transaction) {
        return helper({"install", "--toolkit", toolkit, "--transaction", transaction, "--plan-digest", digest,
                       "--archive", "/tmp/a.zip"});
    };
    const std::vector<std::pair<std::string, std::vector<std::string>>> seeds{
        {"install-accepted", install("@TK@", tx)},
        {"uninstall-accepted",
         helper({"uninstall", "--toolkit", "@TK@", "--transaction", tx, "--plan-digest", digest})},
        // use (issue 27): parsed and round-tripped; a toolkit is no NVIDIA cuDNN root, so the disk check refuses.
        {"use-path-first", helper({"use", "--toolkit", "@TK@", "--use-folder", "@TK@/bin", "--path-first",
                                   "--transaction", tx, "--plan-digest", digest})},
        {"use-with-archive", helper({"use", "--toolkit", "@TK@", "--use-folder", "@TK@/bin", "--archive", "/tmp/a.zip",
                                     "--transaction", tx, "--plan-digest", digest})},
        // use --merge (issue 27): the folder is no NVIDIA variant, so the disk check refuses; and the
        // flag with --path-first, which the parser refuses.
        {"use-merge", helper({"use", "--toolkit", "@TK@", "--use-folder", "@TK@/bin", "--merge", "--no-path",
                              "--transaction", tx, "--plan-digest", digest})},
        {"use-merge-path-first", helper({"use", "--toolkit", "@TK@", "--use-folder", "@TK@/bin", "--merge",
                                         "--path-first", "--transaction", tx, "--plan-digest", digest})},
        // repair of a merged toolkit (issue 27): the folder is no NVIDIA variant and no record names it,
        // so the disk check refuses; and with an archive, which the parser refuses.
        {"repair-use-folder", helper({"repair", "--toolkit", "@TK@", "--use-folder", "@TK@/bin", "--no-path",
                                      "--transaction", tx, "--plan-digest", digest})},
        {"repair-use-folder-archive", helper({"repair", "--toolkit", "@TK@", "--use-folder", "@TK@/bin", "--archive",
                                              "/tmp/a.zip", "--transaction", tx, "--plan-digest", digest})},
        // install --nvidia-layout (issue 27): a new root under the toolkit's folder (not named
        // NVIDIA/CUDNN/v<x.y>: refused on the disk), and the flag where it does not belong.
        {"install-nvidia-layout", helper({"install", "--toolkit", "@TK@/NVIDIA/CUDNN/v9.19", "--transaction", tx,
                                          "--plan-digest", digest, "--archive", "/tmp/a.zip", "--nvidia-layout"})},
        {"repair-nvidia-layout", helper({"repair", "--toolkit", "@TK@", "--transaction", tx, "--plan-digest", digest,
                                         "--nvidia-layout"})},
        {"repair-every-option",
         helper({"repair", "--toolkit", "@TK@", "--transaction", tx, "--plan-digest", digest, "--archive", "/tmp/a.zip",
                 "--sha256", std::string(64, 'a'), "--manifest", "/tmp/redistrib_8.2.0.json", "--no-path",
                 "--include-extra-files", "--allow-unknown"})},
        {"equals-form-options-after",
         {"elevated-apply", "--operation=install", "--toolkit=@TK@", "--transaction=abc-DEF-123",
          "--plan-digest=" + digest, "--archive=/tmp/a.zip", "--json"}},
        {"option-like-values", helper({"install", "--toolkit", "@TK@", "--transaction=--no-path", "--plan-digest",
                                       digest, "--archive=-x", "--sha256=--allow-unknown"})},
        {"log-global-before", {"--log", "/root/.bashrc", "elevated-apply", "--operation", "uninstall", "--toolkit", "@TK@",
                               "--transaction", tx, "--plan-digest", digest}},
        {"log-after-mode", helper({"uninstall", "--toolkit", "@TK@", "--transaction", tx, "--plan-digest", digest,
                                   "--log", "/etc/ld.so.preload"})},
        {"state-dir-after-mode", helper({"uninstall", "--toolkit", "@TK@", "--transaction", tx, "--plan-digest", digest,
                                         "--state-dir=/tmp"})},
        {"recover-accepted", {"elevated-recover", "--toolkit", "@TK@"}},
        {"recover-with-json", {"elevated-recover", "--json"}},
        {"toolkit-through-a-link", install("@TK@-link", "t1")},
        {"toolkit-with-semicolon", install("@TK@;evil", "t1")},
        {"toolkit-with-percent", install("@TK@%PATH%", "t1")},
        {"toolkit-with-newline", install("@TK@\n", "t1")},
        {"toolkit-not-canonical", install("@TK@/../tk", "t1")},
        {"toolkit-root", install("/", "t1")},
        {"transaction-with-dots", install("@TK@", "../../etc")},
        {"uninstall-with-archive-short-digest", helper({"uninstall", "--toolkit", "@TK@", "--transaction", "t1",
                                                        "--plan-digest", "short", "--archive", "/tmp/a.zip"})},
    };
    for (const auto& [name, args] : seeds) {
        std::vector<std::uint8_t> bytes;
        for (std::size_t i = 0; i < args.size(); ++i) {
            if (i)
                bytes.push_back(0);
            bytes.insert(bytes.end(), args[i].begin(), args[i].end());
        }
        writeBytes(dir / name, bytes);
    }
}
}  // namespace

int main(int argc, char** argv)
{
    if (argc != 2) {
        std::fprintf(stderr, "usage: %s OUTDIR\n", argv[0]);
        return 2;
    }
    const std::filesystem::path out(argv[1]);
    const auto zips = out / "zipdirectory", pes = out / "pereader";
    std::filesystem::create_directories(zips);
    std::filesystem::create_directories(pes);
    std::string error;

    // Zips: a few entries each, so that mutations reach every record field quickly.
    const auto dll = buildPe(tinyPe("8.2.0.53"));
    const std::vector<ArchiveFile> small{
        textFile("cuda/include/cudnn_version.h", versionHeaderText(8, 2, 0)),
        ArchiveFile{"cuda/bin/cudnn64_8.dll", dll, false, std::nullopt, false, {}, 0},
        textFile("cuda/NVIDIA_SLA_cuDNN_Support.txt", "license")};
    check(writeZip((zips / "deflated.zip").string(), small, &error), "deflated.zip", error);
    std::vector<ArchiveFile> stored = small;
    for (auto& f : stored)
        f.store = true;
    check(writeZip((zips / "stored.zip").string(), stored, &error), "stored.zip", error);
    std::vector<ArchiveFile> unix{textFile("cudnn/", ""), textFile("cudnn/lib/", "")};
    unix[0].unixMode = 0755;
    unix[1].unixMode = 0755;
    ArchiveFile so = textFile("cudnn/lib/libcudnn.so.9.1.0", "ELF");
    so.unixMode = 0644;
    ArchiveFile link{"cudnn/lib/libcudnn.so.9", {}, false, 0777, true, {}, 0};
    const std::string target = "libcudnn.so.9.1.0";
    link.data.assign(target.begin(), target.end());
    unix.push_back(so);
    unix.push_back(link);
    check(writeZip((zips / "unix-symlink.zip").string(), unix, &error), "unix-symlink.zip", error);
    check(writeOverlappingZip((zips / "overlap.zip").string(), small, "cuda/bin/cudnn_alias.dll",
                              "cuda/bin/cudnn64_8.dll", &error),
          "overlap.zip", error);
    std::vector<RawZipEntry> dup{rawEntry(small[0]), rawEntry(small[0])};
    check(writeRawZip((zips / "duplicate-name.zip").string(), dup, &error), "duplicate-name.zip", error);
    // A whole release in NVIDIA's 8.2 layout with tiny DLL bodies (what the plan and journal
    // seeds in tests/fuzz/corpus were made from: see its README.md).
    ReleaseSpec release;
    release.dllBodyBytes = 16;
    check(writeZip((zips / "release-8.2.zip").string(), cudnnWindowsRelease(release), &error),
          "release zip", error);
    writeBytes(zips / "empty.zip", {'P', 'K', 5, 6, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0});

    // PE images: the well-formed kinds and one per defect.
    writeBytes(pes / "x64-8.2.0.53.dll", dll);
    PeOptions i386 = tinyPe("8.2.0.53");
    i386.arch = PeArch::I386;
    writeBytes(pes / "i386.dll", buildPe(i386));
    PeOptions arm = tinyPe("8.9.7.29");
    arm.arch = PeArch::Arm64;
    writeBytes(pes / "arm64.dll", buildPe(arm));
    PeOptions noVersion = tinyPe("1.0.0.0");
    noVersion.fileVersion.reset();
    writeBytes(pes / "no-versioninfo.dll", buildPe(noVersion));
    PeOptions noRsrc = tinyPe("1.0.0.0");
    noRsrc.fileVersion.reset();
    noRsrc.resources = false;
    writeBytes(pes / "no-resources.dll", buildPe(noRsrc));
    PeOptions imports = tinyPe("8.2.0.53");
    imports.imports = {"cublasLt64_11.dll", "zlibwapi.dll", "KERNEL32.dll"};
    writeBytes(pes / "imports.dll", buildPe(imports));
    // String tables (StringFileInfo\...\FileDescription), with and without the fixed info.
    PeOptions described = tinyPe("8.2.0.53");
    described.fileDescription = "NVIDIA CUDA Deep Neural Network Library 8.2.0.53";
    writeBytes(pes / "description.dll", buildPe(described));
    described.fileVersion.reset();
    writeBytes(pes / "description-only.dll", buildPe(described));
    for (int d = int(PeDefect::LfanewHuge); d <= int(PeDefect::DescriptionKeyUnterminated); ++d) {
        PeOptions o = tinyPe("8.2.0.53");
        o.fileDescription = "cuDNN 8.2.0.53";
        o.defect = static_cast<PeDefect>(d);
        writeBytes(pes / ("defect-" + std::to_string(d) + ".dll"), buildPe(o));
    }
    writeIntentSeeds(out / "intent");
    writeInflateSeeds(out / "inflate");
#ifndef _WIN32
    writeTarSeeds(out / "tar");
    // ELF shared objects: an x86-64 and an AArch64 one, each cut inside its dynamic section.
    const auto elfs = out / "elfreader";
    std::filesystem::create_directories(elfs);
    for (const auto& [name, machine] : {std::pair<const char*, std::uint16_t>{"x86-64", 62}, {"aarch64", 183}}) {
        auto elf = buildElfSharedObject("libcudnn.so.9", machine);
        writeBytes(elfs / (std::string(name) + ".so"), elf);
        elf.resize(200);
        writeBytes(elfs / (std::string(name) + "-cut.so"), elf);
    }
#endif
    std::printf("seeds written to %s\n", out.string().c_str());
    return 0;
}
