#include "install/journal.h"

#include "common/problemcodes.h"

namespace cudnnsetup {

std::string_view toString(JournalStatus s)
{
    switch (s) {
    case JournalStatus::Applying: return "applying";
    case JournalStatus::RollingBack: return "rolling-back";
    case JournalStatus::RollbackIncomplete: return "rollback-incomplete";
    case JournalStatus::Committed: return "committed";
    }
    return "applying";
}

std::string journalPathIn(const std::string& stateDir)
{
    return stateDir + "/journal.json";
}

Result<Unit> writeJournal(FileOps& files, const std::string& path, const JournalDoc& doc)
{
    const nlohmann::json j{{"format", 1},
                           {"status", std::string(toString(doc.status))},
                           {"started", doc.started},
                           {"not_restored", toJson(doc.notRestored)},
                           {"plan", toJson(doc.plan)}};
    return files.writeFileAtomic(path, j.dump(1));
}

Result<std::optional<JournalDoc>> loadJournal(FileOps& files, const std::string& path)
{
    if (files.type(path) == NodeType::Missing)
        return std::optional<JournalDoc>();
    auto text = files.readFile(path);
    if (!text)
        return text.error();
    try {
        const nlohmann::json j = nlohmann::json::parse(*text);
        JournalDoc doc;
        const std::string status = j.at("status").get<std::string>();
        doc.status = status == "committed"             ? JournalStatus::Committed
                     : status == "rolling-back"        ? JournalStatus::RollingBack
                     : status == "rollback-incomplete" ? JournalStatus::RollbackIncomplete
                                                       : JournalStatus::Applying;
        doc.started = j.at("started").get<long>();
        doc.plan = planFromJson(j.at("plan"));
        for (const auto& p : j.value("not_restored", nlohmann::json::array()))
            doc.notRestored.push_back({p.at("code").get<std::string>(),
                                       p.at("path").is_null() ? std::nullopt
                                                              : std::optional<std::string>(p.at("path").get<std::string>()),
                                       p.at("message").get<std::string>()});
        return std::optional<JournalDoc>(std::move(doc));
    } catch (const nlohmann::json::exception& e) {
        // Written by rename only, so this is damage from outside, not a torn write.
        return Error{codes::kJournalCorrupt,
                     "The journal " + path + " cannot be read (" + e.what() +
                         "). Move it aside and check the toolkit with `cudnn-setup detect`.",
                     e.what()};
    }
}

}  // namespace cudnnsetup
