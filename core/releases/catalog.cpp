#include "releases/catalog.h"

#include "common/problemcodes.h"
#include "common/text.h"

#include "embedded.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cctype>
#include <regex>

namespace cudnnsetup {

namespace {

}  // namespace

std::string comparableArchiveName(std::string_view path)
{
    const auto slash = path.find_last_of("/\\");
    std::string name = lowerAscii(slash == std::string_view::npos ? path : path.substr(slash + 1));
    static const std::regex copySuffix(R"( \([0-9]+\)(\.[a-z.]+)$)");
    return std::regex_replace(name, copySuffix, "$1");
}

std::string normalizeSha256(std::string_view text)
{
    while (!text.empty() && std::isspace(static_cast<unsigned char>(text.front())))
        text.remove_prefix(1);
    while (!text.empty() && std::isspace(static_cast<unsigned char>(text.back())))
        text.remove_suffix(1);
    if (text.size() != 64 || !std::all_of(text.begin(), text.end(), [](char c) { return std::isxdigit(static_cast<unsigned char>(c)); }))
        return {};
    return lowerAscii(text);
}

Result<Catalog> Catalog::parse(std::string_view json)
{
    auto fail = [](const std::string& why) { return Error{codes::kBadCatalog, "the release catalog is malformed: " + why, {}}; };
    const auto doc = nlohmann::json::parse(json, nullptr, false);
    if (doc.is_discarded() || !doc.is_object() || !doc.contains("releases") || !doc["releases"].is_array())
        return fail("no \"releases\" array");
    Catalog c;
    for (const auto& r : doc["releases"]) {
        if (!r.is_object())
            return fail("a release is not an object");
        CatalogEntry e;
        for (auto [key, out] : {std::pair{"file", &e.file}, {"cudnn", &e.cudnn}, {"cuda", &e.cuda},
                                {"platform", &e.platform}, {"sha256", &e.sha256}, {"source", &e.source}}) {
            if (!r.contains(key) || !r[key].is_string())
                return fail(std::string("a release has no string \"") + key + "\"");
            *out = r[key].get<std::string>();
        }
        const std::string sha = normalizeSha256(e.sha256);
        if (sha.empty())
            return fail("\"" + e.file + "\" has a sha256 that is not 64 hex digits");
        e.sha256 = sha;
        if (r.contains("size") && r["size"].is_number_unsigned())
            e.size = r["size"].get<std::uint64_t>();
        if (r.contains("url") && r["url"].is_string())
            e.url = r["url"].get<std::string>();
        c.m_entries.push_back(std::move(e));
    }
    return c;
}

const Catalog& Catalog::builtin()
{
    static const Catalog catalog = [] {
        const auto text = embeddedResource("catalog.json");
        auto parsed = Catalog::parse(text ? *text : std::string_view("{}"));
        return parsed.ok() ? std::move(parsed.value()) : Catalog{};
    }();
    return catalog;
}

const CatalogEntry* Catalog::findBySha256(std::string_view sha256) const
{
    const std::string sha = normalizeSha256(sha256);
    for (const auto& e : m_entries)
        if (!sha.empty() && e.sha256 == sha)
            return &e;
    return nullptr;
}

const CatalogEntry* Catalog::findByFileName(std::string_view fileName) const
{
    const std::string name = comparableArchiveName(fileName);
    for (const auto& e : m_entries)
        if (lowerAscii(e.file) == name)
            return &e;
    return nullptr;
}

}  // namespace cudnnsetup
