#pragma once
// What cudnn-setup installed where, published for the detection rules of deployment tools, which
// read a registry value or a file and run nothing (Intune, MECM, Ansible; docs/apply.md): after
// each install, repair and uninstall by the machine's side (the elevated helper, or an
// administrator's own run), never by a user's own install.
//   Windows: HKLM\SOFTWARE\cudnn-setup\Toolkits\<16 hex of the toolkit's record> with the values
//            Toolkit, CudnnVersion, CudaVersion, ArchiveSha256, State, Time (REG_SZ);
//   every platform: summary.json in the state folder (root's /var/lib/cudnn-setup,
//            %ProgramData%\cudnn-setup), written whole to a temporary file and renamed over.
// The records in the state folder are the source: the summary is made again from all of them each
// time, so an uninstall drops its toolkit, and the last one removes the file and the keys.

#include "common/problem.h"

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace cudnnsetup {

class FileOps;

struct SummaryEntry {
    std::string id;             // the record's file name without .json (16 hex digits)
    std::string toolkit;
    std::string cudnn, cuda;    // the installed release
    std::string archiveSha256;
    std::string state;          // the record's kind: "install", "repair"
    std::string time;           // when, from the transaction id: "2026-12-04T11:01:01Z"
};

inline constexpr char kSummaryFileName[] = "summary.json";
inline constexpr char kSummaryRegistryKey[] = "SOFTWARE\\cudnn-setup\\Toolkits";

// Every readable record of the state folder (a damaged one is left out), by toolkit.
std::vector<SummaryEntry> summarizeRecords(const std::string& stateDir);
// {"format": 1, "toolkits": [{"toolkit", "cudnn", "cuda", "archive_sha256", "state", "time"}]}
nlohmann::json summaryJson(const std::vector<SummaryEntry>& entries);

// Writes the summary file (removes it when nothing is recorded) and, on Windows, the registry
// keys. A failure is returned for a warning: the install itself stands.
Result<Unit> publishMachineSummary(const std::string& stateDir, FileOps& files);

// The registry half (machinesummary_win.cpp; elsewhere nothing to do).
Result<Unit> publishSummaryToRegistry(const std::vector<SummaryEntry>& entries);

}  // namespace cudnnsetup
