#pragma once
// The write-ahead journal: the whole plan (with every operation's undo data) and
// the index of the last operation started, rewritten atomically (temp + fsync +
// rename) before each operation. A journal on disk means an unfinished transaction.

#include "install/fileops.h"
#include "install/plan.h"

#include <optional>
#include <string>

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

Result<Unit> writeJournal(FileOps& files, const std::string& path, const JournalDoc& doc);
// nullopt when there is none; "journal-corrupt" when it cannot be read back.
Result<std::optional<JournalDoc>> loadJournal(FileOps& files, const std::string& path);

}  // namespace cudnnsetup
