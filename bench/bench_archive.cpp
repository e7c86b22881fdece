// One run, every archive ratio of issue 11, on two generated archive shapes: NVIDIA's 737 MB
// cudnn-11.3-windows-x64-v8.2.0.53.zip (31 files) and the 1.92 GB
// cudnn-windows-x86_64-9.27.0.42_cuda12-archive.zip (ten DLLs, one entry past 2 GiB: zip64).
//   official verify  (the SHA-256 is listed: --manifest)   vs  openssl dgst -sha256          target <= 1.20
//   unknown verify   (full single pass)                    vs  7z t + openssl dgst -sha256   target <= 0.50
//   install          (verify + stage + fsync + rename)     vs  7z x + sync                   target <= 0.60
//   peak RSS of every cudnn-setup run                                                        target <= 64 MiB
// Warm page cache for all, best of N runs, ours and the reference alternately; wall and CPU time. The archives are generated in a temp folder and deleted.
// Not a CTest test: see run-archive-bench.sh.
//
//   bench_archive [--runs N] [--dir TMPDIR] [--shapes 82,927] [--keep] [--baseline CLI]
//
// --baseline CLI: an older build's cudnn-setup-cli (bench/run-baseline-bench.sh builds one from a git
// revision) is timed beside ours and the reference in the unknown-verify rounds: before and after a
// change, in the same rounds on the same machine.

#include "measure.h"

#include "fixtures/archivebuilder.h"

#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <functional>
#include <string>
#include <vector>

namespace {

using namespace cudnnsetup::fixtures;
namespace fs = std::filesystem;

using bench::Measured;
using bench::runShell;

std::string quote(const std::string& s) { return "'" + s + "'"; }

std::string shellOutput(const std::string& command)
{
    std::string out;
    if (FILE* p = popen(command.c_str(), "r")) {
        char buf[256];
        while (std::fgets(buf, sizeof buf, p))
            out += buf;
        pclose(p);
    }
    return out;
}

// Best of `runs`; `before` runs untimed ahead of each round (a fresh toolkit).
Measured best(const std::string& command, int runs, const std::function<void()>& before = {})
{
    Measured b;
    b.seconds = b.cpuSeconds = 1e30;
    for (int i = 0; i < runs; ++i) {
        if (before)
            before();
        const Measured m = runShell(command);
        b.maxRssKiB = std::max(b.maxRssKiB, m.maxRssKiB);
        b.status = b.status > 0 ? b.status : m.status;
        b.seconds = std::min(b.seconds, m.seconds);
        b.cpuSeconds = std::min(b.cpuSeconds, m.cpuSeconds);
    }
    return b;
}

// The commands in turn, `runs` rounds, best of each: on a shared machine whose load comes and goes, all
// see the same stretches of it. `rounds`, if given, receives every round's wall times (one row a round).
std::vector<Measured> bestAlternating(const std::vector<std::string>& commands, int runs,
                                      const std::function<void()>& before = {},
                                      std::vector<std::vector<double>>* rounds = nullptr)
{
    std::vector<Measured> out(commands.size());
    for (int i = 0; i < runs; ++i) {
        std::vector<double> row;
        for (std::size_t k = 0; k < commands.size(); ++k) {
            const Measured m = best(commands[k], 1, before);
            Measured& into = out[k];
            into = i == 0 ? m : into;
            into.seconds = std::min(into.seconds, m.seconds);
            into.cpuSeconds = std::min(into.cpuSeconds, m.cpuSeconds);
            into.maxRssKiB = std::max(into.maxRssKiB, m.maxRssKiB);
            into.status = into.status > 0 ? into.status : m.status;
            row.push_back(m.seconds);
        }
        if (rounds)
            rounds->push_back(std::move(row));
    }
    return out;
}

std::pair<Measured, Measured> bestPair(const std::string& ours, const std::string& theirs, int runs,
                                       const std::function<void()>& before = {})
{
    const auto m = bestAlternating({ours, theirs}, runs, before);
    return {m[0], m[1]};
}

// A CUDA toolkit of the shape's own CUDA version to install into: the planner refuses a build for
// another CUDA major (cuda-major-mismatch), so the 9.27 / cuda12 shape needs a CUDA 12 toolkit.
void freshToolkit(const fs::path& p, const fs::path& state, const std::string& cuda)
{
    fs::remove_all(p);
    fs::remove_all(state);
    for (const char* d : {"bin", "include", "lib/x64"})
        fs::create_directories(p / d);
    std::ofstream(p / "version.json") << "{\"cuda\":{\"version\":\"" << cuda << ".0\"}}";
    runShell("sync");
}

struct Shape {
    const char* key;
    ReleaseSpec spec;
};

bool allMet = true;

// Every round of the unknown verify, not only the best: on two cores the ratio of one round moves by
// 10-20 % with the machine, and a best-of-N hides how often a target is met.
void printRounds(const std::vector<std::vector<double>>& rounds, bool withBaseline)
{
    std::vector<double> ratios;
    for (const auto& r : rounds)
        ratios.push_back(r[0] / r[1]);
    std::printf("  unknown verify / (7z t + openssl) per round:");
    for (double x : ratios)
        std::printf(" %.3f", x);
    std::sort(ratios.begin(), ratios.end());
    const std::size_t n = ratios.size();
    std::printf("   median %.3f\n", n % 2 ? ratios[n / 2] : (ratios[n / 2 - 1] + ratios[n / 2]) / 2);
    if (withBaseline) {
        std::printf("  unknown verify / baseline build's per round:");
        for (const auto& r : rounds)
            std::printf(" %.3f", r[0] / r[2]);
        std::printf("\n");
    }
    std::fflush(stdout);
}

// The target is on wall time, as the issue states it. CPU time is printed beside it: on a loaded machine
// (every core busy with other work) a program's parallelism buys nothing, and the wall ratio drifts
// towards the CPU ratio.
void ratio(const char* what, const Measured& ours, const Measured& theirs, double target)
{
    const double r = ours.seconds / theirs.seconds;
    allMet = allMet && r <= target;
    std::printf("  ratio %-38s %5.2f   (target <= %.2f: %s)   CPU time %.2f s / %.2f s = %.2f\n", what, r, target,
                r <= target ? "met" : "MISSED", ours.cpuSeconds, theirs.cpuSeconds, ours.cpuSeconds / theirs.cpuSeconds);
}

}  // namespace

