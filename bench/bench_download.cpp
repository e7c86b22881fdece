// The download of a ~700 MB archive over HTTPS on loopback (Debian's nginx, else
// tests/download/faultserver.py; a CA made at run time) against what a user types by hand: `curl -o` of the same URL, and `curl -o` followed
// by `sha256sum` (our download checks size and SHA-256 over the bytes as they arrive). Prints wall
// time (the median of RUNS), peak RSS and the ratios, and exits 1 when a target of issue 26 is
// missed: ours <= 1.1x curl, ours <= 1.0x curl + sha256sum, peak RSS <= 64 MiB.
//
//   bench_download [WORKDIR [SIZE_MB [RUNS]]]     (defaults /tmp/cudnn-setup-bench-dl, 700, 3)
//   bench_download --fetch URL SHA256 SIZE DIR CAFILE   (one download by core/download, timed by the parent)

#include "measure.h"

#include "download/downloader.h"
#include "download/httpclient.h"

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <random>
#include <string>
#include <thread>
#include <vector>

namespace fs = std::filesystem;

namespace {

int fetch(char** argv)
{
    cudnnsetup::DownloadItem item;
    item.url = argv[2];
    item.sha256 = argv[3];
    item.size = std::strtoull(argv[4], nullptr, 10);
    item.fileName = fs::path(item.url).filename().string();
    item.manifest = "bench";
    cudnnsetup::DownloadSettings settings;
    settings.folder = argv[5];
    cudnnsetup::HttpOptions options;
    options.caFile = argv[6];
    auto client = cudnnsetup::makeHttpClient(options);
    const auto got = cudnnsetup::downloadArchive(*client, item, settings);
    if (!got) {
        std::fprintf(stderr, "bench_download: %s: %s\n", got.error().code.c_str(), got.error().message.c_str());
        return 1;
    }
    return 0;
}

std::string sh(const std::string& s)
{
    std::string out = "'";
    for (char c : s)
        out += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return out + "'";
}

double median(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
}

}  // namespace

