#include "install/operation.h"
#include "install/jsonfields.h"

#include <array>
#include <utility>

namespace cudnnsetup {

namespace {
constexpr std::array<std::pair<OpKind, std::string_view>, 9> kKinds{{
    {OpKind::CreateDirectory, "create-directory"},
    {OpKind::StageFiles, "stage-files"},
    {OpKind::PlaceFile, "place-file"},
    {OpKind::RemoveFile, "remove-file"},
    {OpKind::RemoveDirectory, "remove-directory"},
    {OpKind::PathChange, "path-change"},
    {OpKind::WriteRecord, "write-record"},
    {OpKind::PlaceLink, "place-link"},
    {OpKind::RemoveLink, "remove-link"},
}};

nlohmann::json optString(const std::optional<std::string>& s)
{
    return s ? nlohmann::json(*s) : nlohmann::json(nullptr);
}
std::optional<std::string> optStringFrom(const nlohmann::json& j, const char* key)
{
    if (!j.contains(key) || j.at(key).is_null())
        return std::nullopt;
    return j.at(key).get<std::string>();
}
}  // namespace

std::string_view toString(OpKind k)
{
    for (const auto& [kind, name] : kKinds)
        if (kind == k)
            return name;
    return "unknown";
}

std::optional<OpKind> opKindFromString(std::string_view s)
{
    for (const auto& [kind, name] : kKinds)
        if (name == s)
            return kind;
    return std::nullopt;
}

std::string Operation::describe() const
{
    switch (kind) {
    case OpKind::CreateDirectory:
        return "create directory " + path;
    case OpKind::StageFiles:
        return "extract the archive into " + path + " and check every file's size and CRC-32";
    case OpKind::PlaceFile:
        if (entry.empty())
            return "restore " + path + " from " + source;
        return "place " + path + (backup.empty() ? std::string() : " (the file there is kept as " + backup + ")");
    case OpKind::RemoveFile:
        return "remove " + path + (backup.empty() ? std::string() : " (kept as " + backup + ")");
    case OpKind::RemoveDirectory:
        return "remove directory " + path;
    case OpKind::PathChange: {
        if (mechanism == PathMechanism::LdSoConf)
            return after ? "register the libraries with the dynamic linker in " + location
                         : "remove " + location;
        std::string s = "change the system PATH";
        for (const std::string& c : edit.changes)
            s += "; " + c;
        return s;
    }
    case OpKind::WriteRecord:
        return (record ? "write the install record " : "delete the install record ") + path;
    case OpKind::PlaceLink:
        return "link " + path + " -> " + linkTarget +
               (backup.empty() ? std::string() : " (what was there is kept as " + backup + ")");
    case OpKind::RemoveLink:
        return "remove the link " + path + " -> " + linkTarget +
               (source.empty() ? std::string() : " and put back " + source);
    }
    return "?";
}

nlohmann::json toJson(const PathEdit& e)
{
    nlohmann::json ins = nlohmann::json::array(), mov = nlohmann::json::array();
    for (const auto& i : e.inserted)
        ins.push_back({{"entry", i.entry}, {"index", i.index}});
    for (const auto& m : e.moved)
        mov.push_back({{"entry", m.entry}, {"from", m.from}, {"to", m.to}});
    return {{"before", e.before}, {"after", e.after}, {"inserted", ins}, {"moved", mov}, {"changes", e.changes}};
}

PathEdit pathEditFromJson(const nlohmann::json& j)
{
    PathEdit e;
    e.before = j.at("before").get<std::string>();
    e.after = j.at("after").get<std::string>();
    for (const auto& i : j.at("inserted"))
        e.inserted.push_back({i.at("entry").get<std::string>(), i.at("index").get<std::size_t>()});
    for (const auto& m : j.at("moved"))
        e.moved.push_back({m.at("entry").get<std::string>(), m.at("from").get<std::size_t>(),
                           m.at("to").get<std::size_t>()});
    e.changes = j.value("changes", std::vector<std::string>{});
    return e;
}

nlohmann::json toJson(const Operation& op)
{
    nlohmann::json j{{"op", std::string(toString(op.kind))}, {"path", op.path}};
    switch (op.kind) {
    case OpKind::CreateDirectory:
        j["work_dir"] = op.workDir;
        if (op.changed)
            j["changed"] = true;
        break;
    case OpKind::StageFiles:
    case OpKind::RemoveDirectory:
        break;
    case OpKind::PlaceFile:
        j["source"] = op.source;
        j["entry"] = op.entry;
        j["size"] = op.size;
        j["crc32"] = op.crc32;
        j["sha256"] = op.sha256;
        j["backup"] = op.backup;
        break;
    case OpKind::RemoveFile:
        j["backup"] = op.backup;
        j["sha256"] = op.sha256;
        break;
    case OpKind::PathChange:
        j["mechanism"] = std::string(toString(op.mechanism));
        j["location"] = op.location;
        j["before"] = optString(op.before);
        j["after"] = optString(op.after);
        if (op.mechanism == PathMechanism::WindowsPath)
            j["edit"] = toJson(op.edit);
        break;
    case OpKind::WriteRecord:
        j["previous"] = op.previousRecord ? *op.previousRecord : nlohmann::json(nullptr);
        j["record"] = op.record ? *op.record : nlohmann::json(nullptr);
        break;
    case OpKind::PlaceLink:
    case OpKind::RemoveLink:
        j["link_target"] = op.linkTarget;
        j["backup"] = op.backup;
        j["source"] = op.source;
        break;
    }
    return j;
}

Operation operationFromJson(const nlohmann::json& j)
{
    Operation op;
    const auto kind = opKindFromString(j.at("op").get<std::string>());
    if (!kind)
        throw nlohmann::json::other_error::create(501, "unknown operation " + j.at("op").dump(), &j);
    op.kind = *kind;
    op.path = j.at("path").get<std::string>();
    switch (op.kind) {
    case OpKind::CreateDirectory:
        op.workDir = j.value("work_dir", false);
        op.changed = j.value("changed", false);
        break;
    case OpKind::StageFiles:
    case OpKind::RemoveDirectory:
        break;
    case OpKind::PlaceFile:
        op.source = j.at("source").get<std::string>();
        op.entry = j.at("entry").get<std::string>();
        op.size = unsignedField<std::uint64_t>(j, "size");
        op.crc32 = unsignedField<std::uint32_t>(j, "crc32");
        op.sha256 = j.at("sha256").get<std::string>();
        op.backup = j.at("backup").get<std::string>();
        break;
    case OpKind::RemoveFile:
        op.backup = j.at("backup").get<std::string>();
        op.sha256 = j.value("sha256", std::string());
        break;
    case OpKind::PathChange:
        op.mechanism = j.at("mechanism").get<std::string>() == "ld.so.conf" ? PathMechanism::LdSoConf
                                                                             : PathMechanism::WindowsPath;
        op.location = j.at("location").get<std::string>();
        op.before = optStringFrom(j, "before");
        op.after = optStringFrom(j, "after");
        if (op.mechanism == PathMechanism::WindowsPath && j.contains("edit"))
            op.edit = pathEditFromJson(j.at("edit"));
        break;
    case OpKind::WriteRecord:
        if (!j.at("previous").is_null())
            op.previousRecord = j.at("previous");
        if (!j.at("record").is_null())
            op.record = j.at("record");
        break;
    case OpKind::PlaceLink:
    case OpKind::RemoveLink:
        op.linkTarget = j.at("link_target").get<std::string>();
        op.backup = j.value("backup", std::string());
        op.source = j.value("source", std::string());
        break;
    }
    return op;
}

}  // namespace cudnnsetup
