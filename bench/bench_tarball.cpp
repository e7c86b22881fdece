// Verify and install of a Linux cuDNN tarball rebuilt around the real cuDNN 9.19 libraries
// (/usr/local/cuda/lib, ~530 MB) against what a user types by hand: `sha256sum` plus
// `tar -xJf` (to /dev/null for verify, into the toolkit + sync for install). Prints wall
// time, peak RSS and ours/theirs ratios.
//
//   bench_tarball [WORKDIR] [REAL_LIB_DIR] [XZ_LEVEL]   (defaults /tmp/cudnn-setup-bench-tar,
//                                                        /usr/local/cuda/lib, 3)

#include "measure.h"

#include "fixtures/tarbuilder.h"

#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

namespace fs = std::filesystem;
using namespace cudnnsetup::fixtures;

namespace {

using bench::Measured;
using bench::runShell;

void freshToolkit(const fs::path& p)
{
    fs::remove_all(p);
    fs::create_directories(p / "lib");
    fs::create_directories(p / "include");
    fs::create_directory_symlink("lib", p / "lib64");
    // A folder the install accepts as a CUDA toolkit (install/trust.h checkToolkitRoot).
    std::ofstream(p / "include" / "cuda_runtime_api.h") << "#define CUDART_VERSION 13000\n";
}

}  // namespace

int main(int argc, char** argv)
{
    if (argc > 1 && (std::string(argv[1]) == "--help" || std::string(argv[1]) == "-h")) {
        std::printf("usage: bench_tarball [WORKDIR [REAL_LIB_DIR [XZ_LEVEL]]]\n");
        return 0;
    }
    const fs::path work = argc > 1 ? argv[1] : "/tmp/cudnn-setup-bench-tar";
    const std::string real = argc > 2 ? argv[2] : "/usr/local/cuda/lib";
    const int level = argc > 3 ? std::atoi(argv[3]) : 3;
    if (!fs::exists(real + "/libcudnn.so.9")) {
        std::fprintf(stderr, "no real cuDNN 9 in %s\n", real.c_str());
        return 2;
    }
    fs::create_directories(work);
    LinuxReleaseSpec spec;
    spec.realLibDir = real;
    const fs::path tarball = work / linuxArchiveName(spec);
    if (!fs::exists(tarball)) {
        std::printf("generating %s (xz -%d) ...\n", tarball.c_str(), level);
        std::fflush(stdout);
        std::string error;
        if (!writeTar(tarball.string(), cudnnLinuxRelease(spec), TarCompression::Xz, &error, level)) {
            std::fprintf(stderr, "cannot write the tarball: %s\n", error.c_str());
            return 1;
        }
    }
    std::printf("tarball: %s, %.1f MB\n", tarball.c_str(), double(fs::file_size(tarball)) / 1e6);
    runShell("cat '" + tarball.string() + "' > /dev/null");  // the same page-cache state for everyone

    const std::string cli = CUDNN_SETUP_CLI;
    const std::string t = "'" + tarball.string() + "'";
    const fs::path tk = work / "cuda-13.0";
    const std::string state = (work / "state").string();
    struct Case {
        const char* name;
        std::string command;
    };
    const std::vector<Case> cases{
        {"cudnn-setup verify", "'" + cli + "' verify " + t + " > /dev/null"},
        {"sha256sum + tar -xJf -O > /dev/null", "sha256sum " + t + " > /dev/null && tar -xJf " + t + " -O > /dev/null"},
        {"cudnn-setup install (verify+stage+apply)",
         "'" + cli + "' --state-dir '" + state + "' install " + t + " --toolkit '" + tk.string() +
             "' --allow-unknown --no-path > /dev/null && sync"},
        {"sha256sum + tar -xJf -C toolkit + sync",
         "sha256sum " + t + " > /dev/null && tar -xJf " + t + " -C '" + tk.string() + "' && sync"},
        // A new standalone prefix is verified first and read again to stage (two reads): the same
        // binary's two-pass path, for the one-pass gain.
        {"cudnn-setup install --prefix (two reads)",
         "'" + cli + "' --state-dir '" + state + "' install " + t + " --prefix '" + (work / "prefix").string() +
             "' --allow-unknown --no-path > /dev/null && sync"},
    };
    std::vector<Measured> results;
    // Wall time on a busy machine favours the pipelines (more processes get more of the CPU);
    // CPU time is what each way of doing it costs.
    std::printf("%-44s %9s %9s %12s\n", "", "wall s", "CPU s", "peak RSS MiB");
    for (const Case& c : cases) {
        freshToolkit(tk);
        fs::remove_all(work / "prefix");
        fs::remove_all(state);
        runShell("sync");
        const Measured m = runShell(c.command);
        results.push_back(m);
        std::printf("%-44s %9.2f %9.2f %12.1f%s\n", c.name, m.seconds, m.cpuSeconds, double(m.maxRssKiB) / 1024.0,
                    m.status == 0 ? "" : "  (FAILED)");
        std::fflush(stdout);
    }
    std::printf("verify  ratio (cudnn-setup / sha256sum+tar): %.2fx wall, %.2fx CPU, %.2fx peak RSS\n",
                results[0].seconds / results[1].seconds, results[0].cpuSeconds / results[1].cpuSeconds,
                double(results[0].maxRssKiB) / double(results[1].maxRssKiB));
    std::printf("install ratio (cudnn-setup / sha256sum+tar): %.2fx wall, %.2fx CPU, %.2fx peak RSS\n",
                results[2].seconds / results[3].seconds, results[2].cpuSeconds / results[3].cpuSeconds,
                double(results[2].maxRssKiB) / double(results[3].maxRssKiB));
    std::printf("one read / two reads (install / install --prefix): %.2fx wall, %.2fx CPU\n",
                results[2].seconds / results[4].seconds, results[2].cpuSeconds / results[4].cpuSeconds);
    fs::remove_all(tk);
    fs::remove_all(work / "prefix");
    return 0;
}
