// Runs a fuzz target's LLVMFuzzerTestOneInput over files and folders given on the command
// line: the seed corpus and every named regression input (regressions/<target>/) become
// a normal CTest test in every build, gcc and clang, sanitized or not.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string_view>
#include <algorithm>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size);

namespace {
bool runFile(const std::filesystem::path& p)
{
    std::ifstream in(p, std::ios::binary);
    if (!in) {
        std::fprintf(stderr, "cannot read %s\n", p.string().c_str());
        return false;
    }
    const std::vector<char> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    LLVMFuzzerTestOneInput(reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size());
    return true;
}
}  // namespace

int main(int argc, char** argv)
{
    // replay_TARGET [--optional] PATH...: files or folders; after --optional a missing one is
    // no inputs (a target with no regression yet has no regressions/TARGET folder in git).
    int inputs = 0;
    bool optional = false;
    for (int i = 1; i < argc; ++i) {
        if (std::string_view(argv[i]) == "--optional") {
            optional = true;
            continue;
        }
        const std::filesystem::path arg(argv[i]);
        std::error_code ec;
        if (optional && !std::filesystem::exists(arg, ec))
            continue;
        if (std::filesystem::is_directory(arg, ec)) {
            std::vector<std::filesystem::path> files;
            for (const auto& e : std::filesystem::recursive_directory_iterator(arg))
                if (e.is_regular_file() && e.path().filename() != "README.md")
                    files.push_back(e.path());
            std::sort(files.begin(), files.end());
            for (const auto& f : files) {
                if (!runFile(f))
                    return 1;
                ++inputs;
            }
        } else if (std::filesystem::exists(arg, ec)) {
            if (!runFile(arg))
                return 1;
            ++inputs;
        } else {
            std::fprintf(stderr, "no such input: %s\n", argv[i]);
            return 1;
        }
    }
    std::printf("replayed %d input(s) without a crash\n", inputs);
    return inputs > 0 ? 0 : 1;  // an empty corpus proves nothing
}
