#include "archive/cudabuild.h"

#include <regex>

namespace cudnnsetup {

std::optional<int> cudaMajorOfImport(std::string_view dllName)
{
    static const std::regex re(R"(^(?:cublas|cublaslt|cudart)64_(\d{2,3})\.dll$)", std::regex::icase);
    std::match_results<std::string_view::const_iterator> m;
    if (!std::regex_match(dllName.begin(), dllName.end(), m, re))
        return std::nullopt;
    const int n = std::stoi(m[1].str());
    const int major = m[1].length() == 3 ? n / 10 : n;  // "110" is 11.0, "12" is 12
    if (major < 9 || major > 30)
        return std::nullopt;  // no CUDA that cuDNN 8/9 was built for
    return major;
}

std::optional<int> cudaMajorOfText(std::string_view cuda)
{
    int major = 0;
    std::size_t i = 0;
    for (; i < cuda.size() && i < 3 && cuda[i] >= '0' && cuda[i] <= '9'; ++i)
        major = major * 10 + (cuda[i] - '0');
    if (i == 0 || (i < cuda.size() && cuda[i] != '.'))
        return std::nullopt;
    return major;
}

}  // namespace cudnnsetup
