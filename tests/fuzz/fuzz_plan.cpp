// A plan as JSON (install/plan.h planFromJson): what a journal holds, read back by `recover`
// and by the elevated helper from its state folder. planFromJson either throws a json
// exception or gives a plan that checkPlanInvariants (install/trust.h, the helper's checks)
// then judges; nothing else may escape: no other exception, no crash.
#include "install/plan.h"
#include "install/trust.h"

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
    (void)cudnnsetup::checkPlanInvariants(plan, "/var/lib/cudnn-setup", "PATH");
    // What was read writes back out (the journal stores the plan this way).
    (void)cudnnsetup::toJson(plan).dump();
    return 0;
}
