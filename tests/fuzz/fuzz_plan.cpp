// The plan the elevated helper reads (cudnn-setup elevated-apply PLAN): written by the
// unelevated side, so by anyone. planFromJson either throws a json exception (the helper
// answers "unsafe-plan") or gives a plan that checkPlanForHelper then judges; nothing else
// may escape: no other exception, no crash.
#include "cli/installsupport.h"
#include "install/plan.h"

#include <nlohmann/json.hpp>

#include <cstdlib>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    nlohmann::json j = nlohmann::json::parse(data, data + size, nullptr, false);
    if (j.is_discarded())
        return 0;
    cudnnsetup::Plan plan;
    try {
        plan = cudnnsetup::planFromJson(j);
    } catch (const nlohmann::json::exception&) {
        return 0;
    }
    // No PATH service: the helper's checks of targets, names and the record path.
    const cudnnsetup::PathService path;
    (void)cudnnsetup::cli::checkPlanForHelper(plan, "/var/lib/cudnn-setup", path);
    // What was read writes back out (the journal stores the plan this way).
    (void)cudnnsetup::toJson(plan).dump();
    return 0;
}
