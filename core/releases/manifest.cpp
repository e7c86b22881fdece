#include "releases/manifest.h"

#include "common/problemcodes.h"
#include "common/testhooks.h"
#include "platform/nofollow.h"
#include "releases/catalog.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <charconv>
#include <regex>

namespace cudnnsetup {

namespace {

constexpr std::uint64_t kMaxManifestBytes = 16u << 20;

Error bad(const std::string& source, const std::string& why)
{
    return Error{codes::kBadManifest,
                 source + " is not a usable NVIDIA redistrib manifest: " + why +
                     ". Pass the redistrib_<version>.json file from developer.download.nvidia.com/compute/cudnn/redist/.",
                 {}};
}

// One {relative_path, sha256, md5, size} object; nullopt with `why` set when malformed.
std::optional<ManifestEntry> readArtifact(const nlohmann::json& j, std::string& why)
{
    ManifestEntry e;
    if (!j.contains("relative_path") || !j["relative_path"].is_string()) {
        why = "an artifact has no relative_path";
        return std::nullopt;
    }
    e.relativePath = j["relative_path"].get<std::string>();
    if (!j.contains("sha256") || !j["sha256"].is_string() ||
        (e.sha256 = normalizeSha256(j["sha256"].get<std::string>())).empty()) {
        why = "the sha256 of " + e.relativePath + " is missing or not 64 hex digits";
        return std::nullopt;
    }
    if (j.contains("md5") && j["md5"].is_string())
        e.md5 = j["md5"].get<std::string>();
    if (j.contains("size")) {
        const auto& s = j["size"];
        std::uint64_t v = 0;
        if (s.is_string()) {
            const std::string text = s.get<std::string>();
            const auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
            if (text.empty() || ec != std::errc() || ptr != text.data() + text.size()) {
                why = "the size of " + e.relativePath + " is not a decimal number";
                return std::nullopt;
            }
            e.size = v;
        } else if (s.is_number_unsigned()) {
            e.size = s.get<std::uint64_t>();
        } else {
            why = "the size of " + e.relativePath + " is not a decimal number";
            return std::nullopt;
        }
    }
    return e;
}

}  // namespace

std::string ManifestEntry::fileName() const
{
    const auto slash = relativePath.find_last_of('/');
    return slash == std::string::npos ? relativePath : relativePath.substr(slash + 1);
}

const ManifestEntry* Manifest::findByFileName(std::string_view archiveName) const
{
    const std::string name = comparableArchiveName(archiveName);
    for (const auto& e : entries)
        if (comparableArchiveName(e.relativePath) == name)
            return &e;
    return nullptr;
}

const ManifestEntry* Manifest::findBySha256(std::string_view sha256) const
{
    const std::string sha = normalizeSha256(sha256);
    for (const auto& e : entries)
        if (!sha.empty() && e.sha256 == sha)
            return &e;
    return nullptr;
}

Result<Manifest> parseManifest(std::string_view json, const std::string& sourceName)
{
    const auto doc = nlohmann::json::parse(json, nullptr, false);
    if (doc.is_discarded())
        return bad(sourceName, "it is not valid JSON");
    if (!doc.is_object())
        return bad(sourceName, "its top level is not a JSON object");
    Manifest m;
    m.source = sourceName;
    auto text = [&](const char* key) {
        return doc.contains(key) && doc[key].is_string() ? doc[key].get<std::string>() : std::string();
    };
    m.releaseLabel = text("release_label");
    m.releaseProduct = text("release_product");
    m.releaseDate = text("release_date");

    for (const auto& [component, body] : doc.items()) {
        if (!body.is_object())
            continue;  // release_date, release_label, ...
        const std::string version = body.contains("version") && body["version"].is_string()
                                        ? body["version"].get<std::string>() : std::string();
        for (const auto& [platform, value] : body.items()) {
            if (!value.is_object())
                continue;  // name, license, version, cuda_variant, ...
            std::string why;
            // Init-captures: clang before 16 cannot capture structured bindings (the fuzz preset).
            auto add = [&, componentName = std::string(component),
                        platformName = std::string(platform)](const nlohmann::json& artifact,
                                                              const std::string& variant) -> bool {
                auto e = readArtifact(artifact, why);
                if (!e)
                    return false;
                e->component = componentName;
                e->version = version;
                e->platform = platformName;
                e->variant = variant;
                m.entries.push_back(std::move(*e));
                return true;
            };
            // Direct ({relative_path, ...}), nested by CUDA variant ("cuda12": {...}, as parse_redist.py
            // reads a platform without relative_path), or both at once: 9.27's windows-arm64 holds a
            // direct cuda13.4 entry beside a nested cuda13 one. Every artifact is kept.
            if (value.contains("relative_path") && !add(value, ""))
                return bad(sourceName, why);
            for (const auto& [variant, artifact] : value.items()) {
                if (!artifact.is_object() || !artifact.contains("relative_path"))
                    continue;
                if (!add(artifact, variant))
                    return bad(sourceName, why);
            }
        }
    }
    if (m.entries.empty())
        return bad(sourceName, "it lists no archives (no object with relative_path and sha256)");
    return m;
}

Result<Manifest> readManifestFile(const std::string& path, std::error_code* readError)
{
    // One handle, bounded as it is read: a size from seekg/tellg says nothing for /dev/zero or a
    // FIFO (the elevated helper would read on for ever). The helper follows no link to it.
    std::error_code ec;
    const auto text = nofollow::readRegularFile(path, kMaxManifestBytes, testhooks::disabled(), ec);
    if (readError && !text && ec != std::errc::file_too_large)
        *readError = ec;
    if (ec == std::errc::file_too_large)
        return bad(path, "it is larger than 16 MiB");
    if (ec == std::errc::invalid_argument)
        return bad(path, "it is not a plain file (a device, a FIFO or a folder)");
    if (ec == std::errc::too_many_symbolic_link_levels)
        return bad(path, "it is a symbolic link, which the elevated helper does not follow (pass the file itself)");
    if (!text)
        return Error{codes::kBadManifest, "cannot read the manifest " + path + ": check the path and that the file is readable.", {}};
    return parseManifest(*text, path);
}

}  // namespace cudnnsetup
