// detect with several toolkits (Linux and Windows layouts, each with a cuDNN) plus the
// machine's own: the whole detection must stay under 0.5 s. Prints the median of 9 runs.
#include "detect/detector.h"
#include "fixtures/toolkitbuilder.h"
#include "platform/environment.h"
#include "fixtures/fakeregistry.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <vector>

#include <unistd.h>

using namespace cudnnsetup;
namespace fs = std::filesystem;

int main()
{
    const fs::path tmp = fs::temp_directory_path() / ("cudnn-setup-bench-detect-" + std::to_string(::getpid()));
    fs::create_directories(tmp);
    DetectOptions opts;
    const std::vector<std::pair<std::string, std::string>> linux = {{"11.8.0", "8.9.7"}, {"12.2.0", "8.9.7"}, {"12.6.3", "9.6.0"}, {"12.8.0", "9.10.0"}};
    for (const auto& [cuda, cudnn] : linux) {
        fixtures::ToolkitSpec s;
        s.windowsLayout = false;
        s.cuda = cuda;
        s.cudnn = cudnn;
        opts.find.roots.push_back(fixtures::buildToolkit((tmp / ("linux-" + cuda)).string(), s));
    }
    for (const auto& [cuda, cudnn] : std::vector<std::pair<std::string, std::string>>{{"11.3.1", "8.2.0.53"}, {"12.6.3", "9.6.0.74"}, {"13.0.1", "9.19.0.56"}}) {
        fixtures::ToolkitSpec s;
        s.cuda = cuda;
        s.cudnn = cudnn;
        opts.find.roots.push_back(fixtures::buildToolkit((tmp / ("win-" + cuda)).string(), s));
    }
    const auto env = hostEnvironment();
    FakeRegistry reg;
    std::vector<double> ms;
    std::size_t toolkits = 0;
    for (int i = 0; i < 9; ++i) {
        const auto t0 = std::chrono::steady_clock::now();
        const DetectResult r = detect(opts, *env, reg);
        ms.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count());
        toolkits = r.toolkits.size();
    }
    std::sort(ms.begin(), ms.end());
    std::printf("detect: %zu toolkits, median %.1f ms, max %.1f ms (limit 500 ms)\n", toolkits, ms[ms.size() / 2], ms.back());
    fs::remove_all(tmp);
    return ms[ms.size() / 2] <= 500.0 ? 0 : 1;
}
