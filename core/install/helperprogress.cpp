#include "install/helperprogress.h"

#include "install/fileops.h"

#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>

namespace cudnnsetup {

std::string helperProgressPathIn(const std::string& stateDir)
{
    return stateDir + "/helper-progress.json";
}

std::string helperOutcomePathIn(const std::string& stateDir)
{
    return stateDir + "/helper-outcome.json";
}

void writeHelperOutcome(const std::string& stateDir, const std::string& transaction, const std::string& document)
{
    auto files = makeRealFileOps();
    (void)files->writeFileAtomic(helperOutcomePathIn(stateDir),
                                 nlohmann::json{{"transaction", transaction}, {"document", document}}.dump());
}

std::optional<std::string> readHelperOutcome(const std::string& stateDir, const std::string& transaction)
{
    std::ifstream in(std::filesystem::u8path(helperOutcomePathIn(stateDir)), std::ios::binary);
    if (!in)
        return std::nullopt;
    try {
        const nlohmann::json j = nlohmann::json::parse(in);
        if (j.value("transaction", std::string()) != transaction)
            return std::nullopt;
        return j.at("document").get<std::string>();
    } catch (const nlohmann::json::exception&) {
        return std::nullopt;
    }
}

std::optional<HelperProgress> readHelperProgress(const std::string& stateDir, const std::string& transaction)
{
    std::ifstream in(std::filesystem::u8path(helperProgressPathIn(stateDir)), std::ios::binary);
    if (!in)
        return std::nullopt;
    std::ostringstream text;
    text << in.rdbuf();
    const nlohmann::json doc = nlohmann::json::parse(text.str(), nullptr, false);
    if (!doc.is_object() || doc.value("transaction", std::string()) != transaction)
        return std::nullopt;
    HelperProgress p;
    p.transaction = transaction;
    p.done = doc.value("done", std::uint64_t(0));
    p.total = doc.value("total", std::uint64_t(0));
    p.stage = doc.value("stage", std::string());
    p.item = doc.value("item", std::string());
    return p;
}

HelperProgressWriter::HelperProgressWriter(std::string stateDir, std::string transaction,
                                           std::chrono::milliseconds interval)
    : m_path(helperProgressPathIn(stateDir)), m_interval(interval)
{
    m_state.transaction = std::move(transaction);
    write(true);
}

HelperProgressWriter::~HelperProgressWriter()
{
    std::error_code ec;
    const auto target = std::filesystem::u8path(m_path);
    auto temp = target;
    temp += ".tmp";
    std::filesystem::remove(temp, ec);
    std::filesystem::remove(target, ec);
}

void HelperProgressWriter::onProgress(std::uint64_t done, std::uint64_t total)
{
    std::lock_guard lock(m_mutex);
    m_state.done = done;
    m_state.total = total;
    write(done == total);
}

void HelperProgressWriter::onStage(const std::string& stage)
{
    std::lock_guard lock(m_mutex);
    m_state.stage = stage;
    write(true);
}

void HelperProgressWriter::onItem(const std::string& item)
{
    std::lock_guard lock(m_mutex);
    m_state.item = item;
    write(false);
}

void HelperProgressWriter::write(bool force)
{
    const auto now = std::chrono::steady_clock::now();
    if (!force && now - m_lastWrite < m_interval)
        return;
    m_lastWrite = now;
    const nlohmann::json doc{{"transaction", m_state.transaction}, {"done", m_state.done}, {"total", m_state.total},
                             {"stage", m_state.stage}, {"item", m_state.item}};
    const auto target = std::filesystem::u8path(m_path);
    auto temp = target;
    temp += ".tmp";
    {
        std::ofstream out(temp, std::ios::binary | std::ios::trunc);
        out << doc.dump();
        if (!out)
            return;
    }
    // Windows refuses to replace a file the reader has open at this instant: skip this update.
    std::error_code ec;
    std::filesystem::rename(temp, target, ec);
}

HelperProgressReader::HelperProgressReader(std::string stateDir, std::string transaction, ProgressSink* sink)
    : m_stateDir(std::move(stateDir)), m_transaction(std::move(transaction)), m_sink(sink)
{
}

void HelperProgressReader::poll()
{
    if (!m_sink)
        return;
    const auto now = readHelperProgress(m_stateDir, m_transaction);
    if (!now)
        return;
    if (now->stage != m_last.stage && !now->stage.empty())
        m_sink->onStage(now->stage);
    if (now->item != m_last.item && !now->item.empty())
        m_sink->onItem(now->item);
    if (now->done != m_last.done || now->total != m_last.total)
        m_sink->onProgress(now->done, now->total);
    m_last = *now;
}

}  // namespace cudnnsetup
