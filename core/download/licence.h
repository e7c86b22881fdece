#pragma once
// NVIDIA's cuDNN licence: shown (its name and link) and accepted before the first download, the
// acceptance recorded with its date in the user's state folder ("license-accepted.json"), so that
// scripts and an audit can see who accepted what and when (issue 26).
#include "common/problem.h"
#include <optional>
#include <string>

namespace cudnnsetup {

inline constexpr char kCudnnLicenceName[] = "NVIDIA Software License Agreement for cuDNN";
inline constexpr char kCudnnLicenceUrl[] = "https://docs.nvidia.com/deeplearning/cudnn/latest/reference/eula.html";

struct LicenceAcceptance {
    std::string date;     // UTC, ISO 8601 ("2026-12-04T10:12:00Z")
    std::string licence;  // its name
    std::string url;
};

std::string licenceRecordPath(const std::string& stateDir);
// The recorded acceptance in `stateDir`, if any (a damaged record counts as none).
std::optional<LicenceAcceptance> recordedLicenceAcceptance(const std::string& stateDir);
// Records the acceptance now (the folder made when missing); the record written, or an io-error.
Result<LicenceAcceptance> recordLicenceAcceptance(const std::string& stateDir);
// The refusal a download gives without an acceptance: code "license-not-accepted", naming the licence.
Error licenceNotAccepted();

}  // namespace cudnnsetup