int main(int argc, char** argv)
{
    if (argc > 1 && std::string(argv[1]) == "--fetch" && argc == 7)
        return fetch(argv);
    if (argc > 1 && (std::string(argv[1]) == "--help" || std::string(argv[1]) == "-h")) {
        std::printf("usage: bench_download [WORKDIR [SIZE_MB [RUNS]]]\n");
        return 0;
    }
    const fs::path work = argc > 1 ? argv[1] : "/tmp/cudnn-setup-bench-dl";
    const std::uint64_t sizeMb = argc > 2 ? std::strtoull(argv[2], nullptr, 10) : 700;
    const int runs = argc > 3 ? std::atoi(argv[3]) : 3;
    const std::string self = fs::canonical("/proc/self/exe").string();
    const std::string scripts = CUDNN_SETUP_SOURCE_DIR "/tests/download/";
    fs::remove_all(work);
    fs::create_directories(work / "root");
    fs::create_directories(work / "out");

    // Random bytes: nothing on the way can compress them.
    const std::string name = "cudnn-linux-x86_64-9.99.0.1_cuda13-archive.tar.xz";
    const fs::path file = work / "root" / name;
    {
        std::ofstream out(file, std::ios::binary);
        std::mt19937_64 rng(26);
        std::vector<std::uint64_t> block(1 << 17);
        for (std::uint64_t written = 0; written < sizeMb << 20; written += block.size() * 8) {
            for (auto& w : block)
                w = rng();
            out.write(reinterpret_cast<const char*>(block.data()), static_cast<std::streamsize>(block.size() * 8));
        }
    }
    const std::uint64_t size = fs::file_size(file);
    const auto hashRun = bench::runShell("sha256sum " + sh(file.string()) + " > " + sh((work / "sum").string()));
    std::string sha;
    std::ifstream(work / "sum") >> sha;
    if (hashRun.status != 0 || sha.size() != 64) {
        std::fprintf(stderr, "bench_download: sha256sum failed\n");
        return 2;
    }
    if (bench::runShell("bash " + sh(scripts + "maketestca.sh") + " " + sh((work / "ca").string())).status != 0) {
        std::fprintf(stderr, "bench_download: maketestca.sh failed\n");
        return 2;
    }
    // The server: Debian's nginx where it is installed (a C server: on a 2-core machine the Python
    // test server's own CPU would be taken from the clients and weigh on both alike), else
    // tests/download/faultserver.py.
    const fs::path portFile = work / "port";
    const bool nginx = bench::runShell("command -v nginx > /dev/null").status == 0;
    int port = 0;
    if (nginx) {
        port = 20000 + static_cast<int>(getpid() % 20000);
        std::ofstream(work / "nginx.conf")
            << "worker_processes 1;\ndaemon off;\npid " << (work / "nginx.pid").string() << ";\nerror_log "
            << (work / "nginx.log").string() << ";\nevents {}\nhttp {\n  access_log off;\n"
            // Its temporary folders in the work folder: a machine where nginx was copied, not
            // installed, has no /var/lib/nginx.
            << "  client_body_temp_path " << (work / "tmp-body").string() << ";\n  proxy_temp_path "
            << (work / "tmp-proxy").string() << ";\n  fastcgi_temp_path " << (work / "tmp-fcgi").string()
            << ";\n  uwsgi_temp_path " << (work / "tmp-uwsgi").string() << ";\n  scgi_temp_path "
            << (work / "tmp-scgi").string() << ";\n  server {\n"
            << "    listen 127.0.0.1:" << port << " ssl;\n    ssl_certificate " << (work / "ca" / "server.pem").string()
            << ";\n    ssl_certificate_key " << (work / "ca" / "server.key").string() << ";\n    root "
            << (work / "root").string() << ";\n  }\n}\n";
    }
    const pid_t server = fork();
    if (server == 0) {
        if (nginx)
            execlp("nginx", "nginx", "-c", (work / "nginx.conf").c_str(), "-e", (work / "nginx.log").c_str(),
                   static_cast<char*>(nullptr));
        else
            execlp("python3", "python3", (scripts + "faultserver.py").c_str(), "--root", (work / "root").c_str(),
                   "--cert", (work / "ca" / "server.pem").c_str(), "--key", (work / "ca" / "server.key").c_str(),
                   "--port-file", portFile.c_str(), static_cast<char*>(nullptr));
        _exit(127);
    }
    const std::string probe = "curl -fsS -o /dev/null --cacert " + sh((work / "ca" / "ca.pem").string()) +
                              " https://127.0.0.1:";
    for (int i = 0; i < 300; ++i) {
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
        if (!nginx)
            std::ifstream(portFile) >> port;
        if (port && bench::runShell(probe + std::to_string(port) + "/ 2>/dev/null").status != 7)
            break;  // 7: nothing listens yet
    }
    if (!port) {
        std::fprintf(stderr, "bench_download: the server did not start\n");
        kill(server, SIGTERM);
        return 2;
    }
    const std::string url = "https://127.0.0.1:" + std::to_string(port) + "/" + name;
    const std::string ca = (work / "ca" / "ca.pem").string();
    const std::string target = (work / "out" / name).string();
    // Each run starts with nothing of the last one left to write back (outside the timing).
    const std::string clean = "sync; rm -f " + sh(target) + " " + sh(target + ".part") + " " + sh(target + ".part.json") + "; sync";

    // One unmeasured download by each first: the first writes after the archive was made ran at
    // half speed in the kernel (seen: 2.2 s of system time instead of 0.5), for curl and us alike.
    bench::runShell(clean + "; curl -fsS --cacert " + sh(ca) + " -o " + sh(target) + " " + sh(url) + "; " + clean);
    bench::runShell(sh(self) + " --fetch " + sh(url) + " " + sha + " " + std::to_string(size) + " " +
                    sh((work / "out").string()) + " " + sh(ca));
    std::vector<double> curl, curlSum, ours;
    long oursRss = 0, curlRss = 0;
    bool ok = true;
    for (int r = 0; r < runs; ++r) {
        // Alternated, so that a slower minute of the machine falls on all three alike; each run starts
        // after the last one's writes are on the disk.
        bench::runShell(clean);
        // BENCH_WRAP: a prefix for our run only ("perf record -g -- ", "strace -c -f -o F "), to see where it goes.
        const char* wrap = std::getenv("BENCH_WRAP");
        const auto o = bench::runShell(std::string(wrap ? wrap : "") + sh(self) + " --fetch " + sh(url) + " " + sha + " " + std::to_string(size) + " " +
                                       sh((work / "out").string()) + " " + sh(ca));
        bench::runShell(clean);
        const auto c = bench::runShell("curl -fsS --cacert " + sh(ca) + " -o " + sh(target) + " " + sh(url));
        bench::runShell(clean);
        const auto cs = bench::runShell("curl -fsS --cacert " + sh(ca) + " -o " + sh(target) + " " + sh(url) +
                                        " && sha256sum " + sh(target) + " > /dev/null");
        ok = ok && c.status == 0 && cs.status == 0 && o.status == 0;
        std::printf("run %d: curl %.2f s, curl + sha256sum %.2f s, ours %.2f s (CPU %.2f s)\n", r + 1, c.seconds,
                    cs.seconds, o.seconds, o.cpuSeconds);
        curl.push_back(c.seconds);
        curlSum.push_back(cs.seconds);
        ours.push_back(o.seconds);
        oursRss = std::max(oursRss, o.maxRssKiB);
        curlRss = std::max(curlRss, c.maxRssKiB);
    }
    kill(server, SIGTERM);
    waitpid(server, nullptr, 0);
    if (!ok) {
        std::fprintf(stderr, "bench_download: a download failed\n");
        return 2;
    }
    const double mb = static_cast<double>(size) / 1e6;
    const double c = median(curl), cs = median(curlSum), o = median(ours);
    std::printf("file: %.0f MB of random bytes over HTTPS on 127.0.0.1 (%s), median of %d runs\n", mb,
                nginx ? "nginx" : "faultserver.py", runs);
    std::printf("curl -o                 %6.2f s  %6.0f MB/s  peak RSS %ld KiB\n", c, mb / c, curlRss);
    std::printf("curl -o && sha256sum    %6.2f s\n", cs);
    std::printf("cudnn-setup download    %6.2f s  %6.0f MB/s  peak RSS %ld KiB (size + SHA-256 checked)\n", o, mb / o,
                oursRss);
    const bool speed = o <= 1.1 * c, speedSum = o <= 1.0 * cs, memory = oursRss <= 64 * 1024;
    std::printf("ratio ours / curl             %.2f (target <= 1.10) %s\n", o / c, speed ? "PASS" : "FAIL");
    std::printf("ratio ours / curl + sha256sum %.2f (target <= 1.00) %s\n", o / cs, speedSum ? "PASS" : "FAIL");
    std::printf("peak RSS                      %.1f MiB (target <= 64) %s\n", static_cast<double>(oursRss) / 1024,
                memory ? "PASS" : "FAIL");
    fs::remove_all(work);
    return speed && speedSum && memory ? 0 : 1;
}
