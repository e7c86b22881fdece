#pragma once
// Progress across the elevation boundary. An elevated helper started through UAC ("runas")
// inherits no handle from the wizard, so it cannot stream progress on a pipe; pkexec's
// stderr is the terminal's. Instead the helper keeps a small document in its own state
// folder (administrators write it, everybody reads it; never a path the unelevated side
// chose), and the waiting side reads it a few times a second and forwards it to its sink.
//
//   <state>/helper-progress.json  {"transaction", "done", "total", "stage", "item"}
//
// Best effort by design: a missed update costs nothing, so nothing here is fsynced and a
// failed write is skipped, never reported.

#include "common/progress.h"

#include <chrono>
#include <cstdint>
#include <mutex>
#include <optional>
#include <string>

namespace cudnnsetup {

std::string helperProgressPathIn(const std::string& stateDir);

struct HelperProgress {
    std::string transaction;
    std::uint64_t done = 0, total = 0;
    std::string stage, item;
};

// nullopt when there is none, it cannot be read, or it is another transaction's.
std::optional<HelperProgress> readHelperProgress(const std::string& stateDir, const std::string& transaction);

// The helper's side: written atomically (temp + rename) at most every `interval`, and on
// each new stage; the file is removed when the writer goes.
class HelperProgressWriter final : public ProgressSink {
public:
    HelperProgressWriter(std::string stateDir, std::string transaction,
                         std::chrono::milliseconds interval = std::chrono::milliseconds(100));
    ~HelperProgressWriter() override;
    HelperProgressWriter(const HelperProgressWriter&) = delete;
    HelperProgressWriter& operator=(const HelperProgressWriter&) = delete;

    void onProgress(std::uint64_t done, std::uint64_t total) override;
    void onStage(const std::string& stage) override;
    void onItem(const std::string& item) override;

private:
    void write(bool force);

    std::string m_path;
    std::mutex m_mutex;
    HelperProgress m_state;
    std::chrono::milliseconds m_interval;
    std::chrono::steady_clock::time_point m_lastWrite{};
};

// The helper's outcome (its JSON document) for a caller that has no pipe to it (Windows
// "runas"): <state>/helper-outcome.json {"transaction", "document"}, written atomically by the
// helper, read by the caller once the helper has ended. nullopt when absent or another
// transaction's.
std::string helperOutcomePathIn(const std::string& stateDir);
void writeHelperOutcome(const std::string& stateDir, const std::string& transaction, const std::string& document);
std::optional<std::string> readHelperOutcome(const std::string& stateDir, const std::string& transaction);

// The waiting side: forwards what changed since the last call to `sink`.
class HelperProgressReader {
public:
    HelperProgressReader(std::string stateDir, std::string transaction, ProgressSink* sink);
    void poll();

private:
    std::string m_stateDir, m_transaction;
    ProgressSink* m_sink;
    HelperProgress m_last;
};

}  // namespace cudnnsetup
