#include "detect/compat.h"

#include "embedded.h"

#include <nlohmann/json.hpp>

#include <cctype>
#include <stdexcept>

namespace cudnnsetup {

namespace {
std::vector<long> driverParts(const std::string& s)
{
    std::vector<long> parts;
    long cur = 0;
    bool any = false;
    for (char c : s) {
        if (std::isdigit(static_cast<unsigned char>(c))) {
            cur = cur * 10 + (c - '0');
            any = true;
        } else if (c == '.') {
            parts.push_back(cur);
            cur = 0;
        } else {
            break;
        }
    }
    if (any || !parts.empty())
        parts.push_back(cur);
    return parts;
}

std::optional<std::string> optString(const nlohmann::json& j, const char* key)
{
    if (!j.contains(key) || j[key].is_null())
        return std::nullopt;
    return j[key].get<std::string>();
}

Version mustParse(const std::string& s)
{
    auto v = parseCudaVersion(s);
    if (!v)
        throw std::runtime_error("compat.json: bad version " + s);
    return *v;
}
}  // namespace

int compareDriverVersions(const std::string& a, const std::string& b)
{
    auto pa = driverParts(a), pb = driverParts(b);
    // The second part is written with two digits ("465.89", "580.65.06"): compare as numbers, missing = 0.
    const std::size_t n = std::max(pa.size(), pb.size());
    pa.resize(n, 0);
    pb.resize(n, 0);
    for (std::size_t i = 0; i < n; ++i)
        if (pa[i] != pb[i])
            return pa[i] < pb[i] ? -1 : 1;
    return 0;
}

std::optional<Version> parseCudaVersion(const std::string& text)
{
    std::vector<int> parts;
    std::size_t i = 0;
    while (i < text.size() && parts.size() < 4) {
        std::size_t j = i;
        while (j < text.size() && std::isdigit(static_cast<unsigned char>(text[j])))
            ++j;
        if (j == i || j - i > 9)
            break;
        // A date such as 20220929 in "11.8.20220929" is a build stamp, not a patch level.
        if (j - i >= 6 && parts.size() >= 2)
            break;
        parts.push_back(std::stoi(text.substr(i, j - i)));
        if (j >= text.size() || text[j] != '.')
            break;
        i = j + 1;
    }
    if (parts.size() < 2)
        return std::nullopt;
    Version v;
    v.major = parts[0];
    v.minor = parts[1];
    v.patch = parts.size() > 2 ? parts[2] : 0;
    v.build = parts.size() > 3 ? parts[3] : -1;
    return v;
}

const CompatRules& CompatRules::builtin()
{
    static const CompatRules rules = [] {
        CompatRules r;
        const auto text = embeddedResource("compat.json");
        if (!text)
            throw std::runtime_error("compat.json is not embedded");
        const auto j = nlohmann::json::parse(*text);
        for (const auto& row : j.at("cudnn_builds")) {
            BuildRow b{mustParse(row.at("cudnn_from")), mustParse(row.at("cudnn_to")), {}};
            for (const auto& bj : row.at("builds"))
                b.builds.push_back({bj.at("cuda_major").get<int>(), bj.at("cuda_min"), bj.at("cuda_max")});
            r.m_builds.push_back(std::move(b));
        }
        for (const auto& row : j.at("cuda_min_driver"))
            r.m_drivers.push_back({mustParse(row.at("cuda")), optString(row, "linux"), optString(row, "windows")});
        for (const auto& row : j.at("minor_version_floor"))
            r.m_floors.push_back({row.at("cuda_major").get<int>(), optString(row, "linux"), optString(row, "windows")});
        r.m_zlibFrom = mustParse(j.at("zlibwapi").at("cudnn_from"));
        r.m_zlibBefore = mustParse(j.at("zlibwapi").at("cudnn_before"));
        r.m_binX64Major = j.at("windows_bin_x64_from_cuda_major").get<int>();
        for (const auto& [code, f] : j.at("findings").items())
            r.m_findings[code] = {f.at("severity"), f.at("message"), f.at("fix")};
        // The framework, split-loading and PATH-hygiene texts are generated beside their tables
        // (resources/frameworks/findings.tsv); compat.json keeps the toolkit rules.
        if (const auto fw = embeddedResource("frameworks.json")) {
            const auto doc = nlohmann::json::parse(*fw);  // named: a temporary would die before the loop body
            for (const auto& [code, f] : doc.at("findings").items())
                r.m_findings.emplace(code, FindingText{f.at("severity"), f.at("message"), f.at("fix")});
        }
        return r;
    }();
    return rules;
}

namespace {
Version triple(const Version& v)
{
    return Version{v.major, v.minor, v.patch, -1};
}
}  // namespace

std::vector<CudnnBuild> CompatRules::buildsFor(const Version& cudnn) const
{
    const Version v = triple(cudnn);
    for (const auto& row : m_builds)
        if (!(v < row.from) && !(row.to < v))
            return row.builds;
    return {};
}

std::optional<std::string> CompatRules::minDriver(const Version& cuda, bool windows) const
{
    // The table has a row per minor that changed the requirement (12.7 has none): take the
    // closest row at or below, within the same major.
    const DriverRow* best = nullptr;
    for (const auto& row : m_drivers)
        if (row.cuda.major == cuda.major && row.cuda.minor <= cuda.minor)
            best = &row;
    if (!best)
        return std::nullopt;
    return windows ? best->onWindows : best->onLinux;
}

std::optional<std::string> CompatRules::minorFloor(int cudaMajor, bool windows) const
{
    for (const auto& row : m_floors)
        if (row.major == cudaMajor)
            return windows ? row.onWindows : row.onLinux;
    return std::nullopt;
}

bool CompatRules::needsZlibwapi(const Version& cudnn) const
{
    const Version v = triple(cudnn);
    return !(v < m_zlibFrom) && v < m_zlibBefore;
}

std::string CompatRules::severity(const std::string& code) const
{
    const auto it = m_findings.find(code);
    return it == m_findings.end() ? "problem" : it->second.severity;
}

std::string CompatRules::text(const std::string& code, const std::map<std::string, std::string>& vars) const
{
    const auto it = m_findings.find(code);
    if (it == m_findings.end())
        return code;
    auto fill = [&vars](const std::string& tpl) {
        std::string out;
        for (std::size_t i = 0; i < tpl.size();) {
            const std::size_t close = tpl[i] == '{' ? tpl.find('}', i) : std::string::npos;
            if (close != std::string::npos) {
                const auto v = vars.find(tpl.substr(i + 1, close - i - 1));
                if (v != vars.end()) {
                    out += v->second;
                    i = close + 1;
                    continue;
                }
            }
            out += tpl[i++];
        }
        return out;
    };
    return fill(it->second.message) + " Fix: " + fill(it->second.fix);
}

}  // namespace cudnnsetup
