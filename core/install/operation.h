#pragma once
// One step of a transaction, as data: what it does and what its undo needs. The
// engine performs and undoes them; the journal stores them; `--dry-run` prints them.

#include "install/pathedit.h"
#include "platform/systempath.h"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace cudnnsetup {

enum class OpKind {
    CreateDirectory,  // path; undo: remove it if empty (work dirs: with their contents)
    StageFiles,       // inflate the archive into the staging folder; undo: nothing (the work dir goes)
    PlaceFile,        // source -> path, what was at path -> backup; undo: the reverse
    RemoveFile,       // path -> backup; undo: backup -> path
    RemoveDirectory,  // path (empty); undo: create it again
    PathChange,       // system PATH / ld.so.conf entry before -> after; undo only if still as left
    WriteRecord,      // install record: previous content -> new content (null: none)
    // Symbolic links, first-class (Linux toolkits):
    PlaceLink,        // what was at path -> backup, then path -> linkTarget; undo: the reverse
    RemoveLink,       // the link at path (pointing to linkTarget) goes, source (a backup) comes back; undo: the reverse
};
std::string_view toString(OpKind k);
std::optional<OpKind> opKindFromString(std::string_view s);

struct Operation {
    OpKind kind = OpKind::CreateDirectory;
    std::string path;               // absolute target
    // PlaceFile
    std::string source;             // staged file (or a backup being restored by uninstall)
    std::string entry;              // archive entry it comes from (empty for a restore)
    std::uint64_t size = 0;
    std::uint32_t crc32 = 0;
    std::string sha256;             // expected when known (restores, repair); else filled by staging
    // PlaceFile / RemoveFile: where what was at `path` goes; empty when nothing was there
    std::string backup;
    // CreateDirectory: a folder of the transaction itself (staging, backups)
    bool workDir = false;
    // CreateDirectory: this transaction made the folder (journaled once it did). A folder that
    // appeared between planning and the step is never taken for ours: its undo leaves it.
    bool changed = false;
    // PathChange
    PathMechanism mechanism = PathMechanism::WindowsPath;
    std::string location;           // registry value or ld.so.conf.d file, for messages
    std::optional<std::string> before;  // nullopt: absent (an ld.so.conf.d file)
    std::optional<std::string> after;
    PathEdit edit;                  // WindowsPath: what addToolkitBins did
    // PlaceLink / RemoveLink: the link's target as it is written (a name in the same folder)
    std::string linkTarget;
    // WriteRecord
    std::optional<nlohmann::json> previousRecord;
    std::optional<nlohmann::json> record;  // null: delete the record

    std::string describe() const;   // one line for the plan printout and actions[]
    // Every field (the journal writer reuses an operation's JSON while it compares equal).
    bool operator==(const Operation&) const = default;
};

nlohmann::json toJson(const Operation& op);
Operation operationFromJson(const nlohmann::json& j);  // throws nlohmann::json::exception on bad input

nlohmann::json toJson(const PathEdit& e);
PathEdit pathEditFromJson(const nlohmann::json& j);

}  // namespace cudnnsetup
