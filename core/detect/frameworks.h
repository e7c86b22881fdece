#pragma once
// The frameworks' own published build tables (resources/frameworks/*.tsv, compiled into
// frameworks.json): which CUDA and cuDNN each GPU build of TensorFlow, ONNX Runtime,
// PaddlePaddle and JAX was made for, one row per published row, each with its source URL.

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace cudnnsetup {

struct FrameworkBuild {
    std::string package;      // "tensorflow", "onnxruntime-gpu", "paddlepaddle-gpu", "jax"
    std::string from, to;     // versions covered, inclusive, on as many parts as the bound has; to "*" = open
    std::string os;           // "windows", "linux", "any"
    std::string variant;      // "" plain wheel, "cuda12", "post120", "cu126"
    std::string cuda, cudnn;  // "11.2", "12.x"; cuda "" = no GPU build, cudnn "" = not stated
    bool pypiDefault = false; // what a plain `pip install package==version` gets
    std::string note, source, table;
};

// "2.10.1" within ["2.10", "2.10"], "1.19.2" within ["1.19", "1.22"], "3.1" within ["2.11", "*"].
bool versionInRange(const std::string& version, const std::string& from, const std::string& to);
// The leading number of "12.x" / "8.9.2.26" / "64_112" style texts; nullopt when none.
std::optional<int> leadingNumber(const std::string& text);

class FrameworkTable {
public:
    static const FrameworkTable& builtin();  // parsed once from the embedded frameworks.json
    static FrameworkTable parse(std::string_view json);  // throws nlohmann::json::exception on bad input
    const std::vector<FrameworkBuild>& rows() const { return m_rows; }
    // Rows for that package version on that OS; `variant` "" = whatever pip installs by default.
    std::vector<const FrameworkBuild*> find(const std::string& package, const std::string& version, bool windows,
                                            const std::string& variant) const;
    // The newest version whose default build uses that cuDNN major (and CUDA major, when given):
    // what to `pip install` to fit the cuDNN a machine already has.
    const FrameworkBuild* newestFor(const std::string& package, bool windows, int cudnnMajor,
                                    std::optional<int> cudaMajor) const;

private:
    std::vector<FrameworkBuild> m_rows;
};

}  // namespace cudnnsetup
