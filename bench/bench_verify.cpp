// Benchmark of `cudnn-setup-cli verify` against the tools a user has, on a generated archive
// shaped like cudnn-11.3-windows-x64-v8.2.0.53.zip (the 31 files, ~1 GB of DLLs that compress
// about 1.1-2.8:1 like real machine code, ~737 MB zipped). Everything runs in one process
// run, warm page cache for all, best of N runs each. Not a CTest test: see run-verify-bench.sh.
//
//   bench_verify [--runs N] [--dir TMPDIR] [--keep]

#include "fixtures/archivebuilder.h"

#include <fcntl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <spawn.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <string>
#include <vector>

extern char** environ;

namespace {

using namespace cudnnsetup::fixtures;
namespace fs = std::filesystem;

struct Run {
    double seconds = 0;
    long maxRssKiB = 0;
    int status = -1;
};

// Runs argv with stdout/stderr to /dev/null; wall time and the child's own peak RSS.
Run spawn(const std::vector<std::string>& args)
{
    std::vector<char*> argv;
    for (const auto& a : args)
        argv.push_back(const_cast<char*>(a.c_str()));
    argv.push_back(nullptr);
    posix_spawn_file_actions_t fa;
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_addopen(&fa, 1, "/dev/null", O_WRONLY, 0);
    posix_spawn_file_actions_addopen(&fa, 2, "/dev/null", O_WRONLY, 0);
    Run r;
    const auto t0 = std::chrono::steady_clock::now();
    pid_t pid = 0;
    if (posix_spawnp(&pid, argv[0], &fa, nullptr, argv.data(), environ) != 0) {
        std::fprintf(stderr, "cannot start %s\n", argv[0]);
        posix_spawn_file_actions_destroy(&fa);
        return r;
    }
    int status = 0;
    rusage ru{};
    wait4(pid, &status, 0, &ru);
    r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    r.maxRssKiB = ru.ru_maxrss;
    r.status = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    posix_spawn_file_actions_destroy(&fa);
    return r;
}

struct Timing {
    double best = 1e30;
    long rss = 0;
    int status = 0;
};

Timing measure(const std::vector<std::vector<std::string>>& commands, int runs)
{
    Timing t;
    for (int i = 0; i < runs; ++i) {
        double total = 0;
        for (const auto& c : commands) {
            const Run r = spawn(c);
            total += r.seconds;
            t.rss = std::max(t.rss, r.maxRssKiB);
            t.status = t.status ? t.status : r.status;
        }
        t.best = std::min(t.best, total);
    }
    return t;
}

}  // namespace

int main(int argc, char** argv)
{
    int runs = 3;
    std::string base = fs::temp_directory_path().string();
    bool keep = false;
    for (int i = 1; i < argc; ++i) {
        if (!std::strcmp(argv[i], "--runs") && i + 1 < argc)
            runs = std::max(1, std::atoi(argv[++i]));
        else if (!std::strcmp(argv[i], "--dir") && i + 1 < argc)
            base = argv[++i];
        else if (!std::strcmp(argv[i], "--keep"))
            keep = true;
    }
    if (std::string(CUDNN_SETUP_BUILD_TYPE) != "Release")
        std::fprintf(stderr, "warning: this is a %s build; numbers are only meaningful for Release "
                             "(use bench/run-verify-bench.sh)\n", CUDNN_SETUP_BUILD_TYPE);

    std::string tmpl = (fs::path(base) / "cudnn-bench-XXXXXX").string();
    if (!mkdtemp(tmpl.data())) {
        std::perror("mkdtemp");
        return 2;
    }
    const fs::path dir = tmpl;
    const std::string archive = (dir / "cudnn-8.2-bench.zip").string();

    // The 8.2 file set with DLL sizes in the proportions of the real 8.2.0 DLLs (~1 GB of
    // them); the random share makes each compress like real code (1.1-2.8:1) and the whole
    // zip land near 737 MB.
    ReleaseSpec spec = benchRelease82(1000ull << 20);
    spec.dllRandomShare = 0.475;
    std::fprintf(stderr, "Generating %s ...\n", archive.c_str());
    const auto g0 = std::chrono::steady_clock::now();
    std::string error;
    const auto files = cudnnWindowsRelease(spec);
    std::uint64_t uncompressed = 0;
    for (const auto& f : files)
        uncompressed += f.size();
    if (!writeZip(archive, files, &error)) {
        std::fprintf(stderr, "cannot write the archive: %s\n", error.c_str());
        fs::remove_all(dir);
        return 2;
    }
    const auto zipped = fs::file_size(archive);
    std::printf("archive: %zu files, %.1f MB uncompressed, %.1f MB zipped (%.2f:1), generated in %.0f s\n",
                files.size(), uncompressed / 1e6, zipped / 1e6, double(uncompressed) / double(zipped),
                std::chrono::duration<double>(std::chrono::steady_clock::now() - g0).count());

    // Warm the page cache once so that every tool reads from memory.
    spawn({"cat", archive});

    const Timing ours = measure({{CUDNN_SETUP_CLI_PATH, "verify", archive, "--json"}}, runs);
    const Timing best = measure({{"7z", "t", archive}, {"openssl", "dgst", "-sha256", archive}}, runs);
    const Timing seed = measure({{"sha256sum", archive}, {"unzip", "-tq", archive}}, runs);

    const double r1 = ours.best / best.best, r2 = ours.best / seed.best;
    std::printf("cudnn-setup-cli verify      %6.2f s  (exit %d, peak RSS %.1f MiB)\n", ours.best, ours.status,
                ours.rss / 1024.0);
    std::printf("7z t + openssl dgst         %6.2f s  (exit %d)\n", best.best, best.status);
    std::printf("sha256sum + unzip -tq       %6.2f s  (exit %d)\n", seed.best, seed.status);
    std::printf("ratio vs 7z t + openssl     %6.2f   (target <= 0.50: %s)\n", r1, r1 <= 0.5 ? "met" : "MISSED");
    std::printf("ratio vs sha256sum + unzip  %6.2f\n", r2);
    std::printf("peak RSS of verify          %6.1f MiB (target <= 64: %s)\n", ours.rss / 1024.0,
                ours.rss <= 64 * 1024 ? "met" : "MISSED");
    std::printf("best of %d runs each; %u CPUs; build %s\n", runs, std::max(1u, unsigned(sysconf(_SC_NPROCESSORS_ONLN))),
                CUDNN_SETUP_BUILD_TYPE);
    if (keep)
        std::printf("kept %s\n", archive.c_str());
    else
        fs::remove_all(dir);
    return ours.status == 0 ? 0 : 1;
}
