#include "install/desiredstate.h"

#include "common/problemcodes.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cctype>
#include <set>

namespace cudnnsetup {

namespace {

Error bad(const std::string& file, const std::string& why)
{
    return Error{codes::kBadConfig, file + ": " + why + " (the format: docs/apply.md, the schema: docs/apply-config.schema.json).", ""};
}

bool isHex64(const std::string& s)
{
    return s.size() == 64 && std::all_of(s.begin(), s.end(), [](char c) { return std::isxdigit(static_cast<unsigned char>(c)) != 0; });
}

// "cuda 12.x" -> 12
std::optional<int> cudaMajorSelector(const std::string& s)
{
    if (s.rfind("cuda ", 0) != 0 || s.size() < 8 || s.substr(s.size() - 2) != ".x")
        return std::nullopt;
    const std::string digits = s.substr(5, s.size() - 7);
    if (digits.empty() || digits.size() > 2 || !std::all_of(digits.begin(), digits.end(), ::isdigit))
        return std::nullopt;
    return std::stoi(digits);
}

}  // namespace

Result<DesiredState> parseDesiredState(const std::string& text, const std::string& file)
{
    const auto doc = nlohmann::json::parse(text, nullptr, false);
    if (doc.is_discarded() || !doc.is_object())
        return bad(file, "is not a JSON object");
    static const std::set<std::string> known = {"schema", "cudnn", "source", "toolkits", "path", "older_cudnn",
                                                "accept_license", "download_to"};
    for (const auto& [key, value] : doc.items())
        if (!known.count(key))
            return bad(file, "has an unknown field \"" + key + "\"");
    if (!doc.contains("schema") || !doc["schema"].is_number_integer() || doc["schema"].get<int>() != 1)
        return bad(file, "needs \"schema\": 1");
    DesiredState s;
    auto text_of = [&](const nlohmann::json& obj, const char* key, std::string& out) -> bool {
        if (!obj.contains(key))
            return true;
        if (!obj[key].is_string() || obj[key].get<std::string>().empty())
            return false;
        out = obj[key].get<std::string>();
        return true;
    };
    if (!text_of(doc, "cudnn", s.cudnn) || (s.cudnn != "newest" && !isReleaseText(s.cudnn)))
        return bad(file, "\"cudnn\" is \"newest\" or a release such as \"9.13\" or \"9.13.0.50\"");
    if (doc.contains("source")) {
        const auto& src = doc["source"];
        if (!src.is_object() || !src.contains("from") || !src["from"].is_string())
            return bad(file, "\"source\" is an object with \"from\": \"nvidia\", \"mirror\" or \"archive\"");
        for (const auto& [key, value] : src.items())
            if (key != "from" && key != "mirror" && key != "ca_file" && key != "archive" && key != "sha256")
                return bad(file, "\"source\" has an unknown field \"" + key + "\"");
        const std::string from = src["from"].get<std::string>();
        if (from == "nvidia") {
            s.source = DesiredState::Source::Nvidia;
        } else if (from == "mirror") {
            s.source = DesiredState::Source::Mirror;
            if (!text_of(src, "mirror", s.mirror) || s.mirror.empty())
                return bad(file, "a \"mirror\" source needs \"mirror\": an https:// address or a folder");
            if (!text_of(src, "ca_file", s.caFile))
                return bad(file, "\"ca_file\" is a path");
        } else if (from == "archive") {
            s.source = DesiredState::Source::Archive;
            if (!text_of(src, "archive", s.archive) || s.archive.empty())
                return bad(file, "an \"archive\" source needs \"archive\": the path of the cuDNN archive");
            if (!text_of(src, "sha256", s.sha256) || !isHex64(s.sha256))
                return bad(file, "an \"archive\" source needs \"sha256\": the archive's SHA-256, 64 hex digits");
            if (s.cudnn != "newest")
                return bad(file, "with an \"archive\" source, \"cudnn\" is left out: the archive names its release");
        } else {
            return bad(file, "\"source\".\"from\" is \"nvidia\", \"mirror\" or \"archive\", not \"" + from + "\"");
        }
    }
    if (doc.contains("toolkits")) {
        const auto& t = doc["toolkits"];
        if (t.is_string()) {
            s.toolkits = t.get<std::string>();
            if (s.toolkits != "newest" && s.toolkits != "all" && !cudaMajorSelector(s.toolkits))
                return bad(file, "\"toolkits\" is \"newest\", \"all\", \"cuda 12.x\" or a list of paths");
        } else if (t.is_array() && !t.empty() &&
                   std::all_of(t.begin(), t.end(), [](const nlohmann::json& p) { return p.is_string() && !p.get<std::string>().empty(); })) {
            s.toolkits.clear();
            for (const auto& p : t)
                s.toolkitPaths.push_back(p.get<std::string>());
        } else {
            return bad(file, "\"toolkits\" is \"newest\", \"all\", \"cuda 12.x\" or a list of paths");
        }
    }
    if (doc.contains("path")) {
        if (!doc["path"].is_boolean())
            return bad(file, "\"path\" is true or false");
        s.path = doc["path"].get<bool>();
    }
    if (doc.contains("older_cudnn")) {
        const auto& o = doc["older_cudnn"];
        if (!o.is_string() || (o != "replace" && o != "report"))
            return bad(file, "\"older_cudnn\" is \"replace\" or \"report\"");
        s.replaceOlder = o == "replace";
    }
    if (doc.contains("accept_license")) {
        if (!doc["accept_license"].is_boolean())
            return bad(file, "\"accept_license\" is true or false");
        s.acceptLicense = doc["accept_license"].get<bool>();
    }
    if (!text_of(doc, "download_to", s.downloadTo))
        return bad(file, "\"download_to\" is a folder");
    return s;
}

Result<std::vector<const Toolkit*>> desiredToolkits(const DesiredState& state, const std::vector<Toolkit>& found)
{
    std::vector<const Toolkit*> out;
    if (!state.toolkitPaths.empty()) {
        for (const auto& want : state.toolkitPaths) {
            const auto it = std::find_if(found.begin(), found.end(), [&](const Toolkit& t) {
                return t.path == want || (t.resolvedPath && *t.resolvedPath == want);
            });
            if (it == found.end())
                return Error{codes::kNotAToolkit, want + " is not a CUDA toolkit this machine has: install the toolkit first, or "
                                      "correct the path in the config.", ""};
            out.push_back(&*it);
        }
        return out;
    }
    if (state.toolkits == "all") {
        for (const auto& t : found)
            out.push_back(&t);
    } else if (const auto major = cudaMajorSelector(state.toolkits)) {
        for (const auto& t : found)
            if (t.version && t.version->major == *major)
                out.push_back(&t);
    } else {  // newest
        const Toolkit* best = nullptr;
        for (const auto& t : found)
            if (t.version && (!best || *best->version < *t.version))
                best = &t;
        if (best)
            out.push_back(best);
    }
    if (out.empty())
        return Error{codes::kNotAToolkit, "No CUDA toolkit on this machine matches \"" + state.toolkits +
                                  "\": install the CUDA toolkit first (cuDNN goes into one).", ""};
    return out;
}

Standing standingOf(const Toolkit& toolkit, const Version& wanted)
{
    const CudnnInstall& c = toolkit.cudnn;
    if (!c.present)
        return Standing::Missing;
    if (!c.version)
        return Standing::Other;
    const Version& have = *c.version;
    const bool sameRelease = have.major == wanted.major && have.minor == wanted.minor && have.patch == wanted.patch &&
                             (have.build < 0 || wanted.build < 0 || have.build == wanted.build);
    if (sameRelease)
        return c.complete ? Standing::InState : Standing::Other;
    if (Version{have.major, have.minor, have.patch, -1} < Version{wanted.major, wanted.minor, wanted.patch, -1})
        return Standing::Older;
    return Standing::Other;
}

std::string standingText(Standing standing, const Toolkit& toolkit)
{
    const std::string have = toolkit.cudnn.version ? toolkit.cudnn.version->toString() : "unknown";
    switch (standing) {
    case Standing::InState: return "in the desired state (cuDNN " + have + ")";
    case Standing::Missing: return "no cuDNN";
    case Standing::Older: return "an older cuDNN (" + have + ")";
    case Standing::Other:
        return toolkit.cudnn.complete ? "another cuDNN (" + have + ")" : "an incomplete or damaged cuDNN (" + have + ")";
    }
    return {};
}

}  // namespace cudnnsetup
