#include "install/nvidiamapping.h"

#include "common/problemcodes.h"
#include "embedded.h"
#include "releases/releases.h"

#include <regex>

namespace cudnnsetup {

namespace {

// A CUDA folder name as NVIDIA's installer writes it: "12.9", "13.0".
bool cudaFolderName(std::string_view s)
{
    static const std::regex shape(R"(\d{1,3}\.\d{1,3})");
    return std::regex_match(s.begin(), s.end(), shape);
}

std::optional<int> majorOfFolder(const std::string& folder)
{
    if (!cudaFolderName(folder))
        return std::nullopt;
    return std::stoi(folder.substr(0, folder.find('.')));
}

std::string shownLayout(const NvidiaVariantLayout& l)
{
    return "bin\\" + l.cuda + (l.binX64 ? "\\x64" : "");
}

}  // namespace

std::string NvidiaVariantLayout::binDir() const
{
    return "bin/" + cuda + (binX64 ? "/x64" : "");
}

std::string NvidiaVariantLayout::includeDir() const
{
    return "include/" + cuda;
}

std::string NvidiaVariantLayout::libDir() const
{
    return "lib/" + cuda + "/x64";
}

std::vector<NvidiaLayoutRow> parseNvidiaLayoutTable(std::string_view json)
{
    std::vector<NvidiaLayoutRow> out;
    const nlohmann::json doc = nlohmann::json::parse(json, nullptr, false);
    if (!doc.is_object() || !doc.contains("layouts") || !doc["layouts"].is_array())
        return out;
    for (const auto& r : doc["layouts"]) {
        if (!r.is_object() || !r.contains("cudnn") || !r["cudnn"].is_string() || !r.contains("cuda_major") ||
            !r["cuda_major"].is_number_integer() || !r.contains("folder") || !r["folder"].is_string() ||
            !r.contains("bin_x64") || !r["bin_x64"].is_boolean())
            continue;
        NvidiaLayoutRow row{r["cudnn"].get<std::string>(), r["cuda_major"].get<int>(), r["folder"].get<std::string>(),
                            r["bin_x64"].get<bool>(), r.value("source", std::string())};
        if (cudaFolderName(row.folder) && majorOfFolder(row.folder) == row.cudaMajor)
            out.push_back(std::move(row));
    }
    return out;
}

const std::vector<NvidiaLayoutRow>& nvidiaLayoutTable()
{
    static const std::vector<NvidiaLayoutRow> table = [] {
        const auto text = embeddedResource("nvidialayout.json");
        return text ? parseNvidiaLayoutTable(*text) : std::vector<NvidiaLayoutRow>{};
    }();
    return table;
}

Result<NvidiaVariantLayout> nvidiaLayoutFor(const std::string& cudnn, std::optional<int> cudaMajor,
                                            const std::vector<PresentNvidiaVariant>& present,
                                            const std::string& shownRoot, const std::vector<NvidiaLayoutRow>& table)
{
    const std::optional<Version> v = Version::parse(cudnn);
    if (!v || v->major != 9)
        return Error{codes::kNotAToolkit,
                     "NVIDIA's installer layout (v9.x\\bin\\<cuda>) exists for cuDNN 9 only; this archive is cuDNN " +
                         (cudnn.empty() ? std::string("of an unknown version") : cudnn) +
                         ". Install it into the CUDA toolkit with --toolkit.",
                     "nvidiaLayoutFor: release"};
    if (!cudaMajor)
        return Error{codes::kNotAToolkit,
                     "The CUDA major this cuDNN " + cudnn + " archive was built for is not known, so its NVIDIA variant "
                     "folder (bin\\<cuda>) cannot be chosen. Install it into the CUDA toolkit with --toolkit.",
                     "nvidiaLayoutFor: CUDA major"};
    for (const PresentNvidiaVariant& p : present) {
        const std::optional<int> major = p.cudaMajor ? p.cudaMajor : majorOfFolder(p.cuda);
        if (major == cudaMajor && cudaFolderName(p.cuda))
            return NvidiaVariantLayout{p.cuda, p.binX64,
                                       "the CUDA " + std::to_string(*cudaMajor) + " variant already under " +
                                           shownRoot + " (bin\\" + p.cuda + (p.binX64 ? "\\x64" : "") + ")"};
    }
    const std::string release = std::to_string(v->major) + "." + std::to_string(v->minor);
    for (const NvidiaLayoutRow& r : table)
        if (r.cudnn == release && r.cudaMajor == *cudaMajor) {
            NvidiaVariantLayout l{r.folder, r.binX64, ""};
            l.source = "NVIDIA's installer for cuDNN " + release + " makes " + shownLayout(l) + " (" + r.source + ")";
            return l;
        }
    return Error{codes::kNvidiaLayoutUnknown,
                 "cuDNN " + release + " (CUDA " + std::to_string(*cudaMajor) +
                     ") is not in cudnn-setup's table of NVIDIA installer layouts and " + shownRoot +
                     " holds no CUDA " + std::to_string(*cudaMajor) +
                     " variant to copy the shape from, so the folder its DLLs would go in (bin\\<cuda>, with or "
                     "without x64) is not known; nothing was changed. Give --cudnn-root of an existing NVIDIA "
                     "install of cuDNN " + release + " (its v" + release +
                     " folder), or install into the CUDA toolkit with --toolkit.",
                 "nvidiaLayoutFor: " + release + " cuda" + std::to_string(*cudaMajor)};
}

std::optional<std::string> nvidiaTargetFor(std::string_view target, const NvidiaVariantLayout& layout)
{
    auto rest = [&](std::string_view folder) -> std::optional<std::string> {
        if (!target.starts_with(folder) || target.size() == folder.size())
            return std::nullopt;
        return std::string(target.substr(folder.size()));
    };
    if (!cudaFolderName(layout.cuda))
        return std::nullopt;
    // bin/x64 first: a 9.19 zip's DLLs are there, a 9.3 zip's in bin.
    std::optional<std::string> name = rest("bin/x64/");
    if (!name)
        name = rest("bin/");
    if (name && name->find('/') == std::string::npos)
        return layout.binDir() + "/" + *name;
    if (name)
        return std::nullopt;  // bin/x64 keeps the DLLs; nothing NVIDIA ships sits deeper
    if (auto inc = rest("include/"))
        return layout.includeDir() + "/" + *inc;
    if (auto lib = rest("lib/x64/"))
        return layout.libDir() + "/" + *lib;
    return std::nullopt;
}

void mapIntoNvidiaLayout(ArchiveInfo& archive, const NvidiaVariantLayout& layout)
{
    std::vector<ArchiveFile> placed;
    for (ArchiveFile& f : archive.files) {
        if (auto t = nvidiaTargetFor(f.target, layout)) {
            f.target = *t;
            placed.push_back(std::move(f));
        } else {
            archive.notPlaced.push_back(f.entry);
        }
    }
    archive.files = std::move(placed);
}

std::optional<NvidiaVariantLayout> nvidiaLayoutOfBin(std::string_view bin)
{
    if (!bin.starts_with("bin/"))
        return std::nullopt;
    std::string_view rest = bin.substr(4);
    NvidiaVariantLayout l;
    if (rest.ends_with("/x64")) {
        l.binX64 = true;
        rest.remove_suffix(4);
    }
    if (!cudaFolderName(rest))
        return std::nullopt;
    l.cuda = std::string(rest);
    return l;
}

nlohmann::json toJson(const NvidiaVariantLayout& layout)
{
    return {{"cuda", layout.cuda}, {"bin_x64", layout.binX64}};
}

std::optional<NvidiaVariantLayout> nvidiaLayoutFromJson(const nlohmann::json& j)
{
    if (!j.is_object() || !j.contains("cuda") || !j["cuda"].is_string() || !j.contains("bin_x64") ||
        !j["bin_x64"].is_boolean() || !cudaFolderName(j["cuda"].get<std::string>()))
        return std::nullopt;
    return NvidiaVariantLayout{j["cuda"].get<std::string>(), j["bin_x64"].get<bool>(), ""};
}

}  // namespace cudnnsetup
