#include "install/plan.h"
#include "install/nvidiamapping.h"
#include "install/jsonfields.h"

namespace cudnnsetup {

nlohmann::json toJson(const ArchiveInfo& a)
{
    nlohmann::json files = nlohmann::json::array();
    for (const ArchiveFile& f : a.files)
        files.push_back({{"entry", f.entry}, {"target", f.target}, {"size", f.size}, {"crc32", f.crc32}});
    nlohmann::json links = nlohmann::json::array();
    for (const ArchiveLink& l : a.links)
        links.push_back({{"entry", l.entry}, {"target", l.target}, {"link_target", l.linkTarget}});
    return {{"path", a.path},       {"sha256", a.sha256}, {"size", a.size},
            {"folders", {{"root", a.folders.root}, {"bin", a.folders.bin}, {"include", a.folders.include},
                         {"lib", a.folders.lib}}},
            {"authenticity", a.authenticity},
            {"release", {{"cudnn", a.cudnn}, {"cuda", a.cuda}, {"platform", a.platform}}},
            {"files", files},       {"links", links}, {"not_placed", a.notPlaced}};
}

ArchiveInfo archiveInfoFromJson(const nlohmann::json& j)
{
    ArchiveInfo a;
    a.path = j.at("path").get<std::string>();
    a.sha256 = j.at("sha256").get<std::string>();
    a.size = unsignedField<std::uint64_t>(j, "size");
    a.authenticity = j.at("authenticity").get<std::string>();
    const auto& fo = j.at("folders");
    a.folders = {fo.at("root").get<std::string>(), fo.at("bin").get<std::string>(),
                 fo.at("include").get<std::string>(), fo.at("lib").get<std::string>()};
    a.cudnn = j.at("release").at("cudnn").get<std::string>();
    a.cuda = j.at("release").at("cuda").get<std::string>();
    a.platform = j.at("release").at("platform").get<std::string>();
    for (const auto& f : j.at("files"))
        a.files.push_back({f.at("entry").get<std::string>(), f.at("target").get<std::string>(),
                           unsignedField<std::uint64_t>(f, "size"), unsignedField<std::uint32_t>(f, "crc32")});
    for (const auto& l : j.value("links", nlohmann::json::array()))
        a.links.push_back({l.at("entry").get<std::string>(), l.at("target").get<std::string>(),
                           l.at("link_target").get<std::string>()});
    a.notPlaced = j.value("not_placed", std::vector<std::string>{});
    return a;
}

nlohmann::json toJson(const Plan& plan)
{
    nlohmann::json ops = nlohmann::json::array();
    for (const Operation& op : plan.ops)
        ops.push_back(toJson(op));
    nlohmann::json j = planHeaderToJson(plan);
    j["operations"] = std::move(ops);
    return j;
}

nlohmann::json planHeaderToJson(const Plan& plan)
{
    nlohmann::json j{{"format", 1},
            {"kind", std::string(toString(plan.kind))},
            {"toolkit", plan.toolkit},
            {"state_dir", plan.stateDir},
            {"transaction", plan.transactionId},
            {"work_dir", plan.workDir},
            {"staging_dir", plan.stagingDir},
            {"backup_dir", plan.backupDir},
            {"record_path", plan.recordPath},
            {"archive", plan.archive ? toJson(*plan.archive) : nlohmann::json(nullptr)},
            {"include_extra_files", plan.includeExtraFiles},
            {"notes", plan.notes},
            {"problems", toJson(plan.problems)},
            {"warnings", toJson(plan.warnings)},
            {"cleanup", plan.cleanup}};
    if (plan.standalonePrefix)
        j["standalone_prefix"] = true;  // only then: the plans (and digests) of toolkits are as before
    if (plan.nvidiaLayout)
        j["nvidia_layout"] = toJson(*plan.nvidiaLayout);  // only then: other plans' digests as before
    if (plan.kind == PlanKind::Use) {
        j["use_folder"] = plan.useFolder;
        j["path_first"] = plan.pathFirst;
    }
    return j;
}

Plan planFromJson(const nlohmann::json& j)
{
    Plan plan;
    const std::string kind = j.at("kind").get<std::string>();
    plan.kind = kind == "uninstall" ? PlanKind::Uninstall
                : kind == "repair"  ? PlanKind::Repair
                : kind == "use"     ? PlanKind::Use
                                    : PlanKind::Install;
    plan.toolkit = j.at("toolkit").get<std::string>();
    plan.stateDir = j.at("state_dir").get<std::string>();
    plan.transactionId = j.at("transaction").get<std::string>();
    plan.workDir = j.at("work_dir").get<std::string>();
    plan.stagingDir = j.at("staging_dir").get<std::string>();
    plan.backupDir = j.at("backup_dir").get<std::string>();
    plan.recordPath = j.at("record_path").get<std::string>();
    plan.includeExtraFiles = j.value("include_extra_files", false);
    plan.standalonePrefix = j.value("standalone_prefix", false);
    plan.useFolder = j.value("use_folder", std::string());
    plan.pathFirst = j.value("path_first", false);
    if (j.contains("nvidia_layout"))
        plan.nvidiaLayout = nvidiaLayoutFromJson(j.at("nvidia_layout"));
    if (!j.at("archive").is_null())
        plan.archive = archiveInfoFromJson(j.at("archive"));
    for (const auto& op : j.at("operations"))
        plan.ops.push_back(operationFromJson(op));
    plan.notes = j.value("notes", std::vector<std::string>{});
    for (const auto& p : j.value("problems", nlohmann::json::array()))
        plan.problems.push_back({p.at("code").get<std::string>(),
                                 p.at("path").is_null() ? std::nullopt
                                                        : std::optional<std::string>(p.at("path").get<std::string>()),
                                 p.at("message").get<std::string>()});
    plan.cleanup = j.value("cleanup", std::vector<std::string>{});
    return plan;
}

}  // namespace cudnnsetup
