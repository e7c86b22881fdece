// Install of a ~737 MB generated cuDNN 8.2 archive into a fresh toolkit folder
// (journal, staging, fsync, rename) against `7z x` and `unzip -o`, each followed by
// `sync`, in the same run. Reports wall time and peak RSS of each child process.
//
//   bench_install [WORKDIR] [CLI] [ROUNDS]    (default WORKDIR /tmp/cudnn-setup-bench)

#include "measure.h"

#include "fixtures/archivebuilder.h"

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
using cudnnsetup::fixtures::ReleaseSpec;

namespace {

using bench::Measured;
using bench::runShell;

void freshToolkit(const fs::path& p)
{
    fs::remove_all(p);
    for (const char* d : {"bin", "include", "lib/x64"})
        fs::create_directories(p / d);
    std::ofstream(p / "version.json") << "{\"cuda\":{\"version\":\"11.3.1\"}}";  // a CUDA toolkit to the helper
}

}  // namespace

int main(int argc, char** argv)
{
    if (argc > 1 && (std::string(argv[1]) == "--help" || std::string(argv[1]) == "-h")) {
        std::printf("usage: bench_install [WORKDIR [CLI [ROUNDS]]]\n"
                    "  WORKDIR  where the generated 737 MB archive and the toolkit folders go (/tmp/cudnn-setup-bench)\n"
                    "  CLI      the cudnn-setup-cli to time (this build's)\n"
                    "  ROUNDS   runs of each command; the best is printed (1)\n");
        return 0;
    }
    const fs::path work = argc > 1 ? argv[1] : "/tmp/cudnn-setup-bench";
    const std::string cli = argc > 2 ? argv[2] : CUDNN_SETUP_CLI;
    fs::create_directories(work);
    const fs::path archive = work / "generated-737-cudnn-11.3-windows-x64-v8.2.0.53.zip";
    if (!fs::exists(archive)) {
        // DLL sizes in the proportions of the real 8.2 release; 30% incompressible
        // bytes give about the real compression ratio.
        ReleaseSpec spec;
        spec.streamDlls = true;
        spec.dllBodyBytesByName = {{"cudnn_cnn_infer64_8.dll", 600u << 20}, {"cudnn_cnn_train64_8.dll", 250u << 20},
                                   {"cudnn_ops_infer64_8.dll", 250u << 20}, {"cudnn_ops_train64_8.dll", 45u << 20},
                                   {"cudnn_adv_infer64_8.dll", 85u << 20}, {"cudnn_adv_train64_8.dll", 70u << 20},
                                   {"cudnn64_8.dll", 1u << 20}};
        std::string error;
        std::printf("generating %s ...\n", archive.c_str());
        if (!cudnnsetup::fixtures::writeZip(archive.string(), cudnnsetup::fixtures::cudnnWindowsRelease(spec), &error)) {
            std::fprintf(stderr, "cannot write the archive: %s\n", error.c_str());
            return 1;
        }
    }
    std::printf("archive: %s, %.1f MB\n", archive.c_str(), double(fs::file_size(archive)) / 1e6);
    runShell("cat '" + archive.string() + "' > /dev/null");  // same page-cache state for everyone

    struct Case {
        const char* name;
        std::string command;
    };
    const fs::path tk = work / "fresh";
    const std::string state = (work / "state").string();
    // What the elevated helper does (verify, scan, plan, compare the digest, apply): the intent
    // comes from a dry run first, untimed.
    const std::string intentFile = (work / "intent.sh").string();
    const std::string makePlan = "'" + cli + "' --json --state-dir '" + state + "' install '" + archive.string() +
                                 "' --toolkit '" + tk.string() + "' --allow-unknown --no-path --dry-run"
                                 " | python3 -c 'import json,sys; d=json.load(sys.stdin); print(\"TX=%s DIGEST=%s\" % "
                                 "(d[\"plan\"][\"transaction\"], d[\"plan_digest\"]))' > '" + intentFile + "'";
    const std::vector<Case> cases{
        {"cudnn-setup elevated-apply (helper: all of it)",
         ". '" + intentFile + "' && '" + cli + "' --state-dir '" + state +
             "' elevated-apply --operation install --archive '" + archive.string() + "' --toolkit \"$(realpath '" +
             tk.string() + "')\" --allow-unknown --no-path --transaction \"$TX\" --plan-digest \"$DIGEST\" > /dev/null && sync"},
        {"cudnn-setup install (verify + apply)",
         "'" + cli + "' --state-dir '" + state + "' install '" + archive.string() + "' --toolkit '" + tk.string() +
             "' --allow-unknown --no-path > /dev/null && sync"},
        {"7z x A -ofresh && sync", "7z x -y '" + archive.string() + "' -o'" + tk.string() + "' > /dev/null && sync"},
        {"unzip -oq A -d fresh && sync", "unzip -oq '" + archive.string() + "' -d '" + tk.string() + "' && sync"},
    };
    std::printf("%-40s %9s %12s\n", "", "wall s", "peak RSS MiB");
    const int rounds = argc > 3 ? std::atoi(argv[3]) : 1;
    for (int round = 0; round < rounds; ++round)
        for (const Case& c : cases) {
            freshToolkit(tk);
            fs::remove_all(state);
            if (std::string(c.name).find("elevated-apply") != std::string::npos && runShell(makePlan).status != 0)
                std::fprintf(stderr, "cannot make the plan\n");
            runShell("sync");
            const Measured m = runShell(c.command);
            std::printf("%-40s %9.2f %12.1f%s\n", c.name, m.seconds, double(m.maxRssKiB) / 1024.0,
                        m.status == 0 ? "" : "  (FAILED)");
            std::fflush(stdout);
        }
    fs::remove_all(tk);
    return 0;
}
