#pragma once
// The write-ahead journal: the whole plan (with every operation's undo data) and
// the index of the last operation started, rewritten atomically (temp + fsync +
// rename) before each operation. A journal on disk means an unfinished transaction.

#include "install/fileops.h"
#include "install/plan.h"

#include <optional>
#include <string>
#include <vector>

namespace cudnnsetup {

enum class JournalStatus { Applying, RollingBack, RollbackIncomplete, Committed };
std::string_view toString(JournalStatus s);

struct JournalDoc {
    Plan plan;
    long started = -1;  // last operation index whose perform may have begun
    JournalStatus status = JournalStatus::Applying;
    Problems notRestored;  // RollbackIncomplete: what the last rollback could not undo
};

std::string journalPathIn(const std::string& stateDir);  // <stateDir>/journal.json

// Writes one transaction's journal, again and again: before each operation, so a plan of n
// operations is written n times. Each operation's JSON is kept from the last write and made
// again only when the operation no longer compares equal (a write changes one or two), so a
// write costs the header, the concatenation and the disk, not n objects built and dumped.
// The document is the same JSON either way (one operation per line).
class JournalWriter {
public:
    JournalWriter(FileOps& files, std::string path) : m_files(files), m_path(std::move(path)) {}
    Result<Unit> write(const JournalDoc& doc);
    const std::string& path() const { return m_path; }

private:
    struct Written {
        Operation op;
        std::string json;
    };
    FileOps& m_files;
    std::string m_path;
    std::vector<Written> m_ops;
};

// One write (JournalWriter for a series).
Result<Unit> writeJournal(FileOps& files, const std::string& path, const JournalDoc& doc);
// nullopt when there is none; "journal-corrupt" when it cannot be read back.
Result<std::optional<JournalDoc>> loadJournal(FileOps& files, const std::string& path);

}  // namespace cudnnsetup
