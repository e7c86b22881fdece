#include "validate/cudnnlocator.h"

#include "platform/dynlib.h"

#include <nlohmann/json.hpp>

#include <cctype>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>

namespace fs = std::filesystem;

namespace cudnnsetup::validate {

namespace {

std::string readFile(const fs::path& p)
{
    std::ifstream in(p, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

// The integer after "#define NAME" (plain search: std::regex is slow on a 600 kB header).
std::optional<int> defineValue(const std::string& text, const std::string& name)
{
    size_t pos = 0;
    while ((pos = text.find(name, pos)) != std::string::npos) {
        const size_t lineStart = text.rfind('\n', pos) + 1;
        const std::string before = text.substr(lineStart, pos - lineStart);
        pos += name.size();
        if (before.find("#define") == std::string::npos || (pos < text.size() && !std::isspace(static_cast<unsigned char>(text[pos]))))
            continue;
        size_t i = pos;
        while (i < text.size() && (text[i] == ' ' || text[i] == '\t'))
            ++i;
        size_t j = i;
        while (j < text.size() && std::isdigit(static_cast<unsigned char>(text[j])))
            ++j;
        if (j > i)
            return std::stoi(text.substr(i, j - i));
    }
    return std::nullopt;
}

bool isFile(const fs::path& p)
{
    std::error_code ec;
    return fs::is_regular_file(p, ec);
}

}  // namespace

std::string defaultToolkit()
{
    if (const char* p = std::getenv("CUDA_PATH"); p && *p)
        return p;
    return kWindows ? std::string() : std::string("/usr/local/cuda");
}

std::vector<std::string> cudnnSearchFolders(const std::string& toolkit)
{
    const fs::path root(toolkit);
    std::vector<fs::path> dirs;
    if (kWindows)
        dirs = {root / "bin" / "x64", root / "bin"};
    else
        dirs = {root / "lib64", root / "lib", root / "targets" / "x86_64-linux" / "lib", root / "targets" / "sbsa-linux" / "lib"};
    std::vector<std::string> out;
    for (const auto& d : dirs)
        out.push_back(d.string());
    return out;
}

std::optional<CudnnLocation> locateCudnn(const std::string& toolkit)
{
    for (int major : {9, 8}) {
        for (const auto& dir : cudnnSearchFolders(toolkit)) {
            const fs::path lib = fs::path(dir) / sharedLibraryName("cudnn", major);
            if (isFile(lib))
                return CudnnLocation{lib.string(), dir, major};
        }
    }
    return std::nullopt;
}

std::vector<std::string> expectedSubLibraries(int major)
{
    // Order matters for loading: graph / ops first, the others depend on them.
    const std::vector<std::string> stems = major >= 9
        ? std::vector<std::string>{"cudnn_graph", "cudnn_ops", "cudnn_cnn", "cudnn_adv", "cudnn_heuristic",
                                   "cudnn_engines_precompiled", "cudnn_engines_runtime_compiled"}
        : std::vector<std::string>{"cudnn_ops_infer", "cudnn_ops_train", "cudnn_cnn_infer", "cudnn_cnn_train",
                                   "cudnn_adv_infer", "cudnn_adv_train"};
    std::vector<std::string> out;
    for (const auto& s : stems)
        out.push_back(sharedLibraryName(s, major));
    return out;
}

std::vector<std::string> toolkitLibraryFolders(const std::string& toolkit)
{
    return cudnnSearchFolders(toolkit);
}

std::optional<std::string> headerCudnnVersion(const std::string& toolkit, const std::string& libraryDir)
{
    const std::vector<fs::path> candidates = {
        fs::path(toolkit) / "include" / "cudnn_version.h", fs::path(toolkit) / "include" / "cudnn_version_v9.h",
        fs::path(toolkit) / "include" / "cudnn_version_v8.h", fs::path(libraryDir).parent_path() / "include" / "cudnn_version.h"};
    for (const auto& p : candidates) {
        if (!isFile(p))
            continue;
        const std::string text = readFile(p);
        const auto ma = defineValue(text, "CUDNN_MAJOR"), mi = defineValue(text, "CUDNN_MINOR"),
                   pa = defineValue(text, "CUDNN_PATCHLEVEL");
        if (ma && mi && pa)
            return std::to_string(*ma) + "." + std::to_string(*mi) + "." + std::to_string(*pa);
    }
    return std::nullopt;
}

std::optional<int> toolkitCudaMajor(const std::string& toolkit)
{
    const fs::path root(toolkit);
    if (isFile(root / "version.json")) {
        try {
            const auto j = nlohmann::json::parse(readFile(root / "version.json"));
            const std::string v = j.at("cuda").at("version").get<std::string>();
            return std::stoi(v.substr(0, v.find('.')));
        } catch (const std::exception&) {
        }
    }
    if (isFile(root / "version.txt")) {
        std::smatch m;
        const std::string text = readFile(root / "version.txt");
        if (std::regex_search(text, m, std::regex("CUDA Version (\\d+)\\.")))
            return std::stoi(m[1].str());
    }
    if (isFile(root / "include" / "cuda_runtime_api.h")) {
        if (const auto v = defineValue(readFile(root / "include" / "cuda_runtime_api.h"), "CUDART_VERSION"))
            return *v / 1000;
    }
    return std::nullopt;
}

}  // namespace cudnnsetup::validate
