#include "detect/frameworks.h"

#include "embedded.h"

#include <nlohmann/json.hpp>

#include <cctype>
#include <stdexcept>

namespace cudnnsetup {

namespace {
std::vector<int> numbers(const std::string& v)
{
    // "2.5.1+cu124" -> 2,5,1 ; "2.6.1.post120" -> 2,6,1 ; stops at the first part that is not a number.
    std::vector<int> out;
    std::size_t i = 0;
    while (i < v.size() && std::isdigit(static_cast<unsigned char>(v[i]))) {
        int n = 0;
        while (i < v.size() && std::isdigit(static_cast<unsigned char>(v[i])) && n < 100000)
            n = n * 10 + (v[i++] - '0');
        out.push_back(n);
        if (i < v.size() && v[i] == '.')
            ++i;
        else
            break;
    }
    return out;
}

// -1, 0, 1 comparing `v` with `bound` on the parts the bound has.
int compareOn(const std::vector<int>& v, const std::vector<int>& bound)
{
    for (std::size_t i = 0; i < bound.size(); ++i) {
        const int a = i < v.size() ? v[i] : 0;
        if (a != bound[i])
            return a < bound[i] ? -1 : 1;
    }
    return 0;
}
}  // namespace

bool versionInRange(const std::string& version, const std::string& from, const std::string& to)
{
    const auto v = numbers(version);
    if (v.empty())
        return false;
    if (compareOn(v, numbers(from)) < 0)
        return false;
    return to == "*" || compareOn(v, numbers(to)) <= 0;
}

std::optional<int> leadingNumber(const std::string& text)
{
    const auto n = numbers(text);
    if (n.empty())
        return std::nullopt;
    return n.front();
}

FrameworkTable FrameworkTable::parse(std::string_view json)
{
    FrameworkTable t;
    const auto j = nlohmann::json::parse(json);
    for (const auto& r : j.at("rows"))
        t.m_rows.push_back({r.at("package"), r.at("from"), r.at("to"), r.at("os"), r.at("variant"), r.at("cuda"),
                            r.at("cudnn"), r.at("pypi_default").get<bool>(), r.at("note"), r.at("source"),
                            r.at("table")});
    return t;
}

const FrameworkTable& FrameworkTable::builtin()
{
    static const FrameworkTable table = [] {
        const auto text = embeddedResource("frameworks.json");
        if (!text)
            throw std::runtime_error("frameworks.json is not embedded");
        return parse(*text);
    }();
    return table;
}

std::vector<const FrameworkBuild*> FrameworkTable::find(const std::string& package, const std::string& version,
                                                        bool windows, const std::string& variant) const
{
    std::vector<const FrameworkBuild*> out;
    for (const auto& r : m_rows) {
        if (r.package != package || !versionInRange(version, r.from, r.to))
            continue;
        if (r.os != "any" && (r.os == "windows") != windows)
            continue;
        if (variant.empty() ? !r.pypiDefault : r.variant != variant)
            continue;
        out.push_back(&r);
    }
    return out;
}

const FrameworkBuild* FrameworkTable::newestFor(const std::string& package, bool windows, int cudnnMajor,
                                                std::optional<int> cudaMajor) const
{
    const FrameworkBuild* best = nullptr;
    for (const auto& r : m_rows) {
        if (r.package != package || !r.pypiDefault || r.cuda.empty() || r.cudnn.empty())
            continue;
        if (r.os != "any" && (r.os == "windows") != windows)
            continue;
        if (leadingNumber(r.cudnn) != cudnnMajor || (cudaMajor && leadingNumber(r.cuda) != *cudaMajor))
            continue;
        const std::string& v = r.to == "*" ? r.from : r.to;
        if (!best || compareOn(numbers(v), numbers(best->to == "*" ? best->from : best->to)) > 0)
            best = &r;
    }
    return best;
}

}  // namespace cudnnsetup
