#include "install/machinesummary.h"

#include "common/problemcodes.h"
#include "common/u8path.h"
#include "install/fileops.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>

namespace fs = std::filesystem;

namespace cudnnsetup {

namespace {

// "20261204T110101Z-232622" -> "2026-12-04T11:01:01Z"; "" when it is not shaped so.
std::string timeOfTransaction(const std::string& id)
{
    if (id.size() < 16 || id[8] != 'T' || id[15] != 'Z' ||
        !std::all_of(id.begin(), id.begin() + 8, ::isdigit) || !std::all_of(id.begin() + 9, id.begin() + 15, ::isdigit))
        return {};
    return id.substr(0, 4) + "-" + id.substr(4, 2) + "-" + id.substr(6, 2) + "T" + id.substr(9, 2) + ":" +
           id.substr(11, 2) + ":" + id.substr(13, 2) + "Z";
}

std::string textAt(const nlohmann::json& j, const char* key)
{
    return j.is_object() && j.contains(key) && j[key].is_string() ? j[key].get<std::string>() : std::string();
}

}  // namespace

std::vector<SummaryEntry> summarizeRecords(const std::string& stateDir)
{
    std::vector<SummaryEntry> out;
    std::error_code ec;
    for (fs::directory_iterator it(pathOf(stateDir) / "records", ec), end; !ec && it != end; it.increment(ec)) {
        const fs::path p = it->path();
        if (p.extension() != ".json" || !it->is_regular_file(ec) || it->file_size(ec) > (16u << 20))
            continue;
        std::ifstream in(p, std::ios::binary);
        const auto record = nlohmann::json::parse(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>(),
                                                  nullptr, false);
        if (record.is_discarded() || !record.is_object())
            continue;
        SummaryEntry e;
        e.id = utf8Of(p.stem());
        // As the system writes paths (records keep '/' on Windows too): what a rule compares against.
        const std::u8string native = pathOf(textAt(record, "toolkit")).make_preferred().u8string();
        e.toolkit.assign(native.begin(), native.end());
        const nlohmann::json release = record.value("release", nlohmann::json());
        e.cudnn = textAt(release, "cudnn");
        e.cuda = textAt(release, "cuda");
        e.archiveSha256 = textAt(record.value("archive", nlohmann::json()), "sha256");
        e.state = textAt(record, "kind");
        e.time = timeOfTransaction(textAt(record, "transaction"));
        if (!e.toolkit.empty())
            out.push_back(std::move(e));
    }
    std::sort(out.begin(), out.end(), [](const SummaryEntry& a, const SummaryEntry& b) { return a.toolkit < b.toolkit; });
    return out;
}

nlohmann::json summaryJson(const std::vector<SummaryEntry>& entries)
{
    nlohmann::json toolkits = nlohmann::json::array();
    for (const auto& e : entries)
        toolkits.push_back({{"toolkit", e.toolkit}, {"cudnn", e.cudnn}, {"cuda", e.cuda},
                            {"archive_sha256", e.archiveSha256}, {"state", e.state}, {"time", e.time}});
    return {{"format", 1}, {"generated_by", "cudnn-setup"}, {"toolkits", toolkits}};
}

Result<Unit> publishMachineSummary(const std::string& stateDir, FileOps& files)
{
    const std::vector<SummaryEntry> entries = summarizeRecords(stateDir);
    const std::string file = utf8Of(pathOf(stateDir) / kSummaryFileName);
    Result<Unit> written = Unit{};
    if (entries.empty()) {
        std::error_code ec;
        fs::remove(pathOf(file), ec);
        if (ec)
            written = Error{codes::kIoError, "Cannot remove " + file + ": " + ec.message() + ".", "remove"};
    } else {
        written = files.writeFileAtomic(file, summaryJson(entries).dump(1) + "\n");
    }
    auto registry = publishSummaryToRegistry(entries);
    if (!written)
        return written.error();
    return registry;
}

}  // namespace cudnnsetup
