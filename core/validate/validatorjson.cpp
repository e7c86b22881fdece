#include "validate/validator.h"

#include <cmath>

namespace cudnnsetup::validate {

namespace {

nlohmann::json orNull(const std::optional<double>& v)
{
    return v ? nlohmann::json(*v) : nlohmann::json(nullptr);
}

nlohmann::json checkJson(const AlgoCheck& c)
{
    // NaN is not JSON: an error that is not a number is reported as null next to ok=false.
    nlohmann::json rel = nullptr;
    if (c.relError && std::isfinite(*c.relError))
        rel = *c.relError;
    return {{"name", c.name},
            {"shape", c.shape},
            {"algo", c.algo},
            {"algo_id", c.algoId},
            {"math", c.math},
            {"ok", c.ok},
            {"max_rel_error", rel},
            {"tolerance", c.tolerance},
            {"max_abs_error", c.maxAbsError},
            {"checked_elements", c.checked},
            {"full_check", c.fullCheck},
            {"non_finite", c.nonFinite},
            {"time_ms", orNull(c.timeMs)},
            {"gflops", orNull(c.gflops)},
            {"workspace_bytes", c.workspaceBytes},
            {"error", c.error.empty() ? nlohmann::json(nullptr) : nlohmann::json(c.error)}};
}

}  // namespace

nlohmann::json toJson(const ValidationReport& r)
{
    nlohmann::json j;
    j["ok"] = r.ok();
    j["toolkit"] = r.toolkit;
    if (r.device) {
        const auto& d = *r.device;
        j["device"] = {{"index", d.index},
                       {"name", d.name},
                       {"compute_capability", std::to_string(d.ccMajor) + "." + std::to_string(d.ccMinor)},
                       {"memory_bytes", d.memoryBytes},
                       {"multiprocessors", d.multiprocessors}};
    } else {
        j["device"] = nullptr;
    }
    j["driver"] = {{"present", r.driverPresent},
                   {"library_path", r.driverPath.empty() ? nlohmann::json(nullptr) : nlohmann::json(r.driverPath)},
                   {"cuda_version", r.driverCudaVersion ? nlohmann::json(cudaVersionString(r.driverCudaVersion)) : nlohmann::json(nullptr)},
                   {"stub", r.driverIsStub}};
    j["cudnn"] = {{"version", r.cudnnVersion.empty() ? nlohmann::json(nullptr) : nlohmann::json(r.cudnnVersion)},
                  {"version_number", r.cudnnVersionNumber},
                  {"cudart_version", r.cudartVersion ? nlohmann::json(cudaVersionString(static_cast<int>(r.cudartVersion))) : nlohmann::json(nullptr)},
                  {"header_version", r.headerVersion.empty() ? nlohmann::json(nullptr) : nlohmann::json(r.headerVersion)},
                  {"library_path", r.cudnnPath.empty() ? nlohmann::json(nullptr) : nlohmann::json(r.cudnnPath)}};
    j["loaded_files"] = r.loadedFiles;
    j["checks"] = nlohmann::json::array();
    for (const auto& c : r.checks)
        j["checks"].push_back(checkJson(c));
    j["tensor_op_checks"] = nlohmann::json::array();
    for (const auto& c : r.tensorOpChecks)
        j["tensor_op_checks"].push_back(checkJson(c));
    j["seed"] = r.seed;
    j["wall_ms"] = r.wallMs;
    j["problems"] = toJson(r.problems);
    j["warnings"] = toJson(r.warnings);
    return j;
}

}  // namespace cudnnsetup::validate
