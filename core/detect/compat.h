#pragma once
// The compatibility rules of resources/compat.json: which CUDA versions each cuDNN release
// was built for, the minimum driver of each CUDA version, and the finding texts.

#include "releases/releases.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace cudnnsetup {

// Driver numbers such as "465.89" or "580.65.06", compared part by part.
int compareDriverVersions(const std::string& a, const std::string& b);
// "11.8", "11.8.20220929", "13.0.88" -> major/minor/patch; a date-like part (6+ digits) is dropped.
std::optional<Version> parseCudaVersion(const std::string& text);

struct CudnnBuild {
    int cudaMajor = 0;
    std::string cudaMin, cudaMax;  // "11.0", "11.8"
};

struct FindingText {
    std::string severity;  // "problem" or "warning"
    std::string message;   // template with {placeholders}
    std::string fix;
};

class CompatRules {
public:
    static const CompatRules& builtin();  // parsed once from the embedded compat.json
    // Builds of that cuDNN release; empty when the release is not in the table (no verdict then).
    std::vector<CudnnBuild> buildsFor(const Version& cudnn) const;
    // Minimum driver for CUDA major.minor on that OS; nullopt where the table has no value.
    std::optional<std::string> minDriver(const Version& cuda, bool windows) const;
    // The minor-version-compatibility floor of a CUDA major.
    std::optional<std::string> minorFloor(int cudaMajor, bool windows) const;
    bool needsZlibwapi(const Version& cudnn) const;
    int binX64FromCudaMajor() const { return m_binX64Major; }
    const std::map<std::string, FindingText>& findings() const { return m_findings; }
    // A Problem-ready sentence: message and fix with the placeholders filled in.
    std::string text(const std::string& code, const std::map<std::string, std::string>& vars) const;
    std::string severity(const std::string& code) const;

private:
    struct BuildRow { Version from, to; std::vector<CudnnBuild> builds; };
    struct DriverRow { Version cuda; std::optional<std::string> onLinux, onWindows; };
    struct FloorRow { int major; std::optional<std::string> onLinux, onWindows; };
    std::vector<BuildRow> m_builds;
    std::vector<DriverRow> m_drivers;
    std::vector<FloorRow> m_floors;
    Version m_zlibFrom, m_zlibBefore;
    int m_binX64Major = 13;
    std::map<std::string, FindingText> m_findings;
};

}  // namespace cudnnsetup
