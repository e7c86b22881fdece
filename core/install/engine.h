#pragma once
// Applies a plan as one transaction: journal first, then each operation; on a
// failure or a cancel every started operation is undone in reverse, carrying on
// past an undo that fails. `recover` does the same from a journal left on disk.

#include "common/progress.h"
#include "install/fileops.h"
#include "install/journal.h"
#include "install/plan.h"
#include "platform/openedfile.h"
#include "platform/systempath.h"

#include <nlohmann/json.hpp>

#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace cudnnsetup {

struct StageOutcome {
    std::string archiveSha256;                  // of the file the entries were read from
    std::map<std::string, std::string> sha256;  // staged path -> SHA-256 of its bytes
};

// Fills the staging folder: every PlaceFile whose `entry` is set gets its bytes at
// `source`, checked against the entry's size and CRC-32.
class StagingSource {
public:
    virtual ~StagingSource() = default;
    virtual Result<StageOutcome> stage(const Plan& plan, FileOps& files, const CancelToken* cancel,
                                       ProgressSink* progress) = 0;
};
// Reads the archive once with ArchiveScanner: hashed from the same reads it inflates. `archive`:
// the plan's archive already open (the install flow's one handle, platform/openedfile.h), read
// through it; null: plan.archive->path is opened when staging starts (tests).
std::unique_ptr<StagingSource> makeArchiveStagingSource(unsigned threads = 0,
                                                        std::shared_ptr<const OpenedFile> archive = nullptr);

struct EngineHooks {
    // Called after the journal names operation `index` and before it runs.
    std::function<void(std::size_t index, const Operation& op)> beforeOperation;
    // Called after operation `index` has run, before the journal names the next one.
    std::function<void(std::size_t index, const Operation& op)> afterOperation;
    // Called after the journal says "committed", before the clean-up of work folders.
    std::function<void()> afterCommitMark;
    // installflow's one-pass install: called as verification hands entry number `entry`
    // (from 0) to the staging that runs beside it, before the engine starts.
    std::function<void(std::size_t entry)> whilePrestaging;
};

struct Outcome {
    bool ok = false;            // committed
    bool rolledBack = false;    // started and rolled back (fully or not)
    nlohmann::json actions = nlohmann::json::array();  // {op, path, description, status}
    Problems problems;          // why it failed
    Problems notRestored;       // what the rollback could not undo (exit 5)
    Problems warnings;
    std::vector<std::string> notes;
    std::optional<nlohmann::json> record;  // as written
    ExitCode exitCode() const;
};

class Engine {
public:
    Engine(FileOps& files, SystemPath* path, StagingSource* source) : m_files(files), m_path(path), m_source(source) {}
    void setHooks(EngineHooks hooks) { m_hooks = std::move(hooks); }

    // alreadyDone: the first operations were performed by the caller under a journal it wrote
    // itself with the same plan prefix (the one-pass install's work folders); they count as
    // done and are undone with the rest on a rollback.
    Outcome apply(Plan plan, const CancelToken* cancel = nullptr, ProgressSink* progress = nullptr,
                  std::size_t alreadyDone = 0);
    // Rolls back (or finishes committing) the journal in stateDir. toolkit: only if it is that one.
    Outcome recover(const std::string& stateDir, const std::optional<std::string>& toolkit = std::nullopt);

private:
    std::optional<Error> perform(Plan& plan, std::size_t index, const CancelToken* cancel, ProgressSink* progress);
    // inProgress: op is the journal's `started` one, which may have been cut off mid-way.
    std::optional<Error> undo(const Plan& plan, const Operation& op, bool keepWork, bool inProgress);
    void rollBack(JournalDoc& doc, JournalWriter& journal, Outcome& out);
    void cleanupAfterCommit(const Plan& plan);
    void pruneIfEmpty(const std::string& dir);

    FileOps& m_files;
    SystemPath* m_path;
    StagingSource* m_source;
    EngineHooks m_hooks;
};

}  // namespace cudnnsetup
