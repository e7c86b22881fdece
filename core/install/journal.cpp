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

Result<Unit> JournalWriter::write(const JournalDoc& doc)
{
    const std::vector<Operation>& ops = doc.plan.ops;
    m_ops.resize(ops.size());
    std::size_t size = 0;
    for (std::size_t i = 0; i < ops.size(); ++i) {
        Written& w = m_ops[i];
        if (w.json.empty() || !(w.op == ops[i])) {
            w.op = ops[i];
            w.json = toJson(ops[i]).dump();
        }
        size += w.json.size() + 2;
    }
    // {"format":1,...,"plan":{...the plan but its operations...,"operations":[\n op,\n op\n]}}
    const nlohmann::json head{{"format", 1},
                              {"status", std::string(toString(doc.status))},
                              {"started", doc.started},
                              {"not_restored", toJson(doc.notRestored)}};
    const std::string headText = head.dump(), planText = planHeaderToJson(doc.plan).dump();
    std::string text;
    text.reserve(headText.size() + planText.size() + size + 64);
    text.append(headText, 0, headText.size() - 1);  // both are objects with members: drop the '}'
    text += ",\"plan\":";
    text.append(planText, 0, planText.size() - 1);
    text += ",\"operations\":[";
    for (std::size_t i = 0; i < m_ops.size(); ++i) {
        text += i ? ",\n" : "\n";
        text += m_ops[i].json;
    }
    text += "\n]}}\n";
    return m_files.writeFileAtomic(m_path, text);
}

Result<Unit> writeJournal(FileOps& files, const std::string& path, const JournalDoc& doc)
{
    return JournalWriter(files, path).write(doc);
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
