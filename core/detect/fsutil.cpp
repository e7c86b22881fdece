#include "detect/fsutil.h"

#include "common/bytes.h"
#include "formats/pereader.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <cstring>
#include <filesystem>
#include <fstream>

namespace fs = std::filesystem;

namespace cudnnsetup {

bool pathExists(const std::string& p)
{
    std::error_code ec;
    return fs::exists(p, ec);
}

bool isDirectory(const std::string& p)
{
    std::error_code ec;
    return fs::is_directory(p, ec);
}

std::string absolutePath(const std::string& p)
{
    std::error_code ec;
    auto a = fs::absolute(p, ec);
    return ec ? p : a.lexically_normal().string();
}

std::string canonicalKey(const std::string& p)
{
    std::error_code ec;
    auto c = fs::weakly_canonical(fs::absolute(p, ec), ec);
    std::string s = (ec ? fs::path(p) : c).lexically_normal().string();
    while (s.size() > 1 && (s.back() == '/' || s.back() == '\\'))
        s.pop_back();
#ifdef _WIN32
    s = lowerAscii(s);  // NTFS names compare case-insensitively
#endif
    return s;
}

std::string dirOf(const std::string& p)
{
    return std::filesystem::path(p).parent_path().string();
}

bool sameFolder(const std::string& a, const std::string& b)
{
    return canonicalKey(a) == canonicalKey(b);
}

std::vector<std::string> listDirectory(const std::string& dir)
{
    std::vector<std::string> out;
    std::error_code ec;
    fs::directory_iterator it(dir, ec), end;
    for (; !ec && it != end; it.increment(ec))
        out.push_back(it->path().filename().string());
    std::sort(out.begin(), out.end());
    return out;
}

std::vector<std::string> globFiles(const std::string& dir, const std::string& needle)
{
    std::vector<std::string> out;
    const std::string n = lowerAscii(needle);
    for (const auto& name : listDirectory(dir))
        if (lowerAscii(name).find(n) != std::string::npos)
            out.push_back(name);
    return out;
}

std::optional<std::uint64_t> fileSize(const std::string& p)
{
    std::error_code ec;
    const auto s = fs::file_size(p, ec);
    if (ec)
        return std::nullopt;
    return s;
}

}  // namespace cudnnsetup