int main(int argc, char** argv)
{
    int runs = 2;
    std::string base = fs::temp_directory_path().string();
    std::string shapes = "82,927";
    bool keep = false;
    std::string baseline;  // another build's cudnn-setup-cli, timed beside ours (unknown verify)
    for (int i = 1; i < argc; ++i) {
        if (!std::strcmp(argv[i], "--runs") && i + 1 < argc)
            runs = std::max(1, std::atoi(argv[++i]));
        else if (!std::strcmp(argv[i], "--dir") && i + 1 < argc)
            base = argv[++i];
        else if (!std::strcmp(argv[i], "--shapes") && i + 1 < argc)
            shapes = argv[++i];
        else if (!std::strcmp(argv[i], "--keep"))
            keep = true;
        else if (!std::strcmp(argv[i], "--baseline") && i + 1 < argc)
            baseline = argv[++i];
        else {
            std::printf("usage: bench_archive [--runs N] [--dir TMPDIR] [--shapes 82,927] [--keep] [--baseline CLI]\n");
            return std::strcmp(argv[i], "--help") ? 2 : 0;
        }
    }
    const std::string cli = CUDNN_SETUP_CLI;
    std::string loadAtStart = shellOutput("cut -d' ' -f1-3 /proc/loadavg");
    if (!loadAtStart.empty() && loadAtStart.back() == '\n')
        loadAtStart.pop_back();
    std::string tmpl = (fs::path(base) / "cudnn-archive-bench-XXXXXX").string();
    if (!mkdtemp(tmpl.data())) {
        std::perror("mkdtemp");
        return 2;
    }
    const fs::path dir = tmpl;
    ReleaseSpec s82 = benchRelease82(1000ull << 20);
    s82.dllRandomShare = 0.475;
    std::vector<Shape> all{{"82", s82}, {"927", benchRelease927()}};

    for (const Shape& shape : all) {
        if (("," + shapes + ",").find("," + std::string(shape.key) + ",") == std::string::npos)
            continue;
        // Not NVIDIA's name: the catalog would call other bytes under it a mismatch.
        const std::string name = "bench-" + releaseArchiveName(shape.spec);
        const fs::path archive = dir / name;
        std::fprintf(stderr, "Generating %s ...\n", archive.c_str());
        const auto g0 = std::chrono::steady_clock::now();
        const auto files = cudnnWindowsRelease(shape.spec);
        std::uint64_t uncompressed = 0, largest = 0;
        for (const auto& f : files) {
            uncompressed += f.size();
            largest = std::max(largest, f.size());
        }
        std::string error;
        if (!writeZip(archive.string(), files, &error)) {
            std::fprintf(stderr, "cannot write the archive: %s\n", error.c_str());
            fs::remove_all(dir);
            return 2;
        }
        const auto zipped = fs::file_size(archive);
        std::printf("%s: %zu files, %.1f MB uncompressed (largest entry %.2f GiB), %.1f MB zipped, generated in %.0f s\n",
                    name.c_str(), files.size(), uncompressed / 1e6, largest / double(1ull << 30), zipped / 1e6,
                    std::chrono::duration<double>(std::chrono::steady_clock::now() - g0).count());

        // The manifest NVIDIA would publish for these bytes: verify then treats them as official.
        const std::string sha = shellOutput("openssl dgst -sha256 -r " + quote(archive.string())).substr(0, 64);
        const fs::path manifest = dir / "redistrib_bench.json";
        std::ofstream(manifest) << R"({"release_label": ")" << shape.spec.cudnn << R"(", "cudnn": {"version": ")"
                                << shape.spec.cudnn << R"(", "windows-x86_64": {"relative_path": "cudnn/windows-x86_64/)"
                                << name << R"(", "sha256": ")" << sha << R"(", "size": ")" << zipped << "\"}}}";
        runShell("cat " + quote(archive.string()) + " > /dev/null");  // warm page cache for everyone

        const std::string a = quote(archive.string());
        // Each line is printed as soon as it is measured (a long run stopped half-way keeps its numbers).
        auto line = [](const char* what, const Measured& m, bool rss) {
            std::printf("  %-44s %7.2f s (CPU %.2f s)%s", what, m.seconds, m.cpuSeconds, m.status == 0 ? "" : "  (FAILED)");
            if (rss)
                std::printf("  peak RSS %.1f MiB", m.maxRssKiB / 1024.0);
            std::printf("\n");
            std::fflush(stdout);
        };
        const auto [official, openssl] = bestPair(quote(cli) + " verify " + a + " --manifest " + quote(manifest.string()) +
                                                      " --json > /dev/null",
                                                  "openssl dgst -sha256 " + a + " > /dev/null", runs);
        line("cudnn-setup verify, official (--manifest)", official, true);
        line("openssl dgst -sha256", openssl, false);
        // Unknown origin: ours, the reference and (--baseline) an older build of ours, in turn.
        std::vector<std::string> unknownCommands{quote(cli) + " verify " + a + " --json > /dev/null",
                                                 "7z t " + a + " > /dev/null && openssl dgst -sha256 " + a + " > /dev/null"};
        if (!baseline.empty())
            unknownCommands.push_back(quote(baseline) + " verify " + a + " --json > /dev/null");
        std::vector<std::vector<double>> unknownRounds;
        const auto unknownAll = bestAlternating(unknownCommands, runs, {}, &unknownRounds);
        const Measured& unknown = unknownAll[0];
        const Measured& sevenT = unknownAll[1];
        line("cudnn-setup verify, unknown origin", unknown, true);
        line("7z t + openssl dgst -sha256", sevenT, false);
        if (!baseline.empty())
            line("baseline build's verify, unknown origin", unknownAll[2], true);
        printRounds(unknownRounds, !baseline.empty());
        const fs::path tk = dir / "toolkit", state = dir / "state";
        auto fresh = [&] { freshToolkit(tk, state, shape.spec.cuda); };
        const auto [install, sevenX] =
            bestPair(quote(cli) + " --state-dir " + quote(state.string()) + " install " + a + " --toolkit " +
                         quote(tk.string()) + " --allow-unknown --no-path > /dev/null && sync",
                     "7z x -y " + a + " -o" + quote(tk.string()) + " > /dev/null && sync", runs, fresh);
        line("cudnn-setup install + sync", install, true);
        line("7z x + sync", sevenX, false);
        fs::remove_all(tk);
        fs::remove_all(state);

        ratio("official verify / openssl", official, openssl, 1.20);
        ratio("unknown verify / (7z t + openssl)", unknown, sevenT, 0.50);
        if (!baseline.empty()) {
            // Not a target of its own: how the issue's "no slower than today" reads on this machine.
            std::printf("  ratio %-38s %5.2f   (baseline / (7z t + openssl): %.2f; CPU time %.2f s / %.2f s = %.2f)\n",
                        "unknown verify / baseline build's", unknown.seconds / unknownAll[2].seconds,
                        unknownAll[2].seconds / sevenT.seconds, unknown.cpuSeconds, unknownAll[2].cpuSeconds,
                        unknown.cpuSeconds / unknownAll[2].cpuSeconds);
        }
        ratio("install / (7z x + sync)", install, sevenX, 0.60);
        const long rss = std::max({official.maxRssKiB, unknown.maxRssKiB, install.maxRssKiB});
        allMet = allMet && rss <= 64 * 1024 && official.status == 0 && unknown.status == 0 && install.status == 0;
        std::printf("  peak RSS of cudnn-setup %.1f MiB (target <= 64: %s)\n", rss / 1024.0,
                    rss <= 64 * 1024 ? "met" : "MISSED");
        std::fflush(stdout);
        if (!keep)
            fs::remove(archive);
    }
    std::printf("best of %d runs each (wall and CPU time each the best of its own); %ld CPUs; load average at the "
                "start: %s; at the end: %s",
                runs, sysconf(_SC_NPROCESSORS_ONLN), loadAtStart.c_str(), shellOutput("cut -d' ' -f1-3 /proc/loadavg").c_str());
    if (!keep)
        fs::remove_all(dir);
    return allMet ? 0 : 1;
}
